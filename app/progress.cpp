// The progress line on stderr; see progress.hpp.
#include "app/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace nl::app {

namespace {

// Redraws at most this often (and "elapsed" ticks at this resolution while nothing finishes).
constexpr auto kTick = std::chrono::milliseconds(100);

// Columns of the terminal on stderr, 0 when unknown: the line must not wrap, or \r would go
// back to its last row only and leave the rest behind.
std::size_t terminal_columns() {
    winsize ws{};
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
    return 0;
}

void write_stderr(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stderr);
    std::fflush(stderr);
}

}  // namespace

std::string duration_text(double seconds) {
    if (!(seconds >= 0)) seconds = 0;  // also NaN
    const long long tenths = std::llround(seconds * 10);
    if (tenths < 600) return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " s";
    const long long s = std::llround(seconds);
    auto two = [](long long v) {
        std::string t = v < 10 ? "0" : "";
        t += std::to_string(v);
        return t;
    };
    if (s < 3600) return std::to_string(s / 60) + "m" + two(s % 60) + "s";
    return std::to_string(s / 3600) + "h" + two(s / 60 % 60) + "m";
}

double remaining_seconds(const ProgressState& s) {
    if (s.done <= 0 || s.total <= 0 || s.done >= s.total) return -1;
    return s.elapsed / static_cast<double>(s.done) * static_cast<double>(s.total - s.done);
}

std::string progress_line(const ProgressState& s, const std::string& ok_word, const std::string& failed_word,
                          std::size_t width, const PuzzleNow& now) {
    std::ostringstream out;
    if (s.total == 1 && s.done == 0 && !now.puzzle.empty()) {
        // One puzzle: the counts say nothing until it is done; its stage says what it is doing.
        out << "puzzle 1/1  " << (now.stages.empty() ? "" : now.stages + "  ") << duration_text(s.elapsed);
        std::string line = out.str();
        if (width > 0 && line.size() > width) line.resize(width);
        return line;
    }
    out << '[' << s.done;
    if (s.total > 0) out << '/' << s.total;
    out << "] " << s.ok << ' ' << ok_word << ", " << s.failed << ' ' << failed_word << ", "
        << duration_text(s.elapsed) << " elapsed";
    if (const double left = remaining_seconds(s); left >= 0) out << ", about " << duration_text(left) << " left";
    if (!now.puzzle.empty() && !now.stages.empty()) out << "; " << now.puzzle << " in " << now.stages;
    std::string line = out.str();
    if (width > 0 && line.size() > width) line.resize(width);
    return line;
}

Progress::Progress(long total, bool enabled, std::string ok_word, std::string failed_word, double first_draw_after)
    : enabled_(enabled),
      ok_word_(std::move(ok_word)),
      failed_word_(std::move(failed_word)),
      first_draw_after_(first_draw_after) {
    state_.total = total;
    if (enabled_) thread_ = std::thread([this] { run(); });
}

Progress::~Progress() { finish(); }

void Progress::record(bool ok) {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    if (finished_) return;
    ++state_.done;
    ++(ok ? state_.ok : state_.failed);
}

void Progress::set_total(long total) {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    state_.total = total;
}

ProgressSink Progress::Watch::sink() const {
    if (!p_) return {};
    return [p = p_, id = id_](const ProgressNote& note) { p->note(id, note); };
}

Progress::Watch Progress::watch(std::string puzzle) {
    if (!enabled_) return Watch(nullptr, 0);
    std::lock_guard lock(mutex_);
    const long id = next_watch_++;
    watched_[id].puzzle = std::move(puzzle);
    return Watch(this, id);
}

void Progress::note(long id, const ProgressNote& note) {
    std::lock_guard lock(mutex_);
    const auto at = watched_.find(id);
    if (at != watched_.end()) at->second.activity.take(note);
}

void Progress::unwatch(long id) {
    std::lock_guard lock(mutex_);
    watched_.erase(id);
}

std::string Progress::line() {
    std::lock_guard lock(mutex_);
    return line_locked();
}

std::string Progress::line_locked() {
    state_.elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    PuzzleNow now;
    if (!watched_.empty()) {
        const Watched& oldest = watched_.begin()->second;
        now = {oldest.puzzle, oldest.activity.text()};
    }
    const std::size_t columns = terminal_columns();
    return progress_line(state_, ok_word_, failed_word_, columns > 1 ? columns - 1 : 0, now);
}

Progress::Hold Progress::pause() {
    if (!enabled_) return Hold(nullptr);
    std::lock_guard lock(mutex_);
    erase();
    paused_ = true;
    return Hold(this);
}

void Progress::resume() {
    std::lock_guard lock(mutex_);
    paused_ = false;  // the drawing thread shows the line again at its next tick
}

void Progress::finish() {
    if (!enabled_) return;
    {
        std::unique_lock lock(mutex_);
        if (finished_) return;
        if (!paused_ && due()) draw(lock);  // the final counts, for logs forced with --progress always
        erase();
        finished_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void Progress::run() {
    std::unique_lock lock(mutex_);
    while (!finished_) {
        if (!paused_ && due()) draw(lock);
        wake_.wait_for(lock, kTick, [this] { return finished_; });
    }
}

bool Progress::due() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() >= first_draw_after_;
}

void Progress::draw(std::unique_lock<std::mutex>&) {
    const std::string line = line_locked();
    if (shown_ && line == last_line_) return;
    std::string text = "\r";
    text += line;
    text += "\x1b[K";  // erases what a longer previous line left behind
    write_stderr(text);
    last_line_ = line;
    shown_ = true;
}

void Progress::erase() {
    if (!shown_) return;
    write_stderr("\r\x1b[K");
    shown_ = false;
}

}  // namespace nl::app
