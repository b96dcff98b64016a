// Cell positions, shapes, sides, the board's outline and warp ports; see cell_geometry.hpp.
#include "render/cell_geometry.hpp"

#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <utility>

namespace nl::render {

namespace {

const double kHexRadius = 1 / std::sqrt(3.0);  // centre to corner of a hexagon 1 wide

bool is_hex(const Puzzle& p) { return p.geometry == Geometry::Hex; }

}  // namespace

Point board_extent(const Puzzle& p) {
    if (!is_hex(p)) return {double(p.width), double(p.height)};
    return {p.width + (p.height > 1 ? 0.5 : 0.0), kHexRadius * (1.5 * p.height + 0.5)};
}

Point cell_centre(const Puzzle& p, CellId c) {
    const Coord q = p.coord(c);
    if (!is_hex(p)) return {q.x + 0.5, q.y + 0.5};
    return {q.x + 0.5 + 0.5 * (q.y % 2), kHexRadius * (1 + 1.5 * q.y)};
}

int side_count(const Puzzle& p) { return is_hex(p) ? 6 : 4; }

std::vector<Point> cell_corners(const Puzzle& p, CellId c) {
    const Point m = cell_centre(p, c);
    if (!is_hex(p)) return {{m.x - 0.5, m.y - 0.5}, {m.x + 0.5, m.y - 0.5}, {m.x + 0.5, m.y + 0.5}, {m.x - 0.5, m.y + 0.5}};
    const double r = kHexRadius;
    return {{m.x, m.y - r},           {m.x + 0.5, m.y - r / 2}, {m.x + 0.5, m.y + r / 2},
            {m.x, m.y + r},           {m.x - 0.5, m.y + r / 2}, {m.x - 0.5, m.y - r / 2}};
}

CellId across_side(const Puzzle& p, CellId c, int side) {
    const Coord q = p.coord(c);
    int x = q.x, y = q.y;
    if (!is_hex(p)) {
        static constexpr int dx[] = {0, 1, 0, -1}, dy[] = {-1, 0, 1, 0};
        x += dx[side];
        y += dy[side];
    } else {
        const int shift = q.y % 2;  // odd rows lie half a cell to the right
        static constexpr int dx[] = {0, 1, 0, -1, -1, -1}, dy[] = {-1, 0, 1, 1, 0, -1};
        x += dx[side] + (dy[side] != 0 ? shift : 0);
        y += dy[side];
    }
    return p.in_bounds(x, y, q.z) ? p.cell(x, y, q.z) : kNoCell;
}

bool is_border_side(const Puzzle& p, CellId c, int side) {
    const CellId d = across_side(p, c, side);
    return d == kNoCell || p.is_outside(d);
}

int side_towards(const Puzzle& p, CellId a, CellId b) {
    const CellId target = p.position(b);
    for (int k = 0; k < side_count(p); ++k)
        if (across_side(p, a, k) == target) return k;
    return -1;
}

std::array<Point, 2> side_ends(const Puzzle& p, CellId c, int side) {
    const auto corners = cell_corners(p, c);
    return {corners[side], corners[(side + 1) % corners.size()]};
}

Point side_middle(const Puzzle& p, CellId c, int side) {
    const auto ends = side_ends(p, c, side);
    return {(ends[0].x + ends[1].x) / 2, (ends[0].y + ends[1].y) / 2};
}

Point side_normal(const Puzzle& p, CellId c, int side) {
    const Point m = cell_centre(p, c), middle = side_middle(p, c, side);
    const double x = middle.x - m.x, y = middle.y - m.y;
    const double length = std::hypot(x, y);
    return {x / length, y / length};
}

bool is_rectangle(const Puzzle& p) {
    if (is_hex(p)) return false;
    for (CellId c = 0; c < p.grid_cells(); ++c)
        if (p.is_outside(c)) return false;
    return true;
}

std::vector<std::vector<Point>> board_outline(const Puzzle& p, int z) {
    // Every border side, directed clockwise round its cell: sides between two cells of the board
    // are never border sides, so the directed sides left over chain into closed loops (each
    // corner has as many sides leaving it as entering). Corners are matched on a fine lattice
    // because two hexagons compute a shared corner from different centres.
    auto key = [](Point a) { return std::pair{std::llround(a.x * 4096), std::llround(a.y * 4096)}; };
    std::vector<std::array<Point, 2>> sides;
    std::multimap<std::pair<long long, long long>, std::size_t> leaving;
    for (int y = 0; y < p.height; ++y)
        for (int x = 0; x < p.width; ++x) {
            const CellId c = p.cell(x, y, z);
            if (p.is_outside(c)) continue;
            for (int k = 0; k < side_count(p); ++k)
                if (is_border_side(p, c, k)) {
                    leaving.emplace(key(side_ends(p, c, k)[0]), sides.size());
                    sides.push_back(side_ends(p, c, k));
                }
        }
    std::vector<std::vector<Point>> loops;
    std::vector<bool> used(sides.size(), false);
    for (std::size_t first = 0; first < sides.size(); ++first) {
        if (used[first]) continue;
        std::vector<Point> loop;
        for (std::size_t at = first; !used[at];) {
            used[at] = true;
            loop.push_back(sides[at][0]);
            auto [from, to] = leaving.equal_range(key(sides[at][1]));
            for (auto it = from; it != to; ++it)
                if (!used[it->second]) {
                    at = it->second;
                    break;
                }
        }
        loops.push_back(std::move(loop));
    }
    return loops;
}

std::vector<std::array<Port, 2>> warp_ports(const Puzzle& p) {
    std::set<std::pair<CellId, int>> taken;  // (cell, side) already holding a port
    auto port = [&](CellId c, CellId other) {
        Port out;
        out.cell = c;
        out.mouth = cell_centre(p, c);
        const Point away{out.mouth.x - cell_centre(p, other).x, out.mouth.y - cell_centre(p, other).y};
        // Best free border side first; when every border side holds a port already, share one.
        for (bool free_only : {true, false}) {
            double best = -1e9;
            for (int k = 0; k < side_count(p); ++k) {
                if (!is_border_side(p, c, k) || (free_only && taken.count({c, k}))) continue;
                const Point n = side_normal(p, c, k);
                const double score = n.x * away.x + n.y * away.y;
                if (score > best + 1e-9) {
                    best = score;
                    out.side = k;
                    out.outward = n;
                }
            }
            if (out.side >= 0) break;
        }
        if (out.side >= 0) {
            taken.insert({c, out.side});
            out.mouth = side_middle(p, c, out.side);
        }
        return out;
    };
    std::vector<std::array<Port, 2>> out;
    for (const CellPair& w : p.warps) {
        const Port a = port(w[0], w[1]);
        out.push_back({a, port(w[1], w[0])});
    }
    return out;
}

}  // namespace nl::render
