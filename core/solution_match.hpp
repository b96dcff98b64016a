// Turning a solution as read from a file (a grid of symbols or named cell lists) into paths over
// a puzzle's labels, so the checker can judge it.
#pragma once

#include <string>

#include "core/formats.hpp"

namespace nl {

struct MatchedSolution {
    Solution solution;
    std::string problem;  // non-empty: the text cannot be a solution of this puzzle (and why)
};

// Grid symbols are tied to labels through the terminal cells (the symbol on a label's endpoints),
// so a grid may use other names than the puzzle; each label's cells are then traced into one
// path between its endpoints (a search, since under touch-allowed rules a grid can be ambiguous).
// Named paths are tied by name, or by their endpoints when no name matches.
// Throws InputError when the solution does not fit the puzzle at all (another board size).
MatchedSolution match_solution(const Puzzle& puzzle, const SolutionText& text);

}  // namespace nl
