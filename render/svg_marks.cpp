// The board marks of variant boards; see svg_marks.hpp.
//
// Choices, so that a player reads them at a glance and they never look like a pipe:
//  - walls are dark (the casing colour) and thicker than the border, with round ends;
//  - a bridge is a light tile with two grey rails along its vertical lane (a road seen from
//    above); the vertical pipe crossing it is later drawn over the horizontal one with a gap;
//  - a warp end on the border is an opening in the outline with a short channel outside it and
//    the warp's number past the channel's end (numbers tell the pairs apart; colours are kept
//    for the labels); an end inside the board is a dashed ring on the cell, numbered, joined to
//    the other end by a thin dashed line.
#include "render/svg_marks.hpp"

#include <algorithm>

#include "render/svg.hpp"

namespace nl::render {

namespace {

constexpr const char* kMarkColour = "#262626";    // walls (as the pipes' casing)
constexpr const char* kPortColour = "#595959";    // ports, their numbers and connectors
constexpr const char* kChannelColour = "#e6e6e6";  // inside a border port's channel
constexpr const char* kTileColour = "#e3e3e3";    // bridge tiles
constexpr const char* kRailColour = "#737373";    // bridge rails

std::string points(const Frame& f, const std::vector<Point>& corners) {
    std::string s;
    for (const Point& c : corners) {
        if (!s.empty()) s += ' ';
        const Point q = f.pixels(c);
        s += num(q.x) + "," + num(q.y);
    }
    return s;
}

bool on_layer(const Puzzle& p, CellId c, int z) { return p.coord(c).z == z; }

Point plus(Point a, Point b, double k) { return {a.x + k * b.x, a.y + k * b.y}; }

}  // namespace

Point port_end(const Port& port) { return plus(port.mouth, port.outward, kPortPipeReach); }

void draw_cells(std::ostream& out, const Puzzle& p, const Frame& f, int z, const BoardStrokes& strokes) {
    out << "<g class=\"cells\" fill=\"" << kBoardColour << "\" stroke=\"" << kGridColour << "\" stroke-width=\""
        << num(strokes.grid) << "\">\n";
    for (int y = 0; y < p.height; ++y)
        for (int x = 0; x < p.width; ++x) {
            const CellId c = p.cell(x, y, z);
            if (p.is_outside(c)) continue;
            out << "<polygon class=\"cell\" data-x=\"" << x << "\" data-y=\"" << y << "\" points=\""
                << points(f, cell_corners(p, c)) << "\"/>\n";
        }
    out << "</g>\n";
}

void draw_outline(std::ostream& out, const Puzzle& p, const Frame& f, int z, const BoardStrokes& strokes) {
    std::string d;
    bool any_cut = false;
    for (const auto& loop : board_outline(p, z)) {
        std::size_t subpath = d.size();
        bool cut = false;
        for (std::size_t i = 0; i < loop.size(); ++i) {
            const std::string point = f.xy(loop[i]);
            d.append(i == 0 ? "M" : "L").append(point);
            if (d.size() - subpath > kMaxSubpath && i + 1 < loop.size()) {  // see path_pieces
                subpath = d.size();
                d.append("M").append(point);
                cut = true;
            }
        }
        // "Z" closes to the start of the last subpath, which is the loop's start only if uncut.
        if (cut && !loop.empty()) d.append("L").append(f.xy(loop[0]));
        else d += "Z";
        any_cut = any_cut || cut;
    }
    // Round caps where a loop was cut, so that its open ends meet as a round join would.
    for (std::string_view piece : path_pieces(d))
        out << "<path class=\"border\" d=\"" << piece << "\" fill=\"none\" stroke=\"" << kBorderColour
            << "\" stroke-width=\"" << num(strokes.border) << "\" stroke-linejoin=\"round\""
            << (any_cut ? " stroke-linecap=\"round\"" : "") << "/>\n";
}

void draw_walls(std::ostream& out, const Puzzle& p, const Frame& f, int z) {
    std::string d;
    for (const CellPair& w : p.walls) {
        const int side = side_towards(p, w[0], w[1]);
        if (side < 0 || !on_layer(p, w[0], z)) continue;  // (a wall between layers has no side to draw)
        const auto ends = side_ends(p, w[0], side);
        d.append("M").append(f.xy(ends[0])).append("L").append(f.xy(ends[1]));
    }
    for (std::string_view piece : path_pieces(d))
        out << "<path class=\"wall\" d=\"" << piece << "\" stroke=\"" << kMarkColour << "\" stroke-width=\""
            << num(0.13 * f.s) << "\" stroke-linecap=\"round\"/>\n";
}

void draw_bridge_tiles(std::ostream& out, const Puzzle& p, const Frame& f, int z) {
    for (CellId c : p.bridges) {
        if (!on_layer(p, c, z)) continue;
        const Coord q = p.coord(c);
        const Point m = cell_centre(p, c);
        // The tile stops short of the cell's sides so that the grid lines stay visible round it.
        std::vector<Point> tile;
        for (const Point& corner : cell_corners(p, c)) tile.push_back(plus(m, {corner.x - m.x, corner.y - m.y}, 0.92));
        // Rails along the vertical lane, splayed at both ends like a bridge's parapets.
        std::string rails;
        for (double side : {-1.0, 1.0}) {
            rails.append("M").append(f.xy({m.x + 0.38 * side, m.y - 0.46}));
            rails.append("L").append(f.xy({m.x + 0.3 * side, m.y - 0.34}));
            rails.append("L").append(f.xy({m.x + 0.3 * side, m.y + 0.34}));
            rails.append("L").append(f.xy({m.x + 0.38 * side, m.y + 0.46}));
        }
        out << "<g class=\"bridge\" data-x=\"" << q.x << "\" data-y=\"" << q.y << "\">"
            << "<polygon points=\"" << points(f, tile) << "\" fill=\"" << kTileColour << "\"/>"
            << "<path d=\"" << rails << "\" stroke=\"" << kRailColour << "\" stroke-width=\"" << num(0.07 * f.s)
            << "\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></g>\n";
    }
}

void draw_warp_ports(std::ostream& out, const Puzzle& p, const std::vector<std::array<Port, 2>>& ports,
                     const std::vector<Frame>& frames, int z, const BoardStrokes& strokes) {
    const Frame& f = frames[z];
    const double font = 0.3 * f.s;
    auto number = [&](std::size_t k, Point centre) {
        const Point q = f.pixels(centre);
        out << "<text class=\"warp-number\" x=\"" << num(q.x) << "\" y=\"" << num(q.y)
            << "\" dy=\"0.35em\" text-anchor=\"middle\" font-size=\"" << num(font) << "\" font-weight=\"bold\" fill=\""
            << kPortColour << "\">" << k + 1 << "</text>\n";
    };
    for (std::size_t k = 0; k < ports.size(); ++k) {
        const auto& pair = ports[k];
        if (on_layer(p, pair[0].cell, z) && (!pair[0].on_border() || !pair[1].on_border())) {
            const Frame& other = frames[p.coord(pair[1].cell).z];
            const Point a = f.pixels(pair[0].mouth), b = other.pixels(pair[1].mouth);
            out << "<path class=\"warp-link\" data-warp=\"" << k + 1 << "\" d=\"M" << at(a.x, a.y) << "L"
                << at(b.x, b.y) << "\" fill=\"none\" stroke=\"" << kPortColour << "\" stroke-width=\""
                << num(std::max(0.5, 0.03 * f.s)) << "\" stroke-dasharray=\"" << num(0.1 * f.s) << ' '
                << num(0.08 * f.s) << "\"/>\n";
        }
        for (const Port& port : pair) {
            if (!on_layer(p, port.cell, z)) continue;
            out << "<g class=\"port\" data-warp=\"" << k + 1 << "\" data-cell=\"" << p.coord(port.cell).x << ','
                << p.coord(port.cell).y << "\">";
            if (port.on_border()) {
                // An opening in the outline (the board's colour over it), then a channel running
                // out of it, open at its far end like a tunnel that goes on elsewhere.
                const Point along{-port.outward.y, port.outward.x};
                const Point left = plus(port.mouth, along, -0.25), right = plus(port.mouth, along, 0.25);
                const Point left_end = plus(left, port.outward, kPortLength), right_end = plus(right, port.outward, kPortLength);
                out << "<path d=\"M" << f.xy(left) << "L" << f.xy(right) << "\" stroke=\"" << kBoardColour << "\" stroke-width=\""
                    << num(strokes.border * 1.5) << "\"/>"
                    << "<path d=\"M" << f.xy(left) << "L" << f.xy(left_end) << "L" << f.xy(right_end) << "L" << f.xy(right)
                    << "Z\" fill=\"" << kChannelColour << "\"/>"
                    << "<path d=\"M" << f.xy(left) << "L" << f.xy(left_end) << "M" << f.xy(right) << "L" << f.xy(right_end)
                    << "\" stroke=\"" << kPortColour << "\" stroke-width=\"" << num(strokes.border)
                    << "\" stroke-linecap=\"round\"/>";
            } else {
                const Point q = f.pixels(port.mouth);
                out << "<circle cx=\"" << num(q.x) << "\" cy=\"" << num(q.y) << "\" r=\"" << num(0.3 * f.s)
                    << "\" fill=\"none\" stroke=\"" << kPortColour << "\" stroke-width=\"" << num(0.05 * f.s)
                    << "\" stroke-dasharray=\"" << num(0.1 * f.s) << ' ' << num(0.06 * f.s) << "\"/>";
            }
            out << "</g>\n";
            // The number past the channel's end, or in the cell's upper right corner.
            number(k, port.on_border() ? plus(port.mouth, port.outward, kPortLength + 0.2)
                                       : Point{port.mouth.x + 0.38, port.mouth.y - 0.36});
        }
    }
}

}  // namespace nl::render
