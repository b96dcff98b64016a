// Rip-up and reroute for shorter wires; see optimize.hpp for the method and its guarantees.
#include "solver/route/optimize.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "solver/route/route.hpp"
#include "solver/route/wire_search.hpp"

namespace nl {

std::string objective_name(WireObjective objective) {
    return objective == WireObjective::Length ? "length" : "bends";
}

std::string optimize_status_name(OptimizeResult::Status status) {
    switch (status) {
        case OptimizeResult::Status::Converged: return "converged";
        case OptimizeResult::Status::Timeout: return "timeout";
        case OptimizeResult::Status::Interrupted: return "interrupted";
        case OptimizeResult::Status::NotApplicable: return "not-applicable";
    }
    return "converged";
}

namespace {

// Exact integer costs. With K above any possible bend count (and any length), a step costs K
// and a bend 1 under `length`: total = K * length + bends (lexicographic). Under `bends` a step
// costs K + 1 and a bend K: total = K * (length + bends) + length.
WireWeights weights_for(WireObjective objective, const Puzzle& p) {
    const std::int64_t k = std::int64_t(p.cell_count()) + 1;
    return objective == WireObjective::Length ? WireWeights{k, 1} : WireWeights{k + 1, k};
}

// The same order on whole solutions, from the independent quality count.
std::int64_t solution_key(const Quality& q, WireObjective objective, const Puzzle& p) {
    const std::int64_t k = std::int64_t(p.cell_count()) + 1;
    return objective == WireObjective::Length ? k * q.length + q.bends : k * (q.length + q.bends) + q.length;
}

struct Optimizer {
    const Puzzle& p;
    Rules rules;
    const OptimizeOptions& options;
    WireWeights weights;
    WireSearch search;
    std::vector<int> owner;     // per cell: the line on it, or kNoLabel
    std::vector<int> position;  // scratch for valid(), -1 outside
    std::vector<std::vector<CellId>> paths;
    std::vector<std::int64_t> cost;  // per line, under `weights`
    OptimizeResult result;
    std::int64_t best_key = 0;

    Optimizer(const Puzzle& puzzle, Rules r, const OptimizeOptions& o, const Solution& start)
        : p(puzzle), rules(r), options(o), weights(weights_for(o.objective, puzzle)), search(puzzle),
          owner(puzzle.cell_count(), kNoLabel), position(puzzle.cell_count(), -1), paths(start.paths) {
        for (int l = 0; l < static_cast<int>(paths.size()); ++l) {
            lay(l);
            cost.push_back(wire_cost(paths[l], weights));
        }
        result.solution = start;
        result.before = result.after = solution_quality(p, start);
        best_key = solution_key(result.before, options.objective, p);
    }

    void lay(int l) {
        for (CellId c : paths[l]) owner[c] = l;
    }
    void lift(int l) {  // endpoints stay owned: no other line may enter them
        for (CellId c : paths[l])
            if (!p.is_terminal(c)) owner[c] = kNoLabel;
    }

    void poll() const {
        if (const StopReason why = options.budget.check(/*memory=*/false); why != StopReason::None) throw Stopped(why);
    }

    // A path for line l (lifted) that could replace its old one: simple, from ends[0] to
    // ends[1] over adjacent free cells, and induced when the rules forbid touching.
    bool valid(int l, const std::vector<CellId>& path) {
        const Label& label = p.labels[l];
        if (path.size() < 2 || path.front() != label.ends[0] || path.back() != label.ends[1]) return false;
        bool ok = true;
        for (std::size_t i = 0; i < path.size() && ok; ++i) {
            const CellId c = path[i];
            const bool own_end = c == label.ends[0] || c == label.ends[1];
            ok = !p.is_blocked(c) && position[c] < 0 && (own_end || owner[c] == kNoLabel) &&
                 (i == 0 || p.adjacent(path[i - 1], c));
            position[c] = static_cast<int>(i);
        }
        if (ok && !rules.touch)
            for (std::size_t i = 0; i < path.size() && ok; ++i)
                for (CellId d : p.neighbours(path[i]))
                    if (position[d] >= 0 && std::abs(position[d] - static_cast<int>(i)) != 1) ok = false;
        for (CellId c : path)
            if (c >= 0 && c < p.cell_count()) position[c] = -1;
        return ok;
    }

    // A cheapest valid path for the lifted line l through the cells free now; empty if none.
    std::vector<CellId> route_line(int l) {
        poll();
        ++result.reroutes;
        std::vector<CellId> path = search.find(l, owner, weights, options.budget);
        if (path.empty()) return {};
        if (!rules.touch) path = shortcut_path(p, path);  // a no-op for fewest-cells paths
        return valid(l, path) ? path : std::vector<CellId>{};
    }

    // Stage 1 on line l: true when a strictly cheaper path replaced the old one.
    bool improve_line(int l) {
        lift(l);
        std::vector<CellId> fresh;
        try {
            fresh = route_line(l);
        } catch (const Stopped&) {
            lay(l);
            throw;
        }
        const std::int64_t c = fresh.empty() ? cost[l] : wire_cost(fresh, weights);
        const bool better = c < cost[l];
        if (better) {
            paths[l] = std::move(fresh);
            cost[l] = c;
            ++result.improvements;
        }
        lay(l);
        return better;
    }

    // Stage 2 on lines a and b: both lifted, routed again in both orders; true when the
    // cheaper outcome beats the old pair.
    bool improve_pair(int a, int b) {
        const std::vector<CellId> old_a = paths[a], old_b = paths[b];
        std::int64_t best = cost[a] + cost[b];
        std::vector<CellId> best_a, best_b;
        lift(a);
        lift(b);
        int laid = -1;  // a line laid on a trial path, to lift again
        try {
            for (const auto& [first, second] : {std::pair{a, b}, std::pair{b, a}}) {
                std::vector<CellId> path_first = route_line(first);
                if (path_first.empty()) continue;
                paths[first] = path_first;
                lay(first);
                laid = first;
                std::vector<CellId> path_second = route_line(second);
                lift(first);
                laid = -1;
                if (path_second.empty()) continue;
                const std::int64_t total = wire_cost(path_first, weights) + wire_cost(path_second, weights);
                if (total < best) {
                    best = total;
                    best_a = first == a ? path_first : path_second;
                    best_b = first == a ? path_second : path_first;
                }
            }
        } catch (const Stopped&) {
            if (laid >= 0) lift(laid);
            paths[a] = old_a;
            paths[b] = old_b;
            lay(a);
            lay(b);
            throw;
        }
        const bool better = !best_a.empty();
        paths[a] = better ? best_a : old_a;
        paths[b] = better ? best_b : old_b;
        cost[a] = wire_cost(paths[a], weights);
        cost[b] = wire_cost(paths[b], weights);
        lay(a);
        lay(b);
        result.improvements += better;
        return better;
    }

    // Stage 3 on line l: routed again through other lines' cells too, each such cell priced like
    // one more step; the lines it crosses are lifted and routed again after it, in label order,
    // through the cells free then. Kept when they all find a way and the total is cheaper.
    bool improve_evicting(int l) {
        WireWeights through_others = weights;
        through_others.evict = weights.cell;
        lift(l);
        std::vector<CellId> through;
        try {
            poll();
            ++result.reroutes;
            through = search.find(l, owner, through_others, options.budget);
        } catch (const Stopped&) {
            lay(l);
            throw;
        }
        std::vector<int> lines{l};
        for (CellId c : through)
            if (owner[c] != kNoLabel && owner[c] != l) lines.push_back(owner[c]);
        std::sort(lines.begin() + 1, lines.end());
        lines.erase(std::unique(lines.begin() + 1, lines.end()), lines.end());
        if (lines.size() == 1 || wire_cost(through, weights) >= cost[l]) {  // nothing new to try
            lay(l);
            return false;
        }
        std::vector<std::vector<CellId>> old;
        std::int64_t old_total = 0;
        for (int m : lines) {
            old.push_back(paths[m]);
            old_total += cost[m];
        }
        auto restore = [&] {
            for (int m : lines)
                for (CellId c : paths[m])
                    if (owner[c] == m && !p.is_terminal(c)) owner[c] = kNoLabel;
            for (std::size_t i = 0; i < lines.size(); ++i) {
                paths[lines[i]] = old[i];
                lay(lines[i]);
            }
            return false;
        };
        try {
            for (std::size_t i = 1; i < lines.size(); ++i) lift(lines[i]);
            if (!rules.touch) through = shortcut_path(p, through);
            if (!valid(l, through)) return restore();
            paths[l] = through;
            lay(l);
            std::int64_t total = wire_cost(through, weights);
            for (std::size_t i = 1; i < lines.size() && total < old_total; ++i) {
                std::vector<CellId> path = route_line(lines[i]);
                if (path.empty()) return restore();
                total += wire_cost(path, weights);
                paths[lines[i]] = std::move(path);
                lay(lines[i]);
            }
            if (total >= old_total) return restore();
        } catch (const Stopped&) {
            restore();
            throw;
        }
        for (int m : lines) cost[m] = wire_cost(paths[m], weights);
        ++result.improvements;
        return true;
    }

    // Pairs of lines that run next to each other now, each once, in order.
    std::vector<std::pair<int, int>> neighbouring_pairs() const {
        std::set<std::pair<int, int>> pairs;
        for (int a = 0; a < static_cast<int>(paths.size()); ++a)
            for (CellId c : paths[a])
                for (CellId d : p.neighbours(c))
                    if (owner[d] != kNoLabel && owner[d] != a) pairs.insert({std::min(a, owner[d]), std::max(a, owner[d])});
        return {pairs.begin(), pairs.end()};
    }

    // The working paths through the checker; they replace the best solution when strictly better.
    void commit() {
        Solution s{paths};
        const CheckResult check = check_solution(p, s, rules);
        if (!check.ok) throw InternalError(p.name + ": the checker rejected the optimiser's answer: " + check.message);
        const Quality q = solution_quality(p, s);
        const std::int64_t key = solution_key(q, options.objective, p);
        if (key < best_key) {
            best_key = key;
            result.after = q;
            result.solution = std::move(s);
        }
    }

    void run() {
        const int lines = static_cast<int>(paths.size());
        while (true) {
            bool single = true;
            while (single) {
                single = false;
                ++result.passes;
                for (int l = 0; l < lines; ++l) single |= improve_line(l);
                commit();
            }
            if (options.pairs) {
                ++result.passes;
                bool paired = false;
                for (const auto& [a, b] : neighbouring_pairs()) paired |= improve_pair(a, b);
                commit();
                if (paired) continue;
            }
            if (!options.evict) return;
            ++result.passes;
            bool evicted = false;
            for (int l = 0; l < lines; ++l) evicted |= improve_evicting(l);
            commit();
            if (!evicted) return;
        }
    }
};

}  // namespace

OptimizeResult optimize_wires(const Puzzle& p, Rules rules, const Solution& solution, const OptimizeOptions& options) {
    if (rules.fill || !p.square_grid()) {  // the wire search steps on the square grid
        OptimizeResult r;
        r.status = OptimizeResult::Status::NotApplicable;
        r.solution = solution;
        r.before = r.after = solution_quality(p, solution);
        return r;
    }
    const CheckResult check = check_solution(p, solution, rules);
    if (!check.ok) throw InternalError(p.name + ": the optimiser was given a solution the checker rejects: " + check.message);
    Optimizer o(p, rules, options, solution);
    try {
        o.run();
    } catch (const Stopped& stop) {
        o.result.status = stop.reason == StopReason::Interrupted ? OptimizeResult::Status::Interrupted
                                                                 : OptimizeResult::Status::Timeout;
        o.commit();  // every line's path is whole between reroutes: keep what the last pass won
    }
    return o.result;
}

// The length + bends bound needs a state per cell and direction (16 bytes each): not on boards
// of millions of cells, where `solve --stats` would otherwise allocate hundreds of megabytes.
constexpr int kMaxBendBoundCells = 1000000;

WireLowerBound wire_lower_bound(const Puzzle& p) {
    std::vector<int> owner(p.cell_count(), kNoLabel);
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l)
        for (CellId end : p.labels[l].ends) owner[end] = l;
    WireSearch cells(p, /*directions=*/false);
    const Budget unlimited;
    WireLowerBound bound{0, 0};
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
        const std::vector<CellId> shortest = cells.find(l, owner, {1, 0}, unlimited);
        if (shortest.empty()) return {};
        bound.length += static_cast<long>(shortest.size());
    }
    if (p.cell_count() > kMaxBendBoundCells) {
        bound.length_bends = -1;
        return bound;
    }
    WireSearch states(p);
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
        // Fewest steps + bends; +1 for the first cell, which wire_cost does not count.
        const std::vector<CellId> straightest = states.find(l, owner, {1, 1}, unlimited);
        bound.length_bends += static_cast<long>(wire_cost(straightest, {1, 1})) + 1;
    }
    return bound;
}

}  // namespace nl
