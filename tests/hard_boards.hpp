// Test-only: boards that take the solver a long time, for timeout and interruption tests.
#pragma once

#include <string>

namespace nl::testing_boards {

// 36x32 under flow rules, 8 labels and 5 blocked dominoes, mostly empty (the small board the
// shrink engine makes of the huge-random bench set's board 13, seed 113): SAT finds no answer
// in 150 s (with speculation or without), and the route-and-fill engine gives up on it. Each label's ends lie on cells of different chessboard colours and the colour
// counts fit, so the parity argument (solver/board/parity.hpp) cannot decide it. (Sparse boards with
// two labels are no such test: SAT splices their detached loops into paths, solver/sat/merge_loops.hpp.)
// Ascii rows.
inline std::string slow_board() {
    return
        ".........................##.........\n"
        ".......##...........................\n"
        "....................................\n"
        "..........H.........................\n"
        "..................E.................\n"
        ".............................B......\n"
        "....................................\n"
        "......G.............................\n"
        "....................................\n"
        "................D...................\n"
        ".....................E..............\n"
        "....................................\n"
        ".......................C............\n"
        "....................................\n"
        "............C.......................\n"
        "....................................\n"
        "..##................................\n"
        "B...................................\n"
        ".....F..............................\n"
        "...........................##.......\n"
        "....................................\n"
        ".A..................................\n"
        "....................G...............\n"
        "....................................\n"
        "..............H.....................\n"
        "....................................\n"
        ".................................##.\n"
        "................................A...\n"
        "..............................F.....\n"
        "....................................\n"
        "......................D.............\n"
        "....................................\n";
}

}  // namespace nl::testing_boards
