// Label colours (core/palette.hpp): the rule, the claims its header makes about the shades, the
// editor's copy of the table (web/palette.js), and the same colour for each label in the terminal
// (`solve --color always`) and in a picture (`render`). Hues, distances and the xterm colours are
// worked out here from their definitions (HSV, CIELAB, Machado et al.'s 2009 simulation of
// colour-vision deficiencies, xterm's 256-colour cube), not taken from the code under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_fixture.hpp"
#include "core/palette.hpp"
#include "picture_reader.hpp"

using namespace nl;
using namespace nl::testing_cli;
using nl::testing_pictures::Svg;

namespace {

const std::string kPuzzles = std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/";

// Hue in degrees, 0..360 (HSV); -1 for greys.
double hue(Rgb c) {
    const double r = c.r / 255.0, g = c.g / 255.0, b = c.b / 255.0;
    const double hi = std::max({r, g, b}), lo = std::min({r, g, b}), d = hi - lo;
    if (d < 1e-9) return -1;
    double h = hi == r ? std::fmod((g - b) / d + 6, 6.0) : hi == g ? (b - r) / d + 2 : (r - g) / d + 4;
    return 60 * h;
}

// The hue of `c` lies within [from, to] (degrees, through 0 when from > to) and the colour is
// saturated enough to be called by its hue's name.
bool hue_between(Rgb c, double from, double to) {
    const double h = hue(c);
    const double hi = std::max({c.r, c.g, c.b}), lo = std::min({c.r, c.g, c.b});
    if (h < 0 || (hi - lo) / hi < 0.4) return false;
    return from <= to ? h >= from && h <= to : h >= from || h <= to;
}

struct Hues {
    const char* letter;
    double from, to;
};
// Red, green, blue and yellow as anybody names them.
constexpr Hues kNamedHues[] = {{"R", 345, 15}, {"G", 90, 170}, {"B", 200, 260}, {"Y", 45, 65}};

double to_linear(int v) {
    const double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

struct Lab {
    double l, a, b;
};

Lab lab_of_linear(double r, double g, double b) {
    auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
    const double x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047), y = f(0.2126 * r + 0.7152 * g + 0.0722 * b),
                 z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    return {116 * y - 16, 500 * (x - y), 200 * (y - z)};
}

double delta_e(const Lab& p, const Lab& q) { return std::hypot(p.l - q.l, p.a - q.a, p.b - q.b); }

Lab lab_of(Rgb c) { return lab_of_linear(to_linear(c.r), to_linear(c.g), to_linear(c.b)); }

// Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB.
using Matrix = std::array<std::array<double, 3>, 3>;
const Matrix kVision[] = {
    {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
    {{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
    {{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
    {{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
};

Lab seen(const Matrix& m, Rgb c) {
    const double in[3] = {to_linear(c.r), to_linear(c.g), to_linear(c.b)};
    double out[3];
    for (int i = 0; i < 3; ++i)
        out[i] = std::clamp(m[i][0] * in[0] + m[i][1] * in[1] + m[i][2] * in[2], 0.0, 1.0);
    return lab_of_linear(out[0], out[1], out[2]);
}

// xterm's 256 colours from 16 on: a 6x6x6 cube, then 24 greys.
Rgb xterm(int index) {
    if (index >= 232) return {8 + 10 * (index - 232), 8 + 10 * (index - 232), 8 + 10 * (index - 232)};
    const int k = index - 16;
    auto level = [](int v) { return v == 0 ? 0 : 55 + 40 * v; };
    return {level(k / 36), level(k / 6 % 6), level(k % 6)};
}

Rgb from_hex(const std::string& text) {
    const unsigned long v = std::stoul(text.substr(1), nullptr, 16);
    return {int(v >> 16), int(v >> 8 & 255), int(v & 255)};
}

std::vector<Label> labels_named(const std::vector<std::string>& names) {
    std::vector<Label> out;
    for (const std::string& n : names) out.push_back({n, {kNoCell, kNoCell}});
    return out;
}

}  // namespace

TEST(Palette, FlowLettersTakeTheirOwnColours) {
    // five.txt's order is R, G, Y, B: the letters decide, not the order.
    const std::vector<Rgb> c = label_colours(labels_named({"R", "G", "Y", "B"}));
    EXPECT_TRUE(hue_between(c[0], 345, 15));
    EXPECT_TRUE(hue_between(c[1], 90, 170));
    EXPECT_TRUE(hue_between(c[2], 45, 65));
    EXPECT_TRUE(hue_between(c[3], 200, 260));
    // O orange, C cyan, M magenta; lower-case letters too (flow_solver's m maroon, c teal, ...).
    const std::vector<Rgb> more = label_colours(labels_named({"C", "O", "R", "M", "m"}));
    EXPECT_TRUE(hue_between(more[0], 175, 200));
    EXPECT_TRUE(hue_between(more[1], 20, 45));
    EXPECT_TRUE(hue_between(more[3], 290, 340));
    EXPECT_EQ(more[2], c[0]);  // R is red on every board in Flow letters
}

TEST(Palette, OtherBoardsTakeTheColoursInOrder) {
    // Without R, or with a name that is no Flow letter, the k-th label takes the k-th colour.
    EXPECT_FALSE(uses_flow_letters({"A", "B", "C"}));
    EXPECT_FALSE(uses_flow_letters({"R", "G", "D"}));
    EXPECT_FALSE(uses_flow_letters({"R", "GG"}));
    EXPECT_TRUE(uses_flow_letters({"B", "R"}));
    const std::vector<Rgb> abc = label_colours(labels_named({"B", "A", "C", "D"}));
    const std::vector<Rgb> numbers = label_colours(labels_named({"0", "1", "2", "3"}));
    EXPECT_EQ(abc, numbers);
    for (int k = 0; k < 4; ++k) {
        EXPECT_TRUE(hue_between(abc[k], kNamedHues[k].from, kNamedHues[k].to)) << k;  // red, green, blue, yellow
        EXPECT_EQ(abc[k], kPalette[k].rgb);
    }
    // Past the table, every colour differs from the first round's and from each other.
    std::vector<std::string> names;
    for (int k = 0; k < 40; ++k) names.push_back(std::to_string(k));
    const std::vector<Rgb> many = label_colours(labels_named(names));
    for (int a = 0; a < 40; ++a)
        for (int b = a + 1; b < 40; ++b) EXPECT_GT(delta_e(lab_of(many[a]), lab_of(many[b])), 2) << a << ' ' << b;
}

TEST(Palette, FirstSevenStayApartUnderColourBlindness) {
    // The header's claim: the first seven at least 25 CIELAB units apart, pairwise, in normal
    // vision and under simulated protanopia, deuteranopia and tritanopia; all sixteen at least
    // 20 apart in normal vision.
    for (const Matrix& m : kVision)
        for (int a = 0; a < 7; ++a)
            for (int b = a + 1; b < 7; ++b)
                EXPECT_GE(delta_e(seen(m, kPalette[a].rgb), seen(m, kPalette[b].rgb)), 25)
                    << kPalette[a].name << " and " << kPalette[b].name << " (vision " << (&m - kVision) << ")";
    for (int a = 0; a < kPaletteSize; ++a)
        for (int b = a + 1; b < kPaletteSize; ++b)
            EXPECT_GE(delta_e(lab_of(kPalette[a].rgb), lab_of(kPalette[b].rgb)), 20)
                << kPalette[a].name << " and " << kPalette[b].name;
}

TEST(Palette, XtermColoursAreTheTerminalsOwn) {
    for (int index = 16; index < 256; ++index) EXPECT_EQ(xterm_rgb(index), xterm(index)) << index;
    EXPECT_EQ(xterm_colour({255, 0, 0}), 196);
    EXPECT_EQ(xterm_colour({0, 0, 255}), 21);
    EXPECT_EQ(xterm_colour({255, 255, 0}), 226);
    EXPECT_EQ(xterm_colour({128, 128, 128}), 244);
    // Every palette colour has its own terminal colour, near it.
    std::set<int> used;
    for (const PaletteEntry& e : kPalette) {
        const int t = xterm_colour(e.rgb);
        used.insert(t);
        EXPECT_LT(delta_e(lab_of(xterm(t)), lab_of(e.rgb)), 20) << e.name;
    }
    EXPECT_EQ(used.size(), std::size_t(kPaletteSize));
}

TEST(Palette, WebTableIsTheLibrarys) {
    const std::string js = slurp(std::string(NUMBERLINK_SOURCE_DIR) + "/web/palette.js");
    const std::regex entry(R"(\['(.)', '([a-z]+)', '(#[0-9a-f]{6})'\])");
    std::vector<std::smatch> found;
    for (auto it = std::sregex_iterator(js.begin(), js.end(), entry); it != std::sregex_iterator(); ++it)
        found.push_back(*it);
    ASSERT_EQ(found.size(), std::size_t(kPaletteSize));
    for (int k = 0; k < kPaletteSize; ++k) {
        EXPECT_EQ(found[k][1].str(), std::string(1, kPalette[k].letter));
        EXPECT_EQ(found[k][2].str(), kPalette[k].name);
        EXPECT_EQ(found[k][3].str(), hex_colour(kPalette[k].rgb));
    }
    // The shades of the later rounds: the library's colours past the table are the table's mixed
    // towards white (> 0) or black (< 0) by the script's numbers, round by round.
    const std::regex shades(R"(const SHADES = \[([^\]]*)\];)");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(js, m, shades));
    std::vector<double> t;
    std::istringstream in(std::regex_replace(m[1].str(), std::regex(","), " "));
    for (double v; in >> v;) t.push_back(v);
    ASSERT_EQ(t.size(), 5u);
    EXPECT_EQ(t[0], 0);
    for (int index = 0; index < 3 * kPaletteSize * static_cast<int>(t.size()); ++index) {
        const double s = t[index / kPaletteSize % t.size()];
        const Rgb base = kPalette[index % kPaletteSize].rgb;
        auto mix = [s](int v) { return static_cast<int>(s < 0 ? v * (1 + s) + 0.5 : v + (255 - v) * s + 0.5); };
        EXPECT_EQ(indexed_colour(index), (Rgb{mix(base.r), mix(base.g), mix(base.b)})) << index;
    }
}

class PaletteCli : public CliTest {};

// The terminal's colour for each label of `solve --color always` (the 256-colour background of
// its cells, the same on every cell of the label) and the picture's (the stroke of its pipe).
TEST_F(PaletteCli, TerminalAndPictureAgree) {
    const Result grid = run("solve --color always " + kPuzzles + "ascii/five.txt");
    ASSERT_EQ(grid.code, 0) << grid.err;
    std::map<std::string, int> terminal;
    const std::regex cell("\x1b\\[(30|97);48;5;(\\d+)m([A-Za-z0-9])\x1b\\[0m");
    for (auto it = std::sregex_iterator(grid.out.begin(), grid.out.end(), cell); it != std::sregex_iterator(); ++it) {
        const int index = std::stoi((*it)[2].str());
        const auto [at, fresh] = terminal.emplace((*it)[3].str(), index);
        EXPECT_EQ(at->second, index) << "label " << at->first << " has two colours";
        (void)fresh;
    }
    ASSERT_EQ(terminal.size(), 4u) << grid.out;

    const Result picture = run("render " + kPuzzles + "ascii/five.txt " + kPuzzles + "ascii/five.solution.txt");
    ASSERT_EQ(picture.code, 0) << picture.err;
    const Svg svg(picture.out);
    ASSERT_TRUE(svg.ok());
    std::map<std::string, Rgb> drawn;
    for (xmlNodePtr pipe : svg.elements("path", "pipe"))
        drawn[Svg::attribute(pipe, "data-label")] = from_hex(Svg::attribute(pipe, "stroke"));
    ASSERT_EQ(drawn.size(), 4u);

    for (const Hues& h : kNamedHues) {
        const Rgb shown = xterm(terminal.at(h.letter)), stroke = drawn.at(h.letter);
        EXPECT_TRUE(hue_between(shown, h.from, h.to)) << h.letter << " in the terminal";
        EXPECT_TRUE(hue_between(stroke, h.from, h.to)) << h.letter << " in the picture";
        // The terminal's is the nearest it has to the picture's: close, and nearer than any
        // other label's.
        for (const auto& [other, colour] : drawn) {
            if (other == h.letter) continue;
            EXPECT_LT(delta_e(lab_of(shown), lab_of(stroke)), delta_e(lab_of(shown), lab_of(colour))) << h.letter;
        }
        EXPECT_LT(delta_e(lab_of(shown), lab_of(stroke)), 20) << h.letter;
    }
}
