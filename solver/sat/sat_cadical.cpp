// CaDiCaL behind the C table of sat_api.hpp. Compiled twice, like sat_cms.cpp: into
// libnumberlink.a (taken directly by sat_linked.cpp) and into the module numberlink-cadical.so
// (loaded by the command line), where the entry point is the one exported symbol.
//
// CaDiCaL's API checks its contract and aborts the process when it is broken: a value read
// when the solver is not in its satisfied state, a failed assumption read when it is not in its
// unsatisfied one. SatSession may read the model after adding clauses to the session (a cut, a
// blocking clause), so the model and the failed assumptions are copied out as soon as solve()
// answers, and read from the copies.
#include <cadical.hpp>

#include <algorithm>
#include <atomic>
#include <climits>
#include <exception>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

#include "solver/sat/sat_api.hpp"
#include "solver/sat/sat_guard.hpp"

namespace {

// Stops the search when the session's flag is raised: CaDiCaL asks between its steps.
struct StopFlag : CaDiCaL::Terminator {
    explicit StopFlag(std::atomic<bool>* flag) : flag(flag) {}
    bool terminate() override { return flag->load(std::memory_order_relaxed); }
    std::atomic<bool>* flag;
};

// Counts conflicts: CaDiCaL's API has no statistics, but offers every learnt clause to a
// connected learner, one per conflict. Declining each (false) keeps the cost to one call.
struct ConflictCounter : CaDiCaL::Learner {
    bool learning(int) override {
        ++conflicts;
        return false;
    }
    void learn(int) override {}
    std::uint64_t conflicts = 0;
};

struct Solver {
    explicit Solver(std::atomic<bool>* stop) : stop_flag(stop) {
        // Its messages go to standard output ("c found falsified original clause" when a
        // blocking clause is already false): ours is the puzzle's answer.
        solver.set("quiet", 1);
        solver.connect_terminator(&stop_flag);
        solver.connect_learner(&counter);
    }
    ~Solver() {
        solver.disconnect_terminator();
        solver.disconnect_learner();
    }
    CaDiCaL::Solver solver;
    StopFlag stop_flag;
    ConflictCounter counter;
    int vars = 0;
    std::vector<char> model;     // after a satisfiable answer: per variable (1-based), true
    std::vector<int> conflict;   // after an unsatisfiable one: the failed assumptions, negated
    std::uint64_t last_conflicts = 0;
    std::string error;
};

Solver& of(void* solver) { return *static_cast<Solver*>(solver); }

// Runs `body` on the solver, turning whatever it throws into a status.
template <class F>
int guarded(void* solver, F&& body) {
    return nl::sat_module::guarded(of(solver).error, [&] { body(of(solver)); });
}

void* create(int /*threads: CaDiCaL searches with one*/, std::atomic<bool>* stop) {
    try {
        return new Solver(stop);
    } catch (...) {
        return nullptr;
    }
}

void destroy(void* solver) { delete static_cast<Solver*>(solver); }

int new_vars(void* solver, std::size_t count) {
    return guarded(solver, [&](Solver& s) {
        if (count > static_cast<std::size_t>(INT_MAX - s.vars)) throw std::bad_alloc();
        s.vars += static_cast<int>(count);
        s.solver.reserve(s.vars);
    });
}

int add_clause(void* solver, const int* literals, std::size_t size) {
    return guarded(solver, [&](Solver& s) {
        for (std::size_t i = 0; i < size; ++i) s.solver.add(literals[i]);
        s.solver.add(0);
    });
}

int solve(void* solver, const int* assumptions, std::size_t size, std::uint64_t max_conflicts, int* answer) {
    *answer = kNlSatUnknown;
    return guarded(solver, [&](Solver& s) {
        s.model.clear();
        s.conflict.clear();
        for (std::size_t i = 0; i < size; ++i) s.solver.assume(assumptions[i]);
        // The limit holds for this call only (CaDiCaL resets it when solve returns).
        if (max_conflicts) s.solver.limit("conflicts", static_cast<int>(std::min<std::uint64_t>(max_conflicts, INT_MAX)));
        const std::uint64_t before = s.counter.conflicts;
        const int result = s.solver.solve();
        s.last_conflicts = s.counter.conflicts - before;
        if (result == 10) {
            *answer = kNlSatSatisfiable;
            s.model.assign(static_cast<std::size_t>(s.vars) + 1, 0);
            const int known = std::min(s.vars, s.solver.vars());
            for (int v = 1; v <= known; ++v) s.model[v] = s.solver.val(v) > 0;
        } else if (result == 20) {
            *answer = kNlSatUnsatisfiable;
            for (std::size_t i = 0; i < size; ++i)
                if (s.solver.failed(assumptions[i])) s.conflict.push_back(-assumptions[i]);
        }
    });
}

int value(void* solver, int var) {
    const auto& model = of(solver).model;
    return var > 0 && static_cast<std::size_t>(var) < model.size() && model[var];
}

int conflict(void* solver, const int** literals, std::size_t* size) {
    Solver& s = of(solver);
    *literals = s.conflict.data();
    *size = s.conflict.size();
    return kNlSatOk;
}

std::uint64_t last_conflicts(void* solver) { return of(solver).last_conflicts; }
std::uint64_t work(void* solver) { return of(solver).counter.conflicts; }
const char* last_error(void* solver) { return of(solver).error.c_str(); }

constexpr NlSatApi kApi{create, destroy, new_vars, add_clause, solve, value, conflict, last_conflicts, work, last_error};

}  // namespace

extern "C" __attribute__((visibility("default"))) const NlSatApi* numberlink_cadical_api_v2() { return &kApi; }

// The definition has the type the program casts the looked-up symbol to.
static_assert(std::is_same_v<decltype(&numberlink_cadical_api_v2), NlSatApiEntry>);
