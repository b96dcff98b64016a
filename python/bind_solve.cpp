// Python: solve, count and unique, as `numberlink solve/count/unique --output json` answer them.
// Counting goes through count_with_engine (solver/count/count_engine.hpp), exactly as the command line's
// count and unique do, the SAT engine's exact fallbacks under a time limit included.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "core/errors.hpp"
#include "core/json.hpp"
#include "frontend/records.hpp"
#include "frontend/solve_options.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/interruptible.hpp"
#include "python/keyword_values.hpp"
#include "solver/count/count_engine.hpp"
#include "solver/count/count_json.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/count/frontier.hpp"

namespace nl::python {

namespace {

void require_timeout(double timeout) {
    if (timeout < 0) throw py::value_error("timeout must be >= 0 (0: none)");
}

py::object solve(const PuzzleEntry& entry, const std::optional<std::string>& rules, const py::kwargs& keywords) {
    const KeywordValues values(keywords, frontend::solve_option_table(), "solve");
    EngineOptions options = reading_keywords([&] { return frontend::read_engine_options(values); });
    const Puzzle p = with_rules(entry.puzzle, rules);
    reading_keywords([&] { frontend::check_optimize_rules(options, p); });
    frontend::SolveOutcome outcome;
    run_interruptible([&](std::atomic<bool>& interrupt) {
        options.sat.interrupt = &interrupt;
        outcome = frontend::solve_one(p, options, /*bound=*/false);
    });
    // An answer the checker rejected is an exception here, not an "error" record.
    if (!outcome.error.empty()) throw InternalError(outcome.error);
    // `numberlink solve --output json`'s record, without the wire-length lower bounds.
    return to_python(frontend::solve_record(p, outcome, options.cross_check));
}

// Counts with the interrupt flag; `options` carries everything else.
CountResult run_count(const Puzzle& p, const std::string& engine, CountOptions options) {
    const std::optional<CountEngine> chosen = count_engine_from_name(engine);
    if (!chosen) throw py::value_error("engine must be sat, search or frontier, not '" + engine + "'");
    if (*chosen == CountEngine::Frontier)
        if (const auto why = unsupported_frontier(p, p.rules, options.distinct))
            throw py::value_error("engine frontier cannot count " + p.name + ": " + *why);
    CountResult result;
    run_interruptible([&](std::atomic<bool>& interrupt) {
        options.sat.interrupt = &interrupt;
        result = count_with_engine(p, p.rules, *chosen, options);
    });
    return result;
}

py::object count(const PuzzleEntry& entry, long max, double timeout, const std::string& distinct,
                 const std::string& engine, const std::optional<std::string>& rules, bool solutions) {
    require_timeout(timeout);
    if (max < 0) throw py::value_error("max must be >= 0 (0: count all)");
    const Puzzle p = with_rules(entry.puzzle, rules);
    CountOptions options;
    options.max = max;
    options.distinct = distinct_named(distinct);
    options.sat.timeout = timeout;
    options.keep = solutions ? static_cast<std::size_t>(-1) : 0;
    const CountResult r = run_count(p, engine, options);
    // `numberlink count --output json` (solver/count/count_json.hpp).
    const auto j = count_json(p, r, engine, options.distinct, solutions);
    py::object out = to_python(j);
    if (!r.count_text.empty()) out["count"] = py::int_(py::str(r.count_text));  // exact, past 64 bits
    return out;
}

py::object unique(const PuzzleEntry& entry, double timeout, const std::string& distinct, const std::string& engine,
                  const std::optional<std::string>& rules) {
    require_timeout(timeout);
    const Puzzle p = with_rules(entry.puzzle, rules);
    CountOptions options;
    options.max = 2;
    options.distinct = distinct_named(distinct);
    options.sat.timeout = timeout;
    const CountResult r = run_count(p, engine, options);
    // `numberlink unique --output json` (solver/count/count_json.hpp).
    const auto j = unique_json(p, r, engine, options.distinct);
    return to_python(j);
}

}  // namespace

void bind_solve(py::module_& m) {
    static const std::string solve_doc =
        "solve(puzzle, rules=None, **options) -> dict\n\n"
        "Solves one puzzle as `numberlink solve --output json` does and returns its record: the\n"
        "puzzle's fields, 'status' (solved, unsolvable, timeout, unknown, not-applicable, limit),\n"
        "'engine', 'seconds', 'stats', 'attempts', and when solved 'paths' ({label: [[x, y], ...]}),\n"
        "'grid', 'length', 'bends'. rules: None keeps the puzzle's. A solution has passed the checker;\n"
        "'unsolvable' is proved. Releases the GIL; Ctrl-C raises KeyboardInterrupt.\n\n"
        "options: the keywords of `numberlink solve`'s options ('-' as '_'), with their defaults:\n" +
        keyword_help(frontend::solve_option_table());
    m.def("solve", &solve, py::arg("puzzle"), py::arg("rules") = py::none(), solve_doc.c_str());
    m.def("count", &count, py::arg("puzzle"), py::arg("max") = 0, py::arg("timeout") = 0.0,
          py::arg("distinct") = "paths", py::arg("engine") = "sat", py::arg("rules") = py::none(),
          py::arg("solutions") = false,
          "count(puzzle, max=0, timeout=0, distinct='paths', engine='sat', rules=None, solutions=False) -> dict\n\n"
          "Counts the distinct solutions exactly, as `numberlink count --output json`: 'count',\n"
          "'at_least' (True when it stopped at max), 'timed_out' / 'limit' when it stopped early (then\n"
          "count is a lower bound; with either, 'uturn_free_solutions' when every solution without a\n"
          "U-turn was found), 'engine', 'distinct', 'seconds', and with solutions=True\n"
          "'solutions' (the path dicts found). max: 0 counts all. distinct: paths or colours.\n"
          "engine: sat, search (exhaustive, small boards) or frontier (one-layer boards, any count).\n"
          "Releases the GIL; Ctrl-C raises KeyboardInterrupt.");
    m.def("unique", &unique, py::arg("puzzle"), py::arg("timeout") = 0.0, py::arg("distinct") = "paths",
          py::arg("engine") = "sat", py::arg("rules") = py::none(),
          "unique(puzzle, timeout=0, distinct='paths', engine='sat', rules=None) -> dict\n\n"
          "Does the puzzle have exactly one solution? As `numberlink unique --output json`: 'verdict'\n"
          "is unique (with its 'paths'), multiple (with two 'solutions' and 'differing_cells'), none,\n"
          "timeout or limit (with 'solutions_found', the one found as 'paths', and 'uturn_free_solutions'\n"
          "when every solution without a U-turn was found); plus 'engine',\n"
          "'distinct', 'seconds'. Every verdict but timeout/limit is exact. Releases the GIL; Ctrl-C raises KeyboardInterrupt.");
}

}  // namespace nl::python
