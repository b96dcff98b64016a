#include "generator/layout.hpp"

#include <algorithm>
#include <string>

namespace nl::gen {

int Layout::count(int what) const { return static_cast<int>(std::count(owner.begin(), owner.end(), what)); }

void Layout::renumber() {
    for (int& o : owner)
        if (o >= 0) o = kEmpty;
    for (std::size_t i = 0; i < paths.size(); ++i)
        for (CellId c : paths[i]) owner[c] = static_cast<int>(i);
}

Neighbours grid_neighbours(int width, int height, CellId c) {
    Neighbours out;
    const int x = c % width, y = c / width;
    if (y > 0) out.cells[out.n++] = c - width;
    if (x > 0) out.cells[out.n++] = c - 1;
    if (x + 1 < width) out.cells[out.n++] = c + 1;
    if (y + 1 < height) out.cells[out.n++] = c + width;
    return out;
}

bool touches_path(const Layout& layout, CellId c, int path, CellId except, CellId except2) {
    for (CellId n : grid_neighbours(layout.width, layout.height, c))
        if (n != except && n != except2 && layout.owner[n] == path) return true;
    return false;
}

Puzzle puzzle_of(const Layout& layout, Rules rules, const std::string& name) {
    Puzzle p = make_board(layout.width, layout.height);
    p.name = name;
    p.rules = rules;
    for (CellId c = 0; c < layout.cell_count(); ++c) p.blocked[c] = layout.owner[c] == kSolid;
    for (std::size_t i = 0; i < layout.paths.size(); ++i)
        p.labels.push_back({std::to_string(i + 1), {layout.paths[i].front(), layout.paths[i].back()}});
    finalize(p);
    return p;
}

Solution solution_of(const Layout& layout) { return {layout.paths}; }

}  // namespace nl::gen
