// Budgets; see budget.hpp.
#include "solver/base/budget.hpp"

#include <malloc.h>
#include <unistd.h>

#include <cstdio>

namespace nl {

Budget Budget::starting_now(double timeout, const std::atomic<bool>* interrupt, std::size_t max_memory) {
    Budget b;
    if (timeout > 0)
        b.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout));
    b.interrupt = interrupt;
    b.max_memory = max_memory;
    return b;
}

StopReason Budget::check(bool memory) const {
    if (interrupt && interrupt->load(std::memory_order_relaxed)) return StopReason::Interrupted;
    if (has_deadline() && Clock::now() >= deadline) return StopReason::Timeout;
    if (memory && max_memory && resident_memory() > max_memory) {
        // Memory freed by an earlier puzzle that glibc kept still counts as resident: give it
        // back before judging (only when over the cap, so rarely).
        malloc_trim(0);
        if (resident_memory() > max_memory) return StopReason::Memory;
    }
    return StopReason::None;
}

namespace {

const char* reason_text(StopReason why) {
    switch (why) {
        case StopReason::Timeout: return "time limit reached";
        case StopReason::Interrupted: return "interrupted";
        case StopReason::Memory: return "memory limit reached";
        case StopReason::None: break;
    }
    return "stopped";
}

}  // namespace

Stopped::Stopped(StopReason why) : std::runtime_error(reason_text(why)), reason(why) {}

Stopped::Stopped(StopReason why, const std::string& message) : std::runtime_error(message), reason(why) {}

void poll_budget(const Budget& budget) {
    if (const StopReason why = budget.check(); why != StopReason::None) throw Stopped(why);
}

std::size_t resident_memory() {
    // Second field of statm: resident pages. A read costs a few microseconds; callers poll it
    // every 10 ms at most.
    std::FILE* f = std::fopen("/proc/self/statm", "r");
    if (!f) return 0;
    unsigned long size = 0, resident = 0;
    const bool ok = std::fscanf(f, "%lu %lu", &size, &resident) == 2;
    std::fclose(f);
    return ok ? static_cast<std::size_t>(resident) * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) : 0;
}

namespace {

// The first number in `path`, or 0 ("max", missing, unreadable).
std::size_t read_limit(const char* path) {
    std::FILE* f = std::fopen(path, "r");
    if (!f) return 0;
    unsigned long long value = 0;
    const bool ok = std::fscanf(f, "%llu", &value) == 1;
    std::fclose(f);
    return ok ? static_cast<std::size_t>(value) : 0;
}

}  // namespace

std::size_t default_memory_cap() {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    std::size_t total = pages > 0 && page > 0 ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(page) : 0;
    for (const char* path : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
        const std::size_t limit = read_limit(path);
        if (limit && (!total || limit < total)) total = limit;
    }
    return total / 4 * 3;
}

int luby(std::uint64_t k) {
    for (;;) {
        int bits = 1;
        while ((std::uint64_t{1} << bits) - 1 < k) ++bits;  // the least 2^bits - 1 >= k
        if ((std::uint64_t{1} << bits) - 1 == k) return 1 << (bits - 1);
        k -= (std::uint64_t{1} << (bits - 1)) - 1;  // the sequence repeats its first part
    }
}

}  // namespace nl
