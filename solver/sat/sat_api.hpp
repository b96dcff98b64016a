// The boundary between SatSession (sat_session.cpp) and CryptoMiniSat (sat_cms.cpp).
//
// Why a boundary: Debian ships CryptoMiniSat only as a shared library, and it needs the shared
// libstdc++. Loading and binding the two at every start cost ~1 ms of the ~5 ms in which the
// program solves a level pack of 150 small puzzles, none of which reaches SAT (the scan search
// and the wall follower answer them; docs/performance.md). So the program is linked with a
// static libstdc++ and without CryptoMiniSat, and finds this table in a module of its own,
// numberlink-sat.so, loaded with dlopen the first time a SAT session starts
// (app/sat_loader.cpp). The library (libnumberlink.a: the tests, the Python module, users'
// programs) links CryptoMiniSat directly and takes the table from it (sat_linked.cpp).
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
    kNlSatOutOfMemory = 1,  // an allocation failed, or more variables than CryptoMiniSat takes
    kNlSatFailed = 2,       // anything else CryptoMiniSat threw; last_error() says what
};

// What solve() answers (the DIMACS solvers' exit codes).
enum NlSatAnswer : int {
    kNlSatUnknown = 0,  // stopped: `stop` was raised, or the conflict limit passed
    kNlSatSatisfiable = 10,
    kNlSatUnsatisfiable = 20,
};

// One CryptoMiniSat solver per handle (`void*`). A handle is used by one thread at a time, but
// for `stop`, which any thread may raise while solve() runs.
struct NlSatApi {
    // A solver that polls `stop` (which must outlive it), searching with `threads` threads;
    // null when memory ran out.
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
    std::uint64_t (*propagations)(void* solver);     // over every call so far
    const char* (*last_error)(void* solver);         // after kNlSatFailed
};

// The module's one exported symbol (also defined in libnumberlink.a, for sat_linked.cpp).
const NlSatApi* numberlink_sat_api_v1();
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

inline constexpr const char* kSatModuleName = "numberlink-sat.so";
inline constexpr const char* kSatApiSymbol = "numberlink_sat_api_v1";

// The table SatSession uses. Two definitions, one per kind of program: sat_linked.cpp in the
// library (CryptoMiniSat linked), app/sat_loader.cpp in the command line (the module, loaded
// once; throws app::ModuleMissing when it is not installed). The command line's own
// definition keeps the linker from pulling sat_linked.o, and so CryptoMiniSat, from the
// library archive.
const NlSatApi& sat_api();

}  // namespace nl
