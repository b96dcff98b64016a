// numberlink's public C++ API: reading and writing puzzles and solutions in every format the
// command line knows (ascii, intgrid, levelpack, adc, stream, paths, json): read_puzzles (a file,
// "-" for standard input, or text_from_string), write_puzzle.
#pragma once

#include "core/formats.hpp"
