// DIMACS export and solver answers: the header that maps variables to the puzzle, the model
// reader on both answer formats and on malformed answers, and the whole round trip through the
// real `cryptominisat5` program (encode -> solve -> decode -> check), skipped when it is absent.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_fixture.hpp"
#include "core/errors.hpp"
#include "core/formats.hpp"
#include "decoder/model_reader.hpp"
#include "encoder/dimacs.hpp"

using namespace nl;
namespace fs = std::filesystem;

namespace {

const std::string kSource = NUMBERLINK_SOURCE_DIR;

Puzzle load(const std::string& relative, std::optional<Rules> rules = std::nullopt) {
    return read_puzzles(kSource + "/" + relative, {std::nullopt, rules}).at(0).puzzle;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<std::string> with_prefix(const std::vector<std::string>& lines, const std::string& prefix) {
    std::vector<std::string> out;
    for (const auto& l : lines)
        if (l.rfind(prefix, 0) == 0) out.push_back(l.substr(prefix.size()));
    return out;
}

std::string dimacs_of(const Puzzle& p, const Encoding& e) {
    std::ostringstream out;
    write_dimacs(out, p, e);
    return out.str();
}

Model parse_model(const std::string& text, int max_var = 0) {
    std::istringstream in(text);
    return read_model(in, "m.out", max_var);
}

// Expects read_model to fail with "m.out:LINE: ..." containing `word`.
void expect_model_error(const std::string& text, int line, const std::string& word) {
    try {
        parse_model(text, 100);
        ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
        EXPECT_EQ(e.file, "m.out");
        EXPECT_EQ(e.line, line) << e.what();
        EXPECT_NE(std::string(e.what()).find(word), std::string::npos) << e.what();
    }
}

}  // namespace

// ---- header ----

TEST(DimacsHeader, LinesAndCountsMatchTheEncoding) {
    const Puzzle p = load("puzzles/ascii/five.txt");
    const Encoding e = encode_exact(p, p.rules, LabelCoding::OneHot, Exactness::Models);
    const auto lines = lines_of(dimacs_of(p, e));
    ASSERT_GE(lines.size(), 6u);
    EXPECT_EQ(lines[0], "c numberlink dimacs 1");
    EXPECT_EQ(lines[1], "c numberlink puzzle " + p.name + " 5x5x1");
    EXPECT_EQ(lines[2], "c numberlink rules flow");
    EXPECT_EQ(lines[3], "c numberlink coding onehot 4");
    EXPECT_EQ(lines[4], "c numberlink exact models");
    EXPECT_EQ(lines[5], "c numberlink counts edges 40 labels 4 cells 25");

    const auto labels = with_prefix(lines, "c numberlink label ");
    ASSERT_EQ(labels.size(), 4u);
    EXPECT_EQ(labels[0], "0 R 0 0 0 3 4 0");
    EXPECT_EQ(labels[3], "3 B 2 3 0 0 4 0");

    // Edge variables 1..E in Encoding::edges order, with both cells.
    const auto edges = with_prefix(lines, "c numberlink edge ");
    ASSERT_EQ(edges.size(), e.edges.size());
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const Coord a = p.coord(e.edges[i].a), b = p.coord(e.edges[i].b);
        std::ostringstream want;
        want << i + 1 << ' ' << a.x << ' ' << a.y << ' ' << a.z << ' ' << b.x << ' ' << b.y << ' ' << b.z;
        EXPECT_EQ(edges[i], want.str());
        EXPECT_EQ(e.edges[i].var, static_cast<int>(i) + 1);
    }
    const auto cells = with_prefix(lines, "c numberlink cell ");
    ASSERT_EQ(cells.size(), 25u);
    EXPECT_EQ(cells[0], "0 0 0 " + std::to_string(e.value_base[0]));

    // The problem line, then exactly the clauses of the encoding.
    std::size_t problem = 0;
    while (problem < lines.size() && lines[problem].rfind("p ", 0) != 0) ++problem;
    ASSERT_LT(problem, lines.size());
    for (std::size_t i = 0; i < problem; ++i) EXPECT_EQ(lines[i].rfind("c ", 0), 0u) << lines[i];
    EXPECT_EQ(lines[problem], "p cnf " + std::to_string(e.cnf.num_vars) + " " + std::to_string(e.cnf.num_clauses));
    EXPECT_EQ(lines.size() - problem - 1, e.cnf.num_clauses);
    std::vector<int> literals;
    for (std::size_t i = problem + 1; i < lines.size(); ++i) {
        std::istringstream in(lines[i]);
        for (int lit; in >> lit;) literals.push_back(lit);
        EXPECT_EQ(literals.back(), 0) << lines[i];
    }
    EXPECT_EQ(literals, e.cnf.literals);
}

TEST(DimacsHeader, BinaryCodingLayersAndRules) {
    const Puzzle p = load("puzzles/adc/layers.txt");
    const Encoding e = encode_exact(p, p.rules, LabelCoding::Binary, Exactness::Models);
    const auto lines = lines_of(dimacs_of(p, e));
    EXPECT_EQ(lines[1], "c numberlink puzzle " + p.name + " 3x3x2");
    EXPECT_EQ(lines[2], "c numberlink rules adc");
    EXPECT_EQ(lines[3], "c numberlink coding binary 1");
    EXPECT_EQ(with_prefix(lines, "c numberlink label ")[0], "0 1 0 0 0 2 2 1");
    EXPECT_EQ(with_prefix(lines, "c numberlink edge ").size(), e.edges.size());
    EXPECT_TRUE(with_prefix(lines, "c numberlink guard ").empty());  // exact: no speculation
}

TEST(DimacsHeader, EdgeVariablesDoNotDependOnOptions) {
    const Puzzle p = load("puzzles/ascii/five.txt");
    const Encoding a = encode_exact(p, Rules{true, true}, LabelCoding::OneHot, Exactness::Models);
    const Encoding b = encode_exact(p, Rules{false, false}, LabelCoding::Binary, Exactness::Models);
    ASSERT_EQ(a.edges.size(), b.edges.size());
    for (std::size_t i = 0; i < a.edges.size(); ++i) {
        EXPECT_EQ(a.edges[i].a, b.edges[i].a);
        EXPECT_EQ(a.edges[i].b, b.edges[i].b);
        EXPECT_EQ(a.edges[i].var, b.edges[i].var);
    }
}

TEST(DimacsHeader, NamesAreEscapedIntoOneField) {
    EXPECT_EQ(dimacs_escape("R"), "R");
    EXPECT_EQ(dimacs_escape("a b\\c"), "a\\x20b\\x5cc");
    EXPECT_EQ(dimacs_escape("\xc3\xa9"), "\\xc3\\xa9");
    const std::string json =
        R"({"name":"x","width":3,"height":1,"labels":[{"name":"my line","ends":[[0,0],[2,0]]}]})";
    const Puzzle p = read_puzzles(text_from_string("sp ace.jsonl", json), {}).at(0).puzzle;
    const auto lines = lines_of(dimacs_of(p, encode_exact(p, p.rules, LabelCoding::Auto, Exactness::Answer)));
    EXPECT_EQ(lines[1], "c numberlink puzzle sp\\x20ace.jsonl:1 3x1x1");
    EXPECT_EQ(with_prefix(lines, "c numberlink label ")[0], "0 my\\x20line 0 0 0 2 0 0");
}

TEST(DimacsHeader, LabelCodingNames) {
    EXPECT_EQ(label_coding_from_name("auto"), LabelCoding::Auto);
    EXPECT_EQ(label_coding_from_name("onehot"), LabelCoding::OneHot);
    EXPECT_EQ(label_coding_from_name("binary"), LabelCoding::Binary);
    EXPECT_FALSE(label_coding_from_name("unary"));
}

// ---- model reader ----

TEST(ModelReader, CompetitionFormat) {
    const Model m = parse_model("c CryptoMiniSat\nc more\n\ns SATISFIABLE\nv 1 -2\nv 3 -4 0\n");
    EXPECT_EQ(m.status, ModelStatus::Sat);
    EXPECT_EQ(m.max_var(), 4);
    EXPECT_TRUE(m.value(1));
    EXPECT_FALSE(m.value(2));
    EXPECT_TRUE(m.assigned(2));
    EXPECT_TRUE(m.value(3));
    EXPECT_FALSE(m.assigned(5));
    EXPECT_EQ(parse_model("s UNSATISFIABLE\n").status, ModelStatus::Unsat);
    EXPECT_EQ(parse_model("c x\ns UNKNOWN\n").status, ModelStatus::Unknown);
    EXPECT_EQ(parse_model("s INDETERMINATE\n").status, ModelStatus::Unknown);
    // Tabs, CRLF, a comment after the model, a variable repeated with the same sign.
    const Model t = parse_model("s SATISFIABLE\r\nv\t-1 2 2\t0\r\nc done\r\n");
    EXPECT_EQ(t.max_var(), 2);
    EXPECT_FALSE(t.value(1));
    EXPECT_TRUE(t.value(2));
}

TEST(ModelReader, MinisatFormat) {
    const Model m = parse_model("SAT\n-1 2 -3 0\n");
    EXPECT_EQ(m.status, ModelStatus::Sat);
    EXPECT_EQ(m.max_var(), 3);
    EXPECT_TRUE(m.value(2));
    EXPECT_FALSE(m.value(3));
    EXPECT_EQ(parse_model("UNSAT\n").status, ModelStatus::Unsat);
    EXPECT_EQ(parse_model("INDET\n").status, ModelStatus::Unknown);
    EXPECT_EQ(parse_model("SAT\n1 2\n3 0\n").max_var(), 3);  // several lines are accepted
}

TEST(ModelReader, MalformedAnswersNameTheLine) {
    expect_model_error("", 0, "no status line");
    expect_model_error("c only comments\n", 0, "no status line");
    expect_model_error("hello\n", 1, "not a SAT solver answer");
    expect_model_error("c x\nv 1 0\n", 2, "before the status line");
    expect_model_error("s SATISFIED\n", 1, "unknown status");
    expect_model_error("s SATISFIABLE\ns SATISFIABLE\n", 2, "second status");
    expect_model_error("s SATISFIABLE\nv 1 x2 0\n", 2, "bad literal 'x2'");
    expect_model_error("s SATISFIABLE\nv 1 +2 0\n", 2, "bad literal");
    expect_model_error("s SATISFIABLE\nv 1 2\nv 3\n", 3, "does not end with 0");
    expect_model_error("s SATISFIABLE\nv 1 0 2\n", 2, "after the final 0");
    expect_model_error("s SATISFIABLE\nv 1 0\nv 2 0\n", 3, "after the final 0");
    expect_model_error("s SATISFIABLE\nv 1 2\nv -1 0\n", 3, "both values");
    expect_model_error("s SATISFIABLE\nv 1 101 0\n", 2, "beyond the 100 variables of the CNF");
    expect_model_error("s SATISFIABLE\nv 99999999999999999999 0\n", 2, "bad literal");
    expect_model_error("s UNSATISFIABLE\nv 1 0\n", 2, "not SATISFIABLE");
    expect_model_error("s SATISFIABLE\nx 1 0\n", 2, "expected 'c', 's' or 'v'");
    expect_model_error("UNSAT\n1 0\n", 2, "after the status line");
    expect_model_error("SAT\n1 2\n", 2, "does not end with 0");
    expect_model_error("SAT\n1 a 0\n", 2, "bad literal");
    expect_model_error("s SATISFIABLE\nv 1 \x01 0\n", 2, "binary data");
}

TEST(ModelReader, FilesAndMissingFiles) {
    const fs::path dir = fs::path(testing::TempDir());
    const fs::path file = dir / "nl_model_reader_test.out";
    std::ofstream(file) << "s SATISFIABLE\nv -1 2 0\n";
    EXPECT_TRUE(read_model(file.string()).value(2));
    fs::remove(file);
    try {
        read_model(file.string());
        ADD_FAILURE() << "missing file accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.file, file.string());
        EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos) << e.what();
    }
}

// ---- end to end through cryptominisat5 ----

namespace {

struct Proc {
    int code = -1;
    std::string out, err;
};

using nl::testing_cli::contains;
using nl::testing_cli::slurp;

class DimacsEndToEnd : public testing::Test {
   protected:
    void SetUp() override {
        if (std::system("command -v cryptominisat5 >/dev/null 2>&1") != 0)
            GTEST_SKIP() << "cryptominisat5 is not on PATH (Debian package 'cryptominisat')";
        std::string pattern = (fs::path(testing::TempDir()) / "nl_dimacs_XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        root_ = pattern;
    }
    void TearDown() override {
        if (!root_.empty()) fs::remove_all(root_);
    }

    // Runs a shell command in the source directory (puzzle paths as in the README).
    Proc sh(const std::string& command) const {
        const fs::path out = root_ / "stdout", err = root_ / "stderr";
        const std::string cmd = "cd '" + kSource + "' && { " + command + " ; } </dev/null >'" + out.string() +
                                "' 2>'" + err.string() + "'";
        const int status = std::system(cmd.c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
    }
    Proc nl(const std::string& args) const { return sh(std::string("'") + NUMBERLINK_BINARY + "' " + args); }
    std::string path(const std::string& name) const {  // += : GCC 12 warns falsely on operator+ (bug 105329)
        std::string quoted = "'";
        quoted += (root_ / name).string();
        quoted += '\'';
        return quoted;
    }

    // encode PUZZLE -> x.cnf, cryptominisat5 -> x.out; returns the solver's exit code.
    int solve(const std::string& puzzle, const std::string& options, const std::string& solver_options = "") {
        const Proc enc = nl("encode " + puzzle + " " + options + " -o " + path("x.cnf"));
        EXPECT_EQ(enc.code, 0) << enc.err;
        EXPECT_TRUE(contains(enc.out, "-> ")) << enc.out;
        return sh("cryptominisat5 " + solver_options + " " + path("x.cnf") + " >" + path("x.out")).code;
    }

    // decode the answer (`options`: --index, --rules, --labels as given to encode) and check what
    // it printed with `numberlink check` (`check_args`: the puzzle file and --rules).
    void expect_solved(const std::string& puzzle, const std::string& options, const std::string& check_args,
                       const std::string& model = "x.out") {
        const Proc dec = nl("decode " + puzzle + " " + path(model) + " " + options + " --output paths -o " +
                            path("x.paths"));
        ASSERT_EQ(dec.code, 0) << puzzle << ": " << dec.err;
        EXPECT_EQ(dec.out, "");
        const Proc check = nl("check " + check_args + " " + path("x.paths"));
        EXPECT_EQ(check.code, 0) << check.out << check.err;
        EXPECT_TRUE(contains(check.out, "1 valid, 0 invalid")) << check.out;
    }

    fs::path root_;
};

}  // namespace

TEST_F(DimacsEndToEnd, SolvablePuzzlesDecodeToValidSolutions) {
    for (const std::string puzzle : {"puzzles/ascii/five.txt", "puzzles/adc/layers.txt", "puzzles/adc/five.txt",
                                     "puzzles/ascii/blocked.txt"}) {
        for (const std::string rules : {"", "--rules nikoli"}) {
            for (const std::string labels : {"", "--labels onehot", "--labels binary"}) {
                SCOPED_TRACE(puzzle + " " + rules + " " + labels);
                ASSERT_EQ(solve(puzzle, rules + " " + labels), 10);  // default verbosity: many 'c' lines
                expect_solved(puzzle, rules + " " + labels, puzzle + " " + rules);
            }
        }
    }
    ASSERT_EQ(solve("puzzles/ascii/five.txt", "--rules strict", "--verb 0"), 10);
    expect_solved("puzzles/ascii/five.txt", "--rules strict", "puzzles/ascii/five.txt --rules strict");
}

TEST_F(DimacsEndToEnd, UnsolvablePuzzle) {
    ASSERT_EQ(solve("puzzles/ascii/touch.txt", "--rules strict", "--verb 0"), 20);
    const Proc dec = nl("decode puzzles/ascii/touch.txt " + path("x.out") + " --rules strict");
    EXPECT_EQ(dec.code, 1) << dec.err;
    EXPECT_EQ(dec.out, "puzzles/ascii/touch.txt:1: unsolvable\n");
    // Under flow rules the same puzzle has a solution.
    ASSERT_EQ(solve("puzzles/ascii/touch.txt", "", "--verb 0"), 10);
    expect_solved("puzzles/ascii/touch.txt", "", "puzzles/ascii/touch.txt");
}

// The second ends of two labels of a generated board swapped (the boards of `scripts/bench --set
// swapped-flow`, smaller): a ':'-free ASCII board, labels chosen by `seed`.
static std::string swap_second_ends(std::string board, int seed) {
    std::string labels;
    for (char c : board)
        if (c != '.' && c != '\n' && labels.find(c) == std::string::npos) labels += c;
    const int n = static_cast<int>(labels.size());
    if (n < 2) return board;
    const int a = seed % n, b = (a + 1 + (seed / n) % (n - 1)) % n;
    const std::size_t second_a = board.find(labels[a], board.find(labels[a]) + 1);
    const std::size_t second_b = board.find(labels[b], board.find(labels[b]) + 1);
    std::swap(board[second_a], board[second_b]);
    return board;
}

// On such boards the whole pipeline's verdict, under flow and nikoli rules, is the verdict of
// both standalone solvers on the exported CNF, and CaDiCaL's models decode to checked solutions.
TEST_F(DimacsEndToEnd, SwappedBoardsAgreeWithBothSolverBinaries) {
    if (std::system("command -v cadical >/dev/null 2>&1") != 0)
        GTEST_SKIP() << "cadical is not on PATH (Debian package 'cadical')";
    int solvable = 0, unsolvable = 0;
    for (int seed = 1; seed <= 12; ++seed) {
        const Proc gen = nl("generate --size 9x9 --no-blocked --min-paths 8 --max-paths 10 --count 1 --seed " +
                            std::to_string(seed) + " --output ascii");
        ASSERT_EQ(gen.code, 0) << gen.err;
        std::ofstream(root_ / "b.txt") << swap_second_ends(gen.out, seed);
        for (const std::string rules : {"flow", "nikoli"}) {
            SCOPED_TRACE("seed " + std::to_string(seed) + " rules " + rules + "\n" + slurp(root_ / "b.txt"));
            const Proc ours = nl("solve --rules " + rules + " --timeout 60 --output json " + path("b.txt"));
            const bool solved = contains(ours.out, "\"status\":\"solved\"");
            ASSERT_TRUE(solved || contains(ours.out, "\"status\":\"unsolvable\"")) << ours.out << ours.err;
            (solved ? solvable : unsolvable) += 1;
            ASSERT_EQ(nl("encode " + path("b.txt") + " --rules " + rules + " -o " + path("x.cnf")).code, 0);
            EXPECT_EQ(sh("cryptominisat5 --verb 0 " + path("x.cnf") + " >" + path("x.out")).code, solved ? 10 : 20);
            EXPECT_EQ(sh("cadical -q " + path("x.cnf") + " >" + path("y.out")).code, solved ? 10 : 20);
            if (solved) expect_solved(path("b.txt"), "--rules " + rules, path("b.txt") + " --rules " + rules, "y.out");
        }
    }
    // Both verdicts come up, or the comparison shows little.
    EXPECT_GT(solvable, 2);
    EXPECT_GT(unsolvable, 2);
}

TEST_F(DimacsEndToEnd, MinisatResultFileAndStandardInput) {
    ASSERT_EQ(solve("puzzles/adc/layers.txt", "", "--verb 0 --dumpresult " + path("x.minisat")), 10);
    EXPECT_EQ(slurp(root_ / "x.minisat").rfind("SAT\n", 0), 0u);
    expect_solved("puzzles/adc/layers.txt", "", "puzzles/adc/layers.txt", "x.minisat");
    const Proc piped = sh("cryptominisat5 --verb 0 " + path("x.cnf") + " | '" + NUMBERLINK_BINARY +
                         "' decode puzzles/adc/layers.txt - --output json");
    EXPECT_EQ(piped.code, 0) << piped.err;
    EXPECT_TRUE(contains(piped.out, "\"status\":\"solved\"")) << piped.out;
}

TEST_F(DimacsEndToEnd, SeveralPuzzlesNeedIndex) {
    const Proc no_index = nl("encode puzzles/stream/two.txt -o " + path("x.cnf"));
    EXPECT_EQ(no_index.code, 2);
    EXPECT_TRUE(contains(no_index.err, "--index")) << no_index.err;
    const Proc out_of_range = nl("encode puzzles/stream/two.txt --index 3");
    EXPECT_EQ(out_of_range.code, 2);
    EXPECT_TRUE(contains(out_of_range.err, "holds 2 puzzles")) << out_of_range.err;
    EXPECT_FALSE(fs::exists(root_ / "x.cnf"));
    ASSERT_EQ(solve("puzzles/stream/two.txt", "--index 2", "--verb 0"), 10);
    std::ofstream(root_ / "second.txt") << ".A#\n.#B\nA#B\n";  // the second puzzle of two.txt
    expect_solved("puzzles/stream/two.txt", "--index 2", path("second.txt"));
    // The CNF goes to standard output without -o.
    const Proc stdout_cnf = nl("encode puzzles/stream/two.txt --index 2");
    EXPECT_EQ(stdout_cnf.code, 0);
    EXPECT_EQ(stdout_cnf.out, slurp(root_ / "x.cnf"));
}

TEST_F(DimacsEndToEnd, AnswersThatDoNotFitAreBadInput) {
    ASSERT_EQ(solve("puzzles/ascii/five.txt", "--labels onehot", "--verb 0"), 10);
    const std::string model = slurp(root_ / "x.out");
    // Decoded with other options: the variables do not match.
    const Proc other = nl("decode puzzles/ascii/five.txt " + path("x.out") + " --labels binary");
    EXPECT_EQ(other.code, 2) << other.err;
    EXPECT_EQ(other.out, "");
    // Too few variables.
    std::ofstream(root_ / "few.out") << "s SATISFIABLE\nv 1 -2 3 0\n";
    const Proc few = nl("decode puzzles/ascii/five.txt " + path("few.out") + " --labels onehot");
    EXPECT_EQ(few.code, 2);
    EXPECT_TRUE(contains(few.err, "unassigned")) << few.err;
    // One edge flipped: a clause of the CNF is false.
    const auto v = model.find("v ") + 2;  // the first literal
    const bool negative = model[v] == '-';
    std::ofstream(root_ / "flip.out") << model.substr(0, v) << (negative ? "" : "-") << model.substr(v + negative);
    const Proc flip = nl("decode puzzles/ascii/five.txt " + path("flip.out") + " --labels onehot");
    EXPECT_EQ(flip.code, 2) << flip.err;
    EXPECT_TRUE(contains(flip.err, "falsifies clause")) << flip.err;
    // Unknown, and a malformed answer.
    std::ofstream(root_ / "unknown.out") << "s UNKNOWN\n";
    const Proc unknown = nl("decode puzzles/ascii/five.txt " + path("unknown.out"));
    EXPECT_EQ(unknown.code, 1);
    EXPECT_TRUE(contains(unknown.out, "unknown")) << unknown.out;
    std::ofstream(root_ / "bad.out") << "s SATISFIABLE\nv 1 two 0\n";
    const Proc bad = nl("decode puzzles/ascii/five.txt " + path("bad.out"));
    EXPECT_EQ(bad.code, 2);
    EXPECT_TRUE(contains(bad.err, "bad.out:2: bad literal 'two'")) << bad.err;
}

// Where empty cells are allowed, the default '--exact answer' CNF leaves out the acyclicity
// ordering: a model may hold a loop detached from every terminal, and decode drops it. Forcing
// such a loop into the CNF (unit clauses on its six edges) shows both sides: the answer CNF stays
// satisfiable and decodes to a valid solution; the models CNF has no model with a loop.
TEST_F(DimacsEndToEnd, DetachedLoopsAnswerVersusModels) {
    std::ofstream(root_ / "loop.txt") << "A....A\n......\n......\n";
    const std::string puzzle = path("loop.txt");
    // The loop around the 2x3 block at x 0..2, y 1..2 (a 2x2 loop is excluded by every encoding).
    const std::vector<std::string> loop_edges = {"0 1 0 1 1 0", "1 1 0 2 1 0", "2 1 0 2 2 0",
                                                 "1 2 0 2 2 0", "0 2 0 1 2 0", "0 1 0 0 2 0"};
    for (const std::string exact : {"answer", "models"}) {
        SCOPED_TRACE(exact);
        const Proc enc = nl("encode " + puzzle + " --rules nikoli --exact " + exact + " -o " + path("x.cnf"));
        ASSERT_EQ(enc.code, 0) << enc.err;
        std::string cnf = slurp(root_ / "x.cnf");
        EXPECT_TRUE(contains(cnf, "c numberlink exact " + exact + "\n"));
        // Unit clauses for the loop's edges, read off the header.
        std::string units;
        for (const std::string& cells : loop_edges) {
            const auto at = cnf.find(" " + cells + "\n");
            ASSERT_NE(at, std::string::npos) << cells;
            const auto line = cnf.rfind("c numberlink edge ", at);
            units += cnf.substr(line + 18, at - line - 18) + " 0\n";
        }
        const auto p = cnf.find("p cnf ");
        std::istringstream problem(cnf.substr(p + 6));
        long vars = 0, clauses = 0;
        problem >> vars >> clauses;
        const auto end = cnf.find('\n', p);
        cnf = cnf.substr(0, p) + "p cnf " + std::to_string(vars) + " " + std::to_string(clauses + 6) +
              cnf.substr(end) + units;
        std::ofstream(root_ / "loop.cnf") << cnf;
        const int code = sh("cryptominisat5 --verb 0 " + path("loop.cnf") + " >" + path("loop.out")).code;
        if (exact == "models") {
            EXPECT_EQ(code, 20);  // no model holds a detached loop
            continue;
        }
        ASSERT_EQ(code, 10);
        // The model is one of the unchanged CNF too (it satisfies a superset of its clauses).
        expect_solved(puzzle, "--rules nikoli --exact answer", puzzle + " --rules nikoli", "loop.out");
        // Against the models CNF it is an answer to another CNF (its variables differ): exit 2.
        EXPECT_EQ(nl("decode " + puzzle + " " + path("loop.out") + " --rules nikoli --exact models").code, 2);
    }
}
