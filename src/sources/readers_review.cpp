// The AdmissionReview row's reader (sources/readers.hpp): a webhook request body → its envelope
// (Gathered::review) and the serving workloads of request.object (Gathered::workloads), each
// starting from Gathered::base (the webhook's defaults). The body is read in one bounded SAX
// pass (sources/k8s/review_reader.hpp), and the object goes through the manifest reader, as
// `kvdtype check --manifest` reads the same object.
#include <string>
#include <utility>

#include "sources/k8s/manifest_json.hpp"
#include "sources/k8s/review_reader.hpp"
#include "sources/readers.hpp"

namespace kvdtype::io::detail {
namespace {

// Deeper JSON than any Kubernetes object nests is hostile (the parser would recurse).
constexpr int kMaxReviewDepth = 100;

Error not_a_review(std::string why) { return Error{ErrorCode::bad_value, std::move(why)}; }

}  // namespace

std::optional<Error> read_admission_review_input(const InputRef& input, Gathered& into) {
  ReviewRead in = read_review(input.value, kMaxReviewDepth);
  // A review whose envelope was read (an AdmissionReview, a request with its uid: the API server
  // writes them before the object) but which nests deeper than the reader goes, inside the
  // object or after it: the object was not read to its end, which the webhook decides (fail
  // closed: denied), not a 400 the API server's failurePolicy Ignore would let through unchecked.
  const bool deep_review = in.problem == ReviewRead::Problem::too_deep && in.is_object && in.kind == "AdmissionReview" &&
                           in.has_request && !in.uid.empty();
  if (deep_review) {
    in.problem = ReviewRead::Problem::none;
    in.has_object = true;
    in.object_error = "JSON nested deeper than " + std::to_string(kMaxReviewDepth) + " levels";
  }
  // A body that is not an AdmissionReview with a request is bad input (the webhook's 400).
  if (in.problem == ReviewRead::Problem::too_deep) return not_a_review("JSON nested deeper than 100 levels");
  if (in.problem == ReviewRead::Problem::not_json) return not_a_review("the body is not JSON");
  if (!in.is_object || in.kind != "AdmissionReview")
    return not_a_review("not an AdmissionReview (kind: " + (in.kind.empty() ? std::string("missing") : in.kind) + ")");
  const std::string& api = in.api_version;
  if (api != "admission.k8s.io/v1" && api != "admission.k8s.io/v1beta1")
    return not_a_review("apiVersion " + (api.empty() ? std::string("missing") : api) + ": expected admission.k8s.io/v1");
  if (!in.has_request) return not_a_review("an AdmissionReview without a request");
  if (in.uid.empty()) return not_a_review("request.uid is missing");
  ReviewHeader& h = into.review.emplace();
  h.api_version = std::move(in.api_version);
  h.uid = std::move(in.uid);
  h.operation = std::move(in.operation);
  h.namespace_ = std::move(in.namespace_);
  h.name = std::move(in.name);
  h.request_kind = std::move(in.request_kind);
  h.has_object = in.has_object;
  h.metadata_name = std::move(in.metadata_name);
  h.metadata_generate_name = std::move(in.metadata_generate_name);
  if (!in.has_object) return std::nullopt;  // a DELETE, say: nothing to judge
  // An object that cannot be read is the webhook's to decide (fail closed, or a warning), not
  // bad input: the review itself was well formed.
  if (!in.object_error.empty()) {
    h.object_unreadable = Error{ErrorCode::bad_file, "object: cannot be read: " + in.object_error};
    return std::nullopt;
  }
  auto read = read_object_node(in.object, into.input());
  in.object = doc::Node();  // released before the checks: the workloads hold what they need
  in.tree.reset();
  if (!read.ok()) {
    h.object_unreadable = read.error();
    return std::nullopt;
  }
  ManifestWorkloads m = std::move(read).value();
  h.unbuilt = std::move(m.unknown);
  // The vector whole when there is nothing before it (a webhook's Gathered starts empty): the
  // same workloads in the same order, none moved one by one.
  if (into.workloads.empty()) into.workloads = std::move(m.workloads);
  else
    for (Workload& w : m.workloads) into.workloads.push_back(std::move(w));
  return std::nullopt;
}

}  // namespace kvdtype::io::detail
