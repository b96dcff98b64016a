#include "generator/grow.hpp"

#include <algorithm>

namespace nl::gen {

namespace {

bool has_free_neighbour(const Layout& l, CellId c) {
    for (CellId n : l.neighbours(c))
        if (l.owner[n] == kEmpty) return true;
    return false;
}

bool may_start(const Layout& l, CellId c) {
    return l.owner[c] == kEmpty && l.may_end(c) && has_free_neighbour(l, c);
}

// May the path whose head is `head` step onto free node k: k has no neighbour on the path but
// the head (`except` aside: a node about to join the path, which k may touch).
bool alone(const Layout& l, UnionFind& sets, CellId head, CellId k, CellId except = kNoCell) {
    for (CellId n : l.neighbours(k))
        if (n != head && n != except && l.owner[n] >= 0 && sets.same(n, head)) return false;
    return true;
}

// A node a path may not end on (a bridge's lane) is entered only when the path can go on from
// it: some free neighbour after it would be alone too. Chains of such nodes can still strand a
// path; grow_paths then backs off (see there).
bool way_on(const Layout& l, UnionFind& sets, CellId head, CellId k) {
    for (CellId n : l.neighbours(k))
        if (n != head && l.owner[n] == kEmpty && alone(l, sets, head, n, k)) return true;
    return false;
}

// The cells a path may start on (free, with a free neighbour), as a set ordered by cell number
// with a Fenwick tree of 0/1 counts over it, so that the k-th of them is found in O(log n). The
// union-find generator lists them by scanning the whole board for every new path: quadratic,
// 0.57 s on 200x200 and minutes for 1000x1000. Picking the k-th in cell order is what picking
// from that list does, so the same random numbers give the same puzzles.
class Starts {
   public:
    explicit Starts(const Layout& l) : in_(static_cast<std::size_t>(l.cell_count()), 0), tree_(in_.size() + 1, 0) {
        while (high_ * 2 <= in_.size()) high_ *= 2;
        for (CellId c = 0; c < l.cell_count(); ++c)
            if (may_start(l, c)) set(c, true);
    }
    int size() const { return count_; }
    // The k-th start (0-based) in cell order; k < size().
    CellId at(int k) const {
        std::size_t pos = 0;
        for (std::size_t step = high_; step > 0; step /= 2)
            if (pos + step < tree_.size() && tree_[pos + step] <= k) {
                pos += step;
                k -= tree_[pos];
            }
        return static_cast<CellId>(pos);  // the 1-based position pos + 1, as a cell number
    }
    // After cell c was taken or given back: c and its neighbours may have changed.
    void update(const Layout& l, CellId c) {
        set(c, may_start(l, c));
        for (CellId n : l.neighbours(c)) set(n, may_start(l, n));
    }

   private:
    void set(CellId c, bool start) {
        if (static_cast<bool>(in_[c]) == start) return;
        in_[c] = start;
        const int delta = start ? 1 : -1;
        count_ += delta;
        for (std::size_t i = static_cast<std::size_t>(c) + 1; i < tree_.size(); i += i & (~i + 1)) tree_[i] += delta;
    }
    std::vector<char> in_;
    std::vector<int> tree_;
    std::size_t high_ = 1;
    int count_ = 0;
};

}  // namespace

bool grow_paths(Layout& layout, Rng& rng, const std::atomic<bool>* stop) {
    UnionFind sets(layout.cell_count());
    Starts starts(layout);
    std::vector<CellId> steps;
    for (;;) {
        if (starts.size() == 0) return true;
        if (stop && stop->load(std::memory_order_relaxed)) return false;

        const int id = static_cast<int>(layout.paths.size());
        std::vector<CellId> path{starts.at(static_cast<int>(rng.below(static_cast<std::uint32_t>(starts.size()))))};
        layout.owner[path[0]] = id;
        starts.update(layout, path[0]);
        for (;;) {
            const CellId head = path.back();
            steps.clear();
            for (CellId k : layout.neighbours(head))
                if (layout.owner[k] == kEmpty && alone(layout, sets, head, k) &&
                    (layout.may_end(k) || way_on(layout, sets, head, k)))
                    steps.push_back(k);
            if (steps.empty()) break;
            // A bridge's lane passed by is taken: a lane no path enters stays empty, and the
            // layout is dropped (a bridge must carry two paths). Plain boards have no lanes.
            if (!layout.board->in_bridge.empty() &&
                std::any_of(steps.begin(), steps.end(), [&](CellId k) { return !layout.may_end(k); }))
                std::erase_if(steps, [&](CellId k) { return layout.may_end(k); });
            const CellId next = rng.pick(steps);
            sets.unite(head, next);
            layout.owner[next] = id;
            starts.update(layout, next);
            path.push_back(next);
        }
        // Stranded in a bridge's lane: give the lanes back (they stay in the path's union-find
        // set, which only makes later paths through them more careful about touching).
        while (path.size() > 1 && !layout.may_end(path.back())) {
            layout.owner[path.back()] = kEmpty;
            starts.update(layout, path.back());
            path.pop_back();
        }
        layout.paths.push_back(std::move(path));
    }
}

}  // namespace nl::gen
