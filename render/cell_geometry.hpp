// Where the cells of a board lie in a picture: the one place that knows the shape of a cell, so
// that every drawing function (board, pipes, dots, walls, ports, comparison marks) places things
// the same way on square and hex boards, shaped or not.
//
// Units are cells: a square cell is 1 x 1, a hexagon is 1 wide (pointy-top, so R = 1/sqrt(3)
// from its centre to a corner, rows 1.5 R apart, odd rows shifted right by half a cell, as
// core/puzzle.hpp's grid_neighbours says). Points are relative to the top-left corner of one
// layer's bounding box; the SVG writer scales them by the cell size and moves them to a panel.
//
// A cell's sides are numbered clockwise (on screen, y pointing down) from its first corner:
//   square: corners top-left, top-right, bottom-right, bottom-left; sides top, right, bottom, left;
//   hex:    corners top, upper right, lower right, bottom, lower left, upper left; sides upper
//           right, right, lower right, lower left, left, upper left.
// The cell across side k is where a step through that side leads on the grid.
#pragma once

#include <array>
#include <vector>

#include "core/puzzle.hpp"

namespace nl::render {

struct Point {
    double x = 0, y = 0;
};

// Size of one layer's bounding box: W x H for squares; for hexes W + 1/2 (when there is an odd
// row) by R (1.5 H + 0.5).
Point board_extent(const Puzzle& puzzle);

// Centre of the position a node lies at (a bridge's vertical lane: the bridge cell).
Point cell_centre(const Puzzle& puzzle, CellId c);

// The corners of the cell, in side order (4 or 6 points).
std::vector<Point> cell_corners(const Puzzle& puzzle, CellId c);
int side_count(const Puzzle& puzzle);

// The position across side `side` of cell c on its layer, kNoCell when that is off the grid.
CellId across_side(const Puzzle& puzzle, CellId c, int side);

// A side is on the border of the board when the cell across it is off the grid or outside a
// shaped board (a blocked cell is part of the board).
bool is_border_side(const Puzzle& puzzle, CellId c, int side);

// The side of a that b lies across, -1 when they are not neighbours on one layer.
int side_towards(const Puzzle& puzzle, CellId a, CellId b);

// The two corners of side `side` of cell c, and the unit vector from the cell's centre out
// through the middle of that side.
std::array<Point, 2> side_ends(const Puzzle& puzzle, CellId c, int side);
Point side_middle(const Puzzle& puzzle, CellId c, int side);
Point side_normal(const Puzzle& puzzle, CellId c, int side);
inline constexpr int kTopSide = 0, kBottomSide = 2;  // on squares (a bridge's vertical lane runs between them)

// Whether the board is a full rectangle of squares (drawn as one rectangle with grid lines;
// every other board is drawn cell by cell inside its outline).
bool is_rectangle(const Puzzle& puzzle);

// The outline of layer z: closed loops of corners going round the cells of the board (blocked
// cells included, cells outside left out), each loop's corners in order without repeating the
// first one.
std::vector<std::vector<Point>> board_outline(const Puzzle& puzzle, int z);

// Where a warp's two ends are drawn. A warp end on a cell with a border side opens through that
// side ("a port on the border"): the free border side pointing most away from the other end
// (so a wrapped row opens left and right). A cell with no border side gets a port on the cell
// itself (side -1), and the two ends are joined by a thin dashed connector.
struct Port {
    CellId cell = kNoCell;
    int side = -1;       // the border side it opens through, -1 for a port on the cell
    Point mouth;         // the middle of that side, or the cell's centre
    Point outward;       // unit normal of the side, (0, 0) for a port on the cell
    bool on_border() const { return side >= 0; }
};
// One pair of ports per warp, in the puzzle's order, ends in the warp's order.
std::vector<std::array<Port, 2>> warp_ports(const Puzzle& puzzle);

}  // namespace nl::render
