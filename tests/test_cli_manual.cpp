// `numberlink --man` and `numberlink --bash-completion` (app/manual.hpp): both come from the
// options tables that print each subcommand's --help-all, so every option it shows must be in
// them, and the completion must work in a real bash. And each --help fits one screen.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>

#include "cli_fixture.hpp"

namespace {

using nl::testing_cli::CliTest;
using nl::testing_cli::contains;
using nl::testing_cli::lines_of;

// Option names as a reader sees them in `SUBCOMMAND --help` (lines starting "  -"), taken from
// the help text with a regular expression, not with the code under test.
std::vector<std::string> help_options(const std::string& help) {
    std::vector<std::string> names;
    const std::regex option(R"(^  (-[a-zA-Z])?( \[ )?(--[a-z][a-z-]*)?)");
    for (const std::string& line : lines_of(help)) {
        std::smatch m;
        if (!std::regex_search(line, m, option)) continue;
        if (m[1].matched) names.push_back(m[1]);
        if (m[3].matched) names.push_back(m[3]);
    }
    return names;
}

std::string roff_escaped(const std::string& option) {
    std::string out;
    for (char ch : option) out += ch == '-' ? std::string("\\-") : std::string(1, ch);
    return out;
}

// The subcommands `numberlink --help` lists ("  NAME   summary" lines after "subcommands:").
std::vector<std::string> subcommands(const std::string& help) {
    std::vector<std::string> names;
    bool listing = false;
    for (const std::string& line : lines_of(help)) {
        if (line == "subcommands:") listing = true;
        else if (line.empty()) listing = listing && names.empty();
        else if (listing && line.starts_with("  ")) names.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
    return names;
}

TEST_F(CliTest, ManualPageHoldsEverySubcommandAndOption) {
    const auto top = run("--help");
    const std::vector<std::string> names = subcommands(top.out);
    ASSERT_GE(names.size(), 10u) << top.out;
    const auto man = run("--man");
    ASSERT_EQ(man.code, 0) << man.err;
    EXPECT_TRUE(man.out.starts_with(".TH NUMBERLINK 1")) << man.out.substr(0, 80);
    int options = 0;
    for (const std::string& name : names) {
        EXPECT_TRUE(contains(man.out, ".SS " + name + "\n")) << name;
        const auto help = run(name + " --help-all");
        ASSERT_EQ(help.code, 0) << name;
        for (const std::string& option : help_options(help.out)) {
            EXPECT_TRUE(contains(man.out, roff_escaped(option))) << name << ' ' << option;
            ++options;
        }
    }
    EXPECT_GT(options, 100);  // the regular expression found the tables
    // No line may start a roff request by accident (a help line beginning with '.' or '\'').
    for (const std::string& line : lines_of(man.out))
        if (!line.empty() && line[0] == '\'') ADD_FAILURE() << line;
}

// What a user reads describes the program as it is: no references to the project's tracker or
// its founding documents, no dates, no narration of change. Those belong in git and
// docs/performance.md; a reader of --help cannot look them up.
TEST_F(CliTest, HelpAndManualPageCarryNoHistory) {
    const std::regex history(R"(issue ?#?[0-9]|seed 0[0-9]|20[0-9][0-9]-[0-9][0-9]-[0-9][0-9]|as before|previously)",
                             std::regex::icase);
    for (const char* caught : {"the tours of seed 004", "(issue 17)", "Issue 14:", "Until 2026-11-27", "as before"})
        EXPECT_TRUE(std::regex_search(caught, history)) << caught;
    for (const char* kept : {"--seed 1", "random seed (default: drawn at random)", "1000x1000 boards"})
        EXPECT_FALSE(std::regex_search(kept, history)) << kept;
    std::string man = run("--man").out;
    for (std::size_t at; (at = man.find("\\-")) != std::string::npos;) man.erase(at, 1);  // roff's minus
    std::vector<std::pair<std::string, std::string>> texts{{"--help", run("--help").out}, {"--man", man}};
    ASSERT_GE(texts[0].second.size(), 200u);
    for (const std::string& name : subcommands(texts[0].second))
        for (const char* which : {" --help", " --help-all"}) texts.emplace_back(name + which, run(name + which).out);
    ASSERT_GE(texts.size(), 22u);
    for (const auto& [where, text] : texts)
        for (const std::string& line : lines_of(text))
            if (std::regex_search(line, history)) ADD_FAILURE() << where << ": " << line;
}

// Every --help fits one screen of 80 x 40 and ends with examples; --help-all holds every option
// --help shows and as many more as --help says; nothing is wider than 80 columns.
TEST_F(CliTest, EveryHelpFitsOneScreenAndHelpAllHoldsTheRest) {
    const auto top = run("--help");
    ASSERT_EQ(top.code, 0);
    for (const std::string& line : lines_of(top.out)) EXPECT_LE(line.size(), 80u) << "--help: " << line;
    const std::regex more(R"(\(([0-9]+) more options? under --help-all\))");
    for (const std::string& name : subcommands(top.out)) {
        const auto help = run(name + " --help"), all = run(name + " --help-all");
        ASSERT_EQ(help.code, 0) << name;
        ASSERT_EQ(all.code, 0) << name;
        const std::vector<std::string> lines = lines_of(help.out);
        EXPECT_LE(lines.size(), 40u) << name << " --help:\n" << help.out;
        for (const std::string& line : lines) EXPECT_LE(line.size(), 80u) << name << " --help: " << line;
        for (const std::string& line : lines_of(all.out)) EXPECT_LE(line.size(), 80u) << name << " --help-all: " << line;
        EXPECT_TRUE(contains(help.out, "\nexamples:\n  numberlink " + name)) << name;
        const std::vector<std::string> shown = help_options(help.out), every = help_options(all.out);
        for (const std::string& option : shown)
            EXPECT_NE(std::find(every.begin(), every.end(), option), every.end()) << name << ' ' << option;
        std::smatch m;
        const std::size_t extra = std::regex_search(help.out, m, more) ? std::stoul(m[1]) : 0;
        // help_options lists a short and a long spelling of one option (-o, --output-file) as two
        // names; count the options by their long names.
        auto longs = [](const std::vector<std::string>& names) {
            return std::count_if(names.begin(), names.end(), [](const std::string& n) { return n.starts_with("--"); });
        };
        EXPECT_EQ(static_cast<std::size_t>(longs(every) - longs(shown)), extra) << name;
    }
}

TEST_F(CliTest, BashCompletionCompletesSubcommandsOptionsAndValues) {
    const auto script = run("--bash-completion");
    ASSERT_EQ(script.code, 0) << script.err;
    write("completion.bash", script.out);
    // Completes `words` (the command line so far; word `cword` is being completed) in a real
    // bash with the script sourced; the candidates, one per line.
    auto complete = [&](const std::string& words, int cword) {
        write("probe.sh", ". ./completion.bash\nCOMP_WORDS=(" + words + ")\nCOMP_CWORD=" + std::to_string(cword) +
                              "\n_numberlink\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n");
        const auto r = run_program("/bin/bash", "probe.sh");
        EXPECT_EQ(r.code, 0) << r.err;
        return r.out;
    };
    EXPECT_EQ(complete("numberlink so", 1), "solve\n");
    EXPECT_EQ(complete("numberlink count --ma", 2), "--max\n--max-memory\n");
    EXPECT_TRUE(contains(complete("numberlink solve --", 2), "--timeout\n"));
    EXPECT_FALSE(contains(complete("numberlink info --", 2), "--timeout\n"));  // info has none
    EXPECT_EQ(complete("numberlink solve --rules ni", 3), "nikoli\n");
    write("five.txt", "A.B\n...\nA.B\n");
    EXPECT_TRUE(contains(complete("numberlink solve fi", 2), "five.txt\n"));  // files otherwise
}

}  // namespace
