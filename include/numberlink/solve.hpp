// numberlink's public C++ API: solving one puzzle with the engines of `numberlink solve`
// (solve_puzzle with EngineOptions: auto, sat, wall, search, route; timeout, interrupt flag and
// memory cap in EngineOptions::sat). Every "solved" answer has passed the checker; every
// "unsolvable" comes from an exact method.
#pragma once

#include "solver/engine.hpp"
#include "solver/solve.hpp"
