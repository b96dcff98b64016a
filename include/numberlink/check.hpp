// numberlink's public C++ API: the independent checker every answer goes through
// (check_solution), and the quality measures of a solution (length, bends).
#pragma once

#include "core/checker.hpp"
#include "core/quality.hpp"
