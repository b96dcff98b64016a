// numberlink count: the number of distinct solutions of each puzzle (optionally capped).
#include <iostream>

#include "app/commands.hpp"
#include "app/counting.hpp"
#include "app/progress.hpp"
#include "app/split_emit.hpp"
#include "frontend/records.hpp"
#include "frontend/text_records.hpp"
#include "core/json.hpp"

namespace nl::app {

int run_count(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        add_count_options(desc);
        auto parsed = parse_command(
            args,
            CommandHelp{"numberlink count [options] PUZZLE...",
                "Counts the distinct solutions of every puzzle under the rules, exactly; with --max N it\n"
                "stops at N and says 'at least N'.\n"
                "Exit 0 when every count finished (or reached --max), 1 when one stopped early, 2 on\n"
                "bad input.",
                {"rules", "max", "all", "engine", "distinct", "timeout", "jobs", "output", "output-file", "help"},
                {"numberlink count --max 10 puzzle.txt",
                 "numberlink count --engine frontier --rules nikoli puzzle.txt   # exact, however many",
                 "numberlink count --all --max 5 puzzle.txt                      # print them"},
                "Counts the distinct solutions of every puzzle under the rules (solutions differ when\n"
            "their paths differ; with --distinct colours, when their colourings differ). With --max N\n"
            "it stops at N and reports 'at least N'; --all prints every solution found. A count that\n"
            "stops short (time, --max) still gives the number of solutions without a U-turn (no path\n"
            "along three sides of a 2x2 block) once all those are found, as SAT finds them first\n"
            "under touch-allowed rules. --output grid (default) or json ('count', 'at_least' when\n"
            "the cap was hit, 'engine', 'distinct', 'timed_out', 'limit' (--max-memory),\n"
            "'interrupted', 'uturn_free_solutions', 'solutions' with --all). Exit 0 when every count\n"
            "finished (or reached --max), 1 when one stopped early (timeout, limit), 2 when a file\n"
            "or puzzle could not be read (reported on stderr, an 'error' record in JSON; the others\n"
            "are still counted), 130 when interrupted (after the counts so far)."},
            desc, 1, 1 << 20);
        if (!parsed) return int(kExitOk);
        Output out(parsed->vm.count("output-file") ? parsed->vm["output-file"].as<std::string>() : "", true);
        CountingRun run = read_counting_run(*parsed, 0, out.to_terminal());
        if (const auto code = emit_split_if_asked(*parsed, run, "count")) return *code;
        const bool all = parsed->vm.count("all") > 0;
        run.options.keep = all ? static_cast<std::size_t>(-1) : 0;
        int timed_out = 0;
        const long items = run.puzzles->at_most_one() ? 1 : 2;
        Progress progress(0, read_progress_option(parsed->vm), "counted", "timed out",
                          progress_delay(parsed->vm, items));
        const CountingTally tally = count_all(run, progress, out, [&](const PuzzleEntry& e, const CountResult& r) {
            const Puzzle& p = e.puzzle;
            timed_out += r.timed_out;
            progress.record(!r.timed_out);
            const auto hold = progress.pause();  // no progress line inside the output
            if (run.output == Format::Json) {
                out.stream() << json_line(count_record(p, r, run.engine, run.options.distinct, all)) << '\n';
            } else {
                write_count_text(out.stream(), p, r, all, run.quiet, run.color);
            }
            out.flush();
        });
        return finish_counting_run(progress, out, run, tally, timed_out);
    });
}

}  // namespace nl::app
