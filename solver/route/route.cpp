// Negotiated-congestion rip-up and reroute; see route.hpp for the method.
#include "solver/route/route.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "solver/route/route_search.hpp"

namespace nl {


std::vector<CellId> shortcut_path(const Puzzle& p, const std::vector<CellId>& path) {
    if (path.empty()) return {};
    // position of each cell on the path; a walk from A* visits each cell once
    std::vector<std::pair<CellId, int>> at;
    at.reserve(path.size());
    for (int i = 0; i < static_cast<int>(path.size()); ++i) at.push_back({path[i], i});
    std::sort(at.begin(), at.end());
    auto position = [&](CellId c) {
        auto it = std::lower_bound(at.begin(), at.end(), std::pair<CellId, int>{c, -1});
        return it != at.end() && it->first == c ? it->second : -1;
    };
    std::vector<CellId> out;
    int i = 0;
    const int last = static_cast<int>(path.size()) - 1;
    while (true) {
        out.push_back(path[i]);
        if (i == last) break;
        // The furthest later cell adjacent to this one: taking it skips every cell that the
        // path would touch from here, and no later kept cell can be adjacent to this one.
        int next = i + 1;
        for (CellId d : p.neighbours(path[i])) next = std::max(next, position(d));
        i = next;
    }
    return out;
}

namespace {

// splitmix64: our own generator, so an answer depends on the seed only.
struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    template <class T>
    void shuffle(std::vector<T>& v) {
        for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[next() % i]);
    }
};

// PathFinder's present and history factors. Measured on ADC 2015-2016 with 3 s per problem: a
// present factor capped at 1000 with history step 0.1 solved 18 + 24 problems, PathFinder's usual
// near-unbounded growth (cap 1e6, growth 1.5, step 1) 17 + 21; restarting the present factor
// after rounds without progress did not help, so there is none.
constexpr double kPresentStart = 0.5;
constexpr double kPresentGrowth = 1.3;
constexpr double kPresentMax = 1000;
constexpr double kHistoryStep = 0.1;

struct Router {
    const Puzzle& p;
    Rules rules;
    Rng rng;
    LineSearch search;
    RouteCosts costs;
    std::vector<std::vector<CellId>> paths;
    std::vector<int> order;   // of the first routing
    std::size_t routed = 0;   // lines of `order` routed so far by the first routing
    bool walled_in = false;   // some line found no path at all: nothing more to do
    const Budget* budget = nullptr;  // of the current run
    const ProgressSink* progress = nullptr;  // of the current run: the rounds, once each
    RouteResult result;       // rounds and reroutes add up over runs

    Router(const Puzzle& puzzle, Rules r, std::uint64_t seed) : p(puzzle), rules(r), rng{seed}, search(puzzle) {
        costs.history.assign(p.cell_count(), 0);
        costs.sharers.assign(p.cell_count(), 0);
        paths.resize(p.labels.size());
        order.resize(p.labels.size());
        std::iota(order.begin(), order.end(), 0);
        // Short lines first: they have the fewest ways round, the long ones can give way.
        auto length = [&](int l) {
            const Coord a = p.coord(p.labels[l].ends[0]), b = p.coord(p.labels[l].ends[1]);
            return std::abs(a.x - b.x) + std::abs(a.y - b.y) + std::abs(a.z - b.z);
        };
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return length(a) < length(b); });
        costs.present = kPresentStart;
    }

    void lay(int l, int delta) {
        for (CellId c : paths[l])
            if (!p.is_terminal(c)) costs.sharers[c] += delta;
    }

    // Rips up line l (if laid) and routes it again; false when it cannot reach its other end.
    bool reroute(int l) {
        lay(l, -1);
        ++result.reroutes;
        std::vector<CellId> found;
        try {
            found = search.find(l, costs, *budget);
        } catch (const Stopped&) {
            lay(l, +1);  // stopped mid-search: the old path stays, counted, for the statistics
            throw;
        }
        paths[l] = shortcut_path(p, found);
        lay(l, +1);
        return !paths[l].empty();
    }

    bool shared(int l) const {
        for (CellId c : paths[l])
            if (!p.is_terminal(c) && costs.sharers[c] > 1) return true;
        return false;
    }

    int overlaps() const {
        int n = 0;
        for (int k : costs.sharers) n += k > 1;
        return n;
    }

    // Continues until no cell is shared (Solved), `max_rounds` rounds in all, `max_expanded`
    // cells expanded in all (when > 0; checked between rounds), or the budget ends it (throws
    // Stopped).
    void run(int max_rounds, long max_expanded) {
        result.status = RouteResult::Status::Unknown;
        if (walled_in) return;
        for (; routed < order.size(); ++routed)
            if (!reroute(order[routed])) {
                walled_in = true;  // Unknown
                return;
            }
        while (true) {
            result.overlaps_left = overlaps();
            if (result.overlaps_left == 0) break;
            if (const StopReason why = budget->check(/*memory=*/false); why != StopReason::None) throw Stopped(why);
            if (result.rounds >= max_rounds) return;
            if (max_expanded > 0 && search.expanded() >= max_expanded) return;
            ++result.rounds;
            if (progress && *progress)
                (*progress)({ProgressNote::Kind::Figures, "route", "", "rounds", std::uint64_t(result.rounds)});
            for (CellId c = 0; c < p.cell_count(); ++c)
                if (costs.sharers[c] > 1) costs.history[c] += kHistoryStep * (costs.sharers[c] - 1);
            costs.present = std::min(kPresentMax, costs.present * kPresentGrowth);
            std::vector<int> conflicted;
            for (int l = 0; l < static_cast<int>(p.labels.size()); ++l)
                if (shared(l)) conflicted.push_back(l);
            rng.shuffle(conflicted);
            // A line freed from sharing by an earlier reroute of this round stays where it is.
            for (int l : conflicted)
                if (shared(l) && !reroute(l)) {
                    walled_in = true;
                    return;
                }
        }
        Solution s{paths};
        const CheckResult check = check_solution(p, s, rules);
        if (!check.ok)
            throw InternalError(p.name + ": the checker rejected the router's answer: " + check.message);
        result.status = RouteResult::Status::Solved;
        result.solution = std::move(s);
    }
};

}  // namespace

struct RouteSession::Impl {
    Router router;
};

RouteSession::RouteSession(const Puzzle& puzzle, Rules rules, std::uint64_t seed)
    : impl_(rules.fill || !puzzle.square_grid() ? nullptr : std::make_unique<Impl>(Impl{Router(puzzle, rules, seed)})) {}

RouteSession::~RouteSession() = default;

RouteResult RouteSession::run(int max_rounds, const Budget& budget, long max_expanded, const ProgressSink& progress) {
    if (!impl_) {
        RouteResult r;
        r.status = RouteResult::Status::NotApplicable;
        return r;
    }
    Router& router = impl_->router;
    router.budget = &budget;
    router.progress = &progress;
    router.result.attempt.clear();
    router.result.solution = {};
    try {
        router.run(max_rounds, max_expanded);
    } catch (const Stopped& stop) {
        router.result.status =
            stop.reason == StopReason::Interrupted ? RouteResult::Status::Interrupted : RouteResult::Status::Timeout;
        router.result.overlaps_left = router.overlaps();
    }
    router.budget = nullptr;
    router.progress = nullptr;
    router.result.expanded = router.search.expanded();
    RouteResult out = router.result;
    const bool complete = !router.walled_in && router.routed == router.order.size();
    if (out.status != RouteResult::Status::Solved && complete) out.attempt = router.paths;
    return out;
}

RestartingRouteSession::RestartingRouteSession(const Puzzle& puzzle, Rules rules, std::uint64_t seed, int base_rounds)
    : puzzle_(puzzle), rules_(rules), seed_(seed), base_rounds_(std::max(1, base_rounds)),
      session_(std::make_unique<RouteSession>(puzzle, rules, seed)) {}

RouteResult RestartingRouteSession::run(int max_rounds, const Budget& budget, long max_expanded,
                                        const ProgressSink& progress) {
    while (true) {
        // The current session's rounds in all: its quota, within what is left of max_rounds.
        const long quota = static_cast<long>(base_rounds_) * luby(k_);
        const int until = static_cast<int>(std::min<long>(quota, static_cast<long>(max_rounds) - rounds_before_));
        const long work = max_expanded > 0 ? std::max(1L, max_expanded - expanded_before_) : 0;
        RouteResult r = session_->run(std::max(until, 0), budget, work, counted_from(progress, rounds_before_));
        const int own_rounds = r.rounds;
        const long own_reroutes = r.reroutes, own_expanded = r.expanded;
        r.rounds += rounds_before_;
        r.reroutes += reroutes_before_;
        r.expanded += expanded_before_;
        if (r.status != RouteResult::Status::Unknown || r.attempt.empty()) return r;
        // Out of rounds in all, or of work: the caller's limits.
        if (r.rounds >= max_rounds || (max_expanded > 0 && r.expanded >= max_expanded)) return r;
        if (own_rounds < until) return r;  // stopped short of its quota for a reason of its own
        rounds_before_ += own_rounds;
        reroutes_before_ += own_reroutes;
        expanded_before_ += own_expanded;
        ++k_;
        session_ = std::make_unique<RouteSession>(puzzle_, rules_, seed_ + k_ - 1);
    }
}

RouteResult route(const Puzzle& p, Rules rules, const RouteOptions& options) {
    RouteSession session(p, rules, options.seed);
    return session.run(options.max_rounds, options.budget);
}

}  // namespace nl
