// A second solution by a local rewrite of a first one, for `unique` under the rules that let cells
// stay empty (nikoli, adc): a constructive proof of "multiple" that needs no further search.
//
// The argument. Let S be a solution under rules without the fill rule, and P one of its paths.
//  - Shortcut: if two cells P[i] and P[j], j > i + 1, are neighbours on the board, then
//    P[0..i] + P[j..] is a path between the same terminals; it only drops cells (now empty, which
//    the rules allow), enters no new cell, so it crosses no other path, terminal or blocked cell.
//    It has fewer cells, so its edge set and its colouring differ from P's. (A U-turn a-b-c-d with
//    a next to d is the smallest case.)
//  - Corner move: if P[i-1], P[i], P[i+1] are consecutive and a cell e other than P[i] is a
//    neighbour of both P[i-1] and P[i+1], free (not blocked) and empty in S (so not a terminal,
//    terminals are always on their path), then replacing P[i] by e gives a path between the same
//    terminals through e instead of P[i] (P[i] is not a terminal: it is inside the path). It uses
//    e, which no path used, so the colouring differs (e was empty) and so do the edges.
//    On a square grid e is the fourth cell of the 2x2 block of an L-corner; on layered boards with
//    vias the same rule holds over the puzzle's adjacency graph.
// Either rewrite keeps every other path as it is. Under touch-allowed rules (nikoli) the result is
// therefore a solution; under no-touch rules (adc) the shortcut never applies (a no-touch path has
// no such pair) and the corner move may make e touch other cells of its own path, so
// every candidate is judged by the checker, which alone decides. Under fill rules (flow, strict)
// no cell is empty and neither rewrite applies: nothing is tried.
// Every candidate returned has passed check_solution under `rules` and differs from S under the
// given --distinct mode (both checked here, not assumed), so two checked, different solutions
// prove "at least two": the answer `multiple` is exact. Nothing is concluded when no rewrite
// applies (no claim of uniqueness is ever made from the absence of a pattern).
#pragma once

#include <optional>

#include "core/puzzle.hpp"

namespace nl {

// A solution that differs from `first` (a solution under `rules`) under `distinct`, built by one
// shortcut or corner move (see above) and passed by the checker; nullopt when none applies.
std::optional<Solution> rewrite_second_solution(const Puzzle& puzzle, Rules rules, const Solution& first,
                                                Distinct distinct);

// Whether two solutions differ under `distinct`: their colourings, or their paths as edge sets
// (a path's direction does not matter).
bool solutions_differ(const Puzzle& puzzle, const Solution& a, const Solution& b, Distinct distinct);

}  // namespace nl
