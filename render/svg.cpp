// SVG pictures; svg.hpp describes the geometry and the elements.
//
// Drawing order, bottom to top: board, blocked cells, grid lines, via rings; then for every
// label a dark casing under its pipe (so that light colours such as yellow keep an edge on the
// white board); the pipes; layer-change dots; endpoint dots and their names; comparison marks.
// Everything is plain presentation attributes (no CSS), which every SVG reader understands.
#include "render/svg.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <sstream>
#include <string_view>
#include <vector>

#include "core/errors.hpp"

namespace nl::render {

namespace {

struct Rgb {
    int r, g, b;
};

constexpr Rgb kPalette[kPaletteSize] = {
    {0x00, 0x72, 0xb2},  // Okabe-Ito blue
    {0xe6, 0x9f, 0x00},  // Okabe-Ito orange
    {0x00, 0x9e, 0x73},  // Okabe-Ito bluish green
    {0xcc, 0x79, 0xa7},  // Okabe-Ito reddish purple
    {0x56, 0xb4, 0xe9},  // Okabe-Ito sky blue
    {0xd5, 0x5e, 0x00},  // Okabe-Ito vermillion
    {0xf0, 0xe4, 0x42},  // Okabe-Ito yellow
    {0x88, 0x22, 0x55},  // Tol muted wine
    {0x11, 0x77, 0x33},  // Tol muted green
    {0x33, 0x22, 0x88},  // Tol muted indigo
    {0x99, 0x99, 0x33},  // Tol muted olive
};

// Rounds through the palette after the first: mixed towards black (< 0) or white (> 0).
constexpr double kShades[] = {0, -0.4, 0.45, -0.2, 0.65};

Rgb colour_of(int index) {
    const Rgb c = kPalette[index % kPaletteSize];
    const double t = kShades[(index / kPaletteSize) % std::size(kShades)];
    auto mix = [t](int v) { return t < 0 ? int(v * (1 + t) + 0.5) : int(v + (255 - v) * t + 0.5); };
    return {mix(c.r), mix(c.g), mix(c.b)};
}

std::string hex(Rgb c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
    return buf;
}

// Dark text on light colours, white text on dark ones (relative luminance, roughly).
bool is_light(Rgb c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b > 140; }

// Coordinates with at most two decimals and no trailing zeros: short, and exact for the
// integer cell sizes the command line allows.
std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
    if (s == "-0") s = "0";
    return s;
}

// "x y", a point in path data.
std::string at(double x, double y) {
    std::string s = num(x);
    s += ' ';
    s += num(y);
    return s;
}

// Text for XML content and attributes. Markup characters are escaped; bytes that are not
// valid UTF-8, and characters XML 1.0 forbids (control characters, U+FFFE, U+FFFF), become
// U+FFFD, so the document stays well-formed whatever a file named its puzzle or labels.
std::string xml_text(std::string_view in) {
    static constexpr std::string_view kReplacement = "\xef\xbf\xbd";
    std::string out;
    for (std::size_t i = 0; i < in.size();) {
        const unsigned char c = in[i];
        if (c < 0x80) {
            switch (c) {
                case '&': out += "&amp;"; break;
                case '<': out += "&lt;"; break;
                case '>': out += "&gt;"; break;
                case '"': out += "&quot;"; break;
                case '\'': out += "&apos;"; break;
                default:
                    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') out += kReplacement;
                    else out += static_cast<char>(c);
            }
            ++i;
            continue;
        }
        const std::size_t len = c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
        bool ok = len > 0 && i + len <= in.size();
        for (std::size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(in[i + k]) & 0xc0) == 0x80;
        if (ok && len >= 3) {  // overlong forms, surrogates, code points past U+10FFFF, U+FFFE/F
            const unsigned char d = in[i + 1];
            ok = !(c == 0xe0 && d < 0xa0) && !(c == 0xed && d >= 0xa0) && !(c == 0xf0 && d < 0x90) &&
                 !(c == 0xf4 && d >= 0x90) &&
                 !(c == 0xef && d == 0xbf && static_cast<unsigned char>(in[i + 2]) >= 0xbe);
        }
        if (ok) {
            out.append(in.substr(i, len));
            i += len;
        } else {
            out += kReplacement;
            ++i;
        }
    }
    return out;
}

struct Panel {
    int layer = 0, solution = 0;
    double x = 0, y = 0;  // top-left corner of cell [0, 0]
    std::string caption;
};

struct Layout {
    double s = 0;  // cell size
    double width = 0, height = 0;
    std::vector<Panel> panels;
    int layers = 1;
    const Panel& panel(int layer, int solution) const { return panels[solution * layers + layer]; }
};

// Layers side by side, kPanelsPerRow at most to a row, each solution's layers below the
// previous solution's; one-layer solutions stand side by side.
Layout lay_out(const Puzzle& p, int solutions, const SvgOptions& o) {
    Layout l;
    l.s = o.cell_size;
    l.layers = p.layers;
    const double s = l.s;
    const double caption = p.layers > 1 || solutions > 1 ? 0.75 * s : 0;
    const double coords = o.coordinates ? 0.75 * s : 0;
    const int layer_rows = (p.layers + kPanelsPerRow - 1) / kPanelsPerRow;
    const int columns = p.layers > 1 ? std::min(p.layers, kPanelsPerRow) : solutions;
    const int rows = p.layers > 1 ? solutions * layer_rows : 1;
    const double block_w = coords + p.width * s, block_h = caption + coords + p.height * s;
    l.width = s + columns * block_w + (columns - 1) * s;
    l.height = s + rows * block_h + (rows - 1) * s;
    for (int k = 0; k < solutions; ++k)
        for (int z = 0; z < p.layers; ++z) {
            const int column = p.layers > 1 ? z % kPanelsPerRow : k;
            const int row = p.layers > 1 ? k * layer_rows + z / kPanelsPerRow : 0;
            Panel panel;
            panel.layer = z;
            panel.solution = k;
            panel.x = s / 2 + column * (block_w + s) + coords;
            panel.y = s / 2 + row * (block_h + s) + caption + coords;
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

class Writer {
   public:
    Writer(const Puzzle& p, const SvgOptions& o, int solutions)
        : p_(p), o_(o), l_(lay_out(p, solutions, o)), s_(l_.s) {}

    std::string picture(const std::vector<const Solution*>& solutions) {
        header();
        for (const Panel& panel : l_.panels) board(panel);
        out_ << "<g fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n";
        for (int pass = 0; pass < 2; ++pass)  // casings first, then the pipes over all of them
            for (std::size_t k = 0; k < solutions.size(); ++k)
                if (solutions[k]) pipes(*solutions[k], static_cast<int>(k), pass == 0);
        out_ << "</g>\n";
        for (std::size_t k = 0; k < solutions.size(); ++k)
            if (solutions[k]) hops(*solutions[k], static_cast<int>(k));
        for (std::size_t k = 0; k < solutions.size(); ++k) ends(static_cast<int>(k));
        if (solutions.size() == 2 && solutions[0] && solutions[1]) differences(*solutions[0], *solutions[1]);
        out_ << "</svg>\n";
        return out_.str();
    }

   private:
    double cx(const Panel& panel, int x) const { return panel.x + (x + 0.5) * s_; }
    double cy(const Panel& panel, int y) const { return panel.y + (y + 0.5) * s_; }
    const Panel& panel_of(CellId c, int solution) const { return l_.panel(p_.coord(c).z, solution); }

    void header() {
        out_ << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(l_.width) << "\" height=\""
             << num(l_.height) << "\" viewBox=\"0 0 " << num(l_.width) << ' ' << num(l_.height)
             << "\" font-family=\"DejaVu Sans, sans-serif\">\n"
             << "<title>" << xml_text(p_.name) << "</title>\n"
             << "<rect width=\"" << num(l_.width) << "\" height=\"" << num(l_.height) << "\" fill=\"#ffffff\"/>\n";
    }

    void board(const Panel& panel) {
        const double w = p_.width * s_, h = p_.height * s_;
        out_ << "<g class=\"panel\" data-layer=\"" << panel.layer << '"';
        if (l_.panels.size() > static_cast<std::size_t>(p_.layers))
            out_ << " data-solution=\"" << panel.solution + 1 << '"';
        out_ << ">\n";
        if (!panel.caption.empty()) {
            const double top = panel.y - (o_.coordinates ? 0.75 * s_ : 0);
            out_ << "<text class=\"caption\" x=\"" << num(panel.x) << "\" y=\"" << num(top - 0.22 * s_)
                 << "\" font-size=\"" << num(fitting_font(0.45 * s_, w + 0.9 * s_, panel.caption.size()))
                 << "\" fill=\"#262626\">" << xml_text(panel.caption) << "</text>\n";
        }
        if (o_.coordinates) coordinates(panel);
        out_ << "<rect class=\"board\" x=\"" << num(panel.x) << "\" y=\"" << num(panel.y) << "\" width=\"" << num(w)
             << "\" height=\"" << num(h) << "\" fill=\"" << kBoardColour << "\"/>\n";
        blocked(panel);
        std::string d;
        for (int y = 1; y < p_.height; ++y) {
            d.append("M").append(at(panel.x, panel.y + y * s_)).append("h").append(num(w));
        }
        for (int x = 1; x < p_.width; ++x) {
            d.append("M").append(at(panel.x + x * s_, panel.y)).append("v").append(num(h));
        }
        if (!d.empty())
            out_ << "<path class=\"grid\" d=\"" << d << "\" stroke=\"#d0d0d0\" stroke-width=\""
                 << num(std::max(0.5, s_ / 40)) << "\"/>\n";
        out_ << "<rect class=\"border\" x=\"" << num(panel.x) << "\" y=\"" << num(panel.y) << "\" width=\""
             << num(w) << "\" height=\"" << num(h) << "\" fill=\"none\" stroke=\"#808080\" stroke-width=\""
             << num(std::max(1.0, s_ / 20)) << "\"/>\n";
        for (const Via& via : p_.vias)
            for (CellId c : via.cells) {
                const Coord q = p_.coord(c);
                if (q.z != panel.layer) continue;
                out_ << "<circle class=\"via\" cx=\"" << num(cx(panel, q.x)) << "\" cy=\"" << num(cy(panel, q.y))
                     << "\" r=\"" << num(0.24 * s_) << "\" fill=\"none\" stroke=\"#8c8c8c\" stroke-width=\""
                     << num(0.06 * s_) << "\"/>\n";
            }
        out_ << "</g>\n";
    }

    void coordinates(const Panel& panel) {
        const int digits = static_cast<int>(std::to_string(std::max(p_.width, p_.height) - 1).size());
        const double size = fitting_font(0.35 * s_, 0.95 * s_, digits);
        out_ << "<g class=\"coord\" font-size=\"" << num(size) << "\" fill=\"#595959\">\n";
        for (int x = 0; x < p_.width; ++x)
            out_ << "<text x=\"" << num(cx(panel, x)) << "\" y=\"" << num(panel.y - 0.25 * s_)
                 << "\" text-anchor=\"middle\">" << x << "</text>\n";
        for (int y = 0; y < p_.height; ++y)
            out_ << "<text x=\"" << num(panel.x - 0.15 * s_) << "\" y=\"" << num(cy(panel, y))
                 << "\" dy=\"0.35em\" text-anchor=\"end\">" << y << "</text>\n";
        out_ << "</g>\n";
    }

    // One path for the panel's blocked cells, a rectangle per run of blocked cells in a row.
    void blocked(const Panel& panel) {
        std::string d;
        for (int y = 0; y < p_.height; ++y)
            for (int x = 0; x < p_.width;) {
                if (!p_.is_blocked(p_.cell(x, y, panel.layer))) {
                    ++x;
                    continue;
                }
                int run = 0;
                while (x + run < p_.width && p_.is_blocked(p_.cell(x + run, y, panel.layer))) ++run;
                d.append("M").append(at(panel.x + x * s_, panel.y + y * s_));
                d.append("h").append(num(run * s_)).append("v").append(num(s_)).append("h").append(num(-run * s_)).append("z");
                x += run;
            }
        if (!d.empty()) out_ << "<path class=\"blocked\" d=\"" << d << "\" fill=\"" << kBlockedColour << "\"/>\n";
    }

    // A label's path as one SVG path: a subpath per stretch on one layer, straight runs merged.
    std::string path_data(const std::vector<CellId>& cells, int solution) const {
        std::string d;
        std::size_t i = 0;
        while (i < cells.size()) {
            std::size_t j = i + 1;
            const int z = p_.coord(cells[i]).z;
            while (j < cells.size() && p_.coord(cells[j]).z == z) ++j;
            const Panel& panel = l_.panel(z, solution);
            auto point = [&](CellId c) { return at(cx(panel, p_.coord(c).x), cy(panel, p_.coord(c).y)); };
            d.append("M").append(point(cells[i]));
            if (j == i + 1) d += "h0";  // a lone cell: a round-capped dot
            for (std::size_t k = i + 1; k < j; ++k) {
                // Keep only the corners and the last cell of each straight run.
                if (k + 1 < j) {
                    const Coord a = p_.coord(cells[k - 1]), b = p_.coord(cells[k]), c = p_.coord(cells[k + 1]);
                    if (b.x - a.x == c.x - b.x && b.y - a.y == c.y - b.y) continue;
                }
                d.append("L").append(point(cells[k]));
            }
            i = j;
        }
        return d;
    }

    void pipes(const Solution& solution, int k, bool casing) {
        const double width = 0.32 * s_;
        for (std::size_t l = 0; l < p_.labels.size(); ++l) {
            const auto& cells = solution.paths[l];
            if (cells.empty()) continue;
            const std::string d = path_data(cells, k);
            if (casing) {
                out_ << "<path class=\"casing\" d=\"" << d << "\" stroke=\"#262626\" stroke-opacity=\"0.55\" stroke-width=\""
                     << num(width + std::max(1.5, 0.08 * s_)) << "\"/>\n";
            } else {
                out_ << "<path class=\"pipe\" data-label=\"" << xml_text(p_.labels[l].name) << '"';
                if (l_.panels.size() > static_cast<std::size_t>(p_.layers)) out_ << " data-solution=\"" << k + 1 << '"';
                out_ << " d=\"" << d << "\" stroke=\"" << label_colour(static_cast<int>(l)) << "\" stroke-width=\""
                     << num(width) << "\"/>\n";
            }
        }
    }

    // A small white dot on both cells of every step between layers.
    void hops(const Solution& solution, int k) {
        for (const auto& cells : solution.paths)
            for (std::size_t i = 1; i < cells.size(); ++i) {
                if (p_.coord(cells[i]).z == p_.coord(cells[i - 1]).z) continue;
                for (CellId c : {cells[i - 1], cells[i]}) {
                    const Panel& panel = panel_of(c, k);
                    const Coord q = p_.coord(c);
                    out_ << "<circle class=\"hop\" cx=\"" << num(cx(panel, q.x)) << "\" cy=\"" << num(cy(panel, q.y))
                         << "\" r=\"" << num(0.09 * s_) << "\" fill=\"#ffffff\" stroke=\"#262626\" stroke-width=\""
                         << num(0.03 * s_) << "\"/>\n";
                }
            }
    }

    void ends(int k) {
        const bool names = o_.labels || static_cast<int>(p_.labels.size()) > kPaletteSize;
        for (std::size_t l = 0; l < p_.labels.size(); ++l) {
            const Rgb colour = colour_of(static_cast<int>(l));
            for (CellId c : p_.labels[l].ends) {
                const Panel& panel = panel_of(c, k);
                const Coord q = p_.coord(c);
                const std::string x = num(cx(panel, q.x)), y = num(cy(panel, q.y));
                out_ << "<circle class=\"end\" cx=\"" << x << "\" cy=\"" << y << "\" r=\"" << num(0.36 * s_)
                     << "\" fill=\"" << hex(colour) << "\" stroke=\"#262626\" stroke-width=\"" << num(0.04 * s_)
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

    // Every cell the two solutions give different labels (or leave empty in one), in both.
    void differences(const Solution& a, const Solution& b) {
        const std::vector<int> ga = solution_grid(p_, a), gb = solution_grid(p_, b);
        for (int k = 0; k < 2; ++k)
            for (CellId c = 0; c < p_.cell_count(); ++c) {
                if (ga[c] == gb[c]) continue;
                const Panel& panel = panel_of(c, k);
                const Coord q = p_.coord(c);
                out_ << "<rect class=\"diff\" x=\"" << num(panel.x + (q.x + 0.06) * s_) << "\" y=\""
                     << num(panel.y + (q.y + 0.06) * s_) << "\" width=\"" << num(0.88 * s_) << "\" height=\""
                     << num(0.88 * s_) << "\" fill=\"#000000\" fill-opacity=\"0.12\" stroke=\"#000000\" "
                     << "stroke-width=\"" << num(0.06 * s_) << "\" stroke-dasharray=\"" << num(0.12 * s_) << ' '
                     << num(0.08 * s_) << "\"/>\n";
            }
    }

    const Puzzle& p_;
    const SvgOptions& o_;
    Layout l_;
    double s_;
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

std::string label_colour(int index) { return hex(colour_of(index)); }

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
