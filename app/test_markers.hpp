// Test-only marker lines, so that tests about signals and timing wait for events instead of
// sleeping for a fixed time (a fixed sleep is too short on a busy machine and wasted on a quiet
// one). With NUMBERLINK_TEST_MARKERS set in the environment, the batch commands print a line
// `numberlink-test: WHAT` on stderr when:
//   - the signal handlers are installed and work begins (`working`), so a signal sent after it
//     is handled, never fatal;
//   - a puzzle's solve or count begins (`start NAME`), so a test can interrupt exactly that one;
//   - run-part begins the search of a part (`searching PATH`);
//   - an interrupted command is about to exit (`stopped S s after the signal`), the program's own
//     measure of how quickly it honoured the signal, free of the test's process start-up.
// Without the variable nothing is printed; the cost is one getenv per process.
#pragma once

#include <string_view>

namespace nl::app {

bool test_markers_enabled();
// Writes the marker line with one write(2) call, so lines from several threads never mix.
void test_marker(std::string_view what);

}  // namespace nl::app
