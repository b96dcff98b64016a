// Loading the HTTP module; see http_loader.hpp and app/module_loader.hpp.
#include "server/http_loader.hpp"

#include "app/module_loader.hpp"

namespace nl::server {

HttpServeFunction load_http_module() {
    return reinterpret_cast<HttpServeFunction>(app::load_module(kHttpModuleName, kHttpServeSymbol, "HTTP"));
}

}  // namespace nl::server
