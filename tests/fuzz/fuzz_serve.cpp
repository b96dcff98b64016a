// libFuzzer target "serve" (scripts/fuzz serve SECONDS): the program's side of a request to
// `numberlink serve`, as the HTTP module hands it over (server/http_module.hpp): the head check
// (server/request_policy.hpp), then the routing and every endpoint's request parsing
// (server/routes.cpp, server/api_request.cpp). The input is "METHOD PATH\nHOST\nCONTENT-TYPE\n"
// and the body. The server's time limit is 1 ms, so the solving endpoints parse their request
// and stop at once. A crash, a sanitizer report, an exception out of the handlers or an answer
// 500 (an internal error: bad input must get 4xx) is a finding. It has no seed corpus under
// tests/fuzz/corpus (tests/test_fuzz_regressions.cpp replays those through the library's
// entries, which do not include the server); tests/fuzz/dict/serve.dict gives it the words.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "server/request_policy.hpp"
#include "server/routes.hpp"

namespace {

std::string_view next_line(std::string_view& rest) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    return line;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view rest(reinterpret_cast<const char*>(data), size);
    const std::string_view request_line = next_line(rest);
    const std::size_t space = request_line.find(' ');
    const std::string method(request_line.substr(0, space));
    const std::string path(space == std::string_view::npos ? std::string_view() : request_line.substr(space + 1));
    const std::string_view host = next_line(rest), type = next_line(rest);

    static nl::server::ServerSettings settings{0.001, std::size_t{1} << 30, 4 << 20, 10};
    static nl::server::Limits limits(1, 0);
    const nl::server::ServerIdentity identity{"127.0.0.1", 8080};
    const nl::server::RequestHead head{method, path, host, type, "127.0.0.1"};
    if (nl::server::check_request_head(head, identity)) return 0;
    const nl::server::ApiResponse r = nl::server::route({settings, limits}, method, path, std::string(rest));
    if (r.status == 500 && r.body.find("out of memory") == std::string::npos)
        throw std::logic_error("500 for a request: " + r.body);
    return 0;
}
