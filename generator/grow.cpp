#include "generator/grow.hpp"

namespace nl::gen {

namespace {

bool has_free_neighbour(const Layout& l, CellId c) {
    for (CellId n : grid_neighbours(l.width, l.height, c))
        if (l.owner[n] == kEmpty) return true;
    return false;
}

bool may_start(const Layout& l, CellId c) { return l.owner[c] == kEmpty && has_free_neighbour(l, c); }

// The cells a path may start on (free, with a free neighbour), as a set ordered by cell number
// with a Fenwick tree of 0/1 counts over it, so that the k-th of them is found in O(log n). The
// seed listed them by scanning the whole board for every new path: quadratic, 0.57 s on 200x200
// and minutes projected for 1000x1000. Picking the k-th in cell order is what picking from that
// list did, so a seed gives the same puzzles as before.
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
    // After cell c was taken: c and its neighbours may have stopped being starts.
    void taken(const Layout& l, CellId c) {
        set(c, false);
        for (CellId n : grid_neighbours(l.width, l.height, c)) set(n, may_start(l, n));
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

void grow_paths(Layout& layout, Rng& rng) {
    UnionFind sets(layout.cell_count());
    Starts starts(layout);
    std::vector<CellId> steps;
    for (;;) {
        if (starts.size() == 0) return;

        const int id = static_cast<int>(layout.paths.size());
        std::vector<CellId> path{starts.at(static_cast<int>(rng.below(static_cast<std::uint32_t>(starts.size()))))};
        layout.owner[path[0]] = id;
        starts.taken(layout, path[0]);
        for (;;) {
            const CellId head = path.back();
            steps.clear();
            for (CellId k : grid_neighbours(layout.width, layout.height, head)) {
                if (layout.owner[k] != kEmpty) continue;
                bool alone = true;  // k's only neighbour on this path is the head
                for (CellId n : grid_neighbours(layout.width, layout.height, k))
                    if (n != head && layout.owner[n] >= 0 && sets.same(n, head)) alone = false;
                if (alone) steps.push_back(k);
            }
            if (steps.empty()) break;
            const CellId next = rng.pick(steps);
            sets.unite(head, next);
            layout.owner[next] = id;
            starts.taken(layout, next);
            path.push_back(next);
        }
        layout.paths.push_back(std::move(path));
    }
}

}  // namespace nl::gen
