// kvdtype/heap_optional.hpp — an optional value kept on the heap.
//
// A Report is ~6.6 KB (its diagnostics are held inline, so that check() never allocates). An
// object that holds a rarely-present Report beside its main one (io::Checked: a speculative
// drafter's, a prefill backend's) held them as std::optional<Report>, 13 KB whether present or
// not, on every stack frame and in every copy of it: most of the CLI's stack pages at start-up
// (docs/performance.md, sixth round). HeapOptional reads as std::optional does (test, *, ->,
// assignment of a value) and costs one pointer while empty; a value is one allocation.
#pragma once

#include <memory>
#include <optional>
#include <utility>

namespace kvdtype {

template <class T>
class HeapOptional {
 public:
  HeapOptional() noexcept = default;
  HeapOptional(std::nullopt_t) noexcept {}  // NOLINT(implicit): as std::optional
  HeapOptional(const T& v) : p_(std::make_unique<T>(v)) {}  // NOLINT(implicit): as std::optional
  HeapOptional(T&& v) : p_(std::make_unique<T>(std::move(v))) {}  // NOLINT(implicit): as std::optional
  HeapOptional(const HeapOptional& o) : p_(o.p_ ? std::make_unique<T>(*o.p_) : nullptr) {}
  HeapOptional(HeapOptional&&) noexcept = default;
  HeapOptional& operator=(const HeapOptional& o) {
    if (this != &o) p_ = o.p_ ? std::make_unique<T>(*o.p_) : nullptr;
    return *this;
  }
  HeapOptional& operator=(HeapOptional&&) noexcept = default;
  HeapOptional& operator=(std::nullopt_t) noexcept {
    p_.reset();
    return *this;
  }
  HeapOptional& operator=(const T& v) {
    if (p_) *p_ = v;
    else p_ = std::make_unique<T>(v);
    return *this;
  }
  HeapOptional& operator=(T&& v) {
    if (p_) *p_ = std::move(v);
    else p_ = std::make_unique<T>(std::move(v));
    return *this;
  }

  [[nodiscard]] bool has_value() const noexcept { return p_ != nullptr; }
  explicit operator bool() const noexcept { return p_ != nullptr; }
  T& operator*() noexcept { return *p_; }
  const T& operator*() const noexcept { return *p_; }
  T* operator->() noexcept { return p_.get(); }
  const T* operator->() const noexcept { return p_.get(); }
  void reset() noexcept { p_.reset(); }

 private:
  std::unique_ptr<T> p_;
};

}  // namespace kvdtype
