// The colour of every label, the same in every view of a puzzle: the terminal's grid, the SVG
// and PNG pictures, and the editor (web/palette.js holds the same table and rule; a test holds
// the two together). docs/render.md states the rule for users.
//
// The palette has sixteen colours in Flow Free's order (red, green, blue, yellow, orange, cyan,
// magenta, maroon, purple, white, grey, lime, tan, navy, teal, pink), each with the letter Flow
// Free players and mzucker/flow_solver files give it (R, G, B, Y, O, C, M, m, P, W, A, g, T, b,
// c, p). The shades are ours, picked so that the first seven stay far apart (at least 25 CIELAB
// units, pairwise) under simulated protanopia, deuteranopia and tritanopia as well as normal
// vision: red dark, orange and yellow light, green bluish, so that no two differ by hue alone.
//
// The rule: a puzzle whose labels are all single Flow letters, R among them, is written in Flow
// Free's letters, and each label takes its letter's colour (R red, B blue, whatever the order the
// labels appear in). Every other puzzle gives its k-th label (in the puzzle's label order) the
// k-th colour; past the sixteenth the palette comes round again lighter, then darker, and so on
// (the colour still depends on k alone). R is the test because Flow Free's first colour is red,
// so every board written in its letters has an R, while boards labelled A, B, C, ... (our
// editor's, generated ones) have none and keep the colours in order.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace nl {

struct Rgb {
    int r = 0, g = 0, b = 0;  // 0..255 each
    bool operator==(const Rgb&) const = default;
};

struct PaletteEntry {
    char letter;       // Flow Free's letter for the colour
    const char* name;  // for docs and messages
    Rgb rgb;
};

inline constexpr int kPaletteSize = 16;
extern const std::array<PaletteEntry, kPaletteSize> kPalette;

// The colour of the label at `index` when the puzzle is not written in Flow letters.
Rgb indexed_colour(int index);

// True when every name is one Flow letter and R is among them (the rule above).
bool uses_flow_letters(const std::vector<std::string_view>& names);

// The colour of every label of the puzzle, by the rule above, in label order.
std::vector<Rgb> label_colours(const std::vector<Label>& labels);

// "#rrggbb".
std::string hex_colour(Rgb colour);

// True for colours dark text reads well on (relative luminance, roughly); white text otherwise.
bool is_light(Rgb colour);

// The xterm 256-colour index nearest to `colour` (CIELAB distance), among 16..255: the 6x6x6
// cube and the grey ramp, whose values every such terminal shares (0..15 follow the terminal's
// theme, so they are left out).
int xterm_colour(Rgb colour);

// The colour xterm shows for index 16..255.
Rgb xterm_rgb(int index);

}  // namespace nl
