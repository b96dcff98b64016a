// The SAT repair of a routing (solver/route/repair.hpp) is exact: started from the router's first,
// overlapping routing of thousands of small random boards (one layer; two layers with free layer
// changes; two layers with vias; over 6,000 routings, 900 of them overlapping), under adc and nikoli rules, without a deadline it always ends
// with "solved" (an answer the checker accepts) or "unsolvable", and that verdict is the
// brute-force oracle's. A hand-made routing with two lines crossing is repaired without moving
// the line far from the crossing; bad routings are refused; `solve --stats` reports the repair.
#include <gtest/gtest.h>

#include <cstdio>
#include <stdexcept>

#include "brute_force.hpp"
#include "random_boards.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "solver/route/repair.hpp"
#include "solver/route/route.hpp"

using namespace nl;

namespace {

const Rules kAdc{false, false}, kNikoli{false, true};

Puzzle parse(const std::string& text) { return read_puzzles(text_from_string("t.txt", text), {}).at(0).puzzle; }

// The router's first routing (no rounds of rip-up), which usually overlaps on a crowded board.
std::vector<std::vector<CellId>> first_routing(const Puzzle& p, Rules rules) {
    RouteOptions ro;
    ro.max_rounds = 0;
    RouteResult r = route(p, rules, ro);
    return r.status == RouteResult::Status::Solved ? r.solution.paths : r.attempt;
}

struct Tally {
    int boards = 0, overlapping = 0, solved = 0, unsolvable = 0;
};

void judge(const Puzzle& p, Rules rules, std::uint64_t seed, Tally& tally) {
    const auto routing = first_routing(p, rules);
    if (routing.empty()) return;  // a line walled in: the repair needs a path for every line
    ++tally.boards;
    const RepairResult r = repair_routing(p, rules, routing, SolveOptions{});
    const bool solvable = testing_oracle::count_solutions(p, rules, 1) > 0;
    std::string where = "seed ";  // += : GCC 12 warns falsely on a chain of operator+ (bug 105329)
    where += std::to_string(seed);
    where += " rules ";
    where += rules_name(rules);
    where += " layers ";
    where += std::to_string(p.layers);
    where += " vias ";
    where += std::to_string(p.vias.size());
    ASSERT_TRUE(r.solve.status == SolveStatus::Solved || r.solve.status == SolveStatus::Unsolvable) << where;
    EXPECT_EQ(r.solve.status == SolveStatus::Solved, solvable) << where;
    if (r.solve.status == SolveStatus::Solved) {
        EXPECT_TRUE(check_solution(p, r.solve.solution, rules).ok) << where;
        ++tally.solved;
    } else {
        ++tally.unsolvable;
    }
    std::vector<int> lines_on(p.cell_count(), 0);
    bool overlapping = false;
    for (const auto& path : routing)
        for (CellId c : path) overlapping |= ++lines_on[c] > 1;
    tally.overlapping += overlapping;
}

}  // namespace

TEST(Repair, AgreesWithTheOracleOnRandomBoards) {
    Tally tally;
    for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
        testing_boards::Rng rng{seed * 2654435761ULL};
        testing_boards::BoardShape crowded;
        crowded.max_side = 5;
        crowded.max_labels = 5;
        const Puzzle flat = testing_boards::random_puzzle(rng, crowded);
        const Puzzle layered = testing_boards::random_layered(rng, 2, false, 4, 6);
        const Puzzle via = testing_boards::random_layered(rng, 2, true, 4, 5);
        for (Rules rules : {kAdc, kNikoli})
            for (const Puzzle* p : {&flat, &layered, &via}) judge(*p, rules, seed, tally);
    }
    // The property is only worth something if both verdicts occur often, from routings that
    // actually overlap.
    EXPECT_GT(tally.boards, 6000);
    EXPECT_GT(tally.overlapping, 800);
    EXPECT_GT(tally.solved, 1000);
    EXPECT_GT(tally.unsolvable, 500);
    RecordProperty("boards", tally.boards);
    RecordProperty("overlapping", tally.overlapping);
    RecordProperty("solved", tally.solved);
    std::printf("repair: %d boards, %d routings overlapping, %d solved, %d unsolvable\n", tally.boards,
                tally.overlapping, tally.solved, tally.unsolvable);
}

TEST(Repair, MovesOnlyWhatTheCrossingNeeds) {
    // A's given path runs straight along row 1, through B's end at (4, 1); B's runs down column
    // 4 from there. C, four rows away on row 5, has nothing to do with it and must stay.
    const Puzzle p = parse(
        "9 6\n"
        ".........\n"
        "A...B...A\n"
        ".........\n"
        "....B....\n"
        ".........\n"
        "C.......C\n"
        "0 0\n");
    std::vector<std::vector<CellId>> routing(3);
    for (int x = 0; x <= 8; ++x) routing[0].push_back(p.cell(x, 1));
    for (int y = 1; y <= 3; ++y) routing[1].push_back(p.cell(4, y));
    for (int x = 0; x <= 8; ++x) routing[2].push_back(p.cell(x, 5));
    const RepairResult r = repair_routing(p, kAdc, routing, SolveOptions{});
    ASSERT_EQ(r.solve.status, SolveStatus::Solved);
    EXPECT_TRUE(check_solution(p, r.solve.solution, kAdc).ok);
    EXPECT_EQ(r.solve.solution.paths[2], routing[2]) << "C was outside the window and must not move";
    EXPECT_LT(r.window_cells, p.cell_count());
}

TEST(Repair, RefusesFillRulesAndBrokenRoutings) {
    const Puzzle p = parse("3 1\nA.A\n0 0\n");
    EXPECT_THROW(repair_routing(p, Rules{true, true}, {{0, 1, 2}}, SolveOptions{}), std::invalid_argument);
    EXPECT_THROW(repair_routing(p, kAdc, {}, SolveOptions{}), std::invalid_argument);
    EXPECT_THROW(repair_routing(p, kAdc, {{0, 2}}, SolveOptions{}), std::invalid_argument);  // not adjacent
}
