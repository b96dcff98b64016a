// The `--output json` records of solve, unique, count and generate, built in one place so that
// the command line and `numberlink serve` (server/) answer with the same record for the same
// result: the server's API is the CLI's JSON output (docs/json.md, docs/serve.md).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "core/puzzle.hpp"
#include "generator/generate.hpp"
#include "solver/count/count_engine.hpp"
#include "solver/count/count_json.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/route/optimize.hpp"

namespace nl::frontend {

// One solved (or not) puzzle as `solve` reports it. `error` is an internal error's message
// (status "error"); `bound` is the wire lower bound of a solved no-fill puzzle (-1: none).
struct SolveOutcome {
    EngineResult result;
    std::string error;
    double seconds = 0;
    WireLowerBound bound;
};

std::string solve_status(const SolveOutcome& outcome);  // the result's status, or "error"
nlohmann::ordered_json solve_record(const Puzzle& puzzle, const SolveOutcome& outcome, bool cross_check);

// `picture`: the comparison picture's file (unique --render), "" for none.
nlohmann::ordered_json unique_record(const Puzzle& puzzle, const CountResult& result, CountEngine engine,
                                     Distinct distinct, const std::string& picture);

// `all`: the record lists the solutions kept (count --all).
nlohmann::ordered_json count_record(const Puzzle& puzzle, const CountResult& result, CountEngine engine,
                                    Distinct distinct, bool all);

// A generated puzzle with its solution, the run's seed (as a string: 64 bits) and the report.
nlohmann::ordered_json generate_record(const gen::Generated& generated, std::uint64_t seed, bool unique,
                                       gen::Variant variant);

}  // namespace nl::frontend
