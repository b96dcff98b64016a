// The independent checker: validates a solution against a puzzle under given rules.
//
// It shares nothing with the solvers but the model, so a bug in an encoder, decoder or search
// cannot hide here. Every answer numberlink prints has passed it.
#pragma once

#include <string>

#include "core/puzzle.hpp"

namespace nl {

struct CheckResult {
    bool ok = true;
    std::string rule;     // which rule failed: missing, path, ends, blocked, adjacency, overlap,
                          // terminal, fill, touch
    std::string message;  // the first problem found, naming label and cell
    int label = kNoLabel;
    CellId cell = kNoCell;
};

// Checks, in this order, per label in label order: the path exists, stays on the board, joins
// the label's two terminals, avoids blocked cells, other labels' terminals and cells already
// used, and moves between adjacent cells; then the fill rule, then the touch rule.
CheckResult check_solution(const Puzzle& puzzle, const Solution& solution, Rules rules);

}  // namespace nl
