// numberlink's public C++ API: the puzzle model. A Puzzle is a board (width x height x layers,
// blocked cells, an adjacency graph that also expresses ADC vias) with labelled terminals; a
// Solution is one path (a list of cell ids) per label; Rules are the four presets (fill x touch:
// flow, nikoli, adc, strict). Errors the library reports about input are nl::InputError (file,
// line, what is wrong); a bug is nl::InternalError.
#pragma once

#include "core/errors.hpp"
#include "core/puzzle.hpp"
