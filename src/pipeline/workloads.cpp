// Several workloads through the pipeline (include/kvdtype/io/workloads.hpp).
#include "kvdtype/io/workloads.hpp"

#include <algorithm>
#include <memory>

#include "pipeline/layers.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype::io {

Verdict Checks::verdict() const {
  Verdict v = Verdict::ok;
  for (const WorkloadResult& r : results) v = std::max(v, r.verdict());
  for (const DeploymentDiagnostic& d : diagnostics)
    v = std::max(v, verdict_of(d.rule, d.severity));
  return v;
}

Checks check_workloads(std::span<const Workload> workloads) {
  // Read every workload's layers first, then judge them (pipeline/layers.hpp): no file is read
  // once judging has begun.
  // Each workload's layers are read in place (read_layers_into), not moved into a Result and
  // then into this vector: three moves of ~11 KB each per workload (docs/performance.md, tenth round).
  std::vector<detail::Layers> read(workloads.size());
  std::vector<std::optional<Error>> unreadable(workloads.size());
  for (std::size_t i = 0; i < workloads.size(); ++i) unreadable[i] = detail::read_layers_into(workloads[i].input, read[i]);
  Checks out;
  out.results.reserve(workloads.size());
  // Each result pushed empty, and each judged by a Merged of its own (judge_into) into the
  // result's Checked: through a Result<Checked> and a pushed WorkloadResult it was moved four
  // times (docs/performance.md, eleventh round), then once more from the Merged (twelfth).
  for (std::size_t i = 0; i < workloads.size(); ++i) {
    const Workload& w = workloads[i];
    // Pushed while empty (cheap to move), then filled: emplace_back() would value-initialise it,
    // zero-filling its ~20 KB first.
    {
      WorkloadResult empty;
      empty.source = w.source;
      out.results.push_back(std::move(empty));
    }
    WorkloadResult& r = out.results.back();
    if (unreadable[i]) {
      r.input_error = std::move(*unreadable[i]);
      continue;
    }
    const std::unique_ptr<detail::Merged> merged(new detail::Merged);  // ~20 KB: not on this frame
    {
      // Judged in the result itself (Merged::into), made there empty first: default-made and
      // moved while empty, as the result was (emplace() would value-initialise it, zero-filling
      // its ~20 KB first).
      Checked empty;
      r.checked.emplace(std::move(empty));
    }
    merged->into = &*r.checked;
    if (auto e = detail::judge_into(w.input, read[i], *merged)) {
      r.checked.reset();
      r.input_error = std::move(*e);
      continue;
    }
    r.checked->extras.notes.insert(r.checked->extras.notes.end(), w.notes.begin(), w.notes.end());
  }
  out.diagnostics = check_deployment(out.results);
  apply_deployment_suppressions(out, workloads);
  return out;
}

bool is_fleet(std::string_view gpu) noexcept { return gpu.find(',') != std::string_view::npos; }

Result<std::vector<Workload>> expand_fleet(std::vector<Workload> workloads) {
  // No fleet (one target each, the usual case): the workloads as given, the vector moved
  // whole rather than each Workload (a RequestInput of 60 strings, and more) moved into a new one.
  if (std::none_of(workloads.begin(), workloads.end(), [](const Workload& w) { return is_fleet(w.input.fields.gpu); }))
    return workloads;
  std::vector<Workload> out;
  out.reserve(workloads.size());  // without it every growth moved each Workload made so far
  for (Workload& w : workloads) {
    if (!is_fleet(w.input.fields.gpu)) {
      out.push_back(std::move(w));
      continue;
    }
    const std::string list = w.input.fields.gpu;
    std::size_t start = 0;
    while (start <= list.size()) {
      std::size_t comma = list.find(',', start);
      if (comma == std::string::npos) comma = list.size();
      std::string one = list.substr(start, comma - start);
      while (!one.empty() && one.front() == ' ') one.erase(0, 1);
      while (!one.empty() && one.back() == ' ') one.pop_back();
      if (one.empty()) return Error{ErrorCode::bad_value, "--gpu " + list + ": an empty target between commas"};
      Workload copy = w;
      copy.input.fields.gpu = one;
      copy.source.gpu = one;
      out.push_back(std::move(copy));
      start = comma + 1;
    }
  }
  return out;
}

DeploymentDiagnostic no_workload(const std::string& file, std::span<const std::string> found) {
  DeploymentDiagnostic d;
  d.rule = rule("KVD080");
  d.severity = Severity::warning;
  std::string what;
  const std::size_t shown = std::min<std::size_t>(found.size(), 4);
  for (std::size_t i = 0; i < shown; ++i) what += (i == 0 ? "" : "; ") + found[i];
  if (found.size() > shown) what += "; and " + std::to_string(found.size() - shown) + " more";
  d.message = "the serving workload unknown: " + (file.empty() ? std::string("the input") : file) +
              " holds no serving command of an engine kvdtype knows" + (what.empty() ? "" : " (it holds: " + what + ")") +
              "; nothing in it was checked";
  d.fix = "if a server starts from it, pass that command after -- or a script that runs it with --command-file; "
          "--fail-on incomplete makes an input with nothing to check an error";
  d.input.file = file;
  if (!file.empty()) d.input.line = 1;  // the whole file: where a viewer opens it
  return d;
}

}  // namespace kvdtype::io
