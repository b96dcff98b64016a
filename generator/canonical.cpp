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

std::vector<int> canonical_key(const Puzzle& p) {
    std::vector<int> best;
    std::vector<int> board(static_cast<std::size_t>(p.width) * p.height);
    std::vector<int> rename(p.labels.size());
    for (int t = 0; t < symmetry_count(p.width, p.height); ++t) {
        int w = p.width, h = p.height;
        for (int y = 0; y < p.height; ++y)
            for (int x = 0; x < p.width; ++x) {
                const Moved m = apply_symmetry(t, x, y, p.width, p.height);
                w = m.width;
                h = m.height;
                const CellId c = p.cell(x, y);
                board[static_cast<std::size_t>(m.y) * m.width + m.x] =
                    p.is_blocked(c) ? -1 : p.is_terminal(c) ? p.terminal_label[c] : -2;
            }
        std::vector<int> key{w, h};
        std::fill(rename.begin(), rename.end(), -1);
        int next = 0;
        for (int v : board) {
            if (v == -2) key.push_back(0);
            else if (v == -1) key.push_back(1);
            else {
                if (rename[v] < 0) rename[v] = next++;
                key.push_back(2 + rename[v]);
            }
        }
        if (best.empty() || key < best) best = std::move(key);
    }
    return best;
}

}  // namespace nl::gen
