// numberlink's public C++ API: the random puzzle generator (generate_one, generate_many), with
// uniqueness repair under any preset.
#pragma once

#include "generator/generate.hpp"
