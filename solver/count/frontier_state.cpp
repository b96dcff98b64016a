// The moves of the frontier engine; see frontier_state.hpp for the state and why the moves count
// every solution exactly once.
#include "solver/count/frontier_state.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace nl::frontier {

namespace {

int kind_of(Plug p) { return p & 63; }
int label_of(Plug p) { return p >> 6; }
Plug make_plug(int label_code, int kind) { return static_cast<Plug>((label_code << 6) | kind); }

// The pair number of a component created at this step, before renumbering: canonical numbers
// stay below it (at most (width + 1) / 2 <= 60 pairs).
constexpr int kFreshPair = 62;

// One cell's moves: the incoming plugs and neighbours, and how a successor is finished.
class CellMoves {
   public:
    CellMoves(const Grid& g, int step, const Plug* in, Moves& out)
        : g_(g), step_(step), in_(in), out_(out), w_(g.width), x_(step % g.width), y_(step / g.width),
          no_touch_(!g.rules.touch) {
        left_ = x_ > 0 ? in[w_] : 0;
        up_ = in[x_];
        can_right_ = x_ + 1 < w_ && g.kind[step + 1] != kBlockedCell;
        can_down_ = y_ + 1 < g.height && g.kind[step + w_] != kBlockedCell;
    }

    void run() {
        const int kind = g_.kind[step_];
        if (kind == kBlockedCell) {
            if (!left_ && !up_) emit(0, 0, 0, true);
        } else if (kind != kPlainCell) {
            terminal(kind + 1);
        } else {
            plain();
        }
    }

   private:
    const Grid& g_;
    int step_;
    const Plug* in_;
    Moves& out_;
    int w_, x_, y_;
    bool no_touch_;
    Plug left_ = 0, up_ = 0;
    bool can_right_ = false, can_down_ = false;
    // The successor being built, in place at the end of out_.states (from index at_), so that it
    // is copied once, not built aside and copied again.
    Plug* next_ = nullptr;
    std::size_t at_ = 0;

    // Starts a successor: the incoming plugs replaced by the outgoing ones.
    void begin(Plug right, Plug down) {
        at_ = out_.states.size();
        out_.states.resize(at_ + g_.stride);
        next_ = out_.states.data() + at_;
        std::copy(in_, in_ + g_.stride, next_);
        next_[x_] = down;
        next_[w_] = right;
    }
    // Drops the successor being built (a move that breaks a rule after all).
    void drop() { out_.states.resize(at_); }
    // Every plug of pair `kind` becomes `to` (the other end of a component that changed).
    void replace_pair(int kind, Plug to) {
        for (int i = 0; i <= w_; ++i)
            if (next_[i] && kind_of(next_[i]) == kind) next_[i] = to;
    }
    // `canonical`: the move keeps the pairs and where their plugs are (see finish).
    void emit(Plug right, Plug down, int cell_label, bool canonical = false) {
        begin(right, down);
        finish(right, down, cell_label, canonical);
    }
    // Checks the no-touch rule and the finished-label test, renumbers and records the successor.
    // `canonical`: the caller knows that the successor's pair numbers are already in canonical
    // order, because the move leaves every pair plug in its place along the frontier (an empty
    // cell, a plug going straight on or turning, a terminal's attached plug starting or ending;
    // see renumber), so renumbering is skipped: it was the costliest part of a move (a
    // mispredicted branch per plug), most moves are of these kinds, and the incoming state is
    // canonical.
    void finish(Plug right, Plug down, int cell_label, bool canonical = false) {
        if (no_touch_) {
            if (cell_label) {
                // An earlier neighbour of the same label must be linked to this cell by the edge.
                if (x_ > 0 && !left_ && in_[w_ + 1 + x_ - 1] == cell_label) return drop();
                if (!up_ && in_[w_ + 1 + x_] == cell_label) return drop();
            }
            next_[w_ + 1 + x_] = static_cast<Plug>(cell_label);
            // A component of two plugs whose (guessed) label has both terminals visited must
            // join that label's path, so one of its plugs must still be open; else it is dead.
            for (int i = 0; i <= w_; ++i) {
                const Plug p = next_[i];
                if (!p || kind_of(p) == kAttached || g_.last_end_step[label_of(p) - 1] > step_) continue;
                bool open = false;
                for (int j = 0; j <= w_ && !open; ++j)
                    open = next_[j] && kind_of(next_[j]) == kAttached && label_of(next_[j]) == label_of(p);
                if (!open) return drop();
            }
        }
        if (!canonical) renumber();
        out_.right.push_back(right != 0);
        out_.down.push_back(down != 0);
    }

    // The successor's pairs numbered as the next layer's states are (canonicalise).
    void renumber() { canonicalise(g_, step_ + 1, next_); }

    void terminal(int label_code) {
        if (left_ && up_) return;  // degree 1
        if (!left_ && !up_) {
            const Plug p = make_plug(label_code, kAttached);
            if (can_right_) emit(p, 0, label_code, true);
            if (can_down_) emit(0, p, label_code, true);
            return;
        }
        const Plug in = left_ ? left_ : up_;
        if (kind_of(in) == kAttached) {  // the other terminal's component: the path is finished
            if (label_of(in) == label_code) emit(0, 0, label_code, true);
            return;
        }
        if (label_of(in) && label_of(in) != label_code) return;
        begin(0, 0);
        replace_pair(kind_of(in), make_plug(label_code, kAttached));
        finish(0, 0, label_code);
    }

    void plain() {
        if (!left_ && !up_) {
            if (!g_.rules.fill) emit(0, 0, 0, true);  // an empty cell
            if (!can_right_ || !can_down_) return;
            if (!no_touch_) {
                const Plug p = make_plug(0, kFreshPair);
                emit(p, p, 0);
                return;
            }
            for (int l = 1; l <= g_.labels; ++l) {  // under no-touch the label is guessed now
                const Plug p = make_plug(l, kFreshPair);
                emit(p, p, l);
            }
            return;
        }
        if (!left_ || !up_) {  // one plug goes on
            const Plug in = left_ ? left_ : up_;
            // Grid::no_u_turns: going right from a cell entered from above, into a cell that the
            // next column's plug enters from above; going down from a cell entered from the
            // left, beside the left cell's way down (left_ implies x_ > 0).
            const bool u_up = g_.no_u_turns && up_ && x_ + 1 < w_ && in_[x_ + 1];
            const bool u_down = g_.no_u_turns && left_ && in_[x_ - 1];
            // Straight on or turning, the plug keeps its place along the frontier (renumber).
            if (can_right_ && !u_up) emit(in, 0, label_of(in), true);
            if (can_down_ && !u_down) emit(0, in, label_of(in), true);
            return;
        }
        // Two plugs meet here.
        const int ll = label_of(left_), lu = label_of(up_);
        if (ll && lu && ll != lu) return;  // two labels never join
        const int label = ll ? ll : lu;
        const int kl = kind_of(left_), ku = kind_of(up_);
        if (kl == ku && kl != kAttached) return;  // the two ends of one component: a cycle
        begin(0, 0);
        if (kl == kAttached && ku == kAttached) {
            // Both terminals of the label: its path is finished.
        } else if (kl == kAttached) {
            replace_pair(ku, make_plug(label, kAttached));
        } else if (ku == kAttached) {
            replace_pair(kl, make_plug(label, kAttached));
        } else {
            replace_pair(ku, make_plug(label, kl));
            replace_pair(kl, make_plug(label, kl));
        }
        finish(0, 0, label);
    }
};

}  // namespace

void canonicalise(const Grid& g, int layer, Plug* state) {
    // Without branches on the plugs (they mispredicted often: this took 11 % of the engine's
    // time on janko_even #135 under nikoli rules): absent plugs (kind 0) and attached ones
    // (kind kAttached) go through the same steps and are left as they were.
    std::array<std::uint8_t, 64> to{};  // to[k]: the new number of pair k, 0 until seen
    int next_pair = 1;
    auto number = [&](int i) {
        const Plug p = state[i];
        const int k = kind_of(p);
        const bool pair = k != 0 && k != kAttached;
        const int seen = to[k];
        const int n = seen ? seen : next_pair;
        next_pair += pair && !seen;
        to[k] = static_cast<std::uint8_t>(pair ? n : seen);
        state[i] = pair ? make_plug(label_of(p), n) : p;
    };
    const int x = layer % g.width;
    for (int i = 0; i < x; ++i) number(i);
    number(g.width);
    for (int i = x; i < g.width; ++i) number(i);
}

std::optional<std::string> unsupported_reason(const Puzzle& p, Rules rules, Distinct distinct) {
    if (p.layers != 1)
        return "it has " + std::to_string(p.layers) + " layers; the frontier engine takes one-layer boards only";
    if (!p.square_grid())
        return "it has hex cells, warps, walls or bridges; the frontier engine takes boards of square cells linked "
               "as a grid";
    for (CellId c = 0; c < p.cell_count(); ++c) {
        for (CellId d : p.neighbours(c)) {
            const Coord a = p.coord(c), b = p.coord(d);
            if (std::abs(a.x - b.x) + std::abs(a.y - b.y) != 1)
                return "its cells are linked otherwise than by the four-neighbour grid";
        }
    }
    if (static_cast<int>(p.labels.size()) > kMaxLabelCode - 1)
        return "it has " + std::to_string(p.labels.size()) + " labels; the frontier engine takes at most " +
               std::to_string(kMaxLabelCode - 1);
    if (std::min(p.width, p.height) > kMaxWidth)
        return "its short side has " + std::to_string(std::min(p.width, p.height)) +
               " cells; the frontier engine takes at most " + std::to_string(kMaxWidth);
    if (distinct == Distinct::Colours && rules.touch)
        return "--distinct colours under " + rules_name(rules) +
               " rules: the frontier engine counts path sets, and there several path sets can give one "
               "colouring (use --engine sat or search)";
    return std::nullopt;
}

Grid make_grid(const Puzzle& p, Rules rules) {
    Grid g;
    g.transposed = p.width > p.height;
    g.width = std::min(p.width, p.height);
    g.height = std::max(p.width, p.height);
    g.rules = rules;
    g.labels = static_cast<int>(p.labels.size());
    g.stride = g.width + 1 + (rules.touch ? 0 : g.width);
    const int n = g.width * g.height;
    g.cell.resize(n);
    g.kind.resize(n);
    g.last_end_step.assign(g.labels, 0);
    for (int v = 0; v < n; ++v) {
        const int vx = v % g.width, vy = v / g.width;
        const CellId c = g.transposed ? p.cell(vy, vx) : p.cell(vx, vy);
        g.cell[v] = c;
        g.kind[v] = p.is_blocked(c) ? kBlockedCell : p.is_terminal(c) ? p.terminal_label[c] : kPlainCell;
        if (p.is_terminal(c)) g.last_end_step[p.terminal_label[c]] = std::max(g.last_end_step[p.terminal_label[c]], v);
    }
    return g;
}

void expand(const Grid& grid, int step, const Plug* state, Moves& moves) {
    moves.clear();
    append_moves(grid, step, state, moves);
}

void append_moves(const Grid& grid, int step, const Plug* state, Moves& moves) {
    CellMoves(grid, step, state, moves).run();
}

bool all_closed(const Grid& grid, const Plug* state) {
    return std::all_of(state, state + grid.width + 1, [](Plug p) { return p == 0; });
}

}  // namespace nl::frontier
