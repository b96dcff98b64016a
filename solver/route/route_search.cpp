// A* for one line of the router; see route_search.hpp.
#include "solver/route/route_search.hpp"

#include <algorithm>
#include <cstdlib>
#include <queue>

namespace nl {

LineSearch::LineSearch(const Puzzle& p)
    : p_(p), x_(p.cell_count()), y_(p.cell_count()), z_(p.cell_count()), g_(p.cell_count()),
      parent_(p.cell_count(), kNoCell), seen_(p.cell_count(), 0) {
    for (CellId c = 0; c < p.cell_count(); ++c) {
        const Coord q = p.coord(c);
        x_[c] = q.x;
        y_[c] = q.y;
        z_[c] = q.z;
    }
}

namespace {

struct Entry {
    double f, g;
    CellId cell;
    // The heap's top is the least f; among equals the deepest (largest g), then the lowest id,
    // so the search is deterministic.
    bool operator<(const Entry& o) const {
        if (f != o.f) return f > o.f;
        if (g != o.g) return g < o.g;
        return cell > o.cell;
    }
};

constexpr long kPollEvery = 4096;  // cells expanded between budget checks

}  // namespace

std::vector<CellId> LineSearch::find(int label, const RouteCosts& costs, const Budget& budget) {
    if (++stamp_ == 0) {  // wrapped: forget every old stamp
        std::fill(seen_.begin(), seen_.end(), 0);
        stamp_ = 1;
    }
    const CellId start = p_.labels[label].ends[0], goal = p_.labels[label].ends[1];
    auto estimate = [&](CellId c) {
        return double(std::abs(x_[c] - x_[goal]) + std::abs(y_[c] - y_[goal]) + std::abs(z_[c] - z_[goal]));
    };
    std::priority_queue<Entry> open;
    seen_[start] = stamp_;
    g_[start] = 0;
    parent_[start] = kNoCell;
    open.push({estimate(start), 0, start});
    long since_poll = 0;
    while (!open.empty()) {
        const Entry e = open.top();
        open.pop();
        if (e.g > g_[e.cell]) continue;  // a cheaper way here was found after this entry
        if (e.cell == goal) break;
        ++expanded_;
        if (++since_poll == kPollEvery) {
            since_poll = 0;
            if (const StopReason why = budget.check(/*memory=*/false); why != StopReason::None) throw Stopped(why);
        }
        for (CellId d : p_.neighbours(e.cell)) {
            if (p_.terminal_label[d] != kNoLabel && p_.terminal_label[d] != label) continue;
            const double step = (1 + costs.history[d]) * (1 + costs.present * costs.sharers[d]);
            const double g = e.g + step;
            if (seen_[d] == stamp_ && g_[d] <= g) continue;
            seen_[d] = stamp_;
            g_[d] = g;
            parent_[d] = e.cell;
            open.push({g + estimate(d), g, d});
        }
    }
    if (seen_[goal] != stamp_) return {};
    std::vector<CellId> path;
    for (CellId c = goal; c != kNoCell; c = parent_[c]) path.push_back(c);
    std::reverse(path.begin(), path.end());
    return path;
}

}  // namespace nl
