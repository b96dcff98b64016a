// Test-only: the independent check of what `numberlink generate` wrote, shared by its CLI tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/checker.hpp"
#include "core/formats.hpp"
#include "solver/search/search.hpp"

namespace nl::testing_cli {

// Every puzzle of `file` carries its solution, which passes the checker, and (when `unique`)
// the exhaustive search, which shares no code with the generator or the SAT engine, finds
// exactly one solution. Returns the puzzles.
inline std::vector<PuzzleEntry> expect_valid_pack(const std::string& file, Rules rules, bool unique) {
    auto entries = read_puzzles(file, {});
    EXPECT_FALSE(entries.empty()) << file;
    for (const PuzzleEntry& e : entries) {
        EXPECT_TRUE(e.solution.has_value()) << e.puzzle.name;
        if (!e.solution) continue;
        const CheckResult r = check_solution(e.puzzle, *e.solution, rules);
        EXPECT_TRUE(r.ok) << e.puzzle.name << ": " << r.message;
        if (!unique) continue;
        SearchOptions so;
        so.max_solutions = 2;
        const SearchResult s = search_solutions(e.puzzle, rules, so);
        EXPECT_EQ(s.status, SearchResult::Status::Complete) << e.puzzle.name;
        EXPECT_EQ(s.count, 1) << e.puzzle.name;
    }
    return entries;
}

}  // namespace nl::testing_cli
