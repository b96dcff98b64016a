// The HTTP module's one exported entry point (see http_module.hpp): a cpp-httplib server that
// passes every request to the program's handler. Built only into numberlink-http.so, with every
// other symbol hidden.
//
// What cpp-httplib 0.11.4 (Debian bookworm) does for us here: the body limit (413 before the
// body is read, from Content-Length), a fixed pool of threads serving connections, stop() from
// another thread. Its listen backlog of 5 is raised here (below). What it cannot do: tell a handler that its client went away (no
// Request::is_connection_closed before 0.14), so a solve whose client left runs to its budget;
// the `channel` field (server/limits.hpp) is how a client cancels what it no longer needs.
#include <httplib.h>

#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <exception>
#include <string>
#include <thread>
#include <type_traits>

#include "server/http_module.hpp"

namespace {

using nl::server::HttpServeConfig;

void copy_message(const char* text, char* message, std::size_t message_size) {
    if (message_size == 0) return;
    std::strncpy(message, text, message_size - 1);
    message[message_size - 1] = '\0';
}

void answer(void* reply, int status, const char* content_type, const char* body, std::size_t size) {
    auto* res = static_cast<httplib::Response*>(reply);
    res->status = status;
    res->set_content(std::string(body, size), content_type);
}

std::string json_string(const std::string& text) {  // text is ASCII here
    std::string out = "\"";
    for (char c : text) out += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
    return out + "\"";
}

int serve(const HttpServeConfig& config, char* message, std::size_t message_size) {
    httplib::Server server;
    server.new_task_queue = [threads = config.threads] { return new httplib::ThreadPool(threads); };
    server.set_payload_max_length(config.max_body);
    // Idle keep-alive connections hold a thread and delay stopping by up to this long.
    server.set_keep_alive_timeout(1);
    const auto route = [&config](const httplib::Request& req, httplib::Response& res) {
        const nl::server::HttpRequestView view{req.method.c_str(), req.path.c_str(), req.body.data(), req.body.size()};
        config.handler(config.closure, &view, &res, answer);
    };
    const char* any = ".*";
    server.Get(any, route);
    server.Post(any, route);
    server.Put(any, route);
    server.Delete(any, route);
    server.Patch(any, route);
    server.Options(any, route);
    // Errors the library answers itself (413, a malformed request) get a JSON body like ours.
    server.set_error_handler(httplib::Server::HandlerWithResponse([&config](const httplib::Request&, httplib::Response& res) {
        if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
        std::string what = res.status == 413 ? "request body over " + std::to_string(config.max_body) + " bytes"
                                             : "HTTP error " + std::to_string(res.status);
        res.set_content("{\"error\": " + json_string(what) + "}", "application/json");
        return httplib::Server::HandlerResponse::Handled;
    }));
    // cpp-httplib 0.11 listens with a backlog of 5: a burst of connections (the test's 100 at
    // once) overflowed it and some were reset. Listening again on the bound socket raises it.
    int listening = -1;
    // Also instead of cpp-httplib's default options, which add SO_REUSEPORT: with it a second
    // server on the same port started as if all was well, and the kernel shared the
    // connections between the two. SO_REUSEADDR alone lets a restarted server take its port back.
    server.set_socket_options([&listening](socket_t sock) {
        const int yes = 1;
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        listening = sock;
    });
    const int port = config.port == 0 ? server.bind_to_any_port(config.bind)
                                      : (server.bind_to_port(config.bind, config.port) ? config.port : -1);
    if (port >= 0 && listening >= 0) ::listen(listening, SOMAXCONN);
    if (port < 0) {
        const std::string text = std::string("cannot listen on ") + config.bind + " port " + std::to_string(config.port) +
                                  ": " + std::strerror(errno);
        copy_message(text.c_str(), message, message_size);
        return 1;
    }
    config.on_listening(config.closure, port);
    std::atomic<bool> done{false};
    std::thread watcher([&] {
        while (!done && !config.should_stop(config.closure)) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        server.stop();
    });
    server.listen_after_bind();  // returns after stop(), once the thread pool has finished
    done = true;
    watcher.join();
    return 0;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) int numberlink_http_serve_v1(const HttpServeConfig* config,
                                                                             char* message, std::size_t message_size) {
    try {
        return serve(*config, message, message_size);
    } catch (const std::exception& e) {
        copy_message(e.what(), message, message_size);
    } catch (...) {
        copy_message("unknown error in the HTTP module", message, message_size);
    }
    return 1;
}

// The definition has the type the program casts the looked-up symbol to.
static_assert(std::is_same_v<decltype(&numberlink_http_serve_v1), nl::server::HttpServeFunction>);
