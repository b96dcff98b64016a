// The rows of solve's own options; see solve_options.hpp. The engine reads them in
// solve_options.cpp, the command line, the server and the Python module list them from here.
#include <limits>
#include <string>
#include <vector>

#include "frontend/option_readers.hpp"
#include "frontend/solve_options.hpp"
#include "solver/pipeline/stage.hpp"

namespace nl::frontend {

namespace {

struct RowMaker {
    std::vector<OptionRow> rows;

    OptionRow& add(std::string name, OptionKind kind, std::string value_name, std::string fallback, std::string help,
                   unsigned places = kEverywhere) {
        rows.push_back(option_row(std::move(name), kind, std::move(value_name), std::move(help), places,
                                  std::move(fallback)));
        return rows.back();
    }
    OptionRow& choice(std::string name, std::string value_name, std::string choices, std::string help) {
        OptionRow& r = add(std::move(name), OptionKind::Choice, std::move(value_name), "", std::move(help));
        r.choices = std::move(choices);
        r.fallback = r.choices.substr(0, r.choices.find('|'));  // the first choice is the default
        return r;
    }
    OptionRow& whole(std::string name, long long fallback, long long least, long long most, std::string help) {
        OptionRow& r = add(std::move(name), OptionKind::Whole, "N", std::to_string(fallback), std::move(help));
        r.least = least;
        r.most = most;
        return r;
    }
};

std::vector<OptionRow> make_solve_rows() {
    using K = OptionKind;
    const EngineOptions defaults;
    RowMaker m;
    m.rows = common_options({"timeout", "threads", "sat"});
    OptionRow& jobs = m.whole("jobs", default_jobs(), 1, kMaxJobs, "puzzles solved in parallel (default: the number of cores)");
    jobs.short_name = 'j';
    jobs.places = kCommandLine;
    m.choice("labels", "CODE", "auto|onehot|binary", "label variables: auto|onehot|binary");
    m.choice("acyclic", "HOW", "cuts|order",
             "how loops are excluded: cuts (lazy cycle cuts) or order (exact ordering encoding)")
        .measured = "Acyclicity encoding";
    m.choice("touch-clauses", "HOW", "lazy|eager",
             "no-touch rules: lazy (added when an answer touches) or eager (all up front)");
    m.add("no-speculate", K::Switch, "", "", "do not try monotone lines / no U-turn / fill first");
    m.choice("speculation", "HOW", "guarded|fresh",
             "guarded (activation literals, one solver) or fresh (a solver per attempt)")
        .measured = "SAT speculation: two sessions";
    m.choice("engine", "NAME", engine_choices(),
             "auto (every engine in the order of the stage table) or one alone: " +
                 help_list(engine_choices().substr(engine_choices().find('|') + 1)) + " (--help-all: what each does)");
    m.whole("dfs-nodes", defaults.dfs_nodes, 0, std::numeric_limits<long>::max(),
            "auto: node budget of the depth-first search tried first on small boards under fill rules (0: off)")
        .measured = "`dfs_max_cells`";
    m.whole("scan-nodes", defaults.scan_nodes, 0, std::numeric_limits<long>::max(),
            "auto: budget (cells visited, and " + std::to_string(defaults.scan_nodes_per_cell) +
                " more a cell) of the scan search tried before it under fill rules (0: off)")
        .measured = "`scan_nodes`";
    m.whole("sat-max-cells", defaults.sat_max_cells, 0, std::numeric_limits<long>::max(),
            "auto: open cells of one SAT problem (the board, or each of its independent regions); SAT declines a "
            "larger one and the other engines go on, status limit if none answers (0: no bound; --engine sat has none)")
        .measured = "`sat_max_cells`";
    m.add("route-seed", K::Unsigned, "N", std::to_string(defaults.route_seed),
          "seed of the router's rerouting order (same seed, same answer)");
    m.whole("route-rounds", defaults.route_rounds, 0, std::numeric_limits<int>::max(),
            "rounds of rip-up and reroute before --engine route gives up (given, it caps auto's router too, "
            "which by default routes until SAT or the deadline stops it)")
        .measured = "`auto_route_rounds`";
    m.choice("optimize", "WHAT", "length|bends",
             "shorter wires under no-fill rules (adc, nikoli): improve each answer for total length (length) or "
             "length + bends (bends, the ADC score) by rerouting its lines")
        .fallback = "";  // no default: not given, no optimisation
    m.rows.back().measured = "`optimize`";
    m.add("optimize-seconds", K::Number, "SECONDS", "",
          "time for --optimize per puzzle, after solving (default 5; it stops earlier when no line improves and, "
          "under length, no set of lines routed again with SAT gets shorter; never past --timeout)");
    m.add("prove", K::Switch, "", "",
          "with --optimize length: prove the shortest total length (SAT bounds on the length from above "
          "and below until they meet), until proved or --timeout; reports optimal or the proved lower bound");
    m.add("cross-check", K::Switch, "", "", "run both engines on every puzzle and report disagreements (exit 70)");
    m.add("stats", K::Switch, "", "", "print statistics per puzzle", kCommandLine | kRequest);
    m.add("animate", K::Switch, "", "",
          "replay each solution on the terminal, its paths laid one cell at a time (grid output with colour: on a "
          "terminal or with --color always)",
          kCommandLine);
    m.whole("animate-delay", 30, 0, 60'000, "milliseconds between animation frames (0: no pause)").places = kCommandLine;
    m.rows.back().value_name = "MS";
    OptionRow& split = m.whole("split", 1, 1, kMaxSplitParts,
                               "instead of solving, split the one puzzle into N parts that can be searched anywhere "
                               "(run-part) and merged (merge: the first solution any part finds, or none); with --emit "
                               "(docs/scaling.md)");
    split.fallback = "";
    split.places = kCommandLine;
    m.add("emit", K::Text, "DIR", "", "the directory --split writes its parts to (created; must not hold a split already)",
          kCommandLine);
    for (OptionRow& r : common_options(
             {"rules", "format", "output", "color", "progress", "max-memory", "output-file", "quiet", "help"}))
        m.rows.push_back(std::move(r));
    return std::move(m.rows);
}

}  // namespace

std::span<const OptionRow> solve_option_table() {
    static const std::vector<OptionRow> rows = make_solve_rows();
    return rows;
}

}  // namespace nl::frontend
