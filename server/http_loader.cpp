// Loading the HTTP module; see http_loader.hpp (the same search as app/png_loader.cpp).
#include "server/http_loader.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <stdexcept>
#include <string>

namespace nl::server {

HttpServeFunction load_http_module() {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) throw std::runtime_error("cannot find the program's own file (/proc/self/exe)");
    const fs::path dir = self.parent_path();
    std::string tried;
    for (const fs::path& path :
         {dir / kHttpModuleName, (dir / ".." / "lib" / "numberlink" / kHttpModuleName).lexically_normal()}) {
        tried += (tried.empty() ? "" : ", ") + path.string();
        if (!fs::exists(path, ec)) continue;
        // The handle stays open until the process ends, as a linked library would.
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) throw std::runtime_error("cannot load " + path.string() + ": " + dlerror());
        void* symbol = dlsym(handle, kHttpServeSymbol);
        if (!symbol)
            throw std::runtime_error(path.string() + " is not a numberlink HTTP module of this version (no " +
                                     kHttpServeSymbol + ")");
        return reinterpret_cast<HttpServeFunction>(symbol);
    }
    throw std::runtime_error(std::string(kHttpModuleName) + " is not installed (looked for " + tried + ")");
}

}  // namespace nl::server
