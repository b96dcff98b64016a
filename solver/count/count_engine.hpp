// Counting and uniqueness as `numberlink count` and `unique` run them, for every caller (the
// command line, the library's users, the Python module): the engine chosen by name, and with
// the SAT engine under a time limit the exact fallbacks that decide more puzzles within it.
//
//  - sat: count_solutions_sat (count.hpp). For `unique` (max 2) with a time limit, and for
//    `count` (any other max) with or without one, on one-layer boards whose short side is at most
//    12, or 14 under nikoli rules (where the frontier engine decides most puzzles in seconds,
//    docs/counting.md), SAT runs alone for 50 ms and, when it has not finished, again side by
//    side with the frontier engine for the rest of the time (two threads; the first verdict stops
//    the other); elsewhere for `unique` under flow rules (fill, touch), SAT
//    with lazy cycle cuts gets the first half and SAT over the exact acyclicity ordering the rest,
//    and on one-layer boards whose short side is 13 or 14 that chain runs side by side with the
//    frontier engine (two threads, the whole time limit each; the first verdict stops the other).
//    Under adc rules (elsewhere, with or without a time limit) SAT runs alone for a second and
//    then side by side with the nikoli proof, whose "none" or "unique" is the adc verdict too
//    (adc_verdict_from_nikoli, count.hpp). Under fill rules, wherever the frontier engine does
//    not race and CountOptions::cores is two or more (with --sat left to the table), CaDiCaL joins
//    CryptoMiniSat's count after a head start of a second (for each encoding of the flow chain).
//    Every engine and encoding here is exact, so the verdict is whichever finishes.
//  - frontier: count_solutions_frontier (frontier.hpp), one-layer boards.
//  - search: the exhaustive search (search.hpp), an independent oracle for small boards.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "solver/count/count.hpp"

namespace nl {

enum class CountEngine { Sat, Search, Frontier };

std::optional<CountEngine> count_engine_from_name(std::string_view name);  // sat, search, frontier
std::string count_engine_name(CountEngine engine);

// Counts the solutions of `puzzle` under `rules` with `engine`. Throws InternalError as solving
// does; the frontier engine throws std::invalid_argument where it does not apply
// (unsupported_frontier says why, so callers can refuse before counting anything).
CountResult count_with_engine(const Puzzle& puzzle, Rules rules, CountEngine engine, const CountOptions& options);

}  // namespace nl
