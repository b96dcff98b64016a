// numberlink's public C++ API: SVG pictures of a puzzle or a solution (nl::render::svg_picture), written by
// numberlink's own code. In the library target numberlink::render. (PNG pictures need librsvg and
// are drawn by the command line's module only.)
#pragma once

#include "render/svg.hpp"
