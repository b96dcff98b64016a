// The HTTP module's one exported entry point (see http_module.hpp): cpp-httplib's request
// parsing and answering, with our own connection handling around it. Built only into
// numberlink-http.so, with every other symbol hidden.
//
// cpp-httplib 0.11.4 (Debian bookworm) is a compiled library built with zlib and brotli: it
// inflates a Content-Encoding body before any handler sees it, checks the body limit only
// against Content-Length (a chunked body, or one without a length, is read whole), gives each
// accepted connection to a serving thread at once and times out each recv, not the request.
// So here:
// - connections wait for their request head in the gate (transport/gate.hpp), on a thread of
//   its own, with a deadline for the whole head and a cap per client address;
// - each request is read through transport/request_stream.hpp (one deadline for the whole
//   request, a byte budget) by cpp-httplib's process_request, one request per connection;
// - before the body is read, a compressed body is refused (415), a declared length over the
//   limit gets 413, and the program's check_head may refuse the request (Host, method,
//   Content-Type); the body is then read by our receiver, which stops at the limit (413).
// It cannot tell a handler that its client went away (no Request::is_connection_closed before
// 0.14), so a solve whose client left runs to its budget; the `channel` field
// (server/limits.hpp) is how a client cancels what it no longer needs.
#include <httplib.h>

#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <thread>
#include <type_traits>

#include "server/http_module.hpp"
#include "server/transport/gate.hpp"
#include "server/transport/request_stream.hpp"

namespace {

using nl::server::HttpRequestView;
using nl::server::HttpServeConfig;
namespace transport = nl::server::transport;

void copy_message(const char* text, char* message, std::size_t message_size) {
    if (message_size == 0) return;
    std::strncpy(message, text, message_size - 1);
    message[message_size - 1] = '\0';
}

struct Reply {
    httplib::Response& res;
    bool answered = false;
};

void answer(void* reply, int status, const char* content_type, const char* body, std::size_t size) {
    auto& r = *static_cast<Reply*>(reply);
    r.res.status = status;
    r.res.set_content(std::string(body, size), content_type);
    r.answered = true;
}

std::string json_string(const std::string& text) {  // text is ASCII here
    std::string out = "\"";
    for (char c : text) out += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
    return out + "\"";
}

void error(httplib::Response& res, int status, const std::string& message) {
    res.status = status;
    res.set_content("{\"error\": " + json_string(message) + "}", "application/json");
}

// cpp-httplib's listening loop hands each accepted connection to its task queue; this one runs
// the task at once, on the listening thread, and the task (process_and_close_socket, below)
// only gives the connection to the gate.
struct InlineQueue : httplib::TaskQueue {
    void enqueue(std::function<void()> fn) override { fn(); }
    void shutdown() override {}
};

class Server : public httplib::Server {
   public:
    explicit Server(const HttpServeConfig& config)
        : config_(config),
          deadline_(std::chrono::milliseconds(static_cast<long long>(config.request_timeout * 1000))),
          pool_(static_cast<std::size_t>(config.threads)) {
        new_task_queue = [] { return new InlineQueue; };
        set_payload_max_length(config.max_body);
        set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
            return check_head(req, res) ? HandlerResponse::Handled : HandlerResponse::Unhandled;
        });
        Get(".*", [this](const httplib::Request& req, httplib::Response& res) { handle(req, res, nullptr, 0); });
        Post(".*", [this](const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& read) {
            // Neither a length nor chunks: HTTP/1.1 says the body is empty. cpp-httplib 0.11
            // would read one until the client closes, while the client waits for the answer.
            if (!req.has_header("Content-Length") && !req.has_header("Transfer-Encoding"))
                return handle(req, res, nullptr, 0);
            std::string body;
            bool over = false;
            const bool whole = read([&](const char* data, std::size_t size) {
                if (body.size() + size > config_.max_body) return !(over = true);
                body.append(data, size);
                return true;
            });
            if (over || stream_over_budget()) return error(res, 413, over_limit());
            if (!whole) return error(res, 400, "the request body did not arrive whole");
            handle(req, res, body.data(), body.size());
        });
        // Errors the library answers itself (a malformed request) get a JSON body like ours.
        set_error_handler(HandlerWithResponse([this](const httplib::Request&, httplib::Response& res) {
            if (!res.body.empty()) return HandlerResponse::Unhandled;
            error(res, res.status, library_error(res.status));
            return HandlerResponse::Handled;
        }));
        gate_ = std::make_unique<transport::Gate>(deadline_, config.per_address, [this](transport::Arrival a) {
            pool_.enqueue([this, a = std::move(a)]() mutable { serve(std::move(a)); });
        });
    }

    // After listen_after_bind returned: no new connection, the waiting ones closed, the
    // requests being served answered.
    void finish() {
        gate_.reset();
        pool_.shutdown();
    }

   private:
    bool process_and_close_socket(socket_t sock) override {
        gate_->add(sock);
        return true;
    }

    void serve(transport::Arrival arrival) {
        // After the head: the body, its chunk lines, and a little slack.
        const std::size_t budget = config_.max_body + config_.max_body / 8 + 65536;
        transport::RequestStream stream(arrival.sock, std::move(arrival.head), arrival.since + deadline_, budget);
        current_stream = &stream;
        bool closed = false;
        process_request(stream, true, closed, nullptr);
        current_stream = nullptr;
        transport::close_gracefully(arrival.sock, std::chrono::milliseconds(1000));
    }

    static bool stream_over_budget() { return current_stream && current_stream->over_budget(); }

    std::string over_limit() const { return "request body over " + std::to_string(config_.max_body) + " bytes"; }

    // What a status cpp-httplib answers itself, before any handler, means here.
    std::string library_error(int status) const {
        switch (status) {
            case 400: return "malformed HTTP request: its request line or a header cannot be read";
            case 413: return over_limit();
            case 414: return "the request line is too long";
            case 416: return "the Range header cannot be read (and this server sends whole answers only)";
            default: return "HTTP error " + std::to_string(status);
        }
    }

    // The module's own refusals, then the program's; true when the request is answered.
    bool check_head(const httplib::Request& req, httplib::Response& res) {
        const std::string encoding = req.get_header_value("Content-Encoding");
        if (!encoding.empty() && encoding != "identity") {
            error(res, 415, "compressed request bodies are not accepted (Content-Encoding: " + encoding + ")");
            return true;
        }
        if (req.has_header("Content-Length") && req.get_header_value<std::uint64_t>("Content-Length") > config_.max_body) {
            error(res, 413, over_limit());
            return true;
        }
        return call(config_.check_head, req, res, nullptr, 0);
    }

    void handle(const httplib::Request& req, httplib::Response& res, const char* body, std::size_t size) {
        call(config_.handler, req, res, body ? body : "", size);
    }

    // Calls one of the program's handlers; true when it answered.
    bool call(nl::server::HttpHandler handler, const httplib::Request& req, httplib::Response& res, const char* body,
              std::size_t size) {
        const std::string host = req.get_header_value("Host"), type = req.get_header_value("Content-Type");
        const HttpRequestView view{req.method.c_str(), req.path.data(), req.path.size(), host.c_str(), type.c_str(),
                                   req.local_addr.c_str(),  body, size};
        Reply reply{res};
        handler(config_.closure, &view, &reply, answer);
        return reply.answered;
    }

    static thread_local transport::RequestStream* current_stream;
    const HttpServeConfig& config_;
    const std::chrono::milliseconds deadline_;
    httplib::ThreadPool pool_;
    std::unique_ptr<transport::Gate> gate_;
};

thread_local transport::RequestStream* Server::current_stream = nullptr;

int serve(const HttpServeConfig& config, char* message, std::size_t message_size) {
    Server server(config);
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
    errno = 0;
    const int port = config.port == 0 ? server.bind_to_any_port(config.bind)
                                      : (server.bind_to_port(config.bind, config.port) ? config.port : -1);
    if (port >= 0 && listening >= 0) ::listen(listening, SOMAXCONN);
    if (port < 0) {
        const std::string text = std::string("cannot listen on ") + config.bind + " port " + std::to_string(config.port) +
                                 ": " + (errno ? std::strerror(errno) : "the address cannot be bound");
        copy_message(text.c_str(), message, message_size);
        server.finish();
        return 1;
    }
    config.on_listening(config.closure, port);
    std::atomic<bool> done{false};
    // stop() takes effect only once the listening loop runs (is_running()): a stop asked for
    // before that, a SIGTERM right after "listening on", waits for it instead of being lost.
    std::thread watcher([&] {
        while (!done) {
            if (config.should_stop(config.closure) && server.is_running()) {
                server.stop();
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    });
    server.listen_after_bind();  // returns after stop()
    done = true;
    watcher.join();
    server.finish();
    return 0;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) int numberlink_http_serve_v2(const HttpServeConfig* config,
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
static_assert(std::is_same_v<decltype(&numberlink_http_serve_v2), nl::server::HttpServeFunction>);
