// Loading the HTTP module; see http_loader.hpp and app/module_loader.hpp.
#include "server/http_loader.hpp"

#include "app/module_loader.hpp"

namespace nl::server {

HttpServeFunction load_http_module() {
    const app::Module module = app::load_module(kHttpModuleName, kHttpServeSymbol, "HTTP");
    if (!module.entry) throw app::ModuleMissing(module.error);
    return reinterpret_cast<HttpServeFunction>(module.entry);
}

}  // namespace nl::server
