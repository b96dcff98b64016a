// The boundary between the numberlink program and its PNG module (numberlink-png.so).
//
// PNG pictures need librsvg and cairo, which bring about 50 shared libraries with them; linking
// them into the program made every command, even `--help`, pay ~20 ms of CPU to load and relocate
// them. So the PNG code (png.cpp) is built as a module of its own that the program loads with
// dlopen the first time it draws a PNG (frontend/png_loader.cpp); every other command starts with
// only the libraries it uses. docs/startup.md explains the choice against a helper program.
//
// The module exports one C function, so that no C++ exception, allocation or type crosses the
// boundary: the caller passes the SVG, gets the PNG's bytes through a callback, and on failure
// a message in its own buffer. The version in the symbol's name changes whenever this
// signature does, so that a stale module is refused by name instead of called wrongly.
#pragma once

#include <cstddef>

namespace nl::render {

// Receives the PNG file's bytes, in pieces, in order.
using PngSink = void (*)(void* closure, const char* data, std::size_t size);

// Returns 0 and the PNG through `sink`, or 1 with a message (NUL-terminated, truncated to
// `message_size`) in `message`. Never throws.
using PngFromSvgFunction = int (*)(const char* svg, std::size_t svg_size, PngSink sink, void* closure,
                                   char* message, std::size_t message_size);

inline constexpr const char* kPngModuleName = "numberlink-png.so";
inline constexpr const char* kPngFromSvgSymbol = "numberlink_png_from_svg_v1";

}  // namespace nl::render
