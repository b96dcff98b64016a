// The JSON records of solve, unique, count and generate; see records.hpp.
#include "app/records.hpp"

#include <algorithm>

#include "app/counting.hpp"
#include "core/json.hpp"
#include "core/quality.hpp"
#include "solver/engine_json.hpp"

namespace nl::app {

std::string solve_status(const SolveOutcome& o) { return o.error.empty() ? o.result.status : "error"; }

nlohmann::ordered_json solve_record(const Puzzle& p, const SolveOutcome& o, bool cross_check) {
    const EngineResult& e = o.result;
    const bool solved = o.error.empty() && e.status == "solved";
    auto j = puzzle_json(p, solved ? &e.solution : nullptr);
    j["status"] = solve_status(o);
    j["engine"] = e.engine;
    j["seconds"] = o.seconds;
    j["stats"] = solve_stats_json(e.sat_stats);
    if (solved) {
        const Quality q = solution_quality(p, e.solution);
        j["length"] = q.length;
        j["bends"] = q.bends;
        if (o.bound.length >= 0) j["length_lower_bound"] = o.bound.length;
        if (o.bound.length_bends >= 0) j["length_bends_lower_bound"] = o.bound.length_bends;
    }
    add_engine_json(j, e);
    if (cross_check) j["cross_check"] = {{"sat", e.sat_status}, {"wall", e.wall_status}, {"agree", o.error.empty()}};
    if (!o.error.empty()) j["error"] = o.error;
    return j;
}

std::string unique_verdict(const CountResult& r) {
    return r.count >= 2 ? "multiple" : r.timed_out ? stop_name(r.stop) : r.count == 1 ? "unique" : "none";
}

nlohmann::ordered_json unique_record(const Puzzle& p, const CountResult& r, CountEngine engine, Distinct distinct,
                                     const std::string& picture) {
    const std::string verdict = unique_verdict(r);
    auto j = puzzle_json(p, nullptr);
    j["verdict"] = verdict;
    j["engine"] = count_engine_name(engine);
    j["distinct"] = distinct_name(distinct);
    j["seconds"] = r.stats.solve_seconds;
    if (verdict == "unique") j["paths"] = paths_json(p, r.solutions[0]);
    // Stopped before a verdict: how many solutions were found (0 or 1), and the one found, checked
    // like every answer: the puzzle is solvable, only whether it has a second solution is open.
    if (r.timed_out && r.count < 2) {
        j["solutions_found"] = r.count;
        if (r.count == 1 && !r.solutions.empty()) j["paths"] = paths_json(p, r.solutions[0]);
    }
    if (verdict == "multiple") {
        j["solutions"] = {paths_json(p, r.solutions[0]), paths_json(p, r.solutions[1])};
        auto cells = nlohmann::ordered_json::array();
        for (CellId c : differing_cells(p, r.solutions[0], r.solutions[1])) cells.push_back(cell_json(p, c));
        j["differing_cells"] = std::move(cells);
        if (!picture.empty()) j["picture"] = picture;
    }
    return j;
}

nlohmann::ordered_json count_record(const Puzzle& p, const CountResult& r, CountEngine engine, Distinct distinct,
                                    bool all) {
    auto j = puzzle_json(p, nullptr);
    if (r.count_text.empty())
        j["count"] = r.count;
    else
        j["count"] = r.count_text;  // beyond 64 bits (frontier engine): exact, as a string
    if (r.capped) j["at_least"] = true;
    if (r.timed_out) j[r.stop == StopReason::Timeout ? "timed_out" : stop_name(r.stop)] = true;
    j["engine"] = count_engine_name(engine);
    j["distinct"] = distinct_name(distinct);
    j["seconds"] = r.stats.solve_seconds;
    if (all) {
        auto list = nlohmann::ordered_json::array();
        for (const Solution& s : r.solutions) list.push_back(puzzle_json(p, &s)["paths"]);
        j["solutions"] = std::move(list);
    }
    return j;
}

namespace {

int blocked_cells(const Puzzle& p) { return static_cast<int>(std::count(p.blocked.begin(), p.blocked.end(), 1)); }

nlohmann::ordered_json report_json(const gen::Generated& g, bool unique, gen::Variant variant) {
    nlohmann::ordered_json j = {
        {"paths", g.puzzle.labels.size()}, {"blocked", blocked_cells(g.puzzle)}, {"unique", unique},
        {"wall", g.wall.empty() ? "not run" : g.wall},  {"layouts", g.attempts},   {"checks", g.repair.checks},
        {"cuts", g.repair.cuts}, {"regrown", g.repair.regrown}, {"merges", g.repair.merges}, {"seconds", g.seconds}};
    if (variant != gen::Variant::Square) j["variant"] = gen::variant_name(variant);  // plain reports as before
    return j;
}

}  // namespace

nlohmann::ordered_json generate_record(const gen::Generated& g, std::uint64_t seed, bool unique, gen::Variant variant) {
    auto j = puzzle_json(g.puzzle, &g.solution);
    j["seed"] = std::to_string(seed);
    j["report"] = report_json(g, unique, variant);
    return j;
}

}  // namespace nl::app
