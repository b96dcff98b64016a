// The engines' JSON fields; see engine_json.hpp.
#include "solver/engine_json.hpp"

namespace nl {

nlohmann::ordered_json solve_stats_json(const SolveStats& s) {
    nlohmann::ordered_json j = {{"vars", s.vars},
                                {"clauses", s.clauses},
                                {"cycle_cuts", s.cycle_cuts},
                                {"loops_spliced", s.loops_spliced},
                                {"touch_cuts", s.touch_cuts},
                                {"sat_calls", s.sat_calls},
                                {"conflicts", s.conflicts},
                                {"speculation", s.speculation}};
    if (!s.speculation_stage.empty()) j["speculation_stage"] = s.speculation_stage;  // when held
    j["encode_seconds"] = s.encode_seconds;
    j["solve_seconds"] = s.solve_seconds;
    j["forced_edges"] = s.forced_edges;
    j["dead_edges"] = s.dead_edges;
    // sat, parity ("parity: ...", "no path can join ..."), or presolve ("forced: ...")
    if (!s.unsolvable_reason.empty()) j["unsolvable_reason"] = s.unsolvable_reason;
    return j;
}

void add_engine_json(nlohmann::ordered_json& j, const EngineResult& e) {
    if (!e.optimize_status.empty())
        j["optimize"] = {{"objective", e.optimize_objective}, {"status", e.optimize_status},
                         {"length_before", e.before_optimize.length}, {"bends_before", e.before_optimize.bends},
                         {"passes", e.optimize_passes}, {"improvements", e.optimize_improvements}};
    if (!e.route_status.empty())
        j["route"] = {{"status", e.route_status}, {"rounds", e.route_rounds}, {"reroutes", e.route_reroutes},
                      {"expanded", e.route_expanded}, {"overlaps_left", e.route_overlaps}};
    if (!e.layers_status.empty())
        j["layers"] = {{"status", e.layers_status}, {"layer_solves", e.layers_solves},
                       {"assignments", e.layers_assignments}};
    if (!e.tight_status.empty()) {
        j["tight"] = {{"status", e.tight_status}, {"part", e.tight_part}, {"packings", e.tight_packings}};
        if (!e.tight_why.empty()) j["tight"]["why"] = e.tight_why;
    }
    if (!e.shrink_status.empty())
        j["shrink"] = {{"status", e.shrink_status}, {"width", e.shrink_width}, {"height", e.shrink_height}};
    if (!e.routefill_status.empty())
        j["routefill"] = {{"status", e.routefill_status}, {"left_empty", e.routefill_left_empty},
                          {"windows", e.routefill_windows}};
    if (!e.repair_status.empty())
        j["repair"] = {{"status", e.repair_status}, {"steps", e.repair_steps}, {"window_cells", e.repair_window}};
    if (!e.dfs_status.empty()) j["dfs"] = {{"status", e.dfs_status}, {"nodes", e.dfs_nodes}};
    if (!e.scan_status.empty()) j["scan"] = {{"status", e.scan_status}, {"nodes", e.scan_nodes}};
    if (!e.wall_status.empty())
        j["wall"] = {{"status", e.wall_status}, {"rounds", e.wall_rounds}, {"boards", e.wall_boards},
                     {"max_board_list", e.wall_max_list}};
}

}  // namespace nl
