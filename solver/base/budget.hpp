// What may end a solve before it has an answer: a wall-clock deadline (--timeout), the interrupt
// flag (Ctrl-C, SIGTERM) and a cap on the process's resident memory (--max-memory).
//
// One Budget is shared by every stage of a solve or count, and each stage polls it where it
// spends its time: the encoder every 65,536 clauses (EncodeOptions::poll), SatSession::add as
// often while it loads CryptoMiniSat, and SatSession's watchdog thread every 10 ms while the SAT
// solver searches (raising the flag CryptoMiniSat polls). So a timeout is honoured within
// milliseconds plus CryptoMiniSat's own reaction time (README, "Limits").
//
// Memory is the resident set of the whole process (/proc/self/statm), so with several puzzles
// solved in parallel the cap is shared by them. Where that file is missing only the up-front
// estimate (min_cnf_literals) and std::bad_alloc enforce it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace nl {

enum class StopReason { None, Timeout, Interrupted, Memory };

struct Budget {
    using Clock = std::chrono::steady_clock;
    Clock::time_point deadline = Clock::time_point::max();
    const std::atomic<bool>* interrupt = nullptr;
    std::size_t max_memory = 0;  // bytes of resident memory, 0: no cap

    // A budget that starts now: `timeout` seconds (<= 0: none).
    static Budget starting_now(double timeout, const std::atomic<bool>* interrupt, std::size_t max_memory);
    bool has_deadline() const { return deadline != Clock::time_point::max(); }
    // Why to stop now, if at all: the interrupt first, then the clock, then (unless told not
    // to: it reads a file) memory.
    StopReason check(bool memory = true) const;
};

// Thrown by the stages of a solve when the budget runs out; solve_sat and count_solutions_sat
// turn it into a status.
struct Stopped : std::runtime_error {
    explicit Stopped(StopReason why);
    // With its own message (what()), e.g. which limit a CNF is over.
    Stopped(StopReason why, const std::string& message);
    StopReason reason;
};

// Throws Stopped when budget.check() says so.
void poll_budget(const Budget& budget);

// Resident memory of this process in bytes; 0 when unknown.
std::size_t resident_memory();

// The default memory cap of the command line: 3/4 of the machine's physical memory, or of the
// container's limit (cgroup v2 memory.max, v1 memory.limit_in_bytes) when that is lower, so a
// runaway solve ends with status "limit" before the kernel's out-of-memory killer ends the
// whole batch. 0 (no cap) when neither is known.
std::size_t default_memory_cap();

// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ... (k >= 1): run lengths for restarting a
// randomised search with a new seed, whose total stays within a logarithmic factor of the best
// fixed length when the time to success varies by seed (Luby, Sinclair and Zuckerman, 1993).
int luby(std::uint64_t k);

}  // namespace nl
