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

// One question under "shorter than the best" and every wish. Unsat: `core` gets the wishes the
// solver needed (their indices). Solved: the checked answer is in `step`.
detail::Outcome ask(const Puzzle& p, Rules rules, const SolveOptions& sat_options, Encoding& enc, SatSession& sat,
                    std::size_t& sent, int shorter_than_best, const std::vector<Counter>& counters,
                    const std::vector<Wish>& wishes, std::uint64_t conflicts, SolveResult& step,
                    std::vector<std::size_t>& core) {
    sent = sat.add(enc.cnf, sent);
    std::vector<int> assume{shorter_than_best};
    std::unordered_map<int, std::size_t> wish_of;
    for (std::size_t k = 0; k < wishes.size(); ++k) {
        const int lit = -counters[wishes[k].counter][wishes[k].level];
        assume.push_back(lit);
        wish_of.emplace(lit, k);
    }
    const detail::Outcome o = detail::solve_with_cuts(p, rules, sat_options, enc, sat, sent, assume, step, conflicts);
    core.clear();
    if (o != detail::Outcome::Unsat) return o;
    for (int lit : sat.failed_assumptions()) {
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
    while (out.lower_bound < out.length) {
        SolveResult step;
        ++out.sat_calls;
        ++out.core_calls;
        const detail::Outcome o =
            ask(p, rules, sat_options, enc, sat, sent, shorter_than_best, counters, wishes, conflicts, step, core);
        std::uint64_t spent = step.stats.conflicts;
        if (o == detail::Outcome::Undecided) {
            share_with_down(spent);
            if (std::chrono::steady_clock::now() >= until) break;
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
        // Each member's next unit stays wished; a new count over the members allows one of them.
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
            const int cap = static_cast<int>(std::min<long>(members.size(), max_slack / unit + 1));
            const std::vector<int> sum = add_unary_sum(enc.cnf, members, cap);
            if (sum.size() >= 2) {
                counters.emplace_back(sum.begin() + 1, sum.end());  // level 0: at least two members
                kept.push_back({static_cast<int>(counters.size()) - 1, 0});
            }
        }
        wishes = std::move(kept);
        share_with_down(spent);
        if (std::chrono::steady_clock::now() >= until) break;
    }
    sent = sat.add(enc.cnf, sent);
}

}  // namespace nl
