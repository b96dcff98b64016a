// Test-only: `numberlink serve` as a child process on a free loopback port (--port 0), and an
// httplib client to talk to it. The port is learnt from the server's own "listening on" line,
// an event, so no test guesses a port or sleeps until the server is up.
#pragma once

#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "child_process.hpp"

namespace nl::testing_serve {

class Server {
   public:
    explicit Server(std::vector<std::string> options = {}) {
        static int serial = 0;
        const std::string stem = ::testing::TempDir() + "nl_serve_" + std::to_string(getpid()) + "_" + std::to_string(serial++);
        std::vector<std::string> args{"serve", "--port", "0"};
        args.insert(args.end(), options.begin(), options.end());
        child_ = std::make_unique<testing_child::Child>(args, stem);
        // Waits for the line (polling the output file is how we learn of it, not a wait for time).
        const std::string prefix = "numberlink serve: listening on http://127.0.0.1:";
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::duration<double>(testing_timing::kEventGiveUp);
        while (std::chrono::steady_clock::now() < give_up) {
            const std::string out = child_->out();
            const auto at = out.find(prefix);
            if (at != std::string::npos && out.find('\n', at) != std::string::npos) {
                port_ = std::stoi(out.substr(at + prefix.size()));
                return;
            }
            if (child_->exited()) return;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));  // polling interval
        }
    }
    ~Server() {
        if (child_ && !stopped_) stop(SIGTERM);
    }

    int port() const { return port_; }  // 0 when the server never said it listens
    std::string out() const { return child_->out(); }
    std::string err() const { return child_->user_err(); }
    // Sends the signal and returns the exit code.
    int stop(int signal) {
        child_->signal(signal);
        stopped_ = true;
        return child_->wait();
    }

    std::unique_ptr<httplib::Client> client() const {
        auto c = std::make_unique<httplib::Client>("127.0.0.1", port_);
        c->set_read_timeout(testing_timing::kEventGiveUp, 0);
        c->set_write_timeout(60, 0);
        return c;
    }
    httplib::Result post(const std::string& path, const nlohmann::json& body) const {
        return client()->Post(path.c_str(), body.dump(), "application/json");
    }
    httplib::Result post_text(const std::string& path, const std::string& body) const {
        return client()->Post(path.c_str(), body, "application/json");
    }
    httplib::Result get(const std::string& path) const { return client()->Get(path.c_str()); }

    // GET /api/info's load figures (running, waiting).
    nlohmann::json load() const {
        auto r = get("/api/info");
        return r && r->status == 200 ? nlohmann::json::parse(r->body)["load"] : nlohmann::json();
    }
    // Polls /api/info until `ready(load)` holds: an event the server reports, not a guess of time.
    template <typename Ready>
    bool wait_for_load(Ready ready) const {
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::duration<double>(testing_timing::kEventGiveUp);
        while (std::chrono::steady_clock::now() < give_up) {
            const nlohmann::json l = load();
            if (!l.is_null() && ready(l)) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));  // polling interval
        }
        return false;
    }

   private:
    std::unique_ptr<testing_child::Child> child_;
    int port_ = 0;
    bool stopped_ = false;
};

// A client that writes raw bytes, for what httplib's client will not send: a slow head, a
// chunked body sent piece by piece while watching for an early answer.
class RawConnection {
   public:
    explicit RawConnection(int port) {
        sock_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<uint16_t>(port));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        connected_ = ::connect(sock_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    }
    ~RawConnection() { ::close(sock_); }
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;

    bool connected() const { return connected_; }
    // Sends all of `bytes` unless the server answers or closes first, or `give_up` passes:
    // false then.
    bool send(const std::string& bytes, double give_up = 30) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(give_up);
        std::size_t sent = 0;
        while (sent < bytes.size()) {
            if (answered(0) || std::chrono::steady_clock::now() > until) return false;
            pollfd p{sock_, POLLOUT, 0};
            if (::poll(&p, 1, 10) <= 0) continue;  // 10 ms: the interval at which answered() is checked
            const ssize_t n = ::send(sock_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
            if (n < 0 && errno != EAGAIN) return false;
            if (n > 0) sent += static_cast<std::size_t>(n);
        }
        return true;
    }
    // Whether the server has written something (or closed), waiting up to `millis`.
    bool answered(int millis) const {
        pollfd p{sock_, POLLIN, 0};
        return ::poll(&p, 1, millis) > 0;
    }
    // Everything the server writes until it closes the connection (or `give_up` passes).
    std::string read_all(double give_up = testing_timing::kEventGiveUp) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(give_up);
        std::string out;
        char buffer[4096];
        while (std::chrono::steady_clock::now() < until) {
            if (!answered(100)) continue;
            const ssize_t n = ::recv(sock_, buffer, sizeof buffer, 0);
            if (n <= 0) break;
            out.append(buffer, static_cast<std::size_t>(n));
        }
        return out;
    }

   private:
    int sock_ = -1;
    bool connected_ = false;
};

// The status of a raw HTTP answer ("HTTP/1.1 413 ..."), 0 when there is none.
inline int raw_status(const std::string& answer) {
    return answer.rfind("HTTP/1.1 ", 0) == 0 ? std::atoi(answer.c_str() + 9) : 0;
}

// A record without its timings (keys ending in "seconds", at any depth), for comparing the
// server's record with the command line's.
inline nlohmann::json without_times(nlohmann::json j) {
    if (j.is_object()) {
        nlohmann::json out = nlohmann::json::object();
        for (auto& [key, value] : j.items())
            if (key.size() < 7 || key.compare(key.size() - 7, 7, "seconds") != 0) out[key] = without_times(value);
        return out;
    }
    if (j.is_array())
        for (auto& e : j) e = without_times(e);
    return j;
}

}  // namespace nl::testing_serve
