// Prometheus counters and a latency histogram for GET /metrics (text exposition format 0.0.4).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace kvdtype::serve {

class Metrics {
 public:
  /// One review: its decision ("allowed", "warned", "denied", "bad_request"), the serving
  /// containers it checked and how long it took.
  void record(std::string_view decision, std::size_t workloads, double seconds) noexcept;
  /// A request refused before any review (body too large, wrong path or method).
  void refused(int status) noexcept;
  [[nodiscard]] std::string render() const;

 private:
  static constexpr std::array<double, 12> kBuckets = {0.0005, 0.001, 0.002, 0.005, 0.01, 0.02,
                                                      0.05,   0.1,   0.25,  0.5,   1.0,  2.5};
  std::atomic<std::uint64_t> allowed_{0}, warned_{0}, denied_{0}, bad_request_{0};
  std::atomic<std::uint64_t> workloads_{0};
  std::atomic<std::uint64_t> too_large_{0}, not_found_{0}, other_refused_{0};
  std::array<std::atomic<std::uint64_t>, kBuckets.size() + 1> buckets_{};  // last: +Inf
  std::atomic<std::uint64_t> count_{0};
  std::atomic<std::uint64_t> sum_us_{0};  // microseconds: atomics of double need C++20 fetch_add support
};

}  // namespace kvdtype::serve
