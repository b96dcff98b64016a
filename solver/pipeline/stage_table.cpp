// `auto` as a table, read top to bottom, and the engines `--engine NAME` runs alone.
//
// Exact, cheap reasoning first: the refutations decide a board before any stage that may spend
// time without deciding. Then the searches that are cheap on the boards they take (the scan and
// the depth-first search under a budget of nodes), the heuristics that answer large boards of
// one kind (route-and-fill and shrink on sparse flow boards, the wall follower on small ones),
// the tight engine, the routing stages of no-fill boards, and SAT with the time left. The wall
// follower checks SAT's negative answers last. Why each budget: docs/performance.md.
#include <cstdio>

#include "core/number_text.hpp"
#include "solver/search/scan.hpp"
#include "solver/decompose/shrink.hpp"
#include "solver/pipeline/stage_parts.hpp"

namespace nl {

namespace {

std::string cells(long n) { return grouped_digits(n); }

std::string share(double s) {
    char text[32];
    std::snprintf(text, sizeof text, "%g%%", s * 100);
    return text;
}

const EngineOptions& defaults() {
    static const EngineOptions options;
    return options;
}

const Stage kAutoStages[] = {
    {"parity", StageKind::Refutation, "every board",
     [](const EngineOptions&) -> std::string { return "one walk over the board"; },
     [](const StageRun&) { return true; }, run_parity},
    {"crossing", StageKind::Refutation, "one-layer square grids",
     [](const EngineOptions&) -> std::string { return "a walk round each face that holds a line's end"; },
     [](const StageRun& r) { return r.puzzle.layers == 1 && r.puzzle.square_grid(); }, run_crossing},
    {"scan", StageKind::Exact, "fill rules on a one-layer square grid; under flow rules small boards",
     [](const EngineOptions& o) -> std::string {
         return cells(o.scan_nodes) + " cells visited plus " + std::to_string(o.scan_nodes_per_cell) +
                " a cell; then, on " + cells(o.scan_race_min_cells) +
                " cells or more, races the rest; under flow rules up to " + cells(o.scan_flow_max_cells) + " cells";
     },
     [](const StageRun& r) {
         return r.rules.fill && r.options.scan_nodes > 0 && scan_applies(r.puzzle) &&
                (!r.rules.touch || r.puzzle.cell_count() <= r.options.scan_flow_max_cells);
     },
     run_scan, race_scan_on},
    {"cuts", StageKind::Refutation, "every board",
     [](const EngineOptions&) -> std::string {
         return "one pass over the cells; then disjoint routes, within 2,000 + one visit a cell, up to 250,000 cells";
     },
     [](const StageRun&) { return true; }, run_cuts},
    {"refute", StageKind::Refutation, "every board",
     [](const EngineOptions& o) -> std::string {
         return "the shortest routes when lines x cells <= " + cells(o.refute.slack_max_work) + ", presolve up to " +
                cells(o.refute.presolve_max_cells) + " cells";
     },
     [](const StageRun&) { return true; }, run_refute},
    {"dfs", StageKind::Heuristic, "fill rules on a plain one-layer grid without vias, small boards",
     [](const EngineOptions& o) -> std::string {
         return cells(o.dfs_nodes) + " nodes, boards of at most " + cells(o.dfs_max_cells) + " cells";
     },
     [](const StageRun& r) {
         return r.rules.fill && flat_board(r.puzzle) && r.puzzle.vias.empty() && !r.scan_exhausted &&
                r.options.dfs_nodes > 0 && r.puzzle.cell_count() <= r.options.dfs_max_cells;
     },
     run_dfs},
    {"routefill", StageKind::Heuristic, "flow rules, sparse boards",
     [](const EngineOptions& o) -> std::string { return share(o.routefill_share) + " of the time"; },
     [](const StageRun& r) { return sparse_flow_board(r) && r.in_time(); }, run_route_fill},
    {"shrink", StageKind::Heuristic, "large boards whose plain rows and columns can go",
     [](const EngineOptions& o) -> std::string {
         return share(o.shrink_share) + " of the time, boards of " + cells(o.shrink_min_cells) + "+ cells";
     },
     [](const StageRun& r) {
         return r.puzzle.cell_count() >= r.options.shrink_min_cells && r.in_time() &&
                shrink_ratio(r.puzzle, r.rules) <= r.options.shrink_max_ratio;
     },
     run_shrink},
    {"wall", StageKind::Heuristic, "small plain one-layer grids",
     [](const EngineOptions& o) -> std::string {
         return cells(o.presolve_boards) + " boards, boards of at most " + cells(o.presolve_max_cells) + " cells";
     },
     [](const StageRun& r) { return flat_board(r.puzzle) && r.puzzle.cell_count() <= r.options.presolve_max_cells; },
     run_wall_presolve},
    {"tight", StageKind::Exact, "boards (or groups of layers) the lines' shortest routes fill exactly",
     [](const EngineOptions& o) -> std::string {
         return "all the time on a tight board, " + share(o.tight_share) + " on a group of layers";
     },
     [](const StageRun&) { return true; }, run_tight},
    {"sat-turn", StageKind::Exact, "no-fill rules, one layer, routed boards",
     [](const EngineOptions& o) -> std::string {
         return "a tenth of the time, at most " + std::to_string(o.sat_first_seconds).substr(0, 4) + " s";
     },
     [](const StageRun& r) { return routed_board(r) && r.puzzle.layers == 1 && r.options.sat_first_seconds > 0; },
     run_sat_first},
    {"route", StageKind::Heuristic, "no-fill rules, routed boards SAT's turn did not decide",
     [](const EngineOptions& o) -> std::string {
         return cells(o.route_first_expanded) + " cells expanded (" + share(o.route_share) +
                " of the time), each turn repaired; then races SAT";
     },
     [](const StageRun& r) { return routed_board(r) && !r.decided; }, run_route},
    {"sat", StageKind::Exact, "every board not decided above",
     [](const EngineOptions& o) -> std::string {
         return "all the time left; CaDiCaL joins CryptoMiniSat after 0.1 s where a core is free; one CNF of at most " +
                (o.sat_max_cells > 0 ? cells(o.sat_max_cells) : std::string("any number of")) +
                " open cells (a larger board by its independent regions)";
     },
     [](const StageRun&) { return true; }, run_sat},
    {"wall-check", StageKind::Confirm, "plain one-layer grids, after SAT's unsolvable, timeout or cell bound",
     [](const EngineOptions& o) -> std::string { return cells(o.fallback_boards) + " boards"; },
     [](const StageRun& r) {
         return flat_board(r.puzzle) && (r.result.engine == "sat" || r.result.engine == "repair");
     },
     run_wall_check},
};

struct AloneEngine {
    const char* name;
    Engine engine;
    void (*run)(StageRun&);
    const char* summary;  // for --engine's help
};

const AloneEngine kAlone[] = {
    {"auto", Engine::Auto, nullptr, "the stage table, top to bottom"},
    {"sat", Engine::Sat, alone_sat, "the SAT engine alone"},
    {"wall", Engine::Wall, alone_wall, "the wall follower alone: solved or unknown"},
    {"route", Engine::Route, alone_route, "the router alone, no-fill rules: solved or unknown"},
    {"routefill", Engine::RouteFill, alone_route_fill,
     "flow rules: route in 2x2 blocks, or without filling, grow the paths into the empty cells, SAT in small "
     "windows on what is left"},
    {"layers", Engine::Layers, alone_layers,
     "boards with listed vias: which line takes which via, then layer by layer"},
    {"tight", Engine::Tight, alone_tight,
     "boards whose lines' shortest routes fill them exactly (exact), or groups of layers theirs fill"},
    {"shrink", Engine::Shrink, alone_shrink,
     "flow rules: a smaller board without the plain rows and columns, its paths widened back"},
    {"search", Engine::Search, alone_search, "the exhaustive search, small boards"},
    {"dfs", Engine::Dfs, alone_dfs, "the depth-first search alone, one-layer boards"},
    {"scan", Engine::Scan, alone_scan,
     "the scan search alone: strict solutions, cell by cell, one-layer square boards"},
};

std::string alone_names() {
    std::string s;
    const std::size_t n = std::size(kAlone);
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0) s += i + 1 == n ? " or " : ", ";
        s += kAlone[i].name;
    }
    return s;
}

}  // namespace

const std::string kEngineNames = alone_names();

const std::string& engine_choices() {
    // Built on first use: option tables built during static initialisation call it.
    static const std::string choices = [] {
        std::string s;
        for (const AloneEngine& e : kAlone) {
            if (!s.empty()) s += '|';
            s += e.name;
        }
        return s;
    }();
    return choices;
}

std::span<const Stage> auto_stages() { return kAutoStages; }

std::optional<Engine> engine_named(std::string_view name) {
    for (const AloneEngine& e : kAlone)
        if (name == e.name) return e.engine;
    return std::nullopt;
}

void run_engine_alone(StageRun& run) {
    // An engine alone is one stage, named after it.
    const auto alone = [&run](const char* name, void (*engine)(StageRun&)) {
        run.stage = name;
        run.note(ProgressNote::Kind::Begin);
        engine(run);
        run.note(ProgressNote::Kind::End);
    };
    if (run.options.cross_check && (run.options.engine == Engine::Auto || run.options.engine == Engine::Sat)) {
        alone("cross-check", alone_cross_check);
        return;
    }
    for (const AloneEngine& e : kAlone)
        if (e.engine == run.options.engine && e.run) {
            alone(e.name, e.run);
            return;
        }
    walk_stages(run);
}

std::string engines_text() {
    std::string text;
    for (const AloneEngine& e : kAlone) {
        char name[32];
        std::snprintf(name, sizeof name, "  %-11s ", e.name);
        text += name;
        text += e.summary;
        text += "\n";
    }
    return text;
}

std::string stage_table_text() {
    std::string text;
    for (const Stage& s : kAutoStages) {
        char line[64];
        std::snprintf(line, sizeof line, "  %-11s %-11s ", s.name, stage_kind_name(s.kind));
        text += line;
        text += s.applies_when;
        text += "\n";
        text += std::string(14, ' ') + s.budget(defaults()) + "\n";
    }
    return text;
}

}  // namespace nl
