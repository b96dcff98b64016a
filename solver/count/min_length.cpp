// See min_length.hpp.
#include "solver/count/min_length.hpp"

#include <algorithm>
#include <chrono>
#include <new>
#include <span>
#include <vector>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/quality.hpp"
#include "encoder/encoding.hpp"
#include "solver/count/count_engine.hpp"
#include "solver/count/length_cores.hpp"
#include "solver/count/length_line_sets.hpp"
#include "solver/count/line_slack.hpp"
#include "solver/count/unary_sum.hpp"
#include "solver/route/optimize.hpp"
#include "solver/sat/solve_loop.hpp"

namespace nl {

namespace {

// Totalizer outputs over `inputs`, capped at `cap`: out[j] is forced true whenever at least j + 1
// inputs are true (j < cap); each input is a unary number of its own (unary_sum.hpp).
std::vector<int> totalize(Cnf& cnf, std::span<const int> inputs, int cap) {
    std::vector<std::vector<int>> parts;
    parts.reserve(inputs.size());
    for (int v : inputs) parts.push_back({v});
    return add_unary_sum(cnf, parts, cap);
}

// The same tree read the other way, for "at least K inputs true" with K small: out[k] true
// forces at least k + 1 true inputs (k < cap). Clause (not out[i + j] or left[i] or right[j])
// for i + j < cap, a child output past its end standing for false: with fewer than i + 1 true
// on the left and fewer than j + 1 on the right there are fewer than i + j + 1 in all. A child
// capped below its size is never read past its cap, since i + j < cap. Every assignment with
// at least K true inputs extends to the outputs (each true exactly when its subtree has that
// many), so asserting out[K - 1] removes no such assignment.
std::vector<int> totalize_at_least(Cnf& cnf, std::span<const int> inputs, int cap) {
    if (inputs.size() == 1) return {inputs[0]};
    const std::size_t half = inputs.size() / 2;
    const std::vector<int> left = totalize_at_least(cnf, inputs.first(half), cap);
    const std::vector<int> right = totalize_at_least(cnf, inputs.subspan(half), cap);
    const int m = std::min<int>(static_cast<int>(left.size() + right.size()), cap);
    const int first = cnf.new_vars(m);
    const int nl = static_cast<int>(left.size()), nr = static_cast<int>(right.size());
    for (int i = 0; i <= nl; ++i)
        for (int j = 0; j <= nr && i + j < m; ++j) {
            std::vector<int> clause{-(first + i + j)};
            if (i < nl) clause.push_back(left[i]);
            if (j < nr) clause.push_back(right[j]);
            cnf.add(clause);
        }
    std::vector<int> out(m);
    for (int k = 0; k < m; ++k) out[k] = first + k;
    return out;
}

// "The total length is below `length`" as one assumption, over whichever count needs the
// smaller tree. Every solution's length is its terminals plus its used other nodes, and its
// links plus its lines (a line of k cells has k - 1 links); so "length < L" is "links <=
// L - 1 - lines" and "empty nodes >= terminals + free nodes - L + 1". Dense answers (most of
// the board used, as on contest boards) have few empty nodes and many links: counting empty
// nodes up to the lower bound's count is then far smaller than counting links.
class LengthBound {
public:
    LengthBound(const Puzzle& p, Encoding& enc, long best, long lower_bound) {
        lines_ = static_cast<long>(p.labels.size());
        std::vector<int> empty;
        for (CellId c = 0; c < p.cell_count(); ++c) {
            if (!p.is_lane(c) && p.is_blocked(c)) continue;
            if (p.is_terminal(c)) {
                ++terminals_;
                continue;
            }
            empty.push_back(-used_var(p, enc, c));
        }
        free_ = static_cast<long>(empty.size());
        const long links_cap = best - lines_;
        const long empty_cap = terminals_ + free_ - lower_bound;
        if (empty_cap < links_cap && empty_cap > 0) {
            by_empty_ = true;
            at_least_ = totalize_at_least(enc.cnf, empty, static_cast<int>(empty_cap));
            return;
        }
        std::vector<int> links;
        links.reserve(enc.edges.size());
        for (const Edge& e : enc.edges) links.push_back(e.var);
        // "At least (best - lines) links" must stay false: outputs up to that count suffice.
        at_least_ = totalize(enc.cnf, links, static_cast<int>(links_cap));
    }
    // The literal to assume for "length < `length`"; 0 when the tree does not reach that far
    // (never below the lower bound it was built for).
    bool by_empty() const { return by_empty_; }
    int below(long length) const {
        if (by_empty_) {
            const long k = terminals_ + free_ - length + 1;  // empty nodes needed
            if (k <= 0 || k > static_cast<long>(at_least_.size())) return 0;
            return at_least_[k - 1];
        }
        const long links = length - lines_;  // "at least this many links" must be false
        if (links < 1 || links > static_cast<long>(at_least_.size())) return 0;
        return -at_least_[links - 1];
    }

private:
    long lines_ = 0, terminals_ = 0, free_ = 0;
    bool by_empty_ = false;
    std::vector<int> at_least_;
};

// The step between possible total lengths: 2 when every answer's length has the same parity,
// else 1. On a bipartite board graph (square grids, layers of them, walls, bridges; not hexagons
// or some warps) consecutive nodes of a path lie on opposite sides, so a line of k nodes from u
// to v has k odd exactly when u and v lie on the same side: each line's length, and so the
// total, is fixed modulo 2 by its two ends alone. Then no answer is one cell shorter than
// another, and "shorter than the best" means "at least two shorter".
long length_step(const Puzzle& p) {
    std::vector<signed char> side(p.cell_count(), -1);
    std::vector<CellId> queue;
    for (CellId s = 0; s < p.cell_count(); ++s) {
        if (side[s] >= 0) continue;
        side[s] = 0;
        queue.assign(1, s);
        while (!queue.empty()) {
            const CellId c = queue.back();
            queue.pop_back();
            for (CellId n : p.neighbours(c)) {
                if (side[n] < 0) {
                    side[n] = static_cast<signed char>(1 - side[c]);
                    queue.push_back(n);
                } else if (side[n] == side[c]) {
                    return 1;
                }
            }
        }
    }
    return 2;
}

// The least length at or above `bound` that an answer can have, given the parity of `length`
// (one answer's length) and the step.
long round_up_to_step(long bound, long length, long step) {
    if (step == 2 && (length - bound) % 2 != 0) ++bound;
    return bound;
}


// A puzzle with exactly one solution has no shorter one: its only solution is the minimum. The
// uniqueness proof (count_with_engine capped at 2, the engine `unique` runs) brings arguments of
// its own (the frontier engine, the proof under nikoli rules through adc, local rewrites of a
// first solution) that decide many dense designed boards in a second, where the bound's one
// question "k cells fewer" stalls. It gets half of the time left (all of it without a deadline);
// a second solution it finds is checked and kept when shorter, and the bound goes on from there.
// True when the minimum is settled.
bool settle_by_uniqueness(const Puzzle& p, Rules rules, const Budget& budget, const SolveOptions& sat_options,
                          MinLengthResult& out) {
    CountOptions count;
    count.max = 2;
    count.keep = 2;
    count.sat = sat_options;
    count.sat.interrupt = budget.interrupt;
    count.sat.max_memory = budget.max_memory;
    count.sat.timeout = 0;
    if (budget.has_deadline()) {
        const double left = std::chrono::duration<double>(budget.deadline - Budget::Clock::now()).count();
        if (left <= 0.01) return false;
        count.sat.timeout = left / 2;
    }
    const CountResult r = count_with_engine(p, rules, CountEngine::Sat, count);
    if (r.timed_out) {
        if (r.stop == StopReason::Interrupted || r.stop == StopReason::Memory) throw Stopped(r.stop);
        return false;
    }
    if (r.count == 0) throw InternalError(p.name + ": the uniqueness proof denies the solution it was given");
    if (r.count == 1 && !r.capped) {
        out.by_uniqueness = true;
        out.lower_bound = out.length;
        return true;
    }
    for (const Solution& s : r.solutions) {
        const long length = solution_quality(p, s).length;
        if (length < out.length && check_solution(p, s, rules).ok) {
            out.solution = s;
            out.length = length;
            ++out.improvements;
        }
    }
    return false;
}

// The largest slack the per-line bound (line_slack.hpp) is encoded for: its totalizer grows with
// the square of the cap, and it pays where the gap is a few steps; questions with more slack go
// without it.
constexpr long kMaxSlackCap = 32;

// The largest slack the cores (length_cores.hpp) are tried at: their counters grow with the
// slack times the cells a line may use.
constexpr long kMaxCoreSlack = 128;

// A share of the time left: 1/2 for the cores (length_cores.hpp), so that the two-sided search,
// which also closes gaps the cores cannot (a proof of "none shorter" that needs every line at
// once), keeps the other half; 1/4 for the sets of lines before them, which only find answers.
std::chrono::steady_clock::time_point share_of_time_left(const Budget& budget, int parts) {
    if (!budget.has_deadline()) return std::chrono::steady_clock::time_point::max();
    const auto now = Budget::Clock::now();
    return now + (budget.deadline - now) / parts;
}

// One question "is there an answer shorter than `length`?" within `max_conflicts` (0: none).
// A model is decoded, checked (by solve_with_cuts) and kept: it is strictly shorter than the
// best, since the bound is below the best length.
detail::Outcome ask_below(const Puzzle& p, Rules rules, const SolveOptions& sat_options, Encoding& enc,
                          SatSession& sat, std::size_t& sent, const LengthBound& bound, const LineSlack& slack,
                          long length, std::uint64_t max_conflicts, MinLengthResult& out) {
    const int below = bound.below(length);
    if (below == 0) return detail::Outcome::Undecided;
    std::vector<int> assume{below};
    for (int within : slack.at_most(length - 1 - slack.shortest_total())) assume.push_back(within);
    SolveResult step;
    ++out.sat_calls;
    const detail::Outcome o = detail::solve_with_cuts(p, rules, sat_options, enc, sat, sent, assume, step, max_conflicts);
    if (o == detail::Outcome::Solved) {
        const long found = solution_quality(p, step.solution).length;
        if (found >= out.length || found >= length)
            throw InternalError(p.name + ": a model under the length bound is not shorter");
        if (found < out.lower_bound) throw InternalError(p.name + ": a model is shorter than the proved lower bound");
        out.solution = std::move(step.solution);
        out.length = found;
        ++out.improvements;
    }
    return o;
}

// Closes the gap from both sides. Downward, "shorter than the best by a step": a model is a
// better answer, Unsat proves the best optimal. Upward, "no longer than the lower bound": Unsat
// proves no answer that short, so the bound rises by a step; a model has the bound's length and
// so is optimal. The upward questions are the more constrained ones and often fail fast where
// the downward one stalls (dense boards with many solutions), so each round gives both the same
// conflict budget and doubles it; every answer, either way, is exact. When the two questions
// are one (the gap is one step), it is asked without a conflict limit.
void close_gap(const Puzzle& p, Rules rules, const SolveOptions& sat_options, Encoding& enc, SatSession& sat,
               std::size_t& sent, const LengthBound& bound, const LineSlack& slack, std::uint64_t conflicts, MinLengthResult& out) {
    while (out.lower_bound < out.length) {
        const int calls = out.sat_calls;
        const long stride = out.stride;
        const bool one_question = out.lower_bound + stride >= out.length;
        const std::uint64_t limit = one_question ? 0 : conflicts;
        const detail::Outcome down = ask_below(p, rules, sat_options, enc, sat, sent, bound, slack,
                                               out.length - stride + 1, limit, out);
        if (down == detail::Outcome::Unsat) {
            out.lower_bound = out.length;  // none is shorter by a step, so none at all
            return;
        }
        if (one_question && down != detail::Outcome::Solved) return;  // the tree does not reach
        if (out.lower_bound >= out.length || out.lower_bound + stride >= out.length) continue;
        const detail::Outcome up = ask_below(p, rules, sat_options, enc, sat, sent, bound, slack,
                                             out.lower_bound + 1, conflicts, out);
        if (up == detail::Outcome::Unsat) {
            out.lower_bound += stride;
            ++out.bound_raises;
        } else if (up == detail::Outcome::Solved) {
            out.lower_bound = out.length;
            out.met_lower_bound = true;
            return;
        }
        if (out.sat_calls == calls) return;  // neither question fits the tree (never expected)
        if (down == detail::Outcome::Undecided && up == detail::Outcome::Undecided) conflicts *= 2;
    }
}

}  // namespace

MinLengthResult minimize_length(const Puzzle& p, Rules rules, const Solution& start, const Budget& budget,
                                const SolveOptions& sat_options, const MinLengthSteps& steps) {
    if (rules.fill) throw InternalError(p.name + ": a proved minimum length is for no-fill rules only");
    if (!check_solution(p, start, rules).ok) throw InternalError(p.name + ": the start of minimize_length fails the checker");
    MinLengthResult out;
    out.solution = start;
    out.length = solution_quality(p, start).length;
    const long lines = static_cast<long>(p.labels.size());
    const long stride = length_step(p);
    out.stride = stride;
    out.lower_bound = round_up_to_step(std::max(wire_lower_bound(p).length, lines), out.length, stride);
    if (out.lower_bound >= out.length) {
        out.optimal = true;
        return out;
    }
    try {
        if (steps.uniqueness && settle_by_uniqueness(p, rules, budget, sat_options, out)) {
            out.optimal = true;
            return out;
        }
        if (steps.line_sets) {
            shorten_by_line_sets(p, rules, sat_options, budget, share_of_time_left(budget, 4), LineSetReach::WhileCheap,
                                 out);
            if (out.lower_bound >= out.length) {
                out.optimal = true;
                return out;
            }
        }
        const auto poll = [&budget] { poll_budget(budget); };
        Encoding enc = encode(p, rules, detail::encode_options(sat_options), poll);
        // The bounds' clauses (a totalizer over every link, counters per line and cell) can
        // number millions on big boards: the deadline is polled while they are written too.
        enc.cnf.poll = poll;
        const LengthBound bound(p, enc, out.length, out.lower_bound);
        out.counted_empty = bound.by_empty();
        const LineSlack slack(p, enc, static_cast<int>(std::min(out.length - out.lower_bound, kMaxSlackCap)), stride == 2);
        enc.cnf.poll = nullptr;
        SatSession sat(sat_options.threads, &budget, backend_of(sat_options.sat));
        std::size_t sent = detail::load_and_release(sat, enc);
        if (steps.cores && slack.counted() && out.length - 1 - slack.shortest_total() <= kMaxCoreSlack) {
            enc.cnf.poll = poll;
            const auto ask_down = [&](std::uint64_t conflicts) {
                if (out.lower_bound >= out.length) return;
                if (ask_below(p, rules, sat_options, enc, sat, sent, bound, slack, out.length - out.stride + 1,
                              conflicts, out) == detail::Outcome::Unsat)
                    out.lower_bound = out.length;  // none shorter by a step, so none at all
            };
            raise_bound_by_cores(p, rules, sat_options, enc, sat, sent, bound.below(out.length),
                                 slack.shortest_total(), share_of_time_left(budget, 2),
                                 std::max<std::uint64_t>(steps.first_conflicts, 1), ask_down, out);
            enc.cnf.poll = nullptr;
        }
        close_gap(p, rules, sat_options, enc, sat, sent, bound, slack, std::max<std::uint64_t>(steps.first_conflicts, 1), out);
    } catch (const Stopped& stop) {
        out.stop = stop.reason;
    } catch (const EncodingTooLarge&) {
        out.stop = StopReason::Memory;
    } catch (const std::bad_alloc&) {
        out.stop = StopReason::Memory;
    }
    out.optimal = out.lower_bound >= out.length;
    return out;
}

void prove_minimum_length(const Puzzle& p, Rules rules, const EngineOptions& options,
                          std::chrono::steady_clock::time_point started, EngineResult& result) {
    if (!options.prove_length || result.status != Verdict::Solved || rules.fill) return;
    const auto since = std::chrono::steady_clock::now();
    Budget budget;
    if (options.sat.timeout > 0)
        budget.deadline = started + std::chrono::duration_cast<Budget::Clock::duration>(
                                        std::chrono::duration<double>(options.sat.timeout));
    budget.interrupt = options.sat.interrupt;
    budget.max_memory = options.sat.max_memory;
    MinLengthResult m = minimize_length(p, rules, result.solution, budget, options.sat);
    if (!check_solution(p, m.solution, rules).ok)
        throw InternalError(p.name + ": the length proof's answer fails the checker");
    Attempt a;
    a.engine = "prove";
    a.verdict = Verdict::Solved;
    a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
    a.add("optimal", m.optimal ? "yes" : "no")
        .add("length", m.length)
        .add("lower_bound", m.lower_bound)
        .add("improvements", m.improvements)
        .add("sat_calls", m.sat_calls)
        .add("bound_raises", m.bound_raises)
        .add("rerouted", m.rerouted)
        .add("cores", m.cores)
        .add("cubes", m.cube_calls)
        .add("by", m.by_uniqueness         ? "uniqueness"
                   : m.sat_calls == 0      ? "shortest routes"
                   : m.by_cores            ? "cores"
                   : m.counted_empty       ? "empty cells"
                                           : "links");
    result.attempts.push_back(std::move(a));
    result.solution = std::move(m.solution);
    result.length_proof = EngineResult::LengthProof{m.optimal, m.lower_bound};
}

}  // namespace nl
