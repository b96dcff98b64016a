// Length and bends of a solution; see quality.hpp.
#include "core/quality.hpp"

namespace nl {

Quality solution_quality(const Puzzle&, const Solution& s) {
    Quality q;
    for (const auto& path : s.paths) {
        q.length += static_cast<long>(path.size());
        // Consecutive cells differ by a fixed id step per direction (+-1, +-width, +-layer), so
        // a bend is a change of that step.
        for (std::size_t i = 1; i + 1 < path.size(); ++i)
            q.bends += path[i] - path[i - 1] != path[i + 1] - path[i];
    }
    return q;
}

}  // namespace nl
