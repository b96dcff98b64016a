// Loading the HTTP module (numberlink-http.so, server/http_module.hpp) when `serve` starts, so
// that no other command loads cpp-httplib and the OpenSSL, zlib and brotli libraries it brings.
#pragma once

#include "server/http_module.hpp"

namespace nl::server {

// The module's serve function. Throws frontend::ModuleMissing naming the paths tried and the
// loader's reason when the module is missing or of another version (frontend/module_loader.hpp).
HttpServeFunction load_http_module();

}  // namespace nl::server
