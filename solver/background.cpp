// Background tasks; see background.hpp.
#include "solver/background.hpp"

#include <condition_variable>
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
    {
        std::lock_guard lock(r.mutex);
        ++r.running;
    }
    std::thread([&r, task = std::move(task)]() mutable {
        task();
        task = nullptr;  // what it holds is freed here, on this thread
        std::lock_guard lock(r.mutex);
        if (--r.running == 0) r.idle.notify_all();
    }).detach();
}

bool background_busy() {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    return r.running > 0;
}

void wait_for_background() { registry().wait(); }

}  // namespace nl
