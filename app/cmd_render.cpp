// numberlink render: pictures (SVG or PNG) of puzzles and their solutions.
//
// Where a picture's solution comes from, in order: the SOLUTION file; the solution the puzzle
// file carries (level packs, JSON) unless --puzzle-only; with --solve, the solver (its answers
// pass the checker). Puzzles without any are drawn alone. Pairing with SOLUTION is check's: a
// one-puzzle file gets a picture per solution (an ADC answer file may hold alternatives), a
// file of N puzzles takes N solutions in order.
//
// Everything is drawn in memory first and only then written, each file atomically, so bad
// input never leaves a file behind. Several pictures go to numbered files: -o out.svg gives
// out-1.svg, out-2.svg, ... (the puzzle's index in its file, or the solution's number).
#include <unistd.h>

#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupt.hpp"
#include "app/jump_heatmap.hpp"
#include "app/pictures.hpp"
#include "frontend/png_loader.hpp"
#include "app/solve_options.hpp"
#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/solution_match.hpp"
#include "render/svg.hpp"
#include "solver/pipeline/engine.hpp"

namespace nl::app {

namespace {

struct Picture {
    const PuzzleEntry* entry = nullptr;
    std::optional<Solution> solution;
    int number = 1;      // in the numbered file name
    std::string source;  // the solution's name when it comes from a SOLUTION file
};

PictureFormat picture_format(const po::variables_map& vm, const std::string& path) {
    if (vm.count("output")) {
        const auto& value = vm["output"].as<std::string>();
        if (auto f = picture_format_from_name(value)) return *f;
        throw UsageError("render --output takes svg or png, not '" + value + "'");
    }
    if (path.empty()) return PictureFormat::Svg;
    if (auto f = picture_format_of_path(path)) return *f;
    throw UsageError("cannot tell the picture format from '" + path + "': name it .svg or .png, or give --output svg|png");
}

// Pairs the chosen puzzles with the solutions of a SOLUTION file (see the file comment).
std::vector<Picture> pair_with_file(const std::vector<PuzzleEntry>& entries, const std::vector<int>& chosen,
                                    const std::string& puzzle_file, const std::string& solution_file,
                                    const std::vector<SolutionText>& texts) {
    const std::size_t k = entries.size(), m = texts.size();
    std::vector<std::pair<int, int>> pairs;  // (entry index, solution index)
    if (m == k) {
        for (int i : chosen) pairs.push_back({i, i});
    } else if (k == 1) {
        for (std::size_t s = 0; s < m; ++s) pairs.push_back({0, static_cast<int>(s)});
    } else if (chosen.size() == 1 && m == 1) {
        pairs.push_back({chosen[0], 0});
    } else {
        throw UsageError(puzzle_file + " holds " + std::to_string(k) + " puzzles but " + solution_file + " holds " +
                         std::to_string(m) + " solutions");
    }
    std::vector<Picture> pictures;
    for (auto [e, s] : pairs) {
        const Puzzle& p = entries[e].puzzle;
        MatchedSolution match = match_solution(p, texts[s]);
        if (!match.problem.empty())
            throw InputError(solution_file, texts[s].line,
                             "solution " + texts[s].name + " does not fit puzzle " + p.name + ": " + match.problem);
        Picture picture{&entries[e], std::move(match.solution), e + 1, texts[s].name};
        if (k == 1 && m > 1) picture.number = s + 1;
        pictures.push_back(std::move(picture));
    }
    return pictures;
}

}  // namespace

int run_render(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        desc.add_options()
            ("index", po::value<int>()->value_name("N"), "draw only puzzle N of PUZZLE (1-based)")
            ("solution-format", po::value<std::string>()->value_name("FORMAT"),
             "format of SOLUTION: ascii|stream|levelpack|intgrid|adc|json|paths (default: detect)")
            ("puzzle-only", "draw the puzzles alone, even when the file carries solutions")
            ("solve", "solve the puzzles that come without a solution first (answers pass the checker)")
            ("timeout", po::value<double>()->value_name("SECONDS"), "with --solve: time limit per puzzle")
            ("labels", "label names on the endpoint dots (always when colours repeat)")
            ("coordinates", "column numbers above and row numbers left of the board")
            ("cell-size", po::value<int>()->value_name("N")->default_value(40), "pixels per cell (4..400)");
        add_common_options(desc, {"rules", "format", "output", "output-file", "quiet", "help"});
        auto parsed = parse_command(
            args,
            CommandHelp{"numberlink render [options] PUZZLE [SOLUTION] -o FILE.svg|FILE.png",
                "Draws puzzles and their solutions as SVG or PNG, the format from -o's extension (SVG on\n"
                "standard output without -o). Several pictures go to numbered files (out-1.svg, ...).\n"
                "Exit 0 when every picture was drawn, 1 when a solution is invalid or --solve found\n"
                "none, 2 on bad input.",
                {"solve", "index", "coordinates", "cell-size", "rules", "format", "output", "output-file", "help"},
                {"numberlink render puzzle.txt solution.txt -o solved.svg",
                 "numberlink render --solve puzzle.txt -o solved.png",
                 "numberlink render pack.txt -o level.svg   # level-1.svg, level-2.svg, ..."},
                "Draws puzzles and their solutions: pipes in colour-blind-friendly colours, endpoint\n"
            "dots, blocked cells shaded, one panel per layer. The format comes from -o's extension\n"
            "or --output svg|png (SVG on standard output without -o). Solutions: SOLUTION, else the\n"
            "one the puzzle file carries (level packs, JSON), else with --solve the solver's.\n"
            "Several pictures (a pack, or one puzzle with several solutions) go to numbered files:\n"
            "-o out.png writes out-1.png, out-2.png, ... (N = the puzzle's index in its file, or the\n"
            "solution's number); --index N draws one. Exit 0 when every picture was drawn, 1 when\n"
            "a solution is not valid under the rules (drawn as given, with a warning) or --solve\n"
            "found none (the puzzle is drawn alone), 2 on bad input (no file is written).\n"
            "PUZZLE may also be the JSON of `jump --count --output json`: its heat map is drawn."},
            desc, 1, 2);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        const std::string out_path = vm.count("output-file") ? vm["output-file"].as<std::string>() : "";
        const PictureFormat format = picture_format(vm, out_path);
        if (out_path.empty() && format == PictureFormat::Png && isatty(STDOUT_FILENO))
            throw UsageError("not writing a PNG to a terminal: give -o FILE.png");
        if (format == PictureFormat::Png) require_png_module();
        render::SvgOptions svg;
        svg.cell_size = vm["cell-size"].as<int>();
        if (svg.cell_size < render::kMinCellSize || svg.cell_size > render::kMaxCellSize)
            throw UsageError("--cell-size takes " + std::to_string(render::kMinCellSize) + ".." +
                             std::to_string(render::kMaxCellSize));
        svg.labels = vm.count("labels") > 0;
        svg.coordinates = vm.count("coordinates") > 0;
        const bool quiet = vm.count("quiet") > 0, solve = vm.count("solve") > 0;
        EngineOptions engine;
        engine.sat.timeout = read_timeout_option(vm);

        const std::string& puzzle_file = parsed->files[0];
        const ReadOptions read{read_format_option(vm, "format"), read_rules_option(vm)};
        const TextFile text = load_text(puzzle_file);
        // The saved result of `jump --count --output json`: its heat map (app/jump_heatmap.hpp).
        if (auto heatmap = parsed->files.size() == 1 ? jump_heatmap_from_json(text) : std::nullopt) {
            const std::string bytes = picture_bytes(format, *heatmap);
            if (out_path.empty()) std::cout << bytes << std::flush;
            else write_picture_file(out_path, bytes);
            if (!quiet && !out_path.empty()) std::cerr << puzzle_file << " -> " << out_path << '\n';
            return int(kExitOk);
        }
        const std::vector<PuzzleEntry> entries = read_puzzles(text, read);
        std::vector<int> chosen;
        if (vm.count("index")) {
            const PuzzleEntry& e = pick_puzzle(entries, puzzle_file, vm);
            chosen.push_back(static_cast<int>(&e - entries.data()));
        } else {
            for (std::size_t i = 0; i < entries.size(); ++i) chosen.push_back(static_cast<int>(i));
        }
        std::vector<Picture> pictures;
        if (parsed->files.size() == 2) {
            const std::string& solution_file = parsed->files[1];
            pictures = pair_with_file(entries, chosen, puzzle_file, solution_file,
                                      read_solutions(solution_file, read_format_option(vm, "solution-format")));
        } else {
            for (int i : chosen) {
                Picture picture{&entries[i], std::nullopt, i + 1, ""};
                if (!vm.count("puzzle-only")) picture.solution = entries[i].solution;
                pictures.push_back(std::move(picture));
            }
        }
        if (pictures.size() > 1 && out_path.empty())
            throw UsageError(std::to_string(pictures.size()) + " pictures to draw: give -o FILE.svg (numbered files " +
                             "FILE-1.svg, ...) or pick a puzzle with --index N");

        bool negative = false;
        if (solve) engine.sat.interrupt = &interrupt_flag();
        for (Picture& picture : pictures) {
            const Puzzle& p = picture.entry->puzzle;
            if (picture.solution) {
                const CheckResult check = check_solution(p, *picture.solution, p.rules);
                if (!check.ok) {
                    std::cerr << "numberlink: warning: " << p.name << ": the solution is not valid under "
                              << rules_name(p.rules) << " rules (drawn as given): " << check.message << '\n';
                    negative = true;
                }
            } else if (solve) {
                EngineResult r = solve_puzzle(p, p.rules, engine);
                if (interrupt_flag()) return int(kExitInterrupted);  // nothing written yet
                if (r.status == Verdict::Solved) {
                    picture.solution = std::move(r.solution);
                } else {
                    std::cerr << "numberlink: " << p.name << ": " << verdict_name(r.status) << " (drawn without a solution)\n";
                    negative = true;
                }
            }
        }
        // Draw everything, then write: an error while drawing leaves no file.
        std::vector<std::pair<std::string, std::string>> files;  // path, bytes
        for (const Picture& picture : pictures) {
            const Puzzle& p = picture.entry->puzzle;
            const std::string path = pictures.size() == 1 ? out_path : numbered_path(out_path, picture.number);
            files.emplace_back(path, picture_bytes(format, render::svg_picture(
                                                               p, picture.solution ? &*picture.solution : nullptr, svg)));
        }
        // Ctrl-C while the files are written: the ones written are whole (write_picture_file),
        // the rest are not begun, and the exit is 130 (app/output.hpp's one rule).
        std::size_t written = 0;
        for (const auto& [path, bytes] : files) {
            if (interrupt_flag()) break;
            if (path.empty()) {
                Output out("");
                out.stream() << bytes;
                out.commit();
            } else {
                write_picture_file(path, bytes);
            }
            ++written;
        }
        if (!quiet && !out_path.empty())
            for (std::size_t i = 0; i < written; ++i)
                std::cout << pictures[i].entry->puzzle.name
                          << (pictures[i].source.empty() ? "" : " (solution " + pictures[i].source + ")") << " -> "
                          << files[i].first << '\n';
        if (interrupt_flag()) return int(kExitInterrupted);
        return int(negative ? kExitNegative : kExitOk);
    });
}

}  // namespace nl::app
