// The solve --animate replay; see animate.hpp.
#include "app/animate.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <ostream>
#include <sstream>
#include <thread>

#include "core/formats.hpp"

namespace nl::app {

namespace {

// Cells a path gains during the animation: all but its two endpoints, shown from frame 0.
long inner_cells(const std::vector<CellId>& path) { return std::max<long>(0, static_cast<long>(path.size()) - 2); }

// Rows of the terminal on stdout, 0 when it is not one (nothing to fit then).
long terminal_rows() {
    winsize ws{};
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) return ws.ws_row;
    return 0;
}

}  // namespace

long frame_count(const Puzzle&, const Solution& solution) {
    long cells = 0;
    for (const auto& path : solution.paths) cells += inner_cells(path);
    return cells + 1;
}

std::string animation_frame(const Puzzle& puzzle, const Solution& solution, long frame, bool color) {
    // A partial solution holding what frame `frame` shows; the grid writer draws its cells.
    Solution partial;
    long left = frame;
    for (const auto& path : solution.paths) {
        std::vector<CellId> shown;
        if (!path.empty()) {
            const long take = std::min(left, inner_cells(path));
            left -= take;
            shown.assign(path.begin(), path.begin() + 1 + take);
            if (path.size() > 1) shown.push_back(path.back());
        }
        partial.paths.push_back(std::move(shown));
    }
    std::ostringstream out;
    write_puzzle(out, Format::Grid, puzzle, &partial, {color});
    return out.str();
}

void animate_solution(std::ostream& out, const Puzzle& puzzle, const Solution& solution,
                      const AnimateOptions& options) {
    const long frames = frame_count(puzzle, solution);
    const std::string last = animation_frame(puzzle, solution, frames - 1, options.color);
    const long lines = std::count(last.begin(), last.end(), '\n');
    const long rows = terminal_rows();
    auto interrupted = [&] { return options.interrupt && options.interrupt->load(); };
    if ((rows > 0 && lines >= rows) || interrupted()) {
        out << last;
        return;
    }
    std::string up = "\x1b[";  // cursor up: back to the frame's first row
    up += std::to_string(lines);
    up += "A";
    for (long f = 0; f < frames; ++f) {
        if (f > 0) {
            if (options.delay.count() > 0) std::this_thread::sleep_for(options.delay);
            out << up;
        }
        if (interrupted()) {
            out << last;
            break;
        }
        out << (f + 1 == frames ? last : animation_frame(puzzle, solution, f, options.color));
        out.flush();
    }
}

}  // namespace nl::app
