// The boundary between the numberlink program and its HTTP module (numberlink-http.so).
//
// `numberlink serve` speaks HTTP through cpp-httplib, which Debian ships as a shared library
// linked with OpenSSL, zlib and brotli. Linked into the program, those would be loaded at every
// start of every command (issue 14 measures start-up), so, as with the PNG module
// (render/png_module.hpp), the HTTP code is a module of its own that only `serve` loads, with
// dlopen (server/http_loader.cpp). The module knows nothing of puzzles: it listens, hands every
// request to the program's handler and sends back what the handler answers. So the module is
// the transport, and the program (server/routes.cpp) decides every answer.
//
// Plain C types cross the boundary (no exception, allocation or C++ type), and the version in
// the symbol's name changes whenever these types do, so that a stale module is refused by name.
#pragma once

#include <cstddef>

namespace nl::server {

struct HttpRequestView {
    const char* method;  // "GET", "POST", ...
    const char* path;    // without the query string
    const char* body;
    std::size_t body_size;
};

// The handler's answer, given once per request: status, content type and body.
using HttpAnswer = void (*)(void* reply, int status, const char* content_type, const char* body, std::size_t size);

// Called on one of the module's threads for every request (never throws).
using HttpHandler = void (*)(void* closure, const HttpRequestView* request, void* reply, HttpAnswer answer);

struct HttpServeConfig {
    const char* bind;             // address to listen on, e.g. "127.0.0.1"
    int port;                     // 0: any free port
    std::size_t max_body;         // bodies beyond get 413 from the module itself
    int threads;                  // connections served at once
    HttpHandler handler;
    void* closure;                // passed to handler, on_listening and should_stop
    // Called once the socket is bound, with the port (before any request is served).
    void (*on_listening)(void* closure, int port);
    // Polled every few milliseconds; when it returns nonzero the module stops accepting, waits
    // for the requests being served to be answered and returns.
    int (*should_stop)(void* closure);
};

// Serves until should_stop says so. Returns 0, or 1 with a message (NUL-terminated, truncated
// to `message_size`) when the address cannot be bound. Never throws.
using HttpServeFunction = int (*)(const HttpServeConfig* config, char* message, std::size_t message_size);

inline constexpr const char* kHttpModuleName = "numberlink-http.so";
inline constexpr const char* kHttpServeSymbol = "numberlink_http_serve_v1";

}  // namespace nl::server
