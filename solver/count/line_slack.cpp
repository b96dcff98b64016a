// See line_slack.hpp.
#include "solver/count/line_slack.hpp"
#include "solver/count/unary_sum.hpp"

#include <algorithm>
#include <climits>

namespace nl {

std::vector<int> line_distances(const Puzzle& p, CellId from, const std::vector<char>& obstacle) {
    std::vector<int> dist(p.cell_count(), INT_MAX);
    std::vector<CellId> queue{from};
    dist[from] = 0;
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const CellId c = queue[head];
        for (CellId n : p.neighbours(c)) {
            if (obstacle[n] || dist[n] != INT_MAX) continue;
            dist[n] = dist[c] + 1;
            queue.push_back(n);
        }
    }
    return dist;
}

std::vector<char> line_obstacles(const Puzzle& p, int label) {
    std::vector<char> obstacle(p.cell_count(), 0);
    for (CellId c = 0; c < p.cell_count(); ++c) obstacle[c] = p.is_blocked(c) || p.is_terminal(c);
    obstacle[p.labels[label].ends[0]] = obstacle[p.labels[label].ends[1]] = 0;
    return obstacle;
}

void add_not_label(const Encoding& enc, CellId c, int l, std::vector<int>& clause) {
    if (enc.coding == LabelCoding::Binary) {
        for (int k = 0; k < enc.value_bits; ++k) {
            const int bit = enc.value_base[c] + k;
            clause.push_back((l >> k) & 1 ? -bit : bit);
        }
        return;
    }
    clause.push_back(-(enc.value_base[c] + l));
}

std::vector<int> turn_back_clause(const Puzzle& p, Encoding& enc, int l, CellId c, const std::vector<int>& from_a,
                                  const std::vector<char>& obstacle) {
    std::vector<int> clause{-used_var(p, enc, c)};
    add_not_label(enc, c, l, clause);
    for (CellId n : p.neighbours(c))
        if (!obstacle[n] && from_a[n] != INT_MAX && from_a[n] == from_a[c] + 1)
            clause.push_back(enc.edges[enc.edge_between(c, n)].var);
    return clause;
}

namespace {

// The counters hold a clause per line and cell (two on bipartite boards): past this many pairs
// (a 72x72x8 ADC board with 100 lines is 4 M) they would cost more memory and propagation than
// a proof that far out of reach can use, so such boards get the total-length bound alone.
constexpr long kMaxLineCells = 2000000;

// The turn-backs of line l: t true when a used cell c carries l and has no used link to a
// neighbour farther from the line's first end (then both its links go nearer: a local maximum
// of the distance along the path). Appends one variable per cell where that can happen.
void add_turn_backs(const Puzzle& p, Encoding& enc, int l, const std::vector<int>& from_a,
                    const std::vector<char>& obstacle, std::vector<int>& turn_backs) {
    for (CellId c = 0; c < p.cell_count(); ++c) {
        if (obstacle[c] || p.is_terminal(c) || from_a[c] == INT_MAX) continue;
        std::vector<int> clause = turn_back_clause(p, enc, l, c, from_a, obstacle);
        const int t = enc.cnf.new_vars(1);
        clause.push_back(t);
        enc.cnf.add(clause);
        turn_backs.push_back(t);
    }
}

}  // namespace

LineSlack::LineSlack(const Puzzle& p, Encoding& enc, int cap, bool bipartite) {
    if (cap < 1 || !p.bridges.empty() || p.labels.empty()) return;
    if (static_cast<long>(p.labels.size()) * p.cell_count() > kMaxLineCells) return;
    std::vector<std::vector<int>> parts, turn_backs;
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
        const CellId a = p.labels[l].ends[0], b = p.labels[l].ends[1];
        const std::vector<char> obstacle = line_obstacles(p, l);
        const std::vector<int> from_a = line_distances(p, a, obstacle), from_b = line_distances(p, b, obstacle);
        if (from_a[b] == INT_MAX) return;  // no solution at all: nothing to bound
        shortest_total_ += from_a[b] + 1;
        std::vector<int> unary(cap);
        const int first = enc.cnf.new_vars(cap);
        for (int k = 0; k < cap; ++k) unary[k] = first + k;
        for (int k = 1; k < cap; ++k) enc.cnf.add({-unary[k], unary[k - 1]});
        for (CellId c = 0; c < p.cell_count(); ++c) {
            if (obstacle[c] || p.is_terminal(c)) continue;
            const bool reachable = from_a[c] != INT_MAX && from_b[c] != INT_MAX;
            const long excess = reachable ? static_cast<long>(from_a[c]) + from_b[c] - from_a[b] : cap;
            if (excess <= 0) continue;
            std::vector<int> clause{-used_var(p, enc, c)};
            add_not_label(enc, c, l, clause);
            clause.push_back(unary[std::min<long>(excess, cap) - 1]);
            enc.cnf.add(clause);
        }
        parts.push_back(std::move(unary));
        if (bipartite) {
            std::vector<int> mine;
            add_turn_backs(p, enc, l, from_a, obstacle, mine);
            for (int t : mine) turn_backs.push_back({t});
        }
    }
    at_least_ = add_unary_sum(enc.cnf, parts, cap);
    if (bipartite) turn_backs_at_least_ = add_unary_sum(enc.cnf, turn_backs, (cap - 1) / 2 + 1);
    counted_ = true;
}

std::vector<int> LineSlack::at_most(long slack) const {
    std::vector<int> assume;
    if (slack >= 0 && slack < static_cast<long>(at_least_.size())) assume.push_back(-at_least_[slack]);
    const long turns = slack / 2;
    if (slack >= 0 && turns < static_cast<long>(turn_backs_at_least_.size()))
        assume.push_back(-turn_backs_at_least_[turns]);
    return assume;
}

}  // namespace nl
