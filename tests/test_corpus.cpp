// The reference corpus (../shared/corpus, described by its README): every file parses or is a
// documented exception, every official solution passes the checker under the rules the README
// gives, the README's facts hold, and broken copies of real solutions are rejected.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/formats.hpp"
#include "core/solution_match.hpp"

namespace fs = std::filesystem;
using namespace nl;

namespace {

const std::string kCorpus = std::string(NUMBERLINK_SOURCE_DIR) + "/../shared/corpus";

#define REQUIRE_CORPUS() \
    if (!fs::is_directory(kCorpus)) GTEST_SKIP() << "reference corpus not found at " << kCorpus

std::string at(const std::string& rel) { return kCorpus + "/" + rel; }

Rules rules(std::string_view name) { return rules_from_name(name).value(); }

// Every corpus file but the README, relative to the corpus, sorted.
std::vector<std::string> corpus_files() {
    std::vector<std::string> files;
    for (const auto& e : fs::recursive_directory_iterator(kCorpus)) {
        if (!e.is_regular_file()) continue;
        std::string rel = fs::relative(e.path(), kCorpus).generic_string();
        if (rel != "README.md") files.push_back(rel);
    }
    std::sort(files.begin(), files.end());
    return files;
}

// The files that are not well-formed puzzle files (all documented in the README). A trailing
// '/' names a whole folder.
enum class Kind { Malformed, Answers };
const std::vector<std::pair<std::string, Kind>> kExceptions = {
    {"intgrid/huy1711/15x15 2.in", Kind::Malformed},  // header says 15 labels, 16 used
    {"intgrid/huy1711/15x15 3.in", Kind::Malformed},  // a label appears 4 times
    {"intgrid/huy1711/15x15 8.in", Kind::Malformed},  // a label appears 4 times
    {"flow/mzucker/solutions/", Kind::Answers},
    {"adc/adc2014/A/", Kind::Answers},
    {"adc/adc2013/NL_R04.txt", Kind::Answers},
};

bool covers(const std::string& entry, const std::string& rel) {
    return entry.ends_with('/') ? rel.starts_with(entry) : rel == entry;
}

// The format detection must find for each folder.
const std::vector<std::pair<std::string, Format>> kFolderFormats = {
    {"flow/mzucker/", Format::Ascii}, {"flow/levelpacks/", Format::Levelpack},
    {"arukone/", Format::Stream},     {"intgrid/", Format::Intgrid},
    {"adc/", Format::Adc},
};

std::vector<PuzzleEntry> puzzles_of(const std::string& rel) {
    return read_puzzles(at(rel), ReadOptions{});
}

Puzzle only_puzzle(const std::string& rel) {
    auto entries = puzzles_of(rel);
    if (entries.size() != 1)
        throw std::runtime_error(rel + " holds " + std::to_string(entries.size()) + " puzzles");
    return std::move(entries.front().puzzle);
}

// "" when `text` is a valid solution of `puzzle` under `r`, else why not.
std::string verdict(const Puzzle& puzzle, const SolutionText& text, Rules r) {
    MatchedSolution m = match_solution(puzzle, text);
    if (!m.problem.empty()) return "match: " + m.problem;
    CheckResult c = check_solution(puzzle, m.solution, r);
    return c.ok ? "" : c.rule + ": " + c.message;
}

}  // namespace

TEST(CorpusFiles, EveryFileParsesOrIsADocumentedException) {
    REQUIRE_CORPUS();
    std::vector<int> hits(kExceptions.size(), 0);
    int puzzle_files = 0;
    for (const std::string& rel : corpus_files()) {
        auto ex = std::find_if(kExceptions.begin(), kExceptions.end(),
                               [&](const auto& e) { return covers(e.first, rel); });
        auto f = std::find_if(kFolderFormats.begin(), kFolderFormats.end(),
                              [&](const auto& e) { return rel.starts_with(e.first); });
        try {
            if (f == kFolderFormats.end()) {
                ADD_FAILURE() << rel << ": no expected format for its folder";
            } else {
                EXPECT_EQ(format_name(detect_format(load_text(at(rel)))), format_name(f->second))
                    << rel;
            }
            if (ex == kExceptions.end()) {
                EXPECT_FALSE(puzzles_of(rel).empty()) << rel << " holds no puzzle";
                ++puzzle_files;
                continue;
            }
            ++hits[ex - kExceptions.begin()];
            if (ex->second == Kind::Answers) {
                auto answers = read_solutions(at(rel), std::nullopt);
                EXPECT_FALSE(answers.empty()) << rel << " holds no solution";
                for (const auto& a : answers)
                    EXPECT_FALSE(a.grid.empty()) << rel << ": " << a.name << " has no grid";
                continue;
            }
            try {
                puzzles_of(rel);
                ADD_FAILURE() << rel << " is malformed but was accepted";
            } catch (const InputError& e) {
                EXPECT_GT(e.line, 0) << rel << ": no line number in: " << e.what();
                EXPECT_NE(e.file.find(fs::path(rel).filename().string()), std::string::npos)
                    << rel << ": error names another file: " << e.what();
            }
        } catch (const std::exception& e) {
            ADD_FAILURE() << rel << " does not parse: " << e.what();
        }
    }
    EXPECT_GE(puzzle_files, 200);
    for (std::size_t k = 0; k < kExceptions.size(); ++k)
        EXPECT_GT(hits[k], 0) << "stale exception, no such corpus file: " << kExceptions[k].first;
}

TEST(CorpusLevelpacks, EmbeddedSolutionsPassUnderFlowAndStrictRules) {
    REQUIRE_CORPUS();
    int boards = 0;
    for (std::string rel : {"flow/levelpacks/levelpack_1.txt", "flow/levelpacks/levelpack_2.txt"}) {
        auto entries = puzzles_of(rel);
        EXPECT_EQ(entries.size(), 150u) << rel;
        for (const auto& e : entries) {
            ++boards;
            ASSERT_TRUE(e.solution.has_value()) << e.puzzle.name << " carries no solution";
            for (const char* r : {"flow", "strict"}) {
                CheckResult c = check_solution(e.puzzle, *e.solution, rules(r));
                EXPECT_TRUE(c.ok) << e.puzzle.name << " (" << r << "): " << c.rule << ": "
                                  << c.message;
            }
        }
    }
    EXPECT_EQ(boards, 300);
}

TEST(CorpusMzucker, SolutionsPassUnderFlowAndStrictRules) {
    REQUIRE_CORPUS();
    int solved = 0;
    for (const auto& e : fs::directory_iterator(at("flow/mzucker"))) {
        if (!e.is_regular_file()) continue;
        const std::string file = e.path().filename().string();
        const std::string solution = "flow/mzucker/solutions/" + file;
        if (file == "unsolvable_cross.txt") {
            EXPECT_FALSE(fs::exists(at(solution))) << solution << " should not exist";
            continue;
        }
        ASSERT_TRUE(fs::exists(at(solution))) << "no solution for " << file;
        Puzzle p = only_puzzle("flow/mzucker/" + file);
        auto texts = read_solutions(at(solution), std::nullopt);
        ASSERT_EQ(texts.size(), 1u) << solution;
        EXPECT_EQ(verdict(p, texts[0], rules("flow")), "") << solution;
        EXPECT_EQ(verdict(p, texts[0], rules("strict")), "") << solution;
        ++solved;
    }
    EXPECT_EQ(solved, 29);  // the README says 30 levels, but 30 files include unsolvable_cross
}

TEST(CorpusAdc, Answers2014PassUnderNikoliRules) {
    REQUIRE_CORPUS();
    int files = 0, answers = 0;
    for (const auto& e : fs::directory_iterator(at("adc/adc2014/A"))) {
        const std::string file = e.path().filename().string();  // T99_Axx.txt
        ASSERT_TRUE(file.starts_with("T99_A")) << file;
        const std::string rel = "adc/adc2014/A/" + file;
        Puzzle p = only_puzzle("adc/adc2014/Q/NL_Q" + file.substr(5));
        auto texts = read_solutions(at(rel), std::nullopt);
        EXPECT_EQ(texts.size(), file == "T99_A14.txt" ? 3u : 1u) << rel;
        for (const auto& t : texts) {
            EXPECT_EQ(verdict(p, t, rules("nikoli")), "") << rel << " (" << t.name << ")";
            ++answers;
            // T99_A14 leaves a cell empty (0): that fails the fill rule of flow rules.
            if (file == "T99_A14.txt") {
                const std::string v = verdict(p, t, rules("flow"));
                EXPECT_TRUE(v.starts_with("fill:")) << t.name << ": " << v;
            }
        }
        ++files;
    }
    EXPECT_EQ(files, 11);
    EXPECT_EQ(answers, 13);
}

// The README says NL_R04 touches itself, but none of its 3 answers does (in each, every label's
// cells have exactly cells-1 adjacent same-label pairs, counted by an independent script), so
// they pass even under adc rules. CorpusNegative.DetourFailsTheTouchRule shows the touch check
// rejecting a real board instead.
TEST(CorpusAdc, Answers2013PassUnderNikoliRules) {
    REQUIRE_CORPUS();
    Puzzle p = only_puzzle("adc/adc2013/NL_Q04.txt");
    auto texts = read_solutions(at("adc/adc2013/NL_R04.txt"), std::nullopt);
    EXPECT_EQ(texts.size(), 3u);  // alternatives, like T99_A14 (not in the README)
    for (const auto& t : texts) {
        EXPECT_EQ(verdict(p, t, rules("nikoli")), "") << t.name;
        EXPECT_EQ(verdict(p, t, rules("adc")), "") << t.name << " touches after all";
    }
}

TEST(CorpusFacts, Adc2017Q08IsTheLargest) {
    REQUIRE_CORPUS();
    Puzzle p = only_puzzle("adc/adc2017/Q08.txt");
    EXPECT_TRUE(p.width == 70 && p.height == 70 && p.layers == 8)
        << p.width << "x" << p.height << "x" << p.layers;
    EXPECT_EQ(p.labels.size(), 999u);
}

TEST(CorpusFacts, ArukoneCounts) {
    REQUIRE_CORPUS();
    EXPECT_EQ(puzzles_of("arukone/janko_even.txt").size(), 135u);
    auto gen = puzzles_of("arukone/inputs9.txt");
    EXPECT_EQ(gen.size(), 101u);
    for (const auto& e : gen)
        EXPECT_TRUE(e.puzzle.width == 40 && e.puzzle.height == 20)
            << e.puzzle.name << " is " << e.puzzle.width << "x" << e.puzzle.height;
    auto edge = puzzles_of("arukone/inputs5.txt");
    EXPECT_EQ(edge.size(), 20u);
    EXPECT_TRUE(std::any_of(edge.begin(), edge.end(), [](const PuzzleEntry& e) {
        return e.puzzle.width == 1000 && e.puzzle.height == 1;
    })) << "inputs5 has no 1000x1 board";
}

TEST(CorpusFacts, IntgridSizesMatchFileNames) {
    REQUIRE_CORPUS();
    int checked = 0;
    for (const auto& e : fs::directory_iterator(at("intgrid/huy1711"))) {
        const std::string file = e.path().filename().string();  // "9x9 3.in"
        const std::string rel = "intgrid/huy1711/" + file;
        if (std::any_of(kExceptions.begin(), kExceptions.end(),
                        [&](const auto& x) { return covers(x.first, rel); }))
            continue;
        int w = 0, h = 0;
        ASSERT_EQ(std::sscanf(file.c_str(), "%dx%d", &w, &h), 2) << file;
        Puzzle p = only_puzzle(rel);
        EXPECT_TRUE(p.width == w && p.height == h)
            << rel << " is " << p.width << "x" << p.height;
        ++checked;
    }
    EXPECT_EQ(checked, 49);
}

TEST(CorpusNegative, BrokenLevelpackSolutionsAreRejected) {
    REQUIRE_CORPUS();
    auto entries = puzzles_of("flow/levelpacks/levelpack_1.txt");
    ASSERT_FALSE(entries.empty());
    const Puzzle& p = entries[0].puzzle;
    ASSERT_TRUE(entries[0].solution.has_value());
    const Solution good = *entries[0].solution;
    ASSERT_TRUE(check_solution(p, good, rules("flow")).ok);

    // Drop an interior cell: its neighbours on the path are never adjacent on a grid.
    int l = 0;
    while (l < static_cast<int>(good.paths.size()) && good.paths[l].size() < 3) ++l;
    ASSERT_LT(l, static_cast<int>(good.paths.size())) << p.name << ": no path of 3+ cells";
    Solution dropped = good;
    dropped.paths[l].erase(dropped.paths[l].begin() + 1);
    CheckResult r = check_solution(p, dropped, rules("flow"));
    EXPECT_FALSE(r.ok) << p.name;
    EXPECT_EQ(r.rule, "adjacency") << p.name << ": " << r.message;
    EXPECT_EQ(r.label, l);

    // Swap an interior cell of one path with one of a later path that is not next to its
    // predecessor: the first path jumps.
    bool swapped = false;
    for (std::size_t a = 0; a < good.paths.size() && !swapped; ++a)
        for (std::size_t b = a + 1; b < good.paths.size() && !swapped; ++b)
            for (std::size_t i = 1; i + 1 < good.paths[a].size() && !swapped; ++i)
                for (std::size_t j = 1; j + 1 < good.paths[b].size() && !swapped; ++j) {
                    if (p.adjacent(good.paths[a][i - 1], good.paths[b][j])) continue;
                    Solution bad = good;
                    std::swap(bad.paths[a][i], bad.paths[b][j]);
                    CheckResult s = check_solution(p, bad, rules("flow"));
                    EXPECT_FALSE(s.ok) << p.name;
                    EXPECT_EQ(s.rule, "adjacency") << p.name << ": " << s.message;
                    EXPECT_EQ(s.label, static_cast<int>(a)) << s.message;
                    swapped = true;
                }
    EXPECT_TRUE(swapped) << p.name << ": no two interior cells to swap";
}

TEST(CorpusNegative, BlankedMzuckerCellIsRejected) {
    REQUIRE_CORPUS();
    Puzzle p = only_puzzle("flow/mzucker/regular_9x9_01.txt");
    auto texts = read_solutions(at("flow/mzucker/solutions/regular_9x9_01.txt"), std::nullopt);
    ASSERT_EQ(texts.size(), 1u);
    ASSERT_EQ(verdict(p, texts[0], rules("flow")), "");
    CellId c = 0;
    while (c < p.cell_count() && (p.is_terminal(c) || p.is_blocked(c))) ++c;
    ASSERT_LT(c, p.cell_count());
    SolutionText blank = texts[0];
    blank.grid[c] = "";
    // The solutions never touch themselves, so one blank cell cuts its path in two: no rules
    // accept the grid, and the matcher already says so.
    const std::string why = verdict(p, blank, rules("flow"));
    EXPECT_NE(why, "") << "blanking " << format_cell(p, c) << " went unnoticed";
    EXPECT_NE(why.find("do not form one path"), std::string::npos) << why;
    EXPECT_NE(verdict(p, blank, rules("nikoli")), "");
}

TEST(CorpusNegative, DetourFailsTheTouchRule) {
    REQUIRE_CORPUS();
    // No corpus solution touches itself, so make one from the first level-pack board: where a
    // label A runs a-b beside a label B's c-d (a 2x2 square), drop B and let A detour a-c-d-b.
    // Then a and b are adjacent but not consecutive: fine under nikoli rules, not under adc.
    auto entries = puzzles_of("flow/levelpacks/levelpack_1.txt");
    ASSERT_FALSE(entries.empty());
    const Puzzle& p = entries[0].puzzle;
    ASSERT_TRUE(entries[0].solution.has_value());
    const auto& paths = entries[0].solution->paths;
    for (std::size_t A = 0; A < paths.size(); ++A)
        for (std::size_t B = 0; B < paths.size(); ++B)
            for (std::size_t i = 0; A != B && i + 1 < paths[A].size(); ++i)
                for (std::size_t j = 0; j + 1 < paths[B].size(); ++j) {
                    const CellId a = paths[A][i], b = paths[A][i + 1];
                    const CellId c = paths[B][j], d = paths[B][j + 1];
                    if (!p.adjacent(a, c) || !p.adjacent(b, d)) continue;
                    Puzzle q = p;
                    q.labels.erase(q.labels.begin() + B);
                    finalize(q);
                    Solution s{paths};
                    s.paths[A].insert(s.paths[A].begin() + i + 1, {c, d});
                    s.paths.erase(s.paths.begin() + B);
                    CheckResult nikoli = check_solution(q, s, rules("nikoli"));
                    EXPECT_TRUE(nikoli.ok) << p.name << ": " << nikoli.message;
                    CheckResult adc = check_solution(q, s, rules("adc"));
                    EXPECT_FALSE(adc.ok) << p.name << ": the detour went unnoticed";
                    EXPECT_EQ(adc.rule, "touch") << p.name << ": " << adc.message;
                    EXPECT_EQ(adc.label, static_cast<int>(A > B ? A - 1 : A)) << adc.message;
                    return;
                }
    ADD_FAILURE() << p.name << ": no two paths run side by side";
}
