// One request's connection as cpp-httplib's Stream (server/http_module.cpp), with the limits
// cpp-httplib 0.11 does not have: the whole request must arrive by one deadline (its read
// timeout applies to each recv, so a client sending a byte every few seconds is never cut
// off), and no more than a budget of bytes is read after the head (cpp-httplib reads a chunked
// body, or one without a length, to its end whatever its size). The request's head, already read
// by the gate (gate.hpp), is served first from `head`.
#pragma once

#include <httplib.h>

#include <chrono>
#include <string>

namespace nl::server::transport {

class RequestStream : public httplib::Stream {
   public:
    using Clock = std::chrono::steady_clock;
    // `budget`: bytes that may be read from the socket after `head`.
    RequestStream(int sock, std::string head, Clock::time_point deadline, std::size_t budget);

    bool is_readable() const override;
    bool is_writable() const override;
    ssize_t read(char* ptr, std::size_t size) override;
    ssize_t write(const char* ptr, std::size_t size) override;
    void get_remote_ip_and_port(std::string& ip, int& port) const override;
    void get_local_ip_and_port(std::string& ip, int& port) const override;
    int socket() const override { return sock_; }

    // A read failed because the budget was spent (not the client's doing otherwise).
    bool over_budget() const { return over_budget_; }

   private:
    // More bytes into buffer_: 1, or 0 at the end of the stream, -1 at the deadline, on an
    // error or when the budget is spent.
    int fill();
    int sock_;
    std::string buffer_;
    std::size_t offset_ = 0;
    Clock::time_point deadline_;
    std::size_t budget_;
    bool over_budget_ = false;
};

// The numeric address and port of a socket's peer (`peer`) or of its own end.
std::string socket_address(int sock, bool peer, int* port = nullptr);

// Ends a connection so that the answer just written reaches the client: no more writing, then
// what the client still sends (a body that was refused) is read and dropped for up to `linger`,
// then close. Closing with unread bytes would reset the connection and could lose the answer.
void close_gracefully(int sock, std::chrono::milliseconds linger);

}  // namespace nl::server::transport
