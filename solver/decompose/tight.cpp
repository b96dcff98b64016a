// The tight engine; see tight.hpp for the count, the packing formula and why its verdicts are
// exact on a tight board.
#include "solver/decompose/tight.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <optional>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "encoder/encoding.hpp"
#include "solver/board/slack.hpp"
#include "solver/sat/sat_session.hpp"

namespace nl {

namespace {

// Groups of layers apply on layered square boards whose lines change layer anywhere.
bool groups_apply(const Puzzle& p) { return p.layers >= 2 && p.square_grid() && p.vias.empty(); }

// The unions of layer groups, other than every layer, at most 2^6 - 2 of them (more groups than
// six: none; a board with that many separate groups is not what this speculation is for).
std::vector<BoardPart> group_parts(const Puzzle& p) {
    std::vector<int> root(p.layers);
    for (int z = 0; z < p.layers; ++z) root[z] = z;
    auto find = [&](int z) {
        while (root[z] != z) z = root[z] = root[root[z]];
        return z;
    };
    for (const Label& label : p.labels) root[find(p.coord(label.ends[0]).z)] = find(p.coord(label.ends[1]).z);
    std::vector<int> groups;  // their roots, by first layer
    for (int z = 0; z < p.layers; ++z)
        if (std::find(groups.begin(), groups.end(), find(z)) == groups.end()) groups.push_back(find(z));
    const int k = static_cast<int>(groups.size());
    std::vector<BoardPart> parts;
    if (k < 2 || k > 6) return parts;
    for (int mask = 1; mask < (1 << k) - 1; ++mask) {
        BoardPart part;
        part.whole = false;
        part.layer_in.assign(p.layers, 0);
        for (int z = 0; z < p.layers; ++z) {
            const int g = static_cast<int>(std::find(groups.begin(), groups.end(), find(z)) - groups.begin());
            part.layer_in[z] = (mask >> g) & 1;
        }
        std::string numbers;  // "1, 4": 1-based, as the ADC format numbers layers
        for (int z = 0; z < p.layers; ++z)
            if (part.layer_in[z]) numbers += (numbers.empty() ? "" : ", ") + std::to_string(z + 1);
        part.name = "layers " + numbers;
        for (int l = 0; l < static_cast<int>(p.labels.size()); ++l)
            if (part.layer_in[p.coord(p.labels[l].ends[0]).z]) part.lines.push_back(l);
        for (CellId c = 0; c < p.cell_count(); ++c) part.open_cells += in_part(p, part, c);
        if (!part.lines.empty()) parts.push_back(std::move(part));
    }
    return parts;
}

// The first union of layer groups with slack 0, if any.
std::optional<BoardPart> tight_group(const Puzzle& p) {
    if (!groups_apply(p)) return std::nullopt;
    for (BoardPart& part : group_parts(p)) {
        bool connected = false;
        if (part_slack(p, part, connected) == 0 && connected) return std::move(part);
    }
    return std::nullopt;
}

// The packing formula of tight.hpp over one part, in a SAT session, and the way back from a
// model to paths.
class Packing {
   public:
    Packing(const Puzzle& p, const BoardPart& part, const Budget& budget) : p_(p), part_(part), budget_(budget) {}

    // Finds every line's on-route cells by level; false (with `why`) when there are more than
    // max_pairs of them, or when some open cell is on no line's route (then there is no
    // packing: `empty` is set).
    bool find_routes(std::size_t max_pairs, std::string& why, bool& empty) {
        const int lines = static_cast<int>(part_.lines.size());
        std::vector<int> da(p_.cell_count(), -1), db(p_.cell_count(), -1);
        std::vector<CellId> ta, tb;
        std::vector<char> covered(p_.cell_count(), 0);
        routes_.resize(lines);
        for (int i = 0; i < lines; ++i) {
            const int l = part_.lines[i];
            const Label& label = p_.labels[l];
            distances(p_, part_, l, label.ends[0], kNoCell, da, ta);
            distances(p_, part_, l, label.ends[1], kNoCell, db, tb);
            const int length = da[label.ends[1]];
            Route& r = routes_[i];
            r.levels.resize(length + 1);
            for (CellId c : ta) {
                if (db[c] < 0 || da[c] + db[c] != length) continue;
                r.levels[da[c]].push_back(c);
                r.cells.push_back({c, da[c]});
                covered[c] = 1;
            }
            std::sort(r.cells.begin(), r.cells.end());
            pairs_ += r.cells.size();
            clear_distances(da, ta);
            clear_distances(db, tb);
            if (pairs_ > max_pairs) {
                why = "more than " + std::to_string(max_pairs) + " (line, cell) pairs on shortest routes";
                return false;
            }
            poll_budget(budget_);
        }
        for (CellId c = 0; c < p_.cell_count(); ++c)
            if (in_part(p_, part_, c) && !covered[c]) {
                why = "cell " + format_cell(p_, c) + " is on no line's shortest route";
                empty = true;
                return false;
            }
        return true;
    }

    // Whether every line has one shortest route only (one cell a level): then that is the only
    // candidate, and no SAT is needed (a corridor: 0.1 s instead of 1 s and 220 MB for the
    // formula of a 1000x1000 board). On a tight part it is a packing: the routes' cells number
    // the open cells (slack 0) and cover them all (find_routes), so no two of them share one.
    bool forced() const {
        for (const Route& r : routes_)
            for (const auto& level : r.levels)
                if (level.size() != 1) return false;
        return true;
    }

    // Builds the formula and loads it into a new session.
    void load() {
        CellId nb[8];
        std::vector<std::vector<int>> on_cell(p_.cell_count());  // x(l, c) by cell
        for (Route& r : routes_) {
            r.base = cnf_.num_vars + 1;
            cnf_.new_vars(static_cast<int>(r.cells.size()));
            for (std::size_t k = 0; k < r.cells.size(); ++k) on_cell[r.cells[k].first].push_back(r.base + static_cast<int>(k));
            const int length = static_cast<int>(r.levels.size()) - 1;
            for (const auto& level : r.levels) {
                std::vector<int> xs;
                for (CellId c : level) xs.push_back(var(r, c));
                cnf_.add(std::span<const int>(xs));  // at least one cell a level
                cnf_.at_most_one(xs);
            }
            for (int j = 0; j <= length; ++j)
                for (CellId c : r.levels[j]) {
                    const int n = part_neighbours(p_, part_, c, nb);
                    for (int step : {1, -1}) {
                        if (j + step < 0 || j + step > length) continue;
                        std::vector<int> clause{-var(r, c)};
                        for (int k = 0; k < n; ++k)
                            if (level_of(r, nb[k]) == j + step) clause.push_back(var(r, nb[k]));
                        cnf_.add(std::span<const int>(clause));
                    }
                }
        }
        for (CellId c = 0; c < p_.cell_count(); ++c) {
            if (!in_part(p_, part_, c)) continue;
            cnf_.add(std::span<const int>(on_cell[c]));  // every cell used (slack 0)
            cnf_.at_most_one(on_cell[c]);
        }
        session_ = std::make_unique<SatSession>(1, &budget_);
        session_->add(cnf_);
        cnf_ = Cnf{};
    }

    SatResult solve(double seconds) { return session_->solve({}, seconds); }
    StopReason stop_reason() const { return session_->stop_reason(); }

    // The lines' paths in the last model, or the forced ones without a session (board label ->
    // cells from ends[0] to ends[1]), columns included; and the pairs (x(l, c), x(l, d)) of the
    // column steps taken.
    std::vector<std::vector<CellId>> paths(std::vector<int>& column_steps) const {
        std::vector<std::vector<CellId>> out(part_.lines.size());
        for (std::size_t i = 0; i < part_.lines.size(); ++i) {
            const Route& r = routes_[i];
            CellId prev = kNoCell;
            int prev_var = 0;
            for (const auto& level : r.levels) {
                for (CellId c : level) {
                    const int v = session_ ? var(r, c) : 0;
                    if (session_ && !session_->value(v)) continue;
                    if (prev != kNoCell && p_.coord(prev).z != p_.coord(c).z) {
                        const Coord a = p_.coord(prev), b = p_.coord(c);
                        const int step = b.z > a.z ? 1 : -1;
                        for (int z = a.z + step; z != b.z; z += step) out[i].push_back(p_.cell(a.x, a.y, z));
                        if (std::abs(b.z - a.z) > 1) {
                            column_steps.push_back(prev_var);
                            column_steps.push_back(v);
                        }
                    }
                    out[i].push_back(c);
                    prev = c;
                    prev_var = v;
                    break;
                }
            }
        }
        return out;
    }

    // No later model takes every column step of this one.
    void exclude(const std::vector<int>& column_steps) {
        std::vector<int> clause;
        for (int v : column_steps) clause.push_back(-v);
        session_->add_clause(clause);
    }

   private:
    struct Route {
        std::vector<std::vector<CellId>> levels;    // on-route cells by distance from ends[0]
        std::vector<std::pair<CellId, int>> cells;  // (cell, level), sorted
        int base = 0;                               // variable of cells[0]; cells[k]'s is base + k
    };
    static std::ptrdiff_t index(const Route& r, CellId c) {
        const auto it = std::lower_bound(r.cells.begin(), r.cells.end(), std::pair<CellId, int>{c, -1});
        return it != r.cells.end() && it->first == c ? it - r.cells.begin() : -1;
    }
    static int var(const Route& r, CellId c) { return r.base + static_cast<int>(index(r, c)); }
    static int level_of(const Route& r, CellId c) {
        const std::ptrdiff_t k = index(r, c);
        return k < 0 ? -1 : r.cells[k].second;
    }

    const Puzzle& p_;
    const BoardPart& part_;
    const Budget& budget_;
    std::unique_ptr<SatSession> session_;
    Cnf cnf_;
    std::vector<Route> routes_;
    std::size_t pairs_ = 0;
};

TightResult::Status stopped(StopReason why) {
    return why == StopReason::Interrupted ? TightResult::Status::Interrupted : TightResult::Status::Timeout;
}

double seconds_left(const Budget& budget) {
    if (!budget.has_deadline()) return 0;  // no limit
    return std::max(0.001, std::chrono::duration<double>(budget.deadline - Budget::Clock::now()).count());
}

// The whole board, tight: the packing formula decides.
void solve_whole(const Puzzle& p, Rules rules, const BoardPart& part, const Budget& budget, const TightOptions& options,
                 TightResult& out) {
    out.group = part.name;
    Packing packing(p, part, budget);
    bool empty = false;
    if (!packing.find_routes(options.max_pairs, out.why, empty)) {
        out.status = empty ? TightResult::Status::Unsolvable : TightResult::Status::NotApplicable;
        return;
    }
    if (!packing.forced()) {
        packing.load();
        const SatResult r = packing.solve(seconds_left(budget));
        if (r == SatResult::Unknown) {
            out.status = stopped(packing.stop_reason());
            return;
        }
        if (r == SatResult::Unsat) {
            out.status = TightResult::Status::Unsolvable;
            out.why = "no packing of shortest routes fills the board";
            return;
        }
    }
    ++out.packings;
    std::vector<int> steps;
    Solution s;
    s.paths = packing.paths(steps);
    const CheckResult check = check_solution(p, s, rules);
    if (!check.ok)  // a packing is a solution (tight.hpp): this is a bug, never an answer
        throw InternalError(p.name + ": the tight engine's packing fails the checker: " + check.message);
    out.status = TightResult::Status::Solved;
    out.solution = std::move(s);
}

// A tight union of layer groups: its packings, each followed by the rest of the board.
void solve_group(const Puzzle& p, Rules rules, const BoardPart& part, const Budget& budget, const TightOptions& options,
                 TightResult& out) {
    out.group = part.name;
    Packing packing(p, part, budget);
    bool empty = false;
    if (!packing.find_routes(options.max_pairs, out.why, empty)) {
        out.status = TightResult::Status::Unknown;
        return;
    }
    // (A group's routes forced one way would leave one packing: the formula still finds it, at
    // once, and only it can exclude that packing's columns afterwards.)
    packing.load();
    while (true) {
        const SatResult r = packing.solve(seconds_left(budget));
        if (r == SatResult::Unknown) {
            out.status = stopped(packing.stop_reason());
            return;
        }
        if (r == SatResult::Unsat) {
            out.status = TightResult::Status::Unknown;
            out.why = out.packings ? "no packing of " + part.name + " leaves the other lines a solution"
                                   : "no packing of shortest routes fills " + part.name;
            return;
        }
        ++out.packings;
        std::vector<int> steps;
        const std::vector<std::vector<CellId>> routes = packing.paths(steps);
        // The rest: the same board with the part's routes and columns blocked, its lines gone.
        Puzzle rest = make_board(p.width, p.height, p.layers);
        rest.name = p.name + " outside " + part.name;
        rest.rules = p.rules;
        rest.blocked = p.blocked;
        for (const auto& route : routes)
            for (CellId c : route) rest.blocked[c] = kCellBlocked;
        std::vector<char> in_group(p.labels.size(), 0);
        for (int l : part.lines) in_group[l] = 1;
        std::vector<int> rest_lines;
        for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
            if (in_group[l]) continue;
            rest.labels.push_back(p.labels[l]);
            rest_lines.push_back(l);
        }
        Solution whole;
        whole.paths.resize(p.labels.size());
        for (std::size_t i = 0; i < part.lines.size(); ++i) whole.paths[part.lines[i]] = routes[i];
        Verdict rest_status = Verdict::Solved;
        if (!rest.labels.empty()) {
            try {
                finalize(rest);
            } catch (const ModelError& e) {  // a rest line's end under a column: cannot happen
                throw InternalError(p.name + ": the tight engine's rest board: " + e.what());
            }
            // The rest gets the time up to the whole deadline, not only the packings' share: a
            // tight group is a strong sign of a designed board (slack exactly 0 over thousands
            // of cells), where the whole board's SAT has no chance (2017 Q25: the packing takes
            // 0.2 s, the rest 8-9 s, at --timeout 10 the share would leave it 5).
            PartLimits limits = PartLimits::within(options.budget, seconds_left(options.budget));
            limits.tight = false;  // the rest has no tight part of its own worth a second look
            PartAnswer e = options.solve_part(rest, rules, limits);
            rest_status = e.status;
            if (e.status == Verdict::Solved)
                for (std::size_t i = 0; i < rest_lines.size(); ++i) whole.paths[rest_lines[i]] = e.solution.paths[i];
        }
        if (rest_status == Verdict::Solved) {
            const CheckResult check = check_solution(p, whole, rules);
            if (check.ok) {
                out.status = TightResult::Status::Solved;
                out.solution = std::move(whole);
            } else {
                out.status = TightResult::Status::Unknown;
                out.why = "the merged answer fails the checker: " + check.message;
            }
            return;
        }
        if (rest_status != Verdict::Unsolvable || steps.empty()) {
            // Out of time (or, without columns, every packing leaves the same rest).
            const StopReason why = options.budget.check(false);
            out.status = why != StopReason::None ? stopped(why) : TightResult::Status::Unknown;
            out.why = "the rest of the board has no answer (" + std::string(verdict_name(rest_status)) + ")";
            return;
        }
        // The rest depends only on the columns (the part's layers are full in every packing),
        // and a packing that takes these columns and more leaves it less room: skip them all.
        packing.exclude(steps);
    }
}

}  // namespace

TightResult solve_tight(const Puzzle& p, Rules rules, const TightOptions& options) {
    TightResult out;
    Budget budget = options.budget;  // its deadline becomes the packings' on a group of layers
    if (p.labels.empty()) {
        out.why = "the board has no lines";
        return out;
    }
    if (!p.bridges.empty()) {
        out.why = "the board has bridges (a line may pass a bridge cell twice)";
        return out;
    }
    auto stopped_by = [&out](const Stopped& e) {
        out.status = e.reason == StopReason::Memory ? TightResult::Status::Unknown : stopped(e.reason);
        out.why = e.reason == StopReason::Memory ? "out of memory" : out.why;
        return out;
    };
    try {
        p.adjacency([&] { poll_budget(budget); });  // a huge board's graph is a pass: under the budget
    } catch (const Stopped& e) {
        return stopped_by(e);
    }
    const BoardSlack s = options.slack ? *options.slack : board_slack(p);
    out.slack = s.slack;
    if (s.disconnected || s.slack < 0) out.group = "board";
    if (s.disconnected) {
        out.status = TightResult::Status::Unsolvable;
        out.why = "a line's ends are not connected";
        return out;
    }
    if (s.slack < 0) {
        out.status = TightResult::Status::Unsolvable;
        out.why = "the lines' shortest routes need " + std::to_string(-s.slack) + " more cells than the board has";
        return out;
    }
    try {
        if (s.slack == 0) {
            solve_whole(p, rules, whole_board(p), budget, options, out);
            return out;
        }
        if (options.groups) {
            if (std::optional<BoardPart> part = tight_group(p)) {
                budget.deadline = std::min(budget.deadline, options.group_deadline);
                solve_group(p, rules, *part, budget, options, out);
                return out;
            }
        }
    } catch (const Stopped& e) {  // loading the formula ran out of budget
        return stopped_by(e);
    }
    out.why = "the board's slack is " + std::to_string(s.slack) + " cells, and no group of layers is tight";
    return out;
}


}  // namespace nl
