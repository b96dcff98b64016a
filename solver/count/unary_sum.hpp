// Sums of unary counters in CNF: the merge of a totalizer (Bailleux and Boufkhad 2003), used by
// the proved minimum length for its bound on the total (min_length.cpp) and on the lines' slack
// (line_slack.cpp).
#pragma once

#include <span>
#include <vector>

#include "encoder/encoding.hpp"

namespace nl {

// Sums unary numbers: each part is sorted, parts[i][k] forced true whenever part i is at least
// k + 1. Returns out, capped at `cap`, with out[k] forced true whenever the sum is at least k + 1
// (k < cap). Each node of the tree joins its halves: a true "at least i" on the left and "at
// least j" on the right force "at least i + j" (i + j <= cap); when the sum exceeds cap, some
// such pair sums to exactly cap, so the top output is forced too. Only this forcing direction is
// encoded: it is all an upper bound ("out[k] must stay false") needs.
std::vector<int> add_unary_sum(Cnf& cnf, std::span<const std::vector<int>> parts, int cap);

}  // namespace nl
