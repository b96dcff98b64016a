// How many requests `numberlink serve` solves at once, how many may wait, and who cancels whom.
//
// Solving requests (solve, unique, count, generate) each take one of `jobs` slots; up to `queue`
// more wait for one, and beyond that a request is refused at once (503 busy) rather than queued
// without bound. A request may name a `channel`: a newer request on the same channel cancels the
// older one, waiting or running (409), which is how the page drops the check of an edit the user
// has already replaced. Stopping the server (Ctrl-C, SIGTERM) cancels every request.
//
// Cancelling raises the request's flag, which its solver polls as its interrupt flag
// (solver/base/budget.hpp), so a cancelled solve stops within milliseconds.
#pragma once

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

namespace nl::server {

enum class Cancel { None, Channel, Shutdown };

struct Job {
    std::string channel;
    std::atomic<bool> flag{false};  // the solver's interrupt flag
    Cancel why = Cancel::None;      // set with the flag, under Limits' mutex
    bool replaces = false;          // it cancelled an earlier request on its channel
};

enum class Admission { Admitted, Busy, Cancelled };

class Limits {
   public:
    Limits(int jobs, int queue) : jobs_(jobs), queue_(queue) {}

    // A new request on `channel` ("" for none); cancels the channel's earlier request.
    std::shared_ptr<Job> open(const std::string& channel);
    // Waits for a slot: Admitted (then release() it), Busy (queue full) or Cancelled. A request
    // that replaced an earlier one on its channel may wait even when the queue is full: the one
    // it replaced is leaving, so the number of requests does not grow.
    Admission admit(Job& job);
    void release();
    // The request is answered: it leaves its channel (unless a newer one took it).
    void close(const std::shared_ptr<Job>& job);
    // Why the job was cancelled (None: it was not).
    Cancel cancelled(const Job& job);
    // Cancels every request, and every later one at once.
    void shutdown();

    int jobs() const { return jobs_; }
    int queue() const { return queue_; }
    int running();
    int waiting();

   private:
    void cancel(Job& job, Cancel why);  // under mutex_
    const int jobs_, queue_;
    std::mutex mutex_;
    std::condition_variable changed_;
    int running_ = 0, waiting_ = 0;
    bool stopping_ = false;
    std::map<std::string, std::shared_ptr<Job>> channels_;
    std::set<std::shared_ptr<Job>> open_;
};

// Holds a slot from admit() until the end of the scope.
struct Slot {
    Limits& limits;
    ~Slot() { limits.release(); }
};

}  // namespace nl::server
