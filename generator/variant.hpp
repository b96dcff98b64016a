// The empty board a puzzle is generated on, for each Flow Free variant: the plain
// grid, hexagons, a grid with warps, a grid with bridges, or a shaped (non-rectangular) grid.
// The board is an ordinary Puzzle without labels (core/puzzle.hpp), so the generator grows its
// paths on the board's graph and needs no other knowledge of the variant: hex cells are six
// neighbours, a warp one more edge, a bridge two lanes, a cell outside the board no node at all.
//
// What is drawn at random, from the puzzle's own stream (so a seed gives the same board):
//  - warp: `warps` extra edges, each a wrapped row or column (its two end cells joined through
//    the border) or a pair of border cells on different sides of the board; no cell is the end
//    of two warps;
//  - bridges: `bridges` cells away from the border (a lane needs a cell on each side), kept
//    apart from each other while possible;
//  - shape: notches cut from the corners (at most a third of each side, so the board stays
//    connected) and sometimes a hole inside, at least one cell from everything else;
//  - square and hex draw nothing (so a plain board takes no random numbers here, and a seed
//    gives the same puzzles whether or not variants exist).
// The generator then insists that the solution uses every warp and both lanes of every bridge
// (generate.cpp), so no part of the board is decoration.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/puzzle.hpp"
#include "generator/rng.hpp"

namespace nl::gen {

enum class Variant { Square, Hex, Warp, Bridges, Shape };

inline constexpr std::string_view kVariantNames = "square|hex|warp|bridges|shape";
std::optional<Variant> variant_from_name(std::string_view name);
std::string variant_name(Variant variant);

struct VariantOptions {
    Variant variant = Variant::Square;
    int warps = 0;    // warp boards: how many warps (0: default_warps)
    int bridges = 0;  // bridge boards: how many bridges (0: default_bridges)
};

// "A few", growing with the board: 2 on 10x10, 3 on 14x14, 4 on 20x20.
int default_warps(int width, int height);
int default_bridges(int width, int height);
// The most the board takes (a quarter of the border cells' pairs; a quarter of the inner cells).
int max_warps(int width, int height);
int max_bridges(int width, int height);

// Why a W x H board cannot be made with these options ("" when it can): bridges and shapes
// need 3x3, warps and bridges at most max_*.
std::string variant_problem(int width, int height, const VariantOptions& options);

// The empty board (no labels), finalized. Precondition: variant_problem(...) is "", and
// `layers` is 1 unless the variant is Square (throws std::invalid_argument otherwise).
Puzzle variant_board(int width, int height, const VariantOptions& options, Rng& rng, int layers = 1);

}  // namespace nl::gen
