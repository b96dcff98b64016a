// Test-only: boards that take the solver a long time, for timeout and interruption tests.
#pragma once

#include <string>

namespace nl::testing_boards {

// 40x20 under flow rules with two labels: the exact encoding (--no-speculate) does not solve it
// in seconds. Ascii rows.
inline std::string slow_board() {
    std::string rows;
    for (int y = 0; y < 20; ++y) rows += std::string(40, '.') + "\n";
    rows[0] = 'A';
    rows[41 * 19 + 39] = 'A';
    rows[41 * 5 + 7] = 'B';
    rows[41 * 14 + 30] = 'B';
    return rows;
}

}  // namespace nl::testing_boards
