// Every endpoint that does work on a request's puzzle (read, convert, render, solve, unique,
// count, generate) runs in a slot (server/limits.hpp) under the request's budget: the server's
// time limit (or the request's own, when shorter), the server's memory cap and the request's
// cancel flag. Reading the puzzle is part of the work: a few bytes of JSON can describe a
// board whose reading takes a second and a hundred megabytes, so reading waits for a slot like
// solving, and the budget is checked after each puzzle read.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "server/api.hpp"
#include "server/api_request.hpp"
#include "solver/base/budget.hpp"

namespace nl::server {

// The request's time limit: its own `timeout` (0 or absent: none) capped by the server's.
inline double capped_timeout(double requested, const ServerSettings& s) {
    if (s.timeout <= 0) return requested;
    return requested > 0 ? std::min(requested, s.timeout) : s.timeout;
}

// Runs `work(budget, flag)` (flag: the budget's interrupt flag) in a slot on the request's
// channel and answers what it returns; 503 when the queue is full, 409 when a newer request on
// the channel cancelled this one (503 when the server is stopping), and 503 naming the limit
// when the work stops on its budget (Stopped, thrown by poll_budget). `timeout`: the request's
// own (0: the server's).
template <typename Work>
ApiResponse in_slot(const ApiContext& context, const nlohmann::json& body, double timeout, Work work) {
    const std::string channel = string_field(body, "channel", "");
    Limits& limits = context.limits;
    const std::shared_ptr<Job> job = limits.open(channel);
    struct Close {
        Limits& limits;
        const std::shared_ptr<Job>& job;
        ~Close() { limits.close(job); }
    } close{limits, job};
    const auto refused = [&](Cancel why) {
        return why == Cancel::Channel ? error_response(409, "cancelled by a newer request")
                                      : error_response(503, "the server is stopping");
    };
    switch (limits.admit(*job)) {
        case Admission::Busy: return error_response(503, "busy");
        case Admission::Cancelled: return refused(limits.cancelled(*job));
        case Admission::Admitted: break;
    }
    const ServerSettings& s = context.settings;
    ApiResponse response;
    try {
        Slot slot{limits};
        response = work(Budget::starting_now(capped_timeout(timeout, s), &job->flag, s.max_memory), job->flag);
    } catch (const Stopped& stop) {
        if (stop.reason == StopReason::Timeout)
            return error_response(503, "the request ran out of time (the server's limit: --timeout " +
                                           nlohmann::json(s.timeout).dump() + " s)");
        if (stop.reason == StopReason::Memory)
            return error_response(503, "the server reached its memory cap (--max-memory " +
                                           std::to_string(s.max_memory >> 20) + " MB)");
        return refused(limits.cancelled(*job));  // Interrupted: the cancel flag
    }
    if (const Cancel why = limits.cancelled(*job); why != Cancel::None) return refused(why);
    return response;
}

}  // namespace nl::server
