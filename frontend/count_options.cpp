// count's and unique's options; see count_options.hpp.
#include "frontend/count_options.hpp"

#include "solver/frontier.hpp"

namespace nl::frontend {

CountSettings read_count_settings(const OptionValues& values, long max) {
    CountSettings s;
    const auto engine =
        count_engine_from_name(values.given("engine") ? values.text("engine") : std::string(kDefaultCountEngine));
    if (!engine) throw UsageError("--engine takes sat, search or frontier");
    s.engine = *engine;
    const std::string distinct = values.given("distinct") ? values.text("distinct") : std::string(kDefaultDistinct);
    if (distinct == "paths")
        s.options.distinct = Distinct::Paths;
    else if (distinct == "colours" || distinct == "colors")
        s.options.distinct = Distinct::Colours;
    else
        throw UsageError("--distinct takes paths or colours, not '" + distinct + "'");
    s.options.sat.timeout = read_timeout(values);
    s.options.sat.threads = read_threads(values);
    s.jobs = read_jobs(values);
    s.options.sat.max_memory = read_max_memory(values);
    s.options.max = max;
    if (!max && values.given("max")) {
        s.options.max = values.whole<long>("max");
        if (s.options.max < 1) throw UsageError("--max must be at least 1");
    }
    return s;
}

std::optional<std::string> count_engine_refusal(CountEngine engine, const CountOptions& options, const Puzzle& puzzle) {
    if (engine != CountEngine::Frontier) return std::nullopt;
    if (const auto why = unsupported_frontier(puzzle, puzzle.rules, options.distinct))
        return "--engine frontier cannot count this puzzle: " + *why;
    return std::nullopt;
}

void require_count_engine_applies(CountEngine engine, const CountOptions& options, const Puzzle& puzzle) {
    if (const auto why = count_engine_refusal(engine, options, puzzle)) throw UsageError(puzzle.name + ": " + *why);
}

}  // namespace nl::frontend
