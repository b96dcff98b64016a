// The records of `unique` and `count` (`--output json`, docs/json.md), one home for the command
// line, the server and the Python module: the verdict and its names, and the JSON record built
// from a CountResult.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/puzzle.hpp"
#include "solver/base/budget.hpp"
#include "solver/count/count.hpp"

namespace nl {

// "paths" or "colours": the --distinct mode, as the records name it.
std::string distinct_name(Distinct distinct);

// How a count that stopped early is reported: timeout, interrupted (Ctrl-C, SIGTERM) or limit
// (the memory cap).
std::string stop_name(StopReason why);

// unique's verdict from a count capped at 2: multiple, unique, none, or stop_name when it stopped
// before one.
std::string unique_verdict(const CountResult& result);

// What a count that stopped short (timed out, stopped by Ctrl-C or the memory cap, or capped at
// --max) still proves when every solution without a U-turn was found (CountResult::uturn_free),
// as a phrase for the human output: "any solution has a U-turn" (there is none without), "any
// other solution has a U-turn" (as many without as were counted: since all of those are among
// the solutions counted, they are the ones counted), else "N without a U-turn, all found".
// Empty when the count is exact, or the number is not known.
std::string uturn_note(const CountResult& result);

// Cells where two solutions put different labels (or one leaves the cell empty).
std::vector<CellId> differing_cells(const Puzzle& puzzle, const Solution& a, const Solution& b);

// unique's record: the puzzle's fields, `verdict`, `engine`, `distinct`, `seconds`; for unique the
// solution's `paths`; for none the `unsolvable_reason` when the engine gave one (as solve's
// stats: "sat" or the board argument); for multiple both `solutions` and the `differing_cells`;
// when it stopped first, `solutions_found` (0 or 1) and the solution found as `paths`, and
// `uturn_free_solutions` when the number of solutions without a U-turn is known (all of them
// were found).
nlohmann::ordered_json unique_json(const Puzzle& puzzle, const CountResult& result, const std::string& engine,
                                   Distinct distinct);

// count's record: `count` (a decimal string beyond 64 bits), `at_least`, `timed_out` / `limit` /
// `interrupted`, `uturn_free_solutions` (as for unique, when the count is a lower bound),
// `engine`, `distinct`, `seconds`, and with `all` the `solutions` kept.
nlohmann::ordered_json count_json(const Puzzle& puzzle, const CountResult& result, const std::string& engine,
                                  Distinct distinct, bool all);

}  // namespace nl
