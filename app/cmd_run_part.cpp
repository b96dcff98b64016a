// numberlink run-part: counts the solutions in parts of a split count and writes each answer next
// to its part, for `merge` (docs/scaling.md).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <thread>
#include <optional>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupt.hpp"
#include "app/output.hpp"
#include "app/split_emit.hpp"
#include "app/test_markers.hpp"
#include "core/errors.hpp"
#include "core/json.hpp"
#include "frontend/option_readers.hpp"
#include "frontend/option_table.hpp"
#include "frontend/option_values.hpp"
#include "frontend/split_files.hpp"
#include "solver/count/count_json.hpp"

namespace nl::app {

namespace {

CountOptions part_options(const po::variables_map& vm, const SplitTask& task) {
    const CommandLineValues values(vm);
    CountOptions options;
    options.max = task.max;
    options.distinct = task.distinct;
    options.keep = 2;  // enough for merge to show two solutions of a multiple verdict
    options.local_moves = false;
    options.sat.timeout = frontend::read_timeout(values);
    options.sat.threads = frontend::read_threads(values);
    options.sat.sat = frontend::read_sat_choice(values);
    options.sat.max_memory = frontend::read_max_memory(values);
    options.sat.interrupt = &interrupt_flag();
    return options;
}

// --split N: the part split again (the range of count's --split).
const std::vector<frontend::OptionRow>& split_again_option() {
    static const std::vector<frontend::OptionRow> rows = [] {
        frontend::OptionRow split = frontend::option_row(
            "split", frontend::OptionKind::Whole, "N",
            "instead of counting, split each part again into N parts (in part-NNNN.split/, for run-part and merge)",
            frontend::kCommandLine);
        split.least = 1;
        split.most = frontend::kMaxSplitParts;
        return std::vector<frontend::OptionRow>{split};
    }();
    return rows;
}

void report(std::ostream& out, const PartFile& part, const PartCount& count, bool json) {
    if (json) {
        nlohmann::ordered_json j{{"part_file", part.path}, {"part", part.index}, {"parts", part.parts},
                                 {"count", count.count}, {"capped", count.capped}, {"seconds", count.seconds}};
        if (count.stop != StopReason::None) j["stopped"] = stop_name(count.stop);
        out << json_line(j) << '\n';
        return;
    }
    out << part.path << ": part " << part.index << " of " << part.parts << ": ";
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3f", count.seconds);
    if (part.task.command == "solve" && count.stop == StopReason::None) {
        out << (count.count > 0 ? "solved" : "no solution") << " (" << seconds << " s)\n";
        return;
    }
    if (count.stop != StopReason::None) out << stop_name(count.stop) << " after ";
    else if (count.capped) out << "at least ";
    out << count.count << (count.count == 1 ? " solution" : " solutions") << " (" << seconds << " s)\n";
}

// --skip-done on a part that was split again and whose split is still open.
void report_split_again(std::ostream& out, const PartFile& part, long so_far, bool json) {
    const std::string dir = sub_split_dir(part.path);
    if (json) {
        out << json_line(nlohmann::ordered_json{{"part_file", part.path}, {"part", part.index}, {"parts", part.parts},
                                                {"count", so_far}, {"capped", false}, {"split_again", dir}})
            << '\n';
        return;
    }
    out << part.path << ": part " << part.index << " of " << part.parts << ": split again, open in " << dir
        << " (" << so_far << (so_far == 1 ? " solution" : " solutions") << " so far)\n";
}

// Raises stop() when another part of the split has found a solution (the note, checked every
// 200 ms) or on Ctrl-C, until destroyed: the search given stop() as its interrupt then ends as on
// Ctrl-C (StopReason::Interrupted), with interrupt_flag() unset when it was the note.
class FoundWatcher {
   public:
    explicit FoundWatcher(const PartFile& part) : thread_([this, &part] { watch(part); }) {}
    ~FoundWatcher() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            done_ = true;
        }
        changed_.notify_all();
        thread_.join();
    }
    FoundWatcher(const FoundWatcher&) = delete;
    FoundWatcher& operator=(const FoundWatcher&) = delete;
    std::atomic<bool>& stop() { return stop_; }

   private:
    void watch(const PartFile& part) {
        std::unique_lock<std::mutex> lock(mutex_);
        while (!done_) {
            if (interrupt_flag() || found(part)) stop_ = true;
            changed_.wait_for(lock, std::chrono::milliseconds(200));
        }
    }
    // The note as the watcher reads it: one that cannot be read (a file put there by hand) stops
    // nothing here, since an exception would end the process from this thread; run-part reads it
    // before every part and reports it there as an input error.
    static bool found(const PartFile& part) {
        try {
            return solution_found(part);
        } catch (const InputError&) {
            return false;
        }
    }
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
    std::condition_variable changed_;
    bool done_ = false;
    std::thread thread_;  // last: it starts once the members above exist
};

// A part of a split solve: searched until it finds a solution, another part has found one, or
// Ctrl-C.
PartCount search_part(const PartFile& part, CountOptions options) {
    FoundWatcher watcher(part);
    options.sat.interrupt = &watcher.stop();
    return count_part(part.puzzle, part.puzzle.rules, part.cubes, options);
}

// A part of a split solve not searched, or stopped, because another part has found a solution.
void report_found_elsewhere(std::ostream& out, const PartFile& part, bool json) {
    if (json) {
        out << json_line(nlohmann::ordered_json{{"part_file", part.path}, {"part", part.index}, {"parts", part.parts},
                                                {"skipped", "another part has found a solution"}})
            << '\n';
        return;
    }
    out << part.path << ": part " << part.index << " of " << part.parts
        << ": not searched further, another part has found a solution\n";
}

// Runs (or reports) the part at `path`; counts it in `stopped` when it stopped early. An exit code
// when the whole run must end (Ctrl-C), nullopt to go on with the next part.
std::optional<int> run_one_part(const std::string& path, const po::variables_map& vm, bool json, int& stopped) {
    const PartFile part = read_part_file(path);
    if (vm.count("skip-done")) {
        const std::optional<PartCount> done = read_part_result(part);
        if (done && done->stop == StopReason::None) {
            report(std::cout, part, *done, json);
            return std::nullopt;
        }
        // A part split again is counted in its split's parts, not again as a whole.
        if (has_sub_split(path)) {
            report_split_again(std::cout, part, done ? done->count : 0, json);
            ++stopped;
            return std::nullopt;
        }
    }
    const bool solve = part.task.command == "solve";
    if (solve && solution_found(part)) {
        report_found_elsewhere(std::cout, part, json);
        return std::nullopt;
    }
    test_marker("searching " + path);
    const PartCount count = solve ? search_part(part, part_options(vm, part.task))
                                  : count_part(part.puzzle, part.puzzle.rules, part.cubes,
                                               part_options(vm, part.task));
    if (count.stop == StopReason::Interrupted) {
        if (interrupt_flag()) return int(kExitInterrupted);
        report_found_elsewhere(std::cout, part, json);  // stopped by another's find
        return std::nullopt;
    }
    write_part_result(part, count);
    if (solve && count.count > 0) note_solution_found(part);
    stopped += count.stop != StopReason::None;
    report(std::cout, part, count, json);
    std::cout.flush();
    return std::nullopt;
}

}  // namespace

int run_run_part(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        add_common_options(desc, {"timeout", "threads", "sat", "max-memory", "output", "help"});
        desc.add_options()("skip-done", "a part whose finished answer is already written is reported from it, "
                                        "not counted again");
        add_table_options(desc, split_again_option());
        auto parsed = parse_command(
            args,
            CommandHelp{"numberlink run-part [options] PART...\n"
                        "       numberlink run-part --split N PART...",
                "Counts the solutions in each part of a split (count, unique or solve --split N --emit\n"
                "DIR) and writes the answer next to the part (part-0007.json: part-0007.result.jsonl),\n"
                "for merge. Exit 0 when every part finished, 1 when one stopped early, 2 on bad input.",
                {"timeout", "sat", "skip-done", "split", "output", "help"},
                {"numberlink run-part parts/part-0007.json",
                 "numberlink run-part --skip-done --timeout 3600 parts/part-*.json   # only the open parts",
                 "parallel numberlink run-part ::: parts/part-*.json && numberlink merge parts",
                 "numberlink run-part --split 16 parts/part-0007.json   # split it again"},
                "Counts the solutions of each part file (written by count, unique or solve --split N\n"
                "--emit DIR) with the SAT enumeration, in the part's cubes only, up to the split's cap\n"
                "(unique: 2, solve: 1), and writes the answer next to the part as\n"
                "part-NNNN.result.jsonl (atomically; a part interrupted by Ctrl-C writes none). A part\n"
                "of a split solve is not searched, or stops searching, once another part of the split\n"
                "has found a solution. A part that runs out of --timeout writes its count so far, which\n"
                "leaves the merged verdict open. --skip-done leaves a part alone when its answer is\n"
                "written and finished (not stopped early), so a run or an array job submitted again\n"
                "counts only the open parts. --split N counts nothing: it splits each part again into\n"
                "N parts, written to part-NNNN.split/ beside it, which run-part counts like any parts\n"
                "and merge reads in the part's place (a part that stays open can be split the same way,\n"
                "to any depth). --output grid (default: one line per part) or json ('part', 'parts',\n"
                "'count', 'capped', 'seconds', 'stopped').\n"
                "Exit 0 when every part finished, 1 when one stopped early, 2 when a part file cannot be\n"
                "read, 130 when interrupted."},
            desc, 1, 1 << 20);
        if (!parsed) return int(kExitOk);
        const Format output = read_output_option(parsed->vm, Format::Grid);
        if (output != Format::Grid && output != Format::Json) throw UsageError("--output takes grid or json here");
        if (parsed->vm.count("split")) {
            const CommandLineValues values(parsed->vm);
            const long parts = static_cast<long>(frontend::whole_value(values, split_again_option()[0]));
            for (const std::string& path : parsed->files) emit_part_split(path, parts);
            return int(kExitOk);
        }
        int stopped = 0;
        for (const std::string& path : parsed->files) {
            const std::optional<int> code = run_one_part(path, parsed->vm, output == Format::Json, stopped);
            if (code) return *code;
        }
        return int(stopped ? kExitNegative : kExitOk);
    });
}

}  // namespace nl::app
