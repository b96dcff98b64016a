// The shrink engine; see shrink.hpp for the method and why its answers are exact.
#include "solver/decompose/shrink.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

#include "core/checker.hpp"

namespace nl {

namespace {

constexpr std::uint8_t kN = 1, kE = 2, kS = 4, kW = 8;
constexpr int kDx[4] = {0, 1, 0, -1}, kDy[4] = {-1, 0, 1, 0};  // the directions of bits 0-3

// Links of every cell of a solution drawn on a grid: bit kN when the cell is linked to the one
// above it, and so on. Row-major, no padding.
struct LinkGrid {
    int w = 0, h = 0;
    std::vector<std::uint8_t> bits;
    std::uint8_t& at(int x, int y) { return bits[static_cast<std::size_t>(y) * w + x]; }
    std::uint8_t at(int x, int y) const { return bits[static_cast<std::size_t>(y) * w + x]; }
    // Links two neighbouring cells.
    void link(int x1, int y1, int x2, int y2) {
        const std::uint8_t d = x2 > x1 ? kE : x2 < x1 ? kW : y2 > y1 ? kS : kN;
        at(x1, y1) |= d;
        at(x2, y2) |= d == kE ? kW : d == kW ? kE : d == kS ? kN : kS;
    }
    void unlink_east(int x, int y) {
        at(x, y) &= static_cast<std::uint8_t>(~kE);
        at(x + 1, y) &= static_cast<std::uint8_t>(~kW);
    }
};

LinkGrid transpose(const LinkGrid& g) {
    LinkGrid t;
    t.w = g.h;
    t.h = g.w;
    t.bits.assign(g.bits.size(), 0);
    for (int y = 0; y < g.h; ++y)
        for (int x = 0; x < g.w; ++x) {
            const std::uint8_t b = g.at(x, y);
            // (x, y) -> (y, x): north becomes west, east becomes south.
            t.at(y, x) = static_cast<std::uint8_t>((b & kN ? kW : 0) | (b & kW ? kN : 0) | (b & kE ? kS : 0) |
                                                   (b & kS ? kE : 0));
        }
    return t;
}

// Plain lines (no end, no blocked cell): rows when `rows`, else columns. One pass over the
// cells in memory order, for columns too (column by column, a board of millions of cells takes
// tenths of a second, and the engine asks several times).
std::vector<bool> plain_lines(const Puzzle& p, bool rows) {
    std::vector<bool> plain(rows ? p.height : p.width, true);
    for (CellId c = 0; c < p.cell_count(); ++c)
        if (p.is_blocked(c) || p.is_terminal(c)) {
            const Coord q = p.coord(c);
            plain[rows ? q.y : q.x] = false;
        }
    return plain;
}

// The lines kept: of each run of g plain lines, the last min(g, extra + g % 2) (so that an even
// number goes, from the run's start).
std::vector<int> kept_lines(const std::vector<bool>& plain, int extra) {
    std::vector<int> kept;
    const int n = static_cast<int>(plain.size());
    for (int i = 0; i < n;) {
        if (!plain[i]) {
            kept.push_back(i++);
            continue;
        }
        int j = i;
        while (j < n && plain[j]) ++j;
        const int g = j - i, keep = std::min(g, extra + g % 2);
        for (int k = j - keep; k < j; ++k) kept.push_back(k);
        i = j;
    }
    return kept;
}

// One covering piece of the new rows between A and B, over columns [lo, hi].
struct Piece {
    enum class Kind { Down, Right, Left, EdgeA, EdgeB } kind = Kind::Down;
    int lo = 0, hi = 0;
    int at = 0;  // Down/Right/Left: the crossing's column; EdgeA/EdgeB: c of the edge (c, c + 1)
};

// Covers the 2m new rows between rows a and b = a + 2m + 1 of `g` (already holding the links of
// rows a and b, the crossings as kS at a and kN at b; a = -1 or b = g.h at the board's edge,
// where only the other row's edges can reach in): false when no cover exists.
bool widen_gap(LinkGrid& g, int a, int b) {
    const int w = g.w;
    const bool has_a = a >= 0, has_b = b < g.h;
    std::vector<int> cross;  // columns where a path goes from a to b
    for (int x = 0; x < w && has_a && has_b; ++x)
        if (g.at(x, a) & kS) cross.push_back(x);
    // An edge of row a or b lying inside [lo, hi], if any (its left column), else -1.
    std::vector<int> next_edge(w + 1, -1);  // the first edge at or after x, -1: none
    std::vector<char> edge_row(w, 0);        // 'a' or 'b' for the edge starting at x
    for (int x = w - 2; x >= 0; --x) {
        next_edge[x] = next_edge[x + 1];
        if (has_a && (g.at(x, a) & kE)) next_edge[x] = x, edge_row[x] = 'a';
        else if (has_b && (g.at(x, b) & kE)) next_edge[x] = x, edge_row[x] = 'b';
    }
    auto edge_in = [&](int lo, int hi) {  // an edge (c, c + 1) with lo <= c, c + 1 <= hi
        if (lo > hi - 1) return -1;
        const int c = next_edge[lo];
        return c >= 0 && c + 1 <= hi ? c : -1;
    };
    // Gaps between crossings: gap i lies between cross[i - 1] and cross[i] (gap 0 before the
    // first, gap n after the last). State: whether crossing i has already reached out left.
    const int n = static_cast<int>(cross.size());
    auto gap_lo = [&](int i) { return i == 0 ? 0 : cross[i - 1] + 1; };
    auto gap_hi = [&](int i) { return i == n ? w - 1 : cross[i] - 1; };
    // choice[i][s]: how gap i was covered reaching state s of crossing i (for i < n); -1: unreachable.
    // Choices: 0 empty, 1 edge inside, 2 crossing i - 1 reaches right, 3 crossing i reaches left.
    std::vector<std::array<int, 2>> choice(n + 1, {-1, -1});
    std::vector<std::array<int, 2>> from(n + 1, {0, 0});
    std::array<bool, 2> reach{true, false};  // state of crossing i - 1 (for i = 0: none, "free")
    for (int i = 0; i <= n; ++i) {
        const int lo = gap_lo(i), hi = gap_hi(i);
        std::array<bool, 2> next{false, false};
        for (int s = 0; s < 2; ++s) {
            if (!reach[s]) continue;
            auto take = [&](int to, int how) {
                if (next[to]) return;
                next[to] = true;
                choice[i][to] = how;
                from[i][to] = s;
            };
            if (lo > hi) {
                take(0, 0);
                continue;
            }
            if (edge_in(lo, hi) >= 0) take(0, 1);
            if (i > 0 && s == 0) take(0, 2);
            if (i < n) take(1, 3);
        }
        reach = next;
        if (i == n) break;
    }
    int state = reach[0] ? 0 : reach[1] ? 1 : -1;
    if (state < 0) return false;
    std::vector<Piece> pieces;
    std::vector<bool> reaches(n, false);  // crossing i reaches out (left or right)
    for (int i = n; i >= 0; --i) {
        const int how = choice[i][state], lo = gap_lo(i), hi = gap_hi(i);
        if (how == 1) {
            const int c = edge_in(lo, hi);
            pieces.push_back({edge_row[c] == 'a' ? Piece::Kind::EdgeA : Piece::Kind::EdgeB, lo, hi, c});
        } else if (how == 2) {
            pieces.push_back({Piece::Kind::Right, cross[i - 1], hi, cross[i - 1]});
            reaches[i - 1] = true;
        } else if (how == 3) {
            pieces.push_back({Piece::Kind::Left, lo, cross[i], cross[i]});
            reaches[i] = true;
        }
        state = from[i][state];
    }
    for (int i = 0; i < n; ++i)
        if (!reaches[i]) pieces.push_back({Piece::Kind::Down, cross[i], cross[i], cross[i]});
    // Draw each piece as a sequence of cells linked one after the other.
    std::vector<std::pair<int, int>> seq;
    auto row_run = [&](int y, int from_x, int to_x) {
        const int step = to_x >= from_x ? 1 : -1;
        for (int x = from_x;; x += step) {
            seq.push_back({x, y});
            if (x == to_x) break;
        }
    };
    for (const Piece& piece : pieces) {
        seq.clear();
        switch (piece.kind) {
            case Piece::Kind::Down:
                for (int y = a; y <= b; ++y) seq.push_back({piece.at, y});
                break;
            case Piece::Kind::Right:
            case Piece::Kind::Left: {
                const int x = piece.at, far = piece.kind == Piece::Kind::Right ? piece.hi : piece.lo;
                seq.push_back({x, a});
                for (int y = a + 1; y < b; y += 2) {  // a U per pair of new rows
                    row_run(y, x, far);
                    row_run(y + 1, far, x);
                }
                seq.push_back({x, b});
                break;
            }
            case Piece::Kind::EdgeA:
            case Piece::Kind::EdgeB: {
                const bool top = piece.kind == Piece::Kind::EdgeA;
                const int c = piece.at, anchor = top ? a : b, first = top ? a + 1 : b - 1, dy = top ? 1 : -1;
                g.unlink_east(c, anchor);
                seq.push_back({c, anchor});
                // Columns lo..c: a serpentine away from the anchor row, ending next to c + 1.
                int y = first;
                for (int k = 0; k < b - a - 1; ++k, y += dy) row_run(y, k % 2 == 0 ? c : piece.lo, k % 2 == 0 ? piece.lo : c);
                // Columns c + 1..hi: back towards the anchor row.
                y -= dy;
                for (int k = 0; k < b - a - 1; ++k, y -= dy)
                    row_run(y, k % 2 == 0 ? c + 1 : piece.hi, k % 2 == 0 ? piece.hi : c + 1);
                seq.push_back({c + 1, anchor});
                break;
            }
        }
        for (std::size_t i = 0; i + 1 < seq.size(); ++i)
            g.link(seq[i].first, seq[i].second, seq[i + 1].first, seq[i + 1].second);
    }
    return true;
}

// Widens `small` (rows = the kept rows, in order) to `full` rows: kept row j goes to row
// kept[j], and every gap between two kept rows is covered by widen_gap.
std::optional<LinkGrid> widen_rows(const LinkGrid& small, const std::vector<int>& kept, int full) {
    LinkGrid g;
    g.w = small.w;
    g.h = full;
    g.bits.assign(static_cast<std::size_t>(g.w) * full, 0);
    for (int j = 0; j < small.h; ++j)
        std::copy_n(small.bits.begin() + static_cast<std::ptrdiff_t>(j) * small.w, small.w,
                    g.bits.begin() + static_cast<std::ptrdiff_t>(kept[j]) * g.w);
    // Every gap between kept rows, and before the first and after the last (at the edges).
    int above = -1;
    for (std::size_t j = 0; j <= kept.size(); ++j) {
        const int below = j < kept.size() ? kept[j] : full;
        if (below > above + 1 && !widen_gap(g, above, below)) return std::nullopt;
        above = below;
    }
    return g;
}

// Each label's path, walked from its first end along the links of `whole` (the full board).
Solution paths_of(const Puzzle& p, const LinkGrid& whole) {
    Solution s;
    for (const Label& label : p.labels) {
        std::vector<CellId> path{label.ends[0]};
        CellId prev = kNoCell, cur = label.ends[0];
        while (cur != label.ends[1] && path.size() <= static_cast<std::size_t>(p.cell_count())) {
            const Coord q = p.coord(cur);
            const std::uint8_t b = whole.at(q.x, q.y);
            CellId next = kNoCell;
            for (int k = 0; k < 4 && next == kNoCell; ++k) {  // the bits kN, kE, kS, kW
                if (!(b & (1 << k))) continue;
                const CellId d = p.cell(q.x + kDx[k], q.y + kDy[k]);
                if (d != prev) next = d;
            }
            if (next == kNoCell) break;
            prev = cur;
            cur = next;
            path.push_back(cur);
        }
        s.paths.push_back(std::move(path));
    }
    return s;
}

// One attempt: the board shrunk keeping `extra` more lines per run, solved within `seconds`,
// widened back and checked. Sets out.status (Solved or why not) and the small board's size.
void attempt(const Puzzle& p, Rules rules, const ShrinkOptions& options, const std::vector<int>& rows,
             const std::vector<int>& columns, double seconds, const Budget& budget, ShrinkResult& out) {
    // Widening, tracing and checking are passes over the whole board (tenths of a second each
    // on millions of cells) that cannot stop midway: the budget is looked at between them.
    auto stopped = [&] {
        const StopReason why = budget.check(/*memory=*/false);
        if (why == StopReason::None) return false;
        out.status = why == StopReason::Interrupted ? ShrinkResult::Status::Interrupted : ShrinkResult::Status::Timeout;
        out.why = "stopped while widening the small board's answer";
        return true;
    };
    Puzzle small = make_board(static_cast<int>(columns.size()), static_cast<int>(rows.size()));
    small.name = p.name + " shrunk";
    small.rules = p.rules;
    std::vector<int> small_x(p.width, -1), small_y(p.height, -1);  // kept line -> its index
    for (int i = 0; i < small.width; ++i) small_x[columns[i]] = i;
    for (int j = 0; j < small.height; ++j) small_y[rows[j]] = j;
    for (int j = 0; j < small.height; ++j)
        for (int i = 0; i < small.width; ++i) small.blocked[small.cell(i, j)] = p.blocked[p.cell(columns[i], rows[j])];
    // Ends lie on kept rows and columns (a line with an end is never plain).
    auto to_small = [&](CellId c) { const Coord q = p.coord(c); return small.cell(small_x[q.x], small_y[q.y]); };
    for (const Label& label : p.labels) small.labels.push_back({label.name, {to_small(label.ends[0]), to_small(label.ends[1])}});
    finalize(small);
    out.width = small.width;
    out.height = small.height;
    const std::string size = std::to_string(small.width) + "x" + std::to_string(small.height);

    const PartAnswer r = options.solve_part(small, rules, PartLimits::within(options.budget, seconds));
    if (r.status != Verdict::Solved) {
        out.status = r.status == Verdict::Interrupted || r.status == Verdict::Timeout ? r.status : Verdict::Unknown;
        out.why = "the small board (" + size + "): " + verdict_name(r.status);
        return;
    }
    if (stopped()) return;
    LinkGrid g;
    g.w = small.width;
    g.h = small.height;
    g.bits.assign(static_cast<std::size_t>(g.w) * g.h, 0);
    for (const auto& path : r.solution.paths)
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
            const Coord s = small.coord(path[i]), t = small.coord(path[i + 1]);
            g.link(s.x, s.y, t.x, t.y);
        }
    std::optional<LinkGrid> tall = widen_rows(g, rows, p.height);
    if (stopped()) return;
    std::optional<LinkGrid> wide = tall ? widen_rows(transpose(*tall), columns, p.width) : std::nullopt;
    if (stopped()) return;
    if (!wide) {
        out.status = ShrinkResult::Status::Unknown;
        out.why = "the small board's (" + size + ") answer cannot be widened back";
        return;
    }
    Solution s = paths_of(p, transpose(*wide));
    if (stopped()) return;
    const CheckResult check = check_solution(p, s, rules);
    if (!check.ok) {
        out.status = ShrinkResult::Status::Unknown;
        out.why = "the widened answer fails the checker: " + check.message;
        return;
    }
    out.status = ShrinkResult::Status::Solved;
    out.solution = std::move(s);
}

}  // namespace

std::string shrink_not_applicable(const Puzzle& p, Rules rules) {
    if (!rules.fill || !rules.touch) return "the rules are not flow rules (fill, touch allowed)";
    if (p.layers != 1) return "the board has layers";
    if (!p.square_grid()) return "the board has hex cells, warps, walls or bridges";
    if (shrink_ratio(p, rules) >= 1) return "no two neighbouring rows or columns without ends or blocked cells";
    return "";
}

double shrink_ratio(const Puzzle& p, Rules rules) {
    if (!rules.fill || !rules.touch || p.layers != 1 || !p.square_grid() || p.width == 0 || p.height == 0) return 1;
    const double rows = static_cast<double>(kept_lines(plain_lines(p, true), 0).size()) / p.height;
    const double columns = static_cast<double>(kept_lines(plain_lines(p, false), 0).size()) / p.width;
    return rows * columns;
}

ShrinkResult solve_by_shrinking(const Puzzle& p, Rules rules, const ShrinkOptions& options) {
    ShrinkResult out;
    if (std::string why = shrink_not_applicable(p, rules); !why.empty()) {
        out.status = ShrinkResult::Status::NotApplicable;
        out.why = std::move(why);
        return out;
    }
    const std::vector<bool> plain_rows = plain_lines(p, true), plain_columns = plain_lines(p, false);
    // As tight as it goes first; then with more lines kept per run (2, 6, 14, 30), which gives
    // the small board room where a tighter one has no answer or no way back: lines that must
    // wind around a cluster of ends need a few rows for each line beside it. Each attempt gets
    // half the time left, the last all of it. The engine's own polls leave memory to the small
    // board's solve, which has the cap.
    Budget budget = options.budget;
    budget.max_memory = 0;
    constexpr int kExtras[] = {0, 2, 6, 14, 30};
    for (const int extra : kExtras) {
        const std::vector<int> rows = kept_lines(plain_rows, extra), columns = kept_lines(plain_columns, extra);
        // An attempt that keeps every line would only solve the board itself.
        if (rows.size() == static_cast<std::size_t>(p.height) && columns.size() == static_cast<std::size_t>(p.width))
            break;
        double seconds = 0;
        if (budget.has_deadline()) {
            const double left = std::chrono::duration<double>(budget.deadline - Budget::Clock::now()).count();
            if (left <= 0) break;
            seconds = extra == kExtras[std::size(kExtras) - 1] ? left : left / 2;
        }
        attempt(p, rules, options, rows, columns, seconds, budget, out);
        if (out.status == ShrinkResult::Status::Solved || out.status == ShrinkResult::Status::Interrupted) break;
    }
    return out;
}


}  // namespace nl
