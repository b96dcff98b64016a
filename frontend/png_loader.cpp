// Loading the PNG module on demand; see png_loader.hpp, render/png_module.hpp and
// module_loader.hpp (where it is looked for).
#include "frontend/png_loader.hpp"

#include "frontend/module_loader.hpp"
#include "core/errors.hpp"
#include "render/png.hpp"
#include "render/png_module.hpp"

namespace nl::frontend {

namespace {

const Module& module() {
    static const Module loaded = load_module(render::kPngModuleName, render::kPngFromSvgSymbol, "PNG");
    return loaded;
}

void append_bytes(void* closure, const char* data, std::size_t size) { static_cast<std::string*>(closure)->append(data, size); }

}  // namespace

void require_png_module() {
    const Module& m = module();
    if (!m.entry)
        throw ModuleMissing("PNG pictures are not available: " + m.error +
                            "; SVG pictures (.svg, --output svg) do not need it");
}

std::string png_from_svg(const std::string& svg) {
    require_png_module();
    // Here, not only in the module: its errors come back as text, which would read as internal.
    render::check_png_drawable(svg);
    std::string png;
    char message[512] = "";
    const auto draw = reinterpret_cast<render::PngFromSvgFunction>(module().entry);
    if (draw(svg.data(), svg.size(), append_bytes, &png, message, sizeof message) != 0)
        throw InternalError(message);
    return png;
}

}  // namespace nl::frontend
