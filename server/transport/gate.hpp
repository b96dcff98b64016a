// Where new connections wait until their request head has arrived whole, on one thread of its
// own, so that a slow client holds a file descriptor here and never one of the threads that
// serve requests. cpp-httplib 0.11 hands every accepted connection to a serving thread at once,
// and its read timeout applies to each recv: 100 clients sending a header line every 2 s held
// every thread, and the page's own requests waited behind them.
//
// The rules: a head must arrive whole within the request deadline of connecting (else 408 and
// the connection is closed), and be at most kHeadLimit bytes (else 431). One client address
// may have `per_address` connections waiting, and all addresses together kTotalWaiting; a new
// connection beyond either closes the one of that address (or of all) that has waited longest,
// so a flood of slow connections cannot keep a new, quick request out (on loopback every client
// has the same address).
#pragma once

#include <chrono>
#include <functional>
#include <list>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace nl::server::transport {

// A connection whose head has arrived: the bytes read so far (the head, maybe some of the body).
struct Arrival {
    int sock;
    std::string head;
    std::chrono::steady_clock::time_point since;  // when it was accepted
};

class Gate {
   public:
    static constexpr std::size_t kHeadLimit = 64 * 1024;
    static constexpr std::size_t kTotalWaiting = 512;

    // `serve` takes each connection whose head has arrived (on the gate's thread: it must not block).
    Gate(std::chrono::milliseconds deadline, int per_address, std::function<void(Arrival)> serve);
    ~Gate();  // closes the connections still waiting
    Gate(const Gate&) = delete;
    Gate& operator=(const Gate&) = delete;

    void add(int sock);  // a connection just accepted (any thread)

   private:
    struct Waiting {
        int sock;
        std::string address;
        std::string head;
        std::chrono::steady_clock::time_point since;
    };
    void run();
    void admit(Waiting w);                  // applies the caps, on the gate's thread
    bool read_head(Waiting& w);             // false when the connection is done with (closed or dispatched)
    void refuse(Waiting& w, int status);    // answers and closes

    const std::chrono::milliseconds deadline_;
    const std::size_t per_address_;
    std::function<void(Arrival)> serve_;
    int wake_[2] = {-1, -1};  // a pipe: add() and the destructor wake the thread
    std::mutex mutex_;
    std::vector<Waiting> incoming_;  // under mutex_
    bool stopping_ = false;          // under mutex_
    std::list<Waiting> waiting_;     // the gate thread's own, oldest first
    std::thread thread_;
};

}  // namespace nl::server::transport
