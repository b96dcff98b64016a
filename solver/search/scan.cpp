// The scan search; see scan.hpp for the contract.
//
// State (undone on the way back): the board padded with a ring of wall cells; per cell its
// links as a mask of the four directions, and for a cell that ends a chain of links (a cell
// with fewer links than it needs) the cell at the chain's other end. Cells are visited in
// anti-diagonals x + y = 0, 1, ..., each from its north-east end to its south-west end, so
// when a cell is visited its north and west neighbours and its north-east diagonal neighbour
// have been visited (their links are final) and its east, south and south-west ones have not.
//
// A visit completes the cell's links with links east and/or south so that it has exactly its
// need (two, a terminal one); each choice a solution can make is a branch, so the search is
// exhaustive over what the checks below leave. Each check holds for every strict solution
// (fill, no touch, one layer, square grid):
//  S1 Degrees: under fill every free cell has two links and a terminal one.
//  S2 No loop, no two labels on one chain: a link between the two ends of one chain closes a
//     loop; one between chains ending in terminals of different labels joins two labels.
//  S3 At most two links in every 2x2 block: three links there are a chain of four cells of one
//     path whose ends are adjacent and not consecutive (touch), four are a loop.
//  S4 Corners (the argument is in corners.hpp): a free cell may turn only where the ray table
//     (CornerRays) allows it (the diagonal ray between the turn's two directions meets a
//     terminal or a blocked cell), and the free cell diagonally outwards of a turning free cell
//     turns the same way. The second half is checked at whichever of the two cells is visited later: a
//     cell turning north-east or north-west looks at its north-east or north-west neighbour; a
//     cell looks at its north-west and north-east neighbours for a turn east-south or
//     south-west that it must repeat.
//  S5 Look-ahead: a cell whose north and west links are final (viable() below) must still be
//     able to complete its links under S1 and S4.
// The search keeps its own stack (one frame per cell), not the thread's.
// A board where every cell has its links is a set of paths between terminals of one label
// each (S1, S2: no loops, every chain ends in two terminals); the touch rule, which S3 and S4
// enforce only in part, is checked there (a leaf that touches is not a solution, and the
// search goes on). Every solution returned passes core/checker under strict rules; the callers
// (solver/pipeline/engine.cpp) run that checker on it, so the leaf does not run it a second time.
#include "solver/search/scan.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <vector>

#include "solver/base/zeroed_array.hpp"
#include "solver/board/corners.hpp"

namespace nl {

namespace {

constexpr std::uint8_t kN = 1, kE = 2, kS = 4, kW = 8;
// The turn k of corners.hpp (k = 0: N+E, 1: E+S, 2: S+W, 3: W+N) as a mask, and back.
constexpr std::uint8_t kTurnMask[4] = {kN | kE, kE | kS, kS | kW, kW | kN};
// Links in a mask (std::popcount compiles to a library call without -mpopcnt).
constexpr std::uint8_t kLinkCount[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
int turn_of(std::uint8_t mask) {
    for (int k = 0; k < 4; ++k)
        if (mask == kTurnMask[k]) return k;
    return -1;
}

class Scan {
public:
    // Nothing is written per cell here: the tables start as zeros (walls, no links, no label)
    // and prepare() fills the anti-diagonals in chunks just before the search can look at them,
    // so a board refuted near its first corner costs what the search visited, not the board's
    // size. What is read of the whole board is one pass over its blocked cells (CornerRays).
    Scan(const Puzzle& p, const DfsOptions& options)
        : p_(p), options_(options), w_(p.width + 2), size_(std::size_t(w_) * std::size_t(p.height + 2)),
          diagonals_(p.width + p.height - 1), kind_(size_), need_(size_), label_(size_), links_(size_),
          end_(size_), turn_ok_(size_), rays_(p) {
        cells_ = std::size_t(p.cell_count() - rays_.blocked_cells());
        order_.reserve(cells_);
        step_[0] = -w_;
        step_[1] = 1;
        step_[2] = w_;
        step_[3] = -1;
    }

    DfsResult run() {
        DfsResult out;
        const bool found = search();
        out.nodes = nodes_;
        if (found) {
            out.status = DfsResult::Status::Solved;
            out.solution = std::move(solution_);
        } else if (stop_) {
            out.status = DfsResult::Status::Stopped;
        } else if (budget_out_) {
            out.status = DfsResult::Status::Budget;
        } else {
            out.status = DfsResult::Status::Unsolvable;
        }
        return out;
    }

private:
    enum class Kind : std::uint8_t { Wall, Free, Terminal };

    const Puzzle& p_;
    const DfsOptions& options_;
    const int w_;
    const std::size_t size_;  // padded cells
    const int diagonals_;
    // Per padded cell; zero until prepare() reaches the cell's anti-diagonal (the ring of
    // padding stays zero: walls that need no link).
    ZeroedArray<Kind> kind_;
    ZeroedArray<std::uint8_t> need_;  // links a cell needs: a terminal 1, a free cell 2, a wall 0
    ZeroedArray<int> label_;          // a terminal's label + 1; 0: no label
    ZeroedArray<std::uint8_t> links_;
    ZeroedArray<int> end_;            // a chain end's other end (itself for a cell without links)
    ZeroedArray<std::uint8_t> turn_ok_;  // bit k: S4's ray table allows turn k (corners.hpp)
    const CornerRays rays_;  // S4's ray table by lines, read into turn_ok_ as cells are prepared
    std::vector<int> order_;  // the non-wall cells of the prepared anti-diagonals, in visit order
    std::size_t cells_ = 0;   // non-wall cells in all
    int prepared_ = 0;        // anti-diagonals 0 .. prepared_ - 1 are prepared
    std::size_t safe_ = 0;    // frames below this one have every cell they read prepared
    std::vector<std::size_t> diagonal_end_;  // per prepared anti-diagonal, its end in order_
    std::vector<std::vector<int>> chunk_;    // prepare(): the cells of each anti-diagonal of a chunk
    int step_[4];
    long nodes_ = 0;
    bool stop_ = false, budget_out_ = false;
    Solution solution_;

    int pad(int x, int y) const { return (y + 1) * w_ + (x + 1); }

    int need(int i) const { return need_[i]; }

    // Fills the next chunk of anti-diagonals and moves the safe bound: a visit to a cell on
    // diagonal d reads cells up to diagonal d + 2 (its east and south neighbours, and theirs in
    // the look-ahead), so the frames of the diagonals below prepared_ - 2 are safe. The chunk is
    // filled row by row (a short run of each row: the tables are written in memory order), and
    // its cells are put in visit order per diagonal: a row's cells come in y order, which is a
    // diagonal's order from north-east to south-west.
    void prepare() {
        constexpr int kChunk = 8;
        const int d0 = prepared_, d1 = std::min(diagonals_, d0 + kChunk);
        chunk_.resize(kChunk);
        for (auto& cells : chunk_) cells.clear();
        for (int y = std::max(0, d0 - (p_.width - 1)); y < p_.height && y < d1; ++y)
            for (int x = std::max(0, d0 - y); x < p_.width && x + y < d1; ++x) {
                const CellId c = p_.cell(x, y);
                if (p_.is_blocked(c)) continue;
                const int i = pad(x, y);
                const bool terminal = p_.is_terminal(c);
                kind_[i] = terminal ? Kind::Terminal : Kind::Free;
                need_[i] = terminal ? 1 : 2;
                label_[i] = terminal ? p_.terminal_label[c] + 1 : 0;
                end_[i] = i;
                turn_ok_[i] = rays_.turns_at(x, y);
                chunk_[x + y - d0].push_back(i);
            }
        for (int d = d0; d < d1; ++d) {
            order_.insert(order_.end(), chunk_[d - d0].begin(), chunk_[d - d0].end());
            diagonal_end_.push_back(order_.size());
        }
        prepared_ = d1;
        safe_ = prepared_ == diagonals_ ? order_.size() : prepared_ >= 3 ? diagonal_end_[prepared_ - 3] : 0;
    }

    bool out_of_time() {
        if (options_.max_nodes > 0 && nodes_ >= options_.max_nodes) budget_out_ = true;
        if ((nodes_ & 1023) == 1) {  // the first node, then every 1024
            if (options_.budget.check(false) != StopReason::None) stop_ = true;
            if ((nodes_ & 65535) == 1 && options_.progress)
                options_.progress({ProgressNote::Kind::Figures, "scan", "", "nodes", std::uint64_t(nodes_)});
        }
        return stop_ || budget_out_;
    }

    // S4's second half at cell i with final links `mask`: the turns that i must repeat, and
    // the turns of i that need their diagonal neighbour visited already.
    bool corners_ok(int i, std::uint8_t mask) const {
        if (kind_[i] != Kind::Free) return true;
        const int nw = i - w_ - 1, ne = i - w_ + 1;
        // (Two links make a cell free: a terminal has at most one, a wall none.)
        if (links_[nw] == kTurnMask[1] && mask != kTurnMask[1]) return false;
        if (links_[ne] == kTurnMask[2] && mask != kTurnMask[2]) return false;
        const int k = turn_of(mask);
        if (k < 0) return true;
        if (!(turn_ok_[i] & (1u << k))) return false;
        if (k == 0) return kind_[ne] != Kind::Free || links_[ne] == kTurnMask[0];
        if (k == 3) return kind_[nw] != Kind::Free || links_[nw] == kTurnMask[3];
        return true;
    }

    // S5 Look-ahead: whether cell j, whose links north and west are final (both neighbours
    // visited, or walls), can still complete its links: some choice of east and south links
    // that S1 allows (targets not walls, not full) and that S4 allows from what is final (the
    // ray table, and j's north-west neighbour; its north-east one is not visited yet). A
    // necessary condition, so pruning on it cuts no solution; it finds a dead cell up to a
    // whole anti-diagonal earlier than its own visit would.
    bool viable(int j) const {
        if (kind_[j] == Kind::Wall) return true;
        const std::uint8_t in = links_[j];
        const int missing = need(j) - kLinkCount[in];
        if (missing < 0) return false;
        auto open = [&](int dir) {
            const int t = j + step_[dir];
            return kLinkCount[links_[t]] < need(t);  // a wall needs none
        };
        auto shape_ok = [&](std::uint8_t m) {
            if (kind_[j] != Kind::Free) return true;
            const int nw = j - w_ - 1;
            if (links_[nw] == kTurnMask[1] && m != kTurnMask[1]) return false;  // nw is free (two links)
            const int k = turn_of(m);
            if (k < 0) return true;
            if (!(turn_ok_[j] & (1u << k))) return false;
            return k != 3 || kind_[nw] != Kind::Free || links_[nw] == kTurnMask[3];
        };
        if (missing == 0) return shape_ok(in);
        if (missing == 2) return open(1) && open(2) && shape_ok(in | kE | kS);
        return (open(1) && shape_ok(in | kE)) || (open(2) && shape_ok(in | kS));
    }
    // Whether the cells whose links north and west became final with cell i's visit (its
    // east neighbour; its south neighbour too when that one has a wall to the west) pass S5.
    bool ahead_ok(int i) const { return viable(i + 1) && (kind_[i + w_ - 1] != Kind::Wall || viable(i + w_)); }

    // S3 for the block whose north-west cell is t.
    int block_links(int t) const {
        static_assert(kE == 2 && kS == 4);
        return kLinkCount[links_[t] & (kE | kS)] + ((links_[t + 1] >> 2) & 1) + ((links_[t + w_] >> 1) & 1);
    }

    struct Undo {
        int a, b, end_a, end_b;  // cells a, b and their old end_ entries
        std::uint8_t links_from, links_to;
    };

    // Links cell i to its neighbour in direction dir (E or S) if S1-S3 allow it.
    bool link(int i, int dir, Undo& undo) {
        const int j = i + step_[dir];
        if (kLinkCount[links_[j]] >= need(j)) return false;  // full, or a wall (needs none)
        const int ei = end_[i], ej = end_[j];
        if (ei == j) return false;  // S2: a loop
        if (label_[ei] && label_[ej] && label_[ei] != label_[ej]) return false;
        const std::uint8_t bit = std::uint8_t(1u << dir), back = std::uint8_t(1u << ((dir + 2) % 4));
        undo = {ei, ej, end_[ei], end_[ej], links_[i], links_[j]};
        links_[i] |= bit;
        links_[j] |= back;
        // S3 on the blocks that hold the new link: the one above an east link, left of a south
        // link. The other one, whose north-west cell is i, holds nothing but i's own east and
        // south links yet: its other two edges, the south link of i + 1 and the east link of
        // i + w, are made at the visits of those cells, which lie on the next anti-diagonal.
        const int other = dir == 1 ? -w_ : -1;
        if (block_links(i + other) > 2) {
            links_[i] = undo.links_from;
            links_[j] = undo.links_to;
            return false;
        }
        end_[ei] = ej;
        end_[ej] = ei;
        return true;
    }
    void unlink(int i, int dir, const Undo& undo) {
        end_[undo.a] = undo.end_a;
        end_[undo.b] = undo.end_b;
        links_[i] = undo.links_from;
        links_[i + step_[dir]] = undo.links_to;
    }

    // The search, with an explicit stack of one frame per cell in order_ (a recursion would be
    // as deep as the board has cells: 10,000 frames overflow a thread's stack under the
    // sanitizers). A frame holds the next choice to try at its cell and the links it made.
    struct Frame {
        std::uint8_t next = 0;  // choices tried so far
        std::uint8_t made = 0;  // links made by the current choice (0-2), east first
        Undo undo[2];
    };
    std::vector<Frame> frames_;

    // Not inlined into scan_solve: inlined there (GCC 12), a cell visit costs 11% more
    // instructions (callgrind, inputs4 board 8).
    [[gnu::noinline]] bool search() {
        const std::size_t size = cells_;
        // Reserved, not filled: a frame is made when the search first reaches its depth, so a
        // board refuted near its first cells never touches the pages of the others (a million
        // frames are 44 MB).
        frames_.clear();
        frames_.reserve(size);
        std::size_t n = 0;
        bool entering = true;
        for (;;) {
            if (n == size) {
                if (leaf()) return true;
            } else {
                if (entering) {
                    while (n >= safe_ && prepared_ < diagonals_) prepare();
                    ++nodes_;
                    if (out_of_time()) return false;
                    if (n == frames_.size()) frames_.emplace_back();
                    else frames_[n] = Frame{};
                }
                if (advance(n)) {
                    ++n;
                    entering = true;
                    continue;
                }
            }
            if (n == 0) return false;  // every choice of the first cell tried
            retreat(--n);
            entering = false;
        }
    }

    // Makes the next choice of cell order_[n] that S1-S5 allow (the links it needs east and
    // south), from frame n's count of choices tried; false when none is left.
    bool advance(std::size_t n) {
        Frame& f = frames_[n];
        const int i = order_[n];
        const int missing = need(i) - kLinkCount[links_[i]];
        if (missing == 0) return f.next++ == 0 && corners_ok(i, links_[i]) && ahead_ok(i);
        if (missing == 1) {
            while (f.next < 2) {
                const int dir = f.next++ == 0 ? 1 : 2;
                if (!corners_ok(i, std::uint8_t(links_[i] | (1u << dir)))) continue;
                if (!link(i, dir, f.undo[0])) continue;
                if (ahead_ok(i)) {
                    f.made = 1;
                    return true;
                }
                unlink(i, dir, f.undo[0]);
            }
            return false;
        }
        // Two missing: a free cell without links turns east and south.
        if (missing != 2 || f.next++ > 0 || !corners_ok(i, kE | kS) || !link(i, 1, f.undo[0])) return false;
        if (link(i, 2, f.undo[1])) {
            if (ahead_ok(i)) {
                f.made = 2;
                return true;
            }
            unlink(i, 2, f.undo[1]);
        }
        unlink(i, 1, f.undo[0]);
        return false;
    }

    // Takes back the links the current choice of cell order_[n] made.
    void retreat(std::size_t n) {
        Frame& f = frames_[n];
        const int i = order_[n];
        if (f.made == 2) {
            unlink(i, 2, f.undo[1]);
            unlink(i, 1, f.undo[0]);
        } else if (f.made == 1) {
            unlink(i, f.next == 1 ? 1 : 2, f.undo[0]);
        }
        f.made = 0;
    }

    // Every cell has its links: paths between terminals of one label each. Reads them and
    // checks the touch rule (two cells of one path side by side must be linked).
    bool leaf() {
        // One walk along every path into reused buffers; the solution's vectors are built
        // only for a leaf that passes (each at its size: leaves come once per small board).
        path_of_.assign(size_, -1);
        walk_.clear();
        starts_.assign(1, 0);
        for (std::size_t l = 0; l < p_.labels.size(); ++l) {
            const Coord at = p_.coord(p_.labels[l].ends[0]);
            int cur = pad(at.x, at.y), prev = -1;
            for (;;) {
                path_of_[cur] = int(l);
                walk_.push_back(unpad(cur));
                int next = -1;
                for (int d = 0; d < 4; ++d)
                    if ((links_[cur] & (1u << d)) && cur + step_[d] != prev) next = cur + step_[d];
                if (next < 0) break;
                prev = cur;
                cur = next;
            }
            starts_.push_back(walk_.size());
        }
        for (int i : order_)
            for (int d : {1, 2}) {
                const int j = i + step_[d];
                if (path_of_[j] >= 0 && path_of_[j] == path_of_[i] && !(links_[i] & (1u << d))) return false;
            }
        solution_.paths.clear();
        for (std::size_t l = 0; l < p_.labels.size(); ++l)
            solution_.paths.emplace_back(walk_.begin() + std::ptrdiff_t(starts_[l]), walk_.begin() + std::ptrdiff_t(starts_[l + 1]));
        return true;
    }
    std::vector<int> path_of_;           // leaf(): the label of each padded cell's path
    std::vector<CellId> walk_;           // leaf(): the paths one after another
    std::vector<std::size_t> starts_;    // leaf(): where each path starts in walk_
    CellId unpad(int i) const { return p_.cell(i % w_ - 1, i / w_ - 1); }
};

}  // namespace

bool scan_applies(const Puzzle& puzzle) {
    return corner_rule_applies(puzzle, Rules{true, false}) && puzzle.vias.empty() &&
           puzzle.cell_count() <= kScanMaxCells;
}

DfsResult scan_solve(const Puzzle& puzzle, const DfsOptions& options) {
    if (!scan_applies(puzzle)) {
        DfsResult out;
        out.status = DfsResult::Status::NotApplicable;
        return out;
    }
    Scan scan(puzzle, options);
    return scan.run();
}

}  // namespace nl
