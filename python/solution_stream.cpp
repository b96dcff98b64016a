// See solution_stream.hpp.
#include "python/solution_stream.hpp"

#include <pybind11/pybind11.h>

#include "python/interruptible.hpp"

namespace py = pybind11;

namespace nl::python {

SolutionStream::SolutionStream(Puzzle puzzle, CountOptions options) : puzzle_(std::move(puzzle)) {
    options.sat.interrupt = &interrupt_;
    options.keep = 0;  // the queue holds them; the result need not
    options.on_solution = [this](const Solution& s) { push(s); };
    worker_ = std::thread([this, options] {
        StopReason stop = StopReason::None;
        std::exception_ptr error;
        try {
            stop = count_solutions_sat(puzzle_, puzzle_.rules, options).stop;
        } catch (...) {
            error = std::current_exception();
        }
        const std::lock_guard lock(mutex_);
        stop_ = stop;
        error_ = error;
        done_ = true;
        changed_.notify_all();
    });
}

SolutionStream::~SolutionStream() { close(); }

void SolutionStream::push(const Solution& solution) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return queue_.size() < kAhead || closing_; });
    if (closing_) return;  // the interrupt flag is set: the enumeration stops at its next poll
    queue_.push_back(solution);
    changed_.notify_all();
}

std::optional<Solution> SolutionStream::next() {
    bool signalled = false;
    std::optional<Solution> out;
    {
        py::gil_scoped_release without_gil;
        std::unique_lock lock(mutex_);
        while (!changed_.wait_for(lock, kSignalPollInterval, [this] { return !queue_.empty() || done_; })) {
            lock.unlock();
            {
                py::gil_scoped_acquire with_gil;
                signalled = PyErr_CheckSignals() != 0;
            }
            lock.lock();
            if (signalled) break;
        }
        if (!signalled && !queue_.empty()) {
            out = std::move(queue_.front());
            queue_.pop_front();
            changed_.notify_all();
        }
    }
    if (signalled) {
        close();
        throw py::error_already_set();
    }
    if (!out) {
        const std::lock_guard lock(mutex_);
        if (error_) std::rethrow_exception(error_);
    }
    return out;
}

void SolutionStream::close() {
    {
        const std::lock_guard lock(mutex_);
        closing_ = true;
        changed_.notify_all();
    }
    interrupt_ = true;
    if (worker_.joinable()) {
        // The enumeration polls the flag within a fraction of a second; wait without the GIL
        // when the caller holds it (not in the destructor during interpreter shutdown).
        if (PyGILState_Check()) {
            py::gil_scoped_release without_gil;
            worker_.join();
        } else {
            worker_.join();
        }
    }
}

}  // namespace nl::python
