// numberlink's public C++ API: counting solutions exactly (count_solutions_sat with CountOptions;
// max = 2 decides uniqueness), with the frontier engine (frontier.hpp) for exact counts of any
// size on one-layer boards.
#pragma once

#include "solver/count.hpp"
#include "solver/frontier.hpp"
