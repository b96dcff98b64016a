// The stages of `solve`: every engine behind one interface, and `auto` as a table read top to
// bottom (stage_table.cpp).
//
// A stage is a row: its engine's name, what kind of reasoning it is, when it applies, its budget
// in words (for `--help` and docs/engines.md, generated from the same rows), and a function that
// runs it on a `StageRun`, the state one puzzle's walk shares between stages: the puzzle, the
// options, the clock, what earlier stages learnt (the board facts of the refutations, whether
// the scan was exhausted, what the wall follower did) and the result with its trail of attempts.
// A stage that decides the puzzle (a checked answer, or an exact proof that there is none) ends
// the walk; every other stage leaves the walk to the next row. Rows of kind `Confirm` run only
// after a verdict (the wall follower's check of SAT's negative answers).
//
// The order rests on one rule: exact, cheap reasoning before anything that may spend time
// without deciding. The refutations (parity, the lines' shortest routes, presolve) come first,
// so a board they decide never waits for a heuristic; the property test in
// tests/test_stage_order.cpp holds the table to it on random boards under every preset.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <optional>
#include <span>
#include <string>

#include "solver/base/attempt.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/board/refute.hpp"

namespace nl {

struct WallResult;

// What a stage's reasoning is worth, which decides where it may stand in the table.
enum class StageKind {
    Refutation,  // exact and cheap (linear in the board): decides "unsolvable" or nothing
    Exact,       // its "solved" and its "unsolvable" are both final
    Heuristic,   // its "solved" is final (checked); otherwise it says nothing
    Confirm,     // after a verdict: checks it, or rescues a timeout
};

const char* stage_kind_name(StageKind kind);

struct StageRun {
    using Clock = std::chrono::steady_clock;

    StageRun(const Puzzle& puzzle, Rules rules, const EngineOptions& options);

    const Puzzle& puzzle;
    Rules rules;
    EngineOptions options;  // a race's side gets a copy with its own interrupt and timeout
    Clock::time_point start;
    EngineResult result;     // status empty until a stage gives the verdict
    BoardFacts facts;        // what the refutations computed, reused by SAT
    bool scan_exhausted = false;     // no strict solution exists (the scan said so)
    bool wall_ran = false;           // the wall follower ran as a presolver
    bool wall_out_of_budget = false; // ... and stopped for its budget, not stuck
    std::optional<SolveResult> decided;  // a SAT verdict reached before the SAT stage
    bool decided_by_repair = false;
    const char* stage = "";  // the stage running now, under which progress is noted

    // Notes that the stage begins or ends (options.progress).
    void note(ProgressNote::Kind kind) const {
        if (options.progress) options.progress({kind, stage, "", "", 0});
    }
    // options.progress for the engines the stage runs: their notes under the stage's name.
    ProgressSink stage_progress() const { return in_stage(options.progress, stage); }

    // The clock. `left` is negative once the timeout has passed; without a timeout it is
    // infinite and every share is 0 (no limit).
    double elapsed() const;
    double left() const;
    bool has_timeout() const { return options.sat.timeout > 0; }
    bool in_time() const { return !has_timeout() || left() > 0; }
    Clock::time_point deadline() const;
    // Seconds for a stage with `share` of the timeout: never past the deadline, never 0 (which
    // means no limit) once it has passed; 0 without a timeout.
    double share_of_left(double share) const;
    // The time point `seconds` from now (time_point::max() for 0: no limit).
    static Clock::time_point after_now(double seconds);
    // The budget of a stage that may run until `until`: that deadline (never past the run's),
    // the run's interrupt flag and memory cap.
    Budget budget_until(Clock::time_point until) const;
    Budget budget() const { return budget_until(deadline()); }
    bool interrupted() const { return options.sat.interrupt && options.sat.interrupt->load(); }
    // SAT's options for what is left of the time, with the board facts to reuse.
    SolveOptions sat_options() const;

    // Appends `attempt` to the trail (timed from `since`).
    Attempt& record(Attempt attempt, Clock::time_point since);
    // The verdict: `engine` answered with `solution` (checked here again: an engine's answer
    // that fails the checker is a bug, never printed), or proved there is none (the argument is
    // in its attempt).
    void answer(const std::string& engine, Solution solution);
    void refuted(const std::string& engine);
    // Sets the verdict the table's walk ends with (a later Confirm stage may still change it).
    void settle(Verdict verdict) {
        result.status = verdict;
        has_verdict = true;
    }
    bool settled() const { return has_verdict; }
    bool has_verdict = false;
};

struct Stage {
    const char* name;
    StageKind kind;
    const char* applies_when;  // words, for --help and docs/engines.md
    std::string (*budget)(const EngineOptions&);  // words, from the options, likewise
    bool (*applies)(const StageRun&);
    // Runs the stage; returns true when the rest of the table should race this stage's
    // continuation (`race_on`), false when the walk simply goes on (or has a verdict).
    bool (*run)(StageRun&);
    // For stages that race: goes on without a budget under `stop`; returns whether it decided.
    bool (*race_on)(StageRun&, std::atomic<bool>* stop) = nullptr;
};

// The rows of `auto`, in order.
std::span<const Stage> auto_stages();

// Walks the rows of `auto` from `first` on.
void walk_stages(StageRun& run, std::size_t first = 0);

// One engine alone (`solve --engine NAME`), with the whole budget.
void run_engine_alone(StageRun& run);

// Every engine `--engine` takes, one line each ("  NAME  a few words"), from the same table.
std::string engines_text();

// The table in words: one line per row (name, kind, when, budget), for `solve --help-all` and the
// order table of docs/engines.md.
std::string stage_table_text();

// Throws InternalError when `solution` fails the checker (`whose`: "the router's").
void require_checked(const Puzzle& p, const Solution& s, Rules rules, const std::string& whose);

}  // namespace nl
