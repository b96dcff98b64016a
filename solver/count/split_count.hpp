// A count split into parts (cubes.hpp): counting one part's cubes, and merging the parts' counts
// into the count of the whole puzzle.
//
// The merge is exact because the cubes of a split cover every solution exactly once (cubes.hpp):
// the puzzle's count is the sum of the cubes' counts. With a cap M (unique: 2), a part stops at
// M (its count then says "at least M" of the whole), and the whole is capped at M as soon as the
// parts' counts add up to M, whatever the parts still open: so `unique` says multiple as soon as
// two solutions are found in any parts. A part that stopped short (time, memory, Ctrl-C) leaves
// the whole open unless the cap is reached: its count is then a lower bound.
#pragma once

#include <optional>
#include <vector>

#include "core/puzzle.hpp"
#include "solver/count/count.hpp"
#include "solver/count/cubes.hpp"

namespace nl {

// One part's answer: the sum over its cubes (capped at options.max), the solutions kept (each
// checked and in its cube), and why it stopped short, if it did.
struct PartCount {
    long count = 0;
    bool capped = false;
    StopReason stop = StopReason::None;
    double seconds = 0;
    std::vector<Solution> solutions;  // at most options.keep
};

// Counts the solutions of `puzzle` in `cubes` with the SAT enumeration (options.local_moves is
// turned off: a solution's rewrite may lie in another part). options.sat.timeout is the whole
// part's. Throws InternalError when a solution found is not in its cube.
PartCount count_part(const Puzzle& puzzle, Rules rules, const std::vector<Cube>& cubes, CountOptions options);

// The whole puzzle's count from its parts' answers (nullopt: that part has no answer yet, which
// leaves the count open like a part that stopped). `max` is the split's cap (0: none), `keep`
// the solutions to keep. The result is timed_out, with the first stopped part's reason (Timeout
// for a part with no answer), when it is open; `open_parts` receives the 0-based indices of the
// parts without a finished answer.
CountResult merge_part_counts(const std::vector<std::optional<PartCount>>& parts, long max, std::size_t keep,
                              std::vector<std::size_t>& open_parts);

}  // namespace nl
