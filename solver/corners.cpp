// The corner rule's table; see corners.hpp for the argument.
#include "solver/corners.hpp"

namespace nl {

bool corner_rule_applies(const Puzzle& p, Rules rules) {
    return rules.fill && !rules.touch && p.layers == 1 && p.square_grid();
}

std::vector<std::uint8_t> corner_turns(const Puzzle& p) {
    const int w = p.width, h = p.height;
    std::vector<std::uint8_t> ok(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
    for (int k = 0; k < 4; ++k) {
        const std::uint8_t bit = std::uint8_t(1u << k);
        const int rx = kDirDx[k] + kDirDx[(k + 1) % 4], ry = kDirDy[k] + kDirDy[(k + 1) % 4];
        // Visit the cells so that the ray's next cell is always done first: from the side the
        // ray points to.
        for (int j = 0; j < h; ++j) {
            const int y = ry > 0 ? h - 1 - j : j;
            for (int i = 0; i < w; ++i) {
                const int x = rx > 0 ? w - 1 - i : i;
                const int nx = x + rx, ny = y + ry;
                if (!p.in_bounds(nx, ny)) continue;  // the ray leaves the board at once
                const CellId next = p.cell(nx, ny);
                if (p.is_blocked(next) || p.is_terminal(next) || (ok[next] & bit)) ok[p.cell(x, y)] |= bit;
            }
        }
    }
    return ok;
}

}  // namespace nl
