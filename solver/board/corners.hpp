// The corner rule: where a path may turn under strict rules (fill and no touch) on a one-layer
// square grid. Used by the depth-first search (dfs.cpp, D7) and by the reasoning before
// encoding (presolve.cpp, the `corners` rule), so both read the same table.
//
// The argument. Say a cell c that is no terminal links east and south. The cell r diagonally
// south-east of c touches c's east and south neighbours, both on c's path and not consecutive
// on it (c lies between them); if r were on that path it would have to be consecutive with both,
// closing a 4-cycle: impossible. So r is blocked, a terminal, or a free cell on another path,
// which cannot link to those two cells (they already have their two links, to c and onwards);
// under fill r needs two links, and on a square grid of one layer (no warps, walls or bridges)
// only its east and south links are left: r turns east and south too, and so on along the
// diagonal. A cell on the board's last row or column cannot link south or east, so the ray must
// meet a terminal or a blocked cell before it leaves the board. The same holds in each of the
// four orientations. On layered boards r could leave through the layer above or below, with
// warps through a warp, and a wall would take one of its two links away: the rule is not used
// there (`corner_rule_applies`).
//
// Tests: tests/test_presolve.cpp (every deduction against every solution of the brute-force
// oracle on thousands of random strict boards) and tests/test_dfs.cpp (the search's verdicts).
#pragma once

#include <cstdint>
#include <vector>

#include "core/puzzle.hpp"

namespace nl {

// Directions N, E, S, W as indices 0-3; the turn k links directions k and (k + 1) % 4 (k = 0:
// north and east, 1: east and south, 2: south and west, 3: west and north).
inline constexpr int kDirDx[4] = {0, 1, 0, -1};
inline constexpr int kDirDy[4] = {-1, 0, 1, 0};

// Whether the corner rule holds for `puzzle` under `rules`: fill, no touch, one layer, square
// grid without warps, walls or bridges (shapes are fine: their outside cells are blocked).
bool corner_rule_applies(const Puzzle& puzzle, Rules rules);

// The ray table by lines, without a byte per cell. A ray from (x, y) runs along the cell's
// diagonal line (x - y constant: turns E+S and W+N) or anti-diagonal line (x + y constant: N+E
// and S+W), and meets a terminal or a blocked cell before it leaves the board exactly when its
// line holds one beyond x in the ray's direction. So the smallest and the largest x of those
// cells on each line decide every cell's four turns: one pass over the blocked cells, four
// words per line. The scan search reads it as it reaches each cell, so that a huge board it
// refutes near a corner is never written per cell.
class CornerRays {
public:
    explicit CornerRays(const Puzzle& puzzle);
    // Bit k set when a cell at (x, y) may turn the way k (the rays step (1, -1), (1, 1),
    // (-1, 1), (-1, -1) for k = 0..3).
    std::uint8_t turns_at(int x, int y) const {
        const int a = x - y + height_ - 1, b = x + y;
        return std::uint8_t((anti_max_x_[b] > x ? 1u : 0u) | (diagonal_max_x_[a] > x ? 2u : 0u) |
                            (anti_min_x_[b] < x ? 4u : 0u) | (diagonal_min_x_[a] < x ? 8u : 0u));
    }
    long blocked_cells() const { return blocked_; }  // counted on the way

private:
    int height_;
    long blocked_ = 0;
    // Per diagonal line (index x - y + height - 1) and anti-diagonal line (x + y): the smallest
    // and the largest x of a terminal or blocked cell on it; none: width and -1.
    std::vector<int> diagonal_min_x_, diagonal_max_x_, anti_min_x_, anti_max_x_;
};

// Per cell of the layer (cell id), bit k set when a cell there may turn the way k, i.e. the
// diagonal ray from it between the turn's two directions meets a terminal or a blocked cell
// before leaving the board: CornerRays written out, one byte per cell.
std::vector<std::uint8_t> corner_turns(const Puzzle& puzzle);

}  // namespace nl
