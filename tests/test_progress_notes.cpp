// What a solve notes for a progress line (solver/base/progress.hpp): every stage of the table
// that runs is begun and ended, in the table's order; SAT notes its phases and, after its calls,
// the conflicts so far, the last of them the count its result reports; the scan notes the cells
// it has visited; a solve without a sink notes nothing and answers the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

#include "core/formats.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/pipeline/stage.hpp"

namespace {

using namespace nl;

struct Seen {
    ProgressNote::Kind kind;
    std::string stage, phase, unit;
    std::uint64_t count;
};

// A sink that keeps every note (from any thread: a race notes from two).
struct Recorder {
    std::mutex mutex;
    std::vector<Seen> notes;
    ProgressSink sink() {
        return [this](const ProgressNote& n) {
            std::lock_guard lock(mutex);
            notes.push_back({n.kind, n.stage, n.phase, n.unit, n.count});
        };
    }
};

Puzzle ascii(const std::string& text) {
    return read_puzzles(text_from_string("t.txt", text), {Format::Ascii, std::nullopt}).at(0).puzzle;
}

TEST(ProgressNotes, EveryStageThatRunsIsBegunAndEndedInTheTablesOrder) {
    // A board that goes down the table to SAT (the earlier rows find nothing on it).
    const Puzzle p = ascii("A..\n...\n..A\n");
    Recorder r;
    EngineOptions options;
    options.progress = r.sink();
    const EngineResult result = solve_puzzle(p, p.rules, options);
    ASSERT_EQ(result.status, Verdict::Solved);
    std::vector<std::string> begun;
    std::string open;
    for (const Seen& n : r.notes) {
        if (n.kind == ProgressNote::Kind::Begin) {
            EXPECT_EQ(open, "") << "a stage began while " << open << " ran, without a race";
            open = n.stage;
            begun.push_back(n.stage);
        } else if (n.kind == ProgressNote::Kind::End) {
            EXPECT_EQ(n.stage, open);
            open.clear();
        } else {
            EXPECT_EQ(n.stage, open) << "figures outside their stage";
        }
    }
    EXPECT_EQ(open, "");
    // The stages begun are rows of the table, in its order, and the one that answered is among them.
    std::vector<std::string> rows;
    for (const Stage& s : auto_stages()) rows.push_back(s.name);
    std::size_t at = 0;
    for (const std::string& stage : begun) {
        const auto found = std::find(rows.begin() + static_cast<long>(at), rows.end(), stage);
        ASSERT_NE(found, rows.end()) << stage << " is not a row after the one before it";
        at = static_cast<std::size_t>(found - rows.begin()) + 1;
    }
    EXPECT_NE(std::find(begun.begin(), begun.end(), result.engine), begun.end()) << result.engine;
    EXPECT_EQ(begun.front(), "parity");  // the first row, which applies to every board
}

TEST(ProgressNotes, SatNotesItsPhasesAndTheConflictsItsResultCounts) {
    const Puzzle p = ascii("A..\n...\n..A\n");
    Recorder r;
    EngineOptions options;
    options.engine = Engine::Sat;
    options.progress = r.sink();
    const EngineResult result = solve_puzzle(p, p.rules, options);
    ASSERT_EQ(result.status, Verdict::Solved);
    ASSERT_FALSE(r.notes.empty());
    EXPECT_EQ(r.notes.front().kind, ProgressNote::Kind::Begin);
    EXPECT_EQ(r.notes.back().kind, ProgressNote::Kind::End);
    std::vector<std::string> phases;
    const Seen* last_count = nullptr;
    for (const Seen& n : r.notes) {
        EXPECT_EQ(n.stage, "sat");  // the engine alone is one stage, named after it
        if (!n.phase.empty() && (phases.empty() || phases.back() != n.phase)) phases.push_back(n.phase);
        if (n.unit == "conflicts") last_count = &n;
    }
    // SAT encodes, loads and searches, in that order.
    ASSERT_GT(result.sat_stats.sat_calls, 0);
    EXPECT_EQ(phases, (std::vector<std::string>{"encoding", "loading", "searching"}));
    ASSERT_NE(last_count, nullptr);
    EXPECT_EQ(last_count->count, result.sat_stats.conflicts);
}

TEST(ProgressNotes, TheScanNotesTheCellsItHasVisited) {
    // 90 lines straight across a board of 90 rows of 1,000 cells (strict rules): the scan
    // visits every cell, more than the 65,536 between its notes.
    std::string text;
    for (char label = '!'; label <= '~' && text.size() < 90 * 1001; ++label)
        if (label != '.' && label != '#') text += label + std::string(998, '.') + label + "\n";
    Puzzle p = ascii(text);
    p.rules = Rules{true, false};
    Recorder r;
    EngineOptions options;
    options.engine = Engine::Scan;
    options.progress = r.sink();
    const EngineResult result = solve_puzzle(p, p.rules, options);
    const long long* nodes = attempt_count(result.attempts.back(), "nodes");
    ASSERT_NE(nodes, nullptr);
    std::uint64_t last = 0;
    int counts = 0;
    for (const Seen& n : r.notes) {
        if (n.unit != "nodes") continue;
        EXPECT_EQ(n.stage, "scan");
        EXPECT_GE(n.count, last);
        last = n.count;
        ++counts;
    }
    ASSERT_GT(*nodes, 65'537) << "the board is not a test of the notes";
    EXPECT_GE(counts, 2) << *nodes << " nodes";
    EXPECT_LE(last, static_cast<std::uint64_t>(*nodes));
}

TEST(ProgressNotes, WithoutASinkTheAnswerIsTheSame) {
    const Puzzle p = ascii("R...G\n.....\n.Y...\n..B..\nB.YRG\n");
    Recorder r;
    EngineOptions noted;
    noted.progress = r.sink();
    const EngineResult with = solve_puzzle(p, p.rules, noted), without = solve_puzzle(p, p.rules, EngineOptions{});
    EXPECT_EQ(with.status, without.status);
    EXPECT_EQ(with.engine, without.engine);
    EXPECT_EQ(with.solution.paths, without.solution.paths);
    EXPECT_FALSE(r.notes.empty());
}

}  // namespace
