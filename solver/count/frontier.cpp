// The frontier engine's driver: the layer-by-layer DP, the budget, and rebuilding solutions from
// the kept layers. See frontier.hpp for the contract and frontier_state.hpp for the moves.
#include "solver/count/frontier.hpp"

#include <algorithm>
#include <chrono>
#include <climits>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "solver/count/frontier_state.hpp"
#include "solver/count/frontier_table.hpp"
#include "solver/count/rewrite.hpp"

namespace nl {

namespace {

using frontier::Count;
using frontier::Grid;
using frontier::Moves;
using frontier::Plug;
using frontier::StateTable;

// Polls the budget while the DP works: time and the interrupt every 1,024 states, memory (the
// resident set, and the tables' own size so that a cap is kept even where /proc is missing)
// every 65,536. Throws Stopped.
class Poller {
   public:
    explicit Poller(const Budget& budget) : budget_(budget) {}
    void tick(std::size_t table_bytes) {
        if (++ticks_ % 1024) return;
        const bool memory = ticks_ % 65536 == 0;
        poll_budget_now(memory);
        if (budget_.max_memory && table_bytes > budget_.max_memory) throw Stopped(StopReason::Memory);
    }

   private:
    const Budget& budget_;
    std::uint64_t ticks_ = 0;
    void poll_budget_now(bool memory) {
        const StopReason why = budget_.check(memory);
        if (why != StopReason::None) throw Stopped(why);
    }
};

// How much of the DP is kept to rebuild solutions afterwards.
//   None (count without --all): two layers at a time.
//   Trace (at most two solutions, as unique needs): per state of every layer one 32-bit word,
//     its first in-edge (the predecessor's index and the edges of that move) and whether it is
//     reached in two or more ways; the states themselves are freed layer by layer. Following
//     first in-edges back from a final state gives one solution. When the total is at least 2
//     there is a second final state, or the chain of the first solution has a state reached in
//     two or more ways whose predecessor on the chain is reached in one way (going back, the
//     start is reached in one way), and that state has a second in-edge, which gives another
//     solution. Second in-edges are not kept (that took 12 bytes a state instead of 4: on
//     janko_even #135 under nikoli rules, 2.4 GB and 14.4 s against 1.4 GB and 13.3-13.6 s): the
//     DP is run again up to that state's layer, and as it is deterministic, the state has the
//     same index there.
//   Layers (count --all): every layer, then a backward pass that turns counts into completions,
//     so that any solution can be rebuilt by its rank.
enum class Keep { None, Trace, Layers };

// A Keep::Trace word: bits 0-27 the predecessor's index, bits 28-29 the edges of the move (bit
// 28: right, bit 29: down), bit 30 set when the state is reached in two or more ways.
using Trace = std::uint32_t;
constexpr std::size_t kMaxTracedStates = std::size_t{1} << 28;
inline std::uint32_t trace_pred(Trace t) { return t & (kMaxTracedStates - 1); }
inline std::uint8_t trace_edges(Trace t) { return static_cast<std::uint8_t>((t >> 28) & 3); }
inline bool trace_many(Trace t) { return (t >> 30) & 1; }
constexpr Trace kTraceMany = Trace{1} << 30;

class FrontierCounter {
   public:
    // narrow: 16-bit counts (frontier_table.hpp), for a total capped below their maximum.
    FrontierCounter(const Puzzle& p, Rules rules, const Budget& budget, Keep keep, bool narrow, bool no_u_turns)
        : p_(p), rules_(rules), g_(frontier::make_grid(p, rules)), poller_(budget), keep_(keep), narrow_(narrow) {
        g_.no_u_turns = no_u_turns;
    }

    // The forward pass: the number of solutions.
    Count count() {
        const int n = g_.width * g_.height;
        layers_.push_back(start_layer());
        if (keep_ == Keep::Trace) traces_.push_back({0});  // the start, reached in one way
        StateTable spare(g_.stride, narrow_);  // a layer no longer needed, its memory kept
        for (int step = 0; step < n; ++step) {
            StateTable next = std::move(spare);
            advance(step, layers_[step], next, keep_ == Keep::Trace ? &new_trace_ : nullptr, nullptr);
            if (keep_ == Keep::Trace) {
                // Kept at its size, marked with the states reached in two or more ways. (Built
                // in a vector of its own that grew by doubling, the traces took 0.5 s more on
                // janko_even #135 under nikoli rules, copying and faulting in new pages.)
                std::vector<Trace>& kept = traces_.emplace_back();
                kept.reserve(new_trace_.size());
                for (std::size_t j = 0; j < new_trace_.size(); ++j)
                    kept.push_back(new_trace_[j] | (next.count(j) >= 2 ? kTraceMany : 0));
                bytes_ += kept.capacity() * sizeof(Trace);
            } else if (keep_ == Keep::Layers) {
                bytes_ += next.bytes();
            }
            if (keep_ != Keep::Layers) {
                spare = std::move(layers_[step]);
                layers_[step] = StateTable(g_.stride, narrow_);
            } else {
                spare = StateTable(g_.stride, narrow_);
            }
            layers_.push_back(std::move(next));
        }
        Count total = 0;
        const StateTable& last = layers_[n];
        for (std::size_t i = 0; i < last.size(); ++i)
            if (frontier::all_closed(g_, last.key(i))) total = frontier::add_saturating(total, last.count(i));
        return total;
    }

    // After count() with Keep::Trace: the first `wanted` (1 or 2) solutions, checked.
    std::vector<Solution> traced_solutions(int wanted) {
        const int n = g_.width * g_.height;
        std::vector<std::uint32_t> finals;
        for (std::size_t i = 0; i < layers_[n].size(); ++i)
            if (frontier::all_closed(g_, layers_[n].key(i))) finals.push_back(static_cast<std::uint32_t>(i));
        std::vector<std::vector<std::uint8_t>> found;
        found.push_back(back(n, finals.at(0), std::vector<std::uint8_t>(n, 0)));
        if (wanted >= 2) {
            if (finals.size() >= 2) {
                found.push_back(back(n, finals[1], std::vector<std::uint8_t>(n, 0)));
            } else {
                // Where another solution leaves the first one's chain (see Keep).
                std::uint32_t s = finals[0];
                int layer = n;
                for (; layer >= 1; --layer) {
                    const Trace t = traces_[layer][s];
                    if (trace_many(t) && !trace_many(traces_[layer - 1][trace_pred(t)])) break;
                    s = trace_pred(t);
                }
                if (layer < 1) throw InternalError("frontier engine: no second solution traced on " + p_.name);
                const auto [pred, edges] = other_in_edge(layer, s, traces_[layer][s]);
                std::vector<std::uint8_t> second = found[0];
                second[layer - 1] = edges;
                found.push_back(back(layer - 1, pred, std::move(second)));
            }
        }
        std::vector<Solution> out;
        for (const auto& edges : found) {
            std::vector<std::uint8_t> right(n), down(n);
            for (int v = 0; v < n; ++v) {
                right[v] = edges[v] & 1;
                down[v] = (edges[v] >> 1) & 1;
            }
            out.push_back(paths_from_edges(right, down));
        }
        return out;
    }

    // After count() with kept layers: replaces every state's count by its number of completions.
    void count_completions() {
        const int n = g_.width * g_.height;
        StateTable& last = layers_[n];
        for (std::size_t i = 0; i < last.size(); ++i) last.set_count(i, frontier::all_closed(g_, last.key(i)) ? 1 : 0);
        for (int step = n - 1; step >= 0; --step) {
            StateTable& now = layers_[step];
            const StateTable& next = layers_[step + 1];
            for (std::size_t i = 0; i < now.size(); ++i) {
                poller_.tick(bytes_);
                frontier::expand(g_, step, now.key(i), moves_);
                Count ways = 0;
                for (std::size_t m = 0; m < moves_.size(); ++m) {
                    const long j = next.find(moves_.state(m, g_.stride));
                    if (j >= 0) ways = frontier::add_saturating(ways, next.count(static_cast<std::size_t>(j)));
                }
                now.set_count(i, ways);
            }
        }
    }

    // After count_completions(): solution number k (k below the total), checked.
    Solution solution(Count k) {
        const int n = g_.width * g_.height;
        std::vector<std::uint8_t> right(n, 0), down(n, 0);
        std::vector<Plug> state(g_.stride, 0);
        for (int step = 0; step < n; ++step) {
            poller_.tick(bytes_);
            frontier::expand(g_, step, state.data(), moves_);
            bool chosen = false;
            for (std::size_t m = 0; m < moves_.size() && !chosen; ++m) {
                const long j = layers_[step + 1].find(moves_.state(m, g_.stride));
                const Count ways = j >= 0 ? layers_[step + 1].count(static_cast<std::size_t>(j)) : 0;
                if (k >= ways) {
                    k -= ways;
                    continue;
                }
                chosen = true;
                right[step] = moves_.right[m];
                down[step] = moves_.down[m];
                std::copy(moves_.state(m, g_.stride), moves_.state(m, g_.stride) + g_.stride, state.begin());
            }
            if (!chosen) throw InternalError("frontier engine: solution rank beyond the count on " + p_.name);
        }
        return paths_from_edges(right, down);
    }

   private:
    const Puzzle& p_;
    Rules rules_;
    Grid g_;
    Poller poller_;
    Keep keep_;
    bool narrow_;
    std::vector<StateTable> layers_;  // layers_[i]: the states before visiting cell i
    std::vector<std::vector<Trace>> traces_;  // Keep::Trace: traces_[i][s] for state s of layer i
    std::vector<Trace> new_trace_;    // Keep::Trace: the layer being built's first in-edges
    std::size_t bytes_ = 0;           // bytes of the kept layers
    Moves moves_;

    // Successors waiting to be added to the next layer: adding them a batch at a time lets the
    // cache misses of a whole batch overlap (StateTable::prefetch_slot). On janko_even #135 under
    // nikoli rules (2.3 million states in the largest layer), added one at a time, two loads that
    // missed the cache took 83 % of the adds and the adds 59 % of the count; batched, the count
    // took 26 s instead of 43 s (12 s with the layers' memory reused and renumbering skipped,
    // frontier_table.hpp and frontier_state.cpp). Larger batches (256, 1,024) gained nothing.
    static constexpr std::size_t kBatch = 64;
    struct Batch {
        Moves moves;                       // the successors and their edges
        std::vector<std::uint32_t> from;   // the state of the current layer each comes from
        std::vector<std::size_t> hashes;
    } batch_;

    // The layer before the first cell: one state, with no plug.
    StateTable start_layer() const {
        StateTable layer(g_.stride, narrow_);
        const std::vector<Plug> start(g_.stride, 0);
        layer.add(start.data(), 1);
        return layer;
    }

    // One state's in-edges (predecessor, edges), collected while its layer is built again.
    struct Watch {
        std::size_t state;
        std::vector<std::pair<std::uint32_t, std::uint8_t>> ins;
    };

    // One step of the DP: `next` (emptied first) gets the successors of the states of `now`.
    // With `trace` (emptied first), each new state's first in-edge is recorded there; with
    // `watch`, every in-edge of one state.
    void advance(int step, const StateTable& now, StateTable& next, std::vector<Trace>* trace, Watch* watch) {
        if (trace && now.size() > kMaxTracedStates) throw Stopped(StopReason::Memory);
        next.clear(now.size());  // a layer is about as large as the one before it
        if (trace) trace->clear();
        for (std::size_t i = 0; i < now.size(); ++i) {
            poller_.tick(bytes_ + now.bytes() + next.bytes());
            frontier::append_moves(g_, step, now.key(i), batch_.moves);
            batch_.from.resize(batch_.moves.size(), static_cast<std::uint32_t>(i));
            if (batch_.from.size() >= kBatch) flush(now, next, trace, watch);
        }
        flush(now, next, trace, watch);
    }

    // Adds the batch to `next`: first every slot is asked for, then every key those slots name,
    // then each successor is added in turn.
    void flush(const StateTable& now, StateTable& next, std::vector<Trace>* trace, Watch* watch) {
        const std::size_t count = batch_.from.size();
        batch_.hashes.resize(count);
        for (std::size_t b = 0; b < count; ++b) {
            batch_.hashes[b] = next.hash(batch_.moves.state(b, g_.stride));
            next.prefetch_slot(batch_.hashes[b]);
        }
        for (std::size_t b = 0; b < count; ++b) next.prefetch_key(batch_.hashes[b]);
        for (std::size_t b = 0; b < count; ++b) {
            const std::uint32_t i = batch_.from[b];
            const std::size_t j = next.add(batch_.moves.state(b, g_.stride), now.count(i), batch_.hashes[b]);
            const auto edges = static_cast<std::uint8_t>(batch_.moves.right[b] | (batch_.moves.down[b] << 1));
            if (trace && j == trace->size()) trace->push_back(i | Trace{edges} << 28);  // a new state
            if (watch && j == watch->state) watch->ins.emplace_back(i, edges);
        }
        batch_.moves.clear();
        batch_.from.clear();
    }

    // An in-edge of state s of `layer` other than its first, `first`. The DP is run again from
    // the start up to that layer, keeping two layers at a time: it adds the same states in the
    // same order, so s has the index it had.
    std::pair<std::uint32_t, std::uint8_t> other_in_edge(int layer, std::uint32_t s, Trace first) {
        StateTable now = start_layer(), next(g_.stride, narrow_);
        Watch watch{s, {}};
        for (int step = 0; step < layer; ++step) {
            advance(step, now, next, nullptr, step == layer - 1 ? &watch : nullptr);
            std::swap(now, next);
        }
        for (const auto& [pred, edges] : watch.ins)
            if (pred != trace_pred(first) || edges != trace_edges(first)) return {pred, edges};
        throw InternalError("frontier engine: the second in-edge traced on " + p_.name + " is missing");
    }

    // Fills edges[0 .. layer-1] by following first in-edges back from state s of `layer`.
    std::vector<std::uint8_t> back(int layer, std::uint32_t s, std::vector<std::uint8_t> edges) const {
        for (; layer >= 1; --layer) {
            const Trace t = traces_[layer][s];
            edges[layer - 1] = trace_edges(t);
            s = trace_pred(t);
        }
        return edges;
    }

    // The paths of a solution given by its forward edges per visited cell, checked.
    Solution paths_from_edges(const std::vector<std::uint8_t>& right, const std::vector<std::uint8_t>& down) const {
        std::vector<std::vector<CellId>> links(p_.cell_count());
        for (int v = 0; v < static_cast<int>(right.size()); ++v) {
            const CellId c = g_.cell[v];
            if (right[v]) {
                links[c].push_back(g_.cell[v + 1]);
                links[g_.cell[v + 1]].push_back(c);
            }
            if (down[v]) {
                links[c].push_back(g_.cell[v + g_.width]);
                links[g_.cell[v + g_.width]].push_back(c);
            }
        }
        Solution s;
        for (const Label& label : p_.labels) {
            std::vector<CellId> path{label.ends[0]};
            CellId previous = kNoCell;
            while (path.back() != label.ends[1] && path.size() <= static_cast<std::size_t>(p_.cell_count())) {
                const auto& out = links[path.back()];
                const auto next = std::find_if(out.begin(), out.end(), [&](CellId d) { return d != previous; });
                if (next == out.end()) break;
                previous = path.back();
                path.push_back(*next);
            }
            s.paths.push_back(std::move(path));
        }
        const CheckResult check = check_solution(p_, s, rules_);
        if (!check.ok) throw InternalError("frontier engine: rebuilt solution of " + p_.name + " fails the checker: " + check.message);
        return s;
    }
};

// Under rules that allow empty cells and touching (nikoli), `unique` needs only min(number of
// solutions, 2); the DP counts the solutions without the U-turns of Grid::no_u_turns (fewer
// states: on janko_even #135 under nikoli rules the DP alone took 8.8 s and 482 MB, 4.6 s and
// 258 MB without them; with the traces kept to rebuild T, below, 5.0-5.2 s and 0.56 GB), and
// this gives min(all solutions, 2) exactly:
//   - Shortcut: a solution with such a U-turn a, b, c, d gives another solution without b and c
//     (they are plain cells, and the rules let them stay empty and let a path touch itself),
//     with fewer cells. Repeating it ends, so every solution S shortcuts, in zero or more steps,
//     to a solution S' without these U-turns.
//   - So no U-turn-free solution means no solution at all, and two U-turn-free solutions are
//     two solutions.
//   - With exactly one, T: every other solution S shortcuts to T in one or more steps, and the
//     last solution before T is T with one link replaced by a detour through two cells that T
//     leaves empty; conversely every detour of T is a solution other than T (rewrite.hpp). So
//     there is a second solution exactly when T has a detour, which detour_second_solution
//     decides exhaustively over T's links.
// Returns the number of solutions capped at 2, with up to two checked solutions in `solutions`.
long decide_from_u_turn_free(const Puzzle& p, Rules rules, FrontierCounter& counter, Count u_turn_free,
                             std::vector<Solution>& solutions) {
    if (u_turn_free == 0) return 0;
    solutions = counter.traced_solutions(u_turn_free >= 2 ? 2 : 1);
    if (u_turn_free >= 2) return 2;
    if (auto second = detour_second_solution(p, rules, solutions[0])) {
        solutions.push_back(std::move(*second));
        return 2;
    }
    return 1;
}

}  // namespace

std::string count_decimal(unsigned __int128 count) {
    if (count == 0) return "0";
    std::string digits;
    for (; count; count /= 10) digits.push_back(static_cast<char>('0' + static_cast<int>(count % 10)));
    return {digits.rbegin(), digits.rend()};
}

std::optional<std::string> unsupported_frontier(const Puzzle& puzzle, Rules rules, Distinct distinct) {
    return frontier::unsupported_reason(puzzle, rules, distinct);
}

CountResult count_solutions_frontier(const Puzzle& p, Rules rules, const CountOptions& options) {
    if (const auto why = unsupported_frontier(p, rules, options.distinct))
        throw InternalError("frontier engine called on " + p.name + ", which it cannot count: " + *why);
    const auto started = std::chrono::steady_clock::now();
    const Budget budget = Budget::starting_now(options.sat.timeout, options.sat.interrupt, options.sat.max_memory);
    CountResult r;
    try {
        // The verdict of `unique` (and count --max 2) under nikoli rules: count the solutions
        // without U-turns instead (see below).
        const bool without_u_turns = options.max == 2 && options.local_moves && !rules.fill && rules.touch;
        const Keep keep = without_u_turns || (options.keep > 0 && options.keep <= 2) ? Keep::Trace
                          : options.keep == 0                                      ? Keep::None
                                                                                   : Keep::Layers;
        // Narrow counts when only a total capped below their maximum is asked (--max, unique);
        // count_completions (Keep::Layers) needs exact ones.
        const bool narrow = keep != Keep::Layers && options.max > 0 && Count(options.max) < StateTable::kNarrowMax;
        FrontierCounter counter(p, rules, budget, keep, narrow, without_u_turns);
        const Count total = counter.count();
        if (without_u_turns) {
            r.count = decide_from_u_turn_free(p, rules, counter, total, r.solutions);
            r.capped = r.count == 2;  // at least 2, as the other engines report a capped count
            r.solutions.resize(std::min(r.solutions.size(), options.keep));
        } else {
            Count reported = total;
            r.capped = total == frontier::kCountMax;  // saturated: at least that many
            if (options.max > 0 && total > Count(options.max)) {
                reported = Count(options.max);
                r.capped = true;
            }
            if (reported > Count(LONG_MAX)) {
                r.count = LONG_MAX;
                r.count_text = count_decimal(reported);
            } else {
                r.count = static_cast<long>(reported);
            }
            const Count wanted = std::min<Count>(reported, Count(options.keep));
            if (wanted > 0 && keep == Keep::Trace) {
                r.solutions = counter.traced_solutions(static_cast<int>(wanted));
            } else if (wanted > 0) {
                counter.count_completions();
                for (Count k = 0; k < wanted; ++k) r.solutions.push_back(counter.solution(k));
            }
        }
    } catch (const Stopped& stopped) {
        r = CountResult{};
        r.timed_out = true;
        r.stop = stopped.reason;
    } catch (const std::bad_alloc&) {
        r = CountResult{};
        r.timed_out = true;
        r.stop = StopReason::Memory;
    }
    r.stats.solve_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
}

}  // namespace nl
