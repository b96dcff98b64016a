// An allocator for large tables that start as zeros: calloc hands out large blocks as fresh
// pages from the kernel, which read as zero without being written, and elements made without a
// value are left as they are. So std::vector<T, ZeroPagesAllocator<T>>(n) costs no page fault
// until an element is used: on a board of millions of cells a table that holds a few marks
// (the terminals, say) writes a few pages, not its size.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

namespace nl {

template <class T>
struct ZeroPagesAllocator {
    static_assert(std::is_trivially_copyable_v<T>, "the elements must be valid as zero bytes");
    using value_type = T;

    ZeroPagesAllocator() = default;
    template <class U>
    ZeroPagesAllocator(const ZeroPagesAllocator<U>&) noexcept {}

    T* allocate(std::size_t n) {
        if (n == 0) n = 1;
        void* p = std::calloc(n, sizeof(T));
        if (!p) throw std::bad_alloc();
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t) noexcept { std::free(p); }

    // An element made without a value keeps calloc's zero bytes (no write); with a value, it
    // is constructed as usual.
    template <class U, class... Args>
    void construct(U* p, Args&&... args) {
        if constexpr (sizeof...(Args) > 0) ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }

    template <class U>
    bool operator==(const ZeroPagesAllocator<U>&) const noexcept {
        return true;
    }
};

}  // namespace nl
