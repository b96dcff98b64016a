// The subcommands, one file each (cmd_*.cpp).
#pragma once

#include <string>
#include <vector>

namespace nl::app {

using Args = std::vector<std::string>;

int run_info(const Args& args);
int run_check(const Args& args);
int run_convert(const Args& args);
int run_solve(const Args& args);
int run_encode(const Args& args);
int run_decode(const Args& args);
int run_unique(const Args& args);
int run_count(const Args& args);
int run_render(const Args& args);
int run_generate(const Args& args);
int run_jump(const Args& args);
int run_run_part(const Args& args);
int run_merge(const Args& args);
int run_serve(const Args& args);

struct Command {
    const char* name;
    const char* summary;
    int (*run)(const Args&);
};

inline constexpr Command kCommands[] = {
    {"solve", "solve puzzles exactly (SAT), every answer checked", run_solve},
    {"unique", "does each puzzle have exactly one solution? (exact)", run_unique},
    {"count", "count (or list) the distinct solutions of each puzzle", run_count},
    {"generate", "random puzzles with their solutions, optionally proved unique", run_generate},
    {"info", "size, layers, labels, blocked cells and rules of each puzzle", run_info},
    {"check", "validate solutions against puzzles under the rules", run_check},
    {"convert", "convert puzzles (and their solutions) between formats", run_convert},
    {"render", "draw puzzles and solutions as SVG or PNG pictures", run_render},
    {"encode", "write a puzzle's exact CNF (DIMACS) for any SAT solver", run_encode},
    {"decode", "read a SAT solver's answer to an encoded CNF, check and print it", run_decode},
    {"serve", "the puzzle editor in the browser and a JSON API, on a local address", run_serve},
    {"run-part", "count the solutions in parts of a split count (count/unique --split)", run_run_part},
    {"merge", "the exact count or verdict of a split count from its parts' answers", run_merge},
    {"jump", "count, list or find the jump puzzle's tours (Hamiltonian paths)", run_jump},
};

}  // namespace nl::app
