// The cheap-node depth-first search engine; see dfs.hpp for the contract.
//
// State, kept incrementally (undone on the way back): the board padded with a ring of wall
// cells (so a neighbour is always cell + one of four offsets, without bounds checks); per cell
// its owner (a label, free, or wall), the label whose unfinished head sits there (if any), its
// number of free neighbours, and the cell before it on its arm (to read the paths back); per
// label its two heads (the last cells laid from each terminal) and whether they are joined.
// Terminals belong to their label from the start, so no path can pass another label's terminal.
//
// A node: if every label is joined, the paths are a solution (under fill, when no cell is left
// free; the region test below makes sure of that earlier). Otherwise the head with the fewest
// moves is extended (a head without a move ends the branch, a head with one is a forced move).
// A head's moves are the free cells next to it and, when its partner head is next to it, the
// join. Each solution fixes which cell follows the chosen head on its path (or that the heads
// are consecutive), so the branches partition the solutions: the search is exhaustive.
//
// Prunings, and why each is sound (never cuts a solution) under each preset it is used under:
//  D1 Head without a move (all presets): the rest of an unfinished label's path leaves each
//     head through a free cell or by the join, so a head with neither is dead.
//  D2 Dead cell (fill only: flow, strict). A free cell must end up inside some path (terminals
//     are never free), so it needs two path neighbours, each free now or an unfinished head
//     (every other owned cell has all its links: an arm's inner cells two, a terminal that has
//     left its cell one, a joined label's cells all). With one free neighbour it needs a head
//     next to it; with none, two heads of one label (a path links a cell to two cells of the
//     same path, and two heads of one label are its two arm ends). Without fill a cell may stay
//     empty: not used.
//  D3 Separated heads (all presets): the rest of a label's path runs from head to head through
//     cells that are free now, so the heads are adjacent or both touch one region of free
//     cells (a region: free cells joined through free neighbours).
//  D4 Stranded region (fill only): under fill every free region is covered by the rests of some
//     labels' paths, each of which lies inside one region that both its heads touch; so each
//     region needs an unfinished label whose two heads touch it (under strict, a label whose
//     heads are adjacent must join at once, see D6, and covers nothing).
//  D5 Colour counts (fill only; the grid is 2-coloured like a chessboard, colours alternate
//     along a path): the rest of a label's path between two heads of different colours holds
//     as many cells of each colour, between two heads of one colour one more of the other
//     colour. Under fill the free cells are exactly the union of these rests, each in one
//     region, so the colour sum of all free cells equals the sum over labels with same-coloured
//     heads, and a region's sum cannot exceed, in either sign, the number of labels that touch
//     it with both heads and could bring that sign.
//  D6 No touch (strict only, touch = false): a head may step onto a free cell only when that
//     cell touches no cell of its own label but the head itself and the other head, and two
//     adjacent heads of one label must join at once: anything else leaves two adjacent cells of
//     one path that are not consecutive on it, which the rules forbid. Not used under touch
//     rules (flow, nikoli).
//  D7 Corners (strict only: fill and no touch; the argument is in corners.hpp). A cell c that
//     is no terminal may turn only where the diagonal ray outwards of the turn meets a terminal
//     or a blocked cell before the board's edge (corner_ok_), and when a head turns, the cell r
//     diagonally outwards of it must be able to turn the same way (turn_ok). D2 then asks a free
//     cell for two links in a straight line or in an allowed turn (shape_ok).
//  D8 Forced by a cell (strict only): when a free cell next to a head has no shape allowed by
//     D2 and D7 without a link to that head, the head's next cell is that cell (its only move).
// Under no-fill rules (nikoli, adc) only D1, D3 and D6 (adc) apply, and a solution is reached
// when every label is joined, whatever cells stay empty. Under flow rules, `auto`
// (solver/pipeline/engine.cpp) runs this search with strict rules: a strict solution is a flow solution
// too, and D6-D8 make the search far stronger; its "no solution" then proves nothing, and SAT
// decides.
//
// Cost: D1, D2, D7 and D8 are checked around the cells a move changes (a few cells); D3-D5 need
// the free regions, computed by a flood fill only when a move may have split one (may_split)
// or when no earlier computation is valid; otherwise the region ids of an earlier state are
// still right and only the labels and regions next to the move are looked at again.
#include "solver/search/dfs.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "solver/board/corners.hpp"

namespace nl {

std::string dfs_status_name(DfsResult::Status status) {
    switch (status) {
        case DfsResult::Status::Solved: return "solved";
        case DfsResult::Status::Unsolvable: return "unsolvable";
        case DfsResult::Status::Budget: return "budget";
        case DfsResult::Status::Stopped: return "stopped";
        case DfsResult::Status::NotApplicable: return "not-applicable";
    }
    return "?";
}

namespace {

constexpr int kFree = -1;
constexpr int kWall = -2;
constexpr int kJoin = -1;  // a move that joins the two heads

class Dfs {
   public:
    Dfs(const Puzzle& p, Rules rules, const DfsOptions& options)
        : p_(p), fill_(rules.fill), touch_(rules.touch), corners_(rules.fill && !rules.touch), rules_(rules), options_(options),
          wp_(p.width + 2), cells_((p.width + 2) * (p.height + 2)), labels_(static_cast<int>(p.labels.size())),
          step_{-(p.width + 2), 1, p.width + 2, -1}, owner_(cells_, kWall), head_at_(cells_, kNoLabel),
          free_near_(cells_, 0), before_(cells_, kNoCell), colour_(cells_, 0), region_(cells_, -1),
          heads_(labels_), joined_(labels_, 0) {
        for (int y = 0; y < p.height; ++y)
            for (int x = 0; x < p.width; ++x) {
                const int c = pad(p.cell(x, y));
                colour_[c] = (x + y) % 2 ? 1 : -1;
                if (!p.is_blocked(p.cell(x, y))) {
                    owner_[c] = kFree;
                    board_.push_back(c);
                }
            }
        for (int l = 0; l < labels_; ++l)
            for (int s = 0; s < 2; ++s) {
                const int t = pad(p.labels[l].ends[s]);
                owner_[t] = l;
                head_at_[t] = l;
                heads_[l][s] = t;
            }
        if (corners_) {
            // D7: from c, the diagonal ray outwards of the corner (between the two directions)
            // must meet a terminal or a blocked cell before it leaves the board (corners.hpp).
            const auto turns = corner_turns(p);
            for (int k = 0; k < 4; ++k) {
                corner_ok_[k].assign(std::size_t(cells_), 0);
                for (CellId c = 0; c < p.width * p.height; ++c) corner_ok_[k][pad(c)] = (turns[c] >> k) & 1;
            }
        }
        for (int c : board_) {
            if (owner_[c] == kFree) ++free_;
            for (int k = 0; k < 4; ++k) free_near_[c] += owner_[c + step_[k]] == kFree;
        }
        unfinished_ = labels_;
        moves_.resize(std::size_t(free_ + labels_ + 2));
        keep_regions_ = board_.size() <= 1024;
        saved_regions_.resize(moves_.size());
        saved_depth_.resize(moves_.size());
        queue_.resize(board_.size());
    }

    DfsResult run() {
        DfsResult out;
        bool alive = full_regions_ok(0);
        for (int c : board_) {
            if (!alive) break;
            if (owner_[c] == kFree) alive = cell_ok(c);
            else if (head_at_[c] != kNoLabel) alive = head_ok(c);
        }
        const bool found = alive && search(0);
        out.nodes = nodes_;
        if (found) {
            out.status = DfsResult::Status::Solved;
            out.solution = read_solution();
            const CheckResult check = check_solution(p_, out.solution, rules_);
            if (!check.ok)
                throw InternalError(p_.name + ": the checker rejected the depth-first search's solution: " +
                                    check.message);
        } else {
            out.status = stop_ ? stop_why_ : DfsResult::Status::Unsolvable;
        }
        return out;
    }

   private:
    const Puzzle& p_;
    const bool fill_, touch_;
    const bool corners_;  // D7 and D8 apply: fill and no touch (strict)
    const Rules rules_;
    const DfsOptions& options_;
    const int wp_, cells_, labels_;
    const int step_[4];
    std::vector<int> owner_;               // label, kFree or kWall
    std::vector<int> head_at_;             // label whose unfinished head is here, or kNoLabel
    std::vector<std::uint8_t> free_near_;  // free neighbours of each cell
    std::vector<int> before_;              // the previous cell on its arm (kNoCell at terminals)
    std::vector<int> colour_;              // +1 / -1 like a chessboard, 0 on the padding
    // D7 (no touch): corner_ok_[k][c]: may cell c turn between directions k and k+1 (mod 4)?
    std::array<std::vector<std::uint8_t>, 4> corner_ok_;
    std::vector<int> region_;              // scratch of regions_ok: free region of each free cell
    std::vector<int> board_;               // the cells that are not walls
    std::vector<std::array<int, 2>> heads_;
    std::vector<std::uint8_t> joined_;
    std::vector<std::array<int, 5>> moves_;  // per depth: the chosen head's moves
    std::vector<int> queue_;
    // Scratch of regions_ok, per region.
    std::vector<int> balance_, plus_, minus_;
    std::vector<std::uint8_t> served_;
    int free_ = 0, unfinished_ = 0;
    // Whether region_ holds the free regions of the current state (computed at regions_depth_,
    // no region split since).
    bool regions_valid_ = false;
    int regions_depth_ = -1;
    std::vector<std::vector<int>> saved_regions_;  // per depth, see search()
    std::vector<int> saved_depth_;
    // A copy per depth costs depth x cells ints: kept to boards of at most 1,024 cells (4 MB at
    // worst); larger boards recompute instead.
    bool keep_regions_ = false;
    long nodes_ = 0;
    bool stop_ = false;
    DfsResult::Status stop_why_ = DfsResult::Status::Budget;

    int pad(CellId c) const { return (c / p_.width + 1) * wp_ + c % p_.width + 1; }
    CellId unpad(int c) const { return (c / wp_ - 1) * p_.width + c % wp_ - 1; }
    bool adjacent(int a, int b) const {
        const int d = a > b ? a - b : b - a;
        return d == 1 || d == wp_;
    }

    void poll() {
        if (options_.max_nodes > 0 && nodes_ > options_.max_nodes) {
            stop_ = true;
            stop_why_ = DfsResult::Status::Budget;
            return;
        }
        if ((nodes_ & 1023) != 0) return;
        if (options_.budget.check(false) != StopReason::None) stop_ = true;
        if ((nodes_ & 65535) == 0 && options_.progress)
            options_.progress({ProgressNote::Kind::Figures, "dfs", "", "nodes", std::uint64_t(nodes_)});
        if (stop_) stop_why_ = DfsResult::Status::Stopped;
    }

    // D6: may head h of label l (other head g) step onto the free cell d?
    bool may_step(int l, int h, int g, int d) const {
        if (touch_) return true;
        for (int k = 0; k < 4; ++k) {
            const int e = d + step_[k];
            if (e != h && e != g && owner_[e] == l) return false;
        }
        return true;
    }

    // The moves of head s of label l into `out` (kJoin first); returns how many.
    int moves(int l, int s, std::array<int, 5>& out) const {
        const int h = heads_[l][s], g = heads_[l][1 - s];
        int n = 0;
        if (adjacent(h, g)) {
            out[n++] = kJoin;
            if (!touch_) return n;  // D6: adjacent heads join at once
        }
        if (free_near_[h] == 0) return n;
        const int first = n;
        for (int k = 0; k < 4; ++k) {
            const int d = h + step_[k];
            if (owner_[d] != kFree || !may_step(l, h, g, d)) continue;
            if (corners_ && needs(d, k)) {  // D8: the only move
                out[0] = d;
                return 1;
            }
            // Cells with fewer free neighbours first: along walls and other paths, where a
            // wrong turn is found out soonest.
            int i = n++;
            for (; i > first && free_near_[out[i - 1]] > free_near_[d]; --i) out[i] = out[i - 1];
            out[i] = d;
        }
        return n;
    }

    // D1 for the head at c.
    bool head_ok(int c) const {
        const int l = head_at_[c];
        if (free_near_[c] > 0) return true;
        const auto& hs = heads_[l];
        return adjacent(hs[0], hs[1]);
    }

    // D2 for the free cell c (fill only).
    bool cell_ok(int c) const {
        if (!fill_) return true;
        if (corners_) return shape_ok(c);
        if (free_near_[c] >= 2) return true;
        int seen[4], n = 0;
        for (int k = 0; k < 4; ++k) {
            const int l = head_at_[c + step_[k]];
            if (l == kNoLabel) continue;
            if (free_near_[c] == 1) return true;
            for (int i = 0; i < n; ++i)
                if (seen[i] == l) return true;
            seen[n++] = l;
        }
        return false;
    }

    // D2 with D7 (fill, no touch): the free cell c needs two links, each to a free cell or a
    // head (two heads: of one label), in a straight line or turning where D7 allows it.
    bool shape_ok(int c) const {
        int usable[4];
        for (int k = 0; k < 4; ++k) {
            const int e = c + step_[k];
            usable[k] = owner_[e] == kFree ? -1 : head_at_[e] != kNoLabel ? head_at_[e] : -2;
        }
        auto pair = [&](int a, int b) {
            if (usable[a] == -2 || usable[b] == -2) return false;
            return usable[a] == -1 || usable[b] == -1 || usable[a] == usable[b];
        };
        if (pair(0, 2) || pair(1, 3)) return true;
        for (int k = 0; k < 4; ++k)
            if (corner_ok_[k][c] && pair(k, (k + 1) % 4)) return true;
        return false;
    }

    // D8 (fill, no touch): does the free cell d have no allowed shape (D2 with D7) without a
    // link to its neighbour in direction `from` + 2 (the head next to it)? Then that head must
    // step onto d next: d needs two links and every pair it may take includes the head.
    bool needs(int d, int from) const {
        const int back = (from + 2) % 4;  // the direction from d to the head
        int usable[4];
        for (int k = 0; k < 4; ++k) {
            const int e = d + step_[k];
            usable[k] = k == back ? -2 : owner_[e] == kFree ? -1 : head_at_[e] != kNoLabel ? head_at_[e] : -2;
        }
        auto pair = [&](int a, int b) {
            if (usable[a] == -2 || usable[b] == -2) return false;
            return usable[a] == -1 || usable[b] == -1 || usable[a] == usable[b];
        };
        if (pair(0, 2) || pair(1, 3)) return false;
        for (int k = 0; k < 4; ++k)
            if (corner_ok_[k][d] && pair(k, (k + 1) % 4)) return false;
        return true;
    }

    // D7 for the cell c whose two links are a and b (no touch): a turn must be allowed, and the
    // cell r diagonally outwards of it (unless a terminal or blocked) must be able to turn the
    // same way: its two other neighbours are on c's path, not linked to r.
    bool turn_ok(int c, int a, int b) const {
        const int da = a - c, db = b - c;
        if (da == -db) return true;  // straight
        for (int k = 0; k < 4; ++k) {
            const int sk = step_[k], sk1 = step_[(k + 1) % 4];
            if (!((da == sk && db == sk1) || (db == sk && da == sk1))) continue;
            if (!corner_ok_[k][c]) return false;
            const int r = c + sk + sk1;
            if (owner_[r] == kWall || p_.is_terminal(unpad(r))) return true;
            if (owner_[r] != kFree && head_at_[r] == kNoLabel) {
                const int back = before_[r] - r;  // an inner cell of an arm: one link known
                return back == sk || back == sk1;
            }
            const bool head = owner_[r] != kFree;  // its link so far must be one of the two
            if (head && before_[r] - r != sk && before_[r] - r != sk1) return false;
            for (int e : {r + sk, r + sk1})
                if (owner_[e] != kFree && head_at_[e] == kNoLabel && !(head && e == before_[r])) return false;
            return true;
        }
        return true;
    }

    // D3, D4 and D5 from the free regions of the current state.
    bool regions_ok() {
        int regions = 0;
        for (int c : board_) region_[c] = -1;
        balance_.clear();
        for (int c : board_) {
            if (owner_[c] != kFree || region_[c] >= 0) continue;
            int size = 0, balance = 0;
            queue_[size++] = c;
            region_[c] = regions;
            for (int i = 0; i < size; ++i) {
                const int e = queue_[i];
                balance += colour_[e];
                for (int k = 0; k < 4; ++k) {
                    const int f = e + step_[k];
                    if (owner_[f] == kFree && region_[f] < 0) {
                        region_[f] = regions;
                        queue_[size++] = f;
                    }
                }
            }
            balance_.push_back(balance);
            ++regions;
        }
        if (fill_) {
            served_.assign(std::size_t(regions), 0);
            plus_.assign(std::size_t(regions), 0);
            minus_.assign(std::size_t(regions), 0);
        }
        int needed = 0;
        for (int l = 0; l < labels_; ++l) {
            if (joined_[l]) continue;
            const int h = heads_[l][0], g = heads_[l][1];
            int near[4], n_near = 0;
            for (int k = 0; k < 4; ++k) {
                const int d = h + step_[k];
                if (owner_[d] == kFree) near[n_near++] = region_[d];
            }
            int common[4], n_common = 0;
            for (int k = 0; k < 4; ++k) {
                const int d = g + step_[k];
                if (owner_[d] != kFree) continue;
                const int r = region_[d];
                bool in_near = false, seen = false;
                for (int i = 0; i < n_near; ++i) in_near |= near[i] == r;
                for (int i = 0; i < n_common; ++i) seen |= common[i] == r;
                if (in_near && !seen) common[n_common++] = r;
            }
            const bool next_to = adjacent(h, g);
            if (!next_to && n_common == 0) return false;  // D3
            if (!fill_ || (next_to && !touch_)) continue;
            for (int i = 0; i < n_common; ++i) served_[common[i]] = 1;
            if (colour_[h] == colour_[g]) {
                needed -= colour_[h];
                for (int i = 0; i < n_common; ++i) (colour_[h] > 0 ? minus_ : plus_)[common[i]] += 1;
            }
        }
        if (!fill_) return true;
        int total = 0;
        for (int r = 0; r < regions; ++r) {
            if (!served_[r]) return false;  // D4
            if (balance_[r] > plus_[r] || -balance_[r] > minus_[r]) return false;  // D5
            total += balance_[r];
        }
        return total == needed;  // D5
    }

    // Lays cell d after head s of label l, or undoes it.
    void step(int l, int s, int d) {
        const int h = heads_[l][s];
        owner_[d] = l;
        before_[d] = h;
        head_at_[h] = kNoLabel;
        head_at_[d] = l;
        heads_[l][s] = d;
        --free_;
        for (int k = 0; k < 4; ++k) --free_near_[d + step_[k]];
    }
    void unstep(int l, int s, int d) {
        const int h = before_[d];
        for (int k = 0; k < 4; ++k) ++free_near_[d + step_[k]];
        ++free_;
        heads_[l][s] = h;
        head_at_[d] = kNoLabel;
        head_at_[h] = l;
        owner_[d] = kFree;
    }
    void set_joined(int l, bool joined) {
        joined_[l] = joined;
        unfinished_ += joined ? -1 : 1;
        head_at_[heads_[l][0]] = head_at_[heads_[l][1]] = joined ? kNoLabel : l;
    }

    // D1 and D2 around a step from h onto d: the free cells next to d lost a free neighbour,
    // those next to h a head; the heads next to d lost a free neighbour.
    bool step_ok(int h, int d) const {
        if (!head_ok(d)) return false;
        if (corners_ && before_[h] != kNoCell && !turn_ok(h, before_[h], d)) return false;
        for (int k = 0; k < 4; ++k) {
            const int e = d + step_[k];
            if (owner_[e] == kFree) {
                if (!cell_ok(e)) return false;
            } else if (head_at_[e] != kNoLabel && !head_ok(e)) {
                return false;
            }
            const int f = h + step_[k];
            if (owner_[f] == kFree && !cell_ok(f)) return false;
        }
        return true;
    }
    // D2 around a join: the free cells next to either head lost a head.
    bool join_ok(int l) const {
        const int h = heads_[l][0], g = heads_[l][1];
        if (corners_ && ((before_[h] != kNoCell && !turn_ok(h, before_[h], g)) ||
                        (before_[g] != kNoCell && !turn_ok(g, before_[g], h))))
            return false;
        for (int s = 0; s < 2; ++s)
            for (int k = 0; k < 4; ++k) {
                const int e = heads_[l][s] + step_[k];
                if (owner_[e] == kFree && !cell_ok(e)) return false;
            }
        return true;
    }

    bool search(int depth) {
        ++nodes_;
        poll();
        if (stop_) return false;
        if (unfinished_ == 0) return !fill_ || free_ == 0;
        // The most constrained head.
        std::array<int, 5>& best = moves_[std::size_t(depth)];
        std::array<int, 5> scratch;
        int best_n = 99, best_l = -1, best_s = 0;
        for (int l = 0; l < labels_ && best_n > 1; ++l) {
            if (joined_[l]) continue;
            for (int s = 0; s < 2; ++s) {
                const int n = moves(l, s, scratch);
                if (n < best_n) {
                    best = scratch;
                    best_n = n;
                    best_l = l;
                    best_s = s;
                    if (n <= 1) break;
                }
            }
        }
        const int l = best_l, s = best_s;
        for (int i = 0; i < best_n; ++i) {
            const int d = best[i];
            bool saved = false;
            // The regions from scratch for the child, keeping this state's (when known) to
            // restore on the way back: a copy costs far less than a flood fill.
            auto full = [&] {
                if (regions_valid_ && keep_regions_) {
                    saved_regions_[std::size_t(depth)].assign(region_.begin(), region_.end());
                    saved_depth_[std::size_t(depth)] = regions_depth_;
                    saved = true;
                }
                return full_regions_ok(depth + 1);
            };
            if (d == kJoin) {
                set_joined(l, true);
                const int h = heads_[l][0], g = heads_[l][1];
                if (join_ok(l) && (regions_valid_ ? served_near(h, g, g) : full()) && search(depth + 1))
                    return true;
                set_joined(l, false);
            } else {
                const int h = heads_[l][s], g = heads_[l][1 - s];
                step(l, s, d);
                if (step_ok(h, d) && (regions_valid_ && !may_split(d) ? regions_ok_after_step(l, h, g, d) : full()) &&
                    search(depth + 1))
                    return true;
                unstep(l, s, d);
            }
            if (saved) {
                region_.swap(saved_regions_[std::size_t(depth)]);
                regions_valid_ = true;
                regions_depth_ = saved_depth_[std::size_t(depth)];
            } else if (regions_depth_ > depth) {
                // Regions computed in a state below this one may be finer than this state's.
                regions_valid_ = false;
            }
            if (stop_) return false;
        }
        return false;
    }

    // The regions from scratch for the state at `depth` (D3-D5).
    bool full_regions_ok(int depth) {
        regions_valid_ = true;
        regions_depth_ = depth;
        return regions_ok();
    }

    // May taking the free cell d have split its free region? Not when the free cells among its
    // four neighbours are joined to each other through the free cells of the ring of eight
    // around it (any way through d can go round it instead).
    bool may_split(int d) const {
        bool f[8];
        const int ring[8] = {-wp_, -wp_ + 1, 1, wp_ + 1, wp_, wp_ - 1, -1, -wp_ - 1};
        for (int i = 0; i < 8; ++i) f[i] = owner_[d + ring[i]] == kFree;
        int groups = 0, orthogonal = 0;
        for (int i = 0; i < 8; i += 2) {
            if (!f[i]) continue;
            ++orthogonal;
            groups += !(f[(i + 7) % 8] && f[(i + 6) % 8]);
        }
        return orthogonal > 1 && groups != 1 && !(groups == 0 && orthogonal == 4) ? true : false;
    }

    // Does some unfinished label (other than a strict label whose heads must join) have both
    // heads next to a cell of region r?
    bool served(int r) const {
        for (int m = 0; m < labels_; ++m) {
            if (joined_[m]) continue;
            const int a = heads_[m][0], b = heads_[m][1];
            if (!touch_ && adjacent(a, b)) continue;
            if (touches(a, r) && touches(b, r)) return true;
        }
        return false;
    }
    bool touches(int c, int r) const {
        for (int k = 0; k < 4; ++k) {
            const int e = c + step_[k];
            if (owner_[e] == kFree && region_[e] == r) return true;
        }
        return false;
    }
    // D3 for label m from the region ids.
    bool heads_meet(int m) const {
        const int a = heads_[m][0], b = heads_[m][1];
        if (adjacent(a, b)) return true;
        for (int k = 0; k < 4; ++k) {
            const int e = a + step_[k];
            if (owner_[e] == kFree && touches(b, region_[e])) return true;
        }
        return false;
    }
    // D4 for the regions next to cells a, b and c (fill only).
    bool served_near(int a, int b, int c) const {
        if (!fill_) return true;
        for (int x : {a, b, c})
            for (int k = 0; k < 4; ++k) {
                const int e = x + step_[k];
                if (owner_[e] == kFree && !served(region_[e])) return false;
            }
        return true;
    }
    // D3 and D4 after label l stepped from h onto d (other head g) without splitting a region,
    // from the region ids computed earlier (still right: no region has split since). What may
    // have changed: l's own heads (D3), the labels with a head next to d (they may have lost
    // their way into d's region: D3), and which labels serve the regions next to d, h and g
    // (D4). The per-region colour counts of D5 wait for the next full computation.
    bool regions_ok_after_step(int l, int h, int g, int d) const {
        if (!heads_meet(l)) return false;
        for (int k = 0; k < 4; ++k) {
            const int m = head_at_[d + step_[k]];
            if (m != kNoLabel && m != l && !heads_meet(m)) return false;
        }
        return served_near(d, h, g);
    }

    Solution read_solution() const {
        Solution s;
        s.paths.resize(std::size_t(labels_));
        for (int l = 0; l < labels_; ++l) {
            std::vector<CellId>& path = s.paths[std::size_t(l)];
            for (int c = heads_[l][0]; c != kNoCell; c = before_[c]) path.push_back(unpad(c));
            std::reverse(path.begin(), path.end());
            for (int c = heads_[l][1]; c != kNoCell; c = before_[c]) path.push_back(unpad(c));
        }
        return s;
    }
};

}  // namespace

DfsResult dfs_solve(const Puzzle& puzzle, Rules rules, const DfsOptions& options) {
    if (puzzle.layers != 1 || !puzzle.vias.empty() || !puzzle.square_grid() || puzzle.cell_count() > kDfsMaxCells) {
        DfsResult out;
        out.status = DfsResult::Status::NotApplicable;
        return out;
    }
    Dfs dfs(puzzle, rules, options);
    return dfs.run();
}

}  // namespace nl
