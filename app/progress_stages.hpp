// What one puzzle's solve is doing, for the progress line (app/progress.hpp): the stages running
// now, gathered from the solver's notes (solver/base/progress.hpp), as a few words:
// "sat (searching, 120k conflicts)", or during a race "scan (1.2M nodes) + sat (loading)".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solver/base/progress.hpp"

namespace nl::app {

// A count in at most four characters, so that a line redrawn in place keeps its width:
// 999, 1.2k, 120k, 1.2M, 12M, 1.2G.
std::string count_text(std::uint64_t count);

// Not thread-safe: Progress holds one per puzzle under its lock.
class StageActivity {
   public:
    // Begin: a stage starts (after the stages running already); Figures: its phase or a count
    // (a stage not begun is taken as running: an engine run on its own); End: it is over.
    void take(const ProgressNote& note);
    // The stages in the order they began, each with its phase and counts; "" when none runs.
    std::string text() const;

   private:
    struct Figure {
        const char* unit;
        std::uint64_t count;
    };
    struct Running {
        explicit Running(const char* name) : stage(name) {}
        const char* stage;
        const char* phase = "";
        std::vector<Figure> figures;  // one per unit, in the order first noted
    };
    Running* find(const char* stage);
    std::vector<Running> running_;
};

}  // namespace nl::app
