// Prometheus counters and a latency histogram for GET /metrics (text exposition format 0.0.4).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace kvdtype::serve {

/// Why a request or connection was refused before any review: the `reason` label of
/// kvdtype_http_refused_total.
enum class Refusal {
  too_large,         ///< Content-Length above --max-body (413, before the body is read)
  not_found,         ///< a path or method the webhook does not serve (404, 405)
  deadline,          ///< the request was not read whole within --request-timeout (or a --read-timeout stall)
  handshake,         ///< a TLS handshake that failed or outlived --handshake-timeout
  per_client_limit,  ///< the client already held --max-connections-per-client connections
  malformed,         ///< a request head that is not HTTP/1.x as this server reads it (400, 411, 431, 505)
  other,
};

class Metrics {
 public:
  /// One review: its decision ("allowed", "warned", "denied", "bad_request"), the serving
  /// containers it checked and how long it took; `would_deny`: --enforcement warn or dry-run
  /// allowed what deny would have refused.
  void record(std::string_view decision, std::size_t workloads, double seconds, bool would_deny = false) noexcept;
  /// A request (or connection) refused before any review.
  void refused(Refusal why) noexcept;
  [[nodiscard]] std::string render() const;

 private:
  static constexpr std::array<double, 12> kBuckets = {0.0005, 0.001, 0.002, 0.005, 0.01, 0.02,
                                                      0.05,   0.1,   0.25,  0.5,   1.0,  2.5};
  std::atomic<std::uint64_t> allowed_{0}, warned_{0}, denied_{0}, bad_request_{0};
  std::atomic<std::uint64_t> workloads_{0};
  std::atomic<std::uint64_t> would_deny_{0};
  static constexpr std::array<const char*, 7> kRefusals = {"too_large", "not_found", "deadline", "handshake",
                                                          "per_client_limit", "malformed", "other"};
  std::array<std::atomic<std::uint64_t>, kRefusals.size()> refused_{};
  std::array<std::atomic<std::uint64_t>, kBuckets.size() + 1> buckets_{};  // last: +Inf
  std::atomic<std::uint64_t> count_{0};
  std::atomic<std::uint64_t> sum_us_{0};  // microseconds: atomics of double need C++20 fetch_add support
};

}  // namespace kvdtype::serve
