#include "generator/union_find.hpp"

#include <numeric>

namespace nl::gen {

UnionFind::UnionFind(int n) { reset(n); }

void UnionFind::reset(int n) {
    parent.resize(static_cast<std::size_t>(n));
    std::iota(parent.begin(), parent.end(), 0);
    rank.assign(static_cast<std::size_t>(n), 0);
}

std::int32_t UnionFind::find(std::int32_t x) {
    std::int32_t root = x;
    while (parent[root] != root) root = parent[root];
    while (parent[x] != root) {  // second pass: point everything walked straight at the root
        const std::int32_t next = parent[x];
        parent[x] = root;
        x = next;
    }
    return root;
}

std::int32_t UnionFind::unite(std::int32_t a, std::int32_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return a;
    if (rank[a] < rank[b]) std::swap(a, b);
    parent[b] = a;
    if (rank[a] == rank[b]) ++rank[a];
    return a;
}

}  // namespace nl::gen
