// Test-only: the numberlink binary as a child process whose stdout and stderr go to files, for
// the tests that send signals or check time limits. The child runs with NUMBERLINK_TEST_MARKERS
// set (app/test_markers.hpp), so a test waits for a marker line, an event, rather than sleeping
// for a fixed time.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "timing.hpp"

extern char** environ;

namespace nl::testing_child {

using Clock = std::chrono::steady_clock;

inline std::string slurp_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

class Child {
   public:
    static constexpr const char* kMarker = "numberlink-test: ";  // app/test_markers.hpp
    // Runs NUMBERLINK_BINARY with `args`; stdout and stderr go to files named after `stem`
    // (a path prefix in a scratch directory that is unique to the test process).
    Child(const std::vector<std::string>& args, const std::string& stem) : out_(stem + ".out"), err_(stem + ".err") {
        std::vector<std::string> all{NUMBERLINK_BINARY};
        all.insert(all.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (auto& a : all) argv.push_back(a.data());
        argv.push_back(nullptr);
        std::vector<std::string> env_text{"NUMBERLINK_TEST_MARKERS=1"};
        for (char** e = environ; *e; ++e) env_text.emplace_back(*e);
        std::vector<char*> env;
        for (auto& e : env_text) env.push_back(e.data());
        env.push_back(nullptr);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&actions, 1, out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        posix_spawn_file_actions_addopen(&actions, 2, err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        start_ = Clock::now();
        if (posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), env.data()) != 0) pid_ = -1;
        posix_spawn_file_actions_destroy(&actions);
    }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;
    ~Child() {
        if (pid_ > 0 && !waited_) {  // a failed assertion left it running: do not leave it behind
            kill(pid_, SIGKILL);
            wait();
        }
    }

    bool started() const { return pid_ > 0; }
    bool exited() { return exited_now(); }  // without waiting
    void signal(int sig) const { kill(pid_, sig); }

    // Waits until stderr holds the marker line `numberlink-test: WHAT` (an event), the child has
    // exited, or kEventGiveUp seconds passed. Returns whether the marker came.
    bool wait_for_marker(const std::string& what) {
        const std::string line = kMarker + what + "\n";
        const auto give_up = Clock::now() + std::chrono::duration<double>(testing_timing::kEventGiveUp);
        while (Clock::now() < give_up) {
            if (err().find(line) != std::string::npos) return true;
            if (exited_now()) return err().find(line) != std::string::npos;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));  // polling interval, not a wait for time
        }
        return false;
    }

    // Waits (once); returns the exit code (-1 when killed by a signal).
    int wait() {
        if (waited_) return code_;
        int status = 0;
        waitpid(pid_, &status, 0);
        record(status);
        return code_;
    }
    double seconds() const { return seconds_; }  // from start to exit, test's clock
    std::string out() const { return slurp_file(out_); }
    std::string err() const { return slurp_file(err_); }
    // stderr without the marker lines: what a user sees. (Plain string work: std::regex draws
    // false -Wmaybe-uninitialized warnings from GCC 12 in the sanitizer build.)
    std::string user_err() const {
        std::istringstream in(err());
        std::string kept;
        for (std::string line; std::getline(in, line);)
            if (line.rfind(kMarker, 0) != 0) kept += line + "\n";
        return kept;
    }
    // The program's own seconds from the signal to its exit (marker `stopped S s after the
    // signal`), or -1 when it printed none.
    double seconds_after_signal() const {
        const std::string e = err(), prefix = std::string(kMarker) + "stopped ";
        const auto at = e.find(prefix);
        if (at == std::string::npos) return -1;
        return std::strtod(e.c_str() + at + prefix.size(), nullptr);
    }

   private:
    bool exited_now() {
        if (waited_) return true;
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) != pid_) return false;
        record(status);
        return true;
    }
    void record(int status) {
        seconds_ = std::chrono::duration<double>(Clock::now() - start_).count();
        waited_ = true;
        code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

    pid_t pid_ = -1;
    std::string out_, err_;
    Clock::time_point start_;
    double seconds_ = 0;
    bool waited_ = false;
    int code_ = -1;
};

}  // namespace nl::testing_child
