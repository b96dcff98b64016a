// The boundary between the numberlink program and its HTTP module (numberlink-http.so).
//
// `numberlink serve` speaks HTTP through cpp-httplib, which Debian ships as a shared library
// linked with OpenSSL, zlib and brotli. Linked into the program, those would be loaded at every
// start of every command, and a small solve costs a few milliseconds (docs/startup.md), so, as with the PNG module
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
    const char* method;         // "GET", "POST", ...
    const char* path;           // decoded, without the query string; may hold a NUL byte
    std::size_t path_size;
    const char* host;           // the Host header, "" when absent
    const char* content_type;   // the Content-Type header, "" when absent
    const char* local_address;  // the address the connection came in on, numeric
    const char* body;           // nullptr in check_head: the body is not read yet
    std::size_t body_size;
};

// The handler's answer, given at most once per call: status, content type and body.
using HttpAnswer = void (*)(void* reply, int status, const char* content_type, const char* body, std::size_t size);

// Called on one of the module's threads (never throws).
using HttpHandler = void (*)(void* closure, const HttpRequestView* request, void* reply, HttpAnswer answer);

struct HttpServeConfig {
    const char* bind;             // numeric address to listen on, e.g. "127.0.0.1"
    int port;                     // 0: any free port
    std::size_t max_body;         // bodies beyond get 413, and are not read further
    int threads;                  // requests served at once
    double request_timeout;       // seconds a client has, from connecting, to send its whole request
    int per_address;              // connections of one client address waiting for their request head
    // Called once the request's head is read, before its body: when it answers, that is the
    // request's answer and the body is never read (how Host, method and Content-Type are refused).
    HttpHandler check_head;
    HttpHandler handler;          // the request with its body, when check_head did not answer
    void* closure;                // passed to the handlers, on_listening and should_stop
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
inline constexpr const char* kHttpServeSymbol = "numberlink_http_serve_v2";

}  // namespace nl::server
