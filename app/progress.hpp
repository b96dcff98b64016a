// A progress line on stderr for commands that run over many puzzles (solve, unique, count,
// generate): "[12/300] 11 solved, 1 failed, 3.4 s elapsed, about 1m22s left".
//
// Usage:
//     Progress progress(total, read_progress_option(vm, total));   // app/cli.hpp: --progress
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
#include <mutex>
#include <string>
#include <thread>

namespace nl::app {

// A snapshot of the counts. total 0: unknown (no ETA).
struct ProgressState {
    long done = 0, total = 0, ok = 0, failed = 0;
    double elapsed = 0;  // seconds
};

// "0.4 s", "59.9 s", "3m05s", "2h07m": short and steady-width enough to redraw in place.
std::string duration_text(double seconds);
// Remaining time extrapolated from the mean time per done item; negative when unknown
// (nothing done yet, total unknown, or everything done).
double remaining_seconds(const ProgressState& s);
// The line itself (without \r), cut to `width` characters when width > 0.
std::string progress_line(const ProgressState& s, const std::string& ok_word, const std::string& failed_word,
                          std::size_t width = 0);

class Progress {
   public:
    // `ok_word` and `failed_word` name the two counts ("solved"/"failed", "unique"/"not unique").
    Progress(long total, bool enabled, std::string ok_word = "solved", std::string failed_word = "failed");
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    void record(bool ok);  // one more item done; thread-safe
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
    void resume();
    void run();                              // the drawing thread
    void draw(std::unique_lock<std::mutex>&);  // call with the lock held
    void erase();                            // likewise

    const bool enabled_;
    const std::string ok_word_, failed_word_;
    const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::mutex mutex_;
    std::condition_variable wake_;
    ProgressState state_;
    bool shown_ = false, paused_ = false, finished_ = false;
    std::string last_line_;  // what is on the screen while shown_
    std::thread thread_;
};

}  // namespace nl::app
