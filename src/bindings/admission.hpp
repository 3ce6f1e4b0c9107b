// An AdmissionReview in, the AdmissionReview answer out (kvdtype serve's POST /validate).
// A pure function of the body and the policy, in the library (not in tools/kvdtype-serve) so that
// the webhook and the `admission` fuzz target (tests/fuzz/entry_points.hpp) run the same code.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/plan.hpp"

namespace kvdtype::serve {

/// What a review that would deny does (Gatekeeper's enforcement actions): deny it (the
/// default), allow it with the denial as AdmissionReview warnings, or allow it silently and only
/// record the denial (log line and metrics).
enum class Enforcement { deny, warn, dry_run };

/// --enforcement's value; nullopt for anything but deny, warn or dry-run.
[[nodiscard]] std::optional<Enforcement> parse_enforcement(std::string_view text) noexcept;

/// The server's check options: what every review starts from.
struct Policy {
  Enforcement enforcement = Enforcement::deny;  ///< --enforcement
  Verdict fail_on = Verdict::error;  ///< --fail-on: the lowest verdict that denies (error, incomplete, warn)
  /// --on-unreadable warn: an object (or a container's command) kvdtype could not read to its
  /// end is allowed with a warning instead of denied. Fail closed by default.
  bool unreadable_warns = false;
  std::set<std::string> ignore;   ///< --ignore KVDnnn,…: these codes neither deny nor warn
  io::CheckInput base;            ///< defaults (engine version, gpu) and fixed fields
};

/// What one review came to.
struct Outcome {
  int http_status = 200;          ///< 200 with an AdmissionReview; 4xx for a body that is not one
  std::string body;               ///< JSON
  // For the log line and the metrics:
  std::string uid, kind, namespace_, name, operation;
  std::string decision;           ///< "allowed", "warned", "denied", "bad_request"
  std::vector<std::string> codes; ///< rule codes that denied or warned
  /// The review would have been denied, but --enforcement warn or dry-run allowed it.
  bool would_deny = false;
  std::size_t workloads = 0;      ///< serving containers checked
  std::string error;              ///< why the body was refused (bad_request)
};

/// Judge one POST /validate body.
[[nodiscard]] Outcome review(std::string_view body, const Policy& policy);

}  // namespace kvdtype::serve
