// The cheap-node depth-first search (solver/search/dfs.hpp): its verdicts against the brute-force
// oracle (small boards) and the exhaustive search engine (larger ones) on random boards under
// every preset, hand-made boards, the corpus boards it is meant for, and its options (node
// budget, interrupt, boards it does not handle). Every solution it returns must pass the checker.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/checker.hpp"
#include "core/formats.hpp"
#include "generator/generate.hpp"
#include "solver/search/dfs.hpp"
#include "solver/search/search.hpp"
#include "tests/brute_force.hpp"
#include "tests/random_boards.hpp"
#include "tests/small_board_sets.hpp"

using namespace nl;
using Status = DfsResult::Status;

namespace {

const std::string kCorpus = std::string(NUMBERLINK_SOURCE_DIR) + "/../shared/corpus";
const Rules kFlow{true, true}, kNikoli{false, true}, kAdc{false, false}, kStrict{true, false};
const Rules kPresets[] = {kFlow, kNikoli, kAdc, kStrict};

// A board from rows of '.', '#' (blocked) and letters (terminals, each letter twice).
Puzzle board(const std::vector<std::string>& rows) {
    const int h = static_cast<int>(rows.size()), w = static_cast<int>(rows[0].size());
    Puzzle p = make_board(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const char ch = rows[y].at(x);
            const CellId c = p.cell(x, y);
            if (ch == '#') p.blocked[c] = 1;
            if (ch == '.' || ch == '#') continue;
            const int l = p.label_index(std::string(1, ch));
            if (l == kNoLabel) p.labels.push_back({std::string(1, ch), {c, kNoCell}});
            else p.labels[l].ends[1] = c;
        }
    p.name = "board";
    finalize(p);
    return p;
}

std::string render(const Puzzle& p) {
    std::string s;
    for (CellId c = 0; c < p.cell_count(); ++c) {
        if (c > 0 && c % p.width == 0) s += "\n";
        s += p.is_blocked(c) ? '#' : p.is_terminal(c) ? p.labels[p.terminal_label[c]].name[0] : '.';
    }
    return s;
}

// A random single-layer board: sides in [min_side, max_side], blocked cells on a third of the
// boards, 1..max_labels labels. On half of the boards each second terminal ends a short random
// walk from the first, which makes solvable boards common (uniformly placed terminals rarely
// admit a filling).
Puzzle random_board(testing_boards::Rng& rng, int min_side, int max_side, int max_labels) {
    for (;;) {
        const int w = min_side + rng.below(max_side - min_side + 1), h = min_side + rng.below(max_side - min_side + 1);
        Puzzle p = make_board(w, h);
        if (rng.below(3) == 0)
            for (auto& b : p.blocked) b = rng.below(100) < 12;
        std::vector<std::uint8_t> used(std::size_t(p.cell_count()), 0);
        std::vector<CellId> open;
        for (CellId c = 0; c < p.cell_count(); ++c)
            if (!p.blocked[c]) open.push_back(c);
        const int labels = 1 + rng.below(max_labels);
        if (static_cast<int>(open.size()) < 2 * labels) continue;
        const bool walks = rng.below(2);
        for (int l = 0; l < labels; ++l) {
            std::vector<CellId> left;
            for (CellId c : open)
                if (!used[c]) left.push_back(c);
            const CellId a = left[rng.below(static_cast<int>(left.size()))];
            used[a] = 1;
            CellId b = kNoCell;
            if (walks) {
                CellId at = a;
                for (int steps = 1 + rng.below(2 * (w + h)), i = 0; i < 60 && steps > 0; ++i) {
                    const int x = at % w, y = at / w, dir = rng.below(4);
                    const int nx = x + (dir == 0) - (dir == 1), ny = y + (dir == 2) - (dir == 3);
                    if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                    const CellId next = ny * w + nx;
                    if (p.blocked[next] || used[next]) continue;
                    at = next;
                    --steps;
                }
                if (at != a) b = at;
            }
            if (b == kNoCell) {
                left.erase(std::find(left.begin(), left.end(), a));
                b = left[rng.below(static_cast<int>(left.size()))];
            }
            used[b] = 1;
            p.labels.push_back({std::string(1, char('A' + l)), {a, b}});
        }
        p.name = "random";
        finalize(p);
        return p;
    }
}

}  // namespace

// 1. Against the brute-force oracle: 2,500 random boards of 2x2..5x5, each under the four
// presets. A completed search says "unsolvable", so its verdict must be the oracle's, both ways.
TEST(DfsOracle, RandomSmallBoardsMatchBruteForce) {
    const std::uint64_t seed = 20261122;
    testing_boards::Rng rng{seed};
    long solvable[4] = {}, compared = 0;
    for (int i = 0; i < 2500; ++i) {
        const Puzzle p = random_board(rng, 2, 5, 4);
        for (int k = 0; k < 4; ++k) {
            const Rules r = kPresets[k];
            const bool expected = testing_oracle::count_solutions(p, r, 1) > 0;
            const DfsResult got = dfs_solve(p, r);
            ASSERT_EQ(got.status, expected ? Status::Solved : Status::Unsolvable)
                << "seed " << seed << ", board " << i << ", rules " << rules_name(r) << "\n" << render(p);
            if (expected) {
                ASSERT_TRUE(check_solution(p, got.solution, r).ok);
            }
            solvable[k] += expected;
            ++compared;
        }
    }
    std::printf("[dfs] %ld comparisons; solvable under flow/nikoli/adc/strict: %ld/%ld/%ld/%ld\n", compared,
                solvable[0], solvable[1], solvable[2], solvable[3]);
    // Not a vacuous comparison: both verdicts occur under every preset (filled boards without
    // touching are the rarest: 85 of 2,500 here).
    for (long n : solvable) {
        EXPECT_GT(n, 50);
        EXPECT_LT(n, 2400);
    }
}

// 2. Against the exhaustive search engine (an independent method) on larger boards, 5x5..7x7,
// under the fill presets where the pruning matters most. Random terminals seldom admit a
// filling, so the boards come from the generator (solvable by construction, blocked cells on
// half of them), and on half of them two labels swap one end each (often unsolvable then, and
// hard to refute).
TEST(DfsOracle, GeneratedBoardsMatchExhaustiveSearch) {
    const std::uint64_t seed = 7100;
    testing_boards::Rng rng{seed};
    long solvable[2] = {}, unsolvable[2] = {}, compared = 0;
    const Rules fill[] = {kFlow, kStrict};
    for (int i = 0; i < 1500; ++i) {
        gen::GenerateOptions go;
        go.width = 5 + rng.below(3);
        go.height = 5 + rng.below(3);
        go.rules = fill[rng.below(2)];
        go.fill_all = rng.below(2);
        go.wall_budget = 0;
        gen::Generated made;
        if (gen::generate_one(go, seed + std::uint64_t(i), "generated", made) != gen::GenerateStatus::Ok) continue;
        Puzzle p = made.puzzle;
        testing_boards::maybe_swap_ends(p, rng);
        for (int k = 0; k < 2; ++k) {
            SearchOptions so;
            so.max_solutions = 1;
            so.budget = Budget::starting_now(5, nullptr, 0);
            const SearchResult want = search_solutions(p, fill[k], so);
            if (want.status == SearchResult::Status::Timeout) continue;
            const DfsResult got = dfs_solve(p, fill[k]);
            ASSERT_EQ(got.status, want.count ? Status::Solved : Status::Unsolvable)
                << "seed " << seed << ", board " << i << ", rules " << rules_name(fill[k]) << "\n" << render(p);
            if (want.count) {
                ASSERT_TRUE(check_solution(p, got.solution, fill[k]).ok);
            }
            (want.count ? solvable : unsolvable)[k] += 1;
            ++compared;
        }
    }
    std::printf("[dfs] %ld comparisons with the exhaustive search; flow: %ld solvable, %ld not; strict: %ld "
                "solvable, %ld not\n",
                compared, solvable[0], unsolvable[0], solvable[1], unsolvable[1]);
    EXPECT_GT(compared, 2500);
    for (int k = 0; k < 2; ++k) {
        EXPECT_GT(solvable[k], 250);
        EXPECT_GT(unsolvable[k], 250);
    }
}

// 3. Boards whose answers are known by hand.
TEST(DfsKnown, SmallBoards) {
    // A at two adjacent corners of a 2x2: under flow only the way round fills the board; under
    // strict its ends would touch; without fill the direct link is a solution.
    const Puzzle p = board({"AA", ".."});
    EXPECT_EQ(dfs_solve(p, kFlow).status, Status::Solved);
    EXPECT_EQ(dfs_solve(p, kFlow).solution.paths[0].size(), 4u);
    EXPECT_EQ(dfs_solve(p, kStrict).status, Status::Unsolvable);
    EXPECT_EQ(dfs_solve(p, kAdc).status, Status::Solved);
    EXPECT_EQ(dfs_solve(p, kAdc).solution.paths[0].size(), 2u);
    // Diagonal corners of a 2x2: no filling (chessboard colours), two paths without fill.
    const Puzzle q = board({"A.", ".A"});
    EXPECT_EQ(dfs_solve(q, kFlow).status, Status::Unsolvable);
    EXPECT_EQ(dfs_solve(q, kNikoli).status, Status::Solved);
    // Crossed labels on a 2-row strip: A B / B A cannot be joined without crossing.
    const Puzzle r = board({"AB", "BA"});
    for (Rules rules : kPresets) EXPECT_EQ(dfs_solve(r, rules).status, Status::Unsolvable) << rules_name(rules);
    // A wall cuts the board: the pocket on the right is stranded under fill (D4), fine without.
    const Puzzle s = board({"A.#..", "..#..", "A.#.."});
    EXPECT_EQ(dfs_solve(s, kFlow).status, Status::Unsolvable);
    EXPECT_EQ(dfs_solve(s, kNikoli).status, Status::Solved);
    // A 4x4 with its answer forced: every cell used, under flow and strict.
    const Puzzle t = board({"A..B", "...C", ".A.B", "C..."});
    for (Rules rules : {kFlow, kStrict}) {
        const DfsResult d = dfs_solve(t, rules);
        const bool expected = testing_oracle::count_solutions(t, rules, 1) > 0;
        EXPECT_EQ(d.status, expected ? Status::Solved : Status::Unsolvable) << rules_name(rules);
    }
}

// 4. The options: a node budget, the interrupt flag, and boards it does not handle.
TEST(DfsOptions, BudgetAndLayers) {
    // An empty 12x12 with one label between two corners of different colours: a snake fills it,
    // but the search needs more than a handful of nodes.
    Puzzle p = make_board(12, 12);
    p.labels.push_back({"A", {p.cell(0, 0), p.cell(11, 0)}});
    p.name = "open";
    finalize(p);
    DfsOptions few;
    few.max_nodes = 5;
    const DfsResult budget = dfs_solve(p, kFlow, few);
    EXPECT_EQ(budget.status, Status::Budget);
    EXPECT_LE(budget.nodes, 6);
    EXPECT_EQ(dfs_solve(p, kFlow).status, Status::Solved);
    // Same-coloured corners of an empty 20x20: no filling (D5 at the root), paths without fill.
    Puzzle big = make_board(20, 20);
    big.labels.push_back({"A", {big.cell(0, 0), big.cell(19, 19)}});
    big.name = "big";
    finalize(big);
    EXPECT_EQ(dfs_solve(big, kFlow).status, Status::Unsolvable);
    EXPECT_EQ(dfs_solve(big, kNikoli).status, Status::Solved);
    Puzzle layered = make_board(3, 3, 2);
    layered.labels.push_back({"A", {layered.cell(0, 0, 0), layered.cell(2, 2, 1)}});
    layered.name = "layered";
    finalize(layered);
    EXPECT_EQ(dfs_solve(layered, kFlow).status, Status::NotApplicable);
    // Boards above kDfsMaxCells: its depth, and its stack, would grow with them.
    Puzzle huge = make_board(51, 50);
    huge.labels.push_back({"A", {huge.cell(0, 0), huge.cell(1, 0)}});
    huge.name = "huge";
    finalize(huge);
    EXPECT_EQ(dfs_solve(huge, kNikoli).status, Status::NotApplicable);
    Puzzle bound = make_board(50, 50);
    bound.labels.push_back({"A", {bound.cell(0, 0), bound.cell(1, 0)}});
    bound.name = "bound";
    finalize(bound);
    EXPECT_EQ(dfs_solve(bound, kNikoli).status, Status::Solved);  // the join at once
    // The largest board, solved at the full depth (one label per row, along the row): the
    // sanitizer build runs this too, with the larger frames it gives every call.
    Puzzle rows = make_board(50, 50);
    for (int y = 0; y < 50; ++y) rows.labels.push_back({std::to_string(y), {rows.cell(0, y), rows.cell(49, y)}});
    rows.name = "rows";
    finalize(rows);
    EXPECT_EQ(dfs_solve(rows, kStrict).status, Status::Solved);
}

TEST(DfsOptions, InterruptStopsALongSearch) {
    // Under nikoli rules (no fill, so few prunings) this board takes thousands of nodes; the
    // flag is read every 1024 nodes, so a search started with it set stops at the first read.
    const Puzzle p = board({"A.......", "........", "........", "...BC...", "........", "........", "........",
                            "..B..C.A"});
    const DfsResult free_run = dfs_solve(p, kNikoli);
    ASSERT_EQ(free_run.status, Status::Solved);
    ASSERT_GT(free_run.nodes, 2048);  // the precondition of this test
    std::atomic<bool> stop{true};
    DfsOptions o;
    o.budget.interrupt = &stop;
    const DfsResult d = dfs_solve(p, kNikoli, o);
    EXPECT_EQ(d.status, Status::Stopped);
    EXPECT_EQ(d.nodes, 1024);
}

// 5. The corpus boards it is meant for, as `auto` runs it: every Janko board (strict) and
// every level-pack board (flow rules, searched for a strict solution, which must pass the flow
// checker too) up to 14x14 solves within 100,000 nodes (the most measured: 11,657); of the
// larger ones up to 400 cells (Janko's 17x17 and 24x14) most do, and those it solves check.
TEST(DfsCorpus, JankoAndLevelPacks) {
    namespace fs = std::filesystem;
    if (!fs::is_directory(kCorpus)) GTEST_SKIP() << "reference corpus not found at " << kCorpus;
    for (const auto& set : testing_sets::kSmallBoardSets) {
        const std::string path = kCorpus + "/" + set.file;
        if (!fs::exists(path)) continue;
        long solved = 0, total = 0, nodes = 0, large = 0, large_solved = 0;
        for (const auto& entry : read_puzzles(path, {})) {
            if (entry.puzzle.cell_count() > 400) continue;
            const bool small = entry.puzzle.cell_count() <= 196;
            DfsOptions o;
            o.max_nodes = 100'000;
            const DfsResult d = dfs_solve(entry.puzzle, kStrict, o);
            ++total;
            large += !small;
            nodes += d.nodes;
            if (small) {
                EXPECT_EQ(d.status, Status::Solved) << entry.puzzle.name;
            }
            EXPECT_NE(d.status, Status::Unsolvable) << entry.puzzle.name;  // all have strict solutions
            if (d.status != Status::Solved) continue;
            ++solved;
            large_solved += !small;
            EXPECT_TRUE(check_solution(entry.puzzle, d.solution, set.rules).ok) << entry.puzzle.name;
        }
        std::printf("[dfs] %s: %ld of %ld solved (%ld of %ld above 14x14), %ld nodes\n", set.file.c_str(), solved,
                    total, large_solved, large, nodes);
        EXPECT_GT(total, 100);
        EXPECT_GE(large_solved * 4, large * 3);
    }
}
