// A thin, incremental session over a SAT solver: CryptoMiniSat or CaDiCaL (sat_api.hpp). Nothing
// outside solver/ sees their types: the rest of numberlink speaks DIMACS literals (see
// encoder/encoding.hpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "encoder/encoding.hpp"
#include "solver/base/budget.hpp"
#include "solver/sat/sat_api.hpp"

namespace nl {

enum class SatResult { Sat, Unsat, Unknown };

class SatSession {
   public:
    // `budget` (optional, must outlive the session) is polled while clauses are loaded and,
    // by a watchdog thread, while the solver searches. `threads` counts for CryptoMiniSat only.
    explicit SatSession(int threads = 1, const Budget* budget = nullptr,
                        SatBackend backend = SatBackend::CryptoMiniSat);
    ~SatSession();
    SatSession(const SatSession&) = delete;
    SatSession& operator=(const SatSession&) = delete;

    // Variables and the clauses of `cnf` from literal offset `from` on (so an encoding that
    // grows can be sent in parts); returns the offset to send from next time. Throws Stopped
    // when the budget runs out meanwhile (loading millions of clauses takes seconds), and
    // Stopped(Memory) when the solver cannot allocate.
    std::size_t add(const Cnf& cnf, std::size_t from = 0);
    void add_clause(std::span<const int> clause);
    // Solves under assumptions within `seconds` (<= 0: no limit besides the budget) and within
    // `max_conflicts` conflicts (0: no limit). Unknown when time runs out, the interrupt flag was
    // raised or memory ran over the cap: stop_reason() says which; StopReason::None when the
    // conflict limit was reached (the call's own budget, not the caller's).
    SatResult solve(std::span<const int> assumptions, double seconds = 0, std::uint64_t max_conflicts = 0);
    StopReason stop_reason() const { return stop_reason_; }  // of the last solve call
    bool value(int var) const;  // in the last model
    // After an Unsat answer under assumptions: assumption literals that together already make
    // the formula unsatisfiable (the solver's final conflict; not necessarily minimal).
    // Empty: the formula is unsatisfiable without any assumption.
    std::vector<int> failed_assumptions() const;
    int num_vars() const { return vars_; }
    std::uint64_t last_conflicts() const { return last_conflicts_; }  // of the last solve call
    // The work done over every call so far, a deterministic stand-in for time (NlSatApi::work:
    // comparable between sessions of the same back end only).
    std::uint64_t work() const;
    SatBackend backend() const { return backend_; }

   private:
    struct Impl;
    // Shared with a solve call left running in the background (see sat_session.cpp).
    std::shared_ptr<Impl> impl_;
    bool abandoned_ = false;  // a solve call was left running: the solver is not ours any more
    SatBackend backend_;
    int vars_ = 0;
    std::uint64_t last_conflicts_ = 0;
    StopReason stop_reason_ = StopReason::None;
};

}  // namespace nl
