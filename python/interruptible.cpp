// See interruptible.hpp.
#include "python/interruptible.hpp"

#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include <pybind11/pybind11.h>

namespace py = pybind11;

namespace nl::python {

void run_interruptible(const std::function<void(std::atomic<bool>& interrupt)>& work) {
    std::atomic<bool> interrupt{false};
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    bool signalled = false;  // a signal handler raised: its exception is set on this thread
    std::exception_ptr error;
    {
        py::gil_scoped_release without_gil;
        std::thread worker([&] {
            try {
                work(interrupt);
            } catch (...) {
                error = std::current_exception();
            }
            const std::lock_guard lock(mutex);
            done = true;
            finished.notify_all();
        });
        std::unique_lock lock(mutex);
        while (!finished.wait_for(lock, kSignalPollInterval, [&] { return done; })) {
            if (signalled) continue;  // the flag is set; wait for the work to stop
            lock.unlock();
            {
                py::gil_scoped_acquire with_gil;
                if (PyErr_CheckSignals() != 0) {
                    signalled = true;
                    interrupt = true;
                }
            }
            lock.lock();
        }
        lock.unlock();
        worker.join();
    }
    if (signalled) throw py::error_already_set();
    if (error) std::rethrow_exception(error);
}

}  // namespace nl::python
