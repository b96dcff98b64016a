// A growable array of a trivially copyable type that grows with realloc. The frontier engine's
// tables (frontier_table.hpp) grow to hundreds of megabytes as its layers grow; a std::vector
// grows by allocating a new block, copying into it and freeing the old one, so every growth
// touches fresh pages that the kernel must fault in and clear, and the copy walks the whole old
// block. glibc's realloc moves a large (mmapped) block's pages instead (mremap): no copy, and only
// the new part is faulted in. On janko_even #135 under nikoli rules the count faulted in 1.2 GB
// of fresh pages for tables of 584 MB, and spent 0.8 s in the kernel.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>

namespace nl {

template <class T>
class GrowBuffer {
    static_assert(std::is_trivially_copyable_v<T>);

   public:
    GrowBuffer() = default;
    ~GrowBuffer() { std::free(data_); }
    GrowBuffer(GrowBuffer&& other) noexcept : data_(other.data_), size_(other.size_), capacity_(other.capacity_) {
        other.data_ = nullptr;
        other.size_ = other.capacity_ = 0;
    }
    GrowBuffer& operator=(GrowBuffer&& other) noexcept {
        if (this != &other) {
            std::free(data_);
            data_ = other.data_;
            size_ = other.size_;
            capacity_ = other.capacity_;
            other.data_ = nullptr;
            other.size_ = other.capacity_ = 0;
        }
        return *this;
    }
    GrowBuffer(const GrowBuffer&) = delete;
    GrowBuffer& operator=(const GrowBuffer&) = delete;

    T* data() { return data_; }
    const T* data() const { return data_; }
    std::size_t size() const { return size_; }
    std::size_t capacity() const { return capacity_; }
    T& operator[](std::size_t i) { return data_[i]; }
    const T& operator[](std::size_t i) const { return data_[i]; }

    void clear() { size_ = 0; }
    void reserve(std::size_t n) {
        if (n > capacity_) reallocate(n);
    }
    void append(const T* from, std::size_t n) {
        if (size_ + n > capacity_) reallocate(std::max(size_ + n, 2 * capacity_));
        std::memcpy(data_ + size_, from, n * sizeof(T));
        size_ += n;
    }
    void push_back(const T& value) { append(&value, 1); }
    // n zero-valued elements (T's zero bytes), replacing the contents.
    void assign_zeros(std::size_t n) {
        size_ = 0;
        reserve(n);
        std::memset(static_cast<void*>(data_), 0, n * sizeof(T));
        size_ = n;
    }

   private:
    T* data_ = nullptr;
    std::size_t size_ = 0, capacity_ = 0;

    void reallocate(std::size_t n) {
        void* grown = std::realloc(static_cast<void*>(data_), n * sizeof(T));
        if (!grown) throw std::bad_alloc();
        data_ = static_cast<T*>(grown);
        capacity_ = n;
    }
};

}  // namespace nl
