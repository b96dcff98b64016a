// Which answer a request gets: the API endpoints (server/api.hpp) under /api/, the page's files
// elsewhere; 404 for an unknown path, 405 for a known one with the wrong method, and every
// error as {"error": message} with its status: bad input 400 (the CLI's message), internal
// errors 500.
#pragma once

#include <string>

#include "server/api.hpp"

namespace nl::server {

ApiResponse route(const ApiContext& context, const std::string& method, const std::string& path,
                  const std::string& body);

}  // namespace nl::server
