// solve's engine options and one solve; see solve_options.hpp.
#include "frontend/solve_options.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>

#include "core/errors.hpp"

namespace nl::frontend {

EngineOptions read_engine_options(const OptionValues& values) {
    // A choice among fixed names: the given one, or the default.
    const auto choice = [&](const char* name, const char* fallback) {
        return values.given(name) ? values.text(name) : std::string(fallback);
    };
    SolveOptions options;
    options.timeout = read_timeout(values);
    options.threads = read_threads(values);
    options.max_memory = read_max_memory(values);
    (void)read_jobs(values);
    const std::string coding = choice("labels", kDefaultLabels);
    if (coding == "onehot") options.coding = LabelCoding::OneHot;
    else if (coding == "binary") options.coding = LabelCoding::Binary;
    else if (coding != "auto") throw UsageError("--labels takes auto, onehot or binary");
    const std::string acyclic = choice("acyclic", kDefaultAcyclic);
    if (acyclic != "cuts" && acyclic != "order") throw UsageError("--acyclic takes cuts or order");
    options.acyclic = acyclic == "order";
    options.speculate = !values.flag("no-speculate");
    const std::string speculation = choice("speculation", kDefaultSpeculation);
    if (speculation != "guarded" && speculation != "fresh")
        throw UsageError("--speculation takes guarded or fresh");
    if (speculation == "fresh") options.speculation = SpeculationMode::Fresh;
    const std::string touch_clauses = choice("touch-clauses", kDefaultTouchClauses);
    if (touch_clauses != "lazy" && touch_clauses != "eager")
        throw UsageError("--touch-clauses takes lazy or eager");
    options.lazy_no_touch = touch_clauses == "lazy";
    if (const char* fault = std::getenv("NUMBERLINK_DEBUG_FAULT")) {
        const std::string f = fault;
        if (f == "corrupt") options.debug_fault = SolveOptions::Fault::CorruptAnswers;
        if (f == "unsolvable") options.debug_fault = SolveOptions::Fault::ClaimUnsolvable;
    }
    EngineOptions engine;
    engine.sat = options;
    const std::optional<Engine> named = engine_named(choice("engine", kDefaultEngine));
    if (!named) throw UsageError(std::string("--engine takes ") + kEngineNames);
    engine.engine = *named;
    engine.route_seed = values.given("route-seed") ? values.unsigned_integer("route-seed") : kDefaultRouteSeed;
    engine.route_rounds = values.given("route-rounds") ? values.whole<int>("route-rounds") : kDefaultRouteRounds;
    if (values.given("route-rounds") && !values.defaulted("route-rounds")) engine.auto_route_rounds = engine.route_rounds;
    if (values.given("dfs-nodes")) engine.dfs_nodes = values.whole<long>("dfs-nodes");
    if (engine.dfs_nodes < 0) throw UsageError("--dfs-nodes must be >= 0");
    if (values.given("scan-nodes")) engine.scan_nodes = values.whole<long>("scan-nodes");
    if (engine.scan_nodes < 0) throw UsageError("--scan-nodes must be >= 0");
    if (engine.route_rounds < 0) throw UsageError("--route-rounds must be >= 0");
    engine.cross_check = values.flag("cross-check");
    if (values.given("optimize")) {
        const std::string what = values.text("optimize");
        if (what == "length") engine.optimize = WireObjective::Length;
        else if (what == "bends") engine.optimize = WireObjective::Bends;
        else throw UsageError("--optimize takes length or bends");
    }
    if (values.given("optimize-seconds")) {
        if (!engine.optimize) throw UsageError("--optimize-seconds goes with --optimize length|bends");
        engine.optimize_seconds = values.number("optimize-seconds");
        if (!(engine.optimize_seconds > 0)) throw UsageError("--optimize-seconds must be > 0");
    }
    if (engine.cross_check && (engine.engine == Engine::Wall || engine.engine == Engine::Search ||
                               engine.engine == Engine::Route || engine.engine == Engine::Dfs || engine.engine == Engine::Scan ||
                               engine.engine == Engine::Layers || engine.engine == Engine::Tight))
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
