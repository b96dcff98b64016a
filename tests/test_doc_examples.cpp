// Every example in README.md and docs/*.md works when pasted: this suite extracts each ```sh
// block, runs its commands the way a reader would (from a copy of the repository root, after
// ./scripts/setup) and compares exit codes and shown output with what the block documents.
//
// Conventions inside a ```sh block (docs/testing.md describes them for writers):
// - A command line is run with `sh` in a scratch directory that looks like the repository root:
//   `build/numberlink` is the binary under test, `puzzles/` and `docs/` are copies (examples may
//   write files, e.g. `-o docs/example.svg`, without touching the checkout), and
//   `../shared/corpus` is the reference corpus when it exists. All commands of one block run in
//   the same directory, in order, so later lines can read what earlier ones wrote.
// - Lines starting with `./scripts/` or `scripts/` are not run: they install packages, build
//   and run this very suite. `./scripts/setup && COMMAND` (the README's first line) runs COMMAND. Other commands must start with a program from kRunnablePrograms;
//   anything else fails the test, so no example goes unchecked by accident.
// - `#   TEXT` (hash, three spaces) after a command is a line it prints (stdout and stderr
//   together). The shown lines must appear in the output in that order; other output lines may
//   come between them. `#   ...` alone only marks omitted output. Decimal numbers (timings
//   such as `0.000 s`) are compared as "some number".
// - `# exit N` after a command: its documented exit code (default 0).
// - `# doc-test: skip REASON` anywhere in a block skips the whole block; only for examples that
//   truly cannot run here.
// - A block that mentions ../shared/corpus is skipped when the corpus is absent.
// Other comment lines (`# text`) are prose for the reader.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSource = NUMBERLINK_SOURCE_DIR;
const fs::path kCorpus = kSource / ".." / "shared" / "corpus";

// Programs an example may start with. numberlink itself, the SAT solvers of the encode/decode
// examples (installed by scripts/setup), and harmless file tools to write a small puzzle
// (printf) or show what was written.
const std::vector<std::string> kRunnablePrograms = {"build/numberlink", "cryptominisat5", "cadical", "cat", "ls",
                                                    "head", "diff", "printf", "parallel"};

struct Command {
    std::string text;
    int line = 0;
    int expected_exit = 0;
    std::vector<std::string> shown_output;  // the `#   ` lines, prefix removed
};

struct Block {
    std::string file;  // relative to the repository root
    int line = 0;      // of the opening ```sh
    std::vector<Command> commands;
    std::vector<std::string> not_run;  // ./scripts lines
    std::string skip_reason;
    bool needs_corpus = false;
    std::string error;  // a line that breaks the conventions
};

std::string trim_right(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
    return s;
}

std::string trim_left(const std::string& s) {
    const auto start = s.find_first_not_of(" \t");
    return start == std::string::npos ? "" : s.substr(start);
}

// Parses the ```sh blocks of one markdown text (file is its name, for messages).
std::vector<Block> parse_blocks(const std::string& file, const std::string& text) {
    std::vector<Block> blocks;
    std::istringstream in(text);
    std::string raw;
    bool inside = false;
    for (int number = 1; std::getline(in, raw); ++number) {
        const std::string line = trim_right(raw);
        if (!inside) {
            if (trim_left(line) == "```sh") {  // also in an indented list item
                inside = true;
                blocks.push_back({file, number, {}, {}, "", false, ""});
            }
            continue;
        }
        Block& block = blocks.back();
        if (trim_left(line) == "```") {
            inside = false;
            continue;
        }
        if (line.find("../shared/corpus") != std::string::npos) block.needs_corpus = true;
        const std::string body = trim_left(line);
        if (body.empty()) continue;
        if (body.starts_with("# doc-test: skip")) {
            block.skip_reason = body.substr(16);
            continue;
        }
        if (body[0] == '#') {
            std::smatch exit_code;
            if (line.starts_with("#   ")) {
                const std::string shown = line.substr(4);
                if (block.commands.empty())
                    block.error = "line " + std::to_string(number) + ": output shown before any command";
                else if (shown != "...")
                    block.commands.back().shown_output.push_back(shown);
            } else if (std::regex_match(body, exit_code, std::regex(R"(# exit (\d+))"))) {
                if (block.commands.empty())
                    block.error = "line " + std::to_string(number) + ": '# exit' before any command";
                else
                    block.commands.back().expected_exit = std::stoi(exit_code[1]);
            }
            continue;  // prose
        }
        // The README's first command: the set-up has been done (this suite was built by it),
        // what follows it is run.
        std::string command = body;
        const std::string after_setup = "./scripts/setup && ";
        if (command.starts_with(after_setup)) {
            block.not_run.push_back(after_setup.substr(0, after_setup.size() - 4));
            command = command.substr(after_setup.size());
        } else if (command.starts_with("./scripts/") || command.starts_with("scripts/")) {
            block.not_run.push_back(command);
            continue;
        }
        const std::string program = command.substr(0, command.find(' '));
        if (std::find(kRunnablePrograms.begin(), kRunnablePrograms.end(), program) == kRunnablePrograms.end())
            block.error = "line " + std::to_string(number) + ": '" + program +
                          "' is not a program this test runs (see kRunnablePrograms)";
        block.commands.push_back({command, number, 0, {}});
    }
    if (inside) blocks.back().error = "the block is not closed";
    return blocks;
}

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<fs::path> documentation_files() {
    std::vector<fs::path> files = {"README.md"};
    std::vector<fs::path> docs;
    for (const auto& entry : fs::directory_iterator(kSource / "docs"))
        if (entry.path().extension() == ".md") docs.push_back(fs::path("docs") / entry.path().filename());
    std::sort(docs.begin(), docs.end());
    files.insert(files.end(), docs.begin(), docs.end());
    return files;
}

std::vector<Block> all_blocks() {
    std::vector<Block> blocks;
    for (const fs::path& file : documentation_files()) {
        std::vector<Block> found = parse_blocks(file.string(), slurp(kSource / file));
        blocks.insert(blocks.end(), found.begin(), found.end());
    }
    return blocks;
}

// Timings and other decimals (also in exponent form, as JSON writes small seconds: 8.8709e-05)
// become "N.N", on both sides of the comparison.
std::string normalised(const std::string& line) {
    static const std::regex decimal(R"(\d+(\.\d+)?[eE][-+]?\d+|\d+\.\d+)");
    return trim_right(std::regex_replace(line, decimal, "N.N"));
}

// The first shown line that is missing from output (in order), or "" when all are there.
std::string first_missing_line(const std::vector<std::string>& shown, const std::string& output) {
    std::vector<std::string> actual;
    std::istringstream in(output);
    for (std::string line; std::getline(in, line);) actual.push_back(normalised(line));
    std::size_t next = 0;
    for (const std::string& expected : shown) {
        const std::string want = normalised(expected);
        while (next < actual.size() && actual[next] != want) ++next;
        if (next == actual.size()) return expected;
        ++next;
    }
    return "";
}

// A scratch copy of the repository root as the examples see it.
class Scratch {
   public:
    Scratch() {
        std::string pattern = (fs::path(testing::TempDir()) / "nl_doc_XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        root_ = pattern;
        fs::create_directories(repo() / "build");
        fs::create_symlink(NUMBERLINK_BINARY, repo() / "build" / "numberlink");
        fs::copy(kSource / "puzzles", repo() / "puzzles", fs::copy_options::recursive);
        fs::copy(kSource / "docs", repo() / "docs", fs::copy_options::recursive);
        if (fs::exists(kCorpus)) {
            fs::create_directories(root_ / "shared");
            fs::create_directory_symlink(fs::canonical(kCorpus), root_ / "shared" / "corpus");
        }
    }
    ~Scratch() {
        std::error_code ignored;
        fs::remove_all(root_, ignored);
    }
    fs::path repo() const { return root_ / "repo"; }

    // Runs one command line with sh; returns its exit code (-1 if killed) and its output.
    std::pair<int, std::string> run(const std::string& command) const {
        const fs::path script = root_ / "command.sh", output = root_ / "output";
        std::ofstream(script) << command << "\n";
        // The test hooks of other suites must not leak into the examples.
        const std::string shell = "cd '" + repo().string() +
                                  "' && env -u NUMBERLINK_DEBUG_FAULT -u NUMBERLINK_TEST_MARKERS timeout 120 sh '" +
                                  script.string() + "' </dev/null >'" + output.string() + "' 2>&1";
        const int status = std::system(shell.c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(output)};
    }

   private:
    fs::path root_;
};

void PrintTo(const Block& block, std::ostream* os) { *os << block.file << ":" << block.line; }

class DocExample : public testing::TestWithParam<Block> {};

TEST_P(DocExample, RunsAsDocumented) {
    const Block& block = GetParam();
    ASSERT_EQ(block.error, "") << block.file << ":" << block.line;
    if (!block.skip_reason.empty()) GTEST_SKIP() << "marked in the block:" << block.skip_reason;
    if (block.needs_corpus && !fs::exists(kCorpus)) GTEST_SKIP() << "needs ../shared/corpus, absent";
    for (const std::string& line : block.not_run)
        std::cout << "[ not run  ] " << block.file << ": " << line << " (set-up and test scripts)\n";
    Scratch scratch;
    for (const Command& command : block.commands) {
        const auto [code, output] = scratch.run(command.text);
        SCOPED_TRACE(block.file + ":" + std::to_string(command.line) + ": " + command.text + "\n--- output:\n" +
                     output);
        EXPECT_EQ(code, command.expected_exit);
        const std::string missing = first_missing_line(command.shown_output, output);
        EXPECT_EQ(missing, "") << "this shown line is not in the output (in order)";
    }
}

INSTANTIATE_TEST_SUITE_P(Docs, DocExample, testing::ValuesIn(all_blocks()),
                         [](const testing::TestParamInfo<Block>& info) {
                             std::string name = info.param.file + "_line" + std::to_string(info.param.line);
                             for (char& c : name)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return name;
                         });

// The extraction itself: a README without examples, or a convention that stopped being
// recognised, would make the suite above pass vacuously.
// GitHub's anchor of a heading: lower case, punctuation other than '-' and '_' dropped, spaces
// as '-'.
std::string heading_anchor(const std::string& heading) {
    std::string anchor;
    for (unsigned char c : heading) {
        if (std::isalnum(c) || c == '-' || c == '_')
            anchor += static_cast<char>(std::tolower(c));
        else if (c == ' ')
            anchor += '-';
    }
    return anchor;
}

// The anchors of a Markdown file's headings (outside code blocks).
std::vector<std::string> anchors_of(const std::string& text) {
    std::vector<std::string> anchors;
    std::istringstream in(text);
    bool in_code = false;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("```")) in_code = !in_code;
        if (in_code || !line.starts_with("#")) continue;
        const std::size_t start = line.find_first_not_of('#');
        if (start != std::string::npos) anchors.push_back(heading_anchor(trim_right(line.substr(start + 1))));
    }
    return anchors;
}

// Every relative link of the README, the other top-level pages and docs/ names a file that
// exists and, with '#', a heading that file has.
TEST(DocExamples, EveryLinkBetweenTheDocsResolves) {
    std::vector<fs::path> pages = documentation_files();
    for (const char* top : {"CONTRIBUTING.md", "CHANGELOG.md"})
        if (fs::exists(kSource / top)) pages.push_back(top);
    const std::regex link(R"(\]\(([^)\s]+)\))");
    int checked = 0;
    for (const fs::path& page : pages) {
        const std::string text = slurp(kSource / page);
        for (auto it = std::sregex_iterator(text.begin(), text.end(), link); it != std::sregex_iterator(); ++it) {
            const std::string target = (*it)[1];
            if (target.starts_with("http://") || target.starts_with("https://") || target.starts_with("mailto:"))
                continue;
            const std::size_t hash = target.find('#');
            const std::string file = target.substr(0, hash);
            const fs::path resolved = file.empty() ? kSource / page : kSource / page.parent_path() / file;
            ++checked;
            if (!fs::exists(resolved)) {
                ADD_FAILURE() << page << ": link to a missing file: " << target;
                continue;
            }
            if (hash == std::string::npos || resolved.extension() != ".md") continue;
            const std::vector<std::string> anchors = anchors_of(slurp(resolved));
            if (std::find(anchors.begin(), anchors.end(), target.substr(hash + 1)) == anchors.end())
                ADD_FAILURE() << page << ": link to a missing heading: " << target;
        }
    }
    EXPECT_GT(checked, 50);  // the expression found the links
}

// The pages describe the program as it is: no dates, tracker or founding-document references or
// session counts, which a reader cannot look up. The history lives in docs/performance.md and
// CHANGELOG.md.
TEST(DocExamples, PagesOtherThanPerformanceCarryNoHistory) {
    const std::regex history(
        R"(\bissues? ?#?[0-9]|seed 0[0-9]|seeds/|20[0-9][0-9]-[0-9][0-9]-[0-9][0-9]|\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth) session)",
        std::regex::icase);
    for (const char* caught : {"(issue 17)", "seed 004", "on 2026-11-27", "(fifth session)"})
        EXPECT_TRUE(std::regex_search(caught, history)) << caught;
    for (const char* kept : {"--seed 1", "a SAT session", "thomasahle/numberlink#5"})
        EXPECT_FALSE(std::regex_search(kept, history)) << kept;
    for (const fs::path& page : documentation_files()) {
        if (page == "docs/performance.md") continue;
        std::istringstream in(slurp(kSource / page));
        int number = 0;
        for (std::string line; std::getline(in, line);)
            if (++number, std::regex_search(line, history)) ADD_FAILURE() << page << ":" << number << ": " << line;
    }
}

TEST(DocExamples, EveryFileOfDocsIsLinkedFromTheReadme) {
    const std::string readme = slurp(kSource / "README.md");
    for (const fs::path& file : documentation_files()) {
        if (file == "README.md") continue;
        EXPECT_NE(readme.find("(" + file.string() + ")"), std::string::npos) << file << " is not linked";
    }
}

TEST(DocExamples, TheReadmeHasRunnableExamplesWithShownOutput) {
    int commands = 0, shown = 0;
    for (const Block& block : all_blocks())
        if (block.file == "README.md")
            for (const Command& command : block.commands) {
                ++commands;
                shown += static_cast<int>(command.shown_output.size());
            }
    EXPECT_GE(commands, 10);
    EXPECT_GE(shown, 10);
}

TEST(DocExamples, ConventionsAreParsed) {
    const std::vector<Block> blocks = parse_blocks("x.md",
                                                   "text\n```sh\n./scripts/setup\nbuild/numberlink a   # why\n"
                                                   "#   out 1.5 s\n#   ...\n# exit 1\n# prose\n"
                                                   "cat f\n```\n```json\nnot run\n```\n");
    ASSERT_EQ(blocks.size(), 1u);
    EXPECT_EQ(blocks[0].line, 2);
    EXPECT_EQ(blocks[0].not_run, std::vector<std::string>{"./scripts/setup"});
    ASSERT_EQ(blocks[0].commands.size(), 2u);
    EXPECT_EQ(blocks[0].commands[0].text, "build/numberlink a   # why");
    EXPECT_EQ(blocks[0].commands[0].expected_exit, 1);
    EXPECT_EQ(blocks[0].commands[0].shown_output, std::vector<std::string>{"out 1.5 s"});
    EXPECT_EQ(blocks[0].commands[1].expected_exit, 0);
    EXPECT_EQ(parse_blocks("x.md", "```sh\nrm -rf x\n```\n")[0].error.empty(), false);
    const Block first = parse_blocks("x.md", "```sh\n./scripts/setup && build/numberlink b\n#   x\n```\n")[0];
    EXPECT_EQ(first.error, "");
    ASSERT_EQ(first.commands.size(), 1u);
    EXPECT_EQ(first.commands[0].text, "build/numberlink b");
    EXPECT_EQ(first.commands[0].shown_output, std::vector<std::string>{"x"});
}

TEST(DocExamples, ShownOutputMustAppearInOrder) {
    const std::string output = "a: solved (sat, 0.003 s)\nRRG\nBBG\n";
    EXPECT_EQ(first_missing_line({"a: solved (sat, 0.000 s)", "BBG"}, output), "");
    EXPECT_EQ(first_missing_line({"BBG", "RRG"}, output), "RRG");
    EXPECT_EQ(first_missing_line({"RRB"}, output), "RRB");
    EXPECT_EQ(first_missing_line({"a: solved (wall, 0.003 s)"}, output), "a: solved (wall, 0.003 s)");
    EXPECT_EQ(first_missing_line({"{\"seconds\":0.5,\"x\":1}"}, "{\"seconds\":8.8709e-05,\"x\":1}\n"), "");
    EXPECT_EQ(first_missing_line({"{\"seconds\":0.5,\"x\":1}"}, "{\"seconds\":0.5,\"x\":2}\n"), "{\"seconds\":0.5,\"x\":1}");
}

}  // namespace
