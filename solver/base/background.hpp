// Work taken off the path to an answer: freeing a SAT solver that holds millions of clauses
// (0.7 s for the 17 M clauses of a 1000x1000 board) and finishing a CryptoMiniSat call that has
// not reacted to its stop flag in time (its first steps on such a formula ran 1.5-2.8 s past
// it). The answer ("timeout", "interrupted") is given at once; the work ends on a thread of its
// own. Until then its memory stays in the process's resident set, so a following puzzle may see
// it under --max-memory.
//
// At exit: a static object waits for the tasks still running, so none runs while the process's
// statics are destroyed; the command line skips that wait by leaving with _exit once its output
// is flushed (app/main.cpp), since the kernel frees the memory at once.
#pragma once

#include <functional>

namespace nl {

// Runs `task` on a thread of its own and returns at once. `task` must not throw.
void run_in_background(std::function<void()> task);

// Whether a task of run_in_background is still running.
bool background_busy();

// Waits until every task of run_in_background has finished.
void wait_for_background();

}  // namespace nl
