// The exhaustive search engine (solver/search/search.hpp): against the brute-force oracle on random
// small boards under every preset, on counts derived by hand, and on its options (keep, cap,
// timeout). Solutions it returns must pass the checker.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>

#include "timing.hpp"
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/checker.hpp"
#include "solver/search/search.hpp"
#include "tests/brute_force.hpp"

using namespace nl;

namespace {

const Rules kFlow{true, true}, kNikoli{false, true}, kAdc{false, false}, kStrict{true, false};
const Rules kPresets[] = {kFlow, kNikoli, kAdc, kStrict};

// A board from rows of '.', '#' (blocked) and letters (terminals, each letter twice); the layers
// of a multi-layer board follow each other, `layers` blocks of equal height. No vias: every cell
// links to the cells above and below it.
Puzzle board(const std::vector<std::string>& rows, int layers = 1) {
    const int h = static_cast<int>(rows.size()) / layers, w = static_cast<int>(rows[0].size());
    Puzzle p = make_board(w, h, layers);
    for (int z = 0; z < layers; ++z)
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const char ch = rows[z * h + y].at(x);
                const CellId c = p.cell(x, y, z);
                if (ch == '#') p.blocked[c] = 1;
                if (ch == '.' || ch == '#') continue;
                int l = p.label_index(std::string(1, ch));
                if (l == kNoLabel) {
                    p.labels.push_back({std::string(1, ch), {c, kNoCell}});
                } else {
                    p.labels[l].ends[1] = c;
                }
            }
    finalize(p);
    return p;
}

std::string render(const Puzzle& p) {
    std::string s;
    for (CellId c = 0; c < p.cell_count(); ++c) {
        if (c > 0 && c % p.width == 0) s += c % (p.width * p.height) == 0 ? "\n--\n" : "\n";
        s += p.is_blocked(c) ? '#' : p.is_terminal(c) ? p.labels[p.terminal_label[c]].name[0] : '.';
    }
    return s;
}

long count(const Puzzle& p, Rules r) {
    SearchResult res = search_solutions(p, r);
    EXPECT_EQ(res.status, SearchResult::Status::Complete);
    return res.count;
}

struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % std::uint64_t(n)); }
};

// A random small puzzle: 2x2..5x5 (or a two-layer 2x2..3x3), blocked cells on half of the
// boards, 1-4 labels with terminals on distinct open cells. `top` raises the largest size.
Puzzle random_puzzle(SplitMix64& rng, int largest = 5) {
    const int layers = rng.below(8) == 0 ? 2 : 1;
    const int top = layers == 2 ? largest - 2 : largest;
    const int w = 2 + rng.below(top - 1), h = 2 + rng.below(top - 1);
    Puzzle p = make_board(w, h, layers);
    if (rng.below(2))
        for (auto& b : p.blocked) b = rng.below(100) < 15;
    std::vector<CellId> open;
    for (CellId c = 0; c < p.cell_count(); ++c)
        if (!p.blocked[c]) open.push_back(c);
    if (open.size() < 2) {
        std::fill(p.blocked.begin(), p.blocked.end(), 0);
        open.clear();
        for (CellId c = 0; c < p.cell_count(); ++c) open.push_back(c);
    }
    const int labels = std::min<int>(1 + rng.below(4), static_cast<int>(open.size()) / 2);
    std::vector<std::uint8_t> used(std::size_t(p.cell_count()), 0);
    auto take = [&](CellId c) {
        used[c] = 1;
        open.erase(std::find(open.begin(), open.end(), c));
    };
    // Half of the boards put each second terminal at the end of a short random walk from the
    // first one, which makes solvable puzzles (and puzzles with many solutions) common.
    const bool walks = rng.below(2);
    for (int l = 0; l < labels && open.size() >= 2; ++l) {
        const CellId a = open[rng.below(static_cast<int>(open.size()))];
        take(a);
        CellId b = open[rng.below(static_cast<int>(open.size()))];
        if (walks) {
            CellId at = a;
            for (int steps = 1 + rng.below(6), i = 0; i < 20 && steps > 0; ++i) {
                const int x = at % w, y = (at / w) % h;
                const int dir = rng.below(4);
                const int nx = x + (dir == 0) - (dir == 1), ny = y + (dir == 2) - (dir == 3);
                if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                const CellId next = at - x - y * w + ny * w + nx;
                if (p.blocked[next] || used[next]) continue;
                at = next;
                --steps;
            }
            if (at != a) b = at;
        }
        take(b);
        p.labels.push_back({std::string(1, char('A' + l)), {a, b}});
    }
    finalize(p);
    return p;
}

}  // namespace

// 1. Against the brute-force oracle: 2,000 random puzzles, each under the four presets, counts
// capped at 50. The oracle enumerates whole paths before judging them, so the boards stay small.
TEST(SearchOracle, RandomSmallBoardsMatchBruteForce) {
    const std::uint64_t seed = 20240502;
    SplitMix64 rng{seed};
    const long cap = 50;
    double search_seconds = 0;
    long compared = 0, zero = 0, capped = 0, solvable[4] = {};
    for (int i = 0; i < 2000; ++i) {
        const Puzzle p = random_puzzle(rng);
        for (int k = 0; k < 4; ++k) {
            const Rules r = kPresets[k];
            const long expected = testing_oracle::count_solutions(p, r, cap);
            SearchOptions opt;
            opt.max_solutions = cap;
            opt.keep = 3;
            const auto t0 = std::chrono::steady_clock::now();
            const SearchResult got = search_solutions(p, r, opt);
            search_seconds +=
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            ASSERT_EQ(got.count, expected)
                << "seed " << seed << ", puzzle " << i << ", rules " << rules_name(r) << "\n"
                << render(p);
            ASSERT_EQ(got.status, expected == cap ? SearchResult::Status::Capped
                                                  : SearchResult::Status::Complete);
            for (const Solution& s : got.solutions) ASSERT_TRUE(check_solution(p, s, r).ok);
            ++compared;
            zero += expected == 0;
            solvable[k] += expected > 0;
            capped += expected == cap;
        }
    }
    std::printf("[search] %ld comparisons (%ld without solution, %ld with >= %ld; solvable under "
                "flow/nikoli/adc/strict: %ld/%ld/%ld/%ld): search %.3f s\n",
                compared, zero, capped, cap, solvable[0], solvable[1], solvable[2], solvable[3],
                search_seconds);
}

// 2. Counts derived by hand.
TEST(SearchKnown, TwoByTwo) {
    // A at two adjacent corners of a 2x2 (a 4-cycle). Direct: [0,0]-[1,0] (leaves two cells
    // empty). Around: [0,0]-[0,1]-[1,1]-[1,0] (fills the board, but its ends touch).
    // flow: around only; nikoli: both; adc: direct only; strict: neither.
    const Puzzle p = board({"AA", ".."});
    EXPECT_EQ(count(p, kFlow), 1);
    EXPECT_EQ(count(p, kNikoli), 2);
    EXPECT_EQ(count(p, kAdc), 1);
    EXPECT_EQ(count(p, kStrict), 0);
    // Diagonal corners: two 3-cell paths; neither fills (a Hamiltonian path of a 2x2 joins
    // cells of different colours of the chessboard), neither touches itself.
    const Puzzle q = board({"A.", ".A"});
    EXPECT_EQ(count(q, kFlow), 0);
    EXPECT_EQ(count(q, kNikoli), 2);
    EXPECT_EQ(count(q, kAdc), 2);
    EXPECT_EQ(count(q, kStrict), 0);
    // Two vertical labels: each straight down is the only way (going round would need the
    // other label's column): 1 everywhere.
    const Puzzle r = board({"AB", "AB"});
    for (Rules rules : kPresets) EXPECT_EQ(count(r, rules), 1);
}

TEST(SearchKnown, OppositeCornersOfSquares) {
    // One label from corner to opposite corner of an n x n board. Without fill these are the
    // self-avoiding corner-to-corner paths (OEIS A007764: 12, 184, 8512 for n = 3, 4, 5); with
    // fill, the Hamiltonian ones (A001184: 2, 0, 104; n = 4 is impossible by chessboard parity).
    // On 3x3: the 6 monotone staircases never touch themselves; the 4 paths of 7 cells and the
    // 2 snakes all turn back beside an earlier cell, so adc = 6 and strict = 0.
    const Puzzle p3 = board({"A..", "...", "..A"});
    EXPECT_EQ(count(p3, kFlow), 2);
    EXPECT_EQ(count(p3, kNikoli), 12);
    EXPECT_EQ(count(p3, kAdc), 6);
    EXPECT_EQ(count(p3, kStrict), 0);
    const Puzzle p4 = board({"A...", "....", "....", "...A"});
    EXPECT_EQ(count(p4, kNikoli), 184);
    EXPECT_EQ(count(p4, kFlow), 0);
    const Puzzle p5 = board({"A....", ".....", ".....", ".....", "....A"});
    EXPECT_EQ(count(p5, kNikoli), 8512);
    EXPECT_EQ(count(p5, kFlow), 104);
    // A blocked centre on 3x3 leaves an 8-cycle: two ways round, each 5 cells; only the
    // two fill-less paths exist and they are induced (no touching): nikoli = adc = 2.
    const Puzzle b = board({"A..", ".#.", "..A"});
    EXPECT_EQ(count(b, kNikoli), 2);
    EXPECT_EQ(count(b, kAdc), 2);
    EXPECT_EQ(count(b, kFlow), 0);
    EXPECT_EQ(count(b, kStrict), 0);
}

TEST(SearchKnown, TwoLayers) {
    // 2x1 board on two layers: the 4 cells form a 4-cycle ([0,0,0]-[1,0,0] on top, the same
    // below, joined vertically). A at both top cells: the same as the 2x2 case above.
    const Puzzle p = board({"AA", ".."}, 2);
    ASSERT_EQ(p.layers, 2);
    EXPECT_EQ(count(p, kFlow), 1);
    EXPECT_EQ(count(p, kNikoli), 2);
    EXPECT_EQ(count(p, kAdc), 1);
    EXPECT_EQ(count(p, kStrict), 0);
    // 2x2x2: the cube graph Q3, A at antipodal corners 000 and 111; a path is a sequence of bit
    // flips. Hamiltonian paths (7 flips): the first two flips are any ordered pair of distinct
    // bits x, y (6 ways), then every step is forced (x y x z y x y: from 110 only x avoids a
    // visited cell or an early arrival, and so on): flow = 6. Without fill there are also the 6
    // shortest paths (3 flips) and 6 of 5 flips (x y x z x, e.g. 000-100-110-010-011-111):
    // nikoli = 18. Only the shortest ones avoid touching (000-100-110-010 has 000 next to 010;
    // the 7-flip ones contain such a turn too): adc = 6, strict = 0. The oracle agrees.
    const Puzzle q = board({"A.", "..", "..", ".A"}, 2);
    EXPECT_EQ(count(q, kFlow), 6);
    EXPECT_EQ(count(q, kNikoli), 18);
    EXPECT_EQ(count(q, kAdc), 6);
    EXPECT_EQ(count(q, kStrict), 0);
    for (Rules r : kPresets) EXPECT_EQ(count(q, r), testing_oracle::count_solutions(q, r, 1000));
    // Vias: 2x1 on two layers, A at [1,0,0] and [1,0,1]. Without vias they are adjacent: as
    // the 4-cycle above (1, 2, 1, 0). With one via at x = 0 only, the only way is round
    // through it, filling the board without touching: 1 under every preset.
    Puzzle v = make_board(2, 1, 2);
    v.labels.push_back({"A", {v.cell(1, 0, 0), v.cell(1, 0, 1)}});
    finalize(v);
    EXPECT_EQ(count(v, kNikoli), 2);
    EXPECT_EQ(count(v, kStrict), 0);
    v.vias.push_back({"1", {v.cell(0, 0, 0), v.cell(0, 0, 1)}});
    finalize(v);
    for (Rules r : kPresets) EXPECT_EQ(count(v, r), 1);
}

// 3. Options: keep, max_solutions, Capped, Timeout, interrupt; solutions pass the checker.
TEST(SearchApi, KeepAndCap) {
    const Puzzle p = board({"A....", ".....", ".....", ".....", "....A"});
    SearchOptions opt;
    opt.keep = 5;
    SearchResult all = search_solutions(p, kNikoli, opt);
    EXPECT_EQ(all.status, SearchResult::Status::Complete);
    EXPECT_EQ(all.count, 8512);
    ASSERT_EQ(all.solutions.size(), 5u);
    for (const Solution& s : all.solutions) EXPECT_TRUE(check_solution(p, s, kNikoli).ok);
    EXPECT_NE(all.solutions[0].paths, all.solutions[1].paths);
    EXPECT_GT(all.nodes, 0);
    opt.max_solutions = 7;
    opt.keep = 10;
    SearchResult capped = search_solutions(p, kNikoli, opt);
    EXPECT_EQ(capped.status, SearchResult::Status::Capped);
    EXPECT_EQ(capped.count, 7);
    EXPECT_EQ(capped.solutions.size(), 7u);
    // A cap equal to the exact count still says Capped (the search stops there); above it,
    // Complete.
    opt.max_solutions = 104;
    EXPECT_EQ(search_solutions(p, kFlow, opt).status, SearchResult::Status::Capped);
    opt.max_solutions = 105;
    EXPECT_EQ(search_solutions(p, kFlow, opt).status, SearchResult::Status::Complete);
    opt.keep = 0;
    EXPECT_TRUE(search_solutions(p, kFlow, opt).solutions.empty());
}

TEST(SearchApi, NoSolutionAndNoLabels) {
    // A walled off: no path.
    const Puzzle p = board({"A#A"});
    for (Rules r : kPresets) EXPECT_EQ(count(p, r), 0);
    // No labels: the empty solution, valid unless fill leaves cells empty.
    const Puzzle q = board({"..", ".."});
    EXPECT_EQ(count(q, kFlow), 0);
    EXPECT_EQ(count(q, kNikoli), 1);
}

TEST(SearchApi, TimeoutAndInterrupt) {
    // 8x8, one label, nikoli: far too many paths to enumerate.
    Puzzle p = board({"A.......", "........", "........", "........", "........", "........",
                      "........", ".......A"});
    SearchOptions opt;
    opt.budget = Budget::starting_now(0.05, nullptr, 0);
    const auto t0 = std::chrono::steady_clock::now();
    SearchResult r = search_solutions(p, kNikoli, opt);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_EQ(r.status, SearchResult::Status::Timeout);
    EXPECT_GT(r.count, 0);
    EXPECT_LT(s, nl::testing_timing::timeout_bound(0.05));
    std::atomic<bool> stop{true};
    SearchOptions stopped;
    stopped.budget.interrupt = &stop;
    EXPECT_EQ(search_solutions(p, kNikoli, stopped).status, SearchResult::Status::Timeout);
}

// 4. Speed (printed, not asserted): the random set of test 1 and a set up to 6x6 (the sizes of
// the SAT-versus-search property tests), counts capped at 50 as there.
TEST(SearchSpeed, RandomSets) {
    for (int largest : {5, 6}) {
        SplitMix64 rng{20240502};
        long runs = 0, solutions = 0, nodes = 0;
        double seconds = 0, worst = 0;
        for (int i = 0; i < 2000; ++i) {
            const Puzzle p = random_puzzle(rng, largest);
            for (Rules r : kPresets) {
                SearchOptions opt;
                opt.max_solutions = 50;
                const auto t0 = std::chrono::steady_clock::now();
                SearchResult res = search_solutions(p, r, opt);
                const double t =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                seconds += t;
                worst = std::max(worst, t);
                ++runs;
                solutions += res.count;
                nodes += res.nodes;
            }
        }
        std::printf("[search] up to %dx%d: %ld runs, cap 50: %.3f s in all (%.1f us mean, %.2f ms "
                    "worst), %ld solutions, %ld nodes\n",
                    largest, largest, runs, seconds, 1e6 * seconds / runs, 1e3 * worst, solutions,
                    nodes);
    }
}
