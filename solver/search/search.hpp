// The exhaustive search engine (after the COMP20003 flow-free solver): enumerates every solution of a small puzzle by
// depth-first search over partial paths, with dead-end pruning, under any rule preset.
//
// It shares no code with encoder/ and decoder/ (only core/), so it is an independent oracle for
// the SAT engine: same model, same checker, entirely different method. Every solution it counts
// has passed check_solution (a rejected one is a bug and throws InternalError).
//
// Two solutions are different when their sets of paths differ. The search builds each label's
// path from both terminals at once; each node branches on the next cell of one chosen head (or
// on joining the two heads), so every set of paths is reached by exactly one branch sequence and
// counted once. Empty cells under no-fill rules are simply empty; there are no detached loops.
// With Distinct::Colours the search still visits every set of paths but counts a colouring
// (solution_grid) only the first time it is reached, keeping the colourings seen in a set: memory
// grows with the count, which is fine for the small boards this engine is for.
// See search.cpp for the prunings and why each is sound under each preset.
#pragma once

#include <atomic>
#include <cstddef>
#include <vector>

#include "core/puzzle.hpp"
#include "solver/base/budget.hpp"

namespace nl {

struct SearchOptions {
    long max_solutions = 0;      // stop after this many (0: all)
    Distinct distinct = Distinct::Paths;  // what makes two solutions different (core/puzzle.hpp)
    std::size_t keep = 2;        // how many solutions to return in SearchResult::solutions
    Budget budget;  // its deadline and interrupt flag, polled every 1024 nodes
};

struct SearchResult {
    // Complete: count is exact. Capped: stopped on reaching max_solutions (there may be more).
    // Timeout: stopped by the timeout or the interrupt flag; count is a lower bound.
    enum class Status { Complete, Capped, Timeout } status = Status::Complete;
    long count = 0;
    std::vector<Solution> solutions;  // the first `keep` found, each passing check_solution
    long nodes = 0;                   // search nodes expanded
};

// Enumerates the solutions of `puzzle` under `rules` (not puzzle.rules: the caller chooses).
SearchResult search_solutions(const Puzzle& puzzle, Rules rules,
                              const SearchOptions& options = {});

}  // namespace nl
