#include "generator/layout.hpp"

#include <algorithm>
#include <string>

namespace nl::gen {

Board::Board(Puzzle g) : graph(std::move(g)) {
    if (graph.bridges.empty()) return;
    in_bridge.assign(static_cast<std::size_t>(graph.cell_count()), 0);
    for (std::size_t k = 0; k < graph.bridges.size(); ++k) {
        in_bridge[graph.bridges[k]] = 1;                                   // horizontal lane
        in_bridge[graph.grid_cells() + static_cast<CellId>(k)] = 1;        // vertical lane
    }
}

namespace {

std::shared_ptr<const Board> plain_board(int w, int h) {
    Puzzle p = make_board(w, h);
    finalize(p);
    return std::make_shared<const Board>(std::move(p));
}

}  // namespace

Layout::Layout(int w, int h) : Layout(plain_board(w, h)) {}

Layout::Layout(std::shared_ptr<const Board> b)
    : board(std::move(b)), width(board->graph.width), height(board->graph.height),
      owner(static_cast<std::size_t>(board->graph.cell_count()), kEmpty) {
    for (CellId c = 0; c < board->graph.grid_cells(); ++c)
        if (board->graph.is_blocked(c)) owner[c] = kSolid;
}

int Layout::count(int what) const { return static_cast<int>(std::count(owner.begin(), owner.end(), what)); }

void Layout::renumber() {
    for (int& o : owner)
        if (o >= 0) o = kEmpty;
    for (std::size_t i = 0; i < paths.size(); ++i)
        for (CellId c : paths[i]) owner[c] = static_cast<int>(i);
}

bool touches_path(const Layout& layout, CellId c, int path, CellId except, CellId except2) {
    for (CellId n : layout.neighbours(c))
        if (n != except && n != except2 && layout.owner[n] == path) return true;
    return false;
}

bool uses_whole_board(const Layout& l) {
    const Puzzle& g = l.board->graph;
    for (CellId c = 0; c < l.cell_count(); ++c)
        if (!l.may_end(c) && l.owner[c] < 0) return false;
    for (const CellPair& w : g.warps) {
        const int p = l.owner[w[0]];
        if (p < 0 || l.owner[w[1]] != p) return false;
        const auto& path = l.paths[p];
        const auto at = std::find(path.begin(), path.end(), w[0]) - path.begin();
        const bool before = at > 0 && path[at - 1] == w[1];
        const bool after = at + 1 < static_cast<std::ptrdiff_t>(path.size()) && path[at + 1] == w[1];
        if (!before && !after) return false;
    }
    return true;
}

Puzzle puzzle_of(const Layout& layout, Rules rules, const std::string& name) {
    Puzzle p = layout.board->graph;  // geometry, warps, bridges and cells outside come with it
    p.name = name;
    p.rules = rules;
    for (CellId c = 0; c < p.grid_cells(); ++c)
        if (!p.blocked[c] && layout.owner[c] == kSolid) p.blocked[c] = kCellBlocked;
    for (std::size_t i = 0; i < layout.paths.size(); ++i)
        p.labels.push_back({std::to_string(i + 1), {layout.paths[i].front(), layout.paths[i].back()}});
    finalize(p);
    return p;
}

Solution solution_of(const Layout& layout) { return {layout.paths}; }

}  // namespace nl::gen
