// How an engine that cuts a puzzle into parts (tight, shrink, layers) has a part solved: through
// the whole pipeline, handed in by its caller as a function, so that the engine does not depend
// on the pipeline that runs it (solver/pipeline/engine.hpp, pipeline_part_solver).
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>

#include "core/puzzle.hpp"
#include "solver/base/attempt.hpp"
#include "solver/base/budget.hpp"

namespace nl {

struct PartLimits {
    double timeout = 0;  // seconds, 0: none
    const std::atomic<bool>* interrupt = nullptr;
    std::size_t max_memory = 0;
    bool tight = true;  // false: the part has no tight part of its own worth a look

    // `timeout` seconds under the interrupt flag and memory cap of the engine's `budget`.
    static PartLimits within(const Budget& budget, double timeout) {
        PartLimits limits;
        limits.timeout = timeout;
        limits.interrupt = budget.interrupt;
        limits.max_memory = budget.max_memory;
        return limits;
    }
};

struct PartAnswer {
    Verdict status = Verdict::Unknown;
    Solution solution;   // when solved: passed the checker
};

using SolvePart = std::function<PartAnswer(const Puzzle& part, Rules rules, const PartLimits& limits)>;

}  // namespace nl
