// The ADC quality figures of a solution: the total length of its lines and their bends. The ADC
// scores a correct answer by 1 / (length + bends) (since 2015), so both are reported beside
// every answer (solve --stats and JSON output).
#pragma once

#include "core/puzzle.hpp"

namespace nl {

struct Quality {
    long length = 0;  // cells covered by the lines, endpoints included
    long bends = 0;   // cells where a line changes direction (a layer change counts as one)
};

Quality solution_quality(const Puzzle& puzzle, const Solution& solution);

}  // namespace nl
