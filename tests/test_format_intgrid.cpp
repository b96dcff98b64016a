// Integer grids: the three layouts, label rules, solution grids, the writer, and the huy1711 /
// nguacon90 corpus (three of whose files are malformed on purpose).
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <sstream>

#include "core/format_readers.hpp"

using namespace nl;

namespace {

// The SAT4J Numberlink solver's sample, with its label-count line.
const std::string kSeed =
    "5 5\n4\n0 0 0 3 0\n0 4 0 1 0\n0 0 2 0 0\n0 4 0 3 2\n0 1 0 0 0\n";

Puzzle read_one(const std::string& text, Rules rules = {}) {
    auto entries = detail::read_intgrid(text_from_string("t.txt", text), rules);
    EXPECT_EQ(entries.size(), 1u);
    return entries.at(0).puzzle;
}

void expect_error(const std::string& text, int line, const std::string& part) {
    try {
        read_one(text);
        ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
        EXPECT_EQ(e.line, line) << e.message;
        EXPECT_NE(e.message.find(part), std::string::npos) << e.message;
    }
}

std::array<CellId, 2> ends(const Puzzle& p, int x0, int y0, int x1, int y1) {
    return {p.cell(x0, y0), p.cell(x1, y1)};
}

std::vector<std::string> names(const Puzzle& p) {
    std::vector<std::string> out;
    for (const Label& l : p.labels) out.push_back(l.name);
    return out;
}

std::string written(const Puzzle& p) {
    std::ostringstream out;
    detail::write_intgrid(out, p);
    return out.str();
}

std::string corpus_dir() { return std::string(NUMBERLINK_SOURCE_DIR) + "/../shared/corpus"; }

}  // namespace

TEST(IntgridRead, HeaderWithLabelCount) {
    const Rules adc{false, false};
    auto entries = detail::read_intgrid(text_from_string("t.txt", kSeed), adc);
    ASSERT_EQ(entries.size(), 1u);
    const Puzzle& p = entries[0].puzzle;
    EXPECT_EQ(entries[0].line, 1);
    EXPECT_FALSE(entries[0].solution);
    EXPECT_EQ(p.name, "t.txt:1");
    EXPECT_EQ(p.rules, adc);
    EXPECT_EQ(p.width, 5);
    EXPECT_EQ(p.height, 5);
    EXPECT_EQ(names(p), (std::vector<std::string>{"1", "2", "3", "4"}));
    EXPECT_EQ(p.labels[0].ends, ends(p, 3, 1, 1, 4));
    EXPECT_EQ(p.labels[2].ends, ends(p, 3, 0, 3, 3));
}

TEST(IntgridRead, HeaderWithoutLabelCountAndRectangularBoard) {
    const Puzzle p = read_one("2 3\n\n1 0 2\n2 0 1\n");
    EXPECT_EQ(p.width, 3);
    EXPECT_EQ(p.height, 2);
    EXPECT_EQ(p.labels[1].ends, ends(p, 2, 0, 0, 1));
}

TEST(IntgridRead, BareGrid) {
    const Puzzle p = read_one("1 0 0\n0 0 1\n");
    EXPECT_EQ(p.width, 3);
    EXPECT_EQ(p.height, 2);
    EXPECT_EQ(p.labels[0].ends, ends(p, 0, 0, 2, 1));
    // Two numbers per line, but not "M 2" with M rows after it: a bare two-column grid.
    const Puzzle q = read_one("1 0\n0 1\n2 2\n");
    EXPECT_EQ(q.width, 2);
    EXPECT_EQ(q.height, 3);
    EXPECT_EQ(q.labels[1].ends, ends(q, 0, 2, 1, 2));
}

TEST(IntgridRead, SingleColumnBoardsCountLines) {
    const Puzzle with_k = read_one("3 1\n1\n1\n0\n1\n");  // K line and 3 rows
    EXPECT_EQ(with_k.height, 3);
    EXPECT_EQ(with_k.labels[0].ends, ends(with_k, 0, 0, 0, 2));
    const Puzzle without_k = read_one("4 1\n1\n0\n0\n1\n");  // 4 rows
    EXPECT_EQ(without_k.height, 4);
    EXPECT_EQ(without_k.labels[0].ends, ends(without_k, 0, 0, 0, 3));
}

TEST(IntgridRead, LabelsOrderedByNumber) {
    const Puzzle p = read_one("10 3 2 1\n1 2 3 10\n");
    EXPECT_EQ(names(p), (std::vector<std::string>{"1", "2", "3", "10"}));
}

TEST(IntgridErrors, LabelOccurrences) {
    expect_error("3 3\n1 0 1\n0 1 0\n2 0 2\n", 3, "label 1 appears a third time");
    expect_error("3 3\n1 0 1\n0 1 0\n2 0 2\n", 3, "before on lines 2 and 2");
    expect_error("3 3\n1 0 1\n0 0 0\n2 0 0\n", 4, "label 2 appears only once");
    expect_error("2 2\n2\n1 3\n1 3\n", 3, "label 3 is larger than the label count 2 given on line 2");
    expect_error("2 2\n3\n1 3\n1 3\n", 2, "label 2 does not appear");
    expect_error("1 0 -1\n", 1, "negative number -1");
    expect_error("1 0 x\n1 0 0\n", 1, "cell value 'x' is not a number");
}

TEST(IntgridErrors, Shape) {
    expect_error("2 3\n1 0 1\n2 2\n", 3, "row 2 has 2 numbers, but the header on line 1 says 3");
    expect_error("2 3\n1 0 1\n2 2 0\n0 0 0\n", 4, "row 3 is one too many");
    expect_error("3 3\n1 0 1\n2 2 0\n", 1, "the header says 3 rows, but only 2 follow");
    expect_error("1 0 1\n2 2\n", 2, "row 2 has 2 numbers, but row 1 has 3");
    expect_error("0 3\n1 0 1\n", 1, "at least 1x1");
    expect_error("2 x\n1 0 1\n", 1, "column count 'x' is not a number");
}

TEST(IntgridSolutions, ReadsGridsWithRepeatedNumbers) {
    auto sols = detail::read_intgrid_solutions(text_from_string("s.txt", "2 3\n2\n1 1 2\n0 1 2\n"));
    ASSERT_EQ(sols.size(), 1u);
    EXPECT_EQ(sols[0].name, "s.txt:1");
    EXPECT_EQ(sols[0].width, 3);
    EXPECT_EQ(sols[0].height, 2);
    EXPECT_EQ(sols[0].grid, (std::vector<std::string>{"1", "1", "2", "", "1", "2"}));
    auto bare = detail::read_intgrid_solutions(text_from_string("s.txt", "07 7\n0 0\n"));
    EXPECT_EQ(bare[0].grid, (std::vector<std::string>{"7", "7", "", ""}));
}

TEST(IntgridWrite, RoundTripsAndRenumbersLabels) {
    EXPECT_EQ(written(read_one(kSeed)), kSeed);
    Puzzle p = make_board(3, 2);
    p.labels = {{"B", {p.cell(0, 0), p.cell(2, 1)}}, {"A", {p.cell(1, 0), p.cell(1, 1)}}};
    finalize(p);
    const std::string out = written(p);
    EXPECT_EQ(out, "2 3\n2\n1 2 0\n0 2 1\n");
    const Puzzle q = read_one(out);
    EXPECT_EQ(q.width, 3);
    EXPECT_EQ(q.height, 2);
    EXPECT_EQ(q.labels[0].ends, p.labels[0].ends);
    EXPECT_EQ(q.labels[1].ends, p.labels[1].ends);
    const Puzzle column = read_one("3 1\n1\n0\n1\n");
    EXPECT_EQ(read_one(written(column)).labels[0].ends, column.labels[0].ends);
}

TEST(IntgridWrite, RejectsLayersAndBlockedCells) {
    Puzzle layered = make_board(2, 1, 2);
    layered.labels = {{"1", {0, 3}}};
    finalize(layered);
    EXPECT_THROW(written(layered), ModelError);
    Puzzle blocked = make_board(3, 1);
    blocked.blocked[1] = 1;
    finalize(blocked);
    EXPECT_THROW(written(blocked), ModelError);
}

TEST(IntgridCorpus, EveryFileParsesExceptTheThreeMalformed) {
    const std::string dir = corpus_dir() + "/intgrid";
    if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << "no corpus at " << dir;
    // file -> line and message of the expected error
    const std::map<std::string, std::pair<int, std::string>> malformed = {
        {"huy1711/15x15 2.in", {15, "label 16 is larger than the label count 15"}},
        {"huy1711/15x15 3.in", {9, "label 5 appears a third time"}},
        {"huy1711/15x15 8.in", {14, "label 9 appears a third time"}},
    };
    int parsed = 0, rejected = 0;
    for (const char* set : {"huy1711", "nguacon90"}) {
        for (const auto& f : std::filesystem::directory_iterator(dir + "/" + set)) {
            const std::string key = std::string(set) + "/" + f.path().filename().string();
            const std::string path = f.path().string();
            EXPECT_EQ(detect_format(load_text(path)), Format::Intgrid) << key;
            auto bad = malformed.find(key);
            if (bad == malformed.end()) {
                auto entries = read_puzzles(path, {});
                ASSERT_EQ(entries.size(), 1u) << key;
                EXPECT_GE(entries[0].puzzle.labels.size(), 2u) << key;
                ++parsed;
                continue;
            }
            try {
                read_puzzles(path, {});
                ADD_FAILURE() << "accepted malformed " << key;
            } catch (const InputError& e) {
                EXPECT_EQ(e.line, bad->second.first) << key << ": " << e.message;
                EXPECT_NE(e.message.find(bad->second.second), std::string::npos) << e.message;
                ++rejected;
            }
        }
    }
    EXPECT_EQ(parsed, 51);
    EXPECT_EQ(rejected, 3);
}
