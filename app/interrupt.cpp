// Signal handling; see interrupt.hpp.
#include "app/interrupt.hpp"

#include <csignal>

namespace nl::app {

namespace {

std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the handler must only touch a lock-free atomic");

extern "C" void on_signal(int) { g_interrupted.store(true); }

}  // namespace

std::atomic<bool>& interrupt_flag() {
    static const bool installed = [] {
        struct sigaction action {};
        action.sa_handler = on_signal;
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, nullptr);
        sigaction(SIGTERM, &action, nullptr);
        return true;
    }();
    (void)installed;
    return g_interrupted;
}

}  // namespace nl::app
