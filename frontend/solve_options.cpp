// solve's engine options and one solve; see solve_options.hpp.
#include "frontend/solve_options.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>

#include "core/errors.hpp"
#include "solver/count/length_line_sets.hpp"
#include "solver/count/min_length.hpp"

namespace nl::frontend {

namespace {

const OptionRow& solve_row(std::string_view name) {
    const OptionRow* row = find_option(solve_option_table(), name);
    if (!row) throw std::logic_error("no solve option " + std::string(name));
    return *row;
}

std::string choice(const OptionValues& values, const char* name) { return choice_value(values, solve_row(name)); }

long long whole(const OptionValues& values, const char* name) { return whole_value(values, solve_row(name)); }

// SAT's encoding and speculation.
SolveOptions read_sat_options(const OptionValues& values) {
    SolveOptions options;
    options.timeout = read_timeout(values);
    options.threads = read_threads(values);
    options.sat = read_sat_choice(values);
    options.max_memory = read_max_memory(values);
    const std::string coding = choice(values, "labels");
    if (coding == "onehot") options.coding = LabelCoding::OneHot;
    if (coding == "binary") options.coding = LabelCoding::Binary;
    options.acyclic = choice(values, "acyclic") == "order";
    options.speculate = !values.flag("no-speculate");
    if (choice(values, "speculation") == "fresh") options.speculation = SpeculationMode::Fresh;
    options.lazy_no_touch = choice(values, "touch-clauses") == "lazy";
    if (const char* fault = std::getenv("NUMBERLINK_DEBUG_FAULT")) {
        const std::string f = fault;
        if (f == "corrupt") options.debug_fault = SolveOptions::Fault::CorruptAnswers;
        if (f == "unsolvable") options.debug_fault = SolveOptions::Fault::ClaimUnsolvable;
    }
    return options;
}

// --optimize and its time.
void read_optimize(const OptionValues& values, EngineOptions& engine) {
    if (values.given("optimize"))
        engine.optimize = choice(values, "optimize") == "length" ? WireObjective::Length : WireObjective::Bends;
    if (values.flag("prove")) {
        if (engine.optimize != WireObjective::Length)
            throw UsageError("--prove goes with --optimize length (a proved minimum is of the total length)");
        engine.prove_length = true;
    }
    if (values.given("optimize-seconds")) {
        if (!engine.optimize) throw UsageError("--optimize-seconds goes with --optimize length|bends");
        engine.optimize_seconds = values.number("optimize-seconds");
        if (!(engine.optimize_seconds > 0)) throw UsageError("--optimize-seconds must be > 0");
    }
}

}  // namespace

EngineOptions read_engine_options(const OptionValues& values) {
    EngineOptions engine;
    engine.sat = read_sat_options(values);
    (void)read_jobs(values);
    engine.engine = *engine_named(choice(values, "engine"));  // a choice of the row: one of kEngineChoices
    engine.route_seed = values.given("route-seed") ? values.unsigned_integer("route-seed")
                                                   : std::stoull(solve_row("route-seed").fallback);
    engine.route_rounds = static_cast<int>(whole(values, "route-rounds"));
    if (values.given("route-rounds") && !values.defaulted("route-rounds")) engine.auto_route_rounds = engine.route_rounds;
    engine.dfs_nodes = whole(values, "dfs-nodes");
    engine.scan_nodes = whole(values, "scan-nodes");
    engine.sat_max_cells = whole(values, "sat-max-cells");
    engine.cross_check = values.flag("cross-check");
    read_optimize(values, engine);
    if (engine.cross_check && engine.engine != Engine::Auto && engine.engine != Engine::Sat)
        throw UsageError("--cross-check runs SAT and the wall follower; it goes with --engine auto or sat");
    return engine;
}

std::optional<std::string> optimize_rules_error(const EngineOptions& options, const Puzzle& puzzle) {
    if (!options.optimize || !puzzle.rules.fill) return std::nullopt;
    return "--optimize applies to no-fill rules only (adc, nikoli), but this puzzle is under " +
           rules_name(puzzle.rules) + " rules, where every answer fills the board (give --rules adc or nikoli)";
}

void check_optimize_rules(const EngineOptions& options, const Puzzle& puzzle) {
    if (const auto why = optimize_rules_error(options, puzzle)) throw UsageError(puzzle.name + ": " + *why);
}

SolveOutcome solve_one(const Puzzle& puzzle, const EngineOptions& options, bool bound) {
    SolveOutcome o;
    const auto t0 = std::chrono::steady_clock::now();
    try {
        o.result = solve_puzzle(puzzle, puzzle.rules, options);
        reroute_optimized_answer(puzzle, puzzle.rules, options, t0, o.result);
        prove_minimum_length(puzzle, puzzle.rules, options, t0, o.result);
    } catch (const InternalError& e) {
        o.error = e.what();
    }
    o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // Not part of the solve's time: a report on the puzzle (a few A* searches per line).
    if (bound && o.error.empty() && o.result.status == Verdict::Solved && !puzzle.rules.fill)
        o.bound = wire_lower_bound(puzzle);
    return o;
}

}  // namespace nl::frontend
