// Background tasks; see background.hpp.
#include "solver/base/background.hpp"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

namespace nl {

namespace {

struct Registry {
    std::mutex mutex;
    std::condition_variable idle;
    int running = 0;
    // At exit (static destruction), the tasks still running finish first.
    ~Registry() { wait(); }
    void wait() {
        std::unique_lock lock(mutex);
        idle.wait(lock, [this] { return running == 0; });
    }
};

Registry& registry() {
    static Registry r;
    return r;
}

}  // namespace

void run_in_background(std::function<void()> task) {
    Registry& r = registry();
    // Shared, so that the task survives a thread that cannot be started (std::system_error: the
    // process's limit of threads, or memory) and then runs here instead, late but not lost: a
    // caller such as ~SatSession cannot let an exception out.
    auto held = std::make_shared<std::function<void()>>(std::move(task));
    {
        std::lock_guard lock(r.mutex);
        ++r.running;
    }
    auto finished = [&r] {
        std::lock_guard lock(r.mutex);
        if (--r.running == 0) r.idle.notify_all();
    };
    auto run = [finished, held] {
        (*held)();
        *held = nullptr;  // what it holds is freed here, on the thread that ran it
        finished();
    };
    try {
        std::thread(run).detach();
    } catch (...) {
        run();
    }
}

bool background_busy() {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    return r.running > 0;
}

void wait_for_background() { registry().wait(); }

}  // namespace nl
