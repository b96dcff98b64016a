// An encoding's models against a set of solutions: both as sets of the encoding's edges, so a
// test can compare every model of a CNF with the oracle's solutions (test_corner_order.cpp,
// test_monotone.cpp).
#pragma once

#include <algorithm>
#include <set>
#include <vector>

#include "core/puzzle.hpp"
#include "encoder/encoding.hpp"
#include "solver/sat/sat_session.hpp"

namespace testing_models {

using EdgeSet = std::vector<int>;  // sorted indices into Encoding::edges

inline EdgeSet edge_set(const nl::Encoding& enc, const nl::Solution& s) {
    EdgeSet set;
    for (const auto& path : s.paths)
        for (std::size_t i = 0; i + 1 < path.size(); ++i) set.push_back(enc.edge_between(path[i], path[i + 1]));
    std::sort(set.begin(), set.end());
    return set;
}

// The edge sets of enc.cnf's models, each model blocked once found, until there are none left or
// more than `limit` edge sets (so a caller expecting `limit` sees one too many).
inline std::set<EdgeSet> model_edge_sets(const nl::Encoding& enc, std::size_t limit) {
    nl::SatSession sat;
    sat.add(enc.cnf);
    std::set<EdgeSet> models;
    while (models.size() <= limit && sat.solve({}, 0) == nl::SatResult::Sat) {
        EdgeSet set;
        std::vector<int> block;
        for (std::size_t e = 0; e < enc.edges.size(); ++e) {
            const bool on = sat.value(enc.edges[e].var);
            if (on) set.push_back(static_cast<int>(e));
            block.push_back(on ? -enc.edges[e].var : enc.edges[e].var);
        }
        models.insert(set);
        sat.add_clause(block);
    }
    return models;
}

}  // namespace testing_models
