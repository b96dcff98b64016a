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
//  - Pair swap (2-opt), under touch-allowed rules, fill or not (flow, nikoli): if P[i]P[i+1] and
//    P[j]P[j+1], j >= i + 2, are two edges of P with P[i] next to P[j] and P[i+1] next to
//    P[j+1] (on a square grid the four cells are a 2x2 block and the two edges are parallel and
//    run the same way along P), then P[0..i] + reverse(P[i+1..j]) + P[j+1..] is a path between
//    the same terminals: it joins P[i] to P[j] and P[i+1] to P[j+1], which are neighbours, and
//    keeps every other link of P (reversing a stretch keeps its links). It visits exactly the
//    cells of P, so the colouring and every other path are unchanged and fill is kept. Its links
//    are P's minus P[i]P[i+1] and P[j]P[j+1], plus P[i]P[j] and P[i+1]P[j+1]; with j >= i + 2
//    the four cells are distinct, so neither new link is P[i]P[i+1] (a simple path holds each
//    link once): the edge set differs, a different solution under --distinct paths, never
//    under --distinct colours (same colouring; not tried there). Under touch-allowed rules the
//    checker has nothing more to ask of a path that a solution's path satisfies (the candidate
//    is checked all the same). When the two edges run opposite ways (P[i] next to P[j+1] and P[i+1] next
//    to P[j]) the swap would close a loop instead, so only the same-way case is tried. Under
//    no-touch rules the pattern cannot occur (P[i] and P[j] are neighbours, not consecutive).
// Every candidate returned has passed check_solution under `rules` and differs from S under the
// given --distinct mode (both checked here, not assumed), so two checked, different solutions
// prove "at least two": the answer `multiple` is exact. Nothing is concluded when no rewrite
// applies (no claim of uniqueness is ever made from the absence of a pattern).
//
// Detour (the inverse of a shortcut), under nikoli rules: if P[i]P[i+1] is a link of P, x a
// neighbour of P[i] and y a neighbour of P[i+1], both empty in S and free (not blocked; an empty
// cell is never a terminal), and x and y are joined by a chain of empty free cells x = e1, ...,
// em = y (x = y allowed), then P[0..i] + e1..em + P[i+1..] is a path between the same terminals
// over cells no path used: a solution under nikoli rules (empty cells and touching allowed),
// with more cells, so another colouring and other edges. detour_second_solution finds one when
// it exists (by the connected components of the empty free cells), and
// nikoli_verdict_from_adc (below) uses it to decide nikoli uniqueness exactly.
#pragma once

#include <optional>

#include "core/puzzle.hpp"

namespace nl {

// A solution that differs from `first` (a solution under `rules`) under `distinct`, built by one
// shortcut or corner move (see above) and passed by the checker; nullopt when none applies.
std::optional<Solution> rewrite_second_solution(const Puzzle& puzzle, Rules rules, const Solution& first,
                                                Distinct distinct);

// A detour of `first` (see above) that passes the checker under `rules` (no fill, touch allowed),
// or nullopt when no link of any path has one. Exhaustive over links: nullopt means that no
// solution shortcuts in one step to `first`.
std::optional<Solution> detour_second_solution(const Puzzle& puzzle, Rules rules, const Solution& first);

// Whether two solutions differ under `distinct`: their colourings, or their paths as edge sets
// (a path's direction does not matter).
bool solutions_differ(const Puzzle& puzzle, const Solution& a, const Solution& b, Distinct distinct);

}  // namespace nl
