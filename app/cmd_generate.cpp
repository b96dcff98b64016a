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

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/generate_options.hpp"
#include "app/interrupt.hpp"
#include "app/progress.hpp"
#include "frontend/records.hpp"
#include "core/json.hpp"
#include "generator/generate.hpp"

namespace nl::app {

namespace {

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

// Cells on no path of the solution (the generator keeps them empty on layered boards).
long empty_cells(const Puzzle& p, const Solution& s) {
    long on_paths = 0;
    for (const auto& path : s.paths) on_paths += static_cast<long>(path.size());
    return static_cast<long>(p.grid_cells()) - blocked_cells(p) - on_paths;
}

std::string report(const gen::Generated& g, bool unique, gen::Variant variant) {
    std::ostringstream out;
    const int blocked = blocked_cells(g.puzzle);
    const std::string parts = variant_parts(g.puzzle, variant);
    out << g.puzzle.name << ": " << g.puzzle.width << 'x' << g.puzzle.height;
    if (g.puzzle.layers > 1) out << 'x' << g.puzzle.layers;
    out << (parts.empty() ? "" : " " + parts) << ", " << g.puzzle.labels.size() << " paths, " << blocked << " blocked, ";
    if (g.puzzle.layers > 1) out << empty_cells(g.puzzle, g.solution) << " empty, ";
    out << (unique ? "unique" : "not checked for uniqueness")
        << ", wall follower " << (g.wall.empty() ? "not run" : g.wall) << ", " << g.attempts << (g.attempts == 1 ? " layout" : " layouts");
    if (unique) out << ", " << g.repair.checks << " checks, " << g.repair.cuts << " cuts, " << g.repair.regrown << " regrown, " << g.repair.merges << " merges";
    out << ", " << std::fixed << std::setprecision(3) << g.seconds << " s";
    return out.str();
}

}  // namespace

int run_generate(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        add_generate_options(desc);
        auto parsed = parse_command(
            args,
            CommandHelp{"numberlink generate --size WxH[xD] [options]",
                "Generates random puzzles with their solutions; with --unique each is proved to have\n"
                "exactly one solution under the rules. The same seed and options give the same puzzles\n"
                "on every machine; without --seed one is drawn and reported on standard error.\n"
                "Exit 0 when every puzzle was made, 1 when --timeout struck or the constraints could\n"
                "not be met.",
                {"size", "count", "seed", "unique", "no-blocked", "min-paths", "max-paths", "variant", "rules", "output", "output-file", "quiet", "help"},
                {"numberlink generate --size 10x10 --no-blocked --unique --output ascii",
                 "numberlink generate --size 14x14 --unique --rules strict --max-paths 10 -n 5 -o pack.json",
                 "numberlink generate --size 10x10 --variant hex --unique"},
                "Generates random puzzles with their solutions (the union-find generator: random\n"
            "non-intersecting paths grown with a union-find; leftover isolated cells become blocked,\n"
            "or with --no-blocked are absorbed into paths). With --unique each puzzle is proved to\n"
            "have exactly one solution under the rules. No two puzzles of a run are equal up to\n"
            "rotation and reflection.\n"
            "--variant makes Flow Free variant boards whose solution uses every warp and both lanes\n"
            "of every bridge (output json, the default there, board or paths).\n"
            "--size WxHxD makes boards of D layers (ADC style: under no-fill rules leftover cells\n"
            "stay empty, and with --unique every cell is covered; output json, adc or paths).\n"
            "The same seed and options give the same output on every machine.\n"
            "--output levelpack (default with --no-blocked), json (default otherwise), paths, or a\n"
            "puzzle-only format (ascii, stream, intgrid, adc; see --solutions). A report per puzzle\n"
            "goes to stderr (-q: none). Exit 0 when every puzzle was made, 1 when --timeout struck\n"
            "or the constraints could not be met."},
            desc, 0, 0);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        gen::GenerateOptions o = read_generate_options(vm);
        const bool variant = o.variant.variant != gen::Variant::Square;
        const int count = positive(vm, "count", 1, 1);
        bool drawn = false;
        std::uint64_t seed = seed_option(vm, drawn);
        if (drawn) std::cerr << "generate: seed " << seed << '\n';
        const Format format =
            read_output_option(vm, o.fill_all && !variant && o.layers == 1 ? Format::Levelpack : Format::Json);
        if (variant && format != Format::Json && format != Format::Board && format != Format::Paths)
            throw UsageError("--variant " + gen::variant_name(o.variant.variant) + ": the " + format_name(format) +
                             " format cannot hold variant boards; choose --output json, board or paths");
        if (format == Format::Levelpack && !o.fill_all)
            throw UsageError("level packs cannot hold blocked cells: add --no-blocked or choose another --output");
        if (format == Format::Puzzlink && !o.fill_all)
            throw UsageError("puzzlink URLs cannot hold blocked cells: add --no-blocked or choose another --output");
        if (format == Format::Grid) throw UsageError("generate writes puzzle formats; --output grid is for solutions");
        if (o.layers > 1 && format != Format::Json && format != Format::Adc && format != Format::Paths)
            throw UsageError("the " + format_name(format) +
                             " format holds one layer; boards of several layers: --output json, adc or paths");
        if (format == Format::Adc && count > 1)
            throw UsageError("an adc file holds one puzzle: use --count 1 (one file per seed), or --output json");
        if (format == Format::Adc && !o.fill_all && !(o.keep_empty && !o.rules.fill))
            throw UsageError("the adc format cannot hold blocked cells: add --no-blocked, or give --size as WxHxD "
                             "under no-fill rules (e.g. --size 72x72x8 --rules adc), where leftover cells stay empty");
        const bool puzzle_only = format == Format::Ascii || format == Format::Stream || format == Format::Intgrid ||
                                 format == Format::Adc || format == Format::Board ||
                                 format == Format::Puzzlink;
        const bool quiet = vm.count("quiet") > 0;

        Output out(vm.count("output-file") ? vm["output-file"].as<std::string>() : "", true);
        std::optional<Output> solutions;
        if (vm.count("solutions")) {
            if (!puzzle_only) throw UsageError("--solutions is for puzzle-only formats; this format holds solutions");
            solutions.emplace(vm["solutions"].as<std::string>());
        }
        int made = 0;
        Progress progress(count, read_progress_option(vm), "generated", "failed", progress_delay(vm, count));
        const auto emit = [&](const gen::Generated& g) {
            const auto hold = progress.pause();
            write_separator(out.stream(), format, made == 0);
            if (format == Format::Json) {
                out.stream() << json_line(generate_record(g, seed, o.unique, o.variant.variant)) << '\n';
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
        // The rule of every command (app/output.hpp): the puzzles made so far are written, whole,
        // also after Ctrl-C; a run that made none (interrupted, timeout, gave up) writes no file.
        if (made > 0) {
            out.commit();
            if (solutions) solutions->commit();
        } else {
            out.discard();
            if (solutions) solutions->discard();
        }
        // A signal while the last puzzle was written is still an interruption: exit 130.
        if (status == gen::GenerateStatus::Interrupted || interrupt_flag()) {
            std::cerr << "generate: interrupted after " << made << " of " << count << " puzzles\n";
            return int(kExitInterrupted);
        }
        if (!quiet && duplicates > 0) std::cerr << "generate: " << duplicates << " duplicates skipped\n";
        if (const std::string shortfall = generate_shortfall(status, o, made, count); !shortfall.empty()) {
            std::cerr << shortfall << '\n';
            return int(kExitNegative);
        }
        return int(kExitOk);
    });
}

}  // namespace nl::app
