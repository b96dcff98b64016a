// Two engines at once, each on a thread of its own, the first to finish stopping the other: the
// race of SAT and the frontier engine for `unique` (count_engine.cpp) and the race of the scan
// search and the rest of `auto` (engine.cpp).
//
// Each side is called with a stop flag of its own, which its engine polls as its interrupt, and
// returns whether the other side should stop now (a verdict, or anything after which the other
// must not run on). The caller's interrupt flag (Ctrl-C) reaches both: a watcher thread polls it
// every 5 ms and raises both flags. An exception on either side stops the other, and is
// rethrown once both have ended (`first`'s before `second`'s). `first` runs on the calling
// thread. Each side keeps its own result; the caller picks the answer from both.
#pragma once

#include <atomic>
#include <chrono>
#include <exception>
#include <thread>

namespace nl {

template <class First, class Second>
void race(const std::atomic<bool>* caller, First&& first, Second&& second) {
    const bool stopped = caller && caller->load();
    std::atomic<bool> stop_first{stopped}, stop_second{stopped}, finished{false};
    std::exception_ptr first_error, second_error;
    auto run = [](auto& side, std::atomic<bool>& own, std::atomic<bool>& other, std::exception_ptr& error) {
        try {
            if (side(&own)) other = true;
        } catch (...) {
            error = std::current_exception();
            other = true;
        }
    };
    std::thread watcher([&] {
        while (!finished.load()) {
            if (caller && caller->load()) stop_first = stop_second = true;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    });
    // Starting a thread throws std::system_error when the process may start no more; the
    // watcher, already running, must then be joined before the exception leaves (a joinable
    // std::thread destroyed calls std::terminate).
    std::thread other;
    try {
        other = std::thread([&] { run(second, stop_second, stop_first, second_error); });
    } catch (...) {
        finished = true;
        watcher.join();
        throw;
    }
    run(first, stop_first, stop_second, first_error);
    other.join();
    finished = true;
    watcher.join();
    if (first_error) std::rethrow_exception(first_error);
    if (second_error) std::rethrow_exception(second_error);
}

}  // namespace nl
