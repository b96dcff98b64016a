// Routing and error mapping; see routes.hpp.
#include "server/routes.hpp"

#include <new>

#include "core/errors.hpp"
#include "frontend/module_loader.hpp"
#include "frontend/usage_error.hpp"
#include "server/api_request.hpp"
#include "server/static_files.hpp"

namespace nl::server {

namespace {

using PostEndpoint = ApiResponse (*)(const ApiContext&, const std::string&);

struct Endpoint {
    const char* name;
    PostEndpoint run;
};

const Endpoint kPostEndpoints[] = {
    {"read", api_read},   {"convert", api_convert}, {"render", api_render},     {"solve", api_solve},
    {"unique", api_unique}, {"count", api_count},   {"generate", api_generate},
};

ApiResponse dispatch(const ApiContext& context, const std::string& method, const std::string& path,
                     const std::string& body) {
    const std::string api = "/api/";
    if (path.rfind(api, 0) == 0) {
        const std::string name = path.substr(api.size());
        if (name == "info") return method == "GET" ? api_info(context) : error_response(405, "use GET for /api/info");
        for (const Endpoint& e : kPostEndpoints)
            if (name == e.name) return method == "POST" ? e.run(context, body) : error_response(405, "use POST for " + path);
        return error_response(404, "no endpoint " + path);
    }
    const EmbeddedFile* file = find_web_file(path);
    if (!file) return error_response(404, "no file " + path);
    if (method != "GET") return error_response(405, "use GET for " + path);
    return {200, file->content_type, std::string(reinterpret_cast<const char*>(file->data), file->size)};
}

}  // namespace

ApiResponse route(const ApiContext& context, const std::string& method, const std::string& path,
                  const std::string& body) {
    try {
        return dispatch(context, method, path, body);
    } catch (const ApiError& e) {
        return error_response(e.status, e.what());
    } catch (const InputError& e) {  // a puzzle file's mistake: "request:LINE: message", as the CLI prints it
        return error_response(400, e.what());
    } catch (const frontend::UsageError& e) {  // an option's bad value: the CLI's message
        return error_response(400, e.what());
    } catch (const ModelError& e) {
        return error_response(400, e.what());
    } catch (const nlohmann::json::exception& e) {
        // A value of the wrong kind that the endpoints' own checks (api_request.hpp) did not name:
        // nlohmann's words without its internal tag ("[json.exception.type_error.302] ").
        const std::string what = e.what();
        const std::size_t tag = what.rfind("] ", what.find(' '));
        return error_response(400, "request: a value of the wrong kind: " +
                                       (tag == std::string::npos ? what : what.substr(tag + 2)));
    } catch (const frontend::ModuleMissing& e) {
        return error_response(500, e.what());
    } catch (const InternalError& e) {
        return error_response(500, std::string("internal error: ") + e.what());
    } catch (const std::bad_alloc&) {
        return error_response(500, "out of memory");
    } catch (const std::exception& e) {
        return error_response(500, std::string("internal error: ") + e.what());
    }
}

}  // namespace nl::server
