// numberlink merge: the exact count or verdict of a split count from its parts' answers
// (docs/scaling.md; the argument is in solver/count/split_count.hpp).
#include <algorithm>
#include <chrono>
#include <iostream>
#include <thread>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupt.hpp"
#include "app/output.hpp"
#include "app/test_markers.hpp"
#include "core/json.hpp"
#include "frontend/records.hpp"
#include "frontend/split_files.hpp"
#include "frontend/text_records.hpp"
#include "core/errors.hpp"
#include "core/formats.hpp"
#include "solver/count/count_json.hpp"

namespace nl::app {

namespace {

// The open parts' names with runs shortened ("2-40" for parts 2 to 40, "1.3.1-16" for parts 1 to
// 16 of part 1.3's split), at most kShownRuns runs and then how many more: a split of 1,000 parts
// with most of them open stays one readable line.
std::string part_list(const std::vector<std::string>& names) {
    constexpr std::size_t kShownRuns = 20;
    const auto split_name = [](const std::string& name) {
        const std::size_t dot = name.rfind('.');
        const std::string prefix = dot == std::string::npos ? "" : name.substr(0, dot + 1);
        return std::pair<std::string, long>{prefix, std::stol(name.substr(prefix.size()))};
    };
    std::vector<std::string> runs;
    std::size_t shown_parts = 0;
    for (std::size_t i = 0; i < names.size() && runs.size() < kShownRuns;) {
        const auto [prefix, first] = split_name(names[i]);
        std::size_t j = i + 1;
        while (j < names.size() && split_name(names[j]) == std::pair<std::string, long>{prefix, first + long(j - i)}) ++j;
        runs.push_back(j - i == 1 ? names[i] : prefix + std::to_string(first) + "-" + std::to_string(first + long(j - i) - 1));
        shown_parts += j - i;
        i = j;
    }
    std::string text;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (i) text += i + 1 == runs.size() && shown_parts == names.size() ? " and " : ", ";
        text += runs[i];
    }
    if (shown_parts < names.size()) text += " and " + std::to_string(names.size() - shown_parts) + " more";
    return text;
}

// Parts with an answer, counting a part split again only when every part of its split has one.
long answered(const SplitState& state) {
    long n = 0;
    for (std::size_t i = 0; i < state.results.size(); ++i) n += state.results[i].has_value() && !state.pending[i];
    return n;
}

// Re-reads the directory every second, with one progress line on stderr, until every part has
// an answer or the cap decides the verdict; Ctrl-C stops the watch.
SplitState watch(const std::string& dir) {
    for (;;) {
        SplitState state = read_split(dir);
        std::vector<std::size_t> open;
        const CountResult so_far = merge_part_counts(state.results, state.manifest.task.max, 0, open);
        std::cerr << "\r" << dir << ": " << answered(state) << " of " << state.manifest.parts
                  << " parts answered, " << (so_far.capped ? "at least " : "") << so_far.count << " solutions so far"
                  << std::flush;
        test_marker("watching " + std::to_string(answered(state)) + " of " + std::to_string(state.manifest.parts));
        if (answered(state) == state.manifest.parts || so_far.capped || interrupt_flag()) {
            std::cerr << '\n';
            return state;
        }
        std::this_thread::sleep_for(std::chrono::seconds(1));
    }
}

// JSON's `open_parts` (the numbers of the open parts) and, when some were split again,
// `open_inside` (the open parts inside them, "3.2").
void add_open_parts(nlohmann::ordered_json& j, const SplitState& state, const std::vector<std::size_t>& open) {
    nlohmann::ordered_json numbers = nlohmann::ordered_json::array();
    nlohmann::ordered_json inside = nlohmann::ordered_json::array();
    for (std::size_t i : open) {
        numbers.push_back(i + 1);
        for (const std::string& name : state.open_inside[i]) inside.push_back(name);
    }
    j["open_parts"] = std::move(numbers);
    if (!inside.empty()) j["open_inside"] = std::move(inside);
}

// A split solve's merged answer as solve reports it: solved with the first solution a part found,
// unsolvable when every part finished without one, else timeout.
frontend::SolveOutcome solve_outcome(const CountResult& merged, const std::string& dir) {
    // A part counted with run-part keeps the solution it found; a count without one comes from an
    // answer edited by hand, and must not read as "no solution".
    if (merged.count > 0 && merged.solutions.empty())
        throw InputError(dir, 0, "a part's answer counts a solution it does not hold");
    frontend::SolveOutcome outcome;
    outcome.result.engine = "split";
    outcome.seconds = merged.stats.solve_seconds;
    if (merged.count > 0) {
        outcome.result.status = Verdict::Solved;
        outcome.result.solution = merged.solutions.front();
    } else if (merged.timed_out) {
        outcome.result.status = merged.stop == StopReason::Interrupted ? Verdict::Interrupted : Verdict::Timeout;
    } else {
        outcome.result.status = Verdict::Unsolvable;
        outcome.result.sat_stats.unsolvable_reason = merged.stats.unsolvable_reason;
    }
    return outcome;
}

}  // namespace

int run_merge(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        desc.add_options()("watch", "re-read DIR every second until every part has answered, showing progress");
        add_common_options(desc, {"output", "quiet", "help"});
        auto parsed = parse_command(
            args,
            CommandHelp{"numberlink merge [options] DIR",
                "Combines the answers of a split's parts (run-part) into the exact count, unique verdict\n"
                "or solve status of the whole puzzle, and says which parts are still open.\n"
                "Exit as the command that was split: 0 for a finished count, a unique or a solved\n"
                "puzzle, 1 otherwise.",
                {"watch", "output", "quiet", "help"},
                {"numberlink merge parts", "numberlink merge --watch parts"},
                "Combines the answers of a split's parts (count, unique or solve --split N --emit DIR,\n"
                "then run-part on every part) into the count, verdict or solution of the whole puzzle,\n"
                "printed as that command prints it: the parts cover every solution exactly once, so the\n"
                "counts add up. unique says multiple, count reaches its --max, and solve is solved (the\n"
                "first solution found), as soon as the parts answered so far add up to it; otherwise a\n"
                "part without an answer (not run yet, or stopped by its --timeout) leaves the result\n"
                "open ('at least N', or timeout) and is named on stderr; solve is unsolvable when every\n"
                "part has finished with none. A part split again (run-part --split) is read from its\n"
                "own split's answers. Every solution read from a part's answer passes the checker.\n"
                "--watch re-reads DIR every second until every part has answered. --output grid\n"
                "(default) or json (the command's record, with 'parts', 'open_parts' and, for parts\n"
                "split again, 'open_inside').\n"
                "Exit 0 for a finished count, a unique or a solved puzzle, 1 for an open count or any\n"
                "other verdict, 2 when DIR is not a split or an answer cannot be read, 130 when\n"
                "interrupted."},
            desc, 1, 1);
        if (!parsed) return int(kExitOk);
        const Format output = read_output_option(parsed->vm, Format::Grid);
        if (output != Format::Grid && output != Format::Json) throw UsageError("--output takes grid or json here");
        const std::string dir = parsed->files[0];
        const SplitState state = parsed->vm.count("watch") ? watch(dir) : read_split(dir);
        if (interrupt_flag()) return int(kExitInterrupted);
        const SplitManifest& m = state.manifest;
        std::vector<std::size_t> open;
        const CountResult merged = merge_part_counts(state.results, m.task.max, 2, open);
        const bool unique = m.task.command == "unique";
        const bool quiet = parsed->vm.count("quiet") > 0;
        std::optional<frontend::SolveOutcome> solved;
        if (m.task.command == "solve") solved = solve_outcome(merged, dir);
        if (solved && output == Format::Json) {
            nlohmann::ordered_json j = frontend::solve_record(m.puzzle, *solved, false);
            j["parts"] = m.parts;
            add_open_parts(j, state, open);
            std::cout << json_line(j) << '\n';
        } else if (solved) {
            frontend::SolveTextOptions text;
            text.quiet = quiet;
            if (frontend::write_solve_text(std::cout, std::cerr, m.puzzle, *solved, text))
                write_puzzle(std::cout, Format::Grid, m.puzzle, &solved->result.solution, {false});
        } else if (output == Format::Json) {
            nlohmann::ordered_json j = unique ? frontend::unique_record(m.puzzle, merged, CountEngine::Sat, m.task.distinct, "")
                                              : frontend::count_record(m.puzzle, merged, CountEngine::Sat, m.task.distinct, false);
            j["parts"] = m.parts;
            add_open_parts(j, state, open);
            std::cout << json_line(j) << '\n';
        } else if (unique) {
            frontend::write_unique_text(std::cout, m.puzzle, merged, quiet, false, "");
        } else {
            frontend::write_count_text(std::cout, m.puzzle, merged, false, quiet, false);
        }
        std::cout.flush();
        if (!open.empty() && !merged.capped) {
            const std::vector<std::string> names = open_part_names(state, open);
            const bool nested = std::any_of(open.begin(), open.end(), [&](std::size_t i) { return !state.open_inside[i].empty(); });
            std::cerr << "numberlink: " << dir << ": " << names.size();
            if (!nested) std::cerr << " of " << m.parts;
            std::cerr << (names.size() == 1 ? " part is" : " parts are") << " open (part " << part_list(names) << ")\n";
        }
        if (solved) return int(solved->result.status == Verdict::Solved ? kExitOk : kExitNegative);
        if (unique) return int(unique_verdict(merged) == "unique" ? kExitOk : kExitNegative);
        return int(merged.timed_out ? kExitNegative : kExitOk);
    });
}

}  // namespace nl::app
