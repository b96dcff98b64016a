// Lines that must pass a cut with too few cells; see cuts.hpp for the argument.
#include "solver/board/cuts.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace nl {

namespace {

// The flows keep about 26 bytes a cell; above this many cells only the row and column counts
// run (a few bytes a row), so this argument never holds more than a few megabytes.
constexpr long kFlowMaxCells = 250'000;

// The four directions cuts run in: rows (axis 0, cells of one y), columns (1, one x), and the
// two diagonals (2, one x + y; 3, one x - y).
constexpr int kAxes = 4;

// A row, column or diagonal with the lines that have an end on each side of it.
struct Cut {
    int axis = 0;
    int at = 0;       // the row or column among `rows` (below) that has the fewest free cells
    long free = 0;    // its cells that are neither blocked nor a line's end
    std::vector<int> lines;
    long slack() const { return free - static_cast<long>(lines.size()); }
};

int along(const Puzzle& p, CellId c, int axis) {
    const Coord at = p.coord(c);
    switch (axis) {
        case 0: return at.y;
        case 1: return at.x;
        case 2: return at.x + at.y;
        default: return at.x - at.y + p.height - 1;
    }
}

std::string cut_name(const Puzzle& p, int axis, int at) {
    switch (axis) {
        case 0: return "row " + std::to_string(at);
        case 1: return "column " + std::to_string(at);
        case 2: return "the diagonal x + y = " + std::to_string(at);
        default: return "the diagonal x - y = " + std::to_string(at - p.height + 1);
    }
}

// The cuts of one axis: between two consecutive ends (in that axis) the set of lines across is
// the same, so each stretch of rows is one cut, at its row with the fewest free cells.
void cuts_of_axis(const Puzzle& p, int axis, const std::vector<long>& free, std::vector<Cut>& out) {
    const int size = static_cast<int>(free.size());
    std::vector<std::vector<int>> opens(size + 1), closes(size + 1);
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
        int a = along(p, p.labels[l].ends[0], axis), b = along(p, p.labels[l].ends[1], axis);
        if (a > b) std::swap(a, b);
        if (b - a < 2) continue;  // no row strictly between the ends
        opens[a + 1].push_back(l);
        closes[b].push_back(l);
    }
    std::vector<int> across;
    for (int i = 0; i < size; ++i) {
        const bool changed = !opens[i].empty() || !closes[i].empty();
        for (int l : closes[i]) across.erase(std::find(across.begin(), across.end(), l));
        for (int l : opens[i]) across.push_back(l);
        if (across.size() < 2) continue;
        if (changed || out.empty() || out.back().axis != axis) {
            out.push_back({axis, i, free[i], across});
        } else if (free[i] < out.back().free) {
            out.back().at = i;
            out.back().free = free[i];
        }
    }
}

std::string line_names(const Puzzle& p, const std::vector<int>& lines) {
    const std::size_t shown = lines.size() <= 6 ? lines.size() : 4;
    std::string out = lines.size() <= 6 ? "lines " : std::to_string(lines.size()) + " lines (";
    for (std::size_t i = 0; i < shown; ++i) {
        out += (i == 0 ? "" : i + 1 == lines.size() ? " and " : ", ");
        out += p.labels[lines[i]].name;
    }
    if (shown < lines.size()) out += " and " + std::to_string(lines.size() - shown) + " more)";
    return out;
}

std::string message(const Puzzle& p, const Cut& cut, const std::vector<CellId>& cells) {
    std::string out = line_names(p, cut.lines) + " have ends on both sides of ";
    out += cut_name(p, cut.axis, cut.at);
    if (cells.empty()) return out + ", but no way between the two sides avoids the other lines' ends";
    out += ", but every way between the two sides passes through ";
    if (cells.size() == 1) return out + "the cell " + format_cell(p, cells[0]) + ": too few for one line each";
    out += "one of " + std::to_string(cells.size()) + " cells";
    if (cells.size() <= 8) {
        out += " (";
        for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? ", " : "") + format_cell(p, cells[i]);
        out += ")";
    }
    return out + ": too few for one line each";
}

// Vertex-disjoint routes by augmenting paths, every cell of capacity one. State 2v is "entering
// cell v", 2v + 1 "leaving it"; a route enters a cell, leaves it, and enters a neighbour.
class DisjointRoutes {
public:
    DisjointRoutes(const Puzzle& p, const std::function<void()>& poll)
        : p_(p), poll_(poll), role_(p.cell_count(), kOpen), used_(p.cell_count(), 0),
          succ_(p.cell_count(), kNone), pred_(p.cell_count(), kNone), parent_(2 * static_cast<std::size_t>(p.cell_count()), kUnseen) {
        for (CellId c = 0; c < p.cell_count(); ++c)
            if (p.is_blocked(c) || p.is_terminal(c)) role_[c] = kClosed;
    }

    // Whether the lines of `cut`, each from its end before the cut to its end after it, have
    // disjoint routes; nothing when `visits_left` runs out first. Fills cut_cells() when not.
    std::optional<bool> routes_exist(const Cut& cut, long& visits_left);
    const std::vector<CellId>& cut_cells() const { return cut_; }

private:
    enum Role : std::uint8_t { kOpen, kClosed, kFrom, kTo };
    static constexpr std::int32_t kNone = -1, kUnseen = -2, kFromSource = -3;

    std::optional<bool> augment(long& visits_left);  // one more route; false: none (cut_ filled)
    void visit(std::int32_t state, std::int32_t from);
    void apply_path(std::int32_t last);
    void find_cut();

    const Puzzle& p_;
    const std::function<void()>& poll_;
    std::vector<std::uint8_t> role_, used_;
    std::vector<std::int32_t> succ_, pred_, parent_, queue_;
    std::vector<CellId> from_, cut_;
};

void DisjointRoutes::visit(std::int32_t state, std::int32_t from) {
    if (parent_[state] != kUnseen) return;
    parent_[state] = from;
    queue_.push_back(state);
}

std::optional<bool> DisjointRoutes::augment(long& visits_left) {
    queue_.clear();
    for (CellId a : from_)
        if (!used_[a]) visit(2 * a, kFromSource);
    std::optional<bool> found = false;
    for (std::size_t head = 0; head < queue_.size() && found == false; ++head) {
        if (--visits_left < 0) {
            found = std::nullopt;
            break;
        }
        if (poll_ && (visits_left & 0xFFFF) == 0) poll_();
        const std::int32_t s = queue_[head], v = s / 2;
        if (s % 2 == 0) {  // entering v: leave it when free, else push its route back
            if (!used_[v]) visit(s + 1, s);
            else if (pred_[v] != kNone) visit(2 * pred_[v] + 1, s);
        } else if (role_[v] == kTo) {
            apply_path(s);
            found = true;
        } else {  // leaving v: undo its own use, or enter a neighbour its route does not
            if (used_[v]) visit(2 * v, s);
            for (CellId w : p_.neighbours(v))
                if ((role_[w] == kOpen || role_[w] == kTo) && succ_[v] != w) visit(2 * w, s);
        }
    }
    if (found == false) find_cut();
    for (std::int32_t s : queue_) parent_[s] = kUnseen;
    return found;
}

// Applies the states from a source to `last` in order: entering then leaving a cell takes it,
// leaving then entering it frees it, a step to a neighbour is taken, one back undoes it.
void DisjointRoutes::apply_path(std::int32_t last) {
    std::vector<std::int32_t> path;
    for (std::int32_t s = last; s != kFromSource; s = parent_[s]) path.push_back(s);
    std::reverse(path.begin(), path.end());
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        const std::int32_t s = path[i], t = path[i + 1], v = s / 2, w = t / 2;
        if (v == w) {
            used_[v] = s % 2 == 0;
        } else if (s % 2 == 1) {
            succ_[v] = w;
            pred_[w] = v;
        } else {  // entering v from w's route, pushed back: w no longer steps to v
            if (succ_[w] == v) succ_[w] = kNone;
            if (pred_[v] == w) pred_[v] = kNone;
        }
    }
}

// After a search that reached no free end: the cells that are entered but not left, and the
// route starts not entered (max-flow min-cut: as many as there are routes).
void DisjointRoutes::find_cut() {
    cut_.clear();
    for (std::int32_t s : queue_)
        if (s % 2 == 0 && used_[s / 2] && parent_[s + 1] == kUnseen) cut_.push_back(s / 2);
    for (CellId a : from_)
        if (used_[a] && parent_[2 * a] == kUnseen) cut_.push_back(a);
    std::sort(cut_.begin(), cut_.end());
}

std::optional<bool> DisjointRoutes::routes_exist(const Cut& cut, long& visits_left) {
    from_.clear();
    std::vector<CellId> to;
    for (int l : cut.lines) {
        CellId a = p_.labels[l].ends[0], b = p_.labels[l].ends[1];
        if (along(p_, a, cut.axis) > along(p_, b, cut.axis)) std::swap(a, b);
        from_.push_back(a);
        to.push_back(b);
    }
    for (CellId a : from_) role_[a] = kFrom;
    for (CellId b : to) role_[b] = kTo;
    std::optional<bool> all = true;
    for (std::size_t routes = 0; routes < cut.lines.size() && all == true; ++routes) all = augment(visits_left);
    for (CellId a : from_)  // clear the routes for the next cut
        for (CellId v = a; v != kNone;) {
            const CellId next = succ_[v];
            used_[v] = 0;
            succ_[v] = pred_[v] = kNone;
            v = next;
        }
    for (CellId c : from_) role_[c] = kClosed;
    for (CellId c : to) role_[c] = kClosed;
    return all;
}

}  // namespace

std::optional<std::string> too_many_lines_across(const Puzzle& p, const std::function<void()>& poll) {
    if (p.labels.size() < 2) return std::nullopt;
    const int diagonals = p.width + p.height - 1;
    std::vector<long> free[kAxes] = {std::vector<long>(p.height), std::vector<long>(p.width),
                                     std::vector<long>(diagonals), std::vector<long>(diagonals)};
    const auto count = [&](int x, int y) {
        ++free[0][y];
        ++free[1][x];
        ++free[2][x + y];
        ++free[3][x - y + p.height - 1];
    };
    CellId c = 0;  // the grid cells in order, then the bridges' second lanes
    for (int z = 0; z < p.layers; ++z) {
        if (poll) poll();
        for (int y = 0; y < p.height; ++y)
            for (int x = 0; x < p.width; ++x, ++c)
                if (!p.is_blocked(c) && !p.is_terminal(c)) count(x, y);
    }
    for (; c < p.cell_count(); ++c) count(p.coord(c).x, p.coord(c).y);  // a lane is never an end
    std::vector<Cut> cuts;
    for (int axis = 0; axis < kAxes; ++axis) cuts_of_axis(p, axis, free[axis], cuts);
    std::stable_sort(cuts.begin(), cuts.end(), [](const Cut& a, const Cut& b) { return a.slack() < b.slack(); });
    if (cuts.empty()) return std::nullopt;
    // A row or column itself too narrow: no step skips one (a step on a diagonal may).
    for (const Cut& cut : cuts) {
        if (cut.slack() >= 0 || !p.warps.empty()) break;
        if (cut.axis >= 2) continue;
        std::vector<CellId> cells;
        for (CellId c = 0; c < p.cell_count(); ++c)
            if (!p.is_blocked(c) && !p.is_terminal(c) && along(p, c, cut.axis) == cut.at) cells.push_back(c);
        return message(p, cut, cells);
    }
    if (p.cell_count() > kFlowMaxCells) return std::nullopt;
    DisjointRoutes routes(p, poll);
    long visits_left = p.cell_count() + 2'000;  // about one search of the board, most loaded cut first
    for (const Cut& cut : cuts) {
        const std::optional<bool> exist = routes.routes_exist(cut, visits_left);
        if (!exist) break;
        if (!*exist) return message(p, cut, routes.cut_cells());
    }
    return std::nullopt;
}

}  // namespace nl
