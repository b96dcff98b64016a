// numberlink solve: solve every puzzle of every file exactly, check each answer, print it.
//
// Puzzles may be solved in parallel (--jobs); results are printed in input order as soon as
// they are ready, so a long batch shows progress on standard output.
#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>

#include "app/animate.hpp"
#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupt.hpp"
#include "app/test_markers.hpp"
#include "app/pictures.hpp"
#include "app/progress.hpp"
#include "core/errors.hpp"
#include "core/json.hpp"
#include "core/quality.hpp"
#include "render/svg.hpp"
#include "solver/engine.hpp"
#include "solver/engine_json.hpp"
#include "solver/optimize.hpp"

namespace nl::app {

namespace {

struct Outcome {
    EngineResult result;
    std::string error;  // internal error message: status "error"
    double seconds = 0;
    WireLowerBound bound;  // solved no-fill puzzles, when --stats or JSON shows it (-1: not computed)
};

std::string status_of(const Outcome& o) { return o.error.empty() ? o.result.status : "error"; }

std::string size_of(const Puzzle& p) {
    std::string s = std::to_string(p.width) + "x" + std::to_string(p.height);
    if (p.layers > 1) s += "x" + std::to_string(p.layers);
    return s;
}

std::string seconds_text(double s) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(3) << s;
    return out.str();
}

void print_outcome(std::ostream& out, const Puzzle& p, const Outcome& o, Format format, bool quiet,
                   bool stats, bool color, bool cross_check, const AnimateOptions* animate) {
    const EngineResult& e = o.result;
    const SolveStats& s = e.sat_stats;
    const bool solved = o.error.empty() && e.status == "solved";
    if (format == Format::Json) {
        auto j = puzzle_json(p, solved ? &e.solution : nullptr);
        j["status"] = status_of(o);
        j["engine"] = e.engine;
        j["seconds"] = o.seconds;
        j["stats"] = solve_stats_json(s);
        if (solved) {
            const Quality q = solution_quality(p, e.solution);
            j["length"] = q.length;
            j["bends"] = q.bends;
            if (o.bound.length >= 0) j["length_lower_bound"] = o.bound.length;
            if (o.bound.length_bends >= 0) j["length_bends_lower_bound"] = o.bound.length_bends;
        }
        add_engine_json(j, e);
        if (cross_check)
            j["cross_check"] = {{"sat", e.sat_status}, {"wall", e.wall_status}, {"agree", o.error.empty()}};
        if (!o.error.empty()) j["error"] = o.error;
        out << json_line(j) << '\n';
        return;
    }
    if (quiet) {
        out << p.name << ' ' << status_of(o) << ' ' << seconds_text(o.seconds) << ' ' << s.vars << ' '
            << s.clauses << ' ' << (e.engine.empty() ? "-" : e.engine) << '\n';
        return;
    }
    // Machine formats (paths, levelpack, adc) stay pure on stdout: statuses of unsolved puzzles
    // go to stderr, solved ones print only their solution.
    if (format != Format::Grid) {
        if (!solved) std::cerr << p.name << ": " << status_of(o) << " (" << seconds_text(o.seconds) << " s)\n";
        if (solved) write_puzzle(out, format, p, &e.solution, {color});
        return;
    }
    out << p.name << ": " << status_of(o) << " (" << (e.engine.empty() ? "" : e.engine + ", ")
        << seconds_text(o.seconds) << " s)\n";
    if (cross_check && o.error.empty())
        out << "  cross-check: sat " << e.sat_status << ", wall " << e.wall_status << ", agree\n";
    if (stats && !e.dfs_status.empty())
        out << "  depth-first search " << e.dfs_status << ", nodes " << e.dfs_nodes << "\n";
    if (stats && !e.wall_status.empty())
        out << "  wall follower " << e.wall_status << ", rounds " << e.wall_rounds << ", boards "
            << e.wall_boards << ", largest board list " << e.wall_max_list << "\n";
    if (stats && !e.route_status.empty())
        out << "  router " << e.route_status << ", rounds " << e.route_rounds << ", reroutes " << e.route_reroutes
            << ", cells expanded " << e.route_expanded << ", shared cells left " << e.route_overlaps << "\n";
    if (stats && !e.repair_status.empty())
        out << "  repair " << e.repair_status << ", steps " << e.repair_steps << ", window " << e.repair_window << " cells"
            << "\n";
    if (stats && solved) {
        const Quality q = solution_quality(p, e.solution);
        out << "  length " << q.length << ", bends " << q.bends;
        if (o.bound.length >= 0) out << ", lower bound " << o.bound.length;
        if (o.bound.length_bends >= 0)
            out << " (length + bends: " << q.length + q.bends << ", lower bound " << o.bound.length_bends << ")";
        out << "\n";
    }
    if (stats && !e.optimize_status.empty())
        out << "  optimiser (" << e.optimize_objective << ") " << e.optimize_status << ", passes " << e.optimize_passes << ", improvements "
            << e.optimize_improvements << ", before: length " << e.before_optimize.length << ", bends "
            << e.before_optimize.bends << "\n";
    if (stats && !e.sat_status.empty())  // SAT ran (not when the wall follower answered alone)
        out << "  vars " << s.vars << ", clauses " << s.clauses << ", cycle cuts " << s.cycle_cuts << ", touch cuts " << s.touch_cuts
            << ", sat calls " << s.sat_calls << ", conflicts " << s.conflicts << ", speculation " << s.speculation << ", encode "
            << seconds_text(s.encode_seconds) << " s, solve " << seconds_text(s.solve_seconds) << " s, forced edges "
            << s.forced_edges << ", dead edges " << s.dead_edges << "\n";
    if (stats && !s.unsolvable_reason.empty()) out << "  unsolvable: " << s.unsolvable_reason << "\n";
    if (solved && animate) animate_solution(out, p, e.solution, *animate);  // its last frame is the grid
    else if (solved) write_puzzle(out, format, p, &e.solution, {color});
}

// Totals per board size, like the seeds' statistics.
constexpr char kDone = 1, kSkipped = 2;  // states of a puzzle of the batch (0: pending)

void print_totals(std::ostream& out, const std::vector<PuzzleEntry>& entries, const std::vector<Outcome>& outcomes,
                  const std::vector<char>& done) {
    struct Total {
        int count = 0, solved = 0;
        double seconds = 0, max = 0;
    };
    std::map<std::pair<int, std::string>, Total> totals;  // ordered by cell count, then size
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (done[i] != kDone) continue;
        const Puzzle& p = entries[i].puzzle;
        Total& t = totals[{p.cell_count(), size_of(p)}];
        ++t.count;
        t.solved += status_of(outcomes[i]) == "solved";
        t.seconds += outcomes[i].seconds;
        t.max = std::max(t.max, outcomes[i].seconds);
    }
    for (const auto& [key, t] : totals)
        out << "# " << key.second << ": " << t.solved << "/" << t.count << " solved, total "
            << seconds_text(t.seconds) << " s, max " << seconds_text(t.max) << " s\n";
}

int default_jobs() { return std::max(1u, std::thread::hardware_concurrency()); }

}  // namespace

int run_solve(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        desc.add_options()
            ("timeout", po::value<double>()->value_name("SECONDS"), "time limit per puzzle (default: none)")
            ("threads", po::value<int>()->value_name("N")->default_value(1), "SAT solver threads per puzzle")
            ("jobs,j", po::value<int>()->value_name("N")->default_value(default_jobs()),
             "puzzles solved in parallel (default: the number of cores)")
            ("labels", po::value<std::string>()->value_name("CODE")->default_value("auto"),
             "label variables: auto|onehot|binary")
            ("acyclic", po::value<std::string>()->value_name("HOW")->default_value("cuts"),
             "how loops are excluded: cuts (lazy cycle cuts) or order (exact ordering encoding)")
            ("touch-clauses", po::value<std::string>()->value_name("HOW")->default_value("lazy"),
             "no-touch rules: lazy (added when an answer touches) or eager (all up front)")
            ("no-speculate", "do not try no U-turn / fill first")
            ("speculation", po::value<std::string>()->value_name("HOW")->default_value("guarded"),
             "guarded (activation literals, one solver) or fresh (a solver per attempt)")
            ("engine", po::value<std::string>()->value_name("NAME")->default_value("auto"),
             "auto (on small fill boards a depth-first search under a node budget; wall follower; on large no-fill boards the router, "
             "its SAT repair and SAT in turns; else SAT), sat, wall (the wall "
             "follower alone), route (the router alone, no-fill rules), search (exhaustive search, "
             "small boards) or dfs (the depth-first search alone, single-layer boards)")
            ("dfs-nodes", po::value<long>()->value_name("N")->default_value(EngineOptions{}.dfs_nodes),
             "auto: node budget of the depth-first search tried first on small boards under fill rules (0: off)")
            ("route-seed", po::value<std::uint64_t>()->value_name("N")->default_value(1),
             "seed of the router's rerouting order (same seed, same answer)")
            ("route-rounds", po::value<int>()->value_name("N")->default_value(20000),
             "rounds of rip-up and reroute before --engine route gives up")
            ("optimize", po::value<std::string>()->value_name("WHAT"),
             "shorter wires under no-fill rules (adc, nikoli): improve each answer for total length "
             "(length) or length + bends (bends, the ADC score) by rerouting its lines")
            ("optimize-seconds", po::value<double>()->value_name("SECONDS"),
             "time for --optimize per puzzle, after solving (default 5; it stops earlier when no line "
             "improves, and never runs past --timeout)")
            ("cross-check", "run both engines on every puzzle and report disagreements (exit 70)")
            ("stats", "print statistics per puzzle")
            ("animate", "replay each solution on the terminal, its paths laid one cell at a time (grid "
             "output with colour: on a terminal or with --color always)")
            ("animate-delay", po::value<int>()->value_name("MS")->default_value(30),
             "milliseconds between animation frames (0: no pause)");
        add_common_options(desc, {"rules", "format", "output", "color", "progress", "max-memory", "output-file", "quiet",
                                  "help"});
        auto parsed = parse_command(
            args, "numberlink solve [options] FILE...",
            "Solves every puzzle of every FILE exactly. Every answer passes the independent checker\n"
            "before it is printed. --output grid (default) | paths | levelpack | adc | json, or\n"
            "svg | png with -o DIR: a picture of every solved puzzle in DIR (DIR/NAME-INDEX.svg; the -q\n"
            "lines on standard output).\n"
            "With -q: one line per puzzle 'name status seconds vars clauses engine', then totals per\n"
            "size. Statuses: solved, unsolvable (proved: --stats and JSON give the proof, 'parity'\n"
            "or 'sat'), timeout, unknown (wall follower stuck, router out of rounds), not-applicable\n"
            "(wall follower on layers, router under fill rules), limit (--max-memory), interrupted\n"
            "(Ctrl-C), error. --optimize length|bends (no-fill rules) shortens the answers' wires\n"
            "after solving; --stats and JSON give length, bends and their lower bounds. Exit 0 when every puzzle was solved, 1 when one was not, 70 on an\n"
            "internal error (an answer the checker rejected, or engines that contradict each\n"
            "other), 130 when interrupted.",
            desc, 1, 1 << 20);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        // --output svg|png: a picture per solved puzzle in the directory -o names (pictures.hpp).
        const std::optional<PictureFormat> picture =
            vm.count("output") ? picture_format_from_name(vm["output"].as<std::string>()) : std::nullopt;
        const Format format = picture ? Format::Grid : read_output_option(vm, Format::Grid);
        if (format == Format::Ascii || format == Format::Stream || format == Format::Intgrid)
            throw UsageError("solve --output takes grid, paths, levelpack, adc, json, svg or png");
        SolveOptions options;
        if (vm.count("timeout")) options.timeout = vm["timeout"].as<double>();
        options.threads = vm["threads"].as<int>();
        options.max_memory = read_max_memory_option(vm);
        const int jobs = vm["jobs"].as<int>();
        if (options.timeout < 0 || options.threads < 1 || jobs < 1)
            throw UsageError("--timeout must be >= 0, --threads and --jobs >= 1");
        const std::string coding = vm["labels"].as<std::string>();
        if (coding == "onehot") options.coding = LabelCoding::OneHot;
        else if (coding == "binary") options.coding = LabelCoding::Binary;
        else if (coding != "auto") throw UsageError("--labels takes auto, onehot or binary");
        const std::string acyclic = vm["acyclic"].as<std::string>();
        if (acyclic != "cuts" && acyclic != "order") throw UsageError("--acyclic takes cuts or order");
        options.acyclic = acyclic == "order";
        options.speculate = !vm.count("no-speculate");
        const std::string speculation = vm["speculation"].as<std::string>();
        if (speculation != "guarded" && speculation != "fresh")
            throw UsageError("--speculation takes guarded or fresh");
        if (speculation == "fresh") options.speculation = SpeculationMode::Fresh;
        const std::string touch_clauses = vm["touch-clauses"].as<std::string>();
        if (touch_clauses != "lazy" && touch_clauses != "eager")
            throw UsageError("--touch-clauses takes lazy or eager");
        options.lazy_no_touch = touch_clauses == "lazy";
        if (const char* fault = std::getenv("NUMBERLINK_DEBUG_FAULT")) {
            const std::string f = fault;
            if (f == "corrupt") options.debug_fault = SolveOptions::Fault::CorruptAnswers;
            if (f == "unsolvable") options.debug_fault = SolveOptions::Fault::ClaimUnsolvable;
        }
        const bool quiet = vm.count("quiet") > 0 || picture.has_value(), stats = vm.count("stats") > 0;
        if (vm.count("animate") && (format != Format::Grid || quiet))
            throw UsageError("--animate replays grid output: not with -q or another --output");
        if (vm["animate-delay"].as<int>() < 0) throw UsageError("--animate-delay must be >= 0");
        std::atomic<bool>& stop = interrupt_flag();
        options.interrupt = &stop;
        EngineOptions engine;
        engine.sat = options;
        if (test_markers_enabled()) engine.sat.on_stage = [](const char* stage) { test_marker(stage); };
        const std::string engine_name = vm["engine"].as<std::string>();
        if (engine_name == "sat") engine.engine = Engine::Sat;
        else if (engine_name == "wall") engine.engine = Engine::Wall;
        else if (engine_name == "search") engine.engine = Engine::Search;
        else if (engine_name == "route") engine.engine = Engine::Route;
        else if (engine_name == "dfs") engine.engine = Engine::Dfs;
        else if (engine_name != "auto") throw UsageError("--engine takes auto, sat, wall, route, search or dfs");
        engine.route_seed = vm["route-seed"].as<std::uint64_t>();
        engine.route_rounds = vm["route-rounds"].as<int>();
        engine.dfs_nodes = vm["dfs-nodes"].as<long>();
        if (engine.dfs_nodes < 0) throw UsageError("--dfs-nodes must be >= 0");
        if (engine.route_rounds < 0) throw UsageError("--route-rounds must be >= 0");
        engine.cross_check = vm.count("cross-check") > 0;
        if (vm.count("optimize")) {
            const std::string what = vm["optimize"].as<std::string>();
            if (what == "length") engine.optimize = WireObjective::Length;
            else if (what == "bends") engine.optimize = WireObjective::Bends;
            else throw UsageError("--optimize takes length or bends");
        }
        if (vm.count("optimize-seconds")) {
            if (!engine.optimize) throw UsageError("--optimize-seconds goes with --optimize length|bends");
            engine.optimize_seconds = vm["optimize-seconds"].as<double>();
            if (!(engine.optimize_seconds > 0)) throw UsageError("--optimize-seconds must be > 0");
        }
        if (engine.cross_check && (engine.engine == Engine::Wall || engine.engine == Engine::Search ||
                                   engine.engine == Engine::Route || engine.engine == Engine::Dfs))
            throw UsageError("--cross-check runs SAT and the wall follower; it goes with --engine auto or sat");

        const ReadOptions read{read_format_option(vm, "format"), read_rules_option(vm)};
        const std::vector<PuzzleEntry> entries = load_puzzles(parsed->files, read);
        // Under fill rules every cell is on a line, so every answer has the same length: refuse
        // rather than pretend to optimise.
        if (engine.optimize)
            for (const PuzzleEntry& entry : entries)
                if (entry.puzzle.rules.fill)
                    throw UsageError(entry.puzzle.name + ": --optimize applies to no-fill rules only (adc, nikoli), but this "
                                     "puzzle is under " + rules_name(entry.puzzle.rules) +
                                     " rules, where every answer fills the board (give --rules adc or nikoli)");
        const bool show_bound = stats || format == Format::Json;
        const std::string out_path = vm.count("output-file") ? vm["output-file"].as<std::string>() : "";
        std::optional<PictureDirectory> pictures;
        if (picture && out_path.empty()) throw UsageError("solve --output svg|png writes pictures into a directory: give -o DIR");
        if (picture) pictures.emplace(out_path, *picture);
        Output out(picture ? "" : out_path, /*stream_stdout=*/true);
        const bool color = format == Format::Grid && read_color_option(vm, out.to_terminal());
        // Animation only where it can be seen (colour grid on standard output); elsewhere the
        // plain grid, so -o files and pipes hold no escape codes.
        AnimateOptions animation{color, std::chrono::milliseconds(vm["animate-delay"].as<int>()), &stop};
        const AnimateOptions* animate = vm.count("animate") && color && out_path.empty() ? &animation : nullptr;
        Progress progress(static_cast<long>(entries.size()), read_progress_option(vm, static_cast<long>(entries.size())));

        std::vector<Outcome> outcomes(entries.size());
        std::vector<char> done(entries.size(), 0);
        std::mutex mutex;
        std::condition_variable ready;
        std::size_t next = 0;
        // Solves the next puzzle of the batch; false when none is left.
        auto solve_next = [&] {
            std::size_t i;
            {
                std::lock_guard lock(mutex);
                if (stop && next < entries.size()) {  // interrupted: the rest is skipped
                    for (std::size_t k = next; k < entries.size(); ++k) done[k] = kSkipped;
                    next = entries.size();
                    ready.notify_all();
                }
                if (next >= entries.size()) return false;
                i = next++;
            }
            Outcome o;
            test_marker("start " + entries[i].puzzle.name);
            const auto t0 = std::chrono::steady_clock::now();
            try {
                const Puzzle& puzzle = entries[i].puzzle;
                o.result = solve_puzzle(puzzle, puzzle.rules, engine);
            } catch (const InternalError& e) {
                o.error = e.what();
            }
            o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            // Not part of the solve's time: a report on the puzzle (a few A* searches per line).
            if (show_bound && o.error.empty() && o.result.status == "solved" && !entries[i].puzzle.rules.fill)
                o.bound = wire_lower_bound(entries[i].puzzle);
            if (stop && o.result.status == "timeout") o.result.status = "interrupted";
            progress.record(o.error.empty() && o.result.status == "solved");
            std::lock_guard lock(mutex);
            outcomes[i] = std::move(o);
            done[i] = kDone;
            ready.notify_all();
            return true;
        };
        auto work = [&] {
            while (solve_next()) {
            }
        };
        std::vector<std::thread> workers;
        // An exception while printing (say, a picture that cannot be written) must not leave
        // joinable workers behind (std::terminate): stop them, wait, then let it reach run_guarded.
        struct JoinWorkers {
            std::vector<std::thread>& workers;
            std::atomic<bool>& stop;
            ~JoinWorkers() {
                if (std::uncaught_exceptions() > 0) stop = true;
                for (auto& w : workers)
                    if (w.joinable()) w.join();
            }
        } join_workers{workers, stop};
        // One job (one puzzle, or --jobs 1): the main thread solves each puzzle just before it
        // prints it, with no worker thread to start (part of the start-up cost of a one-puzzle
        // run, docs/startup.md). Otherwise workers solve and the main thread prints in order.
        const int worker_count = std::min<int>(jobs, static_cast<int>(entries.size()));
        const bool solve_inline = worker_count == 1;
        if (!solve_inline)
            for (int j = 0; j < worker_count; ++j) workers.emplace_back(work);

        int failed = 0, errors = 0, printed = 0, finished = 0;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            if (solve_inline) solve_next();
            {
                std::unique_lock lock(mutex);
                ready.wait(lock, [&] { return done[i] != 0; });
            }
            if (done[i] == kSkipped) continue;
            const auto hold = progress.pause();  // no progress line inside the output
            ++finished;
            const Outcome& o = outcomes[i];
            if (!o.error.empty()) {
                std::cerr << "numberlink: internal error: " << o.error << '\n';
                ++errors;
            } else if (o.result.status != "solved") {
                ++failed;
            }
            if (!quiet && (format == Format::Grid || o.result.status == "solved"))
                write_separator(out.stream(), format, printed++ == 0);
            print_outcome(out.stream(), entries[i].puzzle, o, format, quiet, stats, color, engine.cross_check, animate);
            if (pictures && o.error.empty() && o.result.status == "solved")
                pictures->write(entries[i].puzzle.name, render::svg_picture(entries[i].puzzle, &o.result.solution, {}));
            out.flush();
        }
        for (auto& w : workers) w.join();
        workers.clear();
        progress.finish();
        if (quiet) print_totals(out.stream(), entries, outcomes, done);
        out.commit();
        if (stop) {
            std::cerr << "numberlink: interrupted: " << finished << " of " << entries.size()
                      << " puzzles done, " << finished - failed - errors << " solved\n";
            return int(kExitInterrupted);
        }
        return int(errors ? kExitInternal : failed ? kExitNegative : kExitOk);
    });
}

}  // namespace nl::app
