// CryptoMiniSat behind the C table of sat_api.hpp. Compiled twice: into libnumberlink.a (taken
// directly by sat_linked.cpp) and into the module numberlink-sat.so (loaded by the command
// line), where the entry point is the one exported symbol.
#include <cryptominisat5/cryptominisat.h>

#include <cstdlib>
#include <exception>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

#include "solver/sat/sat_api.hpp"
#include "solver/sat/sat_guard.hpp"

namespace {

struct Solver {
    Solver(int threads, std::atomic<bool>* stop) : cms(nullptr, stop) {
        if (threads > 1) cms.set_num_threads(static_cast<unsigned>(threads));
        // CCNR local search does not poll the stop flag (sat_session.cpp says more).
        cms.set_sls(0);
    }
    CMSat::SATSolver cms;
    std::vector<CMSat::Lit> buffer;
    std::vector<int> conflict;
    std::string error;
};

Solver& of(void* solver) { return *static_cast<Solver*>(solver); }

CMSat::Lit to_lit(int dimacs) { return CMSat::Lit(static_cast<uint32_t>(std::abs(dimacs) - 1), dimacs < 0); }

// Runs `body` on the solver, turning whatever it throws into a status (more variables than
// CryptoMiniSat takes count as memory).
template <class F>
int guarded(void* solver, F&& body) {
    return nl::sat_module::guarded(of(solver).error, [&] {
        try {
            body(of(solver));
        } catch (const CMSat::TooManyVarsError&) {
            throw std::bad_alloc();
        }
    });
}

void* create(int threads, std::atomic<bool>* stop) {
    try {
        return new Solver(threads, stop);
    } catch (...) {
        return nullptr;
    }
}

void destroy(void* solver) { delete static_cast<Solver*>(solver); }

int new_vars(void* solver, std::size_t count) {
    return guarded(solver, [&](Solver& s) { s.cms.new_vars(count); });
}

int add_clause(void* solver, const int* literals, std::size_t size) {
    return guarded(solver, [&](Solver& s) {
        s.buffer.clear();
        for (std::size_t i = 0; i < size; ++i) s.buffer.push_back(to_lit(literals[i]));
        s.cms.add_clause(s.buffer);
    });
}

int solve(void* solver, const int* assumptions, std::size_t size, std::uint64_t max_conflicts, int* answer) {
    *answer = kNlSatUnknown;
    return guarded(solver, [&](Solver& s) {
        std::vector<CMSat::Lit> assume;
        assume.reserve(size);
        for (std::size_t i = 0; i < size; ++i) assume.push_back(to_lit(assumptions[i]));
        // The limit counts from the start of the call and stays set for later calls, so every
        // call sets it (a huge number, not the maximum, in case the library adds it to its
        // running total).
        constexpr std::uint64_t kNoConflictLimit = std::uint64_t{1} << 50;
        s.cms.set_max_confl(max_conflicts ? max_conflicts : kNoConflictLimit);
        const CMSat::lbool r = s.cms.solve(&assume);
        *answer = r == CMSat::l_True ? kNlSatSatisfiable : r == CMSat::l_False ? kNlSatUnsatisfiable : kNlSatUnknown;
    });
}

int value(void* solver, int var) {
    const auto& model = of(solver).cms.get_model();
    return static_cast<std::size_t>(var - 1) < model.size() && model[var - 1] == CMSat::l_True;
}

int conflict(void* solver, const int** literals, std::size_t* size) {
    *literals = nullptr;
    *size = 0;
    return guarded(solver, [&](Solver& s) {
        s.conflict.clear();
        for (const CMSat::Lit lit : s.cms.get_conflict()) {
            const int var = static_cast<int>(lit.var()) + 1;
            s.conflict.push_back(lit.sign() ? -var : var);
        }
        *literals = s.conflict.data();
        *size = s.conflict.size();
    });
}

std::uint64_t last_conflicts(void* solver) { return of(solver).cms.get_last_conflicts(); }
std::uint64_t work(void* solver) { return of(solver).cms.get_sum_propagations(); }
const char* last_error(void* solver) { return of(solver).error.c_str(); }

constexpr NlSatApi kApi{create, destroy, new_vars, add_clause, solve, value, conflict, last_conflicts, work, last_error};

}  // namespace

extern "C" __attribute__((visibility("default"))) const NlSatApi* numberlink_cms_api_v2() { return &kApi; }

// The definition has the type the program casts the looked-up symbol to.
static_assert(std::is_same_v<decltype(&numberlink_cms_api_v2), NlSatApiEntry>);
