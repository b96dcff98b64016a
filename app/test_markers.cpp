// Test-only marker lines; see test_markers.hpp.
#include "app/test_markers.hpp"

#include <unistd.h>

#include <cstdlib>
#include <string>

namespace nl::app {

bool test_markers_enabled() {
    static const bool enabled = std::getenv("NUMBERLINK_TEST_MARKERS") != nullptr;
    return enabled;
}

void test_marker(std::string_view what) {
    if (!test_markers_enabled()) return;
    std::string line = "numberlink-test: ";
    line += what;
    line += '\n';
    // stderr is unbuffered in C, but std::cerr may be tied to other streams; one write(2) keeps
    // the line whole and puts it in the file at once, where the waiting test looks for it.
    [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, line.data(), line.size());
}

}  // namespace nl::app
