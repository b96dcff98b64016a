// The boundary between SatSession (sat_session.cpp) and the SAT solvers behind it: CryptoMiniSat
// (sat_cms.cpp) and CaDiCaL (sat_cadical.cpp), one C table each.
//
// Why a boundary: Debian ships CryptoMiniSat only as a shared library, and it needs the shared
// libstdc++. Loading and binding the two at every start cost ~1 ms of the ~5 ms in which the
// program solves a level pack of 150 small puzzles, none of which reaches SAT (the scan search
// and the wall follower answer them; docs/performance.md). So the program is linked with a
// static libstdc++ and without CryptoMiniSat, and finds this table in a module of its own,
// numberlink-sat.so, loaded with dlopen the first time a SAT session starts
// (app/sat_loader.cpp). CaDiCaL (Debian ships only a static library) is in a module of its own,
// numberlink-cadical.so, for the same reason: its code and the shared libstdc++ it is built
// against cost nothing to a program that does not use it. The library (libnumberlink.a: the
// tests, the Python module, users' programs) links both solvers directly and takes the tables
// from them (sat_linked.cpp).
//
// The program and the module then each have their own C++ runtime, so only C types cross:
// DIMACS literals as ints, status codes, and the interrupt flag (a std::atomic<bool>, one byte
// that both runtimes read and write the same way). No exception, allocation or library object
// crosses; the module catches everything and answers with a status. The version in the entry
// point's name changes whenever this table does, so that a stale module is refused by name.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

extern "C" {

enum NlSatStatus : int {
    kNlSatOk = 0,
    kNlSatOutOfMemory = 1,  // an allocation failed, or more variables than the solver takes
    kNlSatFailed = 2,       // anything else the solver threw; last_error() says what
};

// What solve() answers (the DIMACS solvers' exit codes).
enum NlSatAnswer : int {
    kNlSatUnknown = 0,  // stopped: `stop` was raised, or the conflict limit passed
    kNlSatSatisfiable = 10,
    kNlSatUnsatisfiable = 20,
};

// One solver per handle (`void*`). A handle is used by one thread at a time, but
// for `stop`, which any thread may raise while solve() runs.
struct NlSatApi {
    // A solver that polls `stop` (which must outlive it), searching with `threads` threads (a
    // solver with one search thread ignores more); null when memory ran out.
    void* (*create)(int threads, std::atomic<bool>* stop);
    void (*destroy)(void* solver);
    int (*new_vars)(void* solver, std::size_t count);
    int (*add_clause)(void* solver, const int* literals, std::size_t size);
    // Solves under the assumptions within `max_conflicts` conflicts (0: no limit); *answer
    // becomes an NlSatAnswer.
    int (*solve)(void* solver, const int* assumptions, std::size_t size, std::uint64_t max_conflicts, int* answer);
    // In the last model: 1 when `var` (1-based) is true, else 0.
    int (*value)(void* solver, int var);
    // After an unsatisfiable answer: the failed assumptions' negations, as DIMACS literals,
    // valid until the next call with this handle.
    int (*conflict)(void* solver, const int** literals, std::size_t* size);
    std::uint64_t (*last_conflicts)(void* solver);  // of the last solve call
    // The work done over every call so far, a deterministic stand-in for time: propagations
    // where the solver counts them (CryptoMiniSat), else conflicts (CaDiCaL's API offers no
    // statistics). Only compared between sessions of the same solver.
    std::uint64_t (*work)(void* solver);
    const char* (*last_error)(void* solver);         // after kNlSatFailed
};

// Each module's one exported symbol (both also defined in libnumberlink.a, for sat_linked.cpp).
const NlSatApi* numberlink_cms_api_v2();
const NlSatApi* numberlink_cadical_api_v2();
using NlSatApiEntry = const NlSatApi* (*)();
}

namespace nl {

// The most search threads a solver runs (the command line refuses more, SatSession brings a
// larger number down to it). CryptoMiniSat gives its thread k the configuration k mod 23; in the
// library Debian ships (5.11.4) four of them, threads 8, 12, 20 and 22, name a branching
// strategy ("maple1", "maple2") its parser does not know, so that thread fails an assertion
// (searcher.cpp, "!select.empty()") and aborts the process on its first search. Threads 0-7
// are sound. (CryptoMiniSat 5.11.5 renamed those strategies.)
inline constexpr int kMaxSatThreads = 8;

// The SAT solvers a session can run on.
enum class SatBackend { CryptoMiniSat, CaDiCaL };

// "cms", "cadical": the names the options use; and the solver's own name, for messages.
const char* backend_word(SatBackend backend);
const char* backend_title(SatBackend backend);

// Where each table comes from: the module's file and its entry point.
struct SatModule {
    const char* file;
    const char* symbol;
};
inline constexpr SatModule kCmsModule{"numberlink-sat.so", "numberlink_cms_api_v2"};
inline constexpr SatModule kCadicalModule{"numberlink-cadical.so", "numberlink_cadical_api_v2"};

// The table SatSession uses for `backend`. Two definitions, one per kind of program:
// sat_linked.cpp in the library (both solvers linked), app/sat_loader.cpp in the command line
// (the module, loaded once; throws frontend::ModuleMissing when it is not installed). The
// command line's own definition keeps the linker from pulling sat_linked.o, and so the solvers,
// from the library archive.
const NlSatApi& sat_api(SatBackend backend);

}  // namespace nl
