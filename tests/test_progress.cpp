// The progress line (app/progress.*) and solve --animate (app/animate.*): the line's text as pure
// functions, the Progress object's drawing, and end to end through the binary with pipes.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "app/progress.hpp"
#include "app/progress_stages.hpp"
#include "child_process.hpp"
#include "hard_boards.hpp"
#include "timing.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "core/solution_match.hpp"

namespace {

using nl::ProgressNote;
using nl::app::ProgressState;

struct Ran {
    int code;
    std::string out, err;
    double seconds;
};

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Runs the binary with stdout and stderr redirected to files: neither is a terminal.
Ran run(const std::string& args) {
    static int calls = 0;  // unique names: ctest runs tests as parallel processes
    const std::string stem =
        testing::TempDir() + "/progress_" + std::to_string(getpid()) + "_" + std::to_string(++calls);
    const std::string out = stem + ".out", err = stem + ".err";
    const std::string cmd = std::string(NUMBERLINK_BINARY) + " " + args + " >" + out + " 2>" + err;
    const auto t0 = std::chrono::steady_clock::now();
    const int status = std::system(cmd.c_str());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err), seconds};
}

const std::string kPuzzles = std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string strip_colour(const std::string& text) {
    return std::regex_replace(text, std::regex("\x1b\\[[0-9;]*m"), "");
}

// Splits `text` at every occurrence of `separator`.
std::vector<std::string> split(const std::string& text, const std::string& separator) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t at; (at = text.find(separator, start)) != std::string::npos; start = at + separator.size())
        parts.push_back(text.substr(start, at - start));
    parts.push_back(text.substr(start));
    return parts;
}

}  // namespace

// ---- the line's text ----

TEST(ProgressText, Durations) {
    EXPECT_EQ(nl::app::duration_text(0), "0.0 s");
    EXPECT_EQ(nl::app::duration_text(4.24), "4.2 s");
    EXPECT_EQ(nl::app::duration_text(59.94), "59.9 s");
    EXPECT_EQ(nl::app::duration_text(59.96), "1m00s");  // rounds up into minutes, never "60.0 s"
    EXPECT_EQ(nl::app::duration_text(185), "3m05s");
    EXPECT_EQ(nl::app::duration_text(3600), "1h00m");
    EXPECT_EQ(nl::app::duration_text(2 * 3600 + 7 * 60 + 10), "2h07m");
    EXPECT_EQ(nl::app::duration_text(-1), "0.0 s");
}

TEST(ProgressText, RemainingTimeExtrapolatesTheMeanTime) {
    EXPECT_DOUBLE_EQ(nl::app::remaining_seconds({10, 40, 9, 1, 5.0}), 15.0);  // 0.5 s each, 30 to go
    EXPECT_LT(nl::app::remaining_seconds({0, 40, 0, 0, 5.0}), 0);             // nothing done yet
    EXPECT_LT(nl::app::remaining_seconds({40, 40, 40, 0, 5.0}), 0);           // all done
    EXPECT_LT(nl::app::remaining_seconds({3, 0, 3, 0, 5.0}), 0);              // total unknown
}

TEST(ProgressText, Line) {
    // 3.4 s for 12 puzzles: 288 to go at 0.2833 s each = 81.6 s.
    const ProgressState s{12, 300, 11, 1, 3.4};
    EXPECT_EQ(nl::app::progress_line(s, "solved", "failed"),
              "[12/300] 11 solved, 1 failed, 3.4 s elapsed, about 1m22s left");
    EXPECT_EQ(nl::app::progress_line(s, "solved", "failed", 10), "[12/300] 1");  // never wider than the terminal
    EXPECT_EQ(nl::app::progress_line({300, 300, 299, 1, 90}, "unique", "not unique"),
              "[300/300] 299 unique, 1 not unique, 1m30s elapsed");
    EXPECT_EQ(nl::app::progress_line({7, 0, 5, 2, 1}, "generated", "failed"),
              "[7] 5 generated, 2 failed, 1.0 s elapsed");
}

TEST(ProgressText, CountsStayShort) {
    EXPECT_EQ(nl::app::count_text(0), "0");
    EXPECT_EQ(nl::app::count_text(999), "999");
    EXPECT_EQ(nl::app::count_text(1000), "1.0k");
    EXPECT_EQ(nl::app::count_text(9949), "9.9k");
    EXPECT_EQ(nl::app::count_text(120'400), "120k");
    EXPECT_EQ(nl::app::count_text(999'499), "999k");
    EXPECT_EQ(nl::app::count_text(999'500), "1.0M");  // never "1000k"
    EXPECT_EQ(nl::app::count_text(12'345'678), "12M");
    EXPECT_EQ(nl::app::count_text(3'000'000'000), "3.0G");
}

namespace {

// A note as the stage table and the engines send them.
ProgressNote note(ProgressNote::Kind kind, const char* stage, const char* phase = "", const char* unit = "",
                  std::uint64_t count = 0) {
    return {kind, stage, phase, unit, count};
}

}  // namespace

TEST(ProgressText, StagesFromTheSolversNotes) {
    using K = ProgressNote::Kind;
    nl::app::StageActivity a;
    EXPECT_EQ(a.text(), "");
    a.take(note(K::Begin, "parity"));
    EXPECT_EQ(a.text(), "parity");
    a.take(note(K::End, "parity"));
    a.take(note(K::Begin, "sat"));
    a.take(note(K::Figures, "sat", "encoding"));
    EXPECT_EQ(a.text(), "sat (encoding)");
    a.take(note(K::Figures, "sat", "searching"));
    a.take(note(K::Figures, "sat", "searching", "conflicts", 120'000));
    EXPECT_EQ(a.text(), "sat (searching, 120k conflicts)");
    a.take(note(K::Figures, "sat", "", "conflicts", 130'000));  // no phase: the phase stays
    EXPECT_EQ(a.text(), "sat (searching, 130k conflicts)");
    a.take(note(K::End, "sat"));
    EXPECT_EQ(a.text(), "");
}

TEST(ProgressText, RacingStagesAndEnginesAreAllShown) {
    using K = ProgressNote::Kind;
    nl::app::StageActivity a;
    // The scan races the rest of the table: both run, in the order they began.
    a.take(note(K::Begin, "scan"));
    a.take(note(K::Begin, "sat"));
    a.take(note(K::Figures, "scan", "", "nodes", 1'200'000));
    a.take(note(K::Figures, "sat", "loading"));
    EXPECT_EQ(a.text(), "scan (1.2M nodes) + sat (loading)");
    a.take(note(K::End, "scan"));
    EXPECT_EQ(a.text(), "sat (loading)");
    // The router and SAT in one stage: a count for each unit; the portfolio's two solvers too.
    nl::app::StageActivity route;
    route.take(note(K::Begin, "route"));
    route.take(note(K::Figures, "route", "", "rounds", 4100));
    route.take(note(K::Figures, "route", "searching", "conflicts", 52));
    route.take(note(K::Figures, "route", "", "rounds", 4200));
    EXPECT_EQ(route.text(), "route (searching, 4.2k rounds, 52 conflicts)");
    // An engine run alone may note figures without a Begin: it is running.
    nl::app::StageActivity alone;
    alone.take(note(K::Figures, "sat", "searching", "cms conflicts", 10));
    alone.take(note(K::Figures, "sat", "searching", "cadical conflicts", 20));
    EXPECT_EQ(alone.text(), "sat (searching, 10 cms conflicts, 20 cadical conflicts)");
}

TEST(ProgressText, LineWithThePuzzleInFlight) {
    // One puzzle: what it is doing replaces the counts, which say nothing until it is done.
    EXPECT_EQ(nl::app::progress_line({0, 1, 0, 0, 12.04}, "solved", "failed", 0,
                                     {"big.txt:1", "sat (searching, 120k conflicts)"}),
              "puzzle 1/1  sat (searching, 120k conflicts)  12.0 s");
    EXPECT_EQ(nl::app::progress_line({0, 1, 0, 0, 0.2}, "solved", "failed", 0, {"big.txt:1", ""}), "puzzle 1/1  0.2 s");
    EXPECT_EQ(nl::app::progress_line({1, 1, 1, 0, 12.5}, "solved", "failed"), "[1/1] 1 solved, 0 failed, 12.5 s elapsed");
    // A batch: the counts, then the puzzle in flight the longest and its stage.
    EXPECT_EQ(nl::app::progress_line({12, 300, 11, 1, 3.4}, "solved", "failed", 0, {"big.txt:13", "route (4.1k rounds)"}),
              "[12/300] 11 solved, 1 failed, 3.4 s elapsed, about 1m22s left; big.txt:13 in route (4.1k rounds)");
    EXPECT_EQ(nl::app::progress_line({12, 300, 11, 1, 3.4}, "solved", "failed", 0, {"big.txt:13", ""}),
              "[12/300] 11 solved, 1 failed, 3.4 s elapsed, about 1m22s left");
}

// ---- the Progress object ----

TEST(ProgressLine, DisabledWritesNothing) {
    testing::internal::CaptureStderr();
    {
        nl::app::Progress progress(3, false);
        progress.record(true);
        const auto hold = progress.pause();
        progress.record(false);
        progress.finish();
    }
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(ProgressLine, FinishDrawsTheFinalCountsThenErases) {
    testing::internal::CaptureStderr();
    {
        nl::app::Progress progress(3, true, "solved", "failed");
        progress.record(true);
        progress.record(false);
        progress.record(true);
        progress.finish();
        progress.record(true);  // ignored after finish
    }
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_TRUE(contains(err, "\r[3/3] 2 solved, 1 failed, ")) << err;
    EXPECT_FALSE(contains(err, "[4/3]")) << err;
    ASSERT_GE(err.size(), 4u);
    EXPECT_EQ(err.substr(err.size() - 4), "\r\x1b[K") << err;  // the line is gone at the end
}

TEST(ProgressLine, StaysHiddenWhilePaused) {
    nl::app::Progress progress(3, true);
    testing::internal::CaptureStderr();
    {
        const auto hold = progress.pause();
        for (int k = 0; k < 3; ++k) progress.record(true);
        std::this_thread::sleep_for(std::chrono::milliseconds(350));  // several redraw ticks
        const std::string err = testing::internal::GetCapturedStderr();
        EXPECT_FALSE(contains(err, "[3/3]")) << err;  // nothing drawn under the hold
        const auto erased = err.rfind("\r\x1b[K");
        if (!err.empty()) {
            EXPECT_EQ(erased, err.size() - 4) << err;  // only the erase, if anything was shown
        }
        testing::internal::CaptureStderr();  // swallow what finish() draws
    }
    progress.finish();
    EXPECT_TRUE(contains(testing::internal::GetCapturedStderr(), "[3/3]"));
}

TEST(ProgressLine, AWatchedPuzzleShowsItsStagesUntilItsWatchEnds) {
    using K = ProgressNote::Kind;
    nl::app::Progress progress(1, true);
    testing::internal::CaptureStderr();  // what the drawing thread draws meanwhile
    {
        const auto watch = progress.watch("big.txt:1");
        const nl::ProgressSink sink = watch.sink();
        ASSERT_TRUE(sink);
        sink(note(K::Begin, "sat"));
        sink(note(K::Figures, "sat", "searching", "conflicts", 120'000));
        EXPECT_TRUE(contains(progress.line(), "puzzle 1/1  sat (searching, 120k conflicts)  ")) << progress.line();
        sink(note(K::End, "sat"));
        sink(note(K::Begin, "wall-check"));
        EXPECT_TRUE(contains(progress.line(), "puzzle 1/1  wall-check  ")) << progress.line();
    }
    // Its watch over, the puzzle leaves the line; the counts are back once it is recorded.
    progress.record(true);
    EXPECT_TRUE(contains(progress.line(), "[1/1] 1 solved, 0 failed, ")) << progress.line();
    progress.finish();
    testing::internal::GetCapturedStderr();
}

TEST(ProgressLine, TheLineShowsThePuzzleInFlightTheLongest) {
    using K = ProgressNote::Kind;
    nl::app::Progress progress(3, true);
    testing::internal::CaptureStderr();
    {
        const auto first = progress.watch("t.txt:1");
        const auto second = progress.watch("t.txt:2");
        second.sink()(note(K::Begin, "scan"));
        first.sink()(note(K::Begin, "route"));
        first.sink()(note(K::Figures, "route", "", "rounds", 7));
        EXPECT_TRUE(contains(progress.line(), "; t.txt:1 in route (7 rounds)")) << progress.line();
    }
    progress.finish();
    testing::internal::GetCapturedStderr();
}

TEST(ProgressLine, DisabledGivesNoSink) {
    nl::app::Progress progress(1, false);
    const auto watch = progress.watch("t.txt:1");
    EXPECT_FALSE(watch.sink());
}

// ---- the CLI, with pipes ----

TEST(CliProgress, NothingOnStderrWhenItIsNotATerminal) {
    for (const std::string cmd : {"solve ", "unique ", "count --max 3 "}) {
        Ran r = run(cmd + kPuzzles + "stream/two.txt " + kPuzzles + "ascii/five.txt");
        EXPECT_EQ(r.err, "") << cmd;
        EXPECT_FALSE(contains(r.out, "\x1b") || contains(r.out, "\r")) << cmd << r.out;
    }
}

TEST(CliProgress, AlwaysPrintsTheLineAndLeavesStdoutAlone) {
    const std::string files = kPuzzles + "stream/two.txt " + kPuzzles + "ascii/five.txt";
    Ran plain = run("solve -q " + files);
    Ran forced = run("solve -q --progress always " + files);
    EXPECT_EQ(forced.code, 0) << forced.err;
    EXPECT_TRUE(contains(forced.err, "\r[3/3] 3 solved, 0 failed, ")) << forced.err;
    // Same results (the seconds column aside) and not a byte of progress on stdout.
    EXPECT_EQ(std::regex_replace(forced.out, std::regex(" [0-9.]+ s?"), " _"),
              std::regex_replace(plain.out, std::regex(" [0-9.]+ s?"), " _"));
    EXPECT_FALSE(contains(forced.out, "\r") || contains(forced.out, "\x1b"));

    Ran unique = run("unique --progress always " + files);
    EXPECT_TRUE(contains(unique.err, "[3/3] 3 unique, 0 not unique")) << unique.err;
    Ran count = run("count --progress always --max 5 " + files);
    EXPECT_TRUE(contains(count.err, "[3/3] 3 counted, 0 timed out")) << count.err;
    EXPECT_EQ(run("solve --progress never " + files).err, "");
}

TEST(CliProgress, BadValueIsAUsageError) {
    Ran r = run("solve --progress sometimes " + kPuzzles + "ascii/five.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "--progress takes auto, always or never")) << r.err;
}

TEST(CliProgress, OneLongPuzzleShowsItsStageOnStderrOnly) {
    // SAT on a board it takes minutes over: the test waits for SAT's search to begin (its
    // marker), then for the line to say so (each an event), then interrupts it.
    const std::string board = testing::TempDir() + "/progress_slow_" + std::to_string(getpid()) + ".txt";
    {
        std::ofstream out(board);
        out << nl::testing_boards::slow_board();
    }
    nl::testing_child::Child c({"solve", "--progress", "always", "--engine", "sat", "--no-speculate", "-q", board},
                               testing::TempDir() + "/progress_slow_" + std::to_string(getpid()));
    ASSERT_TRUE(c.wait_for_marker("searching")) << c.err();
    const auto give_up = nl::testing_child::Clock::now() + std::chrono::duration<double>(nl::testing_timing::kEventGiveUp);
    while (!contains(c.err(), "\rpuzzle 1/1  sat (searching)  ") && nl::testing_child::Clock::now() < give_up &&
           !c.exited())
        std::this_thread::sleep_for(std::chrono::milliseconds(2));  // polling interval, not a wait for time
    EXPECT_TRUE(contains(c.err(), "\rpuzzle 1/1  sat (searching)  ")) << c.err();
    c.signal(SIGINT);
    EXPECT_EQ(c.wait(), 130) << c.err();
    // The line was erased before the command's own last words, and stdout has none of it.
    const std::string err = c.user_err();
    EXPECT_TRUE(contains(err, "\r\x1b[K")) << err;
    EXPECT_FALSE(contains(c.out(), "\r") || contains(c.out(), "\x1b")) << c.out();
    EXPECT_TRUE(contains(c.out(), ":1 interrupted ")) << c.out();
    std::remove(board.c_str());
}

// ---- solve --animate ----

TEST(CliAnimate, FramesLayOneCellAtATimeAndEndOnTheSolution) {
    const std::string five = kPuzzles + "ascii/five.txt";
    Ran r = run("solve --animate --animate-delay 0 --color always " + five);
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string status = r.out.substr(0, r.out.find('\n') + 1);
    EXPECT_TRUE(contains(status, ": solved (")) << status;
    // Each frame after the first starts by moving the cursor up over the 5 rows of the last one.
    const auto frames = split(r.out.substr(status.size()), "\x1b[5A");
    // 25 cells, all on paths (flow rules), 8 of them endpoints shown from the start: 17 steps.
    ASSERT_EQ(frames.size(), 18u);
    EXPECT_EQ(strip_colour(frames.front()), "R...G\n.....\n.Y...\n..B..\nB.YRG\n");  // the puzzle
    // The last frame is exactly what solve prints without --animate.
    Ran plain = run("solve --color always " + five);
    EXPECT_EQ(frames.back(), plain.out.substr(plain.out.find('\n') + 1));
    // ... and a valid solution, checked here independently.
    auto puzzle = nl::read_puzzles(five, {}).at(0).puzzle;
    auto texts = nl::read_solutions(nl::text_from_string("out", strip_colour(frames.back())), nl::Format::Ascii);
    auto match = nl::match_solution(puzzle, texts.at(0));
    ASSERT_EQ(match.problem, "");
    EXPECT_TRUE(nl::check_solution(puzzle, match.solution, puzzle.rules).ok);
    // Every step fills exactly one empty cell and changes nothing else.
    for (std::size_t f = 1; f < frames.size(); ++f) {
        const std::string before = strip_colour(frames[f - 1]), after = strip_colour(frames[f]);
        ASSERT_EQ(before.size(), after.size());
        int changed = 0;
        for (std::size_t k = 0; k < before.size(); ++k)
            if (before[k] != after[k]) {
                ++changed;
                EXPECT_EQ(before[k], '.') << "frame " << f;
            }
        EXPECT_EQ(changed, 1) << "frame " << f;
    }
}

TEST(CliAnimate, PlainOutputWithoutColourOrToAFile) {
    const std::string five = kPuzzles + "ascii/five.txt";
    Ran plain = run("solve " + five);
    Ran piped = run("solve --animate " + five);  // auto colour, stdout a file: no animation
    EXPECT_EQ(piped.code, 0);
    EXPECT_EQ(piped.out.substr(piped.out.find('\n')), plain.out.substr(plain.out.find('\n')));
    const std::string file = testing::TempDir() + "/animate_" + std::to_string(getpid()) + ".txt";
    Ran to_file = run("solve --animate --color always -o " + file + " " + five);
    EXPECT_EQ(to_file.code, 0);
    EXPECT_FALSE(contains(slurp(file), "\x1b[5A"));  // a file gets the grid only
    std::remove(file.c_str());
}

TEST(CliAnimate, DelayIsHonouredAndZeroKeepsItFast) {
    // 17 steps of 60 ms each: at least a second.
    Ran slow = run("solve --animate --animate-delay 60 --color always " + kPuzzles + "ascii/five.txt");
    EXPECT_EQ(slow.code, 0);
    EXPECT_GE(slow.seconds, 17 * 0.060);
    // 40 boards x 17 steps: 20 s at the default 30 ms per frame, a blink without delay.
    const std::string many = testing::TempDir() + "/animate_many_" + std::to_string(getpid()) + ".txt";
    {
        std::ofstream out(many);
        for (int k = 0; k < 40; ++k) out << "R...G\n.....\n.Y...\n..B..\nB.YRG\n\n";
    }
    Ran fast = run("solve --animate --animate-delay 0 --color always " + many);
    EXPECT_EQ(fast.code, 0) << fast.err;
    EXPECT_EQ(split(fast.out, "\x1b[5A").size(), 40u * 17 + 1);
    EXPECT_LT(fast.seconds, nl::testing_timing::quick_bound(5.0));  // 20 s at the default delay
    std::remove(many.c_str());
}

TEST(CliAnimate, OnlyWithGridOutput) {
    const std::string five = kPuzzles + "ascii/five.txt";
    EXPECT_EQ(run("solve --animate -q " + five).code, 2);
    EXPECT_EQ(run("solve --animate --output json " + five).code, 2);
    EXPECT_EQ(run("solve --animate --animate-delay -5 " + five).code, 2);
}
