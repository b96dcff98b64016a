#include "generator/canonical.hpp"

#include <algorithm>

namespace nl::gen {

Moved apply_symmetry(int t, int x, int y, int w, int h) {
    // t bit 0: mirror x, bit 1: mirror y, bit 2: transpose (after the mirrors).
    if (t & 1) x = w - 1 - x;
    if (t & 2) y = h - 1 - y;
    if (t & 4) return {y, x, h, w};
    return {x, y, w, h};
}

int symmetry_count(int width, int height) { return width == height ? 8 : 4; }

std::vector<int> board_symmetries(const Puzzle& p) {
    if (p.geometry == Geometry::Hex) return p.height % 2 == 1 ? std::vector<int>{0, 2} : std::vector<int>{0};
    std::vector<int> all;
    for (int t = 0; t < symmetry_count(p.width, p.height); ++t) all.push_back(t);
    return all;
}

namespace {

// The pairs (warps or walls) as cells of the board moved by t, each pair and the list sorted.
void append_pairs(std::vector<int>& key, const Puzzle& p, const std::vector<CellPair>& pairs, int t, int marker) {
    if (pairs.empty()) return;
    std::vector<std::pair<int, int>> moved;
    for (const CellPair& pair : pairs) {
        int cells[2];
        for (int i = 0; i < 2; ++i) {
            const Coord q = p.coord(pair[i]);
            const Moved m = apply_symmetry(t, q.x, q.y, p.width, p.height);
            cells[i] = m.y * m.width + m.x;
        }
        moved.emplace_back(std::min(cells[0], cells[1]), std::max(cells[0], cells[1]));
    }
    std::sort(moved.begin(), moved.end());
    key.push_back(marker);  // -1 warps, -2 walls: which list follows
    for (const auto& [a, b] : moved) {
        key.push_back(a);
        key.push_back(b);
    }
}

}  // namespace

std::vector<int> canonical_key(const Puzzle& p) {
    std::vector<int> best;
    const std::size_t layer_cells = static_cast<std::size_t>(p.width) * p.height;
    std::vector<int> board(layer_cells * p.layers);
    std::vector<int> rename(p.labels.size());
    std::vector<std::uint8_t> bridge(static_cast<std::size_t>(p.grid_cells()), 0);
    for (CellId c : p.bridges) bridge[c] = 1;
    for (const int t : board_symmetries(p)) {
        int w = p.width, h = p.height;
        for (int z = 0; z < p.layers; ++z)
            for (int y = 0; y < p.height; ++y)
                for (int x = 0; x < p.width; ++x) {
                    const Moved m = apply_symmetry(t, x, y, p.width, p.height);
                    w = m.width;
                    h = m.height;
                    const CellId c = p.cell(x, y, z);
                    board[layer_cells * z + static_cast<std::size_t>(m.y) * m.width + m.x] =
                        p.is_outside(c) ? -3 : p.is_blocked(c) ? -1 : bridge[c] ? -4 : p.is_terminal(c) ? p.terminal_label[c] : -2;
                }
        std::vector<int> key{w, h};
        if (p.layers > 1) key.push_back(-p.layers);  // (a one-layer key starts with cells, all >= 0)
        std::fill(rename.begin(), rename.end(), -1);
        int next = 0;
        for (int v : board) {
            if (v == -2) key.push_back(0);
            else if (v == -1) key.push_back(1);
            else if (v == -3) key.push_back(2);
            else if (v == -4) key.push_back(3);
            else {
                if (rename[v] < 0) rename[v] = next++;
                key.push_back(4 + rename[v]);
            }
        }
        append_pairs(key, p, p.warps, t, -1);
        append_pairs(key, p, p.walls, t, -2);
        if (best.empty() || key < best) best = std::move(key);
    }
    return best;
}

}  // namespace nl::gen
