// Running a long library call from Python: without the GIL (other Python threads go on), and
// stoppable by Ctrl-C (KeyboardInterrupt).
//
// Python runs signal handlers only on its main thread, between bytecodes; a C++ call that holds
// the thread for minutes would swallow Ctrl-C until it returns. So the work runs on a thread of
// its own while the calling thread, without the GIL, waits for it and wakes every
// kSignalPollInterval to take the GIL and call PyErr_CheckSignals. When a handler raises (SIGINT
// raises KeyboardInterrupt), the engines' interrupt flag is set, the work stops at its next poll
// (SolveOptions::interrupt and its kin), and that exception reaches the caller.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>

namespace nl::python {

inline constexpr std::chrono::milliseconds kSignalPollInterval{50};

// Runs work(flag) as described above; `flag` is the interrupt flag to hand to the engines. Call
// with the GIL held. Rethrows what `work` throws, unless a signal handler raised first (then
// that Python exception, e.g. KeyboardInterrupt, as pybind11::error_already_set).
void run_interruptible(const std::function<void(std::atomic<bool>& interrupt)>& work);

// Thrown by polls (encode_exact, write_dimacs) to abandon work once the flag is set.
struct Abandoned {};

}  // namespace nl::python
