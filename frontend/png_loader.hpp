// PNG pictures for the command line: loads the PNG module (numberlink-png.so, see
// render/png_module.hpp) the first time a PNG is wanted, so that commands that draw none never
// load librsvg, cairo and their ~50 libraries.
#pragma once

#include <string>

#include "frontend/module_loader.hpp"

namespace nl::frontend {

// Loads the module once per process (thread-safe; where it is looked for: module_loader.hpp);
// throws ModuleMissing. Commands call it
// as soon as they know they will draw PNGs, so that a missing module stops them before any work.
void require_png_module();

// The PNG file of an SVG document (render/png.hpp's png_from_svg, in the module). Throws
// ModuleMissing, or InternalError when drawing fails.
std::string png_from_svg(const std::string& svg);

}  // namespace nl::frontend
