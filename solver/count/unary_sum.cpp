// See unary_sum.hpp.
#include "solver/count/unary_sum.hpp"

#include <algorithm>

namespace nl {

std::vector<int> add_unary_sum(Cnf& cnf, std::span<const std::vector<int>> parts, int cap) {
    if (parts.empty()) return {};
    if (parts.size() == 1) return parts[0];
    const std::size_t half = parts.size() / 2;
    const std::vector<int> left = add_unary_sum(cnf, parts.first(half), cap);
    const std::vector<int> right = add_unary_sum(cnf, parts.subspan(half), cap);
    const int m = std::min<int>(static_cast<int>(left.size() + right.size()), cap);
    if (m <= 0) return {};
    const int first = cnf.new_vars(m);
    for (int i = 0; i <= static_cast<int>(left.size()); ++i)
        for (int j = 0; j <= static_cast<int>(right.size()) && i + j <= m; ++j) {
            if (i + j == 0) continue;
            std::vector<int> clause;
            if (i > 0) clause.push_back(-left[i - 1]);
            if (j > 0) clause.push_back(-right[j - 1]);
            clause.push_back(first + i + j - 1);
            cnf.add(clause);
        }
    std::vector<int> out(m);
    for (int k = 0; k < m; ++k) out[k] = first + k;
    return out;
}

}  // namespace nl
