// Counting one part of a split, and merging the parts (the argument is in split_count.hpp).
#include "solver/count/split_count.hpp"

#include <algorithm>
#include <chrono>

#include "core/errors.hpp"

namespace nl {

PartCount count_part(const Puzzle& puzzle, Rules rules, const std::vector<Cube>& cubes, CountOptions options) {
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&start] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    options.local_moves = false;
    const double timeout = options.sat.timeout;
    const long max = options.max;
    PartCount out;
    for (const Cube& cube : cubes) {
        CountOptions one = options;
        one.fixed_links = cube_links(cube);
        one.max = max > 0 ? max - out.count : 0;
        one.keep = options.keep > out.solutions.size() ? options.keep - out.solutions.size() : 0;
        if (timeout > 0) {
            one.sat.timeout = timeout - elapsed();
            if (one.sat.timeout <= 0) {
                out.stop = StopReason::Timeout;
                break;
            }
        }
        CountResult counted = count_solutions_sat(puzzle, rules, one);
        for (Solution& s : counted.solutions) {
            if (!solution_in_cube(s, cube)) throw InternalError(puzzle.name + ": a solution lies outside its cube");
            out.solutions.push_back(std::move(s));
        }
        out.count += counted.count;
        if (counted.timed_out) {
            out.stop = counted.stop;
            break;
        }
        if (max > 0 && out.count >= max) {
            out.capped = true;
            break;
        }
    }
    out.seconds = elapsed();
    return out;
}

CountResult merge_part_counts(const std::vector<std::optional<PartCount>>& parts, long max, std::size_t keep,
                              std::vector<std::size_t>& open_parts) {
    CountResult out;
    open_parts.clear();
    StopReason first_stop = StopReason::None;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::optional<PartCount>& part = parts[i];
        if (!part || part->stop != StopReason::None) {
            open_parts.push_back(i);
            if (first_stop == StopReason::None) first_stop = part ? part->stop : StopReason::Timeout;
        }
        if (!part) continue;
        out.count += part->count;
        out.stats.solve_seconds += part->seconds;  // the parts' total time
        for (const Solution& s : part->solutions)
            if (out.solutions.size() < keep) out.solutions.push_back(s);
    }
    if (max > 0 && out.count >= max) {
        out.count = max;
        out.capped = true;
    } else if (!open_parts.empty()) {
        out.stop = first_stop;
        out.timed_out = true;
    }
    if (!out.timed_out && out.count == 0) out.stats.unsolvable_reason = "split: no part has a solution";
    return out;
}

}  // namespace nl
