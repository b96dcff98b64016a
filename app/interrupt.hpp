// Ctrl-C (SIGINT) and SIGTERM: a flag that solvers poll, so a batch stops promptly, prints what
// it has and exits 130 instead of dying mid-output.
#pragma once

#include <atomic>

namespace nl::app {

// Installs the handlers (once; test marker `signals handled`, see test_markers.hpp) and returns
// the flag they raise.
std::atomic<bool>& interrupt_flag();

// Seconds since the first SIGINT/SIGTERM arrived (the handler notes the time), -1 before one.
double seconds_since_signal();

}  // namespace nl::app
