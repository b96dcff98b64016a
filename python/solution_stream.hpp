// Solutions one at a time, for Python's `numberlink.solutions()` generator: the exact SAT
// enumeration (count_solutions_sat with CountOptions::on_solution) runs on a thread of its own
// and hands each solution over through a short queue, so the caller holds one solution while
// the next is being searched for, and memory stays bounded however many solutions there are.
//
// Why a queue with a bound and not a callback into Python: the enumeration cannot hold the GIL
// (other Python threads must run, and Ctrl-C must be seen), and a generator pulls. When the
// queue is full the counting thread waits inside on_solution until the caller takes one or
// closes the stream; close() sets the interrupt flag, which the enumeration polls, and joins.
// next() waits without the GIL and checks Python's signals every kSignalPollInterval, as
// run_interruptible does: Ctrl-C raises KeyboardInterrupt in the caller within that interval.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "core/puzzle.hpp"
#include "solver/count/count.hpp"

namespace nl::python {

class SolutionStream {
   public:
    // Starts enumerating the solutions of `puzzle` under its rules. `options.on_solution` and
    // `options.sat.interrupt` are the stream's own; everything else is the caller's.
    SolutionStream(Puzzle puzzle, CountOptions options);
    ~SolutionStream();
    SolutionStream(const SolutionStream&) = delete;
    SolutionStream& operator=(const SolutionStream&) = delete;

    // The next solution, or nothing when the enumeration has ended (all found, or it stopped:
    // stop() says why). Call with the GIL held; waits without it. Raises a pending Python
    // exception (KeyboardInterrupt) as pybind11::error_already_set after stopping the work.
    std::optional<Solution> next();
    // Why the enumeration ended before it had found every solution (None: it found them all,
    // or it has not ended). Valid once next() returned nothing.
    StopReason stop() const { return stop_; }
    // Stops the enumeration and waits for its thread. Idempotent.
    void close();

    const Puzzle& puzzle() const { return puzzle_; }

   private:
    void push(const Solution& solution);  // on the counting thread

    static constexpr std::size_t kAhead = 16;  // solutions found ahead of the caller at most

    Puzzle puzzle_;
    std::atomic<bool> interrupt_{false};
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Solution> queue_;
    bool done_ = false;     // the counting thread has returned
    bool closing_ = false;  // close() was called: push() returns at once
    StopReason stop_ = StopReason::None;
    std::exception_ptr error_;
    std::thread worker_;
};

}  // namespace nl::python
