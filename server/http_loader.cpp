// Loading the HTTP module; see http_loader.hpp and frontend/module_loader.hpp.
#include "server/http_loader.hpp"

#include "frontend/module_loader.hpp"

namespace nl::server {

HttpServeFunction load_http_module() {
    const frontend::Module module = frontend::load_module(kHttpModuleName, kHttpServeSymbol, "HTTP");
    if (!module.entry) throw frontend::ModuleMissing(module.error);
    return reinterpret_cast<HttpServeFunction>(module.entry);
}

}  // namespace nl::server
