// The engines' part of a `solve --output json` record (docs/json.md), one home for the command
// line and the Python module: "stats" (the SAT engine's), and "optimize", "route", "repair",
// "dfs" and "wall" for the engines that ran.
#pragma once

#include <nlohmann/json.hpp>

#include "solver/engine.hpp"

namespace nl {

nlohmann::ordered_json solve_stats_json(const SolveStats& stats);

// Adds to `record` the objects of the engines that ran (each only when it did).
void add_engine_json(nlohmann::ordered_json& record, const EngineResult& result);

}  // namespace nl
