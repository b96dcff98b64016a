// Which requests the server takes at all, decided from the request's head before its body is
// read (the HTTP module calls this first, server/http_module.hpp).
//
// A web page the user visits can send requests to a server on the user's machine: a form or a
// `text/plain` fetch needs no permission from the server (no CORS preflight), and DNS
// rebinding lets a page on evil.example reach 127.0.0.1 under its own name. So:
// - the Host header must name this server: 127.0.0.1, localhost, [::1], the --bind name or the
//   address the connection came in on, with the server's port (403 otherwise);
// - only GET, HEAD and POST (405), and a POST's body must be JSON: Content-Type
//   application/json, which a page can only send to another site after a preflight that this
//   server never grants (415 otherwise).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/api.hpp"

namespace nl::server {

struct RequestHead {
    std::string_view method;
    std::string_view path;
    std::string_view host;
    std::string_view content_type;
    std::string_view local_address;  // numeric, as the connection came in
};

struct ServerIdentity {
    std::string bind;  // the --bind name
    int port = 0;
};

// The refusal of a request, or nullopt when it may go on.
std::optional<ApiResponse> check_request_head(const RequestHead& head, const ServerIdentity& server);

}  // namespace nl::server
