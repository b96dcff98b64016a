// The text records of solve, unique and count: what the commands print for one puzzle in grid
// output (and solve's -q line and machine formats), built here beside the JSON records
// (records.hpp) so that every front end that prints text prints the same lines.
#pragma once

#include <ostream>
#include <string>

#include "core/formats.hpp"
#include "frontend/records.hpp"

namespace nl::frontend {

// Seconds with three decimals ("0.125"), as every record prints them.
std::string seconds_text(double seconds);

struct SolveTextOptions {
    Format format = Format::Grid;
    bool quiet = false;        // -q: one line "name status seconds vars clauses engine", after
                               // --optimize with length=, bends=, bound= (and optimal=) fields
    bool stats = false;        // --stats: the engines' statistics under the status line
    bool color = false;        // colour in grid output
    bool cross_check = false;  // --cross-check: the engines' verdicts under the status line
};

// Writes solve's record of one puzzle: the JSON line, the -q line, a machine format's solution
// (the status of an unsolved puzzle then goes to `err`, so that standard output stays pure), or
// the status line with its statistics. Returns true when the record is a solved grid whose
// solution is still to be written (the command line may animate it): write_puzzle in grid format.
bool write_solve_text(std::ostream& out, std::ostream& err, const Puzzle& puzzle, const SolveOutcome& outcome,
                      const SolveTextOptions& options);

// unique's record in grid output: "NAME: verdict (aside)", and unless `quiet` the solution
// found (when stopped) or both solutions with the differing cells and `picture` (when multiple).
void write_unique_text(std::ostream& out, const Puzzle& puzzle, const CountResult& result, bool quiet, bool color,
                       const std::string& picture);

// count's record in grid output: "NAME: [at least ]N solution(s) (aside)", and with `all` (unless
// `quiet`) every solution found.
void write_count_text(std::ostream& out, const Puzzle& puzzle, const CountResult& result, bool all, bool quiet,
                      bool color);

}  // namespace nl::frontend
