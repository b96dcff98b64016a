// Signal handling; see interrupt.hpp.
#include "app/interrupt.hpp"

#include <csignal>
#include <cstdint>
#include <ctime>

#include "app/test_markers.hpp"

namespace nl::app {

namespace {

std::atomic<bool> g_interrupted{false};
// When the first signal arrived (CLOCK_MONOTONIC nanoseconds), 0 before.
std::atomic<std::int64_t> g_signal_time{0};
static_assert(std::atomic<bool>::is_always_lock_free, "the handler must only touch a lock-free atomic");
static_assert(std::atomic<std::int64_t>::is_always_lock_free, "the handler must only touch a lock-free atomic");

std::int64_t monotonic_nanoseconds() {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);  // async-signal-safe (POSIX), unlike std::chrono
    return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

extern "C" void on_signal(int) {
    std::int64_t none = 0;
    g_signal_time.compare_exchange_strong(none, monotonic_nanoseconds());
    g_interrupted.store(true);
}

}  // namespace

std::atomic<bool>& interrupt_flag() {
    static const bool installed = [] {
        struct sigaction action {};
        action.sa_handler = on_signal;
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, nullptr);
        sigaction(SIGTERM, &action, nullptr);
        test_marker("signals handled");
        return true;
    }();
    (void)installed;
    return g_interrupted;
}

double seconds_since_signal() {
    const std::int64_t at = g_signal_time.load();
    return at ? static_cast<double>(monotonic_nanoseconds() - at) / 1e9 : -1;
}

}  // namespace nl::app
