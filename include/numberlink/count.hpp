// numberlink's public C++ API: counting solutions exactly, and uniqueness (CountOptions::max = 2),
// as `numberlink count` and `unique` do: count_with_engine (sat, search or frontier, with the
// SAT engine's exact fallbacks under a time limit). The engines alone: count_solutions_sat,
// count_solutions_frontier (exact counts of any size on one-layer boards).
#pragma once

#include "solver/count.hpp"
#include "solver/count_engine.hpp"
#include "solver/frontier.hpp"
