// Independent parts; see split.hpp.
#include "solver/sat/split.hpp"

#include <algorithm>
#include <chrono>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "solver/sat/solve_loop.hpp"

namespace nl {

namespace {

constexpr int kMaxGroups = 16;

struct Crop {
    int x0, y0, x1, y1;  // bounding box, inclusive
};

}  // namespace

std::optional<SolveResult> solve_in_parts(const Puzzle& p, Rules rules, const SolveOptions& options,
                                          const Presolved& pre, std::chrono::steady_clock::time_point start) {
    if (pre.parts < 2 || p.layers != 1 || !p.vias.empty() || !p.square_grid()) return std::nullopt;
    // Groups of regions, in the order of their first cell, of about equal numbers of cells.
    std::vector<long> cells(pre.parts, 0);
    for (int k : pre.part)
        if (k >= 0) ++cells[k];
    long total = 0;
    for (long n : cells) total += n;
    // One region that holds most of the board leaves little to gain, and the parts' own solves
    // repeat the board's presolve and parity on it (a generated 1000x1000 board: one region of
    // nearly all cells beside thousands of small ones).
    if (*std::max_element(cells.begin(), cells.end()) * 4 > total * 3) return std::nullopt;
    const int groups = std::min(kMaxGroups, pre.parts);
    std::vector<int> group_of(pre.parts);
    long so_far = 0;
    for (int k = 0; k < pre.parts; ++k) {
        group_of[k] = static_cast<int>(std::min<long>(groups - 1, so_far * groups / std::max(1L, total)));
        so_far += cells[k];
    }
    std::vector<int> regions_in(groups, 0);
    for (int k = 0; k < pre.parts; ++k) ++regions_in[group_of[k]];
    std::vector<Crop> crop(groups, Crop{p.width, p.height, -1, -1});
    for (CellId c = 0; c < p.cell_count(); ++c) {
        if (pre.part[c] < 0) continue;
        Crop& b = crop[group_of[pre.part[c]]];
        const Coord q = p.coord(c);
        b.x0 = std::min(b.x0, q.x), b.y0 = std::min(b.y0, q.y), b.x1 = std::max(b.x1, q.x), b.y1 = std::max(b.y1, q.y);
    }

    SolveResult whole;
    whole.stats.forced_edges = pre.forced.size();
    whole.stats.dead_edges = pre.dead.size();
    whole.solution.paths.resize(p.labels.size());
    std::optional<std::string> limited;  // the reason of a part stopped by a limit
    bool every_limit_cells = true;       // and every such part was over the cell bound
    for (int g = 0; g < groups; ++g) {
        const Crop& b = crop[g];
        if (b.x1 < 0) continue;
        Puzzle sub = make_board(b.x1 - b.x0 + 1, b.y1 - b.y0 + 1);
        sub.name = p.name;
        sub.rules = p.rules;
        auto whole_cell = [&](CellId c) { return p.cell(c % sub.width + b.x0, c / sub.width + b.y0); };
        for (CellId c = 0; c < sub.cell_count(); ++c) {
            const int k = pre.part[whole_cell(c)];
            sub.blocked[c] = k < 0 || group_of[k] != g;
        }
        std::vector<int> label_of;  // sub label -> label of the board
        for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
            const int k = pre.part[p.labels[l].ends[0]];
            if (k < 0 || group_of[k] != g) continue;
            Label label = p.labels[l];
            for (CellId& end : label.ends) {
                const Coord q = p.coord(end);
                end = sub.cell(q.x - b.x0, q.y - b.y0);
            }
            sub.labels.push_back(label);
            label_of.push_back(l);
        }
        finalize(sub);
        SolveOptions so = options;
        so.parity_checked = false;  // the facts given are the whole board's, not this part's
        so.crossing_checked = false;
        so.cuts_checked = false;
        so.presolved = nullptr;
        // The parts one after another: the count goes on from the parts before.
        so.progress = counted_from(options.progress, whole.stats.conflicts);
        // A group over the cell limit of one CNF is split again when it holds fewer regions than
        // the board (so this ends): its regions go to groups of their own. Else it stops.
        so.split = options.max_cells > 0 && regions_in[g] < pre.parts && detail::open_cells(sub) > options.max_cells;
        if (options.timeout > 0) {
            so.timeout = options.timeout - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (so.timeout <= 0) {
                whole.status = SolveStatus::Timeout;
                return whole;
            }
        }
        SolveResult r = solve_sat(sub, rules, so);
        whole.stats.vars += r.stats.vars;
        whole.stats.clauses += r.stats.clauses;
        whole.stats.cycle_cuts += r.stats.cycle_cuts;
        whole.stats.loops_spliced += r.stats.loops_spliced;
        whole.stats.touch_cuts += r.stats.touch_cuts;
        whole.stats.sat_calls += r.stats.sat_calls;
        whole.stats.conflicts += r.stats.conflicts;
        whole.stats.encode_seconds += r.stats.encode_seconds;
        // A part over a limit leaves the board open, but a later part may still prove it
        // unsolvable: go on, and give Limit only when every other part is solved.
        if (r.status == SolveStatus::Limit) {
            limited = std::move(r.stats.limit_reason);
            every_limit_cells = every_limit_cells && r.stats.over_cell_bound;
            continue;
        }
        if (r.status != SolveStatus::Solved) {
            whole.status = r.status;
            if (r.status == SolveStatus::Unsolvable)
                whole.stats.unsolvable_reason = "split: the part around " + format_cell(p, p.labels[label_of[0]].ends[0]) +
                                                " has no solution (" + r.stats.unsolvable_reason + ")";
            whole.stats.solve_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            return whole;
        }
        for (std::size_t l = 0; l < label_of.size(); ++l)
            for (CellId c : r.solution.paths[l]) whole.solution.paths[label_of[l]].push_back(whole_cell(c));
    }
    if (limited) {
        whole.status = SolveStatus::Limit;
        whole.stats.limit_reason = *limited;
        whole.stats.over_cell_bound = every_limit_cells;
        whole.stats.solve_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return whole;
    }
    const CheckResult check = check_solution(p, whole.solution, rules);
    if (!check.ok) throw InternalError(p.name + ": the checker rejected the answer merged from parts: " + check.message);
    whole.status = SolveStatus::Solved;
    whole.stats.solve_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return whole;
}

}  // namespace nl
