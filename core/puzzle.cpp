// Model construction and validation: limits, terminals, adjacency (with vias), built on first use.
#include "core/puzzle.hpp"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <type_traits>
#include <unordered_set>

#include "core/errors.hpp"
#include "core/limits.hpp"

namespace nl {

std::optional<Rules> rules_from_name(std::string_view name) {
    if (name == "flow") return Rules{true, true};
    if (name == "nikoli") return Rules{false, true};
    if (name == "adc") return Rules{false, false};
    if (name == "strict") return Rules{true, false};
    return std::nullopt;
}

std::string rules_name(Rules rules) {
    if (rules.fill) return rules.touch ? "flow" : "strict";
    return rules.touch ? "nikoli" : "adc";
}

std::vector<int> TerminalLabels::to_vector() const {
    std::vector<int> out(cells_.size());
    for (std::size_t c = 0; c < cells_.size(); ++c) out[c] = cells_[c] - 1;
    return out;
}

bool Puzzle::adjacent(CellId a, CellId b) const {
    if (layers == 1 && square_grid()) {
        // The plain grid by arithmetic: the adjacency lists need not be built to ask.
        const CellId n = cell_count();
        if (a < 0 || b < 0 || a >= n || b >= n || blocked[a] || blocked[b]) return false;
        const CellId step = a > b ? a - b : b - a, low = std::min(a, b);
        return step == width || (step == 1 && low % width + 1 < width);
    }
    auto n = neighbours(a);
    return std::find(n.begin(), n.end(), b) != n.end();
}

int Puzzle::label_index(std::string_view wanted) const {
    for (int i = 0; i < static_cast<int>(labels.size()); ++i)
        if (labels[i].name == wanted) return i;
    return kNoLabel;
}

CellId Puzzle::vertical_lane(CellId c) const {
    const auto it = std::find(bridges.begin(), bridges.end(), c);
    return it == bridges.end() ? kNoCell : grid_cells() + static_cast<CellId>(it - bridges.begin());
}

int grid_neighbours(const Puzzle& p, CellId c, CellId out[8]) {
    const Coord q = p.coord(c);
    int k = 0;
    auto add = [&](int x, int y, int z) {
        if (p.in_bounds(x, y, z)) out[k++] = p.cell(x, y, z);
    };
    // Fixed orders (square: up, left, right, down; hex: the two above, left, right, the two
    // below; then the layers below and above) so every walk over the graph is deterministic.
    if (p.geometry == Geometry::Hex) {
        const int shift = q.y % 2;  // odd rows lie half a cell to the right
        add(q.x - 1 + shift, q.y - 1, q.z);
        add(q.x + shift, q.y - 1, q.z);
        add(q.x - 1, q.y, q.z);
        add(q.x + 1, q.y, q.z);
        add(q.x - 1 + shift, q.y + 1, q.z);
        add(q.x + shift, q.y + 1, q.z);
    } else {
        add(q.x, q.y - 1, q.z);
        add(q.x - 1, q.y, q.z);
        add(q.x + 1, q.y, q.z);
        add(q.x, q.y + 1, q.z);
    }
    add(q.x, q.y, q.z - 1);
    add(q.x, q.y, q.z + 1);
    return k;
}

void place_on_lanes(const Puzzle& p, std::vector<CellId>& path) {
    if (p.bridges.empty()) return;
    for (std::size_t i = 0; i < path.size(); ++i) {
        const CellId c = path[i];
        if (c < 0 || c >= p.grid_cells()) continue;
        const CellId lane = p.vertical_lane(c);
        if (lane == kNoCell) continue;
        auto vertical_step = [&](std::size_t j) {
            if (path[j] < 0 || path[j] >= p.cell_count()) return false;
            const Coord a = p.coord(c), b = p.coord(path[j]);
            return a.x == b.x && a.y != b.y;
        };
        if ((i > 0 && vertical_step(i - 1)) || (i + 1 < path.size() && vertical_step(i + 1))) path[i] = lane;
    }
}

std::string format_cell(const Puzzle& puzzle, CellId c) {
    Coord p = puzzle.coord(c);
    // Built with += (not "[" + ...): GCC 12 warns falsely on operator+ here (bug 105329).
    std::string s = "[";
    s += std::to_string(p.x);
    s += ", ";
    s += std::to_string(p.y);
    if (puzzle.layers > 1) s += ", " + std::to_string(p.z);
    s += "]";
    if (puzzle.is_lane(c)) s += " (vertical lane)";
    return s;
}

std::vector<int> solution_grid(const Puzzle& puzzle, const Solution& solution) {
    std::vector<int> grid(puzzle.cell_count(), kNoLabel);
    for (int l = 0; l < static_cast<int>(solution.paths.size()); ++l)
        for (CellId c : solution.paths[l])
            if (c >= 0 && c < puzzle.cell_count()) grid[c] = l;
    return grid;
}

void check_board_size(int width, int height, int layers) {
    if (width < 1 || height < 1 || layers < 1)
        throw ModelError("board size " + std::to_string(width) + "x" + std::to_string(height) +
                         (layers > 1 ? "x" + std::to_string(layers) : "") +
                         " is empty or negative");
    if (width > limits::kMaxSide || height > limits::kMaxSide)
        throw ModelError("board side " + std::to_string(std::max(width, height)) +
                         " exceeds the limit of " + std::to_string(limits::kMaxSide));
    if (layers > limits::kMaxLayers)
        throw ModelError(std::to_string(layers) + " layers exceed the limit of " +
                         std::to_string(limits::kMaxLayers));
    std::int64_t cells = std::int64_t(width) * height * layers;
    if (cells > limits::kMaxCells)
        throw ModelError("board of " + std::to_string(cells) + " cells exceeds the limit of " +
                         std::to_string(limits::kMaxCells));
}

Puzzle make_board(int width, int height, int layers) {
    check_board_size(width, height, layers);
    std::int64_t cells = std::int64_t(width) * height * layers;
    Puzzle p;
    p.width = width;
    p.height = height;
    p.layers = layers;
    p.blocked.assign(cells, 0);
    return p;
}

namespace {

void check_terminals(Puzzle& p) {
    const int n = p.cell_count();
    // A clearer message than the endpoint clash it would otherwise come to (limits.hpp).
    if (static_cast<std::int64_t>(p.labels.size()) > n / 2)
        throw ModelError(std::to_string(p.labels.size()) + " labels exceed the limit of " + std::to_string(n / 2) +
                         " for a board of " + std::to_string(n) + " cells (two endpoints each)");
    p.terminal_label.reset(static_cast<std::size_t>(n));
    // Names: empty or repeated ones first. Sorted views rather than a hash set of strings: a
    // level pack of small boards reads a board every few microseconds.
    std::vector<std::string_view> names;
    names.reserve(p.labels.size());
    for (const Label& label : p.labels) {
        if (label.name.empty()) throw ModelError("a label has an empty name");
        names.push_back(label.name);
    }
    std::sort(names.begin(), names.end());
    if (const auto twice = std::adjacent_find(names.begin(), names.end()); twice != names.end())
        throw ModelError("label " + std::string(*twice) + " is defined twice");
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
        const Label& label = p.labels[l];
        for (CellId c : label.ends) {
            if (c < 0 || c >= p.grid_cells())
                throw ModelError("label " + label.name + " has an endpoint outside the board");
            if (p.blocked[c])
                throw ModelError("label " + label.name + " has an endpoint on blocked cell " +
                                 format_cell(p, c));
            if (p.terminal_label[c] != kNoLabel)
                throw ModelError("cell " + format_cell(p, c) + " is an endpoint of both " +
                                 p.labels[p.terminal_label[c]].name + " and " + label.name);
            p.terminal_label.set(c, l);
        }
    }
}

// Which vertical steps exist: without vias every cell connects to the cells above and below it;
// with vias only consecutive cells of one via do.
std::vector<std::uint8_t> vertical_links(const Puzzle& p) {
    if (p.layers == 1 && p.vias.empty()) return {};  // no vertical steps to look up
    const int n = p.grid_cells();
    std::vector<std::uint8_t> up(n, p.vias.empty() ? 1 : 0);  // up[c]: c links to c's z+1
    for (const Via& via : p.vias) {
        for (std::size_t i = 0; i + 1 < via.cells.size(); ++i) {
            CellId a = via.cells[i], b = via.cells[i + 1];
            if (a < 0 || b < 0 || a >= n || b >= n)
                throw ModelError("via " + via.name + " has a cell outside the board");
            Coord ca = p.coord(a), cb = p.coord(b);
            if (ca.x != cb.x || ca.y != cb.y || std::abs(ca.z - cb.z) != 1)
                throw ModelError("via " + via.name + " cells " + format_cell(p, a) + " and " +
                                 format_cell(p, b) + " are not stacked on each other");
            up[std::min(a, b)] = 1;
        }
    }
    return up;
}

std::int64_t pair_key(CellId a, CellId b) {
    if (a > b) std::swap(a, b);
    return (std::int64_t(a) << 32) | std::uint32_t(b);
}

bool in_grid(const Puzzle& p, CellId c) { return c >= 0 && c < p.grid_cells(); }

// Checks bridges, warps and walls; returns the walls as a set of pair keys.
std::unordered_set<std::int64_t> check_variant_parts(const Puzzle& p) {
    std::unordered_set<CellId> bridge_cells;
    for (CellId c : p.bridges) {
        if (!in_grid(p, c)) throw ModelError("a bridge lies outside the board");
        if (p.geometry != Geometry::Square || p.layers != 1)
            throw ModelError("bridge at " + format_cell(p, c) +
                             ": bridges are on one-layer boards of square cells only");
        if (p.blocked[c]) throw ModelError("bridge at " + format_cell(p, c) + " is on a blocked cell");
        if (!bridge_cells.insert(c).second) throw ModelError("bridge at " + format_cell(p, c) + " is given twice");
        if (p.terminal_label[c] != kNoLabel)
            throw ModelError("bridge at " + format_cell(p, c) + " is an endpoint of " +
                             p.labels[p.terminal_label[c]].name + " (a path cannot end on a bridge)");
    }
    std::unordered_set<std::int64_t> warps, walls;
    for (const CellPair& w : p.warps) {
        if (!in_grid(p, w[0]) || !in_grid(p, w[1])) throw ModelError("a warp has an end outside the board");
        const std::string where = format_cell(p, w[0]) + " - " + format_cell(p, w[1]);
        if (w[0] == w[1]) throw ModelError("warp " + where + " joins a cell to itself");
        for (CellId c : w) {
            if (p.blocked[c]) throw ModelError("warp " + where + " ends on a blocked cell");
            if (bridge_cells.count(c)) throw ModelError("warp " + where + " ends on a bridge");
        }
        CellId around[8];
        const int k = grid_neighbours(p, w[0], around);
        if (std::find(around, around + k, w[1]) != around + k)
            throw ModelError("warp " + where + " joins cells that are neighbours already");
        if (!warps.insert(pair_key(w[0], w[1])).second) throw ModelError("warp " + where + " is given twice");
    }
    for (const CellPair& w : p.walls) {
        if (!in_grid(p, w[0]) || !in_grid(p, w[1])) throw ModelError("a wall has a side outside the board");
        const std::string where = format_cell(p, w[0]) + " | " + format_cell(p, w[1]);
        CellId around[8];
        const int k = grid_neighbours(p, w[0], around);
        if (std::find(around, around + k, w[1]) == around + k)
            throw ModelError("wall " + where + " is not between two neighbouring cells");
        if (!walls.insert(pair_key(w[0], w[1])).second) throw ModelError("wall " + where + " is given twice");
    }
    return walls;
}

// The graph from the raw fields, which finalize() has validated (the checks below pass again).
Adjacency build_adjacency(const Puzzle& p, const std::function<void()>* poll) {
    const int grid = p.grid_cells(), n = p.cell_count(), layer_size = p.width * p.height;
    const auto up = vertical_links(p);
    const auto walls = check_variant_parts(p);
    Adjacency out;
    std::vector<std::int32_t>& start = out.start;
    std::vector<CellId>& adjacency = out.cells;
    std::vector<CellId> lane(p.bridges.empty() ? 0 : grid, kNoCell);  // vertical lane of a bridge
    for (std::size_t k = 0; k < p.bridges.size(); ++k) lane[p.bridges[k]] = grid + static_cast<CellId>(k);
    std::vector<std::vector<CellId>> warp_ends(p.warps.empty() ? 0 : grid);
    for (const CellPair& w : p.warps) {
        warp_ends[w[0]].push_back(w[1]);
        warp_ends[w[1]].push_back(w[0]);
    }
    start.assign(n + 1, 0);
    adjacency.clear();
    adjacency.reserve(std::size_t(n) * (p.geometry == Geometry::Hex ? 6 : p.layers > 1 ? 6 : 4));
    if (p.geometry == Geometry::Square && p.layers == 1 && lane.empty() && walls.empty() && warp_ends.empty()) {
        // The plain grid (most boards): the neighbours from the cell's row and column, in
        // grid_neighbours' order (up, left, right, down), without its coordinate arithmetic
        // per neighbour (a third of the time of reading a level pack of small boards).
        const int w = p.width, h = p.height;
        for (CellId c = 0; c < n; ++c) {
            if (poll && *poll && (c & 0xFFFF) == 0xFFFF) (*poll)();
            start[c] = static_cast<std::int32_t>(adjacency.size());
            if (p.blocked[c]) continue;
            const int x = c % w, y = c / w;
            if (y > 0 && !p.blocked[c - w]) adjacency.push_back(c - w);
            if (x > 0 && !p.blocked[c - 1]) adjacency.push_back(c - 1);
            if (x + 1 < w && !p.blocked[c + 1]) adjacency.push_back(c + 1);
            if (y + 1 < h && !p.blocked[c + w]) adjacency.push_back(c + w);
        }
        start[n] = static_cast<std::int32_t>(adjacency.size());
        return out;
    }
    for (CellId c = 0; c < n; ++c) {
        if (poll && *poll && (c & 0xFFFF) == 0xFFFF) (*poll)();
        start[c] = static_cast<std::int32_t>(adjacency.size());
        if (p.blocked[c]) continue;
        const CellId at = p.position(c);
        const bool is_bridge = !lane.empty() && lane[at] != kNoCell;
        const bool vertical_lane = c >= grid;
        CellId around[8];
        const int k = grid_neighbours(p, at, around);
        for (int i = 0; i < k; ++i) {
            const CellId d = around[i];
            if (p.blocked[d] || (!walls.empty() && walls.count(pair_key(at, d)))) continue;
            // (Coordinates only where needed: this loop runs for every cell of a million-cell board.)
            if (p.layers > 1 && at / layer_size != d / layer_size) {
                if (up[std::min(at, d)]) adjacency.push_back(d);
                continue;
            }
            if (!lane.empty()) {
                // A bridge's horizontal lane keeps its left and right neighbours, its vertical
                // lane those above and below; a neighbour that is a bridge is entered by the
                // lane running the way of the step.
                const bool step_vertical = p.coord(at).x == p.coord(d).x;
                if (is_bridge && step_vertical != vertical_lane) continue;
                if (step_vertical && lane[d] != kNoCell) {
                    adjacency.push_back(lane[d]);
                    continue;
                }
            }
            adjacency.push_back(d);
        }
        if (!warp_ends.empty() && c < grid)
            for (CellId d : warp_ends[c]) adjacency.push_back(d);
    }
    start[n] = static_cast<std::int32_t>(adjacency.size());
    return out;
}

}  // namespace

void finalize(Puzzle& p) {
    // Re-check the size: a caller may have filled the fields by hand.
    check_board_size(p.width, p.height, p.layers);
    // The raw fields give one entry per position; the lanes of bridges are never blocked.
    const std::int64_t positions = std::int64_t(p.width) * p.height * p.layers;
    if (static_cast<std::int64_t>(p.blocked.size()) != positions &&
        static_cast<std::int64_t>(p.blocked.size()) != positions + std::int64_t(p.bridges.size()))
        throw ModelError("internal: blocked cells do not match the board size");
    p.blocked.resize(positions + p.bridges.size(), 0);
    check_terminals(p);
    vertical_links(p);
    check_variant_parts(p);
    p.adjacency_cache.reset();
}

static_assert(std::is_nothrow_move_constructible_v<Puzzle> && std::is_nothrow_move_assignable_v<Puzzle>,
              "containers of puzzles must move them, not copy them");

LazyAdjacency& LazyAdjacency::operator=(const LazyAdjacency& other) noexcept {
    // A table the other puzzle is still building is not waited for: this copy builds its own.
    if (const Adjacency* built = other.ready_.load(std::memory_order_acquire)) {
        table_ = other.table_;
        ready_.store(built, std::memory_order_release);
    } else {
        reset();
    }
    return *this;
}

void LazyAdjacency::reset() {
    ready_.store(nullptr, std::memory_order_relaxed);
    table_.reset();
}

namespace {
std::mutex adjacency_build_lock;  // one build at a time; builds are rare (one per puzzle)
}  // namespace

const Adjacency& LazyAdjacency::build(const Puzzle& puzzle, const std::function<void()>* poll) const {
    const std::lock_guard<std::mutex> hold(adjacency_build_lock);
    if (const Adjacency* built = ready_.load(std::memory_order_acquire)) return *built;
    table_ = std::make_shared<const Adjacency>(build_adjacency(puzzle, poll));
    ready_.store(table_.get(), std::memory_order_release);
    return *table_;
}

}  // namespace nl
