// numberlink unique: does each puzzle have exactly one solution under the rules?
#include <iostream>

#include "app/commands.hpp"
#include "app/counting.hpp"
#include "app/pictures.hpp"
#include "app/progress.hpp"
#include "app/split_emit.hpp"
#include "frontend/records.hpp"
#include "frontend/text_records.hpp"
#include "core/json.hpp"
#include "render/svg.hpp"

namespace nl::app {

int run_unique(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        add_unique_options(desc);
        auto parsed = parse_command(
            args,
            CommandHelp{"numberlink unique [options] PUZZLE...",
                "Says for every puzzle whether it has exactly one solution under the rules: unique,\n"
                "multiple (two solutions are printed, with the cells where they differ) or none. Every\n"
                "verdict is exact.\n"
                "Exit 0 when every puzzle is unique, 1 otherwise, 2 on bad input.",
                {"rules", "timeout", "jobs", "distinct", "render", "output", "output-file", "help"},
                {"numberlink unique puzzle.txt",
                 "numberlink unique --rules strict --timeout 10 pack.txt",
                 "numberlink unique --render diff/ puzzle.txt   # both solutions drawn"},
                "Says for every puzzle whether it has exactly one solution under the rules: unique,\n"
            "multiple (two solutions are printed with the cells where they differ) or none; timeout\n"
            "when --timeout ran out first, limit when --max-memory did, interrupted on Ctrl-C (with\n"
            "'1 solution found' and that solution when one was found before it stopped; and, once\n"
            "every solution without a U-turn has been found, 'any other solution has a U-turn': a\n"
            "path along three sides of a 2x2 block).\n"
            "Exact: solutions differ when their paths differ (--distinct paths, the default) or,\n"
            "with --distinct colours, when the label of some cell differs.\n"
            "--output grid (default) or json ('verdict', 'engine', 'distinct', and for multiple\n"
            "'solutions' and 'differing_cells', 'picture' with --render; when stopped,\n"
            "'solutions_found', the one found as 'paths', and 'uturn_free_solutions' when known).\n"
            "A file or puzzle that cannot be read is reported on stderr (an 'error' record in JSON)\n"
            "and the others are still decided.\n"
            "Exit 0 when every puzzle is unique, 1 otherwise, 2 when one could not be read, 130\n"
            "when interrupted (after the verdicts so far)."},
            desc, 1, 1 << 20);
        if (!parsed) return int(kExitOk);
        Output out(parsed->vm.count("output-file") ? parsed->vm["output-file"].as<std::string>() : "", true);
        const CountingRun run = read_counting_run(*parsed, 2, out.to_terminal());
        if (const auto code = emit_split_if_asked(*parsed, run, "unique")) return *code;
        std::optional<PictureDirectory> pictures;  // --render
        if (parsed->vm.count("render")) {
            const std::string format = parsed->vm["render-format"].as<std::string>();
            if (!picture_format_from_name(format)) throw UsageError("--render-format takes svg or png, not '" + format + "'");
            pictures.emplace(parsed->vm["render"].as<std::string>(), *picture_format_from_name(format));
        }
        int not_unique = 0;
        const long items = run.puzzles->at_most_one() ? 1 : 2;
        Progress progress(0, read_progress_option(parsed->vm), "unique", "not unique",
                          progress_delay(parsed->vm, items));
        const CountingTally tally = count_all(run, progress, out, [&](const PuzzleEntry& e, const CountResult& r) {
            const Puzzle& p = e.puzzle;
            const std::string verdict = unique_verdict(r);
            not_unique += verdict != "unique";
            progress.record(verdict == "unique");
            std::string picture;
            if (pictures && verdict == "multiple")
                picture = pictures->write(p.name, render::svg_comparison(p, r.solutions[0], r.solutions[1], {}));
            const auto hold = progress.pause();  // no progress line inside the output
            if (run.output == Format::Json) {
                out.stream() << json_line(unique_record(p, r, run.engine, run.options.distinct, picture)) << '\n';
            } else {
                write_unique_text(out.stream(), p, r, run.quiet, run.color, picture);
            }
            out.flush();
        });
        return finish_counting_run(progress, out, run, tally, not_unique);
    });
}

}  // namespace nl::app
