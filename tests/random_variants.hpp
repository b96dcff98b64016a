// Test-only: seeded random small boards of every variant (hex cells, warps, walls, bridges,
// cells outside a shaped board, and mixtures), so a failure reproduces from the printed seed.
#pragma once

#include <algorithm>
#include <string>

#include "core/errors.hpp"
#include "random_boards.hpp"

namespace nl::testing_boards {

enum class VariantKind { Hex, Warps, Walls, Bridges, Shape, SquareMix, HexMix };
inline constexpr VariantKind kVariantKinds[] = {VariantKind::Hex,     VariantKind::Warps,     VariantKind::Walls,
                                                VariantKind::Bridges, VariantKind::Shape,     VariantKind::SquareMix,
                                                VariantKind::HexMix};

inline const char* variant_kind_name(VariantKind k) {
    static const char* const names[] = {"hex", "warps", "walls", "bridges", "shape", "square-mix", "hex-mix"};
    return names[static_cast<int>(k)];
}

// A random board of the given kind, sides in [min_side, max_side], 1..max_labels labels; redrawn
// until finalize() accepts it (a drawn warp may join neighbours, a wall may repeat, ...).
inline Puzzle random_variant_puzzle(Rng& rng, VariantKind kind, int min_side, int max_side, int max_labels) {
    const bool hex = kind == VariantKind::Hex || kind == VariantKind::HexMix;
    const bool mix = kind == VariantKind::SquareMix || kind == VariantKind::HexMix;
    const bool warps = kind == VariantKind::Warps || mix, walls = kind == VariantKind::Walls || mix;
    const bool bridges = kind == VariantKind::Bridges || kind == VariantKind::SquareMix;
    const bool shape = kind == VariantKind::Shape || mix;
    for (;;) {
        const int span = max_side - min_side + 1;
        Puzzle p = make_board(min_side + rng.below(span), min_side + rng.below(span));
        p.name = std::string("random ") + variant_kind_name(kind);
        if (hex) p.geometry = Geometry::Hex;
        const int n = p.grid_cells();
        for (CellId c = 0; c < n; ++c) {
            const int r = rng.below(10);
            if (r == 0) p.blocked[c] = kCellBlocked;
            else if (shape && r <= 2) p.blocked[c] = kCellOutside;
        }
        auto free_cell = [&] {
            for (int tries = 0; tries < 20; ++tries) {
                const CellId c = rng.below(n);
                if (!p.blocked[c] && std::find(p.bridges.begin(), p.bridges.end(), c) == p.bridges.end()) return c;
            }
            return kNoCell;
        };
        if (bridges)
            for (int k = 1 + rng.below(2); k > 0; --k)
                if (CellId c = free_cell(); c != kNoCell) p.bridges.push_back(c);
        if (warps)
            for (int k = 1 + rng.below(2); k > 0; --k) {
                const CellId a = free_cell(), b = free_cell();
                if (a != kNoCell && b != kNoCell) p.warps.push_back({a, b});
            }
        if (walls)
            for (int k = 1 + rng.below(3); k > 0; --k) {
                const CellId a = rng.below(n);
                CellId around[8];
                const int m = grid_neighbours(p, a, around);
                if (m > 0) p.walls.push_back({a, around[rng.below(m)]});
            }
        if (!place_random_labels(rng, p, max_labels)) continue;
        try {
            finalize(p);
        } catch (const ModelError&) {
            continue;  // e.g. a warp between neighbours or drawn twice: draw again
        }
        return p;
    }
}

}  // namespace nl::testing_boards
