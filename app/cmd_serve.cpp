// numberlink serve: the puzzle editor's server (docs/serve.md). A JSON API over the
// library (server/) and the page (web/, built into the binary), over HTTP on a local address.
//
// The HTTP code is a module loaded only here (server/http_module.hpp), so no other command pays
// for cpp-httplib and the libraries it brings. Ctrl-C or SIGTERM stops the server: it stops
// accepting, cancels the requests still running (their solvers poll the cancel flag) and exits 0.
#include <netdb.h>
#include <netinet/in.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupt.hpp"
#include "app/solve_options.hpp"
#include "core/errors.hpp"
#include "server/http_loader.hpp"
#include "server/request_policy.hpp"
#include "server/routes.hpp"

extern char** environ;

namespace nl::app {

namespace {

struct ServeState {
    ServeState(server::ApiContext context, std::string bind, bool open) : context(context), open(open) {
        identity.bind = std::move(bind);
    }
    server::ApiContext context;
    server::ServerIdentity identity;  // its port set once listening, before the first request
    bool open = false;                // --open
};

void send(const server::ApiResponse& r, void* reply, server::HttpAnswer answer) {
    answer(reply, r.status, r.content_type.c_str(), r.body.data(), r.body.size());
}

const server::ApiResponse kInternalError{500, "application/json", "{\"error\": \"internal error\"}"};

// Before the body is read: Host, method and Content-Type (server/request_policy.hpp).
void check_head(void* closure, const server::HttpRequestView* request, void* reply, server::HttpAnswer answer) {
    const auto& state = *static_cast<ServeState*>(closure);
    try {
        const server::RequestHead head{request->method, {request->path, request->path_size}, request->host,
                                       request->content_type, request->local_address};
        if (const auto refusal = server::check_request_head(head, state.identity)) send(*refusal, reply, answer);
    } catch (...) {  // nothing may cross into the module
        send(kInternalError, reply, answer);
    }
}

void handle(void* closure, const server::HttpRequestView* request, void* reply, server::HttpAnswer answer) {
    const auto& state = *static_cast<ServeState*>(closure);
    server::ApiResponse r;
    try {
        r = server::route(state.context, request->method, std::string(request->path, request->path_size),
                          std::string(request->body, request->body_size));
    } catch (...) {  // route answers every error itself; nothing may cross into the module
        r = kInternalError;
    }
    send(r, reply, answer);
}

std::string url_of(const std::string& bind, int port) {
    const std::string host = bind.find(':') != std::string::npos ? "[" + bind + "]" : bind;
    return "http://" + host + ":" + std::to_string(port) + "/";
}

// --open: the user's browser, through xdg-open; a failure is reported, not fatal.
void open_browser(const std::string& url) {
    std::string program = "xdg-open", target = url;
    char* argv[] = {program.data(), target.data(), nullptr};
    pid_t pid = 0;
    if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, argv, environ) != 0) {
        std::cerr << "numberlink serve: cannot run xdg-open to open " << url << "; open it in a browser\n";
        return;
    }
    int status = 0;
    waitpid(pid, &status, 0);
}

void on_listening(void* closure, int port) {
    auto& state = *static_cast<ServeState*>(closure);
    state.identity.port = port;
    const std::string url = url_of(state.identity.bind, port);
    std::cout << "numberlink serve: listening on " << url << std::endl;
    if (state.open) open_browser(url);
}

int should_stop(void* closure) {
    if (!interrupt_flag()) return 0;
    static_cast<ServeState*>(closure)->context.limits.shutdown();
    return 1;
}

bool is_loopback(const sockaddr* address) {
    if (address->sa_family == AF_INET)
        return (ntohl(reinterpret_cast<const sockaddr_in*>(address)->sin_addr.s_addr) >> 24) == 127;
    if (address->sa_family != AF_INET6) return false;
    const in6_addr& a = reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr;
    return IN6_IS_ADDR_LOOPBACK(&a) || (IN6_IS_ADDR_V4MAPPED(&a) && a.s6_addr[12] == 127);
}

struct BindAddress {
    std::string numeric;  // the address to listen on, as the HTTP module will bind it
    bool loopback = true; // every address of the name is this machine's
};

// --bind resolved as the HTTP module resolves it (its first address is the one bound), so that
// a name that does not resolve gets the resolver's reason, and the warning for a server others
// can reach looks at the addresses, not at how the name is spelt.
BindAddress resolve_bind(const std::string& bind) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (const int e = getaddrinfo(bind.c_str(), nullptr, &hints, &found); e != 0)
        throw UsageError("--bind " + bind + ": cannot resolve it: " + gai_strerror(e));
    BindAddress result;
    char host[NI_MAXHOST] = "";
    if (getnameinfo(found->ai_addr, found->ai_addrlen, host, sizeof host, nullptr, 0, NI_NUMERICHOST) == 0)
        result.numeric = host;
    for (const addrinfo* a = found; a; a = a->ai_next) result.loopback = result.loopback && is_loopback(a->ai_addr);
    freeaddrinfo(found);
    if (result.numeric.empty()) throw UsageError("--bind " + bind + ": its address cannot be written out");
    return result;
}

}  // namespace

int run_serve(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        desc.add_options()
            ("port", po::value<int>()->value_name("P")->default_value(8080), "port to listen on (0: any free port)")
            ("bind", po::value<std::string>()->value_name("ADDRESS")->default_value("127.0.0.1"),
             "address to listen on (default: this machine only)")
            ("open", "open the page in the browser (xdg-open)")
            ("timeout", po::value<double>()->value_name("SECONDS")->default_value(10),
             "time limit of every request; a request's own timeout may only be shorter (0: none)")
            ("max-body", po::value<std::size_t>()->value_name("BYTES")->default_value(std::size_t{4} << 20),
             "largest request body; larger ones get 413")
            ("jobs,j", po::value<int>()->value_name("N")->default_value(default_jobs()),
             "requests solved at once (default: the number of cores)")
            ("queue", po::value<int>()->value_name("N")->default_value(64),
             "requests that may wait for a job; more get 503 busy")
            ("max-count", po::value<long>()->value_name("N")->default_value(1000),
             "the largest max of a count request")
            ("request-timeout", po::value<double>()->value_name("SECONDS")->default_value(10),
             "time a client has, from connecting, to send its whole request; slower ones get 408")
            ("max-waiting", po::value<int>()->value_name("N")->default_value(32),
             "connections of one client address that may wait to send their request; a new one "
             "beyond closes the one that has waited longest");
        add_common_options(desc, {"max-memory", "help"});
        auto parsed = parse_command(
            args,
            CommandHelp{"numberlink serve [options]",
                "Serves the puzzle editor (a page for the browser) and a JSON API on\n"
                "http://127.0.0.1:8080/ (this machine only). Ctrl-C stops it: exit 0.",
                {"port", "bind", "open", "timeout", "jobs", "help"},
                {"numberlink serve --open",
                 "numberlink serve --port 0   # any free port, printed on standard output"},
                "Serves the puzzle editor (a page for the browser) and a JSON API over numberlink\n"
            "(docs/serve.md) on http://127.0.0.1:8080/ by default. Prints the address on standard\n"
            "output. Every request has a body limit, a time limit and the memory cap; --jobs are\n"
            "solved at once and --queue more wait. Ctrl-C or SIGTERM stops it: exit 0."},
            desc, 0, 0);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        server::ServerSettings settings;
        settings.timeout = read_timeout_option(vm);  // NaN, infinity and overflowing values refused
        settings.max_body = vm["max-body"].as<std::size_t>();
        settings.max_memory = read_max_memory_option(vm);
        settings.max_count = vm["max-count"].as<long>();
        const int port = vm["port"].as<int>(), jobs = vm["jobs"].as<int>(), queue = vm["queue"].as<int>();
        if (port < 0 || port > 65535) throw UsageError("--port takes 0..65535");
        if (jobs < 1 || queue < 0) throw UsageError("--jobs must be >= 1 and --queue >= 0");
        if (settings.max_body < 1) throw UsageError("--max-body must be >= 1");
        if (settings.max_count < 1) throw UsageError("--max-count must be >= 1");
        const double request_timeout = vm["request-timeout"].as<double>();
        const int max_waiting = vm["max-waiting"].as<int>();
        if (!(request_timeout > 0 && request_timeout <= 3600))
            throw UsageError("--request-timeout takes 0 < SECONDS <= 3600");
        if (max_waiting < 1) throw UsageError("--max-waiting must be >= 1");
        const std::string bind = vm["bind"].as<std::string>();
        const BindAddress address = resolve_bind(bind);
        if (!address.loopback)
            std::cerr << "numberlink serve: listening on " << bind
                      << ", not only this machine: anyone who reaches it can use the server\n";
        const server::HttpServeFunction serve = server::load_http_module();
        interrupt_flag();  // the handlers, before the first request
        server::Limits limits(jobs, queue);
        ServeState state({settings, limits}, bind, vm.count("open") > 0);
        // A thread per solving request that runs or waits, and a few for the page's files and
        // the cheap endpoints; connections beyond wait to be served.
        const server::HttpServeConfig config{address.numeric.c_str(), port, settings.max_body, jobs + queue + 8,
                                             request_timeout, max_waiting, check_head, handle, &state,
                                             on_listening, should_stop};
        char message[512] = "";
        if (serve(&config, message, sizeof message) != 0) throw InputError("numberlink serve", 0, message);
        std::cerr << "numberlink serve: stopped\n";
        return int(kExitOk);
    });
}

}  // namespace nl::app
