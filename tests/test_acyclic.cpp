// The exact acyclicity encoding (encoder/acyclic.cpp). Exactness is checked by enumeration on
// small boards, hand-written and random, under every rule preset and both label codings: all
// models of encode(.acyclic) projected on the edge variables must decode to checked solutions
// without loops, and their edge sets must equal those of an independent brute force (a DFS over
// simple paths, every combination judged by check_solution).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/checker.hpp"
#include "core/puzzle.hpp"
#include "decoder/decode.hpp"
#include "encoder/encoding.hpp"
#include "solver/sat/sat_session.hpp"
#include "random_variants.hpp"
#include "solver/sat/solve.hpp"

using namespace nl;

namespace {

constexpr std::size_t kCap = 200;  // edge sets enumerated at most, per board and rules
using EdgeSet = std::vector<int>;  // indices of the true edges, ascending
const char* const kPresets[] = {"flow", "nikoli", "adc", "strict"};

struct Rng {  // splitmix64
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL, z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

// Rows of text, layer after layer: '.' empty, '#' blocked, another character a terminal of the
// label it names.
Puzzle board(const std::vector<std::string>& rows, int layers = 1) {
    const int h = static_cast<int>(rows.size()) / layers, w = static_cast<int>(rows[0].size());
    Puzzle p = make_board(w, h, layers);
    for (CellId c = 0; c < p.cell_count(); ++c) {  // rows[z * h + y][x], as cell ids run
        const char ch = rows[c / w][c % w];
        p.blocked[c] = ch == '#';
        if (ch == '#' || ch == '.') continue;
        auto it = std::find_if(p.labels.begin(), p.labels.end(), [&](const Label& l) { return l.name[0] == ch; });
        if (it == p.labels.end()) p.labels.push_back({std::string(1, ch), {c, kNoCell}});
        else it->ends[1] = c;
    }
    finalize(p);
    return p;
}

struct Models {
    std::set<EdgeSet> sets;
    bool capped = false;
    std::string problem;  // the first model that is not a loop-free checked solution
};

// The models of the encoding projected on the edges: solve, block the edge values, repeat.
Models sat_models(const Puzzle& p, Rules rules, bool acyclic, LabelCoding coding) {
    const Encoding enc = encode(p, rules, {.coding = coding, .acyclic = acyclic});
    SatSession sat;
    sat.add(enc.cnf);
    Models m;
    std::vector<char> on(enc.edges.size());
    while (true) {
        const SatResult r = sat.solve({}, 0);
        EXPECT_NE(r, SatResult::Unknown);
        if (r != SatResult::Sat) break;
        if ((m.capped = m.sets.size() == kCap)) break;
        EdgeSet set;
        std::vector<int> block;
        for (std::size_t i = 0; i < enc.edges.size(); ++i) {
            on[i] = sat.value(enc.edges[i].var);
            if (on[i]) set.push_back(static_cast<int>(i));
            block.push_back(on[i] ? -enc.edges[i].var : enc.edges[i].var);
        }
        const Decoded d = decode_edges(p, enc, on);
        std::string why = !d.problem.empty() ? d.problem : !d.loops.empty() ? "a detached loop" : "";
        if (why.empty()) why = check_solution(p, d.solution, rules).message;
        if (m.problem.empty() && !why.empty()) m.problem = why;
        m.sets.insert(set);
        sat.add_clause(block);
    }
    return m;
}

// Brute force: every combination of simple terminal-to-terminal paths, label by label, kept
// when the checker passes it. nullopt past kCap solutions or the step budget.
std::optional<std::set<EdgeSet>> brute_solutions(const Puzzle& p, Rules rules) {
    const Encoding enc = encode(p, rules);  // for edge_between only
    std::vector<char> used(p.cell_count(), 0);
    Solution sol{std::vector<std::vector<CellId>>(p.labels.size())};
    std::set<EdgeSet> found;
    long budget = 400000;
    auto walk = [&](auto& self, std::size_t l) -> bool {  // false: give up
        if (--budget < 0 || found.size() > kCap) return false;
        if (l == p.labels.size()) {
            if (!check_solution(p, sol, rules).ok) return true;
            EdgeSet set;
            for (const auto& path : sol.paths)
                for (std::size_t i = 0; i + 1 < path.size(); ++i) set.push_back(enc.edge_between(path[i], path[i + 1]));
            std::sort(set.begin(), set.end());
            found.insert(set);
            return true;
        }
        auto& path = sol.paths[l];
        auto step = [&](CellId d) {  // extend label l by d; at its second terminal, next label
            used[d] = 1;
            path.push_back(d);
            const bool ok = self(self, d == p.labels[l].ends[1] ? l + 1 : l);
            path.pop_back();
            used[d] = 0;
            return ok;
        };
        if (path.empty()) return step(p.labels[l].ends[0]);
        for (CellId d : p.neighbours(path.back()))
            if (!used[d] && (!p.is_terminal(d) || d == p.labels[l].ends[1]) && !step(d)) return false;
        return true;
    };
    if (!walk(walk, 0) || found.size() > kCap) return std::nullopt;
    return found;
}

// Exactness on one board under one preset. Returns whether the sets were compared in full.
bool expect_exact(const Puzzle& p, const char* preset, LabelCoding coding, const std::string& what) {
    const Rules rules = *rules_from_name(preset);
    const Models m = sat_models(p, rules, true, coding);
    EXPECT_EQ(m.problem, "") << what << " " << preset;
    const auto brute = brute_solutions(p, rules);
    if (!brute) return false;  // too many solutions (or steps) to compare
    EXPECT_FALSE(m.capped) << what << " " << preset << ": brute force found " << brute->size();
    EXPECT_TRUE(m.sets == *brute) << what << " " << preset << ": " << m.sets.size() << " models, "
                                  << brute->size() << " solutions";
    return true;
}

// A random board of 2x2..5x5 (or up to 3x3x2, maybe with one via), some cells blocked.
std::optional<Puzzle> random_puzzle(Rng& rng) {
    const int layers = rng.below(6) == 0 ? 2 : 1;
    const int span = layers == 1 ? 4 : 2;
    // Loops need room (six free cells off the paths), so large boards are drawn more often.
    auto side = [&] { return layers == 1 && rng.below(2) ? 4 + rng.below(2) : 2 + rng.below(span); };
    const int w = side();
    Puzzle p = make_board(w, side(), layers);
    for (auto& b : p.blocked) b = rng.below(100) < 8;
    const int vx = rng.below(p.width), vy = rng.below(p.height);
    if (layers == 2 && rng.below(2)) p.vias = {{"v", {p.cell(vx, vy, 0), p.cell(vx, vy, 1)}}};
    std::vector<CellId> open;
    for (CellId c = 0; c < p.cell_count(); ++c)
        if (!p.blocked[c]) open.push_back(c);
    if (open.size() < 2) return std::nullopt;
    const int labels = 1 + rng.below(std::min<int>(3, static_cast<int>(open.size()) / 2));
    for (std::size_t i = open.size(); i > 1; --i) std::swap(open[i - 1], open[rng.below(static_cast<int>(i))]);
    for (int l = 0; l < labels; ++l)
        p.labels.push_back({std::string(1, static_cast<char>('A' + l)), {open[2 * l], open[2 * l + 1]}});
    finalize(p);  // always valid: distinct unblocked terminals
    return p;
}

// 4x4, flow: A and B may take their direct edges and leave rows 1-3 to a 12-cell loop
// (x,y): (0,1) (1,1) (2,1) (3,1) (3,2) (3,3) (2,3) (2,2) (1,2) (1,3) (0,3) (0,2).
const std::vector<std::string> kLoopBoard{"AABB", "....", "....", "...."};

}  // namespace

TEST(AcyclicLoop, PlainEncodingAdmitsADetachedLoopAcyclicDoesNot) {
    const Puzzle p = board(kLoopBoard);
    const Rules flow = *rules_from_name("flow");
    for (bool acyclic : {false, true}) {
        const Encoding enc = encode(p, flow, {.acyclic = acyclic});
        SatSession sat;
        sat.add(enc.cnf);
        const std::vector<int> direct{enc.edges[enc.edge_between(p.cell(0, 0), p.cell(1, 0))].var,
                                      enc.edges[enc.edge_between(p.cell(2, 0), p.cell(3, 0))].var};
        const SatResult r = sat.solve(direct, 0);
        if (acyclic) {
            EXPECT_EQ(r, SatResult::Unsat);
            continue;
        }
        ASSERT_EQ(r, SatResult::Sat);
        std::vector<char> on(enc.edges.size());
        for (std::size_t i = 0; i < on.size(); ++i) on[i] = sat.value(enc.edges[i].var);
        EXPECT_FALSE(decode_edges(p, enc, on).loops.empty());  // one 12-cell or two 6-cell loops
    }
    // The plain models strictly include the solutions; the acyclic ones equal them.
    const Models plain = sat_models(p, flow, false, LabelCoding::OneHot);
    EXPECT_NE(plain.problem, "");
    EXPECT_GT(plain.sets.size(), brute_solutions(p, flow)->size());
    EXPECT_TRUE(expect_exact(p, "flow", LabelCoding::OneHot, "loop board"));
}

TEST(AcyclicExact, HandWrittenBoards) {
    const std::vector<std::vector<std::string>> boards{
        kLoopBoard,
        {"A...", "....", "....", "...A"},       // no Hamiltonian path; 184 paths without fill
        {"A..", "...", "..A"},
        {"AB.", "...", "B.A"},
        {"A.#", ".#.", "..A"},
        {"A...B", ".....", "..#..", ".....", "B...A"},
        {"AB..", "....", "..BA"},
        {"A.B", "...", "..#", "C.B", "..A", ".C."},  // two 3x3 layers
    };
    for (std::size_t i = 0; i < boards.size(); ++i) {
        const int layers = i + 1 == boards.size() ? 2 : 1;
        const Puzzle p = board(boards[i], layers);
        for (const char* preset : kPresets)
            for (LabelCoding coding : {LabelCoding::OneHot, LabelCoding::Binary})
                expect_exact(p, preset, coding, "board " + std::to_string(i));
    }
}

TEST(AcyclicExact, RandomSmallBoards) {
    Rng rng{20240611};
    int boards = 0, compared = 0, runs = 0, solved = 0, loopy = 0;
    while (boards < 300) {
        const std::uint64_t seed = rng.next();
        Rng local{seed};
        const auto p = random_puzzle(local);
        if (!p) continue;
        ++boards;
        const LabelCoding coding = boards % 2 ? LabelCoding::OneHot : LabelCoding::Binary;
        for (const char* preset : kPresets) {
            ++runs;
            const std::string what = "random seed " + std::to_string(seed);
            compared += expect_exact(*p, preset, coding, what);
            // How often the test matters: solvable runs, and runs whose plain encoding has
            // models that are no solution (detached loops).
            const Rules rules = *rules_from_name(preset);
            solved += !sat_models(*p, rules, true, coding).sets.empty();
            loopy += !sat_models(*p, rules, false, coding).problem.empty();
        }
    }
    std::cout << "[ info ] " << runs << " random runs: " << compared << " compared in full, " << solved
              << " solvable, " << loopy << " with loop models in the plain encoding\n";
    EXPECT_GT(compared, runs * 3 / 4);
    EXPECT_GT(solved, runs / 4);
    EXPECT_GT(loopy, runs / 20);
}

// Size of the ordering on the loop board. Inner cells: rows 1-3, 12 cells in one component, so
// B = ceil(log2(floor(11/2) + 1)) = 3. Inner-inner edges: 3*3 horizontal + 4*2 vertical = 17.
// Variables: B * (12 + 17) = 87. Clauses: (6B - 3) * 17 = 255 for the comparators, plus pairs
// of inner edges per inner cell: row 1: 1+3+3+1, row 2: 3+6+6+3, row 3: 1+3+3+1, i.e. 34.
TEST(AcyclicSize, LoopBoardCounts) {
    const Puzzle p = board(kLoopBoard);
    for (LabelCoding coding : {LabelCoding::OneHot, LabelCoding::Binary}) {
        const Encoding plain = encode(p, *rules_from_name("flow"), {.coding = coding});
        const Encoding order = encode(p, *rules_from_name("flow"), {.coding = coding, .acyclic = true});
        EXPECT_EQ(order.cnf.num_vars - plain.cnf.num_vars, 87);
        EXPECT_EQ(order.cnf.num_clauses - plain.cnf.num_clauses, 255u + 34u);
    }
}

TEST(AcyclicSolve, NeedsNoCycleCuts) {
    const Puzzle p = board({"A....", ".....", "..B..", ".....", "B...A"});
    SolveOptions options;
    options.acyclic = true;
    for (const char* preset : kPresets) {
        const SolveResult r = solve_sat(p, *rules_from_name(preset), options);
        EXPECT_EQ(r.stats.cycle_cuts, 0) << preset;
        EXPECT_TRUE(r.status != SolveStatus::Solved || check_solution(p, r.solution, *rules_from_name(preset)).ok);
    }
}

// The exact acyclicity encoding on variant boards (hex cells, warps, walls, bridge lanes, shapes):
// its models are exactly the brute-force solutions, as on the grid.
TEST(AcyclicExact, RandomVariantBoards) {
    using namespace nl::testing_boards;
    testing_boards::Rng rng{0x6a09e667f3bcc908ull};
    int compared = 0, runs = 0;
    for (int i = 0; i < 140; ++i) {
        const VariantKind kind = kVariantKinds[i % std::size(kVariantKinds)];
        const Puzzle p = random_variant_puzzle(rng, kind, 2, 4, 3);
        for (const char* preset : kPresets) {
            ++runs;
            compared += expect_exact(p, preset, i % 2 ? LabelCoding::OneHot : LabelCoding::Binary,
                                     "variant board " + std::to_string(i) + " " + variant_kind_name(kind));
        }
    }
    EXPECT_GT(compared, runs * 3 / 4);
}
