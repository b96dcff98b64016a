// Counting with an engine chosen by name, and the SAT engine's exact fallbacks; see
// count_engine.hpp.
#include "solver/count/count_engine.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>
#include <stdexcept>

#include "solver/pipeline/engine.hpp"
#include "solver/count/frontier.hpp"
#include "solver/base/race.hpp"
#include "solver/search/search.hpp"

namespace nl {

namespace {

// The frontier fallback's bound on the board's short side (count_engine.hpp).
constexpr int kFrontierFallbackSide = 12;
// Under flow rules, `unique` races SAT against the frontier engine on one-layer boards whose
// short side is above kFrontierFallbackSide and at most this (count_engine.hpp).
constexpr int kFrontierRaceSide = 14;

// The number of solutions without a U-turn is a fact about the puzzle, whichever exact run
// established it, so a result that stopped takes it from another run of the same puzzle, but
// only while CountResult::uturn_free's promise still holds (every solution without a U-turn is
// among those counted): when there are none, or `into` keeps that many solutions without one
// (distinct solutions, so they are all of them).
void keep_uturn_free(const Puzzle& p, CountResult& into, const CountResult& from) {
    if (into.uturn_free >= 0 || from.uturn_free < 0) return;
    long kept = 0;
    for (const Solution& s : into.solutions) kept += !has_uturn(p, s);
    if (from.uturn_free == 0 || kept == from.uturn_free) into.uturn_free = from.uturn_free;
}

// Both fallbacks below: `first` gets half the time limit; when it times out, `second` the rest.
// The two are exact, so the result is whichever finishes; when both stop, `first`'s lower bound
// and solutions with `second`'s reason (time, Ctrl-C, memory).
template <class First, class Second>
CountResult half_then_rest(const Puzzle& p, const CountOptions& options, First first, Second second) {
    CountOptions half = options;
    half.sat.timeout = options.sat.timeout / 2;
    CountResult r = first(half);
    if (r.stop != StopReason::Timeout) return r;
    CountOptions rest = options;
    rest.sat.timeout = std::max(0.001, options.sat.timeout - r.stats.solve_seconds);
    CountResult o = second(rest);
    o.stats.solve_seconds += r.stats.solve_seconds;
    if (!o.timed_out) return o;
    r.stop = o.stop;
    keep_uturn_free(p, r, o);
    r.stats.solve_seconds = o.stats.solve_seconds;
    return r;
}

// Two counts that both stopped short: each is an exact lower bound with checked solutions, so
// the larger is the answer (`kept` on a tie), with `kept`'s reason (time, Ctrl-C or memory) and
// the U-turn note of either (keep_uturn_free). Against the frontier engine, which counts nothing
// until it finishes, the answer is always `kept`.
CountResult larger_bound(const Puzzle& p, CountResult kept, CountResult other) {
    if (other.count > kept.count) {
        other.stop = kept.stop;
        std::swap(kept, other);
    }
    keep_uturn_free(p, kept, other);
    return kept;
}

// Runs `a` and `b` at once (race.hpp), each with the whole time limit: both are exact, so the
// first verdict is the answer. When both stop, the larger lower bound, with the caller's reason
// (the watcher passes the caller's flag on, so `a` says Interrupted).
template <class A, class B>
CountResult race_counts(const Puzzle& p, const CountOptions& options, A a, B b) {
    CountResult ra, rb;
    auto side = [&options](auto& engine, CountResult& r) {
        return [&options, &engine, &r](std::atomic<bool>* stop) {
            CountOptions o = options;
            o.sat.interrupt = stop;
            r = engine(o);
            return !r.timed_out;
        };
    };
    race(options.sat.interrupt, side(a, ra), side(b, rb));
    if (!ra.timed_out) return ra;
    if (!rb.timed_out) return rb;
    // Both stopped, so neither stopped the other: the caller's flag did, or each its own clock
    // or memory cap.
    return larger_bound(p, std::move(ra), std::move(rb));
}

// `a` alone for a short head start (most boards are decided in milliseconds, and a second
// thread costs ~0.3 ms a puzzle: `unique` of the 300 level-pack boards under strict rules took
// 0.26 s raced from the start, 0.17 s with SAT alone); when it has not finished, `a` again
// and `b` side by side for the rest of the time limit (race_counts).
template <class A, class B>
CountResult alone_then_race(const Puzzle& p, const CountOptions& options, A a, B b) {
    constexpr double kHeadStart = 0.05;  // seconds
    const bool limited = options.sat.timeout > 0;
    if (limited && options.sat.timeout <= 2 * kHeadStart) return race_counts(p, options, a, b);
    CountOptions head = options;
    head.sat.timeout = kHeadStart;
    CountResult r = a(head);
    if (r.stop != StopReason::Timeout) return r;
    CountOptions rest = options;
    if (limited) rest.sat.timeout = std::max(0.001, options.sat.timeout - r.stats.solve_seconds);
    CountResult o = race_counts(p, rest, a, b);
    o.stats.solve_seconds += r.stats.solve_seconds;
    if (!o.timed_out) return o;
    const double seconds = o.stats.solve_seconds;
    CountResult out = larger_bound(p, std::move(o), std::move(r));
    out.stats.solve_seconds = seconds;
    return out;
}

// Both SAT back ends on a count under fill rules (count_portfolio_fits): CryptoMiniSat from the
// start and, when it has not finished within a head start, CaDiCaL beside it
// (count_on_both_backends, count.hpp). Why: on proofs of "none" and second solutions the two
// solvers' times differ by large factors in both directions and nothing on the board says which
// will win (the swapped boards of 15x15 to 22x22 under flow rules: 17x17 #12 CryptoMiniSat no
// verdict in 60 s, CaDiCaL 8.0 s; 22x22 #30 CryptoMiniSat 6.5 s, CaDiCaL none in 60 s). The head
// start keeps the boards CryptoMiniSat decides at once, nearly all of the Janko and level-pack
// boards, from paying for a second solver (CaDiCaL's first answer alone takes 0.3-0.5 s there);
// every Janko board that takes CryptoMiniSat longer than a second is one the frontier engine races
// already (CountOptions::portfolio_head_start, 1 s by default). Only under fill rules, where it was
// measured: under no-fill rules the second core has races of its own (the nikoli proof, the seeded
// enumeration, below). Figures: docs/performance.md, "SAT back ends".
//
// Above this, the second copy of the encoding costs more memory than the race wins (as in the
// solve pipeline's SAT row, solver/pipeline/stage_sat.cpp).
constexpr int kCountPortfolioMaxCells = 100'000;

bool count_portfolio_fits(const Puzzle& p, Rules rules, const CountOptions& options) {
    return options.sat.sat == SatChoice::Auto && options.cores >= 2 && rules.fill && !options.on_solution &&
           p.cell_count() <= kCountPortfolioMaxCells;
}

// The head start of count_on_both_backends: CountOptions::portfolio_head_start, and under a short
// time limit at most a quarter of it, so that CaDiCaL still gets most of the time.
template <class Count>
CountResult cryptominisat_then_both(const Puzzle& p, const CountOptions& options, Count count) {
    double head_start = options.portfolio_head_start;
    if (options.sat.timeout > 0) head_start = std::min(head_start, options.sat.timeout / 4);
    return count_on_both_backends(p, options, head_start, count);
}

// Unique (max 2) under adc rules: the adc enumeration (count.cpp: the solve pipeline's first
// solution, then SAT) alone for a second (a tenth of a shorter time limit), where most boards
// end; then, once it has a first solution, side by side with the nikoli proof, whose verdict
// decides the adc one when it is none or unique (adc_verdict_from_nikoli, count.hpp, has the
// argument). The nikoli proof enumerates adc solutions in corner order only and tests the one
// it finds locally (count.cpp, decide_through_adc), which the adc rules alone do not allow (a
// corner move may make a path touch itself) and which is sometimes far faster: ADC 2015 Q13,
// Q22 and Q35 are unique under nikoli rules in 4-7 s and had no adc verdict in 40 s. It runs
// without local moves (its quick "multiple" would decide nothing here). When both stop, the
// adc result with the caller's reason.
CountResult adc_with_nikoli_proof(const Puzzle& p, const CountOptions& options) {
    const Rules adc{false, false}, nikoli{false, true};
    CountOptions head = options;
    head.sat.timeout = options.sat.timeout > 0 ? std::min(1.0, options.sat.timeout / 10) : 1.0;
    CountResult r = count_solutions_sat(p, adc, head);
    if (r.stop != StopReason::Timeout) return r;
    CountOptions rest = options;
    if (options.sat.timeout > 0) rest.sat.timeout = std::max(0.001, options.sat.timeout - r.stats.solve_seconds);
    if (r.count == 0) {
        // No first solution yet: finding one is the hard part, and the solve pipeline (which
        // uses both cores on layered boards) gets the rest alone (ADC 2017 Q29 needs 5.5 s of it).
        CountResult o = count_solutions_sat(p, adc, rest);
        o.stats.solve_seconds += r.stats.solve_seconds;
        return o;
    }
    CountResult ra;
    std::optional<CountResult> from_nikoli;
    race(
        options.sat.interrupt,
        [&](std::atomic<bool>* stop) {
            CountOptions o = rest;
            o.sat.interrupt = stop;
            ra = count_solutions_sat(p, adc, o);
            return !ra.timed_out;
        },
        [&](std::atomic<bool>* stop) {
            CountOptions o = rest;
            o.sat.interrupt = stop;
            o.local_moves = false;
            o.keep = std::max<std::size_t>(o.keep, 1);
            from_nikoli = adc_verdict_from_nikoli(p, count_solutions_sat(p, nikoli, o), options.keep);
            return from_nikoli.has_value();
        });
    const double spent = r.stats.solve_seconds;
    if (!ra.timed_out) {
        ra.stats.solve_seconds += spent;
        return ra;
    }
    if (from_nikoli) {
        from_nikoli->stats.solve_seconds = spent + ra.stats.solve_seconds;
        return *from_nikoli;
    }
    // Both stopped, so neither stopped the other: the caller's flag did, or each its own clock
    // or memory cap. The lower bound and solutions of whichever adc run found more.
    const double seconds = spent + ra.stats.solve_seconds;
    CountResult out = larger_bound(p, std::move(ra), std::move(r));
    out.timed_out = true;
    out.stats.solve_seconds = seconds;
    return out;
}

// `count` beyond two under adc rules: the enumeration from the solve pipeline's solution
// (count.cpp, pipeline_proves_multiple: it takes up to 7/10 of the time limit, and then the seed,
// its rewrite or its rerouting, and SAT for the others) side by side with the plain enumeration
// (no pipeline), after the plain one's head start (alone_then_race). Each alone loses boards
// the other counts: from the seed, ADC 2015 Q01 gets 2 solutions in 5 s where the plain
// enumeration finds none; plainly, Q07 gets 10 in 3.6 s, where the pipeline spends 3.5 s without
// a solution. When both stop, the larger lower bound is the answer (larger_bound).
CountResult adc_count_raced(const Puzzle& p, const CountOptions& options) {
    const Rules adc{false, false};
    auto plain = [&](CountOptions o) {
        o.local_moves = false;
        return count_solutions_sat(p, adc, o);
    };
    auto seeded = [&](const CountOptions& o) { return count_solutions_sat(p, adc, o); };
    return alone_then_race(p, options, plain, seeded);
}

CountResult count_sat_then_fallback(const Puzzle& puzzle, Rules rules, const CountOptions& options) {
    auto sat = [&](const CountOptions& o) { return count_solutions_sat(puzzle, rules, o); };
    const bool unique_in_time = options.max == 2 && options.sat.timeout > 0;
    // Under nikoli rules up to the race's side too: raced, the frontier engine decides
    // janko_even #135 (14x14) in about 10 s, where SAT gives no verdict in minutes.
    // Beyond two (`count`), with or without a time limit: the SAT enumeration's cost grows with
    // the number of solutions and the frontier engine's with the board's short side, so on a
    // small board with many solutions the frontier engine answers where SAT cannot (an open 6x6
    // nikoli board of two lines: 304,613 solutions in 4 ms, against no count in 150 s), while
    // on a board with few solutions SAT's head start ends the count first.
    const int frontier_side = !rules.fill && rules.touch ? kFrontierRaceSide : kFrontierFallbackSide;
    const bool frontier_applies = puzzle.layers == 1 && std::min(puzzle.width, puzzle.height) <= frontier_side &&
                                  !unsupported_frontier(puzzle, rules, options.distinct);
    if (frontier_applies && (unique_in_time || options.max != 2))
        return alone_then_race(puzzle, options, sat, [&](const CountOptions& o) { return count_solutions_frontier(puzzle, rules, o); });
    // The encoding fallback of `unique` (max 2) with a time limit under flow rules (fill, touch) where
    // the frontier fallback does not apply: SAT with lazy cycle cuts (the default) gets the first half
    // of the time limit and, when it times out, SAT over the exact acyclicity ordering
    // (encoder/acyclic.cpp; every model a solution) the rest. Both are the same exact enumeration over
    // two encodings of the same rules, so the verdict is whichever finishes. Each encoding answers
    // boards on which the other stalls, and cuts win more often, hence cuts first and the ordering
    // second (figures: docs/performance.md, "Counting: cuts, then the acyclicity ordering").
    if (unique_in_time && rules.fill && rules.touch && !options.sat.acyclic) {
        auto ordering = [&](CountOptions o) {
            o.sat.acyclic = true;
            return count_solutions_sat(puzzle, rules, o);
        };
        // Boards a little wider than the frontier fallback's: the frontier engine may need
        // seconds there (janko_even #53, 24x14, and #135, 14x14, both unique, where the SAT
        // chain gives no verdict in 10 s: 6.9 and 8.4 s when this race began, 1-2 s since),
        // too much to take from SAT on the many boards SAT proves at once, so the two run side
        // by side (docs/counting.md).
        if (puzzle.layers == 1 && std::min(puzzle.width, puzzle.height) <= kFrontierRaceSide &&
            !unsupported_frontier(puzzle, rules, options.distinct)) {
            auto sat_chain = [&](const CountOptions& o) { return half_then_rest(puzzle, o, sat, ordering); };
            return race_counts(puzzle, options, sat_chain, [&](const CountOptions& o) { return count_solutions_frontier(puzzle, rules, o); });
        }
        // Elsewhere each encoding's half may go on with both back ends: the head start is
        // CryptoMiniSat's on that encoding, so a board it decides with cuts in a few seconds is
        // decided as it was, not sent on to the ordering by a shorter first half.
        auto both_on = [&](auto count) {
            return [&, count](const CountOptions& o) {
                return count_portfolio_fits(puzzle, rules, o) ? cryptominisat_then_both(puzzle, o, count) : count(o);
            };
        };
        return half_then_rest(puzzle, options, both_on(sat), both_on(ordering));
    }
    if (options.max == 2 && options.local_moves && !rules.fill && !rules.touch)
        return adc_with_nikoli_proof(puzzle, options);
    if (options.max != 1 && options.local_moves && !rules.fill && !rules.touch &&
        puzzle.cell_count() >= EngineOptions{}.route_min_cells)
        return adc_count_raced(puzzle, options);
    if (count_portfolio_fits(puzzle, rules, options)) return cryptominisat_then_both(puzzle, options, sat);
    return count_solutions_sat(puzzle, rules, options);
}

CountResult count_by_search(const Puzzle& puzzle, Rules rules, const CountOptions& options) {
    SearchOptions so;
    so.max_solutions = options.max;
    so.keep = options.keep;
    so.distinct = options.distinct;
    so.budget = Budget::starting_now(options.sat.timeout, options.sat.interrupt, 0);
    const auto start = std::chrono::steady_clock::now();
    SearchResult s = search_solutions(puzzle, rules, so);
    CountResult r;
    r.count = s.count;
    r.capped = s.status == SearchResult::Status::Capped;
    r.timed_out = s.status == SearchResult::Status::Timeout;
    if (r.timed_out) r.stop = so.budget.interrupt && so.budget.interrupt->load() ? StopReason::Interrupted : StopReason::Timeout;
    r.solutions = std::move(s.solutions);
    r.stats.solve_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

}  // namespace

std::optional<CountEngine> count_engine_from_name(std::string_view name) {
    if (name == "sat") return CountEngine::Sat;
    if (name == "search") return CountEngine::Search;
    if (name == "frontier") return CountEngine::Frontier;
    return std::nullopt;
}

std::string count_engine_name(CountEngine engine) {
    switch (engine) {
        case CountEngine::Search: return "search";
        case CountEngine::Frontier: return "frontier";
        case CountEngine::Sat: break;
    }
    return "sat";
}

CountResult count_with_engine(const Puzzle& puzzle, Rules rules, CountEngine engine, const CountOptions& options) {
    switch (engine) {
        case CountEngine::Frontier:
            if (const auto why = unsupported_frontier(puzzle, rules, options.distinct))
                throw std::invalid_argument("the frontier engine cannot count " + puzzle.name + ": " + *why);
            return count_solutions_frontier(puzzle, rules, options);
        case CountEngine::Search: return count_by_search(puzzle, rules, options);
        case CountEngine::Sat: break;
    }
    return count_sat_then_fallback(puzzle, rules, options);
}

}  // namespace nl
