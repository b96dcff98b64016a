// A canonical form of a one-layer puzzle under the board's symmetries, for telling duplicates
// apart: the same terminals and blocked cells up to rotation, reflection and the names of the
// labels give the same key. Squares have 8 symmetries (rotations and mirrors), other rectangles 4
// (identity, both mirrors, half turn).
#pragma once

#include <vector>

#include "core/puzzle.hpp"

namespace nl::gen {

// Per cell of the transformed board, row-major: 0 empty, 1 blocked, 2 + k the k-th label met in
// that order; preceded by the transformed width and height. The smallest over all symmetries.
std::vector<int> canonical_key(const Puzzle& puzzle);

// The cell (x, y) of a W x H board moves to under symmetry t (0..7); the board becomes W x H for
// t < 4 and H x W for t >= 4 (transposing ones). Exposed for tests.
struct Moved {
    int x, y, width, height;
};
Moved apply_symmetry(int t, int x, int y, int width, int height);
int symmetry_count(int width, int height);  // 8 for squares, 4 otherwise

}  // namespace nl::gen
