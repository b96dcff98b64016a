// The wall-follower presolver; the algorithm and the walking rule are described in
// wall_follower.hpp.
//
// A board is a grid of 16-bit cells (0 empty, label + 1 drawn or endpoint, 0xFFFF blocked)
// plus a "connected" byte per label, kept in the flat pools of its round; a walk runs on the
// child's slot of the pool and is rolled back if the child is dropped. Each kept child gets a
// node (parent node, label, path cells): a complete board's paths are read off its node chain.
// Duplicates: a hash set of pool indices (64-bit hash, full comparison on equal hashes).
//
// Differences from Paul Matthews' code, none of which loses a board it solves:
// - It runs until one board is left in its list and reports that one, so it may discard a
//   complete board of the last round; we stop at the first complete board the checker accepts.
// - Its trap test counts only empty neighbours; we also count the partner endpoint (a label
//   whose ends touch is connected by the next round's first walk).
// - Under no-touch rules we drop a child whose new path touches itself (no completion of it can
//   pass the checker); his solver has no such rules.
#include "solver/search/wall_follower.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <unordered_set>

#include "core/checker.hpp"

namespace nl {

namespace {

using Cell = std::uint16_t;
constexpr Cell kEmpty = 0, kSolid = 0xFFFF;
constexpr std::size_t kMaxPoolCells = std::size_t{1} << 26;  // 128 MB of grids per round

// Directions clockwise: 0 up, 1 right, 2 down, 3 left. Turning left is +3, right is +1.
// Neighbours are computed, not tabled: a table of four per cell costs a pass and 16 bytes per
// cell before the first walk, a tenth of a second on a board of millions of cells.
struct WallGeometry {
    CellId width, cells;

    explicit WallGeometry(const Puzzle& p) : width(p.width), cells(p.width * p.height) {}
    // The neighbour in each direction, kNoCell off the board (one layer: c = y * width + x).
    std::array<CellId, 4> around(CellId c) const {
        return {grid_step(width, cells, c, 0), grid_step(width, cells, c, 1), grid_step(width, cells, c, 2),
                grid_step(width, cells, c, 3)};
    }
};

// One walk on grid g (see the header for the rule). Marks the cells it steps on with `mark` and
// appends the path to `out`, from `start`, with `target` last on success.
bool walk(const WallGeometry& geo, Cell* g, CellId start, CellId target, Cell mark, bool left_hand,
          std::vector<CellId>& out) {
    const int toward = left_hand ? 3 : 1, away = left_hand ? 1 : 3;
    auto open = [g](CellId n) { return n != kNoCell && g[n] == kEmpty; };
    int dir = 0;
    CellId at = start;
    out.push_back(start);
    for (;;) {
        const std::array<CellId, 4> nb = geo.around(at);
        if (nb[0] == target || nb[1] == target || nb[2] == target || nb[3] == target) {
            out.push_back(target);
            return true;
        }
        const int free = open(nb[0]) + open(nb[1]) + open(nb[2]) + open(nb[3]);
        if (free == 0 || free == 4) return false;
        // 1 to 3 open neighbours: at most 6 turns before a step (header); 8 is a safety net.
        for (int turns = 0; !open(nb[dir]) || open(nb[(dir + toward) & 3]); ++turns) {
            if (turns > 8) return false;
            dir = (dir + (open(nb[(dir + toward) & 3]) ? toward : away)) & 3;
        }
        at = nb[dir];  // the hand side is wall and ahead is open: step
        g[at] = mark;
        out.push_back(at);
    }
}

// The label's end cell `e` has a free neighbour: an empty cell or `partner`.
bool has_free_neighbour(const WallGeometry& geo, const Cell* g, CellId e, CellId partner) {
    for (int d = 0; d < 4; ++d) {
        const CellId n = geo.around(e)[d];
        if (n != kNoCell && (g[n] == kEmpty || n == partner)) return true;
    }
    return false;
}

// The puzzle's cells, with `board` (per cell a label or kNoLabel) drawn on the empty ones.
std::vector<Cell> grid_of(const Puzzle& p, const std::vector<int>* board = nullptr) {
    std::vector<Cell> g(p.cell_count(), kEmpty);
    for (CellId c = 0; c < p.cell_count(); ++c) {
        g[c] = p.is_blocked(c) ? kSolid : Cell(p.terminal_label[c] + 1);  // kNoLabel + 1 == 0
        if (board && g[c] == kEmpty && (*board)[c] != kNoLabel) g[c] = Cell((*board)[c] + 1);
    }
    return g;
}

std::vector<Cell> checked_grid(const Puzzle& p, const std::vector<int>& board) {
    if (p.layers != 1) throw std::invalid_argument("wall following needs a one-layer board");
    if (board.size() != std::size_t(p.cell_count()))
        throw std::invalid_argument("board state does not match the puzzle's size");
    return grid_of(p, &board);
}

struct Board {
    std::int32_t node;       // last path drawn (index into Search::nodes), -1 for the root
    std::int32_t connected;  // labels connected
    std::int32_t empty;      // empty cells left
    std::uint64_t hash;
};

// The boards of one round: grids and flag rows in flat pools, index i at i * stride.
struct Round {
    std::vector<Cell> grids;
    std::vector<std::uint8_t> flags;
    std::vector<Board> boards;
    void clear() { grids.clear(), flags.clear(), boards.clear(); }
    void truncate(std::size_t k, int n, int m) { grids.resize(k * n), flags.resize(k * m); }
};

class Search {
   public:
    Search(const Puzzle& p, Rules rules, const WallOptions& options)
        : p_(p), rules_(rules), options_(options), geo_(p), n_(p.cell_count()),
          labels_(int(p.labels.size())), seen_(64, Hash{this}, Same{this}) {}
    Search(const Search&) = delete;  // seen_ points back at this object
    Search& operator=(const Search&) = delete;

    WallResult run() {
        cur_.grids = grid_of(p_);
        cur_.flags.assign(labels_, 0);
        cur_.boards.push_back(
            {-1, 0, std::int32_t(std::count(cur_.grids.begin(), cur_.grids.end(), kEmpty)), 0});
        if (complete(cur_.boards[0]) && accept(cur_.boards[0])) return finish(Status::Solved);
        for (;;) {
            ++result_.rounds;
            next_.clear();
            seen_.clear();
            const std::size_t count = cur_.boards.size();
            for (std::size_t i = 0; i < count; ++i) {
                if (result_.boards_examined >= options_.max_boards || past_deadline())
                    return finish(Status::Budget);
                ++result_.boards_examined;
                const Status s = expand(i);
                const std::size_t list = (count - i) + next_.boards.size();
                if (list > 1 && list > result_.max_board_list) result_.max_board_list = list;
                if (s != Status::Stuck) return finish(s);
            }
            if (next_.boards.empty()) return finish(Status::Stuck);
            std::swap(cur_, next_);
        }
    }

   private:
    using Status = WallResult::Status;
    struct Node {
        std::int32_t parent, label;
        std::uint32_t begin, size;
    };
    struct Hash {
        const Search* s;
        std::size_t operator()(std::uint32_t i) const { return s->next_.boards[i].hash; }
    };
    struct Same {
        const Search* s;
        bool operator()(std::uint32_t a, std::uint32_t b) const {
            const Round& r = s->next_;
            const std::size_t n = s->n_, m = s->labels_;
            return r.boards[a].hash == r.boards[b].hash &&
                   std::memcmp(&r.grids[a * n], &r.grids[b * n], n * sizeof(Cell)) == 0 &&
                   std::memcmp(&r.flags[a * m], &r.flags[b * m], m) == 0;
        }
    };

    // Walks every unconnected label of board i of the round; Stuck means "carry on".
    Status expand(std::size_t i) {
        static constexpr bool kHand[4] = {true, true, false, false};
        static constexpr int kFrom[4] = {0, 1, 0, 1};
        for (int l = 0; l < labels_; ++l) {
            if (cur_.flags[i * labels_ + l]) continue;
            for (int w = 0; w < 4; ++w) {
                if (past_deadline()) return Status::Budget;
                const Status s = try_walk(i, l, kFrom[w], kHand[w]);
                if (s != Status::Stuck) return s;
            }
        }
        return Status::Stuck;
    }

    Status try_walk(std::size_t i, int l, int from, bool left_hand) {
        const std::size_t k = next_.boards.size();
        next_.grids.insert(next_.grids.end(), cur_.grids.begin() + i * n_,
                           cur_.grids.begin() + (i + 1) * n_);
        Cell* g = next_.grids.data() + k * n_;
        const auto& ends = p_.labels[l].ends;
        path_.clear();
        next_.flags.insert(next_.flags.end(), cur_.flags.begin() + i * labels_,
                           cur_.flags.begin() + (i + 1) * labels_);
        std::uint8_t* f = next_.flags.data() + k * labels_;
        f[l] = 1;
        bool keep = walk(geo_, g, ends[from], ends[1 - from], Cell(l + 1), left_hand, path_) &&
                    (rules_.touch || !touches_itself());
        for (int m = 0; m < labels_ && keep; ++m) {  // the trap test
            const auto& e = p_.labels[m].ends;
            keep = f[m] || (has_free_neighbour(geo_, g, e[0], e[1]) &&
                            has_free_neighbour(geo_, g, e[1], e[0]));
        }
        const Board& parent = cur_.boards[i];
        if (keep) {
            std::uint64_t h = 1469598103934665603ull;  // FNV-1a over grid and flags
            for (int c = 0; c < n_; ++c) h = (h ^ g[c]) * 1099511628211ull;
            for (int m = 0; m < labels_; ++m) h = (h ^ f[m]) * 1099511628211ull;
            next_.boards.push_back({std::int32_t(nodes_.size()), parent.connected + 1,
                                    parent.empty - std::int32_t(path_.size() - 2), h ^ (h >> 29)});
            keep = seen_.insert(std::uint32_t(k)).second;
            if (!keep) next_.boards.pop_back();
        }
        if (!keep) {
            next_.truncate(k, n_, labels_);
            return Status::Stuck;
        }
        nodes_.push_back(
            {parent.node, l, std::uint32_t(cells_.size()), std::uint32_t(path_.size())});
        cells_.insert(cells_.end(), path_.begin(), path_.end());
        if (complete(next_.boards.back()) && accept(next_.boards.back())) return Status::Solved;
        const bool over = next_.boards.size() > std::size_t(options_.max_boards) ||
                          next_.grids.size() > kMaxPoolCells || cells_.size() > kMaxPoolCells;
        return over ? Status::Budget : Status::Stuck;
    }

    bool past_deadline() const {
        return options_.deadline != std::chrono::steady_clock::time_point::max() &&
               std::chrono::steady_clock::now() >= options_.deadline;
    }

    // Under no-touch rules: two cells of the new path adjacent but not consecutive on it.
    bool touches_itself() {
        bool touch = false;
        if (pos_.empty()) pos_.assign(n_, 0);
        for (std::size_t j = 0; j < path_.size(); ++j) pos_[path_[j]] = std::int32_t(j + 1);
        for (std::size_t j = 0; j < path_.size() && !touch; ++j)
            for (int d = 0; d < 4; ++d) {
                const CellId nb = geo_.around(path_[j])[d];
                if (nb != kNoCell && pos_[nb] && std::abs(pos_[nb] - 1 - std::int32_t(j)) > 1)
                    touch = true;
            }
        for (CellId c : path_) pos_[c] = 0;
        return touch;
    }

    bool complete(const Board& b) const {
        return b.connected == labels_ && (!rules_.fill || b.empty == 0);
    }

    // Reads the board's paths off its node chain; keeps them if the checker agrees.
    bool accept(const Board& b) {
        Solution s;
        s.paths.resize(labels_);
        for (std::int32_t at = b.node; at >= 0; at = nodes_[at].parent) {
            const Node& node = nodes_[at];
            s.paths[node.label].assign(cells_.begin() + node.begin,
                                       cells_.begin() + node.begin + node.size);
        }
        if (!check_solution(p_, s, rules_).ok) return false;
        result_.solution = std::move(s);
        return true;
    }

    WallResult finish(Status s) {
        result_.status = s;
        if (s != Status::Solved) result_.solution = {};
        return std::move(result_);
    }

    const Puzzle& p_;
    Rules rules_;
    WallOptions options_;
    WallGeometry geo_;
    int n_, labels_;
    Round cur_, next_;
    std::unordered_set<std::uint32_t, Hash, Same> seen_;  // indices into next_
    std::vector<Node> nodes_;
    std::vector<CellId> cells_;  // the nodes' paths
    std::vector<CellId> path_;   // scratch: the current walk
    std::vector<std::int32_t> pos_;  // scratch for touches_itself, sized on first use
    WallResult result_;
};

}  // namespace

std::string wall_status_name(WallResult::Status status) {
    static const char* const names[] = {"solved", "stuck", "budget", "not-applicable"};
    return names[static_cast<int>(status)];
}

WallResult wall_follow(const Puzzle& puzzle, Rules rules, const WallOptions& options) {
    if (puzzle.layers != 1 || !puzzle.square_grid() || puzzle.labels.size() >= kSolid - 1) {
        WallResult r;
        r.status = WallResult::Status::NotApplicable;
        return r;
    }
    return Search(puzzle, rules, options).run();
}

WallWalk wall_walk(const Puzzle& puzzle, const std::vector<int>& board, int label, int from_end,
                   bool left_hand) {
    if (from_end != 0 && from_end != 1) throw std::invalid_argument("from_end is 0 or 1");
    std::vector<Cell> g = checked_grid(puzzle, board);
    const auto& ends = puzzle.labels.at(label).ends;
    WallWalk w;
    w.reached = walk(WallGeometry(puzzle), g.data(), ends[from_end], ends[1 - from_end],
                     Cell(label + 1), left_hand, w.cells);
    return w;
}

std::vector<CellId> trapped_endpoints(const Puzzle& puzzle, const std::vector<int>& board,
                                      int except_label) {
    const std::vector<Cell> g = checked_grid(puzzle, board);
    const WallGeometry geo(puzzle);
    std::vector<CellId> trapped;
    for (int l = 0; l < int(puzzle.labels.size()); ++l) {
        if (l == except_label) continue;
        const auto& e = puzzle.labels[l].ends;
        for (int k = 0; k < 2; ++k)
            if (!has_free_neighbour(geo, g.data(), e[k], e[1 - k])) trapped.push_back(e[k]);
    }
    return trapped;
}

}  // namespace nl
