// Model construction and validation: limits, terminals, adjacency (with vias).
#include "core/puzzle.hpp"

#include <algorithm>
#include <cstdlib>
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

bool Puzzle::adjacent(CellId a, CellId b) const {
    auto n = neighbours(a);
    return std::find(n.begin(), n.end(), b) != n.end();
}

int Puzzle::label_index(std::string_view wanted) const {
    for (int i = 0; i < static_cast<int>(labels.size()); ++i)
        if (labels[i].name == wanted) return i;
    return kNoLabel;
}

std::string format_cell(const Puzzle& puzzle, CellId c) {
    Coord p = puzzle.coord(c);
    // Built with += (not "[" + ...): GCC 12 warns falsely on operator+ here (bug 105329).
    std::string s = "[";
    s += std::to_string(p.x);
    s += ", ";
    s += std::to_string(p.y);
    if (puzzle.layers > 1) s += ", " + std::to_string(p.z);
    return s + "]";
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
    p.terminal_label.assign(n, kNoLabel);
    std::unordered_set<std::string> names;
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
        const Label& label = p.labels[l];
        if (label.name.empty()) throw ModelError("a label has an empty name");
        if (!names.insert(label.name).second)
            throw ModelError("label " + label.name + " is defined twice");
        for (CellId c : label.ends) {
            if (c < 0 || c >= n)
                throw ModelError("label " + label.name + " has an endpoint outside the board");
            if (p.blocked[c])
                throw ModelError("label " + label.name + " has an endpoint on blocked cell " +
                                 format_cell(p, c));
            if (p.terminal_label[c] != kNoLabel)
                throw ModelError("cell " + format_cell(p, c) + " is an endpoint of both " +
                                 p.labels[p.terminal_label[c]].name + " and " + label.name);
            p.terminal_label[c] = l;
        }
    }
}

// Which vertical steps exist: without vias every cell connects to the cells above and below it;
// with vias only consecutive cells of one via do.
std::vector<std::uint8_t> vertical_links(const Puzzle& p) {
    const int n = p.cell_count();
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

void build_adjacency(Puzzle& p) {
    const int n = p.cell_count();
    const auto up = vertical_links(p);
    p.adjacency_start.assign(n + 1, 0);
    p.adjacency.clear();
    p.adjacency.reserve(std::size_t(n) * (p.layers > 1 ? 6 : 4));
    const int layer_size = p.width * p.height;
    for (CellId c = 0; c < n; ++c) {
        p.adjacency_start[c] = static_cast<std::int32_t>(p.adjacency.size());
        if (p.blocked[c]) continue;
        Coord q = p.coord(c);
        auto add = [&](CellId d) {
            if (!p.blocked[d]) p.adjacency.push_back(d);
        };
        // Fixed order (up, left, right, down, below, above) so every walk over the graph is
        // deterministic.
        if (q.y > 0) add(c - p.width);
        if (q.x > 0) add(c - 1);
        if (q.x + 1 < p.width) add(c + 1);
        if (q.y + 1 < p.height) add(c + p.width);
        if (q.z > 0 && up[c - layer_size]) add(c - layer_size);
        if (q.z + 1 < p.layers && up[c]) add(c + layer_size);
    }
    p.adjacency_start[n] = static_cast<std::int32_t>(p.adjacency.size());
}

}  // namespace

void finalize(Puzzle& p) {
    // Re-check the size: a caller may have filled the fields by hand.
    check_board_size(p.width, p.height, p.layers);
    if (static_cast<std::int64_t>(p.blocked.size()) != std::int64_t(p.width) * p.height * p.layers)
        throw ModelError("internal: blocked cells do not match the board size");
    check_terminals(p);
    build_adjacency(p);
}

}  // namespace nl
