// What variant boards add to a panel's board layer, drawn under the pipes (svg.cpp calls these
// while it draws a panel): the cells of boards that are not full rectangles of squares (hexes,
// shapes) with their outline, walls, bridge tiles and warp ports. Placement comes from
// cell_geometry.hpp alone. Internal to render/; svg.hpp lists the classes a reader can rely on.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "render/cell_geometry.hpp"
#include "render/svg_text.hpp"

namespace nl::render {

// Where one panel lies: the top-left corner of its layer's bounding box and the cell size.
struct Frame {
    double x = 0, y = 0, s = 0;
    Point pixels(Point p) const { return {x + p.x * s, y + p.y * s}; }
    std::string xy(Point p) const { return at(x + p.x * s, y + p.y * s); }
};

// Strokes shared with the rectangle boards of svg.cpp, so both kinds of board look alike.
struct BoardStrokes {
    double grid = 0, border = 0;
};
inline constexpr const char* kGridColour = "#d0d0d0";
inline constexpr const char* kBorderColour = "#808080";

// A border port's channel runs kPortLength cells out of the board; a pipe leaving through it
// runs kPortPipeReach past the border, so that its round end stops at the channel's end; the
// warp's number stands past that, inside the wider margin (kPortMargin more) of such pictures.
inline constexpr double kPortLength = 0.38, kPortPipeReach = 0.22, kPortMargin = 0.4;

// One polygon per cell of layer z that is on the board (class="cell"), stroked like grid lines.
void draw_cells(std::ostream& out, const Puzzle& p, const Frame& f, int z, const BoardStrokes& strokes);

// The outline of layer z (class="border"), one closed subpath per loop.
void draw_outline(std::ostream& out, const Puzzle& p, const Frame& f, int z, const BoardStrokes& strokes);

// The walls of layer z: one path (class="wall"), a thick segment on each wall's shared side.
void draw_walls(std::ostream& out, const Puzzle& p, const Frame& f, int z);

// Each bridge of layer z as a tile (class="bridge") with two rails along its vertical lane, so
// an empty bridge reads as one; the crossing pipes are drawn later (svg.cpp).
void draw_bridge_tiles(std::ostream& out, const Puzzle& p, const Frame& f, int z);

// The ports of every warp end on layer z (class="port", data-warp="k" for the puzzle's k-th warp,
// from 1), the warp's number beside each (class="warp-number"), and for a warp with an end that
// is not on the border a dashed connector between its two ends (class="warp-link", drawn with
// the panel of its first end). frames[z'] is the frame of layer z' in the same solution.
void draw_warp_ports(std::ostream& out, const Puzzle& p, const std::vector<std::array<Port, 2>>& ports,
                     const std::vector<Frame>& frames, int z, const BoardStrokes& strokes);

// The point a pipe runs to when it leaves through a port: just past the border for a border
// port, the cell's centre for a port on the cell.
Point port_end(const Port& port);

}  // namespace nl::render
