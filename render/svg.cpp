// SVG pictures; svg.hpp describes the geometry and the elements.
//
// Drawing order, bottom to top: board (a rectangle with grid lines, or the cells of a hex or
// shaped board), blocked cells, border, bridge tiles, walls, warp ports, via rings; then for
// every label a dark casing under its pipe (so that light colours such as yellow keep an edge
// on the white board); the pipes; the bridge crossings (vertical lanes over everything before);
// layer-change dots; endpoint dots and their names; comparison marks. Positions come from
// cell_geometry.hpp, the variant marks from svg_marks.hpp.
// Everything is plain presentation attributes (no CSS), which every SVG reader understands.
#include "render/svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/errors.hpp"
#include "core/palette.hpp"
#include "render/cell_geometry.hpp"
#include "render/svg_marks.hpp"
#include "render/svg_text.hpp"

namespace nl::render {

namespace {

struct Panel {
    int layer = 0, solution = 0;
    double x = 0, y = 0;  // top-left corner of the layer's bounding box (of cell [0, 0] on squares)
    std::string caption;
};

struct Layout {
    double s = 0;  // cell size
    double coordinates_out = 0;  // how much further out than usual the coordinates stand
    double width = 0, height = 0;
    std::vector<Panel> panels;
    int layers = 1;
    const Panel& panel(int layer, int solution) const { return panels[solution * layers + layer]; }
};

// Layers side by side, kPanelsPerRow at most to a row, each solution's layers below the
// previous solution's; one-layer solutions stand side by side.
// Warp ports on the border stand outside the board, with their numbers past them: the margin
// grows by kPortMargin cells to hold them.
Layout lay_out(const Puzzle& p, int solutions, const SvgOptions& o, const std::vector<std::array<Port, 2>>& ports) {
    Layout l;
    l.s = o.cell_size;
    l.layers = p.layers;
    const double s = l.s;
    const Point extent = board_extent(p);
    const bool border_ports =
        std::any_of(ports.begin(), ports.end(), [](const auto& w) { return w[0].on_border() || w[1].on_border(); });
    const double port_room = border_ports ? kPortMargin * s : 0;
    const double margin = s / 2 + port_room, gap = s + 2 * port_room;  // round a panel, between panels
    const double caption = p.layers > 1 || solutions > 1 ? 0.75 * s : 0;
    // Coordinates stand out past the ports and their numbers (0.75 s more) when there are any.
    l.coordinates_out = border_ports ? (kPortMargin + 0.35) * s : 0;
    const double coords = o.coordinates ? 0.75 * s + l.coordinates_out : 0;
    const int layer_rows = (p.layers + kPanelsPerRow - 1) / kPanelsPerRow;
    const int columns = p.layers > 1 ? std::min(p.layers, kPanelsPerRow) : solutions;
    const int rows = p.layers > 1 ? solutions * layer_rows : 1;
    const double block_w = coords + extent.x * s, block_h = caption + coords + extent.y * s;
    l.width = 2 * margin + columns * block_w + (columns - 1) * gap;
    l.height = 2 * margin + rows * block_h + (rows - 1) * gap;
    for (int k = 0; k < solutions; ++k)
        for (int z = 0; z < p.layers; ++z) {
            const int column = p.layers > 1 ? z % kPanelsPerRow : k;
            const int row = p.layers > 1 ? k * layer_rows + z / kPanelsPerRow : 0;
            Panel panel;
            panel.layer = z;
            panel.solution = k;
            panel.x = margin + column * (block_w + gap) + coords;
            panel.y = margin + row * (block_h + gap) + caption + coords;
            if (solutions > 1) {
                panel.caption = "solution ";
                panel.caption += std::to_string(k + 1);
            }
            if (p.layers > 1) {
                if (!panel.caption.empty()) panel.caption += ", ";
                panel.caption += "z=";
                panel.caption += std::to_string(z);
            }
            l.panels.push_back(std::move(panel));
        }
    return l;
}

// Font size that fits `chars` characters into `room` pixels (sans-serif glyphs are about 0.6
// em wide), at most `size`.
double fitting_font(double size, double room, std::size_t chars) {
    return std::min(size, room / (0.62 * static_cast<double>(std::max<std::size_t>(chars, 1))));
}

std::int64_t pair_key(CellId a, CellId b) {
    if (a > b) std::swap(a, b);
    return (std::int64_t(a) << 32) | std::uint32_t(b);
}

class Writer {
   public:
    Writer(const Puzzle& p, const SvgOptions& o, int solutions)
        : p_(p),
          o_(o),
          ports_(warp_ports(p)),
          l_(lay_out(p, solutions, o, ports_)),
          s_(l_.s),
          colours_(label_colours(p.labels)) {
        for (std::size_t k = 0; k < p.warps.size(); ++k) warp_of_step_[pair_key(p.warps[k][0], p.warps[k][1])] = int(k);
        strokes_.grid = std::max(0.5, s_ / 40);
        strokes_.border = std::max(1.0, s_ / 20);
    }

    std::string picture(const std::vector<const Solution*>& solutions) {
        header();
        for (const Panel& panel : l_.panels) board(panel);
        out_ << "<g fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n";
        for (int pass = 0; pass < 2; ++pass)  // casings first, then the pipes over all of them
            for (std::size_t k = 0; k < solutions.size(); ++k)
                if (solutions[k]) pipes(*solutions[k], static_cast<int>(k), pass == 0);
        for (std::size_t k = 0; k < solutions.size(); ++k)
            if (solutions[k]) crossings(*solutions[k], static_cast<int>(k));
        out_ << "</g>\n";
        for (std::size_t k = 0; k < solutions.size(); ++k)
            if (solutions[k]) hops(*solutions[k], static_cast<int>(k));
        for (std::size_t k = 0; k < solutions.size(); ++k) ends(static_cast<int>(k));
        if (solutions.size() == 2 && solutions[0] && solutions[1]) differences(*solutions[0], *solutions[1]);
        out_ << "</svg>\n";
        return out_.str();
    }

   private:
    Frame frame(const Panel& panel) const { return {panel.x, panel.y, s_}; }
    // The centre of node c in pixels, on the given panel.
    Point centre(const Panel& panel, CellId c) const { return frame(panel).pixels(cell_centre(p_, c)); }
    const Panel& panel_of(CellId c, int solution) const { return l_.panel(p_.coord(c).z, solution); }
    bool comparison() const { return l_.panels.size() > static_cast<std::size_t>(p_.layers); }

    void header() {
        out_ << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(l_.width) << "\" height=\""
             << num(l_.height) << "\" viewBox=\"0 0 " << num(l_.width) << ' ' << num(l_.height)
             << "\" font-family=\"DejaVu Sans, sans-serif\">\n"
             << "<title>" << xml_text(p_.name) << "</title>\n"
             << "<rect width=\"" << num(l_.width) << "\" height=\"" << num(l_.height) << "\" fill=\"#ffffff\"/>\n";
    }

    void board(const Panel& panel) {
        const Point extent = board_extent(p_);
        const double w = extent.x * s_, h = extent.y * s_;
        const Frame f = frame(panel);
        out_ << "<g class=\"panel\" data-layer=\"" << panel.layer << '"';
        if (comparison()) out_ << " data-solution=\"" << panel.solution + 1 << '"';
        out_ << ">\n";
        if (!panel.caption.empty()) {
            const double top = panel.y - (o_.coordinates ? 0.75 * s_ + l_.coordinates_out : 0);
            out_ << "<text class=\"caption\" x=\"" << num(panel.x) << "\" y=\"" << num(top - 0.22 * s_)
                 << "\" font-size=\"" << num(fitting_font(0.45 * s_, w + 0.9 * s_, panel.caption.size()))
                 << "\" fill=\"#262626\">" << xml_text(panel.caption) << "</text>\n";
        }
        if (o_.coordinates) coordinates(panel);
        if (is_rectangle(p_)) {
            // A full rectangle of squares: one rectangle, grid lines across it, a rectangle round it.
            out_ << "<rect class=\"board\" x=\"" << num(panel.x) << "\" y=\"" << num(panel.y) << "\" width=\""
                 << num(w) << "\" height=\"" << num(h) << "\" fill=\"" << kBoardColour << "\"/>\n";
            blocked(panel);
            std::string d;
            for (int y = 1; y < p_.height; ++y) {
                d.append("M").append(at(panel.x, panel.y + y * s_)).append("h").append(num(w));
            }
            for (int x = 1; x < p_.width; ++x) {
                d.append("M").append(at(panel.x + x * s_, panel.y)).append("v").append(num(h));
            }
            for (std::string_view piece : path_pieces(d))
                out_ << "<path class=\"grid\" d=\"" << piece << "\" stroke=\"" << kGridColour << "\" stroke-width=\""
                     << num(strokes_.grid) << "\"/>\n";
            out_ << "<rect class=\"border\" x=\"" << num(panel.x) << "\" y=\"" << num(panel.y) << "\" width=\""
                 << num(w) << "\" height=\"" << num(h) << "\" fill=\"none\" stroke=\"" << kBorderColour
                 << "\" stroke-width=\"" << num(strokes_.border) << "\"/>\n";
        } else {
            // Hexes and shapes: every cell of the board as its polygon, inside the board's outline.
            draw_cells(out_, p_, f, panel.layer, strokes_);
            blocked(panel);
            draw_outline(out_, p_, f, panel.layer, strokes_);
        }
        draw_bridge_tiles(out_, p_, f, panel.layer);
        draw_walls(out_, p_, f, panel.layer);
        if (!ports_.empty()) {
            std::vector<Frame> frames;
            for (int z = 0; z < p_.layers; ++z) frames.push_back(frame(l_.panel(z, panel.solution)));
            draw_warp_ports(out_, p_, ports_, frames, panel.layer, strokes_);
        }
        for (const Via& via : p_.vias)
            for (CellId c : via.cells) {
                if (p_.coord(c).z != panel.layer) continue;
                const Point m = centre(panel, c);
                out_ << "<circle class=\"via\" cx=\"" << num(m.x) << "\" cy=\"" << num(m.y) << "\" r=\""
                     << num(0.24 * s_) << "\" fill=\"none\" stroke=\"#8c8c8c\" stroke-width=\"" << num(0.06 * s_)
                     << "\"/>\n";
            }
        out_ << "</g>\n";
    }

    // Column numbers above the first row's centres, row numbers left of each row.
    void coordinates(const Panel& panel) {
        const int digits = static_cast<int>(std::to_string(std::max(p_.width, p_.height) - 1).size());
        const double size = fitting_font(0.35 * s_, 0.95 * s_, digits);
        out_ << "<g class=\"coord\" font-size=\"" << num(size) << "\" fill=\"#595959\">\n";
        for (int x = 0; x < p_.width; ++x)
            out_ << "<text x=\"" << num(centre(panel, p_.cell(x, 0)).x) << "\" y=\""
                 << num(panel.y - 0.25 * s_ - l_.coordinates_out)
                 << "\" text-anchor=\"middle\">" << x << "</text>\n";
        for (int y = 0; y < p_.height; ++y)
            out_ << "<text x=\"" << num(panel.x - 0.15 * s_ - l_.coordinates_out) << "\" y=\""
                 << num(centre(panel, p_.cell(0, y)).y)
                 << "\" dy=\"0.35em\" text-anchor=\"end\">" << y << "</text>\n";
        out_ << "</g>\n";
    }

    // One path for the panel's blocked cells (not the cells outside a shaped board, which are
    // not drawn at all): on squares a rectangle per run of blocked cells in a row, on hexes a
    // hexagon each; in pieces on a large board (path_pieces).
    void blocked(const Panel& panel) {
        auto is_blocked = [&](int x, int y) { return p_.blocked[p_.cell(x, y, panel.layer)] == kCellBlocked; };
        const Frame f = frame(panel);
        std::string d;
        for (int y = 0; y < p_.height; ++y)
            for (int x = 0; x < p_.width;) {
                if (!is_blocked(x, y)) {
                    ++x;
                    continue;
                }
                if (p_.geometry == Geometry::Hex) {
                    const auto corners = cell_corners(p_, p_.cell(x, y, panel.layer));
                    for (std::size_t i = 0; i < corners.size(); ++i) d.append(i ? "L" : "M").append(f.xy(corners[i]));
                    d += "z";
                    ++x;
                    continue;
                }
                int run = 0;
                while (x + run < p_.width && is_blocked(x + run, y)) ++run;
                d.append("M").append(at(panel.x + x * s_, panel.y + y * s_));
                d.append("h").append(num(run * s_)).append("v").append(num(s_)).append("h").append(num(-run * s_)).append("z");
                x += run;
            }
        for (std::string_view piece : path_pieces(d))
            out_ << "<path class=\"blocked\" d=\"" << piece << "\" fill=\"" << kBlockedColour << "\"/>\n";
    }

    // The warp a step between two nodes goes through, -1 when it is a step on the grid.
    int warp_of_step(CellId a, CellId b) const {
        if (warp_of_step_.empty()) return -1;
        const auto it = warp_of_step_.find(pair_key(a, b));
        return it == warp_of_step_.end() ? -1 : it->second;
    }
    // The port of warp k at node c.
    const Port& port_at(int k, CellId c) const { return ports_[k][ports_[k][0].cell == c ? 0 : 1]; }

    // A label's path as one SVG path, cut into subpaths where it changes layer or goes through a
    // warp (each half then runs to its port instead of straight across the board); straight runs
    // merged.
    std::string path_data(const std::vector<CellId>& cells, int solution) const {
        std::string d;
        std::vector<Point> stretch;
        auto flush = [&] {
            if (stretch.empty()) return;
            std::size_t subpath = d.size();
            d.append("M").append(at(stretch[0].x, stretch[0].y));
            if (stretch.size() == 1) d += "h0";  // a lone cell: a round-capped dot
            for (std::size_t k = 1; k < stretch.size(); ++k) {
                // Keep only the corners and the last point of each straight run of equal steps.
                if (k + 1 < stretch.size()) {
                    const Point a = stretch[k - 1], b = stretch[k], c = stretch[k + 1];
                    const double tolerance = 1e-6 * s_;
                    if (std::abs((b.x - a.x) - (c.x - b.x)) < tolerance && std::abs((b.y - a.y) - (c.y - b.y)) < tolerance)
                        continue;
                }
                const std::string point = at(stretch[k].x, stretch[k].y);
                d.append("L").append(point);
                // Round joins and caps: a subpath that starts where the last ended looks the same.
                if (d.size() - subpath > kMaxSubpath && k + 1 < stretch.size()) {
                    subpath = d.size();
                    d.append("M").append(point);
                }
            }
            stretch.clear();
        };
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const Panel& panel = panel_of(cells[i], solution);
            if (i > 0) {
                const CellId before = cells[i - 1];
                if (const int w = warp_of_step(before, cells[i]); w >= 0) {
                    // Out through the port at `before`, in through the one at cells[i] (a port on
                    // a cell is its centre, which the stretch has already or will have).
                    const Port &out = port_at(w, before), &in = port_at(w, cells[i]);
                    if (out.on_border()) stretch.push_back(frame(panel_of(before, solution)).pixels(port_end(out)));
                    flush();
                    if (in.on_border()) stretch.push_back(frame(panel).pixels(port_end(in)));
                } else if (p_.coord(before).z != p_.coord(cells[i]).z) {
                    flush();
                }
            }
            stretch.push_back(centre(panel, cells[i]));
        }
        flush();
        return d;
    }

    double pipe_width() const { return 0.32 * s_; }
    double casing_width() const { return pipe_width() + std::max(1.5, 0.08 * s_); }

    void pipes(const Solution& solution, int k, bool casing) {
        for (std::size_t l = 0; l < p_.labels.size(); ++l) {
            const auto& cells = solution.paths[l];
            if (cells.empty()) continue;
            const std::string d = path_data(cells, k);
            const std::vector<std::string_view> pieces = path_pieces(d);
            if (casing) {
                // Translucent: pieces that overlap where they meet would show a darker dot there,
                // so several are drawn opaque in a group that is translucent as a whole.
                const bool grouped = pieces.size() > 1;
                if (grouped) out_ << "<g opacity=\"0.55\">\n";
                for (std::string_view piece : pieces)
                    out_ << "<path class=\"casing\" d=\"" << piece << "\" stroke=\"#262626\" stroke-opacity=\""
                         << (grouped ? "1" : "0.55") << "\" stroke-width=\"" << num(casing_width()) << "\"/>\n";
                if (grouped) out_ << "</g>\n";
            } else {
                for (std::string_view piece : pieces) {
                    out_ << "<path class=\"pipe\" data-label=\"" << xml_text(p_.labels[l].name) << '"';
                    if (comparison()) out_ << " data-solution=\"" << k + 1 << '"';
                    out_ << " d=\"" << piece << "\" stroke=\"" << hex_colour(colours_[l])
                         << "\" stroke-width=\"" << num(pipe_width()) << "\"/>\n";
                }
            }
        }
    }

    // Bridges: the pipe through a vertical lane drawn again, over everything drawn before, from
    // the bridge cell's top side to its bottom side: first a band of the board's colour a little
    // wider than the pipe (the gap that shows the horizontal pipe passing under), then its
    // casing and the pipe.
    void crossings(const Solution& solution, int k) {
        for (std::size_t l = 0; l < p_.labels.size(); ++l)
            for (CellId c : solution.paths[l]) {
                if (!p_.is_lane(c)) continue;
                const Frame f = frame(panel_of(c, k));
                // Built with append (not "M" + ...): GCC 12 warns falsely on operator+ here (bug 105329).
                std::string d = "M";
                d.append(f.xy(side_middle(p_, c, kTopSide))).append("L").append(f.xy(side_middle(p_, c, kBottomSide)));
                out_ << "<g class=\"crossing\" data-label=\"" << xml_text(p_.labels[l].name) << '"';
                if (comparison()) out_ << " data-solution=\"" << k + 1 << '"';
                out_ << " stroke-linecap=\"butt\"><path d=\"" << d << "\" stroke=\"" << kBoardColour
                     << "\" stroke-width=\"" << num(pipe_width() + 0.2 * s_) << "\"/><path d=\"" << d
                     << "\" stroke=\"#262626\" stroke-opacity=\"0.55\" stroke-width=\"" << num(casing_width())
                     << "\"/><path d=\"" << d << "\" stroke=\"" << hex_colour(colours_[l])
                     << "\" stroke-width=\"" << num(pipe_width()) << "\"/></g>\n";
            }
    }

    // A small white dot on both cells of every step between layers.
    void hops(const Solution& solution, int k) {
        for (const auto& cells : solution.paths)
            for (std::size_t i = 1; i < cells.size(); ++i) {
                if (p_.coord(cells[i]).z == p_.coord(cells[i - 1]).z) continue;
                for (CellId c : {cells[i - 1], cells[i]}) {
                    const Point m = centre(panel_of(c, k), c);
                    out_ << "<circle class=\"hop\" cx=\"" << num(m.x) << "\" cy=\"" << num(m.y) << "\" r=\""
                         << num(0.09 * s_) << "\" fill=\"#ffffff\" stroke=\"#262626\" stroke-width=\"" << num(0.03 * s_)
                         << "\"/>\n";
                }
            }
    }

    void ends(int k) {
        const bool names = o_.labels || static_cast<int>(p_.labels.size()) > kPaletteSize;
        for (std::size_t l = 0; l < p_.labels.size(); ++l) {
            const Rgb colour = colours_[l];
            for (CellId c : p_.labels[l].ends) {
                const Point m = centre(panel_of(c, k), c);
                const std::string x = num(m.x), y = num(m.y);
                out_ << "<circle class=\"end\" cx=\"" << x << "\" cy=\"" << y << "\" r=\"" << num(0.36 * s_)
                     << "\" fill=\"" << hex_colour(colour) << "\" stroke=\"#262626\" stroke-width=\"" << num(0.04 * s_)
                     << "\"/>\n";
                if (!names) continue;
                const std::string& name = p_.labels[l].name;
                out_ << "<text class=\"label\" x=\"" << x << "\" y=\"" << y << "\" dy=\"0.35em\" text-anchor=\"middle\" "
                     << "font-weight=\"bold\" font-size=\"" << num(fitting_font(0.42 * s_, 0.62 * s_, name.size()))
                     << "\" fill=\"" << (is_light(colour) ? "#000000" : "#ffffff") << "\">" << xml_text(name)
                     << "</text>\n";
            }
        }
    }

    // Every cell the two solutions give different labels (or leave empty in one), in both; a
    // bridge cell once, when either of its lanes differs. The mark is the cell's shape shrunk.
    void differences(const Solution& a, const Solution& b) {
        const std::vector<int> ga = solution_grid(p_, a), gb = solution_grid(p_, b);
        const std::string style = "fill=\"#000000\" fill-opacity=\"0.12\" stroke=\"#000000\" stroke-width=\"" +
                                  num(0.06 * s_) + "\" stroke-dasharray=\"" + num(0.12 * s_) + ' ' + num(0.08 * s_) + '"';
        for (int k = 0; k < 2; ++k)
            for (CellId c = 0; c < p_.grid_cells(); ++c) {
                const CellId lane = p_.bridges.empty() ? kNoCell : p_.vertical_lane(c);
                if (ga[c] == gb[c] && (lane == kNoCell || ga[lane] == gb[lane])) continue;
                const Panel& panel = panel_of(c, k);
                if (p_.geometry == Geometry::Square) {
                    const Coord q = p_.coord(c);
                    out_ << "<rect class=\"diff\" x=\"" << num(panel.x + (q.x + 0.06) * s_) << "\" y=\""
                         << num(panel.y + (q.y + 0.06) * s_) << "\" width=\"" << num(0.88 * s_) << "\" height=\""
                         << num(0.88 * s_) << "\" " << style << "/>\n";
                    continue;
                }
                const Point m = cell_centre(p_, c);
                std::string points;
                for (const Point& corner : cell_corners(p_, c)) {
                    const Point q = frame(panel).pixels({m.x + 0.88 * (corner.x - m.x), m.y + 0.88 * (corner.y - m.y)});
                    points.append(points.empty() ? "" : " ").append(num(q.x)).append(",").append(num(q.y));
                }
                out_ << "<polygon class=\"diff\" points=\"" << points << "\" " << style << "/>\n";
            }
    }

    const Puzzle& p_;
    const SvgOptions& o_;
    std::vector<std::array<Port, 2>> ports_;
    Layout l_;
    double s_;
    std::vector<Rgb> colours_;  // of the labels, core/palette.hpp
    std::unordered_map<std::int64_t, int> warp_of_step_;  // pair_key of a warp's ends -> its index
    BoardStrokes strokes_;
    std::ostringstream out_;
};

void check_inputs(const Puzzle& p, const std::vector<const Solution*>& solutions, const SvgOptions& o) {
    if (o.cell_size < kMinCellSize || o.cell_size > kMaxCellSize)
        throw ModelError("cell size " + std::to_string(o.cell_size) + " is out of range (" +
                         std::to_string(kMinCellSize) + ".." + std::to_string(kMaxCellSize) + ")");
    for (const Solution* s : solutions) {
        if (!s) continue;
        if (s->paths.size() != p.labels.size())
            throw ModelError("the solution has " + std::to_string(s->paths.size()) + " paths for " +
                             std::to_string(p.labels.size()) + " labels");
        for (const auto& path : s->paths)
            for (CellId c : path)
                if (c < 0 || c >= p.cell_count()) throw ModelError("the solution has a cell outside the board");
    }
}

}  // namespace

std::string svg_picture(const Puzzle& puzzle, const Solution* solution, const SvgOptions& options) {
    check_inputs(puzzle, {solution}, options);
    return Writer(puzzle, options, 1).picture({solution});
}

std::string svg_comparison(const Puzzle& puzzle, const Solution& first, const Solution& second,
                           const SvgOptions& options) {
    check_inputs(puzzle, {&first, &second}, options);
    return Writer(puzzle, options, 2).picture({&first, &second});
}

}  // namespace nl::render
