// The request's stream; see request_stream.hpp.
#include "server/transport/request_stream.hpp"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace nl::server::transport {

namespace {

// Milliseconds until `deadline` for poll(), at least 0.
int millis_until(RequestStream::Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - RequestStream::Clock::now());
    return static_cast<int>(std::clamp<long long>(left.count(), 0, 1 << 30));
}

bool wait_for(int sock, short events, int millis) {
    pollfd p{sock, events, 0};
    int r;
    while ((r = ::poll(&p, 1, millis)) < 0 && errno == EINTR) {
    }
    return r > 0;
}

constexpr int kWriteMillis = 5000;  // a client that takes no answer for this long is dropped
constexpr std::size_t kChunk = 16384;

}  // namespace

RequestStream::RequestStream(int sock, std::string head, Clock::time_point deadline, std::size_t budget)
    : sock_(sock), buffer_(std::move(head)), deadline_(deadline), budget_(budget) {}

bool RequestStream::is_readable() const { return offset_ < buffer_.size() || wait_for(sock_, POLLIN, 0); }

bool RequestStream::is_writable() const { return wait_for(sock_, POLLOUT, kWriteMillis); }

int RequestStream::fill() {
    if (budget_ == 0) {
        over_budget_ = true;
        return -1;
    }
    if (!wait_for(sock_, POLLIN, millis_until(deadline_))) return -1;  // the deadline passed
    buffer_.resize(std::min(kChunk, budget_));
    offset_ = 0;
    const ssize_t n = ::recv(sock_, buffer_.data(), buffer_.size(), MSG_DONTWAIT);
    buffer_.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
    if (n <= 0) return n == 0 ? 0 : -1;
    budget_ -= static_cast<std::size_t>(n);
    return 1;
}

ssize_t RequestStream::read(char* ptr, std::size_t size) {
    if (offset_ == buffer_.size())
        if (const int got = fill(); got <= 0) return got;
    const std::size_t n = std::min(size, buffer_.size() - offset_);
    std::memcpy(ptr, buffer_.data() + offset_, n);
    offset_ += n;
    return static_cast<ssize_t>(n);
}

ssize_t RequestStream::write(const char* ptr, std::size_t size) {
    if (!wait_for(sock_, POLLOUT, kWriteMillis)) return -1;
    return ::send(sock_, ptr, size, MSG_NOSIGNAL | MSG_DONTWAIT);
}

void RequestStream::get_remote_ip_and_port(std::string& ip, int& port) const { ip = socket_address(sock_, true, &port); }

void RequestStream::get_local_ip_and_port(std::string& ip, int& port) const { ip = socket_address(sock_, false, &port); }

std::string socket_address(int sock, bool peer, int* port) {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    auto* a = reinterpret_cast<sockaddr*>(&address);
    if ((peer ? ::getpeername(sock, a, &length) : ::getsockname(sock, a, &length)) != 0) return "";
    char host[NI_MAXHOST] = "", service[NI_MAXSERV] = "";
    if (::getnameinfo(a, length, host, sizeof host, service, sizeof service, NI_NUMERICHOST | NI_NUMERICSERV) != 0)
        return "";
    if (port) *port = std::atoi(service);
    return host;
}

void close_gracefully(int sock, std::chrono::milliseconds linger) {
    ::shutdown(sock, SHUT_WR);
    const auto until = RequestStream::Clock::now() + linger;
    char drop[kChunk];
    while (wait_for(sock, POLLIN, millis_until(until)) && ::recv(sock, drop, sizeof drop, MSG_DONTWAIT) > 0) {
    }
    ::close(sock);
}

}  // namespace nl::server::transport
