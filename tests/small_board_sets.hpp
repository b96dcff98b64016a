// Test-only: the corpus sets of small designed boards that the cheap searches (dfs.hpp,
// scan.hpp) are meant for, with the rules each is solved under (the batches of small puzzles they are tuned on).
#pragma once

#include <string>

#include "core/puzzle.hpp"

namespace nl::testing_sets {

struct SmallBoardSet {
    std::string file;  // under the corpus directory
    Rules rules;
};

inline const SmallBoardSet kSmallBoardSets[] = {{"arukone/janko_even.txt", Rules{true, false}},
                                                {"flow/levelpacks/levelpack_1.txt", Rules{true, true}},
                                                {"flow/levelpacks/levelpack_2.txt", Rules{true, true}}};

}  // namespace nl::testing_sets
