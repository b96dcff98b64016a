// numberlink generate: random puzzles with their solutions (generator/), optionally proved to
// have exactly one solution.
//
// Output: formats that hold a puzzle and its solution (levelpack, json, paths) carry both; the
// puzzle-only formats (ascii, stream, intgrid, adc) write the puzzles, and --solutions FILE gets
// the solutions in the paths format (check PUZZLES SOLUTIONS reads them back in order).
// A report per puzzle (paths, blocked cells, whether the wall follower alone solves it, time)
// goes to standard error, or into the JSON objects.
//
// --variant hex|warp|bridges|shape generates on a Flow Free variant's board (generator/variant.hpp);
// only the formats that hold variant boards are offered then (json, board, paths), and JSON
// (puzzle and solution) is the default.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <random>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupt.hpp"
#include "app/progress.hpp"
#include "core/json.hpp"
#include "generator/generate.hpp"

namespace nl::app {

namespace {

std::pair<int, int> read_size(const std::string& text) {
    const auto x = text.find_first_of("xX");
    int w = 0, h = 0;
    std::size_t used_w = 0, used_h = 0;
    try {
        if (x == std::string::npos) throw std::invalid_argument("no x");
        w = std::stoi(text.substr(0, x), &used_w);
        h = std::stoi(text.substr(x + 1), &used_h);
    } catch (const std::exception&) {
        throw UsageError("--size takes WxH (e.g. 10x10), not '" + text + "'");
    }
    if (used_w != x || used_h != text.size() - x - 1)
        throw UsageError("--size takes WxH (e.g. 10x10), not '" + text + "'");
    if (w < 1 || h < 1 || w * h < 4 || w > 1000 || h > 1000)
        throw UsageError("--size " + text + ": boards from 4 cells up to 1000x1000");
    return {w, h};
}

int positive(const po::variables_map& vm, const char* name, int fallback, int least) {
    if (!vm.count(name)) return fallback;
    const int v = vm[name].as<int>();
    if (v < least) {
        std::string message = "--";
        message += name;
        message += " must be at least " + std::to_string(least);
        throw UsageError(message);
    }
    return v;
}

int blocked_cells(const Puzzle& p) { return static_cast<int>(std::count(p.blocked.begin(), p.blocked.end(), 1)); }

// What a variant board has, for the report ("" on a plain board): "hex", "3 warps", ...
std::string variant_parts(const Puzzle& p, gen::Variant variant) {
    switch (variant) {
        case gen::Variant::Square: return "";
        case gen::Variant::Hex: return "hex";
        case gen::Variant::Warp: return std::to_string(p.warps.size()) + " warps";
        case gen::Variant::Bridges: return std::to_string(p.bridges.size()) + " bridges";
        case gen::Variant::Shape:
            return std::to_string(std::count(p.blocked.begin(), p.blocked.end(), kCellOutside)) + " cells outside";
    }
    return "";
}

std::string report(const gen::Generated& g, bool unique, gen::Variant variant) {
    std::ostringstream out;
    const int blocked = blocked_cells(g.puzzle);
    const std::string parts = variant_parts(g.puzzle, variant);
    out << g.puzzle.name << ": " << g.puzzle.width << 'x' << g.puzzle.height << (parts.empty() ? "" : " " + parts)
        << ", " << g.puzzle.labels.size()
        << " paths, " << blocked << " blocked, " << (unique ? "unique" : "not checked for uniqueness")
        << ", wall follower " << (g.wall.empty() ? "not run" : g.wall) << ", " << g.attempts << (g.attempts == 1 ? " layout" : " layouts");
    if (unique) out << ", " << g.repair.checks << " checks, " << g.repair.cuts << " cuts, " << g.repair.regrown << " regrown, " << g.repair.merges << " merges";
    out << ", " << std::fixed << std::setprecision(3) << g.seconds << " s";
    return out.str();
}

nlohmann::ordered_json report_json(const gen::Generated& g, bool unique, gen::Variant variant) {
    nlohmann::ordered_json j = {
        {"paths", g.puzzle.labels.size()}, {"blocked", blocked_cells(g.puzzle)}, {"unique", unique},
        {"wall", g.wall.empty() ? "not run" : g.wall},  {"layouts", g.attempts},   {"checks", g.repair.checks},
        {"cuts", g.repair.cuts}, {"regrown", g.repair.regrown}, {"merges", g.repair.merges}, {"seconds", g.seconds}};
    if (variant != gen::Variant::Square) j["variant"] = gen::variant_name(variant);  // plain reports as before
    return j;
}

}  // namespace

int run_generate(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        desc.add_options()("size", po::value<std::string>()->value_name("WxH"), "board size (required)")(
            "count,n", po::value<int>()->value_name("N"), "number of distinct puzzles (default 1)")(
            "seed", po::value<std::uint64_t>()->value_name("S"),
            "random seed (default: drawn at random and reported on stderr)")(
            "unique", "every puzzle has exactly one solution under the rules (proved exactly)")(
            "no-blocked", "cover every cell with paths (Flow Free style) instead of blocking leftovers")(
            "min-paths", po::value<int>()->value_name("A"), "at least A paths")(
            "max-paths", po::value<int>()->value_name("B"), "at most B paths")(
            "min-length", po::value<int>()->value_name("L"), "at least L cells per path (default 3, least 2)")(
            "repair", po::value<std::string>()->value_name("HOW"),
            "with --unique, on a second solution: cut (default: split a path where the two differ) or "
            "regenerate (start over)")(
            "wall-budget", po::value<long>()->value_name("N"),
            "boards the wall follower may examine for the difficulty signal (default 1000; 0: skip it)")(
            "polish", po::value<int>()->value_name("N"),
            "with --unique: spend up to N more uniqueness checks joining paths whose ends touch, keeping "
            "each join that leaves the puzzle unique (fewer, longer paths)")(
            "timeout", po::value<double>()->value_name("SECONDS"), "give up on a puzzle after SECONDS (0: never)")(
            "variant", po::value<std::string>()->value_name("KIND"),
            "the board: square (default), hex (hexagonal cells), warp (edges through the border), bridges "
            "(cells two paths cross) or shape (not a rectangle: cells outside the board)")(
            "warps", po::value<int>()->value_name("N"), "with --variant warp: N warps (default: 2 on 10x10, 3 on 14x14)")(
            "bridges", po::value<int>()->value_name("N"),
            "with --variant bridges: N bridges (default: 2 on 10x10, 3 on 14x14)")(
            "solutions", po::value<std::string>()->value_name("FILE"),
            "puzzle-only output formats: write the solutions to FILE (paths format)");
        add_common_options(desc, {"rules", "output", "output-file", "progress", "quiet", "help"});
        auto parsed = parse_command(
            args, "numberlink generate --size WxH [options]",
            "Generates random puzzles with their solutions (seed 001: random non-intersecting paths\n"
            "grown with a union-find; leftover isolated cells become blocked, or with --no-blocked are\n"
            "absorbed into paths). With --unique each puzzle is proved to have exactly one solution\n"
            "under the rules. No two puzzles of a run are equal up to rotation and reflection.\n"
            "--variant makes Flow Free variant boards whose solution uses every warp and both lanes\n"
            "of every bridge (output json, the default there, board or paths).\n"
            "The same seed and options give the same output on every machine.\n"
            "--output levelpack (default with --no-blocked), json (default otherwise), paths, or a\n"
            "puzzle-only format (ascii, stream, intgrid, adc; see --solutions). A report per puzzle\n"
            "goes to stderr (-q: none). Exit 0 when every puzzle was made, 1 when --timeout struck\n"
            "or the constraints could not be met.",
            desc, 0, 0);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        if (!vm.count("size")) throw UsageError("--size WxH is required");
        gen::GenerateOptions o;
        std::tie(o.width, o.height) = read_size(vm["size"].as<std::string>());
        o.rules = read_rules_option(vm).value_or(Rules{});
        o.unique = vm.count("unique") > 0;
        o.fill_all = vm.count("no-blocked") > 0;
        o.min_length = positive(vm, "min-length", 3, 2);
        o.min_paths = positive(vm, "min-paths", 1, 1);
        o.max_paths = positive(vm, "max-paths", 0, 1);
        if (o.max_paths > 0 && o.max_paths < o.min_paths)
            throw UsageError("--max-paths is smaller than --min-paths");
        if (vm.count("repair")) {
            const std::string how = vm["repair"].as<std::string>();
            if (how == "cut") o.repair = gen::Repair::Cut;
            else if (how == "regenerate") o.repair = gen::Repair::Regenerate;
            else throw UsageError("--repair takes cut or regenerate, not '" + how + "'");
        }
        if (vm.count("timeout")) {
            o.timeout = vm["timeout"].as<double>();
            if (!(o.timeout >= 0)) throw UsageError("--timeout must be at least 0");
        }
        o.polish = positive(vm, "polish", 0, 0);
        if (o.polish > 0 && !o.unique) throw UsageError("--polish needs --unique");
        if (vm.count("wall-budget")) {
            o.wall_budget = vm["wall-budget"].as<long>();
            if (o.wall_budget < 0) throw UsageError("--wall-budget must be at least 0");
        }
        if (vm.count("variant")) {
            const std::string kind = vm["variant"].as<std::string>();
            const auto v = gen::variant_from_name(kind);
            if (!v) throw UsageError("--variant takes " + std::string(gen::kVariantNames) + ", not '" + kind + "'");
            o.variant.variant = *v;
        }
        o.variant.warps = positive(vm, "warps", 0, 1);
        o.variant.bridges = positive(vm, "bridges", 0, 1);
        if (o.variant.warps > 0 && o.variant.variant != gen::Variant::Warp)
            throw UsageError("--warps needs --variant warp");
        if (o.variant.bridges > 0 && o.variant.variant != gen::Variant::Bridges)
            throw UsageError("--bridges needs --variant bridges");
        if (const std::string problem = gen::variant_problem(o.width, o.height, o.variant); !problem.empty())
            throw UsageError("--variant " + gen::variant_name(o.variant.variant) + ": " + problem);
        const bool variant = o.variant.variant != gen::Variant::Square;
        o.interrupt = &interrupt_flag();
        const int count = positive(vm, "count", 1, 1);
        std::uint64_t seed;
        if (vm.count("seed")) {
            seed = vm["seed"].as<std::uint64_t>();
        } else {
            std::random_device device;
            seed = (std::uint64_t{device()} << 32) ^ device();
            std::cerr << "generate: seed " << seed << '\n';
        }
        const Format format =
            read_output_option(vm, o.fill_all && !variant ? Format::Levelpack : Format::Json);
        if (variant && format != Format::Json && format != Format::Board && format != Format::Paths)
            throw UsageError("--variant " + gen::variant_name(o.variant.variant) + ": the " + format_name(format) +
                             " format cannot hold variant boards; choose --output json, board or paths");
        if (format == Format::Levelpack && !o.fill_all)
            throw UsageError("level packs cannot hold blocked cells: add --no-blocked or choose another --output");
        if (format == Format::Grid) throw UsageError("generate writes puzzle formats; --output grid is for solutions");
        const bool puzzle_only = format == Format::Ascii || format == Format::Stream || format == Format::Intgrid ||
                                 format == Format::Adc || format == Format::Board;
        const bool quiet = vm.count("quiet") > 0;

        Output out(vm.count("output-file") ? vm["output-file"].as<std::string>() : "", true);
        std::optional<Output> solutions;
        if (vm.count("solutions")) {
            if (!puzzle_only) throw UsageError("--solutions is for puzzle-only formats; this format holds solutions");
            solutions.emplace(vm["solutions"].as<std::string>());
        }
        int made = 0;
        Progress progress(count, read_progress_option(vm, count), "generated", "failed");
        const auto emit = [&](const gen::Generated& g) {
            const auto hold = progress.pause();
            write_separator(out.stream(), format, made == 0);
            if (format == Format::Json) {
                auto j = puzzle_json(g.puzzle, &g.solution);
                j["seed"] = std::to_string(seed);
                j["report"] = report_json(g, o.unique, o.variant.variant);
                out.stream() << json_line(j) << '\n';
            } else {
                write_puzzle(out.stream(), format, g.puzzle, puzzle_only ? nullptr : &g.solution);
            }
            if (solutions) write_puzzle(solutions->stream(), Format::Paths, g.puzzle, &g.solution);
            out.flush();
            ++made;
            if (!quiet) std::cerr << report(g, o.unique, o.variant.variant) << '\n';
            progress.record(true);
        };
        int duplicates = 0;
        const gen::GenerateStatus status = gen::generate_many(o, seed, count, emit, &duplicates);
        progress.finish();
        if (status == gen::GenerateStatus::Interrupted) {
            std::cerr << "generate: interrupted after " << made << " of " << count << " puzzles\n";
            return int(kExitInterrupted);  // no output file is written: -o stays untouched
        }
        // Puzzles made before a timeout or giving up are written; a run that made none writes no file.
        if (made > 0) {
            out.commit();
            if (solutions) solutions->commit();
        }
        if (!quiet && duplicates > 0) std::cerr << "generate: " << duplicates << " duplicates skipped\n";
        if (status == gen::GenerateStatus::Timeout) {
            std::cerr << "generate: timeout after " << made << " of " << count << " puzzles\n";
            return int(kExitNegative);
        }
        if (status == gen::GenerateStatus::GaveUp) {
            std::cerr << "generate: no layout met the constraints in " << o.max_attempts << " attempts; made "
                      << made << " of " << count << " puzzles\n";
            return int(kExitNegative);
        }
        if (status == gen::GenerateStatus::Exhausted) {
            std::cerr << "generate: " << o.max_duplicates << " duplicates in a row: this board has no more distinct "
                      << "puzzles (or very few); made " << made << " of " << count << '\n';
            return int(kExitNegative);
        }
        return int(kExitOk);
    });
}

}  // namespace nl::app
