// A canonical form of a puzzle under the board's symmetries, for telling duplicates apart: the
// same terminals, blocked cells and variant parts (cells outside, bridges, warps, walls) up to
// rotation, reflection and the names of the labels give the same key. Square cells: squares have
// 8 symmetries (rotations and mirrors), other rectangles 4 (identity, both mirrors, half turn);
// on a layered board each is applied to every layer alike. Hexagons in offset rows have fewer: a
// left-right mirror or a half turn moves the odd rows' half-cell shift to the other side, so only
// the top-bottom mirror of a board with an odd number of rows (which keeps every row's parity)
// maps the board onto itself.
#pragma once

#include <vector>

#include "core/puzzle.hpp"

namespace nl::gen {

// Per cell of the transformed board, row-major and layer after layer: 0 empty, 1 blocked, 2
// outside, 3 bridge, 4 + k the k-th label met in that order; preceded by the transformed width
// and height (and minus the number of layers when there are several) and followed by -1 and the
// warps, -2 and the walls when there are any (each pair's two cells sorted, the pairs sorted).
// The smallest over all symmetries of the board.
std::vector<int> canonical_key(const Puzzle& puzzle);

// The cell (x, y) of a W x H board moves to under symmetry t (0..7); the board becomes W x H for
// t < 4 and H x W for t >= 4 (transposing ones). Exposed for tests.
struct Moved {
    int x, y, width, height;
};
Moved apply_symmetry(int t, int x, int y, int width, int height);
int symmetry_count(int width, int height);  // 8 for squares, 4 otherwise (square cells)
// The symmetries (values of t) that map this puzzle's board geometry onto itself.
std::vector<int> board_symmetries(const Puzzle& puzzle);

}  // namespace nl::gen
