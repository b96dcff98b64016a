// See length_cores.hpp.
#include "solver/count/length_cores.hpp"

#include <algorithm>
#include <climits>
#include <unordered_map>
#include <vector>

#include "core/errors.hpp"
#include "core/quality.hpp"
#include "solver/count/line_slack.hpp"
#include "solver/count/unary_sum.hpp"
#include "solver/sat/solve_loop.hpp"

namespace nl {

namespace {

// Unit literals of one count: units[k] is forced true when the count is at least k + 1 units.
using Counter = std::vector<int>;

// A wish: counter `counter` stays below `level` + 1 units (assumed: not units[level]).
struct Wish {
    int counter = 0;
    int level = 0;
};

// What a wish "line l has slack below k units" closes at once, rather than when the line's
// cells are counted: a cell whose excess is at least k units (the line's slack is at least its
// cells' excess, line_slack.hpp), and on bipartite boards (unit 2) a turn-back, a used cell of
// the line with no link to a neighbour farther from its first end (which makes the slack at
// least 2, line_slack.hpp). Each clause forces a unit literal that the real count forces too,
// so no answer is lost.
void add_detour_clauses(const Puzzle& p, Encoding& enc, int l, long d, const std::vector<int>& from_a,
                        const std::vector<int>& from_b, const std::vector<char>& obstacle, long unit,
                        const Counter& units) {
    if (units.empty()) return;
    for (CellId c = 0; c < p.cell_count(); ++c) {
        if (obstacle[c] || p.is_terminal(c) || from_a[c] == INT_MAX || from_b[c] == INT_MAX) continue;
        const long excess = static_cast<long>(from_a[c]) + from_b[c] - d;
        if (excess >= unit) {
            std::vector<int> far{-used_var(p, enc, c)};
            add_not_label(enc, c, l, far);
            far.push_back(units[std::min<long>(excess / unit, static_cast<long>(units.size())) - 1]);
            enc.cnf.add(far);
        }
        if (unit != 2) continue;
        std::vector<int> turn_back = turn_back_clause(p, enc, l, c, from_a, obstacle);
        turn_back.push_back(units[0]);
        enc.cnf.add(turn_back);
    }
}

// One line's distances: d links between its ends, from_a and from_b to every node.
struct LineRoutes {
    long d = 0;
    std::vector<char> obstacle;
    std::vector<int> from_a, from_b;
    long counted = 0;  // nodes within the largest slack's excess (the counter's inputs)
};

// The counters' clauses, estimated: a totalizer over n inputs capped at m writes about
// 2.5 n m clauses (the nodes above the cap about 2 n m in all, those below n m / 2).
constexpr double kMaxCounterClauses = 4e6;

// The routes of every line, or nothing when some line's ends are not connected (no answer at
// all: nothing to bound) or the counters would be too big to pay.
std::vector<LineRoutes> line_routes(const Puzzle& p, long max_slack) {
    std::vector<LineRoutes> routes(p.labels.size());
    double clauses = 0;
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
        LineRoutes& r = routes[l];
        const CellId a = p.labels[l].ends[0], b = p.labels[l].ends[1];
        r.obstacle = line_obstacles(p, l);
        r.from_a = line_distances(p, a, r.obstacle);
        r.from_b = line_distances(p, b, r.obstacle);
        if (r.from_a[b] == INT_MAX) return {};
        r.d = r.from_a[b];
        for (CellId c = 0; c < p.cell_count(); ++c)
            r.counted += !r.obstacle[c] && !p.is_terminal(c) && r.from_a[c] != INT_MAX && r.from_b[c] != INT_MAX &&
                         static_cast<long>(r.from_a[c]) + r.from_b[c] - r.d <= max_slack;
        clauses += 2.5 * static_cast<double>(r.counted) * static_cast<double>(std::min(r.counted, r.d - 1 + max_slack));
        if (clauses > kMaxCounterClauses) return {};
    }
    return routes;
}

// Per line, "slack at least k units" for k = 1 .. max_slack / unit (length_cores.hpp says why
// the counted cells suffice and why the others may be closed to the line).
std::vector<Counter> line_counters(const Puzzle& p, Encoding& enc, const std::vector<LineRoutes>& routes,
                                   long max_slack, long unit) {
    std::vector<Counter> counters;
    for (int l = 0; l < static_cast<int>(routes.size()); ++l) {
        const LineRoutes& r = routes[l];
        std::vector<std::vector<int>> inputs;
        for (CellId c = 0; c < p.cell_count(); ++c) {
            if (r.obstacle[c] || p.is_terminal(c)) continue;
            const bool reachable = r.from_a[c] != INT_MAX && r.from_b[c] != INT_MAX;
            std::vector<int> clause{-used_var(p, enc, c)};
            add_not_label(enc, c, l, clause);
            if (!reachable || static_cast<long>(r.from_a[c]) + r.from_b[c] - r.d > max_slack) {
                enc.cnf.add(clause);  // closed to line l in every answer shorter than the best
                continue;
            }
            const int z = enc.cnf.new_vars(1);
            clause.push_back(z);
            enc.cnf.add(clause);
            inputs.push_back({z});
        }
        // out[k]: at least k + 1 cells besides the ends; slack s units means d - 1 + s u cells.
        const std::vector<int> out = add_unary_sum(enc.cnf, inputs, static_cast<int>(r.d - 1 + max_slack));
        Counter units;
        for (long s = unit; s <= max_slack; s += unit) {
            const long index = r.d - 2 + s;
            if (index >= static_cast<long>(out.size())) break;  // the line cannot have that many cells
            units.push_back(out[index]);
        }
        add_detour_clauses(p, enc, l, r.d, r.from_a, r.from_b, r.obstacle, unit, units);
        counters.push_back(std::move(units));
    }
    return counters;
}

// One question under "shorter than the best", every wish and the literals of `cube` (a part of
// the question, below). Unsat: `core` gets the wishes the solver needed (their indices), and
// `needed_cube` whether it needed a literal of the cube too. Solved: the checked answer is in
// `step`.
detail::Outcome ask(const Puzzle& p, Rules rules, const SolveOptions& sat_options, Encoding& enc, SatSession& sat,
                    std::size_t& sent, int shorter_than_best, const std::vector<Counter>& counters,
                    const std::vector<Wish>& wishes, std::uint64_t conflicts, SolveResult& step,
                    std::vector<std::size_t>& core, const std::vector<int>& cube = {},
                    bool* needed_cube = nullptr) {
    sent = sat.add(enc.cnf, sent);
    std::vector<int> assume{shorter_than_best};
    assume.insert(assume.end(), cube.begin(), cube.end());
    std::unordered_map<int, std::size_t> wish_of;
    for (std::size_t k = 0; k < wishes.size(); ++k) {
        const int lit = -counters[wishes[k].counter][wishes[k].level];
        assume.push_back(lit);
        wish_of.emplace(lit, k);
    }
    const detail::Outcome o = detail::solve_with_cuts(p, rules, sat_options, enc, sat, sent, assume, step, conflicts);
    core.clear();
    if (o != detail::Outcome::Unsat) return o;
    if (needed_cube) *needed_cube = false;
    for (int lit : sat.failed_assumptions()) {
        if (needed_cube && std::find_if(cube.begin(), cube.end(), [&](int c) { return c == lit || c == -lit; }) !=
                               cube.end())
            *needed_cube = true;
        // The back ends report either the literal or its negation; both name the same wish.
        auto it = wish_of.find(lit);
        if (it == wish_of.end()) it = wish_of.find(-lit);
        if (it != wish_of.end()) core.push_back(it->second);
    }
    std::sort(core.begin(), core.end());
    core.erase(std::unique(core.begin(), core.end()), core.end());
    return o;
}

// Asks again under the core's wishes alone, twice at most, keeping a smaller core: the
// failed assumptions of one answer are seldom the fewest, and a smaller core makes the next
// questions (which allow slack only to the core's lines) tighter.
// `spent` gets the conflicts, `out` the calls.
void shrink_core(const Puzzle& p, Rules rules, const SolveOptions& sat_options, Encoding& enc, SatSession& sat,
                 std::size_t& sent, int shorter_than_best, const std::vector<Counter>& counters,
                 const std::vector<Wish>& wishes, std::uint64_t conflicts, std::vector<std::size_t>& core,
                 std::uint64_t& spent, MinLengthResult& out) {
    for (int round = 0; round < 2 && core.size() > 2; ++round) {
        std::vector<Wish> subset;
        for (std::size_t k : core) subset.push_back(wishes[k]);
        SolveResult step;
        std::vector<std::size_t> smaller;
        ++out.sat_calls;
        ++out.core_calls;
        const detail::Outcome o =
            ask(p, rules, sat_options, enc, sat, sent, shorter_than_best, counters, subset, conflicts, step, smaller);
        spent += step.stats.conflicts;
        if (o != detail::Outcome::Unsat || smaller.size() >= core.size()) return;
        for (std::size_t& k : smaller) k = core[k];
        core = std::move(smaller);
    }
}

// A core's count over its members (OLL, below). While the count is wished at level 0, "fewer
// than two members carry their next unit", at most one member does.
struct CoreCount {
    int counter = 0;           // its index among the counters
    std::vector<int> members;  // per member, the literal "carries its next unit"
};

// The question under every wish, split into cubes: for some counts wished at level 0, which one
// member may carry its next unit (the cube assumes every other member does not). Why it pays:
// the question fixes how the few units of slack are spread over the cores' lines, and the
// solver, asked it whole, searches every spreading at once; most cubes are refuted by
// propagation alone, and those left are boards with every line's slack fixed (2017 Q16: 14 of
// 16 cubes refuted in at most 1,029 conflicts, where the whole question stayed open past
// 320,000 conflicts; docs/performance.md, "Cubes").
// Why the cubes cover it: an answer under the wishes has at most one member of each chosen
// count true; the cube that allows that member (any cube, when none is true) holds in it. So
// when every cube is refuted, the wishes each refutation needed, with the chosen counts' wishes,
// form a core of the whole question: an answer meeting all of them would meet one cube's.
constexpr std::size_t kMaxCubes = 256;
// A cube's first budget is the first question's divided by this; most cubes need far less,
// and the budget doubles every round for those left open.
constexpr std::uint64_t kCubeShare = 4;

struct CubeSplit {
    std::vector<std::vector<int>> open;  // the cubes neither refuted nor solved
    std::vector<std::size_t> counts;     // the wishes of the chosen counts (indices)
    std::vector<std::size_t> needed;     // the wishes the refuted cubes needed, so far
};

CubeSplit split_into_cubes(const std::vector<CoreCount>& counts, const std::vector<Wish>& wishes) {
    CubeSplit split;
    std::vector<const CoreCount*> chosen;
    std::size_t product = 1;
    for (std::size_t k = 0; k < wishes.size(); ++k) {
        if (wishes[k].level != 0) continue;
        const auto it = std::find_if(counts.begin(), counts.end(),
                                     [&](const CoreCount& c) { return c.counter == wishes[k].counter; });
        if (it == counts.end() || product * it->members.size() > kMaxCubes) continue;
        product *= it->members.size();
        chosen.push_back(&*it);
        split.counts.push_back(k);
    }
    if (chosen.empty()) return split;
    for (std::size_t n = 0; n < product; ++n) {
        std::vector<int> cube;
        std::size_t rest = n;
        for (const CoreCount* count : chosen) {
            const std::size_t allowed = rest % count->members.size();
            rest /= count->members.size();
            for (std::size_t j = 0; j < count->members.size(); ++j)
                if (j != allowed) cube.push_back(-count->members[j]);
        }
        split.open.push_back(std::move(cube));
    }
    return split;
}

// One round over the open cubes, each with `conflicts`. Solved: the checked answer is in `step`.
// Unsat: `core` holds a core of the whole question, from one refutation that needed no cube
// literal or from all of them (above). Undecided: some cubes stay open (or `until` came).
detail::Outcome ask_cubes(const Puzzle& p, Rules rules, const SolveOptions& sat_options, Encoding& enc,
                          SatSession& sat, std::size_t& sent, int shorter_than_best,
                          const std::vector<Counter>& counters, const std::vector<Wish>& wishes,
                          std::uint64_t conflicts, std::chrono::steady_clock::time_point until, CubeSplit& split,
                          SolveResult& step, std::vector<std::size_t>& core, std::uint64_t& spent,
                          MinLengthResult& out) {
    std::vector<std::vector<int>> still_open;
    for (std::size_t i = 0; i < split.open.size(); ++i) {
        if (std::chrono::steady_clock::now() >= until) {
            still_open.insert(still_open.end(), split.open.begin() + static_cast<std::ptrdiff_t>(i), split.open.end());
            break;
        }
        SolveResult part;
        std::vector<std::size_t> part_core;
        bool needed_cube = false;
        ++out.sat_calls;
        ++out.core_calls;
        ++out.cube_calls;
        const detail::Outcome o = ask(p, rules, sat_options, enc, sat, sent, shorter_than_best, counters, wishes,
                                      conflicts, part, part_core, split.open[i], &needed_cube);
        spent += part.stats.conflicts;
        if (o == detail::Outcome::Solved) {
            step = std::move(part);
            out.cube_model = true;
            return o;
        }
        if (o == detail::Outcome::Undecided) {
            still_open.push_back(std::move(split.open[i]));
            continue;
        }
        if (!needed_cube) {
            core = std::move(part_core);
            return o;
        }
        split.needed.insert(split.needed.end(), part_core.begin(), part_core.end());
    }
    split.open = std::move(still_open);
    if (!split.open.empty()) return detail::Outcome::Undecided;
    ++out.cube_cores;
    core = split.needed;
    core.insert(core.end(), split.counts.begin(), split.counts.end());
    std::sort(core.begin(), core.end());
    core.erase(std::unique(core.begin(), core.end()), core.end());
    return detail::Outcome::Unsat;
}

// OLL's step after a core: each member's next unit stays wished, and a new count over the
// members, wished below two, allows one of them a unit (`cap`: the most units any count needs).
void relax_core(Encoding& enc, const std::vector<std::size_t>& core, long cap, std::vector<Counter>& counters,
                std::vector<Wish>& wishes, std::vector<CoreCount>& counts) {
    std::vector<std::vector<int>> members;
    std::vector<Wish> kept;
    std::vector<char> in_core(wishes.size(), 0);
    for (std::size_t k : core) in_core[k] = 1;
    for (std::size_t k = 0; k < wishes.size(); ++k) {
        const Wish w = wishes[k];
        if (!in_core[k]) {
            kept.push_back(w);
            continue;
        }
        members.push_back({counters[w.counter][w.level]});
        if (w.level + 1 < static_cast<int>(counters[w.counter].size())) kept.push_back({w.counter, w.level + 1});
    }
    if (members.size() >= 2) {
        const std::vector<int> sum =
            add_unary_sum(enc.cnf, members, static_cast<int>(std::min<long>(static_cast<long>(members.size()), cap)));
        if (sum.size() >= 2) {
            counters.emplace_back(sum.begin() + 1, sum.end());  // level 0: at least two members
            kept.push_back({static_cast<int>(counters.size()) - 1, 0});
            CoreCount count{static_cast<int>(counters.size()) - 1, {}};
            for (const std::vector<int>& member : members) count.members.push_back(member[0]);
            counts.push_back(std::move(count));
        }
    }
    wishes = std::move(kept);
}

}  // namespace

void raise_bound_by_cores(const Puzzle& p, Rules rules, const SolveOptions& sat_options, Encoding& enc,
                          SatSession& sat, std::size_t& sent, int shorter_than_best, long shortest_total,
                          std::chrono::steady_clock::time_point until, std::uint64_t first_conflicts,
                          const std::function<void(std::uint64_t)>& ask_down, MinLengthResult& out) {
    const long unit = out.stride;
    const long max_slack = out.length - 1 - shortest_total;
    if (shorter_than_best == 0 || max_slack < unit) return;
    const std::vector<LineRoutes> routes = line_routes(p, max_slack);
    if (routes.empty()) return;
    std::vector<Counter> counters = line_counters(p, enc, routes, max_slack, unit);
    std::vector<Wish> wishes;
    for (int i = 0; i < static_cast<int>(counters.size()); ++i)
        if (!counters[i].empty()) wishes.push_back({i, 0});
    long cores = 0;
    std::uint64_t conflicts = first_conflicts;
    // "Shorter than the best?" gets a turn whenever the cores' questions have spent as many
    // conflicts as its last turn had, its budget doubling each turn: the two share the time
    // about evenly (a best answer that is already optimal is often proved so by that question
    // alone, while the cores climb towards it step by step), and boards whose cores come
    // cheaply never wait for it.
    std::uint64_t spent_on_cores = 0, down_budget = first_conflicts;
    const auto share_with_down = [&](std::uint64_t spent) {
        spent_on_cores += spent;
        if (spent_on_cores < down_budget || out.lower_bound >= out.length) return;
        ask_down(down_budget);
        spent_on_cores = 0;
        down_budget *= 2;
    };
    std::vector<std::size_t> core;
    std::vector<CoreCount> counts;
    CubeSplit split;  // the cubes of the question under the current wishes, once it stayed open
    std::uint64_t cube_conflicts = 0;  // each open cube's budget in the next round
    // One step from the best, the cubes hold the last question whole: an answer one step
    // shorter has slack units x cores, so it meets every wish (OLL: each unit is counted once,
    // by a core or a wish). The whole-board search that would follow (min_length.cpp,
    // close_gap) asks the same without the cores' counts, so the cubes keep the time left.
    const auto deadline = [&] {
        const bool cubes_to_the_end = !split.open.empty() && out.length - out.lower_bound <= unit;
        return cubes_to_the_end ? std::chrono::steady_clock::time_point::max() : until;
    };
    while (out.lower_bound < out.length) {
        SolveResult step;
        std::uint64_t spent = 0;
        detail::Outcome o;
        if (!split.open.empty()) {
            o = ask_cubes(p, rules, sat_options, enc, sat, sent, shorter_than_best, counters, wishes, cube_conflicts,
                          deadline(), split, step, core, spent, out);
            cube_conflicts *= 2;
        } else {
            ++out.sat_calls;
            ++out.core_calls;
            o = ask(p, rules, sat_options, enc, sat, sent, shorter_than_best, counters, wishes, conflicts, step, core);
            spent = step.stats.conflicts;
            if (o == detail::Outcome::Undecided) {
                split = split_into_cubes(counts, wishes);
                cube_conflicts = std::max<std::uint64_t>(first_conflicts / kCubeShare, 1);
            }
        }
        if (o == detail::Outcome::Undecided) {
            share_with_down(spent);
            if (std::chrono::steady_clock::now() >= deadline()) break;
            conflicts *= 2;
            continue;
        }
        if (o == detail::Outcome::Solved) {
            const long found = solution_quality(p, step.solution).length;
            // Its slack is at most the cores' count (so it is optimal), and no shorter than any
            // bound proved (so the bound holds): anything else is a fault, not an answer.
            if (found > shortest_total + unit * cores || found < out.lower_bound || found >= out.length)
                throw InternalError(p.name + ": a model under every wish is not as short as the cores' bound");
            out.solution = std::move(step.solution);
            out.length = found;
            out.lower_bound = found;
            ++out.improvements;
            out.met_lower_bound = true;
            out.by_cores = true;
            break;
        }
        if (core.empty()) {  // no answer shorter than the best at all
            out.lower_bound = out.length;
            out.by_cores = true;
            break;
        }
        shrink_core(p, rules, sat_options, enc, sat, sent, shorter_than_best, counters, wishes, conflicts, core, spent, out);
        ++cores;
        ++out.cores;
        out.lower_bound = std::max(out.lower_bound, std::min(out.length, shortest_total + unit * cores));
        out.by_cores = out.lower_bound >= out.length;
        relax_core(enc, core, max_slack / unit + 1, counters, wishes, counts);
        split = {};
        share_with_down(spent);
        if (std::chrono::steady_clock::now() >= until) break;
    }
    sent = sat.add(enc.cnf, sent);
}

}  // namespace nl
