// Runs `numberlink check` on every example listed in puzzles/examples.txt and compares the
// verdict (exit code and, for invalid solutions, the rule that failed) with the listed one.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace {

struct Example {
    std::string puzzle, solution, rules, verdict;
    int line;
};

// Shown by GoogleTest for a failing parameter (instead of raw bytes).
void PrintTo(const Example& e, std::ostream* os) {
    *os << e.puzzle << ' ' << e.solution << ' ' << e.rules << ' ' << e.verdict;
}

std::vector<Example> load_examples() {
    std::vector<Example> out;
    std::ifstream in(std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/examples.txt");
    std::string text;
    for (int line = 1; std::getline(in, text); ++line) {
        if (text.empty() || text[0] == '#') continue;
        std::istringstream words(text);
        Example e;
        e.line = line;
        words >> e.puzzle >> e.solution >> e.rules >> e.verdict;
        out.push_back(e);
    }
    return out;
}

struct CliRun {
    int status;
    std::string out;
};

CliRun run_cli(const std::string& args) {
    const std::string cmd = std::string(NUMBERLINK_BINARY) + " " + args + " 2>/dev/null";
    FILE* pipe = popen(cmd.c_str(), "r");
    std::string out;
    char buffer[4096];
    while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
    int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

class ExampleCheck : public testing::TestWithParam<Example> {};

TEST_P(ExampleCheck, VerdictIsAsListed) {
    const Example& e = GetParam();
    const std::string dir = std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/";
    std::string args = "check --output json " + dir + e.puzzle;
    if (e.solution != "-") args += " " + dir + e.solution;
    if (e.rules != "-") args += " --rules " + e.rules;
    const CliRun r = run_cli(args);
    SCOPED_TRACE("examples.txt:" + std::to_string(e.line) + ": " + args + "\n" + r.out);
    if (e.verdict == "valid") {
        EXPECT_EQ(r.status, 0);
        EXPECT_EQ(r.out.find("\"valid\":false"), std::string::npos);
        EXPECT_NE(r.out.find("\"valid\":true"), std::string::npos);
    } else if (e.verdict.starts_with("invalid:")) {
        EXPECT_EQ(r.status, 1);
        EXPECT_NE(r.out.find("\"rule\":\"" + e.verdict.substr(8) + "\""), std::string::npos);
    } else {
        ASSERT_EQ(e.verdict, "error");
        EXPECT_EQ(r.status, 2);
        EXPECT_EQ(r.out, "");
    }
}

INSTANTIATE_TEST_SUITE_P(Puzzles, ExampleCheck, testing::ValuesIn(load_examples()),
                         [](const testing::TestParamInfo<Example>& info) {
                             return "line" + std::to_string(info.param.line);
                         });

TEST(Examples, ManifestIsNotEmpty) { EXPECT_GE(load_examples().size(), 10u); }

}  // namespace
