// The reasoning before encoding (solver/board/presolve.hpp) against the exhaustive oracle: on
// thousands of random small boards under every preset, every edge it calls forced is used by
// every solution, every edge it calls dead by none, a board it calls unsolvable has none, and
// the SAT engine gives the oracle's verdict and the exact counter its count with the presolve
// and without it. Plus the huge corridor boards it decides alone, and the reason carried by the
// verdict.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <set>

#include "brute_force.hpp"
#include "core/checker.hpp"
#include "generator/generate.hpp"
#include "random_boards.hpp"
#include "random_variants.hpp"
#include "solver/count/count.hpp"
#include "solver/board/presolve.hpp"
#include "solver/sat/solve.hpp"

namespace {

using namespace nl;
using nl::testing_boards::Rng;

constexpr Rules kPresets[] = {{true, true}, {false, true}, {false, false}, {true, false}};
constexpr long kMaxSolutions = 20000;  // boards with more are skipped (the check must be complete)

using EdgeSet = std::set<std::pair<CellId, CellId>>;

EdgeSet edges_of(const Solution& s) {
    EdgeSet out;
    for (const auto& path : s.paths)
        for (std::size_t i = 0; i + 1 < path.size(); ++i)
            out.insert({std::min(path[i], path[i + 1]), std::max(path[i], path[i + 1])});
    return out;
}

struct Tally {
    int boards = 0, unsolvable = 0, forced = 0, dead = 0, candidates = 0;
};

void check_board(const Puzzle& p, Rules rules, std::uint64_t seed, Tally& tally) {
    std::vector<EdgeSet> solutions;
    bool complete = true;
    testing_oracle::for_each_solution(p, rules, [&](const Solution& s) {
        solutions.push_back(edges_of(s));
        if (static_cast<long>(solutions.size()) <= kMaxSolutions) return true;
        complete = false;
        return false;
    });
    if (!complete) return;
    ++tally.boards;
    const std::string where = "seed " + std::to_string(seed) + " rules " + rules_name(rules);
    const Presolved pre = presolve(p, rules);
    if (pre.unsolvable) {
        ++tally.unsolvable;
        EXPECT_TRUE(solutions.empty()) << where << ": " << *pre.unsolvable;
    } else {
        tally.forced += static_cast<int>(pre.forced.size());
        tally.dead += static_cast<int>(pre.dead.size());
        for (const EdgeSet& s : solutions) {
            for (const auto& e : pre.forced) EXPECT_TRUE(s.count(e)) << where << ": forced edge unused";
            for (const auto& e : pre.dead) EXPECT_FALSE(s.count(e)) << where << ": dead edge used";
        }
        if (pre.candidate && check_solution(p, *pre.candidate, rules).ok) {
            ++tally.candidates;
            EXPECT_FALSE(solutions.empty()) << where;
        }
    }
    // The exact counter (unique and count) gives the oracle's count with the rules and without.
    if (solutions.size() <= 60)
        for (const bool on : {true, false}) {
            CountOptions co;
            co.sat.presolve = on;
            const CountResult c = count_solutions_sat(p, rules, co);
            EXPECT_EQ(c.count, static_cast<long>(solutions.size())) << where << " presolve " << on;
        }
    // Same verdict with the rules and without them, and the oracle's.
    for (const bool on : {true, false}) {
        SolveOptions options;
        options.presolve = on;
        const SolveResult r = solve_sat(p, rules, options);
        EXPECT_EQ(r.status == SolveStatus::Solved, !solutions.empty()) << where << " presolve " << on;
        EXPECT_TRUE(r.status == SolveStatus::Solved || r.status == SolveStatus::Unsolvable) << where;
        if (r.status == SolveStatus::Solved) {
            EXPECT_TRUE(check_solution(p, r.solution, rules).ok) << where;
        }
    }
}

// Each rule on its own and each rule left out: whatever subset runs, every deduction holds for
// every solution of the oracle (a rule that is only sound with the help of another shows here).
TEST(Presolve, EachRuleAloneAndLeftOutIsSound) {
    using Flag = bool PresolveRules::*;
    const std::pair<const char*, Flag> rules_list[] = {
        {"saturated", &PresolveRules::saturated}, {"forced", &PresolveRules::forced},
        {"dead_end", &PresolveRules::dead_end},   {"unreachable", &PresolveRules::unreachable},
        {"chains", &PresolveRules::chains},       {"regions", &PresolveRules::regions},
        {"corners", &PresolveRules::corners}};
    int deductions = 0;
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        Rng rng{seed * 0x9E3779B97F4A7C15ull + 1};
        testing_boards::BoardShape shape;
        shape.max_side = 4;
        shape.blocked_one_in = 3 + static_cast<int>(seed % 5);
        const Puzzle p = testing_boards::random_puzzle(rng, shape);
        for (Rules rules : kPresets) {
            std::vector<EdgeSet> solutions;
            testing_oracle::for_each_solution(p, rules, [&](const Solution& s) {
                solutions.push_back(edges_of(s));
                return solutions.size() < 5000;
            });
            if (solutions.size() >= 5000) continue;
            for (const auto& [name, flag] : rules_list)
                for (const bool alone : {true, false}) {
                    PresolveRules which;
                    if (alone) which = {false, false, false, false, false, false, false};
                    which.*flag = alone;
                    const Presolved pre = presolve(p, rules, which);
                    const std::string where = "seed " + std::to_string(seed) + " " + rules_name(rules) + " " + name +
                                              (alone ? " alone" : " left out");
                    if (pre.unsolvable) {
                        EXPECT_TRUE(solutions.empty()) << where << ": " << *pre.unsolvable;
                        ++deductions;
                        continue;
                    }
                    deductions += static_cast<int>(pre.forced.size() + pre.dead.size());
                    for (const EdgeSet& sol : solutions) {
                        for (const auto& e : pre.forced) EXPECT_TRUE(sol.count(e)) << where;
                        for (const auto& e : pre.dead) EXPECT_FALSE(sol.count(e)) << where;
                    }
                }
        }
    }
    EXPECT_GT(deductions, 2000);
}

// The refute row leaves the regions pass out under no-fill rules (solver/board/refute.cpp),
// since there it refutes nothing: the verdict and its reason are the same without it.
TEST(Presolve, RegionsRefuteNothingUnderNoFillRules) {
    int refuted = 0, with_regions = 0;
    for (std::uint64_t seed = 1; seed <= 3000; ++seed) {
        Rng rng{seed * 0xA24BAED4963EE407ull + 3};
        testing_boards::BoardShape shape;
        shape.max_side = 6;
        shape.blocked_one_in = 3 + static_cast<int>(seed % 6);
        const Puzzle p = testing_boards::random_puzzle(rng, shape);
        for (Rules rules : {Rules{false, true}, Rules{false, false}}) {
            PresolveRules without;
            without.regions = false;
            const Presolved full = presolve(p, rules), lean = presolve(p, rules, without);
            EXPECT_EQ(full.unsolvable, lean.unsolvable) << "seed " << seed << " " << rules_name(rules);
            refuted += full.unsolvable.has_value();
            with_regions += full.parts >= 2;
        }
    }
    // Both kinds of board occur, or the test says nothing.
    EXPECT_GT(refuted, 200);
    EXPECT_GT(with_regions, 200);
}

TEST(Presolve, AgreesWithEverySolutionOfTheOracle) {
    Tally tally;
    for (std::uint64_t seed = 1; seed <= 600; ++seed) {
        Rng rng{seed * 0x9E3779B97F4A7C15ull};
        testing_boards::BoardShape shape;
        shape.max_side = 4 + static_cast<int>(seed % 2);  // 2x2 to 5x5
        shape.blocked_one_in = 3 + static_cast<int>(seed % 5);
        const Puzzle p = testing_boards::random_puzzle(rng, shape);
        for (Rules rules : kPresets) check_board(p, rules, seed, tally);
    }
    // The rules must fire often enough to be tested: each kind of deduction on many boards.
    EXPECT_GT(tally.boards, 2000);
    EXPECT_GT(tally.unsolvable, 200);
    EXPECT_GT(tally.forced, 1000);
    EXPECT_GT(tally.dead, 1000);
    EXPECT_GT(tally.candidates, 50);
    std::printf("presolve: %d boards and presets, %d unsolvable, %d forced and %d dead edges, %d solved alone\n",
                tally.boards, tally.unsolvable, tally.forced, tally.dead, tally.candidates);
}

// Every solution's edges, by the oracle; nothing when there are more than kMaxSolutions.
std::optional<std::vector<EdgeSet>> every_solution(const Puzzle& p, Rules rules) {
    std::vector<EdgeSet> solutions;
    bool complete = true;
    testing_oracle::for_each_solution(p, rules, [&](const Solution& s) {
        solutions.push_back(edges_of(s));
        complete = solutions.size() <= static_cast<std::size_t>(kMaxSolutions);
        return complete;
    });
    if (!complete) return std::nullopt;
    return solutions;
}

// The corners rule (solver/board/corners.hpp) under strict rules, on 3,000 random boards up to 5x5
// (a third without blocked cells, where only terminals end the corner rays): every deduction
// with it holds for every solution of the oracle, a board it calls unsolvable has none, and it
// must decide more than the other rules alone (deductions they do not make, boards they do not
// refute); the exact counter keeps the oracle's count with it.
TEST(Presolve, CornerRuleAgreesWithTheOracleUnderStrictRules) {
    const Rules strict{true, false};
    PresolveRules without;
    without.corners = false;
    int boards = 0, solvable = 0, refuted = 0, more_edges = 0, checked_counts = 0;
    for (std::uint64_t seed = 1; seed <= 3000; ++seed) {
        Rng rng{seed * 0xA24BAED4963EE407ull + 7};
        testing_boards::BoardShape shape;
        shape.min_side = 2 + static_cast<int>(seed % 2);
        shape.max_side = 4 + static_cast<int>(seed % 2);
        shape.blocked_one_in = seed % 3 == 0 ? 0 : 4 + static_cast<int>(seed % 5);
        shape.max_labels = 4;
        const Puzzle p = testing_boards::random_puzzle(rng, shape);
        const std::optional<std::vector<EdgeSet>> all = every_solution(p, strict);
        if (!all) continue;
        const std::vector<EdgeSet>& solutions = *all;
        ++boards;
        solvable += !solutions.empty();
        const std::string where = "seed " + std::to_string(seed);
        const Presolved with = presolve(p, strict), base = presolve(p, strict, without);
        if (with.unsolvable) {
            EXPECT_TRUE(solutions.empty()) << where << ": " << *with.unsolvable;
            refuted += !base.unsolvable;
        } else {
            ASSERT_FALSE(base.unsolvable) << where << ": the rule may only add deductions";
            for (const EdgeSet& sol : solutions) {
                for (const auto& e : with.forced) EXPECT_TRUE(sol.count(e)) << where << ": forced edge unused";
                for (const auto& e : with.dead) EXPECT_FALSE(sol.count(e)) << where << ": dead edge used";
            }
            more_edges += with.forced.size() + with.dead.size() > base.forced.size() + base.dead.size();
        }
        if (solutions.size() <= 20 && seed % 4 == 0) {
            ++checked_counts;
            EXPECT_EQ(count_solutions_sat(p, strict, {}).count, static_cast<long>(solutions.size())) << where;
        }
    }
    std::printf("corner rule: %d random strict boards (%d solvable), %d refuted only with it, %d with more "
                "deductions\n",
                boards, solvable, refuted, more_edges);
    EXPECT_GT(boards, 2500);
    EXPECT_GT(refuted, 200);
    EXPECT_GT(more_edges, 10);
    EXPECT_GT(checked_counts, 400);
    // Random boards are rarely solvable under strict rules, so the same on 1,500 boards the
    // generator made with a strict solution (3x3 to 6x6, with and without blocked cells): here
    // the forced and dead edges meet real solutions.
    int generated = 0, extra = 0;
    for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
        gen::GenerateOptions go;
        go.width = 3 + static_cast<int>(seed % 4);
        go.height = 3 + static_cast<int>((seed / 4) % 4);
        go.rules = strict;
        go.fill_all = seed % 2 == 0;
        go.wall_budget = 0;
        gen::Generated made;
        if (gen::generate_one(go, seed, "corner", made) != gen::GenerateStatus::Ok) continue;
        const Puzzle& p = made.puzzle;
        const std::optional<std::vector<EdgeSet>> all = every_solution(p, strict);
        if (!all) continue;
        const std::vector<EdgeSet>& solutions = *all;
        ++generated;
        const std::string where = "generated seed " + std::to_string(seed);
        ASSERT_FALSE(solutions.empty()) << where;
        const Presolved with = presolve(p, strict), base = presolve(p, strict, without);
        ASSERT_FALSE(with.unsolvable) << where << ": " << *with.unsolvable;
        for (const EdgeSet& sol : solutions) {
            for (const auto& e : with.forced) EXPECT_TRUE(sol.count(e)) << where << ": forced edge unused";
            for (const auto& e : with.dead) EXPECT_FALSE(sol.count(e)) << where << ": dead edge used";
        }
        extra += static_cast<int>(with.forced.size() + with.dead.size()) -
                 static_cast<int>(base.forced.size() + base.dead.size());
    }
    std::printf("corner rule: %d generated strict boards, %d more forced or dead edges than without it\n", generated,
                extra);
    EXPECT_GT(generated, 1400);
    EXPECT_GT(extra, 1000);
}

// An empty strict board whose corner cell has no end on its diagonal: that cell must turn, the
// corner rule forbids it, so the board is unsolvable at once, with the reason (a board of a
// million cells too, without the SAT solver).
TEST(Presolve, CornerRuleRefutesAnEmptyStrictBoardAtOnce) {
    Puzzle p = make_board(5, 4);
    p.labels.push_back({"A", {p.cell(1, 0), p.cell(4, 3)}});
    finalize(p);
    EXPECT_EQ(testing_oracle::count_solutions(p, Rules{true, false}, 1), 0);
    const Presolved pre = presolve(p, Rules{true, false});
    ASSERT_TRUE(pre.unsolvable.has_value());
    EXPECT_NE(pre.unsolvable->find("corner rule"), std::string::npos) << *pre.unsolvable;
    // Under flow rules (touch allowed) the argument does not hold and the rule stays off.
    EXPECT_FALSE(presolve(p, Rules{true, true}).unsolvable.has_value());
    const SolveResult big = solve_sat(
        [] {
            Puzzle b = make_board(1000, 1000);
            b.labels.push_back({"A", {b.cell(3, 0), b.cell(997, 999)}});  // colours fit: no parity proof
            b.labels.push_back({"B", {b.cell(500, 7), b.cell(20, 600)}});
            finalize(b);
            return b;
        }(),
        Rules{true, false}, {});
    EXPECT_EQ(big.status, SolveStatus::Unsolvable);
    EXPECT_EQ(big.stats.vars, 0);
    EXPECT_NE(big.stats.unsolvable_reason.find("corner rule"), std::string::npos) << big.stats.unsolvable_reason;
}

// The same on variant boards (hex cells, warps, walls, bridge lanes, shapes): the rules are over
// the adjacency graph, so they must hold there unchanged.
TEST(Presolve, AgreesWithTheOracleOnVariantBoards) {
    Tally tally;
    for (std::uint64_t seed = 1; seed <= 420; ++seed) {
        Rng rng{seed * 0xD1B54A32D192ED03ull};
        const auto kind = testing_boards::kVariantKinds[seed % std::size(testing_boards::kVariantKinds)];
        const Puzzle p = testing_boards::random_variant_puzzle(rng, kind, 2, 4 + static_cast<int>(seed % 2), 3);
        for (Rules rules : kPresets) check_board(p, rules, seed, tally);
    }
    EXPECT_GT(tally.boards, 1200);
    EXPECT_GT(tally.unsolvable, 100);
    EXPECT_GT(tally.forced, 500);
    EXPECT_GT(tally.dead, 500);
    std::printf("presolve on variants: %d boards and presets, %d unsolvable, %d forced and %d dead edges\n",
                tally.boards, tally.unsolvable, tally.forced, tally.dead);
}

// Boards cut in two by a column of blocked cells (and random blocked cells besides): the solve
// by parts (solver/sat/split.hpp) must give the oracle's verdict, as the solve of the whole does.
TEST(Presolve, SolvingByPartsKeepsTheVerdict) {
    int split_boards = 0, split_unsolvable = 0;
    for (std::uint64_t seed = 1; seed <= 800; ++seed) {
        const std::optional<Puzzle> board = testing_boards::split_board(seed);
        if (!board) continue;
        const Puzzle& p = *board;
        for (Rules rules : kPresets) {
            const long truth = testing_oracle::count_solutions(p, rules, 1);
            if (presolve(p, rules).parts >= 2) ++split_boards;
            for (const bool split : {true, false}) {
                SolveOptions options;
                options.split = split;
                options.split_min_cells = 0;  // these boards are small
                const SolveResult r = solve_sat(p, rules, options);
                EXPECT_EQ(r.status == SolveStatus::Solved, truth > 0) << "seed " << seed << " " << rules_name(rules);
                EXPECT_TRUE(r.status == SolveStatus::Solved || r.status == SolveStatus::Unsolvable);
                if (r.status == SolveStatus::Solved) {
                    EXPECT_TRUE(check_solution(p, r.solution, rules).ok);
                }
                if (split && r.stats.unsolvable_reason.rfind("split: ", 0) == 0) ++split_unsolvable;
            }
        }
    }
    // Parity and the presolve decide most unsolvable boards before any split, so a part's own
    // proof is rarer; it must still happen.
    EXPECT_GT(split_boards, 600);
    EXPECT_GT(split_unsolvable, 10);
    std::printf("split: %d boards and presets in parts, %d proved unsolvable by a part\n", split_boards,
                split_unsolvable);
}

// A serpentine corridor one cell wide between walls, with labels along it in order: every free
// cell has exactly two usable neighbours, so the presolve links all of them and the checker
// accepts the result under every preset; with two labels' ends swapped (A B A B along the
// corridor) the links join A and B.
Puzzle corridor(int w, int h, bool crossed) {
    Puzzle p = make_board(w, h);
    std::vector<CellId> order;
    for (int y = 0; y < h; y += 2) {
        for (int i = 0; i < w; ++i) order.push_back(p.cell((y / 2) % 2 == 0 ? i : w - 1 - i, y));
        if (y + 2 < h) order.push_back(p.cell((y / 2) % 2 == 0 ? w - 1 : 0, y + 1));
    }
    std::vector<char> open(p.cell_count(), 0);
    for (CellId c : order) open[c] = 1;
    for (CellId c = 0; c < p.cell_count(); ++c) p.blocked[c] = !open[c];
    const std::size_t third = order.size() / 3;
    p.labels.push_back({"A", {order[0], order[third - 1]}});
    p.labels.push_back({"B", {order[third], order[2 * third - 1]}});
    p.labels.push_back({"C", {order[2 * third], order.back()}});
    if (crossed) std::swap(p.labels[0].ends[1], p.labels[1].ends[1]);
    p.name = "corridor";
    finalize(p);
    return p;
}

TEST(Presolve, DecidesCorridorsAloneWithTheReason) {
    const Puzzle small = corridor(9, 7, false);
    for (Rules rules : kPresets) {
        EXPECT_EQ(testing_oracle::count_solutions(small, rules, 2), 1) << rules_name(rules);
        const Presolved pre = presolve(small, rules);
        ASSERT_TRUE(pre.candidate.has_value()) << rules_name(rules);
        EXPECT_TRUE(check_solution(small, *pre.candidate, rules).ok);
    }
    const Puzzle crossed = corridor(9, 7, true);
    for (Rules rules : kPresets) {
        EXPECT_EQ(testing_oracle::count_solutions(crossed, rules, 1), 0) << rules_name(rules);
        SolveOptions options;
        options.cuts_checked = true;  // the corridor is also a cut of one cell for two lines
        const SolveResult r = solve_sat(crossed, rules, options);
        EXPECT_EQ(r.status, SolveStatus::Unsolvable);
        EXPECT_EQ(r.stats.unsolvable_reason.rfind("forced: ", 0), 0u) << r.stats.unsolvable_reason;
    }
    // 1000x1000 (half a million free cells): decided without the SAT solver (no variables).
    for (const bool crossed_big : {false, true}) {
        const Puzzle big = corridor(1000, 1000, crossed_big);
        const SolveResult r = solve_sat(big, Rules{true, false}, {});
        EXPECT_EQ(r.status, crossed_big ? SolveStatus::Unsolvable : SolveStatus::Solved);
        EXPECT_EQ(r.stats.vars, 0);
    }
}

}  // namespace
