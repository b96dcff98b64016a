// A progress line on stderr for commands that run over many puzzles (solve, unique, count,
// generate): "[12/300] 11 solved, 1 failed, 3.4 s elapsed, about 1m22s left". While a puzzle
// is solved the line names the stage it is in and how far that stage has got, from the
// solver's own notes (solver/base/progress.hpp): "puzzle 1/1  sat (searching, 120k conflicts)
// 12.0 s" for one puzzle, "[12/300] ...; big.txt:13 in route (4.1k rounds)" in a batch (the
// puzzle in flight the longest: the one the output waits for).
//
// Usage:
//     Progress progress(total, read_progress_option(vm), "solved", "failed", progress_delay(vm, total));
//     auto watch = progress.watch(puzzle.name);    // while it is solved: its stages on the line
//     engine.progress = watch.sink();              //   (EngineOptions::progress)
//     ... progress.record(ok);                     // from any thread, as each puzzle finishes
//     { auto hold = progress.pause(); print...; }  // hides the line while results are printed
//     progress.finish();                           // erases it for good (the destructor does too)
//
// One background thread draws the line, at most 10 times a second, and keeps "elapsed" ticking
// while a long puzzle runs; nothing is started when progress is disabled. The line is redrawn in
// place with \r and erased with \r ESC[K, so it never mixes with results: pause() erases it and
// keeps it away until the hold ends, and every output of a command goes through such a hold.
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "app/progress_stages.hpp"
#include "solver/base/progress.hpp"

namespace nl::app {

// A snapshot of the counts. total 0: unknown (no ETA).
struct ProgressState {
    long done = 0, total = 0, ok = 0, failed = 0;
    double elapsed = 0;  // seconds
};

// The puzzle in flight the longest and what its solve is doing (StageActivity::text()); empty
// when no puzzle is in flight, stages empty when its solve has noted nothing yet.
struct PuzzleNow {
    std::string puzzle, stages;
};

// "0.4 s", "59.9 s", "3m05s", "2h07m": short and steady-width enough to redraw in place.
std::string duration_text(double seconds);
// Remaining time extrapolated from the mean time per done item; negative when unknown
// (nothing done yet, total unknown, or everything done).
double remaining_seconds(const ProgressState& s);
// The line itself (without \r), cut to `width` characters when width > 0: the counts and what
// the puzzle `now` is doing, or for a single puzzle (total 1) what it is doing alone.
std::string progress_line(const ProgressState& s, const std::string& ok_word, const std::string& failed_word,
                          std::size_t width = 0, const PuzzleNow& now = {});

class Progress {
   public:
    // `ok_word` and `failed_word` name the two counts ("solved"/"failed", "unique"/"not unique").
    // `first_draw_after`: seconds before the line first shows (app/cli.hpp, progress_delay).
    Progress(long total, bool enabled, std::string ok_word = "solved", std::string failed_word = "failed",
             double first_draw_after = 0);
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    void record(bool ok);  // one more item done; thread-safe

    // One puzzle being solved: the sink for its solve's notes, shown on the line while the
    // watch lives (it must outlive every call of the sink: end it after the solve returns).
    class Watch {
       public:
        Watch(Progress* p, long id) : p_(p), id_(id) {}
        Watch(Watch&& other) noexcept : p_(other.p_), id_(other.id_) { other.p_ = nullptr; }
        Watch(const Watch&) = delete;
        ~Watch() {
            if (p_) p_->unwatch(id_);
        }
        // Empty when progress is off: the solver then notes nothing.
        ProgressSink sink() const;

       private:
        Progress* p_;
        long id_;
    };
    [[nodiscard]] Watch watch(std::string puzzle);

    // The line as it would be drawn now (for tests: the drawing thread draws this).
    std::string line();
    // The number of items, once it is known (a batch read as it goes learns it late); 0: unknown.
    void set_total(long total);

    class Hold {
       public:
        explicit Hold(Progress* p) : p_(p) {}
        Hold(Hold&& other) noexcept : p_(other.p_) { other.p_ = nullptr; }
        Hold(const Hold&) = delete;
        ~Hold() {
            if (p_) p_->resume();
        }

       private:
        Progress* p_;
    };
    // Erases the line and keeps it hidden until the returned hold is destroyed; take one around
    // everything a command prints (stdout or stderr) while progress may be shown. A hold must
    // not outlive its Progress.
    [[nodiscard]] Hold pause();

    // Draws the final counts once and erases the line; later records are ignored.
    void finish();

    bool enabled() const { return enabled_; }

   private:
    struct Watched {
        std::string puzzle;
        StageActivity activity;
    };
    void note(long id, const ProgressNote& note);
    void unwatch(long id);
    std::string line_locked();               // call with the lock held
    void resume();
    void run();                              // the drawing thread
    void draw(std::unique_lock<std::mutex>&);  // call with the lock held
    void erase();                            // likewise

    bool due() const;  // whether first_draw_after_ has passed
    const bool enabled_;
    const std::string ok_word_, failed_word_;
    const double first_draw_after_;
    const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::mutex mutex_;
    std::condition_variable wake_;
    ProgressState state_;
    std::map<long, Watched> watched_;  // by the order the watches began
    long next_watch_ = 0;
    bool shown_ = false, paused_ = false, finished_ = false;
    std::string last_line_;  // what is on the screen while shown_
    std::thread thread_;
};

}  // namespace nl::app
