// The JSON API of `numberlink serve` (docs/serve.md): one function per endpoint, each taking
// the request's body and answering with the record the CLI prints for the same work with
// `--output json` (frontend/records.hpp builds both).
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "server/limits.hpp"

namespace nl::server {

struct ApiResponse {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
};

// The server's own limits (`numberlink serve` options).
struct ServerSettings {
    double timeout = 10;         // seconds per request (cap of the request's `timeout`), 0: none
    std::size_t max_memory = 0;  // bytes of resident memory (solver/base/budget.hpp), 0: none
    std::size_t max_body = 4 << 20;
    long max_count = 1000;       // cap of /api/count's `max`
};

struct ApiContext {
    const ServerSettings& settings;
    Limits& limits;
};

// GET /api/info.
ApiResponse api_info(const ApiContext& context);
// POST /api/read, /api/convert, /api/render: reading and writing puzzles (api_puzzles.cpp).
ApiResponse api_read(const ApiContext& context, const std::string& body);
ApiResponse api_convert(const ApiContext& context, const std::string& body);
ApiResponse api_render(const ApiContext& context, const std::string& body);
// POST /api/solve, /api/unique, /api/count, /api/generate: solving, under the limits
// (api_solving.cpp).
ApiResponse api_solve(const ApiContext& context, const std::string& body);
ApiResponse api_unique(const ApiContext& context, const std::string& body);
ApiResponse api_count(const ApiContext& context, const std::string& body);
ApiResponse api_generate(const ApiContext& context, const std::string& body);

// {"error": message} with `status`.
ApiResponse error_response(int status, const std::string& message);
// A JSON value as the response body (invalid UTF-8 from names replaced, as json_line does).
ApiResponse json_response(const nlohmann::ordered_json& value);

}  // namespace nl::server
