#include "generator/shape.hpp"

#include <algorithm>
#include <chrono>

#include "generator/end_moves.hpp"

namespace nl::gen {

double seconds_now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

namespace {

using Path = std::vector<CellId>;

std::size_t index_in(const Path& path, CellId c) {
    return static_cast<std::size_t>(std::find(path.begin(), path.end(), c) - path.begin());
}

// Would joining path a (at its end cell a_end) to path b (at b_end) make the result touch itself?
bool merge_touches(const Layout& l, int a, CellId a_end, int b, CellId b_end) {
    for (CellId c : l.paths[a])
        for (CellId n : l.neighbours(c))
            if (l.owner[n] == b && !(c == a_end && n == b_end)) return true;
    return false;
}

// Joins path b onto path a at adjacent ends; b is left empty (removed by drop_empty_paths).
void merge_paths(Layout& l, int a, CellId a_end, int b, CellId b_end) {
    Path& pa = l.paths[a];
    Path& pb = l.paths[b];
    if (pa.back() != a_end) std::reverse(pa.begin(), pa.end());
    if (pb.front() != b_end) std::reverse(pb.begin(), pb.end());
    for (CellId c : pb) {
        pa.push_back(c);
        l.owner[c] = a;
    }
    pb.clear();
}

void drop_empty_paths(Layout& l) {
    std::erase_if(l.paths, [](const Path& p) { return p.empty(); });
    l.renumber();
}

// Adds empty cell s at end `end` of path p (touch permitting; s becomes the end, so it must be
// a node a path may end on).
bool try_extend(Layout& l, int p, CellId end, CellId s, bool touch) {
    if (!l.may_end(s)) return false;
    if (!touch && touches_path(l, s, p, end)) return false;
    Path& path = l.paths[p];
    if (path.back() == end) path.push_back(s);
    else path.insert(path.begin(), s);
    l.owner[s] = p;
    return true;
}

bool is_end(const Path& path, CellId c) { return path.front() == c || path.back() == c; }

// Lengthens short path p by one cell: into an empty neighbour of an end, by merging with a path
// whose end is next to one of its ends (which is then left empty, for the caller to drop), or by
// taking the end cell of such a path when that one stays long enough.
bool grow_short_path(Layout& l, int p, Rng& rng, const ShapeOptions& o) {
    struct Move {
        CellId end, other;
    };
    std::vector<Move> moves;
    for (CellId end : {l.paths[p].front(), l.paths[p].back()})
        for (CellId n : l.neighbours(end)) moves.push_back({end, n});
    rng.shuffle(moves);
    for (const Move& m : moves) {
        const int q = l.owner[m.other];
        if (q == kEmpty) {
            if (try_extend(l, p, m.end, m.other, o.touch)) return true;
        } else if (q >= 0 && q != p && is_end(l.paths[q], m.other)) {
            if (o.touch || !merge_touches(l, p, m.end, q, m.other)) {
                merge_paths(l, p, m.end, q, m.other);  // q is left empty, dropped by the caller
                return true;
            }
        }
    }
    for (const Move& m : moves) {
        const int q = l.owner[m.other];
        if (q < 0 || q == p || !is_end(l.paths[q], m.other) ||
            static_cast<int>(l.paths[q].size()) <= o.min_length)
            continue;
        const Path& taken_from = l.paths[q];  // its next cell becomes its end
        if (!l.may_end(taken_from.front() == m.other ? taken_from[1] : taken_from[taken_from.size() - 2])) continue;
        if (!o.touch && touches_path(l, m.other, p, m.end)) continue;
        Path& pq = l.paths[q];
        if (pq.front() == m.other) pq.erase(pq.begin());
        else pq.pop_back();
        l.owner[m.other] = kEmpty;
        try_extend(l, p, m.end, m.other, true);
        return true;
    }
    return false;
}

// Covers empty cell s: extends a path ending next to it, starts a two-cell path with an empty
// neighbour, or cuts a path passing next to it and hooks s onto one of the two pieces.
bool absorb_cell(Layout& l, CellId s, Rng& rng, const ShapeOptions& o) {
    if (!l.may_end(s)) return false;  // every way below makes s an end
    std::vector<CellId> order;
    for (CellId n : l.neighbours(s)) order.push_back(n);
    rng.shuffle(order);
    for (CellId n : order) {
        const int p = l.owner[n];
        if (p >= 0 && is_end(l.paths[p], n) && try_extend(l, p, n, s, o.touch)) return true;
    }
    if (o.min_length <= 2)
        for (CellId n : order)
            if (l.owner[n] == kEmpty && l.may_end(n)) {
                const int id = static_cast<int>(l.paths.size());
                l.paths.push_back({s, n});
                l.owner[s] = l.owner[n] = id;
                return true;
            }
    for (CellId m : order) {
        const int p = l.owner[m];
        if (p < 0) continue;
        const Path& path = l.paths[p];
        const std::size_t i = index_in(path, m);
        // Keep path[0..i] and hook s after m (the rest, path[i+1..], becomes its own path), or
        // keep path[i..] and hook s before m (path[0..i-1] becomes its own path).
        for (int side = 0; side < 2; ++side) {
            const std::size_t rest = side == 0 ? path.size() - 1 - i : i;
            const std::size_t kept = path.size() - rest + 1;  // with s
            if (static_cast<int>(rest) < o.min_length || static_cast<int>(kept) < o.min_length) continue;
            if (!l.may_end(path[side == 0 ? i + 1 : i - 1])) continue;  // the rest's new end
            if (!o.touch) {
                bool touches = false;
                for (CellId n : l.neighbours(s)) {
                    if (n == m || l.owner[n] != p) continue;
                    const std::size_t k = index_in(path, n);
                    if (side == 0 ? k < i : k > i) touches = true;
                }
                if (touches) continue;
            }
            split_path(l, p, side == 0 ? i : i - 1);  // invalidates `path`
            // side 0: path p now ends at m; side 1: the new last path starts at m.
            try_extend(l, side == 0 ? p : static_cast<int>(l.paths.size()) - 1, m, s, true);
            return true;
        }
    }
    return false;
}

// The positions `at` where path p may be split (path[at] and path[at + 1] become ends) leaving
// both pieces long enough.
std::vector<std::size_t> split_points(const Layout& l, int p, int min_length) {
    const Path& path = l.paths[p];
    std::vector<std::size_t> points;
    for (int at = min_length - 1; at + min_length < static_cast<int>(path.size()); ++at)
        if (l.may_end(path[at]) && l.may_end(path[at + 1])) points.push_back(static_cast<std::size_t>(at));
    return points;
}

// Splits the longest splittable path at a random position leaving both pieces long enough.
bool split_some_path(Layout& l, Rng& rng, int min_length) {
    int best = -1;
    std::vector<std::size_t> best_points;
    for (std::size_t p = 0; p < l.paths.size(); ++p)
        if (static_cast<int>(l.paths[p].size()) >= 2 * min_length &&
            (best < 0 || l.paths[p].size() > l.paths[best].size())) {
            auto points = split_points(l, static_cast<int>(p), min_length);
            if (points.empty()) continue;
            best = static_cast<int>(p);
            best_points = std::move(points);
        }
    if (best < 0) return false;
    split_path(l, best, rng.pick(best_points));
    return true;
}

// Merges a random pair of paths with neighbouring ends (touch permitting).
bool merge_some_paths(Layout& l, Rng& rng, bool touch) {
    std::vector<EndPair> pairs = neighbouring_ends(l);
    rng.shuffle(pairs);
    for (const EndPair& pr : pairs)
        if (merge_pair(l, pr, touch)) return true;
    return false;
}

}  // namespace

std::vector<EndPair> neighbouring_ends(const Layout& l) {
    std::vector<EndPair> pairs;
    for (std::size_t a = 0; a < l.paths.size(); ++a)
        for (CellId end : {l.paths[a].front(), l.paths[a].back()})
            for (CellId n : l.neighbours(end)) {
                const int b = l.owner[n];
                if (b > static_cast<int>(a) && is_end(l.paths[b], n)) pairs.push_back({static_cast<int>(a), end, b, n});
            }
    return pairs;
}

bool merge_pair(Layout& l, const EndPair& pr, bool touch) {
    if (!touch && merge_touches(l, pr.a, pr.a_end, pr.b, pr.b_end)) return false;
    merge_paths(l, pr.a, pr.a_end, pr.b, pr.b_end);
    drop_empty_paths(l);
    return true;
}

namespace {

// After a move: joins a path the move changed to another path whose end is next to one of its
// ends, without touching. Only pairs with a changed path can have become joinable (whether two
// paths can be joined depends on their own cells alone), so this finds every new join; scanning
// the whole board instead after each move was quadratic on big boards.
bool join_at_moved_ends(Layout& l, const EndMove& m) {
    for (const int path : {m.path, m.other}) {
        for (const CellId end : {l.paths[path].front(), l.paths[path].back()})
            for (CellId n : l.neighbours(end)) {
                const int r = l.owner[n];
                if (r < 0 || r == path || !is_end(l.paths[r], n)) continue;
                const EndPair pair = path < r ? EndPair{path, end, r, n} : EndPair{r, n, path, end};
                if (merge_pair(l, pair, false)) return true;
            }
    }
    return false;
}

}  // namespace

bool stir_until_ends_meet(Layout& l, Rng& rng, const ShapeOptions& o) {
    // Up to 20 attempted moves per cell for each join. On 8x8 to 14x14 boards cut down to
    // Janko's numbers of paths a join took 41 moves (median), 815 (99th percentile), at most
    // 2,731; when there are few long paths left, none of which can be joined without touching
    // itself, no amount of stirring helps (it stayed stuck at 100 times the budget), and a new
    // layout is the better bet. A fixed 4,000 instead made inputs9-sized boards (40x20, 18 paths)
    // need 1,463 layouts instead of 44 (13.6 s instead of 2.4 s for 10). The price: where the
    // bound is out of reach (60x60 with 40 paths), each of the up to 10,000 layouts is stirred
    // before it is dropped, so giving up takes minutes, not 22 s; hence the checks of --timeout
    // and Ctrl-C here.
    const long budget = 20L * l.cell_count();
    for (long done = 0; done < budget; ++done) {
        if (done % 1024 == 1023 && ((o.interrupt && o.interrupt->load()) || (o.deadline > 0 && seconds_now() > o.deadline)))
            return false;
        const EndMove m = move_an_end(l, rng, o.min_length);
        if (m.done && join_at_moved_ends(l, m)) return true;
    }
    return false;
}

void split_path(Layout& l, int path, std::size_t at) {
    Path& p = l.paths[path];
    Path tail(p.begin() + static_cast<std::ptrdiff_t>(at) + 1, p.end());
    p.resize(at + 1);
    const int id = static_cast<int>(l.paths.size());
    for (CellId c : tail) l.owner[c] = id;
    l.paths.push_back(std::move(tail));
}

bool shape_layout(Layout& l, Rng& rng, const ShapeOptions& o) {
    // Short paths first, while empty cells can still lengthen them: the first short path in
    // order is lengthened by a cell, or dissolved, until none is left. Paths merged away or
    // dissolved stay as empty entries until the end, so that path numbers (in `owner`) stay
    // valid and the scan goes on where it was: the paths before it are long and stay long (a
    // path gives up an end cell only when it stays long enough). Renumbering the board after
    // each change would make this quadratic on big boards; this way the order of the paths, and
    // so the puzzle a seed gives, is the same as with renumbering.
    for (std::size_t p = 0; p < l.paths.size();) {
        if (l.paths[p].empty() || static_cast<int>(l.paths[p].size()) >= o.min_length) {
            ++p;
            continue;
        }
        if (grow_short_path(l, static_cast<int>(p), rng, o)) continue;  // p may still be short
        // Dissolve it: blocked cells, or (covering every cell) empty cells for the next step.
        for (CellId c : l.paths[p]) l.owner[c] = o.fill_all || o.keep_empty ? kEmpty : kSolid;
        l.paths[p].clear();
    }
    drop_empty_paths(l);
    if (o.fill_all) {
        std::vector<CellId> empty;
        for (CellId c = 0; c < l.cell_count(); ++c)
            if (l.owner[c] == kEmpty) empty.push_back(c);
        rng.shuffle(empty);
        // A cell may become absorbable once a neighbour is covered: retry while that happens.
        while (!empty.empty()) {
            std::vector<CellId> left;
            for (CellId s : empty)
                if (l.owner[s] == kEmpty && !absorb_cell(l, s, rng, o)) left.push_back(s);
            if (left.size() == empty.size()) return false;
            empty = std::move(left);
        }
    } else if (!o.keep_empty) {
        for (int& owner : l.owner)
            if (owner == kEmpty) owner = kSolid;
    }
    // A bridge is never blocked or empty: its lanes lie inside paths (or the layout is dropped).
    if (!l.board->in_bridge.empty())
        for (CellId c = 0; c < l.cell_count(); ++c)
            if (!l.may_end(c) && l.owner[c] < 0) return false;
    while (static_cast<int>(l.paths.size()) < o.min_paths)
        if (!split_some_path(l, rng, o.min_length)) return false;
    // Too many paths: join two whose ends meet. Where none can be joined and empty cells are
    // kept, paths chosen at random are left out, all at once (their cells become empty: the
    // other paths are still a solution under no-fill rules). Leaving paths out never makes a
    // join possible (whether two paths can be joined depends on their own cells alone), so
    // nothing is lost by not trying again in between, and the board is renumbered once.
    // Covering the board (or blocking what is left), the ends are stirred by end moves until
    // two meet (generator/end_moves.hpp, stir_until_ends_meet).
    while (o.max_paths > 0 && static_cast<int>(l.paths.size()) > o.max_paths) {
        if (merge_some_paths(l, rng, o.touch)) continue;
        if (!o.keep_empty) {
            if (stir_until_ends_meet(l, rng, o)) continue;
            return false;
        }
        std::vector<int> order(l.paths.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
        rng.shuffle(order);
        order.resize(l.paths.size() - static_cast<std::size_t>(o.max_paths));
        for (int drop : order) {
            for (CellId c : l.paths[drop]) l.owner[c] = kEmpty;
            l.paths[drop].clear();
        }
        drop_empty_paths(l);
    }
    return !l.paths.empty();
}

}  // namespace nl::gen
