// PNG pictures: the SVG of svg.hpp rasterised by librsvg onto a cairo image surface, written
// with cairo's PNG encoder. librsvg and cairo stay behind this header.
#pragma once

#include <string>

namespace nl::render {

// Pictures larger than this are scaled down to fit: at most kMaxPngSide pixels on a side and
// kMaxPngPixels pixels in all (about 160 MB of memory while drawing).
inline constexpr int kMaxPngSide = 8192;
inline constexpr long kMaxPngPixels = 40'000'000;

// The PNG file (its bytes) of an SVG document, at the SVG's own size in pixels unless the
// limits above scale it down. Throws InternalError when librsvg or cairo fail (our SVG is
// always valid, so that is a bug or an exhausted machine).
std::string png_from_svg(const std::string& svg);

}  // namespace nl::render
