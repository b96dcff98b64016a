// count's and unique's options; see count_options.hpp.
#include "frontend/count_options.hpp"

#include <limits>
#include <vector>

#include "solver/count/frontier.hpp"

namespace nl::frontend {

namespace {

// engine, distinct, timeout, threads, jobs and the common options, after the command's own.
std::vector<OptionRow> counting_rows(std::vector<OptionRow> rows) {
    rows.push_back(option_row(
        "engine", OptionKind::Choice, "NAME",
        "sat (SAT enumeration with blocking clauses; on one-layer boards up to 12 wide, 14 under nikoli rules, "
        "raced with the frontier engine, for unique only with a time limit), search (exhaustive depth-first search, an independent oracle "
        "for small boards) or frontier (exact counting by dynamic programming over the board's short side; "
        "one-layer boards, see docs/counting.md)",
        kEverywhere, "sat", "sat|search|frontier"));
    rows.push_back(option_row("distinct", OptionKind::Choice, "MODE",
                              "paths (solutions differ when their paths differ) or colours (when the label of some "
                              "cell differs: what a player sees; 'colors' is also accepted)",
                              kEverywhere, "paths", "paths|colours|colors"));
    for (OptionRow& r : common_options({"timeout", "threads", "sat"})) rows.push_back(std::move(r));
    OptionRow jobs = option_row("jobs", OptionKind::Whole, "N",
                                "puzzles counted at once (default: the number of cores); results still in input order",
                                kCommandLine, std::to_string(default_jobs()));
    jobs.short_name = 'j';
    jobs.least = 1;
    jobs.most = kMaxJobs;
    rows.push_back(std::move(jobs));
    OptionRow split = option_row("split", OptionKind::Whole, "N",
                                 "instead of counting, split the one puzzle into N parts that can be counted anywhere "
                                 "(run-part) and merged exactly (merge); with --emit (docs/scaling.md)",
                                 kCommandLine);
    split.least = 1;
    split.most = kMaxSplitParts;
    rows.push_back(std::move(split));
    rows.push_back(option_row("emit", OptionKind::Text, "DIR",
                              "the directory --split writes its parts to (created; must not hold a split already)",
                              kCommandLine));
    for (OptionRow& r : common_options(
             {"rules", "format", "output", "color", "progress", "max-memory", "output-file", "quiet", "help"}))
        rows.push_back(std::move(r));
    return rows;
}

std::vector<OptionRow> make_count_rows() {
    OptionRow max = option_row("max", OptionKind::Whole, "N", "stop at N solutions (then: at least N)");
    max.least = 1;
    max.most = std::numeric_limits<long>::max();
    return counting_rows(
        {max, option_row("all", OptionKind::Switch, "", "print every solution found", kCommandLine | kRequest)});
}

std::vector<OptionRow> make_unique_rows() {
    return counting_rows({option_row("render", OptionKind::Text, "DIR",
                                     "for a multiple verdict, a picture of both solutions side by side, differing "
                                     "cells marked, in DIR (DIR/NAME-INDEX.svg)",
                                     kCommandLine),
                          option_row("render-format", OptionKind::Choice, "FORMAT",
                                     "svg or png: the format of --render's pictures", kCommandLine, "svg", "svg|png")});
}

const OptionRow& count_row(std::string_view name) { return *find_option(count_option_table(), name); }

}  // namespace

std::span<const OptionRow> count_option_table() {
    static const std::vector<OptionRow> rows = make_count_rows();
    return rows;
}

std::span<const OptionRow> unique_option_table() {
    static const std::vector<OptionRow> rows = make_unique_rows();
    return rows;
}

CountSettings read_count_settings(const OptionValues& values, long max) {
    CountSettings s;
    s.engine = *count_engine_from_name(choice_value(values, count_row("engine")));  // one of the row's choices
    s.options.distinct = choice_value(values, count_row("distinct")) == "paths" ? Distinct::Paths : Distinct::Colours;
    s.options.sat.timeout = read_timeout(values);
    s.options.sat.threads = read_threads(values);
    s.options.sat.sat = read_sat_choice(values);
    s.jobs = read_jobs(values);
    s.options.sat.max_memory = read_max_memory(values);
    s.options.max = max;
    if (!max && values.given("max")) s.options.max = static_cast<long>(whole_value(values, count_row("max")));
    return s;
}

std::optional<std::string> count_engine_refusal(CountEngine engine, const CountOptions& options, const Puzzle& puzzle) {
    if (engine != CountEngine::Frontier) return std::nullopt;
    if (const auto why = unsupported_frontier(puzzle, puzzle.rules, options.distinct))
        return "--engine frontier cannot count this puzzle: " + *why;
    return std::nullopt;
}

void require_count_engine_applies(CountEngine engine, const CountOptions& options, const Puzzle& puzzle) {
    if (const auto why = count_engine_refusal(engine, options, puzzle)) throw UsageError(puzzle.name + ": " + *why);
}

}  // namespace nl::frontend
