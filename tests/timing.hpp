// Test-only: the one place where the tests state how quickly numberlink promises to honour a
// time limit or a signal, and how much slack a test machine gets on top of the promise.
//
// The promise is the README's ("Limits"): a puzzle stops within 0.1 s + 10 % of its --timeout
// (after the limit), and within 0.6 s on the largest boards we know (millions of clauses, where
// freeing CryptoMiniSat's memory alone takes up to 0.45 s). Ctrl-C and SIGTERM are honoured
// within the same margin (the limit being 0).
//
// The tests measure with the program's own clock wherever it reports one (the seconds of a
// puzzle in -q or JSON output; the `stopped S s after the signal` test marker), so process
// start-up and reading the input are not counted. What the promise cannot cover on a test
// machine is the machine itself: other processes on the same cores stretch every wall-clock
// figure, and the sanitizer builds (AddressSanitizer + UBSan, scripts/test runs the suite under
// them too) run two to five times slower. So the bound is the promise plus a fixed slack, both
// scaled by kSlowdown under sanitizers. A timeout that is not polled at all (an encoder
// that never polls runs 4.3 s past a 0.01 s limit on ADC 2017 Q08) still fails every bound here.
#pragma once

namespace nl::testing_timing {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// How much slower the sanitizer builds run (measured 2-5x on the hardening tests).
constexpr double kSlowdown = kSanitized ? 5.0 : 1.0;
// Seconds for a machine whose two cores are shared with other work. Measured under a load of
// about 7: past a 0.2 s limit 0.008-0.016 s, past ADC 2017 Q08's 0.5 s up to 0.08 s; the whole
// suite passed with both cores kept busy by stress-ng, so the slack is far from the edge.
constexpr double kBusyMachineSlack = 1.0;

// The README's promise: how far past `limit` a puzzle may still be running.
constexpr double promised_margin(double limit, bool largest_board = false) {
    return largest_board ? 0.6 : 0.1 + 0.1 * limit;
}

// The bound the tests check on the program's own time for a puzzle under --timeout `limit`.
constexpr double timeout_bound(double limit, bool largest_board = false) {
    return limit + (promised_margin(limit, largest_board) + kBusyMachineSlack) * kSlowdown;
}

// The bound on the program's own time from a signal to its exit.
constexpr double signal_bound(bool largest_board = false) { return timeout_bound(0, largest_board); }

// For work that should take a blink (a run without any pause): far below what a pause or a
// missed limit would cost, far above what a busy or instrumented machine takes.
constexpr double quick_bound(double seconds) { return seconds * kSlowdown; }

// How long a test waits for an event (a marker line, a file) before it gives up and fails: only
// to turn a hang into a failure, never reached by a healthy run.
constexpr double kEventGiveUp = 300;

}  // namespace nl::testing_timing
