// Ctrl-C (SIGINT) and SIGTERM: a flag that solvers poll, so a batch stops promptly, prints what
// it has and exits 130 instead of dying mid-output.
#pragma once

#include <atomic>

namespace nl::app {

// Installs the handlers (once) and returns the flag they raise.
std::atomic<bool>& interrupt_flag();

}  // namespace nl::app
