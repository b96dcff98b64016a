// Two engines at once, each on a thread of its own, the first to finish stopping the other: the
// race of SAT and the frontier engine for `unique` (count_engine.cpp), of the two SAT back ends
// (count/count.cpp, sat/portfolio.cpp) and of the scan search and the rest of `auto`
// (engine.cpp).
//
// Each side is called with a stop flag of its own, which its engine polls as its interrupt, and
// returns whether the other side should stop now (a verdict, or anything after which the other
// must not run on). The caller's interrupt flag (Ctrl-C) reaches both: a watcher thread polls it
// every 5 ms and raises both flags. An exception on either side stops the other, and is
// rethrown once both have ended (`first`'s before `second`'s). `first` runs on the calling
// thread. Each side keeps its own result; the caller picks the answer from both.
//
// race_after: `second` starts only after `delay`, and not at all when `first` has ended or a
// stop flag was raised by then; it then returns false without calling `second`, which must not
// count on being called. `first` is not stopped or restarted at the delay: its search goes on, so
// a head start of one side costs nothing of what that side has done.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>

namespace nl {

template <class First, class Second>
void race_after(const std::atomic<bool>* caller, std::chrono::duration<double> delay, First&& first,
                Second&& second) {
    const bool stopped = caller && caller->load();
    std::atomic<bool> stop_first{stopped}, stop_second{stopped};
    // Guarded by `m`: the race is over (the watcher ends), `first` has returned (the second side
    // need not start). `wake` is notified on both, and when the caller's flag is seen.
    std::mutex m;
    std::condition_variable wake;
    bool finished = false, first_done = false;
    std::exception_ptr first_error, second_error;
    auto run = [](auto& side, std::atomic<bool>& own, std::atomic<bool>& other, std::exception_ptr& error) {
        try {
            if (side(&own)) other = true;
        } catch (...) {
            error = std::current_exception();
            other = true;
        }
    };
    auto notify = [&](bool& flag) {
        {
            std::lock_guard<std::mutex> lock(m);
            flag = true;
        }
        wake.notify_all();
    };
    std::thread watcher([&] {
        std::unique_lock<std::mutex> lock(m);
        while (!wake.wait_for(lock, std::chrono::milliseconds(5), [&] { return finished; })) {
            if (caller && caller->load()) {
                stop_first = stop_second = true;
                wake.notify_all();
            }
        }
    });
    // Starting a thread throws std::system_error when the process may start no more; the
    // watcher, already running, must then be joined before the exception leaves (a joinable
    // std::thread destroyed calls std::terminate).
    std::thread other;
    try {
        other = std::thread([&] {
            if (delay.count() > 0) {
                std::unique_lock<std::mutex> lock(m);
                wake.wait_for(lock, delay, [&] { return first_done || stop_second.load(); });
                if (first_done || stop_second.load()) return;
            }
            run(second, stop_second, stop_first, second_error);
        });
    } catch (...) {
        notify(finished);
        watcher.join();
        throw;
    }
    run(first, stop_first, stop_second, first_error);
    notify(first_done);
    other.join();
    notify(finished);
    watcher.join();
    if (first_error) std::rethrow_exception(first_error);
    if (second_error) std::rethrow_exception(second_error);
}

template <class First, class Second>
void race(const std::atomic<bool>* caller, First&& first, Second&& second) {
    race_after(caller, std::chrono::duration<double>(0), std::forward<First>(first), std::forward<Second>(second));
}

}  // namespace nl
