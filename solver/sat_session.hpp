// A thin, incremental session over CryptoMiniSat. Nothing outside solver/ sees its types: the
// rest of numberlink speaks DIMACS literals (see encoder/encoding.hpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "encoder/encoding.hpp"

namespace nl {

enum class SatResult { Sat, Unsat, Unknown };

class SatSession {
   public:
    // `interrupt` (optional) is polled by the solver: setting it stops a solve call promptly.
    explicit SatSession(int threads = 1, std::atomic<bool>* interrupt = nullptr);
    ~SatSession();
    SatSession(const SatSession&) = delete;
    SatSession& operator=(const SatSession&) = delete;

    // Variables and the clauses of `cnf` from literal offset `from` on (so an encoding that
    // grows can be sent in parts); returns the offset to send from next time.
    std::size_t add(const Cnf& cnf, std::size_t from = 0);
    void add_clause(std::span<const int> clause);
    // Solves under assumptions within `seconds` (<= 0: no limit). Unknown when time runs out or
    // the interrupt flag was raised.
    SatResult solve(std::span<const int> assumptions, double seconds);
    bool value(int var) const;  // in the last model
    int num_vars() const { return vars_; }
    std::uint64_t last_conflicts() const { return last_conflicts_; }  // of the last solve call

   private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    int vars_ = 0;
    std::uint64_t last_conflicts_ = 0;
};

}  // namespace nl
