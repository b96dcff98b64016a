// Work on a stream of items with several threads, results handed on in the items' order.
//
// run_in_order pulls items from `next` one at a time (never two calls at once), gives each to
// `work` on one of `jobs` threads, and hands each item with its result to `emit` on the calling
// thread in the order the items were pulled, as soon as it and every item before it are done, so
// the output never depends on the number of jobs. At most 2 x `jobs` items are pulled and not
// yet taken for emitting (plus the one being emitted): a slow item holds back the rest, which
// then wait instead of piling up, so the memory of a batch is bounded by the items in flight,
// not by the length of the stream.
//
// After `stop` is raised nothing more is pulled; items already pulled are worked on (their work
// sees the same flag) and emitted. An exception from `next` or `work` reaches the caller in its
// item's turn, after the items before it were emitted; the other threads start nothing more
// and are joined before it leaves. With one job (or none) everything runs on the calling thread:
// starting a thread costs about as much as a small puzzle.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace nl {

template <class Item, class Result>
std::size_t run_in_order(int jobs, const std::atomic<bool>& stop, const std::function<std::optional<Item>()>& next,
                         const std::function<Result(Item&)>& work, const std::function<void(Item&, Result&)>& emit) {
    std::size_t emitted = 0;
    if (jobs <= 1) {
        while (!stop) {
            std::optional<Item> item = next();
            if (!item) break;
            Result result = work(*item);
            emit(*item, result);
            ++emitted;
        }
        return emitted;
    }
    struct Slot {
        std::optional<Item> item;  // empty in a done slot: the stream ended there
        std::optional<Result> result;
        std::exception_ptr error;
        bool done = false;
    };
    std::deque<Slot> slots;  // pulled and not yet emitted, in pull order (references stay valid)
    std::mutex mutex, reading;
    std::condition_variable changed;
    bool ended = false;  // the stream ended, failed or the caller left: pull nothing more
    const std::size_t window = 2 * static_cast<std::size_t>(jobs);

    auto worker = [&] {
        while (true) {
            std::unique_lock read_lock(reading);  // one pull at a time, slots in pull order
            Slot* slot;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return ended || stop || slots.size() < window; });
                if (ended || stop) return;
                slot = &slots.emplace_back();
            }
            std::exception_ptr error;
            try {
                slot->item = next();
            } catch (...) {
                error = std::current_exception();
            }
            read_lock.unlock();
            if (slot->item && !error) {
                try {
                    slot->result.emplace(work(*slot->item));
                } catch (...) {
                    error = std::current_exception();
                }
            }
            std::lock_guard lock(mutex);
            slot->error = error;
            slot->done = true;
            if (!slot->item || error) ended = true;
            changed.notify_all();
        }
    };
    std::vector<std::thread> workers;
    struct Join {  // on every way out: nothing more is pulled, and every worker has finished
        std::vector<std::thread>& workers;
        std::mutex& mutex;
        std::condition_variable& changed;
        bool& ended;
        ~Join() {
            {
                std::lock_guard lock(mutex);
                ended = true;
                changed.notify_all();
            }
            for (auto& w : workers) w.join();
        }
    } join{workers, mutex, changed, ended};
    for (int j = 0; j < jobs; ++j) workers.emplace_back(worker);

    while (true) {
        Slot slot;
        {
            std::unique_lock lock(mutex);
            // A worker that saw neither flag has made its slot before taking the lock again, so
            // an empty deque with a flag raised means nothing more is coming.
            changed.wait(lock, [&] { return slots.empty() ? ended || stop : slots.front().done; });
            if (slots.empty()) break;
            slot = std::move(slots.front());
            slots.pop_front();
            changed.notify_all();  // a place in the window is free
        }
        if (slot.error) std::rethrow_exception(slot.error);
        if (!slot.item) break;
        emit(*slot.item, *slot.result);
        ++emitted;
    }
    return emitted;
}

}  // namespace nl
