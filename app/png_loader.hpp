// PNG pictures for the command line: loads the PNG module (numberlink-png.so, see
// render/png_module.hpp) the first time a PNG is wanted, so that commands that draw none never
// load librsvg, cairo and their ~50 libraries.
#pragma once

#include <stdexcept>
#include <string>

namespace nl::app {

// The module is not where the program looks for it, or it is not a numberlink PNG module of
// this version. The message names the paths tried and the loader's reason; run_guarded turns
// it into exit code 70 (an incomplete installation, not bad input).
// The module is looked for, in order: beside the program's own file (/proc/self/exe; the build
// tree), then in ../lib/numberlink/ from there (an installed tree: bin/numberlink and
// lib/numberlink/numberlink-png.so).
struct PngModuleMissing : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Loads the module once per process (thread-safe); throws PngModuleMissing. Commands call it
// as soon as they know they will draw PNGs, so that a missing module stops them before any work.
void require_png_module();

// The PNG file of an SVG document (render/png.hpp's png_from_svg, in the module). Throws
// PngModuleMissing, or InternalError when drawing fails.
std::string png_from_svg(const std::string& svg);

}  // namespace nl::app
