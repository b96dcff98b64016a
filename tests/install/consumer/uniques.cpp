// uniques: solves every puzzle of the files given, says whether its solution is unique, and
// prints it. The example of docs/library.md, built against the installed library by the tests.
#include <iostream>
#include <numberlink/numberlink.hpp>
#include <numberlink/render.hpp>

int main(int argc, char** argv) {
    const nl::Rules rules = *nl::rules_from_name("flow");
    int unique = 0;
    try {
        for (int i = 1; i < argc; ++i) {
            for (const nl::PuzzleEntry& entry : nl::read_puzzles(argv[i], nl::ReadOptions{})) {
                const nl::Puzzle& puzzle = entry.puzzle;
                nl::EngineOptions options;
                options.sat.timeout = 10;  // seconds
                const nl::EngineResult solved = nl::solve_puzzle(puzzle, rules, options);
                std::cout << puzzle.name << ": " << solved.status;
                if (solved.status == "solved") {
                    nl::CountOptions count;
                    count.max = 2;  // two solutions are enough to say "multiple"
                    count.sat.timeout = 10;
                    const nl::CountResult n = nl::count_with_engine(puzzle, rules, nl::CountEngine::Sat, count);
                    const bool exact = !n.timed_out;
                    std::cout << ", " << (!exact ? "no verdict" : n.count == 1 ? "unique" : "multiple");
                    unique += exact && n.count == 1;
                    std::cout << '\n';
                    nl::write_puzzle(std::cout, nl::Format::Grid, puzzle, &solved.solution);
                    const std::string svg = nl::render::svg_picture(puzzle, &solved.solution, nl::render::SvgOptions{});
                    std::cout << "svg " << svg.size() << " bytes\n";
                } else {
                    std::cout << '\n';
                }
            }
        }
    } catch (const nl::InputError& e) {
        std::cerr << "uniques: " << e.what() << '\n';
        return 2;
    }
    std::cout << unique << " unique\n";
    return 0;
}
