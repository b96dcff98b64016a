// The bridge between the public API (include/numberlink/numberlink.hpp, namespace numberlink) and
// the library's own types (namespace nl). Only api/ includes it.
//
// A public Puzzle holds an nl::Puzzle behind a pointer rather than copying its fields into a
// public struct: nl::Puzzle carries derived data (the adjacency lists, the owner of each
// terminal) that must agree with its raw fields, and variant boards (hexagons, warps, walls,
// bridges, vias) keep adding to it. Behind the pointer it can change freely, and the installed
// header stays small and free of internal headers. Puzzles are immutable once built, so copies
// share one board.
#pragma once

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "core/formats.hpp"
#include "core/puzzle.hpp"
#include "core/solution_match.hpp"
#include "numberlink/numberlink.hpp"

struct numberlink::Puzzle::Impl {
    nl::Puzzle puzzle;
};

namespace numberlink::api {

Puzzle public_puzzle(nl::Puzzle puzzle);
inline const nl::Puzzle& internal(const Puzzle& puzzle) { return puzzle.impl().puzzle; }

nl::Rules internal_rules(Rules rules);
Rules public_rules(nl::Rules rules);

Solution public_solution(const nl::Puzzle& puzzle, const nl::Solution& solution);
std::vector<Solution> public_solutions(const nl::Puzzle& puzzle, const std::vector<nl::Solution>& solutions);
// The paths of `solution` as cells of `puzzle`, tied to its labels by name (or by endpoints);
// `problem` says why it cannot be a solution of this puzzle (a cell off the board, a path for no
// label, two paths for one label).
nl::MatchedSolution internal_solution(const nl::Puzzle& puzzle, const Solution& solution);
// The same for a solution to be written or drawn: nullopt for none, nl::InputError when it does
// not fit the puzzle.
std::optional<nl::Solution> fitting_solution(const nl::Puzzle& puzzle, const Solution* solution);

std::vector<Entry> public_entries(std::vector<nl::PuzzleEntry> entries);

// Throws std::invalid_argument for a negative, NaN or infinite time limit.
void require_timeout(double seconds, const char* what);

// Runs f, turning the library's errors into the public ones: callers see only the types of
// numberlink.hpp (and the standard library's).
template <class F>
auto translating_errors(F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const nl::InputError& e) {
        throw InputError(e.file, e.line, e.message);
    } catch (const nl::ModelError& e) {
        throw InputError("", 0, e.what());
    } catch (const nl::InternalError& e) {
        throw InternalError(e.what());
    }
}

}  // namespace numberlink::api
