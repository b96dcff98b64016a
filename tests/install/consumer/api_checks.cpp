// api_checks: every call of the public API, built against the installed headers alone, on
// boards whose answers are worked out by hand below (not by the library). Prints one line per
// check and exits 1 when any fails.
#include <cstdlib>
#include <iostream>
#include <numberlink/numberlink.hpp>
#include <set>
#include <sstream>
#include <string>
#include <tuple>

namespace nk = numberlink;

namespace {

int failures = 0;

void expect(bool ok, const std::string& what) {
    std::cout << (ok ? "ok   " : "FAIL ") << what << '\n';
    failures += !ok;
}

// Each row is forced: A's only free neighbour is (1,0), and any step down from it runs into B's
// or C's endpoints or into (1,2), C's only way out of (0,2). One solution: the three rows.
const char* kRows = "A.A\nB.B\nC.C\n";
// Corner to corner of a 4x4 board: both ends dark on a chessboard, so the path has one more dark
// cell than light ones and cannot cover the 8 + 8 cells. Unsolvable under fill rules only.
const char* kParity = "A...\n....\n....\n...A\n";
// Corner to corner of a 3x3 board, every cell covered: the first step fixes the snake, so two
// solutions; each touches itself at (0,0)-(0,1), so none under strict rules.
const char* kCorners = "A..\n...\n..A\n";

nk::Puzzle read(const char* text, nk::Rules rules = nk::Rules::Flow) {
    nk::ReadOptions o;
    o.rules = rules;
    return nk::read_text(text, o).at(0).puzzle;
}

bool neighbours(nk::Cell a, nk::Cell b) {
    return a.z == b.z && std::abs(a.x - b.x) + std::abs(a.y - b.y) == 1;
}

// A plain-grid flow solution, checked here rather than by the library: each path joins its
// label's endpoints through neighbouring cells, no cell is used twice, every open cell is used.
bool valid_flow_solution(const nk::Puzzle& p, const nk::Solution& s) {
    const auto labels = p.labels();
    if (s.paths.size() != labels.size()) return false;
    std::set<std::tuple<int, int, int>> used;
    for (std::size_t l = 0; l < labels.size(); ++l) {
        const auto& cells = s.paths[l].cells;
        if (cells.size() < 2) return false;
        const nk::Cell a = labels[l].ends[0], b = labels[l].ends[1];
        if (!((cells.front() == a && cells.back() == b) || (cells.front() == b && cells.back() == a))) return false;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (p.blocked(cells[i]) || !used.insert({cells[i].x, cells[i].y, cells[i].z}).second) return false;
            if (i > 0 && !neighbours(cells[i - 1], cells[i])) return false;
        }
    }
    int open = 0;
    for (int y = 0; y < p.height(); ++y)
        for (int x = 0; x < p.width(); ++x) open += !p.blocked({x, y, 0});
    return static_cast<int>(used.size()) == open;
}

void read_and_write() {
    const nk::Puzzle p = read(kRows);
    expect(p.width() == 3 && p.height() == 3 && p.labels().size() == 3, "read_text: a 3x3 board, 3 labels");
    expect(nk::write(nk::Format::Ascii, p) == kRows, "write ascii gives the text back");
    std::ostringstream cnf;
    nk::write_dimacs(cnf, p);
    expect(cnf.str().find("c numberlink label 2 C 0 2 0 2 2 0\n") != std::string::npos &&
               cnf.str().find("\np cnf ") != std::string::npos,
           "write_dimacs: the CNF and its map of labels");
    try {
        nk::read_text("A..\n", {}, "bad.txt");
        expect(false, "read_text refuses a label with one endpoint");
    } catch (const nk::InputError& e) {
        expect(e.file == "bad.txt", "read_text refuses a label with one endpoint, naming the file");
    }
}

void solve_and_check() {
    const nk::Puzzle rows = read(kRows);
    const nk::SolveResult r = nk::solve(rows);
    expect(r.status == nk::Status::Solved && r.solution &&
               nk::write(nk::Format::Grid, rows, &*r.solution) == "AAA\nBBB\nCCC\n",
           "solve finds the forced rows");
    const nk::SolveResult parity = nk::solve(read(kParity));
    expect(parity.status == nk::Status::Unsolvable && !parity.unsolvable_reason.empty(),
           "solve proves the parity board unsolvable: " + parity.unsolvable_reason);
    expect(nk::solve(read(kParity, nk::Rules::Nikoli)).status == nk::Status::Solved,
           "the parity board without the fill rule is solved");
    nk::Solution wrong{{{"A", {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}}, {"B", {{0, 1, 0}, {1, 1, 0}, {2, 1, 0}}},
                        {"C", {{0, 2, 0}, {2, 2, 0}}}}};  // C jumps over (1,2)
    const nk::CheckResult c = nk::check(rows, wrong);
    expect(!c.ok && c.rule == "adjacency", "check rejects a path that jumps: " + c.message);
    wrong.paths[2].cells.insert(wrong.paths[2].cells.begin() + 1, nk::Cell{1, 2, 0});
    expect(nk::check(rows, wrong).ok, "check accepts the mended solution");
}

void count_and_unique() {
    for (const char* engine : {"sat", "search"}) {
        nk::CountOptions o;
        o.engine = engine;
        const nk::CountResult flow = nk::count(read(kCorners), o);
        expect(flow.exact() && flow.count == 2, std::string("count (") + engine + "): the two snakes");
        const nk::CountResult strict = nk::count(read(kCorners, nk::Rules::Strict), o);
        expect(strict.exact() && strict.count == 0, std::string("count (") + engine + "): none under strict rules");
    }
    expect(nk::unique(read(kRows)).verdict == nk::Uniqueness::Unique, "unique: the rows");
    expect(nk::unique(read(kCorners)).verdict == nk::Uniqueness::Multiple, "unique: the snakes are multiple");
    expect(nk::unique(read(kParity)).verdict == nk::Uniqueness::None, "unique: the parity board has none");
}

void generate() {
    nk::GenerateOptions o;
    o.width = 5;
    o.height = 5;
    o.count = 2;
    o.unique = true;
    const nk::GenerateResult g = nk::generate(o);
    expect(g.status == nk::GenerateStatus::Done && g.puzzles.size() == 2, "generate makes two puzzles");
    for (const nk::Entry& e : g.puzzles) {
        expect(e.solution && valid_flow_solution(e.puzzle, *e.solution), "a generated puzzle's solution is valid");
        nk::CountOptions search;
        search.engine = "search";  // the exhaustive search, not the generator's SAT proof
        expect(nk::count(e.puzzle, search).count == 1, "a generated puzzle is unique");
    }
}

}  // namespace

int main() {
    try {
        read_and_write();
        solve_and_check();
        count_and_unique();
        generate();
    } catch (const std::exception& e) {
        std::cout << "FAIL exception: " << e.what() << '\n';
        return 1;
    }
    if (failures) return 1;
    std::cout << "api_checks: all passed\n";
    return 0;
}
