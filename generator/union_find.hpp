// Disjoint sets over 0..n-1 with union by rank and path compression (Tarjan). The union-find
// generator's findset() looks one parent up instead of walking to the root, so two cells of one long path
// can report different sets; find() here always returns the root.
#pragma once

#include <cstdint>
#include <vector>

namespace nl::gen {

struct UnionFind {
    std::vector<std::int32_t> parent;
    std::vector<std::uint8_t> rank;

    explicit UnionFind(int n = 0);
    void reset(int n);
    std::int32_t find(std::int32_t x);  // the root of x's set; compresses the path walked
    // Joins the sets of a and b; returns the new root (the root of the higher rank).
    std::int32_t unite(std::int32_t a, std::int32_t b);
    bool same(std::int32_t a, std::int32_t b) { return find(a) == find(b); }
};

}  // namespace nl::gen
