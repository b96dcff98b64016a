// Loading a module on demand; see module_loader.hpp.
#include "frontend/module_loader.hpp"

#include <dlfcn.h>

#include <filesystem>

namespace nl::frontend {

Module load_module(const std::string& name, const std::string& symbol, const std::string& kind, Binding binding) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {nullptr, "cannot find the program's own file (/proc/self/exe)"};
    const fs::path dir = self.parent_path();
    std::string tried;
    for (const fs::path& path : {dir / name, (dir / ".." / "lib" / "numberlink" / name).lexically_normal()}) {
        tried += (tried.empty() ? "" : ", ") + path.string();
        if (!fs::exists(path, ec)) continue;
        void* handle = dlopen(path.c_str(), (binding == Binding::Lazy ? RTLD_LAZY : RTLD_NOW) | RTLD_LOCAL);
        if (!handle) return {nullptr, "cannot load " + path.string() + ": " + dlerror()};
        void* entry = dlsym(handle, symbol.c_str());
        if (!entry)
            return {nullptr, path.string() + " is not a numberlink " + kind + " module of this version (no " + symbol + ")"};
        return {entry, ""};
    }
    return {nullptr, name + " is not installed (looked for " + tried + ")"};
}

}  // namespace nl::frontend
