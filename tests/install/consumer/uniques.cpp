// uniques: solves every puzzle of the files given, says whether its solution is unique, and
// prints and draws it. The example of docs/library.md, built against the installed library by
// the tests.
#include <iostream>
#include <numberlink/numberlink.hpp>
#include <numberlink/render.hpp>

namespace nk = numberlink;

int main(int argc, char** argv) {
    int unique = 0;
    try {
        for (int i = 1; i < argc; ++i) {
            for (const nk::Entry& entry : nk::read_file(argv[i])) {
                const nk::Puzzle& puzzle = entry.puzzle;
                nk::SolveOptions options;
                options.limits.timeout = 10;  // seconds
                const nk::SolveResult solved = nk::solve(puzzle, options);
                std::cout << puzzle.name() << ": " << nk::status_name(solved.status);
                if (solved.status != nk::Status::Solved) {
                    std::cout << '\n';
                    continue;
                }
                nk::CountOptions count;
                count.limits.timeout = 10;
                const nk::UniqueResult u = nk::unique(puzzle, count);
                std::cout << ", " << nk::uniqueness_name(u.verdict) << '\n';
                unique += u.verdict == nk::Uniqueness::Unique;
                nk::write(std::cout, nk::Format::Grid, puzzle, &*solved.solution);
                std::cout << "svg " << nk::svg(puzzle, &*solved.solution).size() << " bytes\n";
            }
        }
    } catch (const nk::InputError& e) {
        std::cerr << "uniques: " << e.what() << '\n';
        return 2;
    }
    std::cout << unique << " unique\n";
    return 0;
}
