// SAT model -> paths. Only the edge variables matter: each path is traced from its label's first
// terminal along the true edges; edges not reached from any terminal form detached loops.
#pragma once

#include <string>
#include <vector>

#include "encoder/encoding.hpp"

namespace nl {

struct Decoded {
    Solution solution;
    // Cells of each detached loop (a connected set of used cells reached from no terminal).
    std::vector<std::vector<CellId>> loops;
    // Non-empty when the edges do not form paths between terminals (a model of a wrong
    // encoding): the caller reports an internal error.
    std::string problem;
};

// `edge_on[i]` is the value of edge i (Encoding::edges order).
Decoded decode_edges(const Puzzle& puzzle, const Encoding& encoding, const std::vector<char>& edge_on);

}  // namespace nl
