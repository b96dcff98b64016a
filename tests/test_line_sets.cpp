// The sub-puzzles of a set of lines (solver/count/line_sets.hpp), against the brute-force oracle
// on random boards under every preset: for a solution T, a set D of its labels and a window W,
// the solutions of the sub-puzzle, spliced into T, are exactly the solutions of the whole
// puzzle that keep T's other paths and put D's paths on W's cells. Both directions are checked
// by counting: every splice passes the checker and is one of the oracle's solutions, and the
// oracle's solutions of that kind are as many as the sub-puzzle's. Windows of empty cells are
// checked under no-fill rules, where the argument allows them; the sets come from neighbouring
// lines and from windows of the board; a quarter of the boards have two layers joined by vias.
#include <gtest/gtest.h>

#include <set>

#include "brute_force.hpp"
#include "random_boards.hpp"
#include "core/checker.hpp"
#include "solver/count/line_sets.hpp"

using namespace nl;

namespace {

const Rules kFlow{true, true}, kNikoli{false, true}, kAdc{false, false}, kStrict{true, false};

std::vector<Solution> all_solutions(const Puzzle& p, Rules rules, std::size_t cap) {
    std::vector<Solution> out;
    testing_oracle::for_each_solution(p, rules, [&](const Solution& s) {
        out.push_back(s);
        return out.size() < cap;
    });
    return out;
}

// Whether `s` keeps T's paths outside `labels` and puts the paths of `labels` on cells left free
// in `sub`.
bool agrees_outside(const Puzzle& sub, const Solution& s, const Solution& t, const std::vector<int>& labels) {
    std::vector<char> in_set(t.paths.size(), 0);
    for (int l : labels) in_set[l] = 1;
    for (std::size_t l = 0; l < t.paths.size(); ++l) {
        if (!in_set[l]) {
            if (s.paths[l] != t.paths[l]) return false;
            continue;
        }
        for (CellId c : s.paths[l])
            if (sub.is_blocked(c)) return false;
    }
    return true;
}

struct Tally {
    long sets = 0, windowed = 0, other_solutions = 0, on_vias = 0;
};

void check_set(const Puzzle& p, Rules rules, const std::vector<Solution>& whole, const Solution& t,
               const std::vector<int>& grid, const std::vector<int>& labels, int window, Tally& tally) {
    const Puzzle sub = line_set_puzzle(p, grid, labels, window);
    ASSERT_EQ(sub.labels.size(), labels.size());
    const std::vector<Solution> parts = all_solutions(sub, rules, 100000);
    ASSERT_LT(parts.size(), 100000u);
    for (const Solution& u : parts) {
        const Solution s = spliced(t, labels, u);
        ASSERT_TRUE(check_solution(p, s, rules).ok) << check_solution(p, s, rules).message;
        ASSERT_TRUE(std::any_of(whole.begin(), whole.end(), [&](const Solution& w) { return w.paths == s.paths; }));
    }
    const long agreeing = std::count_if(whole.begin(), whole.end(),
                                        [&](const Solution& w) { return agrees_outside(sub, w, t, labels); });
    EXPECT_EQ(static_cast<long>(parts.size()), agreeing);
    ++tally.sets;
    tally.windowed += window >= 0;
    tally.on_vias += !p.vias.empty();
    tally.other_solutions += static_cast<long>(parts.size()) - 1;
}

}  // namespace

TEST(LineSetsProperty, SplicedSubPuzzlesAreExactlyTheAgreeingSolutions) {
    for (Rules rules : {kFlow, kNikoli, kAdc, kStrict}) {
        testing_boards::Rng rng{0x5e7500ULL + 2 * static_cast<std::uint64_t>(rules.fill) + rules.touch};
        Tally tally;
        for (int i = 0; i < 2000; ++i) {
            const Puzzle p = i % 4 == 3 ? testing_boards::random_layered(rng, 2, true, 4, 3)
                             : i % 2   ? testing_boards::random_covered_puzzle(rng, 5)
                                       : testing_boards::random_puzzle(rng, {2, 5, 6, 3});
            const std::vector<Solution> whole = all_solutions(p, rules, 20000);
            if (whole.empty() || whole.size() >= 20000) continue;
            SCOPED_TRACE("board " + std::to_string(i));
            const Solution& t = whole[static_cast<std::size_t>(rng.below(static_cast<int>(whole.size())))];
            const std::vector<int> grid = solution_grid(p, t);
            std::vector<LineSet> sets = neighbouring_line_sets(p, grid, true);
            for (const LineSet& w : window_line_sets(p, grid, 3)) sets.push_back(w);
            for (const LineSet& set : sets)
                for (int window : {-1, 0, 1}) {
                    if (rules.fill && window >= 0) continue;
                    check_set(p, rules, whole, t, grid, set.labels, window, tally);
                }
        }
        // Not vacuous: many sets, windows among them, sets on boards with vias, and sub-puzzles
        // with other solutions (the runs here: 2,959, 15,609, 15,075 and 691 sets, 3,048 and
        // 2,895 of them with vias under adc and nikoli rules; under fill rules few of these small
        // boards have solutions, and under strict rules one at most, so each sub-puzzle has T's
        // alone).
        EXPECT_GE(tally.sets, 500);
        if (!rules.fill) {
            EXPECT_GE(tally.windowed, 8000);
            EXPECT_GE(tally.on_vias, 1500);
        }
        if (rules.touch || !rules.fill) {
            EXPECT_GE(tally.other_solutions, 1500);
        }
    }
}

TEST(LineSets, WindowsCoverEveryLineAndMeetTheirLabels) {
    // A 6x6 board of six horizontal lines, one per row, each across the whole row.
    Puzzle p = make_board(6, 6);
    Solution t;
    for (int y = 0; y < 6; ++y) {
        p.labels.push_back(Label{std::string(1, char('A' + y)), {p.cell(0, y), p.cell(5, y)}});
        std::vector<CellId> row;
        for (int x = 0; x < 6; ++x) row.push_back(p.cell(x, y));
        t.paths.push_back(row);
    }
    finalize(p);
    ASSERT_TRUE(check_solution(p, t, kAdc).ok);
    const std::vector<int> grid = solution_grid(p, t);
    // Side 4, stride 2: windows start at rows 0 and 2 (the last one at the edge), so the sets are
    // the rows 0-3 and 2-5, each once however many windows start across.
    const std::vector<LineSet> sets = window_line_sets(p, grid, 4);
    ASSERT_EQ(sets.size(), 2u);
    EXPECT_EQ(sets[0].labels, (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(sets[1].labels, (std::vector<int>{2, 3, 4, 5}));
    EXPECT_EQ(sets[0].free_cells, 24);
    // Neighbouring sets: rows next to each other, then three rows in a band.
    const std::vector<LineSet> pairs = neighbouring_line_sets(p, grid, false);
    EXPECT_EQ(pairs.front().labels, (std::vector<int>{0, 1}));
    EXPECT_EQ(pairs.front().free_cells, 12);
}
