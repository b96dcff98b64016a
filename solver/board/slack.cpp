// The lines' shortest routes on a board or a part of it; see slack.hpp.
#include "solver/board/slack.hpp"

#include <cstdlib>

namespace nl {

// c's neighbours within the part. The whole board: its graph neighbours. A group: neighbours on
// c's layer, plus the nearest cell above and below on a layer of the group when every cell in
// between is open and no line's end (the column a line passes straight through).
int part_neighbours(const Puzzle& p, const BoardPart& part, CellId c, CellId out[8]) {
    int n = 0;
    if (part.whole) {
        for (CellId d : p.neighbours(c)) out[n++] = d;
        return n;
    }
    const Coord q = p.coord(c);
    for (CellId d : p.neighbours(c))
        if (p.coord(d).z == q.z) out[n++] = d;
    for (int step : {-1, 1}) {
        for (int z = q.z + step; z >= 0 && z < p.layers; z += step) {
            const CellId d = p.cell(q.x, q.y, z);
            if (p.is_blocked(d)) break;
            if (part.layer_in[z]) {
                out[n++] = d;
                break;
            }
            if (p.is_terminal(d)) break;
        }
    }
    return n;
}

bool in_part(const Puzzle& p, const BoardPart& part, CellId c) {
    return !p.is_blocked(c) && (part.whole || part.layer_in[p.coord(c).z]);
}

// Breadth-first distances from `from` within the part, not entering other lines' ends. Stops
// when `stop` is reached (kNoCell: never) and returns its distance, or -1. `dist` must hold -1
// everywhere; the cells it sets are listed in `touched`, in the order they were reached, which
// makes `touched` the search's queue as well.
int distances(const Puzzle& p, const BoardPart& part, int label, CellId from, CellId stop, std::vector<int>& dist,
              std::vector<CellId>& touched) {
    const std::size_t head0 = touched.size();
    dist[from] = 0;
    touched.push_back(from);
    CellId nb[8];
    for (std::size_t head = head0; head < touched.size(); ++head) {
        const CellId c = touched[head];
        if (c == stop) return dist[c];
        const int n = part_neighbours(p, part, c, nb);
        for (int i = 0; i < n; ++i) {
            const CellId d = nb[i];
            if (dist[d] >= 0 || (p.is_terminal(d) && p.terminal_label[d] != label)) continue;
            dist[d] = dist[c] + 1;
            touched.push_back(d);
        }
    }
    return stop == kNoCell ? 0 : -1;
}

void clear_distances(std::vector<int>& dist, std::vector<CellId>& touched) {
    for (CellId c : touched) dist[c] = -1;
    touched.clear();
}

namespace {

// The length of line `label`'s shortest route from `from` to `to` within the part, or -1. On
// square grids by A* with the grid distance as its estimate (x and y, and the layers on the whole
// board: every step changes one of them by one, while a column step in a group may change the
// layer by more, so there the layers are left out): it never overestimates and never drops by
// more than 1 a step, so the first time `to` is taken from the queue its distance is exact.
// Buckets by estimated total, last in first out, so a search goes deep along a straight route
// instead of widening like a breadth-first search: `auto` runs this for every line of every
// board (a 72x72x8 board with 2,973 lines: 70 ms breadth first). Elsewhere (hexagons, warps)
// breadth first. `dist` and `touched` as for distances().
int route_length(const Puzzle& p, const BoardPart& part, int label, CellId from, CellId to, std::vector<int>& dist,
                 std::vector<CellId>& touched) {
    if (p.geometry != Geometry::Square || !p.warps.empty() || !p.bridges.empty())
        return distances(p, part, label, from, to, dist, touched);
    const Coord t = p.coord(to);
    auto estimate = [&](CellId c) {
        const Coord q = p.coord(c);
        return std::abs(q.x - t.x) + std::abs(q.y - t.y) + (part.whole ? std::abs(q.z - t.z) : 0);
    };
    const int base = estimate(from);
    std::vector<std::vector<CellId>> buckets(1);  // by estimated total minus base
    dist[from] = 0;
    touched.push_back(from);
    buckets[0].push_back(from);
    CellId nb[8];
    for (std::size_t b = 0; b < buckets.size(); ++b) {
        while (!buckets[b].empty()) {
            const CellId c = buckets[b].back();
            buckets[b].pop_back();
            if (dist[c] + estimate(c) - base != static_cast<int>(b)) continue;  // reached shorter since
            if (c == to) return dist[c];
            const int n = part_neighbours(p, part, c, nb);
            for (int i = 0; i < n; ++i) {
                const CellId d = nb[i];
                if (p.is_terminal(d) && p.terminal_label[d] != label) continue;
                if (dist[d] >= 0 && dist[d] <= dist[c] + 1) continue;
                if (dist[d] < 0) touched.push_back(d);
                dist[d] = dist[c] + 1;
                const std::size_t f = static_cast<std::size_t>(dist[d] + estimate(d) - base);
                if (f >= buckets.size()) buckets.resize(f + 1);
                buckets[f].push_back(d);
            }
        }
    }
    return -1;
}

}  // namespace

// The part's slack (open cells minus the lines' shortest routes in cells); `connected` false
// when some line has no route in the part.
long part_slack(const Puzzle& p, const BoardPart& part, bool& connected) {
    std::vector<int> dist(p.cell_count(), -1);
    std::vector<CellId> touched;
    long used = 0;
    connected = true;
    for (int l : part.lines) {
        const Label& label = p.labels[l];
        const int d = route_length(p, part, l, label.ends[0], label.ends[1], dist, touched);
        clear_distances(dist, touched);
        if (d < 0) {
            connected = false;
            return 0;
        }
        used += d + 1;
    }
    return part.open_cells - used;
}

BoardPart whole_board(const Puzzle& p) {
    BoardPart part;
    part.name = "board";
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) part.lines.push_back(l);
    for (CellId c = 0; c < p.cell_count(); ++c) part.open_cells += !p.is_blocked(c);
    return part;
}

BoardSlack board_slack(const Puzzle& p) {
    BoardSlack s;
    if (!p.bridges.empty()) return s;
    bool connected = false;
    s.slack = part_slack(p, whole_board(p), connected);
    s.known = connected;
    s.disconnected = !connected;
    return s;
}

}  // namespace nl
