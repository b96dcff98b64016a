// SAT repair of a routing; see repair.hpp for the method and why it is exact.
#include "solver/route/repair.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <new>
#include <stdexcept>

#include "solver/sat/sat_session.hpp"
#include "solver/sat/solve_loop.hpp"

namespace nl {

namespace {

using Clock = std::chrono::steady_clock;

// The first step's conflict budget; it doubles after every step that runs out of it. Small,
// because a step whose free lines fit around the fixed ones is usually decided in a few hundred
// conflicts, and a step that is not is better spent with more room.
constexpr std::uint64_t kFirstStepConflicts = 2000;
// The first window holds the cells within this many steps of a shared cell; each step that runs
// out of conflicts widens it by one.
constexpr int kFirstRadius = 2;
// An unsatisfiable step opens the cells of its core within this many steps of the window (all
// of them when none is that close). Measured on ADC 2016 Q12 (router stopped after 300 rounds,
// 28 shared cells): the window it solved in had 493 cells this way, 1,212 opening every core
// cell.
constexpr int kCoreReach = 2;

std::vector<CellId> cells_in(const std::vector<char>& window) {
    std::vector<CellId> cells;
    for (CellId c = 0; c < static_cast<CellId>(window.size()); ++c)
        if (window[c]) cells.push_back(c);
    return cells;
}

}  // namespace

void open_around(const Puzzle& p, const std::vector<CellId>& from, int radius, std::vector<char>& open) {
    std::vector<int> dist(p.cell_count(), -1);
    std::vector<CellId> frontier;
    for (CellId c : from)
        if (dist[c] < 0) {
            dist[c] = 0;
            open[c] = 1;
            frontier.push_back(c);
        }
    for (std::size_t i = 0; i < frontier.size(); ++i) {
        const CellId c = frontier[i];
        if (dist[c] == radius) continue;
        for (CellId d : p.neighbours(c))
            if (dist[d] < 0) {
                dist[d] = dist[c] + 1;
                open[d] = 1;
                frontier.push_back(d);
            }
    }
}

RepairResult repair_routing(const Puzzle& p, Rules rules, const std::vector<std::vector<CellId>>& attempt,
                            const SolveOptions& options, int max_stalls) {
    if (rules.fill) throw std::invalid_argument("the SAT repair applies to no-fill rules only");
    if (attempt.size() != p.labels.size()) throw std::invalid_argument("the routing must give every line a path");
    const auto start = Clock::now();
    RepairResult out;
    SolveResult& result = out.solve;
    const Budget budget = detail::budget_for(options);
    auto finish = [&](SolveStatus status) {
        result.status = status;
        if (status == SolveStatus::Unsolvable) result.stats.unsolvable_reason = "sat";
        result.stats.solve_seconds = std::chrono::duration<double>(Clock::now() - start).count() - result.stats.encode_seconds;
        return out;
    };
    try {
        detail::refuse_oversized(p, options);
        const auto t = Clock::now();
        Encoding enc = encode(p, rules, detail::encode_options(options), [&budget] { poll_budget(budget); });
        result.stats.vars = enc.cnf.num_vars;
        result.stats.clauses = enc.cnf.num_clauses;
        result.stats.encode_seconds = std::chrono::duration<double>(Clock::now() - t).count();
        SatSession sat(options.threads, &budget, backend_of(options.sat));
        result.stats.backend = backend_word(sat.backend());
        std::size_t sent = sat.add(enc.cnf);

        // The window: cells SAT may change. Outside it, every edge of the routing is assumed
        // true and every other cell empty; inside it, nothing is assumed. It starts around the
        // shared cells; an unsatisfiable step's core names edges and cells outside, which join
        // it (with their neighbours), and a step out of conflicts widens it all round.
        std::vector<int> edge_of_var(static_cast<std::size_t>(enc.cnf.num_vars) + 1, -1);
        for (std::size_t i = 0; i < enc.edges.size(); ++i) edge_of_var[enc.edges[i].var] = static_cast<int>(i);
        std::vector<Edge> routed_edges;  // the routing's steps, with their edge variables
        std::vector<char> on_route(p.cell_count(), 0);
        std::vector<int> sharers(p.cell_count(), 0);
        for (const auto& path : attempt) {
            for (std::size_t i = 0; i + 1 < path.size(); ++i) {
                const int e = enc.edge_between(path[i], path[i + 1]);
                if (e < 0) throw std::invalid_argument("the routing has a step between cells that are not adjacent");
                routed_edges.push_back(enc.edges[e]);
            }
            for (CellId c : path) {
                on_route[c] = 1;
                ++sharers[c];  // a terminal too: another line may have been routed through it
            }
        }
        std::vector<char> window(p.cell_count(), 0);
        std::vector<CellId> shared;
        for (CellId c = 0; c < p.cell_count(); ++c)
            if (sharers[c] > 1) shared.push_back(c);
        open_around(p, shared, kFirstRadius, window);
        std::vector<int> cell_of_used(edge_of_var.size(), -1);  // "used" variable -> its cell
        std::uint64_t conflicts = kFirstStepConflicts;
        int stalls = 0;
        while (true) {
            std::vector<int> assume;
            for (const Edge& e : routed_edges)
                if (!window[e.a] || !window[e.b]) assume.push_back(e.var);
            std::sort(assume.begin(), assume.end());
            assume.erase(std::unique(assume.begin(), assume.end()), assume.end());
            for (CellId c = 0; c < p.cell_count(); ++c) {
                if (window[c] || on_route[c] || p.is_blocked(c) || p.is_terminal(c)) continue;
                const int used = used_var(p, enc, c);
                if (static_cast<std::size_t>(used) >= cell_of_used.size()) cell_of_used.resize(used + 1, -1);
                cell_of_used[used] = c;
                assume.push_back(-used);
            }
            sent = sat.add(enc.cnf, sent);
            out.window_cells = static_cast<int>(std::count(window.begin(), window.end(), 1));
            ++out.steps;
            const bool exact = assume.empty();
            const detail::Outcome o = detail::solve_with_cuts(p, rules, options, enc, sat, sent, assume, result,
                                                              exact ? 0 : conflicts);
            if (o == detail::Outcome::Solved) return finish(SolveStatus::Solved);
            if (o == detail::Outcome::Unsat) {
                const std::vector<int> core = sat.failed_assumptions();
                if (core.empty()) return finish(SolveStatus::Unsolvable);
                std::vector<CellId> join;
                for (int lit : core) {
                    const auto var = static_cast<std::size_t>(std::abs(lit));
                    if (lit > 0 && var < edge_of_var.size() && edge_of_var[var] >= 0) {
                        join.push_back(enc.edges[edge_of_var[var]].a);
                        join.push_back(enc.edges[edge_of_var[var]].b);
                    } else if (lit < 0 && var < cell_of_used.size() && cell_of_used[var] >= 0) {
                        join.push_back(cell_of_used[var]);
                    }
                }
                // A core is made of this step's assumptions, each of which names cells outside
                // the window; if none did, opening everything keeps the repair exact and finite.
                if (join.empty()) {
                    std::fill(window.begin(), window.end(), 1);
                    continue;
                }
                // CryptoMiniSat's core is not minimal: it may hold assumptions far along the
                // lines that cross the window. Those near it are the ones that matter first.
                std::vector<char> near(p.cell_count(), 0);
                open_around(p, cells_in(window), kCoreReach, near);
                std::vector<CellId> near_join;
                for (CellId c : join)
                    if (near[c]) near_join.push_back(c);
                if (!near_join.empty()) join = std::move(near_join);
                open_around(p, join, 1, window);
                continue;
            }
            if (max_stalls > 0 && ++stalls >= max_stalls) return finish(SolveStatus::Timeout);
            // Out of conflicts: a wider window, and more conflicts for the next step.
            const std::vector<CellId> inside = cells_in(window);
            const std::size_t before = inside.size();
            open_around(p, inside, 1, window);
            if (static_cast<std::size_t>(std::count(window.begin(), window.end(), 1)) == before)
                std::fill(window.begin(), window.end(), 1);  // nothing reachable left outside
            conflicts *= 2;
        }
    } catch (const Stopped& stop) {
        return finish(detail::status_for(stop.reason));
    } catch (const EncodingTooLarge&) {
        return finish(SolveStatus::Limit);
    } catch (const std::bad_alloc&) {
        return finish(SolveStatus::Limit);
    }
}

}  // namespace nl
