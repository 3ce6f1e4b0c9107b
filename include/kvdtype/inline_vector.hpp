// kvdtype/inline_vector.hpp — a fixed-capacity vector, so a Report never allocates.
#pragma once

#include <array>
#include <cstddef>

namespace kvdtype {

/// Up to N elements stored inline. push_back past capacity drops the element and sets
/// truncated(), so callers can say "and more" instead of failing.
template <class T, std::size_t N>
class InlineVector {
 public:
  using value_type = T;
  constexpr void push_back(const T& v) noexcept {
    if (size_ < N) data_[size_++] = v;
    else truncated_ = true;
  }
  constexpr void clear() noexcept { size_ = 0; truncated_ = false; }
  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
  [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] constexpr bool truncated() const noexcept { return truncated_; }
  static constexpr std::size_t capacity() noexcept { return N; }
  constexpr const T& operator[](std::size_t i) const noexcept { return data_[i]; }
  constexpr T& operator[](std::size_t i) noexcept { return data_[i]; }
  constexpr const T* begin() const noexcept { return data_.data(); }
  constexpr const T* end() const noexcept { return data_.data() + size_; }
  constexpr T* begin() noexcept { return data_.data(); }
  constexpr T* end() noexcept { return data_.data() + size_; }

 private:
  std::array<T, N> data_{};
  std::size_t size_ = 0;
  bool truncated_ = false;
};

}  // namespace kvdtype
