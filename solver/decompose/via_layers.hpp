// The layers engine (`--engine layers`, and `auto` on layered boards with listed vias): a
// presolver for ADC 2016-style boards, where a line may change layer only through a given via.
// There the layers are joined by nothing but the vias' vertical links, so once it is settled
// which line goes through which via, every layer is a one-layer puzzle of its own.
//
// The method:
//  - A cross line (its two ends on different layers, lo < hi) is given one via whose cells
//    cover every layer from lo to hi at one position, none of them blocked or another line's
//    end; it goes up that via in one piece, and its two ends' layers hold the rest of it.
//    Lines whose ends share a layer stay in that layer.
//  - Under such an assignment, layer z is the one-layer puzzle of z's cells with: the lines of
//    z; for each cross line whose range holds z, a line from its end on z to its via's cell on z
//    (z = lo or hi; the cell is blocked instead when the end lies on the via itself), or that
//    cell blocked (lo < z < hi: the line passes through it).
//  - The assignments are searched depth first, cross lines in order of their lower layer, each
//    trying its vias cheapest first (the 2-D distance from its ends to the via). Layer z is
//    solved (the `auto` engine, one-layer, within a slice of time) as soon as every cross line
//    that reaches z has its via; when it fails (no solution under that assignment, or out of
//    its slice) the search backs up. Results are kept per layer and assignment of the lines
//    that reach it, so no layer puzzle is solved twice. When the search has run out of
//    assignments with some layers out of time, it starts again with twice the slice.
//
// Exactness: the merged answer (each cross line: its part on lo, the via's cells, its part on
// hi) goes through the checker under the puzzle's rules, which alone decides; it can fail where
// a cross line with ends on adjacent layers crosses another via's column on both (its two cells
// there are neighbours: a touch under no-touch rules). The engine restricts the solutions it
// looks at (one via per cross line, no line leaving its layers otherwise), so it can only say
// `solved` (checked) or `unknown`, never `unsolvable`: a layer without a solution under one
// assignment proves nothing about the board.
//
// Where it does not pay: 2016 Q12 (40 lines, 36 of them change layer, 36 vias): the assignments
// tried, cheapest first, leave layers without an answer, and 30 s are not enough; there the
// router and its repair answer in 1.5 s, which is why auto runs this engine after them.
// Measured (docs/adc.md): ADC 2016 Q17 (36x36x8, 289 lines, 7 cross lines, 7 vias) and Q28 (234
// lines, 14 and 14), which neither the router nor SAT solved in 60 s, are solved layer by layer
// in about 0.1-0.7 s a layer; on Q28 the cheapest assignment leaves layers 6 and 7 without an
// answer, and the next one solves both.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>

#include "core/puzzle.hpp"
#include "solver/base/attempt.hpp"
#include "solver/base/budget.hpp"
#include "solver/base/solve_part.hpp"

namespace nl {

struct LayersOptions {
    Budget budget;                // the whole engine's: deadline, interrupt, memory cap
    double layer_seconds = 0.5;   // the first slice of one layer's solve
    SolvePart solve_part;         // solves one layer's puzzle (required)
};

struct LayersResult {
    using Status = Verdict;  // it gives Solved, Unknown, NotApplicable, Timeout, Interrupted
    Status status = Status::Unknown;
    Solution solution;          // when solved: passed the checker
    int cross_lines = 0;
    long layer_solves = 0;      // one-layer puzzles solved or tried
    long assignments = 0;       // vias given to cross lines while searching
    std::string why;            // not applicable, or unknown: the reason in words
};

// Why the layers engine does not apply to `puzzle` (one layer, no vias, a variant board), or "".
std::string layers_not_applicable(const Puzzle& puzzle);

LayersResult solve_by_layers(const Puzzle& puzzle, Rules rules, const LayersOptions& options);


}  // namespace nl
