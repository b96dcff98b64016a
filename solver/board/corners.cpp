// The corner rule's table; see corners.hpp for the argument.
#include "solver/board/corners.hpp"

namespace nl {

bool corner_rule_applies(const Puzzle& p, Rules rules) {
    return rules.fill && !rules.touch && p.layers == 1 && p.square_grid();
}

namespace {

// One turn's bit for every cell: `ends[c]` says whether cell c ends a ray (blocked or a
// terminal). The ray of turn k steps (rx, ry) = kDirD[k] + kDirD[k + 1]; a cell whose next cell
// lies off the board never gets the bit. Cells are visited so that the ray's next cell is done
// first (from the side the ray points to), inner cells only: the loop bounds replace the
// bounds test.
template <int RX, int RY>
void rays(const std::vector<std::uint8_t>& ends, int w, int h, std::uint8_t bit, std::vector<std::uint8_t>& ok) {
    const int step = RY * w + RX;
    for (int j = 0; j < h - 1; ++j) {
        const int y = RY > 0 ? h - 2 - j : j + 1;
        for (int i = 0; i < w - 1; ++i) {
            const int x = RX > 0 ? w - 2 - i : i + 1;
            const int c = y * w + x, next = c + step;
            if (ends[next] | (ok[next] & bit)) ok[c] |= bit;
        }
    }
}

}  // namespace

std::vector<std::uint8_t> corner_turns(const Puzzle& p) {
    const int w = p.width, h = p.height, n = w * h;
    std::vector<std::uint8_t> ok(static_cast<std::size_t>(n), 0), ends(static_cast<std::size_t>(n));
    for (CellId c = 0; c < n; ++c) ends[c] = p.is_blocked(c) || p.is_terminal(c);
    // Turn k links directions k and k + 1 (N E S W): rays to the north-east, south-east,
    // south-west and north-west.
    static_assert(kDirDx[0] + kDirDx[1] == 1 && kDirDy[0] + kDirDy[1] == -1);
    static_assert(kDirDx[1] + kDirDx[2] == 1 && kDirDy[1] + kDirDy[2] == 1);
    static_assert(kDirDx[2] + kDirDx[3] == -1 && kDirDy[2] + kDirDy[3] == 1);
    static_assert(kDirDx[3] + kDirDx[0] == -1 && kDirDy[3] + kDirDy[0] == -1);
    rays<1, -1>(ends, w, h, 1u << 0, ok);
    rays<1, 1>(ends, w, h, 1u << 1, ok);
    rays<-1, 1>(ends, w, h, 1u << 2, ok);
    rays<-1, -1>(ends, w, h, 1u << 3, ok);
    return ok;
}

}  // namespace nl
