// Test-only: runs the real `numberlink` binary in a fresh temporary directory and captures its
// exit code, stdout and stderr, for the suites that test the command line end to end.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace nl::testing_cli {

namespace fs = std::filesystem;

struct Result {
    int code = -1;  // exit status, -1 when killed by a signal
    std::string out, err;
};

inline std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// Each test gets its own directory; the binary runs in its `work/` subdirectory, so messages
// name files as the test wrote them, and the captured stdout/stderr stay outside `work/`.
class CliTest : public testing::Test {
   protected:
    void SetUp() override {
        std::string pattern = (fs::path(testing::TempDir()) / "nl_cli_XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        root_ = pattern;
        fs::create_directory(work());
    }
    void TearDown() override { fs::remove_all(root_); }

    fs::path work() const { return root_ / "work"; }
    void write(const std::string& name, const std::string& content) const {
        std::ofstream(work() / name, std::ios::binary) << content;
    }
    std::string read(const std::string& name) const { return slurp(work() / name); }

    // Runs `numberlink ARGS` through the shell; `prefix` goes before the binary (environment
    // assignments, `ulimit ... &&`).
    Result run(const std::string& args, const std::string& prefix = "") const {
        return run_program(NUMBERLINK_BINARY, args, prefix);
    }
    // A copy of the program at DIR/numberlink (relative to the test's root, outside work/), with
    // the module file `module` copied to `at` (relative to DIR) unless `at` is empty: the layout
    // a user has, for the tests of how the program finds its modules.
    fs::path install_copy(const std::string& dir, const fs::path& module, const std::string& at) const {
        const fs::path bin = root_ / dir;
        fs::create_directories(bin);
        fs::copy_file(NUMBERLINK_BINARY, bin / "numberlink");
        if (!at.empty()) {
            fs::create_directories((bin / at).parent_path());
            fs::copy_file(module, bin / at);
        }
        return bin / "numberlink";
    }
    // The same with another copy of the program (tests of how it finds its modules).
    Result run_program(const fs::path& binary, const std::string& args, const std::string& prefix = "") const {
        const fs::path out = root_ / "stdout", err = root_ / "stderr";
        const std::string cmd = "cd '" + work().string() + "' && " + prefix + " '" + binary.string() + "' " +
                                args + " </dev/null >'" + out.string() + "' 2>'" + err.string() + "'";
        const int status = std::system(cmd.c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
    }

    fs::path root_;
};

}  // namespace nl::testing_cli
