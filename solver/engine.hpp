// Choosing and combining engines for one puzzle.
//
//  - sat:  the exact SAT engine (solve.hpp).
//  - wall: the wall follower of seed 000 alone (wall_follower.hpp): fast, incomplete; it can
//          find solutions but never prove there is none ("unknown" when stuck).
//  - search: the exhaustive depth-first search (search.hpp), exact and independent of the SAT
//          encoding; for small boards.
//  - route: the routing presolver alone (route.hpp): negotiated-congestion rip-up and reroute
//          for boards that need not be filled; incomplete like the wall follower.
//  - dfs: the cheap-node depth-first search (dfs.hpp) alone, exact under every preset on
//          single-layer boards; for small boards.
//  - layers: the layers engine alone (via_layers.hpp), for layered boards with listed vias
//          (ADC 2016): which line takes which via, then each layer as a one-layer puzzle;
//          incomplete like the router.
//  - tight: the tight engine alone (tight.hpp), for boards, or groups of layers, that the
//          lines' shortest routes fill exactly: exact on a tight board, a speculation on a
//          tight group of layers (then incomplete like the router).
//  - auto: on small boards under fill rules the depth-first search first, under a node
//          budget (dfs_*): a solution it finds (checked) is the answer, else the wall follower
//          as a presolver under a small work budget; a complete board the checker accepts is
//          the answer. Then the tight engine where it applies (tight_*). On large boards under
//          no-fill rules the router then gets a bounded share of the time (route_*), and when it ends with lines still
//          sharing cells, the SAT repair (repair.hpp) a bounded share of the rest (repair_*):
//          SAT in a window around the shared cells, the other lines held where the router put
//          them; on layered boards with listed vias the layers engine (via_layers.hpp) then
//          has a turn. If none answered, more router turns, each repaired, race SAT on a
//          second thread: the first answer or verdict stops the other.
//          Otherwise the SAT engine answers,
//          with the wall follower kept as a fallback checker: it confirms "unsolvable" verdicts
//          (a board it solves would expose a bug: internal error) and answers when SAT runs out
//          of time.
// Any engine's answer under no-fill rules can then be improved for shorter wires (optimize.hpp)
// when `optimize` is set.
// Cross-checking runs both engines in full and reports any disagreement.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "core/quality.hpp"
#include "solver/optimize.hpp"
#include "solver/solve.hpp"

namespace nl {

enum class Engine { Auto, Sat, Wall, Search, Route, Dfs, Scan, Layers, Shrink, RouteFill, Tight };

// The engine `solve --engine NAME` (and Python's solve(engine=NAME)) names, or nothing.
std::optional<Engine> engine_named(std::string_view name);
// The names engine_named takes, for messages.
inline constexpr const char* kEngineNames = "auto, sat, wall, route, routefill, layers, tight, shrink, search, dfs or scan";

struct EngineOptions {
    Engine engine = Engine::Auto;
    SolveOptions sat;
    // Presolve only boards of at most this many cells, under this budget (boards examined).
    // Measured on the level packs (one job): presolving boards up to 9x9 makes levelpack_1
    // 0.047 -> 0.031 s and leaves levelpack_2 as it was; presolving larger boards, where the
    // wall follower fails more often than not, made levelpack_2 slower than SAT alone.
    int presolve_max_cells = 81;
    // The depth-first search before everything else under auto: boards of at most
    // dfs_max_cells cells under fill rules, at most dfs_nodes nodes (0: not at all). Its
    // "unsolvable" (an exhausted search) is not taken under auto: SAT decides, as before.
    // Measured (docs/performance.md): the search solves every level-pack board and Janko board
    // up to 14x14 in at most 2,439 nodes (most in a few hundred), at about a microsecond a node,
    // while SAT takes milliseconds; on Janko's 17x17 and 24x14 boards it needs 342 to 200,000
    // nodes, so a budget spent there costs about what it saves. janko_even: 0.23 s without it,
    // 0.14-0.15 s with 1,000-2,000 nodes, 0.20 s with 10,000.
    int dfs_max_cells = 256;
    // Under flow rules, boards of at least shrink_min_cells cells whose plain rows and columns
    // (no end, no blocked cell) leave a small board of at most shrink_max_ratio of the cells go
    // to the shrink engine first (shrink.hpp), with at most shrink_share of the time: an empty
    // 1000x1000 board with two labels is solved in 0.1 s, where SAT's 17 M clauses ran out of
    // 10 s. Below that size SAT is quick anyway.
    int shrink_min_cells = 10'000;
    double shrink_max_ratio = 0.5;
    double shrink_share = 0.5;
    // Under flow rules, sparse boards (at least routefill_min_cells free cells, at least
    // routefill_min_cells_per_label per label) go to the route-and-fill engine (route_fill.hpp)
    // first, before the shrink engine and SAT, with at most routefill_share of the time.
    // Measured (docs/performance.md): routing in 2x2 blocks answers the 16 random 1000x1000
    // boards of the bench in 0.13-0.85 s, and random boards of 120x120 to 300x300 with 6-8
    // labels in at most 0.11 s, where the shrink engine's small boards took SAT up to 10 s (and
    // board 13's, 36x32, nothing in 150 s); the designed 40x20 boards of inputs9 (40-44 per
    // label) are SAT's in 0.01-0.05 s, while the thin routing failed on 8 of them and its
    // windows took the whole share (inputs9 under flow: 0.99 s -> 26.4 s with 40). Above
    // routefill_max_cells only the routing in blocks is tried, and the thin routing's repair,
    // which loads the whole board's encoding (17 M clauses, 2.9 GB on a 1000x1000 board), is
    // not (RouteFillOptions::whole_board_max_cells).
    int routefill_min_cells = 400;
    int routefill_max_cells = 250'000;
    int routefill_min_cells_per_label = 60;
    double routefill_share = 0.5;
    long dfs_nodes = 2000;
    // The scan search (scan.hpp) before the depth-first search under auto: fill boards the
    // corner rule holds on (one layer, square grid) of at most kScanMaxCells cells, at most
    // scan_nodes cells visited (0: not at all), within the timeout. It looks for a strict
    // solution; its exhausted search is the verdict under strict rules. When the budget runs
    // out on a board of at least scan_race_min_cells cells, the scan goes on in a thread of its
    // own, racing the rest of auto (the first verdict stops the other; race_scan in
    // engine.cpp). Measured (docs/performance.md), at 20-40 ns a cell visited: every Janko and
    // level-pack board takes at most 17,190, every inputs9 board (40x20) at most 198,270, and
    // generated flow boards without a strict solution are refuted in at most 1,620; inputs4's
    // boards of 36x36 to 80x30 take 1.6 M to 20 M (0.06-0.5 s) where SAT takes 0.1-1.2 s, and a
    // generated 100x100 strict board with 1,025 labels is not solved in 15 M where SAT takes
    // 0.35 s: no budget fits them all, a race does.
    long scan_nodes = 200'000;
    int scan_race_min_cells = 1'000;
    long presolve_boards = 2000;
    // Budget of the fallback runs (confirming "unsolvable", rescuing a timeout) and of --engine
    // wall and cross-checks.
    long fallback_boards = 20000;
    bool cross_check = false;
    // The router (--engine route, and auto on no-fill boards of at least route_min_cells cells).
    // --engine route gets the whole timeout and route_rounds rounds. Under auto its turns are
    // measured in work, the cells its A* searches expand (route.hpp), not in seconds: a turn
    // ends between two rounds, so auto routes, and repairs, the same way on every run and every
    // machine, and only the timeout, where it binds, depends on the clock (a time-based turn
    // solved ADC 2016 Q12 in 3 of 4 runs). The first turn expands route_first_expanded cells,
    // within route_share of the timeout: 10 M cells take 1.5-2.5 s on the 2-core machine of
    // docs/adc.md (4-7 M a second), the 2 s the time-based turn had. There, every answer the
    // router found but two (2016 Q12 and novia Q17, which later turns find) came within 1 s,
    // while on the boards it cannot do each second is taken from SAT.
    // Before the router's first turn on one-layer boards, SAT gets sat_first_seconds (at most a
    // tenth of the timeout): boards it decides at once never wait for the router. inputs9 board 3
    // under adc rules: 0.07 s of SAT, where the router and repair ran 6.5 s first and failed;
    // ADC 2015 (36 one-layer boards, 10 s each): 80.2 s in all before, 47.5 s after, the same 35
    // solved. Not on layered boards: on ADC 2017 the router solves most in milliseconds, and the
    // SAT turn (its encoding alone) cost 0.5-0.8 s on each.
    double sat_first_seconds = 0.3;
    std::uint64_t route_seed = 1;
    int route_rounds = 20000;  // --engine route's rounds
    // Under auto, the router's rounds in all. No limit by default: after its first turn it
    // races SAT, which stops it, and so does the deadline; a cap would only leave the second
    // core idle. Measured (docs/adc.md): the generated 72x72x1 seed-3 board, whose router
    // seeds need 7,000-13,000 rounds each, timed out at 60 s with 20,000 rounds in all, and is
    // solved in 26-29 s (41,135 rounds) without the cap. The first turn, before the race, stays
    // within route_rounds too. (`solve --route-rounds N` sets both.)
    int auto_route_rounds = std::numeric_limits<int>::max();
    // Under auto the router restarts with the next seed after route_restart_rounds x luby(k)
    // rounds (route.hpp, RestartingRouteSession); auto_route_rounds caps the rounds in all.
    // Measured (docs/adc.md, "Generated boards"): with 1,000 ADC 2016 Q10, Q11 and novia Q10,
    // which seed 1 routes in 2,029-2,679 rounds, were lost at --timeout 10; with 4,000 the ADC
    // sets solve what they solved before, in the same time, and a generated 72x72 board of 531
    // lines that timed out at 60 s is solved in 5.5 s (another, of 546 lines, still times out).
    int route_restart_rounds = 4000;
    double route_share = 0.2;
    long route_first_expanded = 10'000'000;
    int route_min_cells = 100;
    // After a router turn that ends with lines sharing cells, the SAT repair of its routing
    // (solver/repair.hpp) gets repair_share of the time left, at most repair_max_seconds, and
    // gives up after repair_max_stalls steps out of conflicts. Measured (docs/adc.md): the
    // repair solves ADC 2016 Q12 from a 2 s routing in 0.6 s when the routing is close, and the
    // router alone needs 9.4 s.
    // If the first turn, its repair and the layers engine (below) did not answer, SAT (all the
    // time left) races the heuristic side on a second thread: router turns of
    // route_turn_factor times the router's work so far (within half of the time left), each
    // repaired, until the router is out of rounds (auto_route_rounds). The first answer or
    // verdict stops the other (race.hpp). Why a race and not turns: SAT keeps nothing between
    // calls, so each SAT turn started afresh, and the turns' shares decided which side got
    // there. Measured (docs/adc.md, --timeout 60): novia Q17, which the router alone solves in
    // 12.6 s, was solved at 45-50 s or timed out when the SAT turns took 42 of 60 s; raced,
    // 14.9-22.3 s (seven runs). ADC 2015 at 60 s: 18.7 -> 10.3 s in all (the dense boards' SAT
    // no longer starts afresh). The price: a second core while both run.
    double repair_share = 0.5;
    // False: no race; after the first turn (and the layers engine) SAT runs alone on this
    // thread. For callers that promise the same output on every run, which the race, where the
    // first answer wins, cannot: the generator's uniqueness checks without a time limit
    // (solver/count.cpp, pipeline_proves_multiple).
    bool race_sat = true;
    double repair_max_seconds = 10.0;
    int repair_max_stalls = 2;
    double route_turn_factor = 2.0;
    // On layered boards with listed vias, once the router's first turn and its repair have
    // failed, the layers engine (via_layers.hpp) gets layers_share of the time left (all of it
    // without a timeout), once, before the race (on a core of its own). Measured (docs/adc.md,
    // --timeout 10): it solves ADC 2016 Q17 and Q28, which nothing else did in 60 s, at 2.9 and
    // 5.9 s; the boards the router solves never get here. Before the repair it cost 2016 Q12
    // 4.5 s (1.5 -> 6.0 s): the repair finishes that routing at once, and the layers engine
    // finds nothing there (36 of its 40 lines change layer, and the assignments it tries leave
    // layers without an answer).
    double layers_share = 0.5;
    // The tight engine (tight.hpp) first of all under auto, where it applies: checking costs a
    // search per line, stopped at its other end. On a tight board its verdict is exact and it
    // gets all the time; on a tight group of layers (a speculation) its packings get
    // tight_share of it and the rest of the board, once one is found, all that is left; if it
    // finds nothing, the rest of auto runs as if it had not been there. Measured
    // (docs/adc.md): ADC 2017 Q25, which no contest team and nothing else here solved, in 9-11 s.
    bool tight = true;
    double tight_share = 0.5;
    // Shorter wires (solve --optimize): after a solved no-fill puzzle, the optimiser runs until
    // it converges, for at most optimize_seconds, and never past the puzzle's timeout.
    std::optional<WireObjective> optimize;
    double optimize_seconds = 5.0;
};

struct EngineResult {
    // solved, unsolvable, timeout (SAT), unknown (wall follower stuck or out of budget),
    // not-applicable (wall follower on a multi-layer board)
    std::string status;
    std::string engine;  // which engine produced the answer or verdict: sat, wall, search, dfs, route or repair
    Solution solution;   // when solved: passed the checker
    SolveStats sat_stats;
    // Wall follower statistics (when it ran).
    // Depth-first search statistics (when it ran): dfs_status_name, nodes.
    std::string dfs_status;
    long dfs_nodes = 0;
    // Scan search statistics (when it ran): dfs_status_name, cells visited.
    std::string scan_status;
    long scan_nodes = 0;
    std::string wall_status;  // solved, stuck, budget, not-applicable, or "" (did not run)
    int wall_rounds = 0;
    long wall_boards = 0;
    std::size_t wall_max_list = 0;
    // Router statistics (when it ran).
    std::string route_status;  // solved, unknown, timeout, interrupted, not-applicable, or ""
    int route_rounds = 0;
    long route_reroutes = 0;
    long route_expanded = 0;   // cells its A* searches expanded: its work, in the units of its turns
    int route_overlaps = 0;    // cells still shared by two lines when it stopped
    // The layers engine (via_layers.hpp), when it ran.
    std::string layers_status;  // solved, unknown, timeout, interrupted, not-applicable, or ""
    long layers_solves = 0;     // one-layer puzzles it solved or tried
    long layers_assignments = 0;
    // The tight engine (tight.hpp), when it applied: its status, the part it packed ("board" or
    // "layers 1, 4") and the packings of that part it tried.
    std::string tight_status;  // solved, unsolvable, unknown, timeout, interrupted, not-applicable, or ""
    std::string tight_part;
    long tight_packings = 0;
    std::string tight_why;     // not applicable, unsolvable or unknown: the reason in words
    // The shrink engine (shrink.hpp), when it ran: its status and the small board's size.
    std::string shrink_status;  // solved, unknown, timeout, interrupted, not-applicable, or ""
    int shrink_width = 0, shrink_height = 0;
    // The route-and-fill engine (route_fill.hpp), when it ran.
    std::string routefill_status;  // solved, unknown, timeout, interrupted, not-applicable, or ""
    int routefill_left_empty = 0;  // cells its bumps left empty
    int routefill_windows = 0;     // its SAT repair steps
    // SAT repair of the router's last routing (repair.hpp), when it ran.
    std::string repair_status;  // solved, unsolvable, timeout, interrupted, limit, or ""
    int repair_steps = 0;
    int repair_window = 0;      // cells SAT was free to change in its last step
    // Optimiser statistics (when it ran): status as optimize_status_name, the answer's quality
    // before it, passes and accepted reroutes.
    std::string optimize_status;
    std::string optimize_objective;  // length or bends
    Quality before_optimize;
    int optimize_passes = 0;
    long optimize_improvements = 0;
    std::string sat_status;      // sat's own verdict when it ran (cross-check), or ""
    bool disagreement = false;   // cross-check: the engines contradict each other
};

// Throws InternalError when an answer fails the checker or the engines contradict each other
// (SAT "unsolvable" while the wall follower holds a checked solution).
EngineResult solve_puzzle(const Puzzle& puzzle, Rules rules, const EngineOptions& options);

}  // namespace nl
