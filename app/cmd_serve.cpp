// numberlink serve: the puzzle editor's server (issue 18, docs/serve.md). A JSON API over the
// library (server/) and the page (web/, built into the binary), over HTTP on a local address.
//
// The HTTP code is a module loaded only here (server/http_module.hpp), so no other command pays
// for cpp-httplib and the libraries it brings. Ctrl-C or SIGTERM stops the server: it stops
// accepting, cancels the requests still running (their solvers poll the cancel flag) and exits 0.
#include <spawn.h>
#include <sys/wait.h>

#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupt.hpp"
#include "app/solve_options.hpp"
#include "core/errors.hpp"
#include "server/http_loader.hpp"
#include "server/routes.hpp"

extern char** environ;

namespace nl::app {

namespace {

struct ServeState {
    server::ApiContext context;
    std::string bind;
    bool open = false;  // --open
};

void handle(void* closure, const server::HttpRequestView* request, void* reply, server::HttpAnswer answer) {
    const auto& state = *static_cast<ServeState*>(closure);
    server::ApiResponse r;
    try {
        r = server::route(state.context, request->method, request->path, std::string(request->body, request->body_size));
    } catch (...) {  // route answers every error itself; nothing may cross into the module
        r = {500, "application/json", "{\"error\": \"internal error\"}"};
    }
    answer(reply, r.status, r.content_type.c_str(), r.body.data(), r.body.size());
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
    const std::string url = url_of(state.bind, port);
    std::cout << "numberlink serve: listening on " << url << std::endl;
    if (state.open) open_browser(url);
}

int should_stop(void* closure) {
    if (!interrupt_flag()) return 0;
    static_cast<ServeState*>(closure)->context.limits.shutdown();
    return 1;
}

bool is_loopback(const std::string& bind) {
    return bind == "localhost" || bind == "::1" || bind.rfind("127.", 0) == 0;
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
             "the largest max of a count request");
        add_common_options(desc, {"max-memory", "help"});
        auto parsed = parse_command(
            args, "numberlink serve [options]",
            "Serves the puzzle editor (a page for the browser) and a JSON API over numberlink\n"
            "(docs/serve.md) on http://127.0.0.1:8080/ by default. Prints the address on standard\n"
            "output. Every request has a body limit, a time limit and the memory cap; --jobs are\n"
            "solved at once and --queue more wait. Ctrl-C or SIGTERM stops it: exit 0.",
            desc, 0, 0);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        server::ServerSettings settings;
        settings.timeout = vm["timeout"].as<double>();
        settings.max_body = vm["max-body"].as<std::size_t>();
        settings.max_memory = read_max_memory_option(vm);
        settings.max_count = vm["max-count"].as<long>();
        const int port = vm["port"].as<int>(), jobs = vm["jobs"].as<int>(), queue = vm["queue"].as<int>();
        if (port < 0 || port > 65535) throw UsageError("--port takes 0..65535");
        if (!(settings.timeout >= 0)) throw UsageError("--timeout must be >= 0");
        if (jobs < 1 || queue < 0) throw UsageError("--jobs must be >= 1 and --queue >= 0");
        if (settings.max_body < 1) throw UsageError("--max-body must be >= 1");
        if (settings.max_count < 1) throw UsageError("--max-count must be >= 1");
        const std::string bind = vm["bind"].as<std::string>();
        if (!is_loopback(bind))
            std::cerr << "numberlink serve: listening on " << bind
                      << ", not only this machine: anyone who reaches it can use the server\n";
        const server::HttpServeFunction serve = server::load_http_module();
        interrupt_flag();  // the handlers, before the first request
        server::Limits limits(jobs, queue);
        ServeState state{{settings, limits}, bind, vm.count("open") > 0};
        // A thread per solving request that runs or waits, and a few for the page's files and
        // the cheap endpoints; connections beyond wait to be accepted.
        const server::HttpServeConfig config{bind.c_str(), port,         settings.max_body, jobs + queue + 8,
                                             handle,       &state,       on_listening,      should_stop};
        char message[512] = "";
        if (serve(&config, message, sizeof message) != 0) throw InputError("numberlink serve", 0, message);
        std::cerr << "numberlink serve: stopped\n";
        return int(kExitOk);
    });
}

}  // namespace nl::app
