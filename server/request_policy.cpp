// Which requests the server takes; see request_policy.hpp.
#include "server/request_policy.hpp"

#include <algorithm>
#include <cctype>

namespace nl::server {

namespace {

bool same_name(std::string_view a, std::string_view b) {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

// An address as it appears in Host: IPv6 in brackets.
std::string host_form(std::string_view name) {
    if (name.find(':') == std::string_view::npos) return std::string(name);
    std::string bracketed = "[";  // += : GCC 12 warns falsely on "[" + string (bug 105329)
    bracketed += name;
    bracketed += ']';
    return bracketed;
}

// Host is NAME or NAME:PORT (NAME possibly [IPv6]); a missing port is 80.
bool names_this_server(std::string_view host, const RequestHead& head, const ServerIdentity& server) {
    std::string_view name = host, port = "80";
    const std::size_t colon = host.rfind(':');
    if (colon != std::string_view::npos && host.find(']', colon) == std::string_view::npos) {
        name = host.substr(0, colon);
        port = host.substr(colon + 1);
    }
    if (port != std::to_string(server.port)) return false;
    for (const std::string& known : {std::string("127.0.0.1"), std::string("localhost"), std::string("[::1]"),
                                     host_form(server.bind), host_form(head.local_address)})
        if (!known.empty() && known != "[]" && same_name(name, known)) return true;
    return false;
}

// The media type of a Content-Type value: before any parameter, without spaces.
std::string_view media_type(std::string_view value) {
    value = value.substr(0, value.find(';'));
    while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    return value;
}

}  // namespace

std::optional<ApiResponse> check_request_head(const RequestHead& head, const ServerIdentity& server) {
    if (!names_this_server(head.host, head, server))
        return error_response(403, "the Host header must name this server (127.0.0.1, localhost or [::1] with port " +
                                       std::to_string(server.port) + "), not '" + std::string(head.host) + "'");
    if (head.method != "GET" && head.method != "HEAD" && head.method != "POST")
        return error_response(405, "method " + std::string(head.method) + " is not served (GET, HEAD, POST)");
    if (head.method == "POST" && !same_name(media_type(head.content_type), "application/json"))
        return error_response(415, "a request body must be JSON, sent with Content-Type: application/json");
    return std::nullopt;
}

}  // namespace nl::server
