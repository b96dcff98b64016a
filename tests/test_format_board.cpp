// The board format's mistakes in a label's ends: reported at the line of the label's own end,
// in the words the ascii reader uses for the same mistake, so that a file reads the same
// whatever its format. (The variants the format carries: tests/test_variants.cpp.)
#include <gtest/gtest.h>

#include <string>

#include "core/errors.hpp"
#include "core/formats.hpp"

using namespace nl;

namespace {

// The InputError reading `text` in `format` gives (file "t.txt"); fails the test when none.
InputError error_of(const std::string& text, Format format) {
    try {
        read_puzzles(text_from_string("t.txt", text), {format, {}});
    } catch (const InputError& e) {
        return e;
    }
    ADD_FAILURE() << "no error for:\n" << text;
    return InputError("", 0, "");
}

TEST(BoardFormat, AOneEndedLabelIsReportedAtItsOwnLine) {
    // B's only end is on the third line of the file (the second row of the board).
    const InputError e = error_of("board 3x3\nA..\n..B\n..A\n", Format::Board);
    EXPECT_EQ(e.file, "t.txt");
    EXPECT_EQ(e.line, 3) << e.what();
    EXPECT_EQ(e.message, "label B appears only once; each label needs two endpoints");
}

TEST(BoardFormat, AOneEndedLabelOfALaterBoardIsAtItsLineToo) {
    // Comments before, a first board that is fine, then a second whose C has one end.
    const InputError e = error_of("# two boards\nboard 2x1\nAA\nboard 3x2\n#.C\n...\n", Format::Board);
    EXPECT_EQ(e.line, 5) << e.what();
    EXPECT_EQ(e.message, "label C appears only once; each label needs two endpoints");
}

TEST(BoardFormat, SaysWhatTheAsciiReaderSaysAtTheSameLine) {
    // The same rows in both formats: the board's header shifts every line by one.
    const std::string one_end = "A..\n...\nB.A\n", third = "A.A\n...\n.A.\n";
    for (const std::string& rows : {one_end, third}) {
        const InputError ascii = error_of(rows, Format::Ascii);
        const InputError board = error_of("board 3x3\n" + rows, Format::Board);
        EXPECT_EQ(board.message, ascii.message) << rows;
        EXPECT_EQ(board.line, ascii.line + 1) << rows;
    }
    EXPECT_EQ(error_of("board 3x3\n" + third, Format::Board).message,
              "label A appears a third time (at [1, 2]); each label has exactly two endpoints");
}

TEST(BoardFormat, ABoardWhoseLabelsAllHaveTwoEndsReads) {
    const auto entries = read_puzzles(text_from_string("t.txt", "board 3x2\nA.B\nA.B\n"), {Format::Board, {}});
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(entries[0].puzzle.labels.size(), 2u);
}

}  // namespace
