// The engines' part of a `solve --output json` record (docs/json.md), one home for the command
// line and the Python module: "stats" (the SAT engine's), and "optimize", "route", "repair",
// "dfs" and "wall" for the engines that ran.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "solver/pipeline/engine.hpp"

namespace nl {

nlohmann::ordered_json solve_stats_json(const SolveStats& stats);

// Adds to `record` the trail of attempts ("attempts", docs/json.md) and, for each engine that
// ran, an object of its own with its last attempt's status and figures.
void add_engine_json(nlohmann::ordered_json& record, const EngineResult& result);

// The trail for `solve --stats`: a line per attempt, "  ENGINE VERDICT (S s), NAME VALUE, ...".
std::string attempts_text(const EngineResult& result);

}  // namespace nl
