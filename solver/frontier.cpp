// The frontier engine's driver: the layer-by-layer DP, the budget, and rebuilding solutions from
// the kept layers. See frontier.hpp for the contract and frontier_state.hpp for the moves.
#include "solver/frontier.hpp"

#include <algorithm>
#include <chrono>
#include <climits>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "solver/frontier_state.hpp"
#include "solver/frontier_table.hpp"

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

class FrontierCounter {
   public:
    FrontierCounter(const Puzzle& p, Rules rules, const Budget& budget, bool keep_layers)
        : p_(p), rules_(rules), g_(frontier::make_grid(p, rules)), poller_(budget), keep_layers_(keep_layers) {}

    // The forward pass: the number of solutions.
    Count count() {
        const int n = g_.width * g_.height;
        layers_.emplace_back(g_.stride);
        const std::vector<Plug> start(g_.stride, 0);
        layers_[0].add(start.data(), 1);
        for (int step = 0; step < n; ++step) {
            StateTable next(g_.stride);
            const StateTable& now = layers_[step];
            for (std::size_t i = 0; i < now.size(); ++i) {
                poller_.tick(bytes_ + now.bytes() + next.bytes());
                frontier::expand(g_, step, now.key(i), moves_);
                for (std::size_t m = 0; m < moves_.size(); ++m) next.add(moves_.state(m, g_.stride), now.count(i));
            }
            if (keep_layers_) {
                bytes_ += next.bytes();
            } else {
                layers_[step].release();
            }
            layers_.push_back(std::move(next));
        }
        Count total = 0;
        const StateTable& last = layers_[n];
        for (std::size_t i = 0; i < last.size(); ++i)
            if (frontier::all_closed(g_, last.key(i))) total = frontier::add_saturating(total, last.count(i));
        return total;
    }

    // After count() with kept layers: replaces every state's count by its number of completions.
    void count_completions() {
        const int n = g_.width * g_.height;
        StateTable& last = layers_[n];
        for (std::size_t i = 0; i < last.size(); ++i) last.count(i) = frontier::all_closed(g_, last.key(i)) ? 1 : 0;
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
                now.count(i) = ways;
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
    bool keep_layers_;
    std::vector<StateTable> layers_;  // layers_[i]: the states before visiting cell i
    std::size_t bytes_ = 0;           // bytes of the kept layers
    Moves moves_;

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
        FrontierCounter counter(p, rules, budget, options.keep > 0);
        const Count total = counter.count();
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
        if (wanted > 0) {
            counter.count_completions();
            for (Count k = 0; k < wanted; ++k) r.solutions.push_back(counter.solution(k));
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
