#include "generator/variant.hpp"

#include <algorithm>
#include <cmath>
#include <queue>
#include <stdexcept>

#include "core/errors.hpp"

namespace nl::gen {

namespace {

constexpr std::pair<Variant, std::string_view> kNames[] = {{Variant::Square, "square"},
                                                           {Variant::Hex, "hex"},
                                                           {Variant::Warp, "warp"},
                                                           {Variant::Bridges, "bridges"},
                                                           {Variant::Shape, "shape"}};

int few(int width, int height) {
    return std::max(1, static_cast<int>(std::lround(std::sqrt(double(width) * height) / 5)));
}

int border_cells(int width, int height) {
    return width <= 2 || height <= 2 ? width * height : 2 * (width + height) - 4;
}

// The sides of the board cell (x, y) lies on, as bits: 1 top, 2 bottom, 4 left, 8 right.
int sides(const Puzzle& p, CellId c) {
    const Coord q = p.coord(c);
    return (q.y == 0 ? 1 : 0) | (q.y == p.height - 1 ? 2 : 0) | (q.x == 0 ? 4 : 0) | (q.x == p.width - 1 ? 8 : 0);
}

bool grid_neighbours_of(const Puzzle& p, CellId a, CellId b) {
    CellId around[8];
    const int k = grid_neighbours(p, a, around);
    return std::find(around, around + k, b) != around + k;
}

// A wrapped row, a wrapped column or two border cells on different sides; `used` marks the cells
// that already end a warp. Retries until the pair is a warp the model takes.
void add_warps(Puzzle& p, int count, Rng& rng) {
    std::vector<CellId> border;
    for (CellId c = 0; c < p.grid_cells(); ++c)
        if (sides(p, c)) border.push_back(c);
    std::vector<std::uint8_t> used(static_cast<std::size_t>(p.grid_cells()), 0);
    for (int made = 0, tries = 0; made < count; ++tries) {
        if (tries == 100000) throw InternalError("generate: no room for " + std::to_string(count) + " warps");
        CellPair w;
        switch (rng.below(3)) {
            case 0: {
                const int y = static_cast<int>(rng.below(static_cast<std::uint32_t>(p.height)));
                w = {p.cell(0, y), p.cell(p.width - 1, y)};
                break;
            }
            case 1: {
                const int x = static_cast<int>(rng.below(static_cast<std::uint32_t>(p.width)));
                w = {p.cell(x, 0), p.cell(x, p.height - 1)};
                break;
            }
            default:
                w = {rng.pick(border), rng.pick(border)};
                if (sides(p, w[0]) & sides(p, w[1])) continue;
        }
        if (w[0] == w[1] || used[w[0]] || used[w[1]] || grid_neighbours_of(p, w[0], w[1])) continue;
        used[w[0]] = used[w[1]] = 1;
        p.warps.push_back(w);
        ++made;
    }
}

// Inner cells in random order; first those with no bridge beside them, then any.
void add_bridges(Puzzle& p, int count, Rng& rng) {
    std::vector<CellId> inner;
    for (int y = 1; y + 1 < p.height; ++y)
        for (int x = 1; x + 1 < p.width; ++x) inner.push_back(p.cell(x, y));
    rng.shuffle(inner);
    std::vector<std::uint8_t> taken(static_cast<std::size_t>(p.grid_cells()), 0);
    auto crowded = [&](CellId c) {
        CellId around[8];
        const int k = grid_neighbours(p, c, around);
        return std::any_of(around, around + k, [&](CellId n) { return taken[n] != 0; });
    };
    for (const bool apart : {true, false})
        for (CellId c : inner) {
            if (static_cast<int>(p.bridges.size()) == count) break;
            if (taken[c] || (apart && crowded(c))) continue;
            taken[c] = 1;
            p.bridges.push_back(c);
        }
    std::sort(p.bridges.begin(), p.bridges.end());  // the board format lists them in cell order
}

// Are the cells on the board (not outside) one connected region?
bool connected(const Puzzle& p) {
    std::vector<std::uint8_t> seen(static_cast<std::size_t>(p.grid_cells()), 0);
    std::queue<CellId> todo;
    int open = 0, reached = 0;
    for (CellId c = 0; c < p.grid_cells(); ++c)
        if (!p.blocked[c]) {
            ++open;
            if (todo.empty() && !seen[c]) {
                seen[c] = 1;
                todo.push(c);
            }
        }
    while (!todo.empty()) {
        const CellId c = todo.front();
        todo.pop();
        ++reached;
        CellId around[8];
        const int k = grid_neighbours(p, c, around);
        for (int i = 0; i < k; ++i)
            if (!p.blocked[around[i]] && !seen[around[i]]) {
                seen[around[i]] = 1;
                todo.push(around[i]);
            }
    }
    return open > 0 && reached == open;
}

// Notches in the corners (each at most a third of the width and height, so two never meet and
// the middle rows and columns join everything) and, on boards of 7x7 and more, sometimes a
// rectangular hole with a ring of board cells around it.
void cut_shape(Puzzle& p, Rng& rng) {
    const int w = p.width, h = p.height;
    auto out = [&](int x0, int y0, int x1, int y1) {  // [x0, x1) x [y0, y1)
        for (int y = y0; y < y1; ++y)
            for (int x = x0; x < x1; ++x) p.blocked[p.cell(x, y)] = kCellOutside;
    };
    const int nw = std::max(1, w / 3), nh = std::max(1, h / 3);
    for (;;) {
        std::fill(p.blocked.begin(), p.blocked.end(), 0);
        int notches = 0;
        for (int corner = 0; corner < 4; ++corner) {
            if (rng.below(4) == 0) continue;
            const int a = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(nw)));
            const int b = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(nh)));
            const int x0 = corner & 1 ? w - a : 0, y0 = corner & 2 ? h - b : 0;
            out(x0, y0, x0 + a, y0 + b);
            ++notches;
        }
        if (w >= 7 && h >= 7 && rng.below(2) == 0) {
            const int a = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(w / 4)));
            const int b = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(h / 4)));
            const int x0 = 2 + static_cast<int>(rng.below(static_cast<std::uint32_t>(w - a - 3)));
            const int y0 = 2 + static_cast<int>(rng.below(static_cast<std::uint32_t>(h - b - 3)));
            bool ring_open = true;
            for (int y = y0 - 1; y <= y0 + b; ++y)
                for (int x = x0 - 1; x <= x0 + a; ++x) ring_open &= !p.blocked[p.cell(x, y)];
            if (ring_open) {
                out(x0, y0, x0 + a, y0 + b);
                ++notches;
            }
        }
        // Connected by construction; the check guards the argument (a 3-wide board's notches
        // are one cell and leave the middle column).
        if (notches > 0 && connected(p)) return;
    }
}

}  // namespace

std::optional<Variant> variant_from_name(std::string_view name) {
    for (const auto& [v, n] : kNames)
        if (n == name) return v;
    return std::nullopt;
}

std::string variant_name(Variant variant) {
    for (const auto& [v, n] : kNames)
        if (v == variant) return std::string(n);
    return "?";
}

int default_warps(int width, int height) { return std::min(few(width, height), max_warps(width, height)); }
int default_bridges(int width, int height) { return std::min(few(width, height), max_bridges(width, height)); }
int max_warps(int width, int height) { return border_cells(width, height) / 4; }
int max_bridges(int width, int height) {
    return width < 3 || height < 3 ? 0 : ((width - 2) * (height - 2) + 3) / 4;
}

std::string variant_problem(int width, int height, const VariantOptions& o) {
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    switch (o.variant) {
        case Variant::Square:
        case Variant::Hex: return "";
        case Variant::Shape:
            return width >= 3 && height >= 3 ? "" : "shaped boards need at least 3x3, not " + size;
        case Variant::Warp: {
            const int most = max_warps(width, height);
            if (most == 0) return "a " + size + " board has no room for warps";
            if (o.warps > most)
                return std::to_string(o.warps) + " warps: a " + size + " board takes at most " + std::to_string(most);
            return "";
        }
        case Variant::Bridges: {
            const int most = max_bridges(width, height);
            if (most == 0) return "bridges need a board of at least 3x3, not " + size;
            if (o.bridges > most)
                return std::to_string(o.bridges) + " bridges: a " + size + " board takes at most " +
                       std::to_string(most);
            return "";
        }
    }
    return "";
}

Puzzle variant_board(int width, int height, const VariantOptions& o, Rng& rng, int layers) {
    if (layers > 1 && o.variant != Variant::Square) throw std::invalid_argument("variant boards have one layer");
    Puzzle p = make_board(width, height, layers);
    switch (o.variant) {
        case Variant::Square: break;
        case Variant::Hex: p.geometry = Geometry::Hex; break;
        case Variant::Warp: add_warps(p, o.warps > 0 ? o.warps : default_warps(width, height), rng); break;
        case Variant::Bridges:
            add_bridges(p, o.bridges > 0 ? o.bridges : default_bridges(width, height), rng);
            break;
        case Variant::Shape: cut_shape(p, rng); break;
    }
    finalize(p);
    return p;
}

}  // namespace nl::gen
