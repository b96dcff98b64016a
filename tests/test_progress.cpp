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
#include "timing.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "core/solution_match.hpp"

namespace {

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
