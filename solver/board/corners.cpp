// The corner rule's table; see corners.hpp for the argument.
#include "solver/board/corners.hpp"

#include <algorithm>

namespace nl {

bool corner_rule_applies(const Puzzle& p, Rules rules) {
    return rules.fill && !rules.touch && p.layers == 1 && p.square_grid();
}

CornerRays::CornerRays(const Puzzle& p) : height_(p.height) {
    const int w = p.width, h = p.height, lines = w + h - 1;
    diagonal_min_x_.assign(lines, w);
    anti_min_x_.assign(lines, w);
    diagonal_max_x_.assign(lines, -1);
    anti_max_x_.assign(lines, -1);
    auto add_end = [&](int x, int y) {
        const int a = x - y + h - 1, b = x + y;
        diagonal_min_x_[a] = std::min(diagonal_min_x_[a], x);
        diagonal_max_x_[a] = std::max(diagonal_max_x_[a], x);
        anti_min_x_[b] = std::min(anti_min_x_[b], x);
        anti_max_x_[b] = std::max(anti_max_x_[b], x);
    };
    for (int y = 0; y < h; ++y) {
        const std::uint8_t* row = p.blocked.data() + std::size_t(y) * w;
        for (int x = 0; x < w; ++x)
            if (row[x]) {
                ++blocked_;
                add_end(x, y);
            }
    }
    for (const Label& l : p.labels)
        for (CellId c : l.ends) add_end(c % w, c / w % h);
}

std::vector<std::uint8_t> corner_turns(const Puzzle& p) {
    const CornerRays rays(p);
    std::vector<std::uint8_t> ok(static_cast<std::size_t>(p.width) * p.height);
    for (int y = 0; y < p.height; ++y)
        for (int x = 0; x < p.width; ++x) ok[p.cell(x, y)] = rays.turns_at(x, y);
    return ok;
}

}  // namespace nl
