// Text of SVG documents shared by the picture writers (svg.cpp and svg_marks.cpp): numbers in
// path data and attributes, points, and escaped XML text. Internal to render/.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace nl::render {

// Coordinates with at most two decimals and no trailing zeros: short, and exact for the
// integer cell sizes the command line allows.
std::string num(double v);

// "x y", a point in path data.
std::string at(double x, double y);

// Text for XML content and attributes. Markup characters are escaped; bytes that are not
// valid UTF-8, and characters XML 1.0 forbids (control characters, U+FFFE, U+FFFF), become
// U+FFFD, so the document stays well-formed whatever a file named its puzzle or labels.
std::string xml_text(std::string_view in);

// Long path data goes into several elements, none with an attribute over kMaxPathData
// characters: libxml2, which reads the SVG for librsvg (our PNGs), refuses an attribute value
// over 10,000,000 characters, and the blocked cells of a board of four million cells take 50 M.
// The pieces are cut where a subpath starts ("M"), so each draws on its own; a long polyline
// (a pipe, a board's outline) is therefore cut into subpaths of at most kMaxSubpath characters,
// each starting where the one before ended.
inline constexpr std::size_t kMaxPathData = 1'000'000;
inline constexpr std::size_t kMaxSubpath = 100'000;
std::vector<std::string_view> path_pieces(std::string_view d);

}  // namespace nl::render
