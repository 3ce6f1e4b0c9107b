// kvdtype/inline_vector.hpp — a fixed-capacity vector, so a Report never allocates.
#pragma once

#include <cstddef>
#include <new>
#include <type_traits>

namespace kvdtype {

/// Up to N elements stored inline. push_back past capacity drops the element and sets
/// truncated(), so callers can say "and more" instead of failing.
///
/// The slots past size() are left unwritten, and a copy copies size() elements: a Report holds
/// 48 diagnostic slots and a Plan 32 skipped-backend slots, and clearing or copying all of them
/// on every check cost more than the check itself (docs/performance.md, issue 29).
template <class T, std::size_t N>
class InlineVector {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "InlineVector holds plain rows (pointers, views, numbers)");

 public:
  using value_type = T;
  InlineVector() noexcept {}
  InlineVector(const InlineVector& o) noexcept : size_(o.size_), truncated_(o.truncated_) { copy_from(o); }
  InlineVector& operator=(const InlineVector& o) noexcept {
    if (this != &o) {
      size_ = o.size_;
      truncated_ = o.truncated_;
      copy_from(o);
    }
    return *this;
  }
  ~InlineVector() = default;

  void push_back(const T& v) noexcept {
    if (size_ < N) ::new (static_cast<void*>(&data_.items[size_++])) T(v);
    else truncated_ = true;
  }
  void clear() noexcept { size_ = 0; truncated_ = false; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] bool truncated() const noexcept { return truncated_; }
  static constexpr std::size_t capacity() noexcept { return N; }
  const T& operator[](std::size_t i) const noexcept { return data_.items[i]; }
  T& operator[](std::size_t i) noexcept { return data_.items[i]; }
  const T* begin() const noexcept { return data_.items; }
  const T* end() const noexcept { return data_.items + size_; }
  T* begin() noexcept { return data_.items; }
  T* end() noexcept { return data_.items + size_; }

 private:
  void copy_from(const InlineVector& o) noexcept {
    for (std::size_t i = 0; i < size_; ++i) ::new (static_cast<void*>(&data_.items[i])) T(o.data_.items[i]);
  }
  // A union member is not initialised unless written: the slots cost nothing until used.
  union Slots {
    Slots() noexcept {}
    T items[N];
  } data_;
  std::size_t size_ = 0;
  bool truncated_ = false;
};

}  // namespace kvdtype
