// The gate for request heads; see gate.hpp.
#include "server/transport/gate.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

#include "server/transport/request_stream.hpp"

namespace nl::server::transport {

namespace {

using Clock = std::chrono::steady_clock;

const char* reason(int status) {
    switch (status) {
        case 408: return "Request Timeout";
        case 431: return "Request Header Fields Too Large";
        default: return "Service Unavailable";
    }
}

}  // namespace

Gate::Gate(std::chrono::milliseconds deadline, int per_address, std::function<void(Arrival)> serve)
    : deadline_(deadline), per_address_(static_cast<std::size_t>(std::max(per_address, 1))), serve_(std::move(serve)) {
    if (::pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0) throw std::runtime_error("cannot create the gate's pipe");
    thread_ = std::thread([this] { run(); });
}

Gate::~Gate() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    const char byte = 0;
    [[maybe_unused]] const auto ignored = ::write(wake_[1], &byte, 1);
    thread_.join();
    for (Waiting& w : waiting_) ::close(w.sock);
    for (Waiting& w : incoming_) ::close(w.sock);
    ::close(wake_[0]);
    ::close(wake_[1]);
}

void Gate::add(int sock) {
    Waiting w{sock, socket_address(sock, true), {}, Clock::now()};
    {
        std::lock_guard lock(mutex_);
        incoming_.push_back(std::move(w));
    }
    const char byte = 0;
    [[maybe_unused]] const auto ignored = ::write(wake_[1], &byte, 1);
}

void Gate::refuse(Waiting& w, int status) {
    const std::string text = "HTTP/1.1 " + std::to_string(status) + " " + reason(status) +
                             "\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";
    [[maybe_unused]] const auto ignored = ::send(w.sock, text.data(), text.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    ::shutdown(w.sock, SHUT_RDWR);
    ::close(w.sock);
}

void Gate::admit(Waiting w) {
    // What has already arrived is read first: a burst of quick clients is served, not counted
    // against the caps, and a connection about to be closed for room gets its last chance.
    if (!read_head(w)) return;
    const auto same = [&](const Waiting& o) { return o.address == w.address; };
    const auto make_room = [&](std::list<Waiting>::iterator oldest) {
        if (read_head(*oldest)) refuse(*oldest, 503);
        waiting_.erase(oldest);
    };
    while (static_cast<std::size_t>(std::count_if(waiting_.begin(), waiting_.end(), same)) >= per_address_)
        make_room(std::find_if(waiting_.begin(), waiting_.end(), same));
    while (waiting_.size() >= kTotalWaiting) make_room(waiting_.begin());
    waiting_.push_back(std::move(w));
}

bool Gate::read_head(Waiting& w) {
    char buffer[4096];
    const std::size_t room = std::min(sizeof buffer, kHeadLimit - w.head.size());
    const ssize_t n = ::recv(w.sock, buffer, room, MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return true;
    if (n <= 0) {  // the client left (or the connection failed) before sending a whole head
        ::close(w.sock);
        return false;
    }
    const std::size_t from = w.head.size() < 3 ? 0 : w.head.size() - 3;
    w.head.append(buffer, static_cast<std::size_t>(n));
    if (w.head.find("\r\n\r\n", from) != std::string::npos) {
        serve_(Arrival{w.sock, std::move(w.head), w.since});
        return false;
    }
    if (w.head.size() >= kHeadLimit) {
        refuse(w, 431);
        return false;
    }
    return true;
}

void Gate::run() {
    std::vector<pollfd> polled;
    std::vector<std::list<Waiting>::iterator> of;
    for (;;) {
        {
            std::lock_guard lock(mutex_);
            if (stopping_) return;
            for (Waiting& w : incoming_) admit(std::move(w));
            incoming_.clear();
        }
        // Connections past their deadline are answered 408; the next deadline bounds the wait.
        const auto now = Clock::now();
        auto next = now + std::chrono::seconds(1);
        for (auto it = waiting_.begin(); it != waiting_.end();) {
            if (now >= it->since + deadline_) {
                refuse(*it, 408);
                it = waiting_.erase(it);
            } else {
                next = std::min(next, it->since + deadline_);
                ++it;
            }
        }
        polled.assign(1, pollfd{wake_[0], POLLIN, 0});
        of.clear();
        for (auto it = waiting_.begin(); it != waiting_.end(); ++it) {
            polled.push_back(pollfd{it->sock, POLLIN, 0});
            of.push_back(it);
        }
        const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count() + 1;
        if (::poll(polled.data(), polled.size(), static_cast<int>(millis)) < 0 && errno != EINTR) continue;
        if (polled[0].revents) {
            char drain[256];
            while (::read(wake_[0], drain, sizeof drain) > 0) {
            }
        }
        for (std::size_t i = 1; i < polled.size(); ++i)
            if (polled[i].revents && !read_head(*of[i - 1])) waiting_.erase(of[i - 1]);
    }
}

}  // namespace nl::server::transport
