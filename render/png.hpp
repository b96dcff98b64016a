// PNG pictures: the SVG of svg.hpp rasterised by librsvg onto a cairo image surface, written
// with cairo's PNG encoder. librsvg and cairo stay behind this header.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>

#include "core/errors.hpp"

namespace nl::render {

// Pictures larger than this are scaled down to fit: at most kMaxPngSide pixels on a side and
// kMaxPngPixels pixels in all (about 160 MB of memory while drawing).
inline constexpr int kMaxPngSide = 8192;
inline constexpr long kMaxPngPixels = 40'000'000;

// librsvg loads at most a million elements of a document (its defence against files made to
// exhaust memory). A picture with more (a dot for each end of 500,000 labels, a polygon for each
// cell of a hex board of a million cells) cannot be drawn as PNG; its SVG can.
inline constexpr std::size_t kMaxPngElements = 1'000'000;

// The factor (at most 1) that brings a picture of width x height pixels within the limits above.
inline double png_scale(double width, double height) {
    return std::min({1.0, kMaxPngSide / width, kMaxPngSide / height,
                     std::sqrt(static_cast<double>(kMaxPngPixels) / (width * height))});
}

// A picture whose shorter side would shrink below this many pixels to fit the limits above (a
// board of 10 x 100,000 cells) shows nothing one could read, and librsvg takes minutes to draw it.
inline constexpr double kMinPngShortSide = 16;

// The number in the attribute `name` of the SVG document's root element, 0 when absent.
inline double svg_root_attribute(std::string_view svg, std::string_view name) {
    const std::size_t root = svg.find("<svg");
    if (root == std::string_view::npos) return 0;
    const std::size_t end = svg.find('>', root);
    const std::string_view tag = svg.substr(root, end == std::string_view::npos ? svg.size() - root : end - root);
    std::string key(" ");
    key.append(name).append("=\"");
    const std::size_t at = tag.find(key);
    if (at == std::string_view::npos) return 0;
    double value = 0;
    for (std::size_t i = at + key.size(); i < tag.size() && tag[i] >= '0' && tag[i] <= '9'; ++i)
        value = value * 10 + (tag[i] - '0');
    return value;
}

// The elements of an SVG document (its start tags), counted without parsing it.
inline std::size_t svg_element_count(std::string_view svg) {
    std::size_t count = 0;
    for (std::size_t at = svg.find('<'); at != std::string_view::npos; at = svg.find('<', at + 1))
        if (at + 1 < svg.size() && svg[at + 1] != '/' && svg[at + 1] != '?' && svg[at + 1] != '!') ++count;
    return count;
}

// Throws ModelError, saying why, when librsvg would refuse to draw `svg` (above). Inline: the
// command line checks before it loads the PNG module.
inline void check_png_drawable(std::string_view svg) {
    const std::size_t elements = svg_element_count(svg);
    if (elements > kMaxPngElements)
        throw ModelError("too large to draw as PNG: the picture has " + std::to_string(elements) +
                         " SVG elements and librsvg draws at most " + std::to_string(kMaxPngElements) +
                         " (an SVG picture, .svg or --output svg, has no such limit)");
    const double width = svg_root_attribute(svg, "width"), height = svg_root_attribute(svg, "height");
    if (width > 0 && height > 0) {
        const double shrink = png_scale(width, height);
        if (std::min(width, height) * shrink < kMinPngShortSide)
            throw ModelError("too long and narrow to draw as PNG: the picture of " + std::to_string(long(width)) +
                             " x " + std::to_string(long(height)) + " pixels would shrink to " +
                             std::to_string(std::max(1L, long(width * shrink))) + " x " +
                             std::to_string(std::max(1L, long(height * shrink))) +
                             " (an SVG picture, .svg or --output svg, has no such limit)");
    }
}

// The PNG file (its bytes) of an SVG document, at the SVG's own size in pixels unless the
// limits above scale it down. Throws ModelError for a picture that check_png_drawable refuses,
// InternalError when librsvg or cairo fail (our SVG is always valid, so that is a bug or an
// exhausted machine).
std::string png_from_svg(const std::string& svg);

}  // namespace nl::render
