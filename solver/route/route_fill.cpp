// The route-and-fill engine (see route_fill.hpp for the method and why).
#include "solver/route/route_fill.hpp"

#include <algorithm>
#include <cstdlib>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "encoder/encoding.hpp"
#include "solver/route/block_route.hpp"
#include "solver/base/budget.hpp"
#include "solver/route/repair.hpp"
#include "solver/route/route.hpp"
#include "solver/sat/sat_session.hpp"
#include "solver/sat/solve_loop.hpp"

namespace nl {


namespace {

// The paths as doubly linked lists of cells, for bumps in constant time.
struct Links {
    std::vector<CellId> next, prev;
    std::vector<char> empty;  // non-blocked cells on no path
};

// A bump candidate: the path edge (a, next[a]) and the empty pair (c, d) beside it.
struct Bump {
    CellId a, b, c, d;
};

}  // namespace

int bump_into_empty(const Puzzle& p, std::vector<std::vector<CellId>>& paths, const Budget* budget) {
    const int n = p.cell_count();
    Links l{std::vector<CellId>(n, kNoCell), std::vector<CellId>(n, kNoCell), std::vector<char>(n, 0)};
    for (CellId c = 0; c < n; ++c) l.empty[c] = !p.is_blocked(c);
    for (const auto& path : paths)
        for (std::size_t i = 0; i < path.size(); ++i) {
            l.empty[path[i]] = 0;
            if (i + 1 < path.size()) {
                l.next[path[i]] = path[i + 1];
                l.prev[path[i + 1]] = path[i];
            }
        }
    auto empty_around = [&](CellId c, CellId besides) {
        int k = 0;
        for (CellId x : p.neighbours(c)) k += l.empty[x] && x != besides;
        return k;
    };
    // Buckets by score (the pair's other empty neighbours; fewer first: those cells are the
    // likeliest to be cut off). Entries go stale as cells fill; each is checked when taken, and
    // re-filed under its current score if that has dropped.
    constexpr int kBuckets = 32;
    std::vector<std::vector<Bump>> buckets(kBuckets);
    auto offer = [&](CellId a) {
        const CellId b = a == kNoCell ? kNoCell : l.next[a];
        if (b == kNoCell) return;
        for (CellId c : p.neighbours(a)) {
            if (!l.empty[c]) continue;
            for (CellId d : p.neighbours(c))
                if (l.empty[d] && p.adjacent(d, b)) {
                    const int score = std::min(kBuckets - 1, empty_around(c, d) + empty_around(d, c));
                    buckets[score].push_back({a, b, c, d});
                }
        }
    };
    // The path cells next to the empty cells around `c`: their candidates' scores may have dropped.
    auto offer_around = [&](CellId c) {
        for (CellId x : p.neighbours(c)) {
            if (!l.empty[x]) continue;
            for (CellId y : p.neighbours(x))
                if (!l.empty[y]) {
                    offer(y);
                    offer(l.prev[y]);
                }
        }
    };
    for (const auto& path : paths)
        for (CellId c : path) offer(c);
    std::uint32_t since_poll = 0;
    for (int score = 0; score < kBuckets;) {
        if (buckets[score].empty()) {
            ++score;
            continue;
        }
        if (budget && ++since_poll == (1u << 16)) {
            since_poll = 0;
            poll_budget(*budget);
        }
        const Bump m = buckets[score].back();
        buckets[score].pop_back();
        if (!l.empty[m.c] || !l.empty[m.d] || l.next[m.a] != m.b) continue;
        const int now = std::min(kBuckets - 1, empty_around(m.c, m.d) + empty_around(m.d, m.c));
        if (now < score) {
            buckets[now].push_back(m);
            score = now;
            continue;
        }
        l.next[m.a] = m.c, l.prev[m.c] = m.a;
        l.next[m.c] = m.d, l.prev[m.d] = m.c;
        l.next[m.d] = m.b, l.prev[m.b] = m.d;
        l.empty[m.c] = l.empty[m.d] = 0;
        offer(m.a), offer(m.c), offer(m.d);
        offer_around(m.c), offer_around(m.d);
        score = 0;  // the offers may have filed lower scores
    }
    for (auto& path : paths) {
        if (path.empty()) continue;
        const CellId end = path.back();
        path.assign(1, path.front());
        while (path.back() != end) path.push_back(l.next[path.back()]);
    }
    return static_cast<int>(std::count(l.empty.begin(), l.empty.end(), 1));
}

namespace {

// Makes every connected part of the window `in` hold as many empty cells (`holes`) of one
// chessboard colour as of the other, by adding a corridor (a shortest path across the board,
// one cell wide on each side) from a part with too many of one colour to the nearest part with
// too many of the other.
// Why: with the edges across its border fixed, a part of the window can never be filled
// otherwise. Each path segment inside it runs between two fixed border cells, and covers one
// cell more of their colour when they have the same colour, as many of each when not; so the
// cells covered inside add up to the same colour balance whatever SAT does there (loops cover
// as many of each), and the empty cells must balance on their own. Only on grids where
// neighbours always differ in colour (square cells, layers, walls; not hexagons or warps).
void join_unbalanced(const Puzzle& p, const std::vector<CellId>& holes, std::vector<char>& in) {
    if (p.geometry != Geometry::Square || !p.warps.empty() || !p.bridges.empty()) return;
    const int n = p.cell_count();
    std::vector<int> weight(n, 0);  // +1 / -1 per hole by colour
    for (CellId c : holes) {
        const Coord k = p.coord(c);
        weight[c] = (k.x + k.y + k.z) % 2 ? 1 : -1;
    }
    std::vector<int> part(n), from(n);
    std::vector<CellId> queue;
    while (true) {
        std::fill(part.begin(), part.end(), -1);
        std::vector<int> balance;
        for (CellId s = 0; s < n; ++s) {
            if (!in[s] || part[s] >= 0) continue;
            const int id = static_cast<int>(balance.size());
            balance.push_back(0);
            queue.assign(1, s);
            part[s] = id;
            for (std::size_t i = 0; i < queue.size(); ++i) {
                balance[id] += weight[queue[i]];
                for (CellId d : p.neighbours(queue[i]))
                    if (in[d] && part[d] < 0) part[d] = id, queue.push_back(d);
            }
        }
        int bad = -1;
        for (int id = 0; id < static_cast<int>(balance.size()) && bad < 0; ++id)
            if (balance[id] != 0) bad = id;
        if (bad < 0) return;
        // Breadth-first from the part across the board to a part of the opposite balance.
        std::fill(from.begin(), from.end(), -2);
        queue.clear();
        for (CellId c = 0; c < n; ++c)
            if (part[c] == bad) from[c] = -1, queue.push_back(c);
        CellId reached = kNoCell;
        for (std::size_t i = 0; i < queue.size() && reached == kNoCell; ++i)
            for (CellId d : p.neighbours(queue[i])) {
                if (from[d] != -2) continue;
                from[d] = queue[i];
                if (part[d] >= 0 && (balance[part[d]] > 0) != (balance[bad] > 0) && balance[part[d]] != 0) {
                    reached = d;
                    break;
                }
                queue.push_back(d);
            }
        if (reached == kNoCell) return;  // the empty cells cannot balance at all
        for (CellId c = reached; c >= 0; c = from[c]) {
            in[c] = 1;
            for (CellId d : p.neighbours(c)) in[d] = 1;
        }
    }
}

// The exact flow encoding of the whole board in one SAT session, loaded once for every window
// (what SAT learns holds for the formula, whatever is assumed).
struct WindowSat {
    Encoding enc;
    SatSession sat;
    std::size_t sent = 0;
    WindowSat(const Puzzle& p, Rules rules, const Budget& budget)
        : enc(encode(p, rules, EncodeOptions{}, [&budget] { poll_budget(budget); })), sat(1, &budget) {
        sent = detail::load_and_release(sat, enc);
    }
};

// Step 3 of the method: SAT in growing windows around the cells the bumps left empty. Gives up
// (false) once the window is the whole board and SAT has not answered within its conflicts:
// SAT on the whole board without a conflict limit is the SAT engine's work.
bool repair_in_windows(const Puzzle& p, Rules rules, const std::vector<std::vector<CellId>>& paths, WindowSat& ws,
                       std::uint64_t max_conflicts, Budget::Clock::time_point until, RouteFillResult& out) {
    const int n = p.cell_count();
    const Encoding& enc = ws.enc;
    std::vector<CellId> holes, next(n, kNoCell);
    {
        std::vector<char> covered(n, 0);
        for (const auto& path : paths)
            for (std::size_t i = 0; i < path.size(); ++i) {
                covered[path[i]] = 1;
                if (i + 1 < path.size()) next[path[i]] = path[i + 1];
            }
        for (CellId c = 0; c < n; ++c)
            if (!covered[c] && !p.is_blocked(c)) holes.push_back(c);
    }
    std::vector<char> on_path_edge(enc.edges.size());  // per encoding edge: used by the bumped paths
    for (std::size_t i = 0; i < enc.edges.size(); ++i)
        on_path_edge[i] = next[enc.edges[i].a] == enc.edges[i].b || next[enc.edges[i].b] == enc.edges[i].a;
    const SolveOptions so;  // only its checking options matter to solve_with_cuts
    std::uint64_t conflicts = 20'000, spent = 0;
    std::vector<char> in(n, 0);
    open_around(p, holes, 2, in);
    join_unbalanced(p, holes, in);
    while (true) {
        out.window_cells = static_cast<int>(std::count(in.begin(), in.end(), 1));
        if ((max_conflicts && spent >= max_conflicts) || (out.windows > 0 && Budget::Clock::now() >= until)) return false;
        std::vector<int> assume;
        for (std::size_t i = 0; i < enc.edges.size(); ++i) {
            const Edge& e = enc.edges[i];
            if (!in[e.a] || !in[e.b]) assume.push_back(on_path_edge[i] ? e.var : -e.var);
        }
        out.windows += 1;
        SolveResult step;
        const detail::Outcome o = detail::solve_with_cuts(p, rules, so, ws.enc, ws.sat, ws.sent, assume, step,
                                                          max_conflicts ? std::min(conflicts, max_conflicts - spent) : conflicts,
                                                          detail::Loops::SpliceThenCut);
        spent += step.stats.conflicts;
        if (o == detail::Outcome::Solved) {
            out.solution = std::move(step.solution);
            return true;
        }
        if (assume.empty()) return false;
        std::vector<CellId> around;
        if (o == detail::Outcome::Unsat) {
            // The final conflict names the fixed edges in the way (edge variables are 1..E in
            // the order of enc.edges): free the cells around them. None: the formula has no
            // model at all, which the SAT engine will prove on its own.
            const std::vector<int> failed = ws.sat.failed_assumptions();
            if (failed.empty()) return false;
            for (int lit : failed) {
                const Edge& e = enc.edges[std::abs(lit) - 1];
                around.push_back(e.a);
                around.push_back(e.b);
            }
        } else {
            // Out of conflicts: a wider window and twice the budget.
            for (CellId c = 0; c < n; ++c)
                if (in[c]) around.push_back(c);
            conflicts *= 2;
        }
        open_around(p, around, 2, in);
        join_unbalanced(p, holes, in);
    }
}

// The window as a puzzle of its own, cut from the bounding box of `in`: every other cell
// blocked, and each run of a path inside the window (maximal, of consecutive cells in it) a
// label between its first and last cell. Runs of one cell keep their cell (blocked here).
// Why this holds: the edges across the window's border stay as they are, so each run's first
// and last cells keep their link outside, and a path of the small puzzle between them makes
// the whole a path again; under touch-allowed rules two runs of one path may lie side by side,
// so they are labels of their own. Keeping each run's ends paired is a restriction (a model
// of the whole board may pair them otherwise), which costs only answers, never correctness:
// the spliced answer goes through the checker.
struct CroppedWindow {
    Puzzle puzzle;
    int x0 = 0, y0 = 0;
    struct Run {
        int path;
        std::size_t from, to;  // indices into the path, from < to
    };
    std::vector<Run> runs;  // by the small puzzle's label index
};

CroppedWindow crop_window(const Puzzle& p, const std::vector<std::vector<CellId>>& paths, const std::vector<char>& in) {
    CroppedWindow w;
    int x1 = -1, y1 = -1;
    w.x0 = p.width, w.y0 = p.height;
    for (CellId c = 0; c < p.cell_count(); ++c)
        if (in[c]) {
            const Coord k = p.coord(c);
            w.x0 = std::min(w.x0, k.x), w.y0 = std::min(w.y0, k.y);
            x1 = std::max(x1, k.x), y1 = std::max(y1, k.y);
        }
    w.puzzle = make_board(x1 - w.x0 + 1, y1 - w.y0 + 1);
    w.puzzle.name = p.name + " (window)";
    w.puzzle.rules = p.rules;
    auto local = [&](CellId c) {
        const Coord k = p.coord(c);
        return w.puzzle.cell(k.x - w.x0, k.y - w.y0);
    };
    for (int y = 0; y < w.puzzle.height; ++y)
        for (int x = 0; x < w.puzzle.width; ++x) {
            const CellId c = p.cell(x + w.x0, y + w.y0);
            if (!in[c] || p.is_blocked(c)) w.puzzle.blocked[w.puzzle.cell(x, y)] = kCellBlocked;
        }
    for (std::size_t l = 0; l < paths.size(); ++l) {
        const auto& path = paths[l];
        for (std::size_t i = 0; i < path.size();) {
            if (!in[path[i]]) {
                ++i;
                continue;
            }
            std::size_t j = i;
            while (j + 1 < path.size() && in[path[j + 1]]) ++j;
            if (j == i) {
                w.puzzle.blocked[local(path[i])] = kCellBlocked;
            } else {
                std::string name = "r";  // (not "r" + ...: GCC 12 warns of a false overlap)
                name += std::to_string(w.runs.size());
                w.puzzle.labels.push_back(Label{std::move(name), {local(path[i]), local(path[j])}});
                w.runs.push_back({static_cast<int>(l), i, j});
            }
            i = j + 1;
        }
    }
    finalize(w.puzzle);
    return w;
}

// Step 3 of the method after a routing in blocks (step 0), and on boards too large to encode
// whole: each window is solved as a small puzzle of its own (crop_window), which costs memory
// in proportion to the window. A window
// without an answer (unsatisfiable, or out of conflicts) grows by two steps all round, and the
// conflicts double, until max_conflicts are spent or the window reaches max_cells cells.
bool repair_in_cropped_windows(const Puzzle& p, Rules rules, std::vector<std::vector<CellId>>& paths,
                               const Budget& budget, std::uint64_t max_conflicts, Budget::Clock::time_point until,
                               int max_cells, RouteFillResult& out) {
    const int n = p.cell_count();
    std::vector<CellId> holes;
    {
        std::vector<char> covered(n, 0);
        for (const auto& path : paths)
            for (CellId c : path) covered[c] = 1;
        for (CellId c = 0; c < n; ++c)
            if (!covered[c] && !p.is_blocked(c)) holes.push_back(c);
    }
    std::vector<char> in(n, 0);
    open_around(p, holes, 2, in);
    join_unbalanced(p, holes, in);
    std::uint64_t conflicts = 20'000, spent = 0;
    while (true) {
        std::vector<CellId> window;
        for (CellId c = 0; c < n; ++c)
            if (in[c]) window.push_back(c);
        out.window_cells = static_cast<int>(window.size());
        if ((max_conflicts && spent >= max_conflicts) || out.window_cells > max_cells ||
            (out.windows > 0 && Budget::Clock::now() >= until))
            return false;
        poll_budget(budget);
        CroppedWindow w = crop_window(p, paths, in);
        out.windows += 1;
        Encoding enc = encode(w.puzzle, rules, EncodeOptions{}, [&budget] { poll_budget(budget); });
        // The window's SAT stops at the repair's end too (then Undecided, and no next window).
        Budget window_budget = budget;
        window_budget.deadline = std::min(budget.deadline, until);
        SatSession sat(1, &window_budget);
        std::size_t sent = detail::load_and_release(sat, enc);
        SolveResult step;
        const detail::Outcome o = detail::solve_with_cuts(
            w.puzzle, rules, SolveOptions{}, enc, sat, sent, {}, step,
            max_conflicts ? std::min(conflicts, max_conflicts - spent) : conflicts, detail::Loops::SpliceThenCut);
        spent += step.stats.conflicts;
        if (o == detail::Outcome::Solved) {
            // Splice each run's new cells into its path, last runs first so that the indices
            // of earlier runs stay valid.
            for (std::size_t r = w.runs.size(); r-- > 0;) {
                const auto& run = w.runs[r];
                std::vector<CellId> cells;
                for (CellId c : step.solution.paths[r]) {
                    const Coord k = w.puzzle.coord(c);
                    cells.push_back(p.cell(k.x + w.x0, k.y + w.y0));
                }
                auto& path = paths[run.path];
                if (cells.front() != path[run.from]) std::reverse(cells.begin(), cells.end());
                path.erase(path.begin() + static_cast<std::ptrdiff_t>(run.from),
                           path.begin() + static_cast<std::ptrdiff_t>(run.to) + 1);
                path.insert(path.begin() + static_cast<std::ptrdiff_t>(run.from), cells.begin(), cells.end());
            }
            out.solution.paths = paths;
            const CheckResult check = check_solution(p, out.solution, rules);
            if (!check.ok) throw InternalError(p.name + ": the checker rejected a window's answer: " + check.message);
            return true;
        }
        if (o == detail::Outcome::Undecided) conflicts *= 2;
        open_around(p, window, 2, in);
        join_unbalanced(p, holes, in);
        // The whole board (or all the window can reach) failed: no wider window to try.
        if (static_cast<int>(std::count(in.begin(), in.end(), 1)) == out.window_cells) return false;
    }
}

}  // namespace

RouteFillResult solve_by_route_fill(const Puzzle& p, Rules rules, const RouteFillOptions& options) {
    RouteFillResult out;
    if (!rules.fill || !rules.touch) {
        out.status = RouteFillResult::Status::NotApplicable;
        return out;
    }
    const Budget& budget = options.budget;
    // Grows `paths` into the empty cells and repairs what is left, in windows cut out as puzzles
    // of their own (`cropped`) or in the whole board's encoding; true when solved.
    auto fill = [&](std::vector<std::vector<CellId>> paths, bool cropped) {
        out.windows = 0;
        out.left_empty = bump_into_empty(p, paths, &budget);
        if (out.left_empty == 0) {
            out.solution.paths = std::move(paths);
            const CheckResult check = check_solution(p, out.solution, rules);
            if (!check.ok) throw InternalError(p.name + ": the checker rejected the filled routing: " + check.message);
            return true;
        }
        const auto until = Budget::Clock::now() + std::chrono::duration_cast<Budget::Clock::duration>(
                                                      std::chrono::duration<double>(options.max_repair_seconds));
        if (cropped) return repair_in_cropped_windows(p, rules, paths, budget, options.max_conflicts, until,
                                                      options.max_window_cells, out);
        WindowSat window_sat(p, rules, budget);
        return repair_in_windows(p, rules, paths, window_sat, options.max_conflicts, until, out);
    };
    try {
        // Routing in blocks leaves cells empty only around blocked cells and at odd borders:
        // small windows, each cut out on its own (measured on random sparse boards of 120x120
        // to 300x300 with 6-8 labels: at most 0.07 s and 12 MB, where the whole board's
        // encoding took up to 0.9 s and 270 MB).
        const auto in_blocks = route_in_blocks(p, options.seed, options.block_route_rounds, budget);
        if (!in_blocks.empty() && fill(in_blocks, true)) {
            out.status = RouteFillResult::Status::Solved;
            return out;
        }
        if (p.cell_count() > options.whole_board_max_cells) return out;  // Unknown
        RouteOptions ro;
        ro.seed = options.seed;
        ro.max_rounds = options.route_rounds;
        ro.budget = budget;
        RouteResult routed = route(p, Rules{false, true}, ro);
        if (routed.status == RouteResult::Status::Timeout) throw Stopped(StopReason::Timeout);
        if (routed.status == RouteResult::Status::Interrupted) throw Stopped(StopReason::Interrupted);
        if (routed.status != RouteResult::Status::Solved) return out;  // Unknown
        if (fill(std::move(routed.solution.paths), false)) {
            out.status = RouteFillResult::Status::Solved;
            return out;
        }
    } catch (const Stopped& stopped) {
        out.status = stopped.reason == StopReason::Interrupted ? RouteFillResult::Status::Interrupted
                                                               : RouteFillResult::Status::Timeout;
    }
    return out;
}

}  // namespace nl
