// Loading the PNG module on demand; see png_loader.hpp and render/png_module.hpp.
//
// The module is found relative to the program's own file rather than through the dynamic
// loader's search path (LD_LIBRARY_PATH, the system directories): the program and its module
// come from the same build, and a module elsewhere on the system could be a different version.
#include "app/png_loader.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <filesystem>
#include <vector>

#include "core/errors.hpp"
#include "render/png_module.hpp"

namespace nl::app {

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> candidate_paths() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    const fs::path dir = self.parent_path();
    return {dir / render::kPngModuleName, (dir / ".." / "lib" / "numberlink" / render::kPngModuleName).lexically_normal()};
}

struct Loaded {
    render::PngFromSvgFunction png_from_svg = nullptr;
    std::string error;  // why loading failed, when png_from_svg is null
};

// Tries each candidate; the first file that exists decides (a broken module is reported, not
// skipped for another one further down the list). The handle is never closed: the module
// stays loaded until the process ends, as a linked library would.
Loaded load() {
    const std::vector<fs::path> candidates = candidate_paths();
    std::string tried;
    for (const fs::path& path : candidates) {
        tried += (tried.empty() ? "" : ", ") + path.string();
        std::error_code ec;
        if (!fs::exists(path, ec)) continue;
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) return {nullptr, "cannot load " + path.string() + ": " + dlerror()};
        void* symbol = dlsym(handle, render::kPngFromSvgSymbol);
        if (!symbol)
            return {nullptr, path.string() + " is not a numberlink PNG module of this version (no " +
                                 render::kPngFromSvgSymbol + ")"};
        return {reinterpret_cast<render::PngFromSvgFunction>(symbol), ""};
    }
    if (candidates.empty()) return {nullptr, "cannot find the program's own file (/proc/self/exe)"};
    return {nullptr, std::string(render::kPngModuleName) + " is not installed (looked for " + tried + ")"};
}

const Loaded& module() {
    static const Loaded loaded = load();  // C++ guarantees one thread-safe initialisation
    return loaded;
}

void append_bytes(void* closure, const char* data, std::size_t size) { static_cast<std::string*>(closure)->append(data, size); }

}  // namespace

void require_png_module() {
    const Loaded& m = module();
    if (!m.png_from_svg)
        throw PngModuleMissing("PNG pictures are not available: " + m.error +
                               "; SVG pictures (.svg, --output svg) do not need it");
}

std::string png_from_svg(const std::string& svg) {
    require_png_module();
    std::string png;
    char message[512] = "";
    if (module().png_from_svg(svg.data(), svg.size(), append_bytes, &png, message, sizeof message) != 0)
        throw InternalError(message);
    return png;
}

}  // namespace nl::app
