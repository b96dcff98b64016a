// Label colours; palette.hpp gives the rule and why the shades are these.
#include "core/palette.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

namespace nl {

const std::array<PaletteEntry, kPaletteSize> kPalette = {{
    {'R', "red", {0xb0, 0x10, 0x10}},
    {'G', "green", {0x3f, 0xa0, 0x70}},
    {'B', "blue", {0x10, 0x33, 0xcc}},
    {'Y', "yellow", {0xf5, 0xe6, 0x25}},
    {'O', "orange", {0xe8, 0x9a, 0x33}},
    {'C', "cyan", {0x22, 0xdd, 0xee}},
    {'M', "magenta", {0xa0, 0x1c, 0x86}},
    {'m', "maroon", {0x80, 0x35, 0x30}},
    {'P', "purple", {0x74, 0x24, 0xa8}},
    {'W', "white", {0xe2, 0xe2, 0xe2}},
    {'A', "grey", {0x95, 0x95, 0x95}},
    {'g', "lime", {0x90, 0xee, 0x5a}},
    {'T', "tan", {0xd0, 0xb4, 0x78}},
    {'b', "navy", {0x14, 0x1f, 0x7a}},
    {'c', "teal", {0x1d, 0x74, 0x6b}},
    {'p', "pink", {0xf5, 0x9a, 0xc6}},
}};

namespace {

// Rounds through the palette after the first: mixed towards white (> 0) or black (< 0). Lighter
// first: darker, the blue of the second round would be the navy of the first.
constexpr double kShades[] = {0, 0.5, -0.45, 0.75, -0.2};

int letter_index(std::string_view name) {
    if (name.size() != 1) return -1;
    for (int k = 0; k < kPaletteSize; ++k)
        if (kPalette[k].letter == name[0]) return k;
    return -1;
}

struct Lab {
    double l, a, b;
};

double linear(int v) {
    const double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// sRGB (D65) to CIELAB.
Lab lab_of(Rgb c) {
    const double r = linear(c.r), g = linear(c.g), b = linear(c.b);
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double distance2(const Lab& p, const Lab& q) {
    return (p.l - q.l) * (p.l - q.l) + (p.a - q.a) * (p.a - q.a) + (p.b - q.b) * (p.b - q.b);
}

}  // namespace

Rgb indexed_colour(int index) {
    const Rgb c = kPalette[index % kPaletteSize].rgb;
    const double t = kShades[(index / kPaletteSize) % std::size(kShades)];
    auto mix = [t](int v) { return t < 0 ? int(v * (1 + t) + 0.5) : int(v + (255 - v) * t + 0.5); };
    return {mix(c.r), mix(c.g), mix(c.b)};
}

bool uses_flow_letters(const std::vector<std::string_view>& names) {
    bool red = false;
    for (std::string_view name : names) {
        if (letter_index(name) < 0) return false;
        red = red || name == "R";
    }
    return red;
}

std::vector<Rgb> label_colours(const std::vector<Label>& labels) {
    std::vector<std::string_view> names;
    for (const Label& l : labels) names.push_back(l.name);
    const bool letters = uses_flow_letters(names);
    std::vector<Rgb> out;
    for (std::size_t k = 0; k < names.size(); ++k)
        out.push_back(letters ? kPalette[letter_index(names[k])].rgb : indexed_colour(static_cast<int>(k)));
    return out;
}

std::string hex_colour(Rgb c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r & 255, c.g & 255, c.b & 255);
    return buf;
}

bool is_light(Rgb c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b > 140; }

Rgb xterm_rgb(int index) {
    if (index >= 232) {
        const int v = 8 + 10 * (index - 232);
        return {v, v, v};
    }
    constexpr int kLevels[] = {0, 95, 135, 175, 215, 255};
    const int k = index - 16;
    return {kLevels[k / 36], kLevels[k / 6 % 6], kLevels[k % 6]};
}

int xterm_colour(Rgb colour) {
    const Lab want = lab_of(colour);
    int best = 16;
    double best_distance = distance2(want, lab_of(xterm_rgb(16)));
    for (int index = 17; index < 256; ++index) {
        const double d = distance2(want, lab_of(xterm_rgb(index)));
        if (d < best_distance) best = index, best_distance = d;
    }
    return best;
}

}  // namespace nl
