// The records of unique and count; see count_json.hpp.
#include "solver/count/count_json.hpp"

#include "core/json.hpp"

namespace nl {

std::string distinct_name(Distinct distinct) { return distinct == Distinct::Colours ? "colours" : "paths"; }

std::string stop_name(StopReason why) {
    switch (why) {
        case StopReason::Interrupted: return "interrupted";
        case StopReason::Memory: return "limit";
        case StopReason::Timeout:
        case StopReason::None: break;
    }
    return "timeout";
}

std::string unique_verdict(const CountResult& r) {
    return r.count >= 2 ? "multiple" : r.timed_out ? stop_name(r.stop) : r.count == 1 ? "unique" : "none";
}

std::string uturn_note(const CountResult& r) {
    if (r.uturn_free < 0 || !(r.timed_out || r.capped)) return "";
    if (r.uturn_free == 0) return "any solution has a U-turn";
    if (r.uturn_free == r.count) return "any other solution has a U-turn";
    return std::to_string(r.uturn_free) + " without a U-turn, all found";
}

std::vector<CellId> differing_cells(const Puzzle& p, const Solution& a, const Solution& b) {
    const auto ga = solution_grid(p, a), gb = solution_grid(p, b);
    std::vector<CellId> out;
    for (CellId c = 0; c < p.cell_count(); ++c)
        if (ga[c] != gb[c]) out.push_back(c);
    return out;
}

nlohmann::ordered_json unique_json(const Puzzle& p, const CountResult& r, const std::string& engine,
                                   Distinct distinct) {
    const std::string verdict = unique_verdict(r);
    auto j = puzzle_json(p, nullptr);
    j["verdict"] = verdict;
    j["engine"] = engine;
    j["distinct"] = distinct_name(distinct);
    j["seconds"] = r.stats.solve_seconds;
    if (verdict == "unique") j["paths"] = paths_json(p, r.solutions[0]);
    // How none was proved, in solve's words: "sat" or the board argument ("parity: ...").
    if (verdict == "none" && !r.stats.unsolvable_reason.empty()) j["unsolvable_reason"] = r.stats.unsolvable_reason;
    // Stopped before a verdict: how many solutions were found (0 or 1), and the one found, checked
    // like every answer: the puzzle is solvable, only whether it has a second solution is open.
    if (r.timed_out && r.count < 2) {
        j["solutions_found"] = r.count;
        if (r.count == 1 && !r.solutions.empty()) j["paths"] = paths_json(p, r.solutions[0]);
        if (r.uturn_free >= 0) j["uturn_free_solutions"] = r.uturn_free;
    }
    if (verdict == "multiple") {
        j["solutions"] = {paths_json(p, r.solutions[0]), paths_json(p, r.solutions[1])};
        auto cells = nlohmann::ordered_json::array();
        for (CellId c : differing_cells(p, r.solutions[0], r.solutions[1])) cells.push_back(cell_json(p, c));
        j["differing_cells"] = std::move(cells);
    }
    return j;
}

nlohmann::ordered_json count_json(const Puzzle& p, const CountResult& r, const std::string& engine,
                                  Distinct distinct, bool all) {
    auto j = puzzle_json(p, nullptr);
    if (r.count_text.empty())
        j["count"] = r.count;
    else
        j["count"] = r.count_text;  // beyond 64 bits (frontier engine): exact, as a string
    if (r.capped) j["at_least"] = true;
    if (r.timed_out) j[r.stop == StopReason::Timeout ? "timed_out" : stop_name(r.stop)] = true;
    if ((r.capped || r.timed_out) && r.uturn_free >= 0) j["uturn_free_solutions"] = r.uturn_free;
    j["engine"] = engine;
    j["distinct"] = distinct_name(distinct);
    j["seconds"] = r.stats.solve_seconds;
    if (all) {
        auto list = nlohmann::ordered_json::array();
        for (const Solution& s : r.solutions) list.push_back(paths_json(p, s));
        j["solutions"] = std::move(list);
    }
    return j;
}

}  // namespace nl
