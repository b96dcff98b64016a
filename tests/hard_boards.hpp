// Test-only: boards that take the solver a long time, for timeout and interruption tests.
#pragma once

#include <string>

namespace nl::testing_boards {

// 40x20 under flow rules with two labels: the exact encoding (--no-speculate) does not solve it
// in seconds (measured: no answer within 5 s; with speculation 0.8 s). Each label's ends lie on
// cells of different chessboard colours, so the parity argument (solver/parity.hpp) cannot
// decide it: the board it replaces (B at [30, 14]) was slow only because SAT had to prove it
// unsolvable, which parity now does at once. Ascii rows.
inline std::string slow_board() {
    std::string rows;
    for (int y = 0; y < 20; ++y) rows += std::string(40, '.') + "\n";
    rows[0] = 'A';
    rows[41 * 18 + 39] = 'A';
    rows[41 * 5 + 7] = 'B';
    rows[41 * 14 + 31] = 'B';
    return rows;
}

}  // namespace nl::testing_boards
