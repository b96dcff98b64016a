// Routing in 2x2 blocks (see block_route.hpp for the method and its argument).
#include "solver/route/block_route.hpp"

#include <algorithm>
#include <array>

#include "solver/route/route.hpp"

namespace nl {

namespace {

// The blocks of one offset: block (bx, by) holds the cells [2 bx - ox, 2 bx - ox + 1] x
// [2 by - oy, 2 by - oy + 1] that lie on the board and are not blocked (1 to 4 of them; blocks
// at the border are clipped).
struct Blocks {
    const Puzzle& p;
    int ox, oy, bw, bh;
    Blocks(const Puzzle& puzzle, int ox_, int oy_)
        : p(puzzle), ox(ox_), oy(oy_), bw((puzzle.width + ox_ + 1) / 2), bh((puzzle.height + oy_ + 1) / 2) {}
    int of(CellId c) const {
        const Coord k = p.coord(c);
        return ((k.y + oy) / 2) * bw + (k.x + ox) / 2;
    }
    // How many of cells(b) there are, without building the list.
    int free_cells(int b) const {
        int n = 0;
        const int x0 = 2 * (b % bw) - ox, y0 = 2 * (b / bw) - oy;
        for (int y = y0; y < y0 + 2; ++y)
            for (int x = x0; x < x0 + 2; ++x) n += p.in_bounds(x, y) && !p.is_blocked(p.cell(x, y));
        return n;
    }
    std::vector<CellId> cells(int b) const {
        std::vector<CellId> out;
        const int x0 = 2 * (b % bw) - ox, y0 = 2 * (b / bw) - oy;
        for (int y = y0; y < y0 + 2; ++y)
            for (int x = x0; x < x0 + 2; ++x)
                if (p.in_bounds(x, y) && !p.is_blocked(p.cell(x, y))) out.push_back(p.cell(x, y));
        return out;
    }
};

int colour(const Puzzle& p, CellId c) {
    const Coord k = p.coord(c);
    return (k.x + k.y) & 1;
}

// The fine path of a chain of blocks from s (in the first) to t (in the last) that covers the
// most cells: in each block a simple path through its free cells from where the path enters
// (s in the first) to a cell next to the following block (t in the last), by a dynamic
// programme from the last block back (at most four entry cells per block, a few paths each).
// On a chain of whole blocks it finds the covering path of the header's argument. Empty when
// no path runs through the chain (a clipped block in the way).
std::vector<CellId> chain_path(const Puzzle& p, const Blocks& blocks, const std::vector<int>& chain, CellId s,
                               CellId t) {
    const int k = static_cast<int>(chain.size());
    struct Choice {
        int covered = -1;           // cells covered from here to t; -1: no way
        std::vector<CellId> cells;  // this block's part
    };
    // best[i][e]: from entry cell e of block i.
    std::vector<std::vector<std::pair<CellId, Choice>>> best(k);
    auto lookup = [&](int i, CellId e) -> const Choice* {
        for (const auto& [cell, choice] : best[i])
            if (cell == e && choice.covered >= 0) return &choice;
        return nullptr;
    };
    // Where a path leaving block i at x enters block i + 1 (x's one neighbour there), with the
    // best way on from it; null when there is none.
    auto onwards = [&](int i, CellId x) -> std::pair<CellId, const Choice*> {
        for (CellId y : p.neighbours(x))
            if (blocks.of(y) == chain[i + 1]) return {y, lookup(i + 1, y)};
        return {kNoCell, nullptr};
    };
    for (int i = k - 1; i >= 0; --i) {
        const std::vector<CellId> cells = blocks.cells(chain[i]);
        for (CellId e : cells) {
            if (i == 0 && e != s) continue;
            Choice choice;
            // Every simple path from e inside the block (at most 4 cells: depth-first).
            std::vector<CellId> path{e};
            auto consider = [&] {
                const CellId x = path.back();
                int rest = 0;
                if (i == k - 1) {
                    if (x != t) return;
                } else {
                    const Choice* after = onwards(i, x).second;
                    if (!after) return;
                    rest = after->covered;
                }
                const int covered = static_cast<int>(path.size()) + rest;
                if (covered > choice.covered) choice.covered = covered, choice.cells = path;
            };
            auto extend = [&](auto&& self) -> void {
                consider();
                for (CellId y : p.neighbours(path.back()))
                    if (blocks.of(y) == chain[i] && std::find(path.begin(), path.end(), y) == path.end()) {
                        path.push_back(y);
                        self(self);
                        path.pop_back();
                    }
            };
            extend(extend);
            best[i].push_back({e, std::move(choice)});
        }
    }
    std::vector<CellId> out;
    CellId e = s;
    for (int i = 0; i < k; ++i) {
        const Choice* c = lookup(i, e);
        if (!c) return {};
        out.insert(out.end(), c->cells.begin(), c->cells.end());
        if (i + 1 < k) e = onwards(i, c->cells.back()).first;  // the entry the choice counted on
    }
    return out;
}

// The paths of one offset, or empty.
std::vector<std::vector<CellId>> route_at_offset(const Puzzle& p, int ox, int oy, std::uint64_t seed, int rounds,
                                                 const Budget& budget) {
    const Blocks blocks(p, ox, oy);
    Puzzle coarse = make_board(blocks.bw, blocks.bh);
    coarse.rules = Rules{false, true};
    // A coarse cell is open when its block has three or four free cells: a path can then cross
    // it between any two of its sides. Blocks with fewer are left to the bumps and SAT, unless
    // they hold an end (the chain starts there, if a path leads out).
    for (int b = 0; b < coarse.cell_count(); ++b)
        if (blocks.free_cells(b) < 3) coarse.blocked[b] = kCellBlocked;
    std::vector<int> owner(coarse.cell_count(), kNoLabel);
    std::vector<int> coarse_label(p.labels.size(), kNoLabel);  // label -> coarse label, or none (one block)
    for (std::size_t l = 0; l < p.labels.size(); ++l) {
        const auto& ends = p.labels[l].ends;
        if (colour(p, ends[0]) == colour(p, ends[1])) return {};
        const int b0 = blocks.of(ends[0]), b1 = blocks.of(ends[1]);
        for (int b : {b0, b1}) {
            if (owner[b] != kNoLabel && owner[b] != static_cast<int>(l)) return {};
            owner[b] = static_cast<int>(l);
            coarse.blocked[b] = 0;
        }
        if (b0 == b1) continue;  // one block: not routed
        coarse_label[l] = static_cast<int>(coarse.labels.size());
        coarse.labels.push_back(Label{p.labels[l].name, {b0, b1}});
    }
    // A label's single block is taken: no other chain may cross it.
    for (std::size_t l = 0; l < p.labels.size(); ++l)
        if (coarse_label[l] == kNoLabel) coarse.blocked[blocks.of(p.labels[l].ends[0])] = kCellBlocked;
    std::vector<std::vector<CellId>> coarse_paths;
    if (!coarse.labels.empty()) {
        finalize(coarse);
        RouteOptions ro;
        ro.seed = seed;
        ro.max_rounds = rounds;
        ro.budget = budget;
        RouteResult routed = route(coarse, coarse.rules, ro);
        if (routed.status == RouteResult::Status::Timeout) throw Stopped(StopReason::Timeout);
        if (routed.status == RouteResult::Status::Interrupted) throw Stopped(StopReason::Interrupted);
        if (routed.status != RouteResult::Status::Solved) return {};
        coarse_paths = std::move(routed.solution.paths);
    }
    std::vector<std::vector<CellId>> paths(p.labels.size());
    for (std::size_t l = 0; l < p.labels.size(); ++l) {
        const auto& ends = p.labels[l].ends;
        const std::vector<int> chain = coarse_label[l] == kNoLabel ? std::vector<int>{blocks.of(ends[0])}
                                                                   : std::vector<int>(coarse_paths[coarse_label[l]].begin(),
                                                                                      coarse_paths[coarse_label[l]].end());
        paths[l] = chain_path(p, blocks, chain, ends[0], ends[1]);
        if (paths[l].empty()) return {};
    }
    absorb_blocks(p, paths, ox, oy, &budget);
    return paths;
}

}  // namespace

int absorb_blocks(const Puzzle& p, std::vector<std::vector<CellId>>& paths, int ox, int oy, const Budget* budget) {
    const int n = p.cell_count();
    std::vector<CellId> next(n, kNoCell);
    std::vector<char> empty(n, 0);
    for (CellId c = 0; c < n; ++c) empty[c] = !p.is_blocked(c);
    for (const auto& path : paths)
        for (std::size_t i = 0; i < path.size(); ++i) {
            empty[path[i]] = 0;
            if (i + 1 < path.size()) next[path[i]] = path[i + 1];
        }
    const Blocks blocks(p, ox, oy);
    static constexpr int kDir[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    // Worklist of blocks that may have become absorbable: every block at first, then the
    // neighbours of each absorbed block.
    std::vector<int> work(static_cast<std::size_t>(blocks.bw) * blocks.bh);
    for (int b = 0; b < static_cast<int>(work.size()); ++b) work[b] = b;
    std::uint32_t since_poll = 0;
    while (!work.empty()) {
        const int b = work.back();
        work.pop_back();
        if (budget && ++since_poll == (1u << 16)) {
            since_poll = 0;
            poll_budget(*budget);
        }
        if (blocks.free_cells(b) < 4) continue;  // (without building the list, a million times)
        const std::vector<CellId> cells = blocks.cells(b);
        if (cells.size() < 4 || !std::all_of(cells.begin(), cells.end(), [&](CellId c) { return empty[c] != 0; }))
            continue;
        const Coord c0 = p.coord(cells[0]);  // the top-left cell
        for (const auto& d : kDir) {
            // The block's side facing d (side[0], side[1]), the far cell behind each (far[i],
            // adjacent to side[i]), and the cells across the side (a[i], next to side[i]).
            std::array<CellId, 2> side{}, far{}, a{};
            int ns = 0;
            for (CellId c : cells) {
                const Coord k = p.coord(c);
                const bool on = (d[0] > 0 && k.x == c0.x + 1) || (d[0] < 0 && k.x == c0.x) ||
                                (d[1] > 0 && k.y == c0.y + 1) || (d[1] < 0 && k.y == c0.y);
                if (on) side[ns++] = c;
            }
            bool ok = true;
            for (int i = 0; i < 2; ++i) {
                const Coord k = p.coord(side[i]);
                far[i] = p.cell(k.x - d[0], k.y - d[1]);
                ok = ok && p.in_bounds(k.x + d[0], k.y + d[1]);
                if (ok) a[i] = p.cell(k.x + d[0], k.y + d[1]);
                ok = ok && !p.is_blocked(a[i]);
            }
            if (!ok) continue;
            const int i = next[a[0]] == a[1] ? 0 : next[a[1]] == a[0] ? 1 : -1;
            if (i < 0) continue;
            // a[i] -> side[i] -> far[i] -> far[1-i] -> side[1-i] -> a[1-i].
            next[a[i]] = side[i];
            next[side[i]] = far[i];
            next[far[i]] = far[1 - i];
            next[far[1 - i]] = side[1 - i];
            next[side[1 - i]] = a[1 - i];
            for (CellId c : cells) empty[c] = 0;
            const int bx = b % blocks.bw, by = b / blocks.bw;
            for (const auto& e : kDir) {
                const int nx = bx + e[0], ny = by + e[1];
                if (nx >= 0 && ny >= 0 && nx < blocks.bw && ny < blocks.bh) work.push_back(ny * blocks.bw + nx);
            }
            break;
        }
    }
    for (auto& path : paths) {
        if (path.empty()) continue;
        const CellId end = path.back();
        path.assign(1, path.front());
        while (path.back() != end) path.push_back(next[path.back()]);
    }
    return static_cast<int>(std::count(empty.begin(), empty.end(), 1));
}

std::vector<std::vector<CellId>> route_in_blocks(const Puzzle& p, std::uint64_t seed, int route_rounds,
                                                 const Budget& budget) {
    if (!p.square_grid() || p.layers != 1) return {};
    // A chain of blocks joins two ends of different colours only (route_at_offset), whatever
    // the offset: known before any coarse board is built.
    for (const Label& label : p.labels)
        if (colour(p, label.ends[0]) == colour(p, label.ends[1])) return {};
    // Even dimensions first: offset 0 then leaves no strip outside the blocks.
    for (int oy : {0, 1})
        for (int ox : {0, 1}) {
            // Building an offset's coarse board is a pass over every block (tenths of a second on
            // millions of cells) before the router polls the budget: polled here too.
            poll_budget(budget);
            auto paths = route_at_offset(p, ox, oy, seed, route_rounds, budget);
            if (!paths.empty()) return paths;
        }
    return {};
}

}  // namespace nl
