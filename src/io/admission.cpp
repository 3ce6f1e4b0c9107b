// POST /validate: admission.k8s.io/v1 AdmissionReview → AdmissionReview (admission.hpp).
//
// The object under review goes through the same reader as `kvdtype check --manifest`
// (io::read_object) and the same checks (io::check_workloads). A container with an error
// diagnostic (or a warning under --fail-on warning) denies the object, naming the rule codes in
// status.message; warnings go into response.warnings, which kubectl prints. Objects without a
// serving container are allowed. A body that is not an AdmissionReview is a 400.
#include "io/admission.hpp"

#include <nlohmann/json.hpp>

#include "io/json_depth.hpp"
#include "io/json_text.hpp"
#include "io/manifest_json.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/manifest.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::serve {
namespace {

using Json = nlohmann::json;

// Deeper JSON than any Kubernetes object nests is hostile (nlohmann recurses).
constexpr int kMaxDepth = 100;
// Kubernetes truncates long warnings (the API guidance: at most 120 characters where possible).
constexpr std::size_t kMaxWarning = 120;
constexpr std::size_t kMaxWarnings = 16;

std::string str(const Json& j, const char* key) {
  if (!j.is_object()) return {};
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

Outcome bad_request(std::string why) {
  Outcome o;
  o.http_status = 400;
  o.decision = "bad_request";
  o.error = why;
  o.body = io::dump_json(Json{{"error", why}}, -1);
  return o;
}

std::string where(const io::Source& s) {
  std::string w = s.container.empty() ? s.name : s.container;
  if (!s.gpu.empty()) w += " on " + s.gpu;
  return w;
}

// Cut on a UTF-8 boundary: a warning quotes names and values from the object (valid UTF-8, as
// the JSON parser checked), and a cut inside a character made the answer invalid JSON text.
std::string shorten(std::string s) {
  if (s.size() > kMaxWarning) {
    std::size_t cut = kMaxWarning - 3;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // a continuation byte
    s.resize(cut);
    s += "...";
  }
  return s;
}

struct Verdicts {
  std::vector<std::string> deny;      // "KVD042 container vllm: title"
  std::vector<std::string> warnings;  // short lines for response.warnings
  std::vector<std::string> codes;
};

void judge(const Rule* rule, Severity sev, const std::string& who, const std::string& message, const Policy& p, Verdicts& v) {
  if (rule == nullptr || p.ignore.count(std::string(rule->code))) return;
  const bool denies = sev == Severity::error || (sev == Severity::warning && p.fail_on_warning);
  if (!denies && sev != Severity::warning) return;
  const std::string code(rule->code);
  if (denies) v.deny.push_back(code + " (" + who + "): " + message);
  else v.warnings.push_back(shorten("kvdtype " + code + " " + who + ": " + std::string(rule->title)));
  v.codes.push_back(code);
}

void judge_report(const Report& r, const std::string& who, const Policy& p, Verdicts& v) {
  for (const Diagnostic& d : r.diagnostics) judge(d.rule, d.severity, who, expand(d.rule->message, d, r), p, v);
}

}  // namespace

Outcome review(std::string_view body, const Policy& policy) {
  if (io::detail::json_nests_deeper_than(body, kMaxDepth)) return bad_request("JSON nested deeper than 100 levels");
  Json j = Json::parse(body, nullptr, false);
  if (j.is_discarded()) return bad_request("the body is not JSON");
  if (!j.is_object() || str(j, "kind") != "AdmissionReview")
    return bad_request("not an AdmissionReview (kind: " + (str(j, "kind").empty() ? std::string("missing") : str(j, "kind")) + ")");
  const std::string api = str(j, "apiVersion");
  if (api != "admission.k8s.io/v1" && api != "admission.k8s.io/v1beta1")
    return bad_request("apiVersion " + (api.empty() ? std::string("missing") : api) + ": expected admission.k8s.io/v1");
  const auto req = j.find("request");
  if (req == j.end() || !req->is_object()) return bad_request("an AdmissionReview without a request");
  Outcome o;
  o.uid = str(*req, "uid");
  if (o.uid.empty()) return bad_request("request.uid is missing");
  o.operation = str(*req, "operation");
  o.namespace_ = str(*req, "namespace");
  o.name = str(*req, "name");
  if (const auto k = req->find("kind"); k != req->end()) o.kind = str(*k, "kind");

  Json response = {{"uid", o.uid}, {"allowed", true}};
  Verdicts v;
  const auto obj = req->find("object");
  if (obj != req->end() && obj->is_object()) {
    if (o.name.empty())
      if (const auto m = obj->find("metadata"); m != obj->end()) o.name = str(*m, "name").empty() ? str(*m, "generateName") : str(*m, "name");
    auto read = io::read_object_json(*obj, policy.base);
    if (!read.ok()) {
      // The API server validated the object's schema; what kvdtype cannot read is not its call.
      v.warnings.push_back(shorten("kvdtype could not read the object: " + read.error().message));
    } else {
      auto workloads = io::expand_fleet(std::move(read).value().workloads);
      if (!workloads.ok()) {
        v.warnings.push_back(shorten("kvdtype: " + workloads.error().message));
      } else {
        const io::Checks checks = io::check_workloads(*workloads);
        o.workloads = checks.results.size();
        for (const io::WorkloadResult& r : checks.results) {
          const std::string who = "container " + where(r.source);
          if (!r.checked) {
            v.deny.push_back("(" + who + "): " + (r.input_error ? r.input_error->message : std::string("cannot be checked")));
            continue;
          }
          judge_report(r.checked->report, who, policy, v);
          if (r.checked->draft) judge_report(*r.checked->draft, who + " drafter", policy, v);
          if (r.checked->prefill) judge_report(*r.checked->prefill, who + " prefill backend", policy, v);
        }
        for (const io::DeploymentDiagnostic& d : checks.diagnostics) judge(d.rule, d.severity, "deployment", d.message, policy, v);
      }
    }
  }
  if (!v.deny.empty()) {
    std::string msg = "kvdtype rejected this " + (o.kind.empty() ? std::string("object") : o.kind) + ":";
    for (const std::string& d : v.deny) msg += " " + d + ";";
    msg.pop_back();
    response["allowed"] = false;
    response["status"] = {{"code", 403}, {"reason", "Forbidden"}, {"message", msg}};
    o.decision = "denied";
  } else {
    o.decision = v.warnings.empty() ? "allowed" : "warned";
  }
  if (!v.warnings.empty()) {
    if (v.warnings.size() > kMaxWarnings) v.warnings.resize(kMaxWarnings);
    response["warnings"] = v.warnings;
  }
  o.codes = std::move(v.codes);
  // dump_json: never throws, whatever bytes a message carries.
  o.body = io::dump_json(Json{{"apiVersion", api}, {"kind", "AdmissionReview"}, {"response", std::move(response)}}, -1);
  return o;
}

}  // namespace kvdtype::serve
