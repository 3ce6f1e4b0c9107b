// POST /validate: admission.k8s.io/v1 AdmissionReview → AdmissionReview (admission.hpp).
//
// The object under review goes through the same reader as `kvdtype check --manifest`
// (io::read_object) and the same checks (io::check_workloads), and is judged on the same finding
// list every face reads (io::findings). An error finding denies the object, naming every error
// code in status.message (under --fail-on incomplete an unchecked fact, under --fail-on warning a
// warning denies too); warnings and what was not checked go into response.warnings, which
// kubectl prints. Objects without a serving container are allowed. An object or a container
// command kvdtype could not read to its end is denied (fail closed) unless --on-unreadable warn.
// A body that is not an AdmissionReview is a 400. The body is read by the AdmissionReview row of
// the reader table (sources/readers.hpp, readers_review.cpp) in one bounded SAX pass
// (sources/k8s/review_reader.hpp): no JSON DOM, request.object converted straight into the nodes the
// manifest reader walks.
#include "bindings/admission.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include <nlohmann/json.hpp>

#include "common/json_text.hpp"
#include "pipeline/finding_walk.hpp"
#include "sources/readers.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/findings.hpp"
#include "kvdtype/io/manifest.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::serve {
namespace {

using Json = nlohmann::json;

// Kubernetes truncates long warnings (the API guidance: at most 120 characters where possible).
constexpr std::size_t kMaxWarning = 120;
constexpr std::size_t kMaxWarnings = 16;

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
  std::vector<std::string> deny;      // "KVD042 (container vllm): message"
  struct Warning {
    std::string code;  // the rule's, empty for a warning about reading
    std::string line;  // short, for response.warnings
  };
  std::vector<Warning> warnings;
  std::vector<std::string> codes;
};

// The one place the policy is applied. Every finding with a rule code goes through judge_code —
// those of a checked container (judge) and a serving object whose pods were not built
// (judge_unbuilt) — and everything kvdtype could not read through judge_unreadable, so that
// --ignore, --fail-on and --on-unreadable mean the same whatever the finding came from. The texts
// are made only for the branch taken (a review shows few of its findings).

// A rule code's verdict: dropped by --ignore, nothing when ok; a denial at or above --fail-on;
// else a warning (incomplete: KVD080, a fact unknown, checks skipped; or a warning).
template <class DenyText, class WarnText>
void judge_code(std::string_view code, Verdict fv, const Policy& p, Verdicts& v, DenyText&& deny_text, WarnText&& warn_text) {
  if (fv == Verdict::ok) return;
  if (!p.ignore.empty() && p.ignore.count(std::string(code))) return;
  if (fv >= p.fail_on) v.deny.push_back(deny_text());
  else v.warnings.push_back({std::string(code), shorten(warn_text(fv))});
  v.codes.emplace_back(code);
}

// What kvdtype could not read (an object, a container's command) may hold a server nobody
// judged: denied, or under --on-unreadable warn allowed with a warning. Never allowed silently,
// and never dropped by --ignore (it has no rule code to ignore).
template <class DenyText, class WarnText>
void judge_unreadable(const Policy& p, Verdicts& v, DenyText&& deny_text, WarnText&& warn_text) {
  if (p.unreadable_warns) v.warnings.push_back({"", shorten(warn_text())});
  else v.deny.push_back(deny_text());
}

// The object itself could not be read (or its GPU list split): judge_unreadable's texts for it.
void judge_unreadable_object(const std::string& why, const Policy& p, Verdicts& v) {
  judge_unreadable(p, v, [&] { return "(object): kvdtype could not read it: " + why; },
                   [&] { return "kvdtype could not read the object: " + why; });
}

// One finding of a checked workload (pipeline/finding_walk.hpp). The finding's text and the
// container's name are made only for what the answer shows; info findings are left to the
// other outputs (their verdict is ok).
void judge(const io::internal::FindingView& f, const io::Checks& checks, const Policy& p, Verdicts& v) {
  const auto who = [&] {
    if (f.part == "deployment" || f.workload >= checks.results.size()) return std::string("deployment");
    return "container " + where(checks.results[f.workload].source);
  };
  if (f.rule == nullptr) {  // the container's input could not be read
    judge_unreadable(p, v, [&] { return "(" + who() + "): " + f.message(); },
                     [&] { return "kvdtype could not read " + who() + ": " + f.message(); });
    return;
  }
  const std::string_view code = f.rule->code;
  const auto part = [&] { return f.part.empty() ? std::string() : " " + std::string(f.part); };
  judge_code(
      code, f.verdict(), p, v, [&] { return std::string(code) + " (" + who() + part() + "): " + f.message(); },
      [&](Verdict fv) {
        const std::string head = "kvdtype " + std::string(code) + " " + who() + part() + ": ";
        return fv == Verdict::incomplete ? head + "not checked, " + f.message() : head + std::string(f.rule->title);
      });
}

// A serving object whose pods kvdtype could not build (the operator needs another object, or a
// preset kvdtype lacks; ReviewHeader::unbuilt): an unchecked fact, KVD080, as `check --manifest`
// lists it for the same object — through the same judge_code as every other finding.
void judge_unbuilt(const std::string& what, const Policy& p, Verdicts& v) {
  static constexpr std::string_view kCode = "KVD080";
  judge_code(
      kCode, Verdict::incomplete, p, v, [&] { return std::string(kCode) + " (object): not checked: " + what; },
      [&](Verdict) { return "kvdtype " + std::string(kCode) + " " + what; });
}

// At most kMaxWarnings lines, identical ones once, every code still named: the last line lists
// the codes of what did not fit.
std::vector<std::string> warning_lines(const Verdicts& v) {
  std::vector<const Verdicts::Warning*> kept;
  for (const Verdicts::Warning& w : v.warnings)
    if (std::none_of(kept.begin(), kept.end(), [&](const Verdicts::Warning* k) { return k->line == w.line; })) kept.push_back(&w);
  const std::size_t shown = kept.size() <= kMaxWarnings ? kept.size() : kMaxWarnings - 1;
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < shown; ++i) lines.push_back(kept[i]->line);
  if (shown < kept.size()) {
    std::string rest;
    for (std::size_t i = lines.size(); i < kept.size(); ++i)
      if (!kept[i]->code.empty() && rest.find(kept[i]->code) == std::string::npos) rest += (rest.empty() ? "" : ",") + kept[i]->code;
    lines.push_back(shorten("kvdtype: " + std::to_string(kept.size() - lines.size()) + " more warnings" + (rest.empty() ? "" : ": " + rest)));
  }
  return lines;
}

// Whether the eight bytes at `p` are all printable ASCII (0x20–0x7f) but `"` and `\\`: the
// bytes append_ascii_json_string() writes as they are (its kAsIs), tested at once.
bool plain8(const char* p) {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  // A byte of x ^ (kOnes * b) is zero where x's byte is b; `(v - kOnes) & ~v & kHigh` is non-zero
  // where a byte of v is zero (the classic test); a byte below 0x20 is one that x - 0x20 borrows from.
  const auto has_zero = [](std::uint64_t v) { return ((v - kOnes) & ~v & kHigh) != 0; };
  const bool below_space = ((x - kOnes * 0x20) & ~x & kHigh) != 0;
  return (x & kHigh) == 0 && !below_space && !has_zero(x ^ (kOnes * '"')) && !has_zero(x ^ (kOnes * '\\'));
}

// `s` as a JSON string the way nlohmann's dump() writes it (ensure_ascii off): " and \ escaped,
// \b \f \n \r \t by name, other control bytes as \u00xx, everything else as is. Only for ASCII
// text: false for a byte of 0x80 or above (dump_json checks and repairs UTF-8 there; the caller
// then builds the answer through it).
bool append_ascii_json_string(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  // The bytes written as they are: printable ASCII (DEL included) but `"` and `\\`.
  static constexpr std::array<bool, 256> kAsIs = [] {
    std::array<bool, 256> t{};
    for (int c = 0x20; c < 0x80; ++c) t[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
    return t;
  }();
  out += '"';
  std::size_t run = 0;  // the start of the bytes written as they are, appended at once
  for (std::size_t i = 0; i < s.size(); ++i) {
    // Eight bytes at a time while all eight are written as they are (a denial's message is a
    // few hundred such bytes: ~3x fewer instructions than one test a byte; docs/performance.md,
    // twelfth round). A word with any other byte is then gone through one byte at a time.
    while (i + 8 <= s.size() && plain8(s.data() + i)) i += 8;
    if (i >= s.size()) break;
    const auto c = static_cast<unsigned char>(s[i]);
    if (kAsIs[c]) continue;
    out.append(s.data() + run, i - run);
    run = i + 1;
    if (c >= 0x80) return false;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:  // another control byte
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 15];
    }
  }
  out.append(s.data() + run, s.size() - run);
  out += '"';
  return true;
}

// The AdmissionReview answer written straight as text, byte for byte what dump_json() makes of
// the same object (nlohmann's objects keep their keys sorted: apiVersion, kind, response; allowed,
// status, uid, warnings; code, message, reason) without building the tree: nullopt when a string
// is not ASCII, and the caller builds it as a tree instead.
std::optional<std::string> answer_text(const std::string& api, const std::string& uid, const std::string* deny_message,
                                       const std::vector<std::string>& warnings) {
  std::string out;
  out.reserve(160 + api.size() + uid.size() + (deny_message != nullptr ? deny_message->size() : 0));
  out += "{\"apiVersion\":";
  if (!append_ascii_json_string(out, api)) return std::nullopt;
  out += ",\"kind\":\"AdmissionReview\",\"response\":{\"allowed\":";
  out += deny_message != nullptr ? "false" : "true";
  if (deny_message != nullptr) {
    out += ",\"status\":{\"code\":403,\"message\":";
    if (!append_ascii_json_string(out, *deny_message)) return std::nullopt;
    out += ",\"reason\":\"Forbidden\"}";
  }
  out += ",\"uid\":";
  if (!append_ascii_json_string(out, uid)) return std::nullopt;
  if (!warnings.empty()) {
    out += ",\"warnings\":[";
    for (std::size_t i = 0; i < warnings.size(); ++i) {
      if (i > 0) out += ',';
      if (!append_ascii_json_string(out, warnings[i])) return std::nullopt;
    }
    out += ']';
  }
  out += "}}";
  return out;
}

}  // namespace

std::optional<Enforcement> parse_enforcement(std::string_view text) noexcept {
  if (text == "deny") return Enforcement::deny;
  if (text == "warn") return Enforcement::warn;
  if (text == "dry-run") return Enforcement::dry_run;
  return std::nullopt;
}

Outcome review(std::string_view body, const Policy& policy) {
  // The body through the AdmissionReview row (sources/readers.hpp): its envelope, and the
  // serving workloads of request.object, each starting from the webhook's defaults.
  // Default-made: `Gathered read{…}` zero-fills its 11 KB first (read_layers.cpp says why). The
  // policy's base is read where it is, not copied in (docs/performance.md, twelfth round).
  io::detail::Gathered read;
  read.base_from = &policy.base;
  if (auto e = io::detail::reader(io::InputKind::admission_review)
                   .read({io::InputKind::admission_review, std::string(body)}, read))
    return bad_request(e->message);
  const io::detail::ReviewHeader& in = *read.review;
  const std::string& api = in.api_version;
  Outcome o;
  o.uid = in.uid;
  o.operation = in.operation;
  o.namespace_ = in.namespace_;
  o.name = in.name;
  o.kind = in.request_kind;

  Verdicts v;
  if (in.has_object) {
    if (o.name.empty()) o.name = in.metadata_name.empty() ? in.metadata_generate_name : in.metadata_name;
    if (in.object_unreadable) {
      // Fail closed: an object kvdtype could not read may hold a server it did not judge.
      // --on-unreadable warn lets it through with a warning instead.
      const std::string& why = in.object_unreadable->message;
      judge_unreadable_object(why, policy, v);
    } else {
      // `--gpu A100,H100`: the targets a workload whose pod names no GPU is checked on, one by
      // one as `check --gpu A100,H100` checks them. The default is applied only at judging
      // (CheckInput::defaults), after the split, so a list left there was one unknown GPU
      // "A100,H100" and every such review was denied unread.
      if (io::is_fleet(policy.base.defaults.gpu))
        for (io::Workload& w : read.workloads)
          if (w.input.fields.gpu.empty()) w.input.fields.gpu = policy.base.defaults.gpu;
      auto workloads = io::expand_fleet(std::move(read.workloads));
      if (!workloads.ok()) {
        // A GPU list kvdtype cannot split (`A100,,H100`): `check --manifest` exits 2 on it, so
        // nothing was checked — unreadable, denied unless --on-unreadable warn (was a warning).
        const std::string& why = workloads.error().message;
        judge_unreadable_object(why, policy, v);
      } else {
        const io::Checks checks = io::check_workloads(*workloads);
        o.workloads = checks.results.size();
        // The same findings every face lists (kvdtype/io/findings.hpp), in their order, judged
        // one by one without writing out the text of those the answer does not show.
        io::internal::for_each_finding_of(checks, [&](const io::internal::FindingView& f) { judge(f, checks, policy, v); });
      }
      for (const std::string& u : in.unbuilt) judge_unbuilt(u, policy, v);
    }
  }
  if (!v.deny.empty() && policy.enforcement != Enforcement::deny) {
    // Enforcement warn: the denial is told as warnings, first; dry-run: nothing is told, the log
    // line and the metrics record it (would_deny).
    o.would_deny = true;
    if (policy.enforcement == Enforcement::warn) {
      std::vector<Verdicts::Warning> told;
      for (const std::string& d : v.deny) told.push_back({"", shorten("kvdtype would deny (enforcement warn): " + d)});
      told.insert(told.end(), v.warnings.begin(), v.warnings.end());
      v.warnings = std::move(told);
    }
    v.deny.clear();
  }
  if (policy.enforcement == Enforcement::dry_run) v.warnings.clear();
  std::string msg;
  if (!v.deny.empty()) {
    msg = "kvdtype rejected this " + (o.kind.empty() ? std::string("object") : o.kind) + ":";
    for (const std::string& d : v.deny) msg += " " + d + ";";
    msg.pop_back();
    o.decision = "denied";
  } else {
    o.decision = v.warnings.empty() ? "allowed" : "warned";
  }
  const std::vector<std::string> warnings = v.warnings.empty() ? std::vector<std::string>() : warning_lines(v);
  o.codes = std::move(v.codes);
  const std::string* deny_message = v.deny.empty() ? nullptr : &msg;
  if (auto text = answer_text(api, o.uid, deny_message, warnings)) {
    o.body = std::move(*text);
    return o;
  }
  // A string that is not ASCII: the tree through dump_json, which never throws, whatever bytes
  // a message carries (invalid UTF-8 written as \xNN text).
  Json response = {{"uid", o.uid}, {"allowed", deny_message == nullptr}};
  if (deny_message != nullptr) response["status"] = {{"code", 403}, {"reason", "Forbidden"}, {"message", msg}};
  if (!warnings.empty()) response["warnings"] = warnings;
  o.body = io::dump_json(Json{{"apiVersion", api}, {"kind", "AdmissionReview"}, {"response", std::move(response)}}, -1);
  return o;
}

}  // namespace kvdtype::serve
