// Text of SVG documents shared by the picture writers (svg.cpp and svg_marks.cpp): numbers in
// path data and attributes, points, and escaped XML text. Internal to render/.
#pragma once

#include <string>
#include <string_view>

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

}  // namespace nl::render
