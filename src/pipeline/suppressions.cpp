// Suppressions: where they are written, which findings they silence, and the ones that silence
// nothing (include/kvdtype/io/suppressions.hpp; docs/suppressions.md).
#include "kvdtype/io/suppressions.hpp"

#include <algorithm>

#include "common/text.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/workloads.hpp"
#include "kvdtype/rule.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype::io {
namespace {

constexpr std::string_view kBlank = " \t\r";
constexpr std::string_view kMarker = "kvdtype:";

std::string_view trim(std::string_view s) {
  const std::size_t b = s.find_first_not_of(kBlank);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(kBlank) - b + 1);
}

std::vector<std::string> split_codes(std::string_view list) {
  std::vector<std::string> codes;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string_view code = trim(list.substr(start, comma - start));
    if (!code.empty()) codes.emplace_back(code);
    start = comma + 1;
  }
  return codes;
}

// "  — reason", ": reason", "-- reason" → "reason": the separators people write before a reason.
std::string reason_of(std::string_view rest) {
  rest = trim(rest);
  while (!rest.empty() && (rest.front() == ':' || rest.front() == '-' || rest.front() == ',')) rest = trim(rest.substr(1));
  return std::string(rest);
}

// One line's `# kvdtype: ignore[CODES] reason`, if it has one. The marker may follow other text
// on the line (a trailing comment); "kvdtype:" and "ignore[" may be spaced.
bool parse_comment(std::string_view line, Suppression& out) {
  for (std::size_t hash = line.find('#'); hash != std::string_view::npos; hash = line.find('#', hash + 1)) {
    std::string_view rest = trim(line.substr(hash + 1));
    if (!rest.starts_with(kMarker)) continue;
    rest = trim(rest.substr(kMarker.size()));
    if (!rest.starts_with("ignore")) continue;
    rest = trim(rest.substr(6));
    if (!rest.starts_with('[')) continue;
    const std::size_t close = rest.find(']');
    if (close == std::string_view::npos) continue;
    out.codes = split_codes(rest.substr(1, close - 1));
    if (out.codes.empty()) out.codes.emplace_back();  // `ignore[]`: reported as naming no rule
    out.reason = reason_of(rest.substr(close + 1));
    return true;
  }
  return false;
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

bool blank(std::string_view line) { return trim(line).empty(); }
bool comment_only(std::string_view line) { return trim(line).starts_with('#'); }
std::size_t indent(std::string_view line) { return std::min(line.find_first_not_of(" \t"), line.size()); }

// The last line (1-based) of the command or YAML item that starts on `first`.
int last_line(const std::vector<std::string_view>& lines, int first, CommentStyle style) {
  const auto n = static_cast<int>(lines.size());
  if (first < 1 || first > n) return first;
  int last = first;
  if (style == CommentStyle::shell) {
    while (last < n && trim(lines[last - 1]).ends_with('\\')) ++last;
    return last;
  }
  const std::size_t own = indent(lines[first - 1]);
  for (int i = first + 1; i <= n; ++i) {
    const std::string_view l = lines[i - 1];
    if (blank(l) || comment_only(l)) continue;
    if (indent(l) <= own) break;
    last = i;
  }
  return last;
}

bool deployment_code(std::string_view code) { return code >= "KVD300" && code <= "KVD329" && code.size() == 6; }

// Why a code names no rule: parse_rule_code's message (a retired code names its successor; an
// unknown one the nearest codes).
std::string unknown_why(const std::string& code) {
  if (code.empty()) return "an empty rule list";
  auto r = parse_rule_code(code);
  if (!r.ok()) return r.error().message;
  return "'" + code + "' as written (a retired or shortened code): write " + std::string((*r)->code);
}

// The rule a suppression's code names as written (any case: kvd081 is KVD081), or nullptr.
const Rule* named_rule(const std::string& code) {
  auto r = parse_rule_code(code);
  return r.ok() && kvdtype::detail::iequals((*r)->code, code) ? *r : nullptr;
}

std::string where(const Suppression& s) {
  std::string w = s.origin == "annotation" ? "the " + std::string(kIgnoreAnnotation) + " annotation"
                  : s.origin == "config"   ? std::string("the configuration's per-path ignores")
                                           : std::string("the comment");
  if (!s.file.empty()) w += " in " + kvdtype::detail::printable(s.file) + (s.line > 0 ? ":" + std::to_string(s.line) : "");
  else if (s.line > 0) w += " on line " + std::to_string(s.line);
  return w;
}

void report(ReportExtras& extras, std::string message, std::string fix) {
  const Rule* r = kvdtype::rule(tables::RuleId("KVD156"));
  extras.input_diagnostics.push_back({r, r->severity, std::move(message), std::move(fix)});
}

// Which codes of a suppression are judged where: a workload's own non-deployment codes when it
// is checked, its deployment codes once the deployment is, a shared suppression's all at once.
enum class Judge { workload, deployment, all };

// Report, on `extras`, each code of `s` that names no rule, or (when `used` says so) silenced
// nothing, among the codes `judge` selects.
void report_unused(ReportExtras& extras, const Suppression& s, const std::vector<bool>& used, Judge judge) {
  const bool deployment = judge == Judge::deployment;
  if (!s.placed) {
    if (judge != Judge::deployment)
      report(extras, where(s) + " is on no serving command's lines, nor on the line just before one: it silences nothing",
             "move it onto the command's line (or the line above it), or remove it");
    return;
  }
  for (std::size_t k = 0; k < s.codes.size(); ++k) {
    const std::string& code = s.codes[k];
    const Rule* known = named_rule(code);
    if (known == nullptr) {
      if (deployment) continue;  // reported once, with the others
      report(extras, where(s) + " names no rule: " + kvdtype::detail::printable(unknown_why(code)),
             "write the code of the rule to silence (kvdtype rules lists them)");
      continue;
    }
    if ((judge != Judge::all && deployment_code(known->code) != deployment) || used[k] || !s.report_unused) continue;
    report(extras, where(s) + " silences " + std::string(known->code) + ", which this workload does not report",
           "remove " + std::string(known->code) + " from it, or put it where the finding is");
  }
}

// The index in s.codes of `code`, or npos.
std::size_t code_index(const Suppression& s, std::string_view code) {
  for (std::size_t k = 0; k < s.codes.size(); ++k)
    if (kvdtype::detail::iequals(s.codes[k], code)) return k;
  return std::string::npos;
}

struct Use {
  std::span<const Suppression> all;
  std::vector<std::vector<bool>> used;
  explicit Use(std::span<const Suppression> s) : all(s) {
    for (const Suppression& one : s) used.emplace_back(one.codes.size(), false);
  }
  // The first suppression naming `code`, marked used; nullptr when none does.
  const Suppression* take(std::string_view code) {
    for (std::size_t i = 0; i < all.size(); ++i)
      if (const std::size_t k = code_index(all[i], code); all[i].placed && k != std::string::npos) {
        used[i][k] = true;
        return &all[i];
      }
    return nullptr;
  }
};

SuppressedFinding record(const Rule* rule, Severity sev, std::string_view part, std::string message, const Suppression& s) {
  return {rule, sev, std::string(part), std::move(message), s.reason, s.origin, s.file, s.line};
}

void suppress_report(Report& rep, std::string_view part, Use& use, std::vector<SuppressedFinding>& out) {
  decltype(rep.diagnostics) kept;
  for (const Diagnostic& d : rep.diagnostics) {
    if (const Suppression* s = use.take(d.rule->code)) out.push_back(record(d.rule, d.severity, part, message(d, rep), *s));
    else kept.push_back(d);
  }
  rep.diagnostics = kept;
}

}  // namespace

std::vector<Suppression> comment_suppressions(std::string_view text, const std::string& file) {
  std::vector<Suppression> out;
  if (text.find(kMarker) == std::string_view::npos) return out;  // the usual case: one search
  const std::vector<std::string_view> lines = lines_of(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    Suppression s;
    if (!parse_comment(lines[i], s)) continue;
    s.origin = "comment";
    s.file = file;
    s.line = static_cast<int>(i) + 1;
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<Suppression> annotation_suppressions(std::string_view value, const std::string& file) {
  std::vector<Suppression> out;
  std::size_t start = 0;
  while (start <= value.size()) {
    const std::size_t end = std::min(value.find_first_of(";\n", start), value.size());
    const std::string_view entry = trim(value.substr(start, end - start));
    start = end + 1;
    if (entry.empty()) continue;
    Suppression s;
    const std::size_t colon = entry.find(':');
    s.codes = split_codes(entry.substr(0, colon));
    if (s.codes.empty()) s.codes.emplace_back();
    if (colon != std::string_view::npos) s.reason = reason_of(entry.substr(colon + 1));
    s.origin = "annotation";
    s.file = file;
    out.push_back(std::move(s));
  }
  return out;
}

void attach_comment_suppressions(std::span<Workload> workloads, std::string_view text, const std::string& file,
                                 CommentStyle style) {
  const std::vector<Suppression> found = comment_suppressions(text, file);
  if (found.empty()) return;
  const std::vector<std::string_view> lines = lines_of(text);
  std::vector<bool> placed(found.size(), false);
  for (Workload& w : workloads) {
    const int first = w.source.line;
    if (first <= 0) continue;
    const int last = last_line(lines, first, style);
    for (std::size_t i = 0; i < found.size(); ++i) {
      const Suppression& s = found[i];
      const bool on_its_lines = s.line >= first && s.line <= last;
      const bool just_before = s.line == first - 1 && comment_only(lines[s.line - 1]);
      if (!on_its_lines && !just_before) continue;
      w.input.suppressions.push_back(s);
      placed[i] = true;
    }
  }
  if (workloads.empty()) return;
  for (std::size_t i = 0; i < found.size(); ++i) {
    if (placed[i]) continue;
    Suppression s = found[i];
    s.placed = false;
    workloads.front().input.suppressions.push_back(std::move(s));
  }
}

void apply_suppressions(Checked& checked, std::span<const Suppression> suppressions) {
  if (suppressions.empty()) return;
  Use use(suppressions);
  std::vector<SuppressedFinding>& out = checked.extras.suppressed;
  std::vector<InputDiagnostic> kept;
  for (InputDiagnostic& d : checked.extras.input_diagnostics) {
    if (const Suppression* s = use.take(d.rule->code)) out.push_back(record(d.rule, d.severity, "", d.message, *s));
    else kept.push_back(std::move(d));
  }
  checked.extras.input_diagnostics = std::move(kept);
  suppress_report(checked.report, "", use, out);
  if (checked.draft) suppress_report(*checked.draft, "speculative drafter", use, out);
  if (checked.prefill) suppress_report(*checked.prefill, "prefill backend", use, out);
  for (std::size_t i = 0; i < suppressions.size(); ++i)
    if (suppressions[i].scope.empty()) report_unused(checked.extras, suppressions[i], use.used[i], Judge::workload);
}

void apply_deployment_suppressions(Checks& checks, std::span<const Workload> workloads) {
  const std::size_t n = std::min(checks.results.size(), workloads.size());
  std::vector<Use> uses;
  for (std::size_t i = 0; i < n; ++i) uses.emplace_back(workloads[i].input.suppressions);
  std::vector<DeploymentDiagnostic> kept;
  for (DeploymentDiagnostic& d : checks.diagnostics) {
    bool silenced = false;
    for (std::size_t r : d.results) {
      if (d.rule == nullptr || r >= n || !checks.results[r].checked) continue;
      if (const Suppression* s = uses[r].take(d.rule->code)) {
        checks.results[r].checked->extras.suppressed.push_back(record(d.rule, d.severity, "deployment", d.message, *s));
        silenced = true;
        break;
      }
    }
    if (!silenced) kept.push_back(std::move(d));
  }
  checks.diagnostics = std::move(kept);
  for (std::size_t i = 0; i < n; ++i) {
    if (!checks.results[i].checked) continue;
    for (std::size_t k = 0; k < uses[i].all.size(); ++k)
      if (uses[i].all[k].scope.empty()) report_unused(checks.results[i].checked->extras, uses[i].all[k], uses[i].used[k], Judge::deployment);
  }
  // Shared suppressions (an object's annotation on each of its containers): a code is used when
  // any workload sharing it had a finding silenced by it; what is left is reported once, on the
  // first checked workload of the object.
  std::vector<std::string> done;  // scopes judged
  for (std::size_t i = 0; i < n; ++i) {
    for (const Suppression& first_entry : workloads[i].input.suppressions) {
      const std::string& scope = first_entry.scope;
      if (scope.empty() || std::find(done.begin(), done.end(), scope) != done.end()) continue;
      done.push_back(scope);
      std::vector<std::size_t> sharing;  // the checked workloads of the object
      for (std::size_t j = 0; j < n; ++j) {
        const auto& theirs = workloads[j].input.suppressions;
        if (checks.results[j].checked &&
            std::any_of(theirs.begin(), theirs.end(), [&](const Suppression& t) { return t.scope == scope; }))
          sharing.push_back(j);
      }
      if (sharing.empty()) continue;
      for (const Suppression& s : workloads[i].input.suppressions) {
        if (s.scope != scope) continue;
        std::vector<bool> used(s.codes.size(), false);
        for (std::size_t j : sharing)
          for (const SuppressedFinding& f : checks.results[j].checked->extras.suppressed)
            if (f.origin == s.origin && f.file == s.file && f.reason == s.reason)
              if (const std::size_t k = code_index(s, f.rule->code); k != std::string::npos) used[k] = true;
        report_unused(checks.results[sharing.front()].checked->extras, s, used, Judge::all);
      }
    }
  }
}

}  // namespace kvdtype::io
