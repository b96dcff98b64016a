// The JSON records of solve, unique, count and generate; see records.hpp.
#include "frontend/records.hpp"

#include <algorithm>

#include "core/json.hpp"
#include "core/quality.hpp"
#include "solver/count/count_json.hpp"
#include "solver/pipeline/engine_json.hpp"

namespace nl::frontend {

std::string solve_status(const SolveOutcome& o) { return o.error.empty() ? verdict_name(o.result.status) : "error"; }

nlohmann::ordered_json solve_record(const Puzzle& p, const SolveOutcome& o, bool cross_check) {
    const EngineResult& e = o.result;
    const bool solved = o.error.empty() && e.status == Verdict::Solved;
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
        if (e.length_proof) {
            j["optimal"] = e.length_proof->optimal;
            j["lower_bound"] = e.length_proof->lower_bound;
        }
    }
    add_engine_json(j, e);
    if (cross_check) {
        const Attempt* sat = last_attempt(e, "sat");
        const Attempt* wall = last_attempt(e, "wall");
        j["cross_check"] = {{"sat", sat ? verdict_name(sat->verdict) : ""},
                            {"wall", wall ? stat_word(*wall, "status") : ""},
                            {"agree", o.error.empty()}};
    }
    if (!o.error.empty()) j["error"] = o.error;
    return j;
}

nlohmann::ordered_json unique_record(const Puzzle& p, const CountResult& r, CountEngine engine, Distinct distinct,
                                     const std::string& picture) {
    auto j = unique_json(p, r, count_engine_name(engine), distinct);
    if (!picture.empty() && j["verdict"] == "multiple") j["picture"] = picture;
    return j;
}

nlohmann::ordered_json count_record(const Puzzle& p, const CountResult& r, CountEngine engine, Distinct distinct,
                                    bool all) {
    return count_json(p, r, count_engine_name(engine), distinct, all);
}

namespace {

int blocked_cells(const Puzzle& p) { return static_cast<int>(std::count(p.blocked.begin(), p.blocked.end(), 1)); }

nlohmann::ordered_json report_json(const gen::Generated& g, bool unique, gen::Variant variant) {
    nlohmann::ordered_json j = {
        {"paths", g.puzzle.labels.size()}, {"blocked", blocked_cells(g.puzzle)}, {"unique", unique},
        {"wall", g.wall.empty() ? "not run" : g.wall},  {"layouts", g.attempts},   {"checks", g.repair.checks},
        {"cuts", g.repair.cuts}, {"regrown", g.repair.regrown}, {"merges", g.repair.merges}, {"seconds", g.seconds}};
    if (variant != gen::Variant::Square) j["variant"] = gen::variant_name(variant);  // a square board's report names no variant
    return j;
}

}  // namespace

nlohmann::ordered_json generate_record(const gen::Generated& g, std::uint64_t seed, bool unique, gen::Variant variant) {
    auto j = puzzle_json(g.puzzle, &g.solution);
    j["seed"] = std::to_string(seed);
    j["report"] = report_json(g, unique, variant);
    return j;
}

}  // namespace nl::frontend
