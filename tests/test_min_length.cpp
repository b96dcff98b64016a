// The proved minimum length (solver/count/min_length.hpp): on thousands of random small boards
// per preset (one layer, and two layers with and without vias), started from the LONGEST
// solution the brute-force oracle finds, minimize_length proves optimal exactly the oracle's
// minimum total length, with a solution the checker accepts; its lower bound never exceeds the
// true minimum (with and without the uniqueness proof first, with the cores first and without
// them, with both sides of the search interleaved, and with questions split into cubes); a spent
// budget reports the best found and the gap, never "optimal" unproved.
#include <gtest/gtest.h>

#include <atomic>
#include <climits>

#include "brute_force.hpp"
#include "random_boards.hpp"
#include "core/checker.hpp"
#include "core/quality.hpp"
#include "solver/count/min_length.hpp"

namespace {

using namespace nl;

struct Extremes {
    long solutions = 0;
    long min_length = LONG_MAX;
    Solution longest;
    long max_length = -1;
};

// Every solution (up to `cap`), its shortest length and its longest solution.
Extremes enumerate(const Puzzle& p, Rules rules, long cap) {
    Extremes e;
    testing_oracle::for_each_solution(p, rules, [&](const Solution& s) {
        const long length = solution_quality(p, s).length;
        e.min_length = std::min(e.min_length, length);
        if (length > e.max_length) {
            e.max_length = length;
            e.longest = s;
        }
        return ++e.solutions < cap;
    });
    return e;
}

struct Tally {
    int boards = 0, improved = 0, from_lower_bound = 0, by_empty = 0, by_links = 0, stride_two = 0, by_uniqueness = 0;
    long bound_raises = 0;
    int met_lower_bound = 0;
    long cores = 0;          // cores found over all boards
    int cube_boards = 0;     // boards where a question was split into cubes
    long cube_cores = 0;     // cores from refuting every cube of a question
    int cube_models = 0;     // boards settled by a cube's model
    int proved_by_cores = 0;  // boards whose proof ended in the cores (bound met, or a model at it)
    int rerouted_boards = 0;  // boards where a set of lines routed again gave a shorter answer
    int settled_by_line_sets = 0;  // of those, boards proved with no question to the whole puzzle
};

// layers 0: boards whose free cells are covered by up to 12 paths (random_covered_puzzle), dense
// like designed puzzles and often with one solution only.
Puzzle random_board(testing_boards::Rng& rng, int layers, bool vias) {
    if (layers == 0) return testing_boards::random_covered_puzzle(rng, 7, 12);
    if (layers == 1) return testing_boards::random_puzzle(rng, {2, 5, 8, 4});
    return testing_boards::random_layered(rng, layers, vias, 4, 3);
}

// The steps of minimize_length the runs take: all but the uniqueness proof and the sets of lines,
// unless told (each is exercised on its own in a run of its own).
MinLengthSteps run_steps(bool uniqueness = false, std::uint64_t first_conflicts = 20000, bool cores = true,
                         bool line_sets = false) {
    MinLengthSteps s;
    s.uniqueness = uniqueness;
    s.line_sets = line_sets;
    s.cores = cores;
    s.first_conflicts = first_conflicts;
    return s;
}

void property_run(Rules rules, int layers, bool vias, std::uint64_t seed, int boards, Tally& t,
                  const MinLengthSteps& steps = run_steps()) {
    testing_boards::Rng rng{seed};
    for (int i = 0; i < boards; ++i) {
        const Puzzle p = random_board(rng, layers, vias);
        const Extremes o = enumerate(p, rules, 50000);
        if (o.solutions == 0 || o.solutions >= 50000) continue;  // the oracle must see them all
        SCOPED_TRACE("seed " + std::to_string(seed) + " board " + std::to_string(i));
        ++t.boards;
        const MinLengthResult r =
            minimize_length(p, rules, o.longest, Budget{}, {}, steps);
        ASSERT_TRUE(r.optimal);
        ASSERT_EQ(r.stop, StopReason::None);
        EXPECT_EQ(r.length, o.min_length);
        EXPECT_EQ(r.lower_bound, o.min_length);
        EXPECT_EQ(solution_quality(p, r.solution).length, r.length);
        ASSERT_TRUE(check_solution(p, r.solution, rules).ok) << check_solution(p, r.solution, rules).message;
        t.improved += o.max_length > o.min_length;
        t.from_lower_bound += r.sat_calls == 0;
        if (r.sat_calls > 0) (r.counted_empty ? t.by_empty : t.by_links) += 1;
        t.stride_two += r.stride == 2;
        t.by_uniqueness += r.by_uniqueness;
        t.bound_raises += r.bound_raises;
        t.met_lower_bound += r.met_lower_bound;
        t.cores += r.cores;
        t.cube_boards += r.cube_calls > 0;
        t.cube_cores += r.cube_cores;
        t.cube_models += r.cube_model;
        t.proved_by_cores += r.core_calls > 0 && r.bound_raises == 0 && r.sat_calls == r.core_calls;
        t.rerouted_boards += r.rerouted > 0;
        t.settled_by_line_sets += r.rerouted > 0 && r.sat_calls == 0;
        if (!steps.line_sets) {
            EXPECT_EQ(r.line_sets, 0);
        }
        if (!steps.cores) {
            EXPECT_EQ(r.core_calls, 0);
        }
        if (r.by_uniqueness) {
            EXPECT_EQ(o.solutions, 1);
        }
    }
}

void expect_exact_over(Rules rules, std::uint64_t seed) {
    Tally t;
    property_run(rules, 1, false, seed, 2000, t);
    property_run(rules, 2, true, seed + 1, 500, t);
    property_run(rules, 2, false, seed + 2, 500, t);
    // The runs are not vacuous: many boards decided, many whose longest solution was longer
    // than the shortest (SAT had to find better ones), and some settled by SAT's Unsat rather
    // than by the lower bound alone.
    EXPECT_GE(t.boards, 1000);
    EXPECT_GE(t.improved, 300);
    EXPECT_LE(t.from_lower_bound, t.boards - 300);
    // Both counts are proved on, and the parity stride is used (square boards are bipartite).
    EXPECT_GE(t.by_empty, 100);
    EXPECT_GE(t.by_links, 100);
    EXPECT_GE(t.stride_two, 1000);
    EXPECT_EQ(t.by_uniqueness, 0);
    // The cores (length_cores.hpp) run first and settle most boards that need SAT at all: by
    // raising the bound to the answer's length, by a model as short as their bound, or by an
    // Unsat without any wish (none shorter than the best). (Random boards seldom need slack on
    // several lines at once: the runs here found 18 and 34 cores, settling 426 and 1,075 boards.)
    EXPECT_GE(t.cores, 10);
    EXPECT_GE(t.proved_by_cores, 300);
    // Again without the cores and with questions of one conflict at first, so that both sides
    // of the two-sided search take turns before either is decided: Unsat answers raise the
    // lower bound (through the lines' slack as well as the total), and models as short as the
    // raised bound end the search.
    Tally both;
    property_run(rules, 0, false, seed + 5, 2000, both, run_steps(false, 1, false));
    property_run(rules, 1, false, seed + 6, 1000, both, run_steps(false, 1, false));
    property_run(rules, 2, true, seed + 7, 300, both, run_steps(false, 1, false));
    // (Most small boards are decided by propagation alone even at one conflict, and most have
    // their minimum at the shortest routes; the counts here were 16 and 43 raises, 183 and 189
    // such ends, out of some 2,660 boards per preset.)
    EXPECT_GE(both.boards, 2000);
    EXPECT_GE(both.bound_raises, 10);
    EXPECT_GE(both.met_lower_bound, 100);
    // With the uniqueness proof first: still exact, and it settles many boards, only ones with
    // a single solution (checked inside the run).
    Tally u;
    // Unique boards whose one solution is longer than the lines' shortest routes are rare among
    // random boards (about 1 in 150 of the dense ones under adc rules, fewer under nikoli), hence
    // the many boards.
    property_run(rules, 0, false, seed + 3, 8000, u, run_steps(true));
    property_run(rules, 1, false, seed + 4, 1000, u, run_steps(true));
    EXPECT_GE(u.boards, 5000);
    EXPECT_GE(u.by_uniqueness, 5);
    // The cores with questions of one conflict at first (each doubled while it stays open, the
    // question "shorter than the best?" taking turns) on the dense boards, where lines compete
    // for cells (48 and 55 cores here).
    Tally c;
    property_run(rules, 0, false, seed + 8, 2000, c, run_steps(false, 1));
    EXPECT_GE(c.boards, 1000);
    EXPECT_GE(c.cores, 30);
}

TEST(MinLengthProperty, EqualsTheExhaustiveMinimumUnderAdcRules) { expect_exact_over(Rules{false, false}, 101); }

TEST(MinLengthProperty, EqualsTheExhaustiveMinimumUnderNikoliRules) { expect_exact_over(Rules{false, true}, 202); }

// Boards crowded with lines, whose shortest routes get in each other's way: the cores' bound
// and the answer they settle on equal the exhaustive minimum, also where it takes several cores
// (each a step of two cells on these bipartite boards) and the cores alone decide.
void expect_cores_exact(Rules rules, std::uint64_t seed) {
    testing_boards::Rng rng{seed};
    int boards = 0, several = 0, settled = 0;
    for (int i = 0; i < 10000; ++i) {
        const Puzzle p = testing_boards::random_puzzle(rng, {4, 5, 0, 6});
        const Extremes o = enumerate(p, rules, 20000);
        if (o.solutions == 0 || o.solutions >= 20000) continue;
        SCOPED_TRACE("seed " + std::to_string(seed) + " board " + std::to_string(i));
        ++boards;
        const MinLengthResult r = minimize_length(p, rules, o.longest, Budget{}, {}, run_steps());
        ASSERT_TRUE(r.optimal);
        EXPECT_EQ(r.length, o.min_length);
        EXPECT_EQ(r.lower_bound, o.min_length);
        ASSERT_TRUE(check_solution(p, r.solution, rules).ok);
        several += r.cores >= 2;
        settled += r.cores > 0 && r.sat_calls == r.core_calls;
    }
    // Not vacuous (the runs here: 4,619 and 4,576 boards, 103 and 130 with several cores, 242
    // and 316 settled by the cores alone).
    EXPECT_GE(boards, 4000);
    EXPECT_GE(several, 80);
    EXPECT_GE(settled, 200);
}

TEST(MinLengthProperty, CoresMeetTheExhaustiveMinimumUnderAdcRules) { expect_cores_exact(Rules{false, false}, 303); }

// The same crowded boards with questions of one conflict at first, so that the question under
// every wish often stays open and is split into cubes (length_cores.cpp): the bound and the
// answer still equal the exhaustive minimum, and both ends of the cubes occur: a cube's model
// that settles the proof, and every cube refuted, making a core of the whole question.
void expect_cubes_exact(Rules rules, std::uint64_t seed) {
    testing_boards::Rng rng{seed};
    Tally t;
    for (int i = 0; i < 10000; ++i) {
        const Puzzle p = testing_boards::random_puzzle(rng, {4, 5, 0, 6});
        const Extremes o = enumerate(p, rules, 20000);
        if (o.solutions == 0 || o.solutions >= 20000) continue;
        SCOPED_TRACE("seed " + std::to_string(seed) + " board " + std::to_string(i));
        ++t.boards;
        const MinLengthResult r = minimize_length(p, rules, o.longest, Budget{}, {}, run_steps(false, 1));
        ASSERT_TRUE(r.optimal);
        EXPECT_EQ(r.length, o.min_length);
        EXPECT_EQ(r.lower_bound, o.min_length);
        ASSERT_TRUE(check_solution(p, r.solution, rules).ok);
        t.cube_boards += r.cube_calls > 0;
        t.cube_cores += r.cube_cores;
        t.cube_models += r.cube_model;
    }
    // Not vacuous (the runs here: 4,603 and 4,612 boards; cubes on 61 and 82, 25 and 43 cores
    // from refuting every cube, 21 and 32 boards settled by a cube's model).
    EXPECT_GE(t.boards, 4000);
    EXPECT_GE(t.cube_boards, 40);
    EXPECT_GE(t.cube_cores, 15);
    EXPECT_GE(t.cube_models, 12);
}

TEST(MinLengthProperty, CubesMeetTheExhaustiveMinimumUnderAdcRules) { expect_cubes_exact(Rules{false, false}, 505); }

TEST(MinLengthProperty, CubesMeetTheExhaustiveMinimumUnderNikoliRules) { expect_cubes_exact(Rules{false, true}, 606); }

TEST(MinLengthProperty, CoresMeetTheExhaustiveMinimumUnderNikoliRules) { expect_cores_exact(Rules{false, true}, 404); }

// With the sets of lines routed again first (length_line_sets.hpp), from the longest solution:
// the answer and the bound still equal the exhaustive minimum, on dense boards, on boards with
// room to wander and on two layers, with and without vias. The sets give shorter answers
// on many boards and settle some without a question to the whole puzzle.
void expect_line_sets_exact(Rules rules, std::uint64_t seed) {
    Tally t;
    property_run(rules, 0, false, seed, 2000, t, run_steps(false, 20000, true, true));
    property_run(rules, 1, false, seed + 1, 1000, t, run_steps(false, 20000, true, true));
    property_run(rules, 2, false, seed + 2, 300, t, run_steps(false, 20000, true, true));
    property_run(rules, 2, true, seed + 3, 300, t, run_steps(false, 20000, true, true));
    EXPECT_GE(t.boards, 2000);
    // (The runs here: 2,946 and 2,898 boards, 502 and 1,182 with a shorter answer from a set,
    // 477 and 1,112 of them proved with no question to the whole puzzle.)
    EXPECT_GE(t.rerouted_boards, 300);
    EXPECT_GE(t.settled_by_line_sets, 250);
}

TEST(MinLengthProperty, LineSetsMeetTheExhaustiveMinimumUnderAdcRules) { expect_line_sets_exact(Rules{false, false}, 707); }

TEST(MinLengthProperty, LineSetsMeetTheExhaustiveMinimumUnderNikoliRules) { expect_line_sets_exact(Rules{false, true}, 808); }

TEST(MinLength, AnInterruptedSearchReportsTheGapNotOptimal) {
    // A line that can wander: its longest route is far from the straight one.
    testing_boards::Rng rng{7};
    for (int tries = 0; tries < 200; ++tries) {
        const Puzzle p = testing_boards::random_puzzle(rng, {4, 5, 0, 2});
        const Extremes o = enumerate(p, Rules{false, false}, 50000);
        if (o.solutions == 0 || o.max_length == o.min_length) continue;
        const MinLengthResult lower_only = minimize_length(p, Rules{false, false}, o.longest, Budget{});
        if (lower_only.sat_calls == 0) continue;  // the bound alone decided: nothing to stop
        std::atomic<bool> stop{true};
        Budget budget;
        budget.interrupt = &stop;
        const MinLengthResult r = minimize_length(p, Rules{false, false}, o.longest, budget);
        EXPECT_EQ(r.stop, StopReason::Interrupted);
        EXPECT_FALSE(r.optimal);
        EXPECT_EQ(r.length, o.max_length);  // nothing found before the stop: the start
        EXPECT_LT(r.lower_bound, r.length);
        EXPECT_LE(r.lower_bound, o.min_length);
        return;
    }
    FAIL() << "no board needed SAT";
}

}  // namespace
