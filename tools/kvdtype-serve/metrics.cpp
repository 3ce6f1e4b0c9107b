// Metrics for GET /metrics (metrics.hpp). Lock-free: every event loop records into atomics.
#include "metrics.hpp"

#include <cstdio>

namespace kvdtype::serve {

void Metrics::record(std::string_view decision, std::size_t workloads, double seconds, bool would_deny) noexcept {
  if (would_deny) ++would_deny_;
  if (decision == "allowed") ++allowed_;
  else if (decision == "warned") ++warned_;
  else if (decision == "denied") ++denied_;
  else ++bad_request_;
  workloads_ += workloads;
  std::size_t b = 0;
  while (b < kBuckets.size() && seconds > kBuckets[b]) ++b;
  ++buckets_[b];
  ++count_;
  sum_us_ += static_cast<std::uint64_t>(seconds * 1e6);
}

void Metrics::refused(Refusal why) noexcept { ++refused_[static_cast<std::size_t>(why)]; }

std::string Metrics::render() const {
  std::string out;
  auto line = [&](const char* text) { out += text; };
  auto counter = [&](const char* labels, std::uint64_t v, const char* metric) {
    out += metric;
    out += labels;
    out += " " + std::to_string(v) + "\n";
  };
  line("# HELP kvdtype_admission_reviews_total AdmissionReviews answered, by decision.\n");
  line("# TYPE kvdtype_admission_reviews_total counter\n");
  counter("{decision=\"allowed\"}", allowed_, "kvdtype_admission_reviews_total");
  counter("{decision=\"warned\"}", warned_, "kvdtype_admission_reviews_total");
  counter("{decision=\"denied\"}", denied_, "kvdtype_admission_reviews_total");
  counter("{decision=\"bad_request\"}", bad_request_, "kvdtype_admission_reviews_total");
  line("# HELP kvdtype_admission_would_deny_total Reviews allowed by --enforcement warn or dry-run that deny would have refused.\n");
  line("# TYPE kvdtype_admission_would_deny_total counter\n");
  counter("", would_deny_, "kvdtype_admission_would_deny_total");
  line("# HELP kvdtype_workloads_checked_total Serving containers checked.\n");
  line("# TYPE kvdtype_workloads_checked_total counter\n");
  counter("", workloads_, "kvdtype_workloads_checked_total");
  line("# HELP kvdtype_http_refused_total Requests refused before a review.\n");
  line("# TYPE kvdtype_http_refused_total counter\n");
  for (std::size_t r = 0; r < kRefusals.size(); ++r)
    counter(("{reason=\"" + std::string(kRefusals[r]) + "\"}").c_str(), refused_[r], "kvdtype_http_refused_total");
  line("# HELP kvdtype_admission_review_duration_seconds Time to judge one review (body parsed to answer built).\n");
  line("# TYPE kvdtype_admission_review_duration_seconds histogram\n");
  std::uint64_t cumulative = 0;
  char le[32];
  for (std::size_t b = 0; b < kBuckets.size(); ++b) {
    cumulative += buckets_[b];
    std::snprintf(le, sizeof le, "%g", kBuckets[b]);
    out += "kvdtype_admission_review_duration_seconds_bucket{le=\"" + std::string(le) + "\"} " + std::to_string(cumulative) + "\n";
  }
  cumulative += buckets_[kBuckets.size()];
  out += "kvdtype_admission_review_duration_seconds_bucket{le=\"+Inf\"} " + std::to_string(cumulative) + "\n";
  char sum[48];
  std::snprintf(sum, sizeof sum, "%.6f", static_cast<double>(sum_us_.load()) / 1e6);
  out += "kvdtype_admission_review_duration_seconds_sum " + std::string(sum) + "\n";
  out += "kvdtype_admission_review_duration_seconds_count " + std::to_string(count_.load()) + "\n";
  return out;
}

}  // namespace kvdtype::serve
