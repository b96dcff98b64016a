// A fixed-size array of zero bytes whose pages are touched only where it is used.
//
// std::vector<T>(n) writes every element, so a table of a million cells costs its whole size in
// page faults before the first read, even when a search looks at a corner of the board and
// stops. calloc hands out large blocks as fresh pages from the kernel, which are zero without
// being written, and writes zeros only where it reuses memory. For the searches whose state
// starts as all zeros (no links, no marks) and that prepare the rest as they advance.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

namespace nl {

template <class T>
class ZeroedArray {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                  "the elements must be valid as zero bytes");

public:
    ZeroedArray() = default;
    explicit ZeroedArray(std::size_t size) : size_(size) {
        if (size == 0) return;
        data_ = static_cast<T*>(std::calloc(size, sizeof(T)));
        if (!data_) throw std::bad_alloc();
    }
    ZeroedArray(ZeroedArray&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
    ZeroedArray& operator=(ZeroedArray&& other) noexcept {
        std::swap(data_, other.data_);
        std::swap(size_, other.size_);
        return *this;
    }
    ZeroedArray(const ZeroedArray&) = delete;
    ZeroedArray& operator=(const ZeroedArray&) = delete;
    ~ZeroedArray() { std::free(data_); }

    T& operator[](std::size_t i) { return data_[i]; }
    const T& operator[](std::size_t i) const { return data_[i]; }
    std::size_t size() const { return size_; }

private:
    T* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace nl
