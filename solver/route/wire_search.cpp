// A* over (cell, incoming direction) for the wire optimiser; see wire_search.hpp.
#include "solver/route/wire_search.hpp"

#include <algorithm>
#include <cstdlib>
#include <queue>

namespace nl {

std::int64_t wire_cost(const std::vector<CellId>& path, WireWeights w) {
    if (path.empty()) return 0;
    std::int64_t bends = 0;
    for (std::size_t i = 1; i + 1 < path.size(); ++i) bends += path[i] - path[i - 1] != path[i + 1] - path[i];
    return w.cell * static_cast<std::int64_t>(path.size() - 1) + w.bend * bends;
}

WireSearch::WireSearch(const Puzzle& p, bool directions) : p_(p), directions_(!directions ? 1 : p.layers > 1 ? 6 : 4) {
    const std::int64_t w = p.width, layer = std::int64_t(p.width) * p.height;
    const std::int64_t steps[6] = {-w, -1, 1, w, -layer, layer};
    std::copy(steps, steps + 6, steps_);
}

int WireSearch::direction(CellId from, CellId to) const {
    const std::int64_t step = std::int64_t(to) - from;
    if (directions_ == 1) return 0;
    for (int k = 0; k < directions_; ++k)
        if (steps_[k] == step) return k;
    return 0;  // not reached: every edge of the graph is one of the steps
}

namespace {

struct Entry {
    std::int64_t f, g;
    std::int32_t state;
    // The least f on top; among equals the deepest (largest g), then the lowest state, so the
    // search is deterministic.
    bool operator<(const Entry& o) const {
        if (f != o.f) return f > o.f;
        if (g != o.g) return g < o.g;
        return state > o.state;
    }
};

constexpr long kPollEvery = 4096;  // states expanded between budget checks

}  // namespace

std::vector<CellId> WireSearch::find(int label, const std::vector<int>& owner, WireWeights w, const Budget& budget) {
    const std::size_t states = std::size_t(p_.cell_count()) * directions_;
    if (g_.size() != states) {
        g_.assign(states, 0);
        parent_.assign(states, -1);
        seen_.assign(states, 0);
        stamp_ = 0;
    }
    if (++stamp_ == 0) {  // wrapped: forget every old stamp
        std::fill(seen_.begin(), seen_.end(), 0);
        stamp_ = 1;
    }
    const CellId start = p_.labels[label].ends[0], goal = p_.labels[label].ends[1];
    const Coord target = p_.coord(goal);
    auto estimate = [&](CellId c) {
        const Coord q = p_.coord(c);
        return w.cell * (std::abs(q.x - target.x) + std::abs(q.y - target.y) + std::abs(q.z - target.z));
    };
    // The extra cost of entering d; negative: closed.
    auto extra = [&](CellId d) -> std::int64_t {
        if (d == goal || owner[d] == kNoLabel) return 0;
        return p_.is_terminal(d) ? -1 : w.evict;
    };
    std::priority_queue<Entry> open;
    auto relax = [&](std::int32_t state, std::int64_t g, std::int32_t parent) {
        if (seen_[state] == stamp_ && g_[state] <= g) return;
        seen_[state] = stamp_;
        g_[state] = g;
        parent_[state] = parent;
        open.push({g + estimate(state / directions_), g, state});
    };
    for (CellId d : p_.neighbours(start))
        if (const std::int64_t x = extra(d); x >= 0) relax(d * directions_ + direction(start, d), w.cell + x, -1);
    std::int32_t found = -1;
    long since_poll = 0;
    while (!open.empty()) {
        const Entry e = open.top();
        open.pop();
        if (e.g > g_[e.state]) continue;  // a cheaper way here was found after this entry
        const CellId c = e.state / directions_;
        if (c == goal) {
            found = e.state;
            break;
        }
        if (++since_poll == kPollEvery) {
            since_poll = 0;
            if (const StopReason why = budget.check(/*memory=*/false); why != StopReason::None) throw Stopped(why);
        }
        const int in = e.state % directions_;
        for (CellId d : p_.neighbours(c)) {
            const std::int64_t x = extra(d);
            if (x < 0) continue;
            const int out = direction(c, d);
            relax(d * directions_ + out, e.g + w.cell + x + (out != in ? w.bend : 0), e.state);
        }
    }
    if (found < 0) return {};
    std::vector<CellId> path;
    for (std::int32_t s = found; s != -1; s = parent_[s]) path.push_back(s / directions_);
    path.push_back(start);
    std::reverse(path.begin(), path.end());
    return path;
}

}  // namespace nl
