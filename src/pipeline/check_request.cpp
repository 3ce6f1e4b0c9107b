// Which path a check takes, for every face (include/kvdtype/io/check_request.hpp).
#include "kvdtype/io/check_request.hpp"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <utility>

#include "sources/k8s/manifest_tree.hpp"
#include "sources/readers.hpp"
#include "kvdtype/io/manifest.hpp"
#include "kvdtype/rule.hpp"

namespace kvdtype::io {
namespace {

CheckOutcome failed(const Error& e, std::string input) {
  CheckOutcome out;
  out.failure = CheckFailure{e, std::move(input)};
  return out;
}

CheckOutcome failed(std::string message, std::string input) {
  return failed(Error{ErrorCode::bad_value, std::move(message)}, std::move(input));
}

// Nothing at all to check is a mistake, not an ACCEPTED: no field, no command, no input that is
// something to check (an environment alone is not).
bool nothing_given(const CheckRequest& r) {
  if (r.fields.flags != 0 || !r.command.empty()) return false;
  for (const InputRef& i : r.inputs)
    if (detail::reader(i.kind).checkable) return false;
  for (std::string_view f : RequestInput::fields()) {
    const std::string* v = r.fields.get(f);
    if (v != nullptr && !v->empty()) return false;
  }
  return true;
}

// --ignore lists ("KVD062,KVD070", repeatable) → canonical codes; an unknown code is bad input.
Result<std::vector<std::string>> ignored_codes(const std::vector<std::string>& lists) {
  std::vector<std::string> codes;
  for (const std::string& list : lists) {
    std::size_t start = 0;
    while (start <= list.size()) {
      const std::size_t comma = std::min(list.find(',', start), list.size());
      const std::string code = list.substr(start, comma - start);
      if (!code.empty()) {
        auto rule = parse_rule_code(code);
        if (!rule.ok()) return Error{rule.error().code, "--ignore: " + rule.error().message};
        codes.emplace_back((*rule)->code);
      }
      start = comma + 1;
    }
  }
  return codes;
}

CheckOutcome several_of(Checks checks) {
  CheckOutcome out;
  out.several = std::move(checks);
  return out;
}

// Several command files: one result each (kvdtype.checks/v1). A file holding several serving
// commands gives one result per command (with its line); an unreadable one stays a single
// result whose error the pipeline reports.
Checks check_command_files(const std::vector<std::string>& files, const CheckInput& in) {
  std::vector<Workload> workloads;
  std::vector<DeploymentDiagnostic> empty;
  for (const std::string& file : files) {
    CheckInput base = in;
    base.command_file = file;
    std::vector<std::string> instead;
    auto inside = file == "-" ? Result<std::vector<Workload>>(Error{ErrorCode::bad_file, ""}) : script_workloads(base, file, &instead);
    if (inside.ok() && inside->empty()) {
      empty.push_back(no_workload(file, instead));
      continue;
    }
    if (inside.ok() && inside->size() > 1) {
      for (const Workload& w : *inside) workloads.push_back(w);
      continue;
    }
    Workload& w = workloads.emplace_back();
    w.source.file = file;
    w.source.kind = "command file";
    w.input = base;
    if (inside.ok() && inside->size() == 1) {
      w.source.line = inside->front().source.line;
      w.input.command_text = inside->front().input.command_text;  // read once, above
    }
  }
  Checks checks = check_workloads(workloads);
  checks.diagnostics.insert(checks.diagnostics.end(), empty.begin(), empty.end());
  return checks;
}

}  // namespace

Verdict CheckOutcome::verdict() const {
  if (one) return one->verdict();
  if (several) return several->verdict();
  return Verdict::error;
}

bool CheckOutcome::rejected() const {
  const Verdict v = verdict();
  return v >= fail_on;
}

Checks CheckOutcome::as_checks() const& { return CheckOutcome(*this).as_checks(); }

Checks CheckOutcome::as_checks() && {
  if (several) return std::move(*several);
  Checks c;
  if (one) {
    WorkloadResult& r = c.results.emplace_back();
    if (source) r.source = std::move(*source);
    r.checked = std::move(*one);
  }
  return c;
}

Result<Verdict> parse_fail_on(std::string_view text) {
  if (text == "error") return Verdict::error;
  if (text == "incomplete") return Verdict::incomplete;
  if (text == "warning") return Verdict::warn;
  return Error{ErrorCode::bad_value, "--fail-on '" + std::string(text) + "': expected error, incomplete or warning"};
}

void CheckRequest::set(InputKind kind, std::string value) {
  std::erase_if(inputs, [kind](const InputRef& i) { return i.kind == kind; });
  if (!value.empty()) add(kind, std::move(value));
}

std::vector<std::string> CheckRequest::values(InputKind kind) const {
  std::vector<std::string> out;
  for (const InputRef& i : inputs)
    if (i.kind == kind) out.push_back(i.value);
  return out;
}

std::string input_name(const CheckRequest& r) {
  for (const InputRef& i : r.inputs)
    if (detail::reader(i.kind).script) return i.value;
  if (!r.command.empty()) {
    std::string s;
    for (const std::string& w : r.command) s += (s.empty() ? "" : " ") + w;
    return s;
  }
  for (const InputRef& i : r.inputs)
    if (i.kind == InputKind::model) return i.value;
  return "flags";
}

CheckOutcome run_check(const CheckRequest& r) {
  const std::string what = input_name(r);
  // The scripts (command files) and the inputs holding workloads of their own (manifests), as
  // the rows say; the layers (model, environment) are read into `in` below.
  std::vector<std::string> scripts;
  const detail::Reader* holder = nullptr;  // the first input that holds workloads of its own
  for (const InputRef& i : r.inputs) {
    if (auto e = detail::not_given(i)) return failed(*e, what);
    const detail::Reader& row = detail::reader(i.kind);
    if (row.script) scripts.push_back(i.value);
    else if (!row.layer && holder == nullptr) holder = &row;
  }
  CheckInput in;
  in.fields = r.fields;
  in.defaults = r.defaults;
  in.command = r.command;
  in.verbose = r.verbose;
  if (!in.command.empty() && !scripts.empty())
    return failed("give the launch command either after -- or with --command-file, not both", what);
  auto fail_on = parse_fail_on(r.fail_on);
  if (!fail_on.ok()) return failed(fail_on.error(), "--fail-on");
  // The layers every workload starts from, through their rows (sources/readers.hpp).
  // On the heap, made in place: 11 KB of the deepest frame of a check otherwise.
  // Default-made, then given its base: not zero-filled first (read_layers.cpp says why).
  const std::unique_ptr<detail::Gathered> layers(new detail::Gathered);
  layers->base = std::move(in);
  for (const InputRef& i : r.inputs) {
    const detail::Reader& row = detail::reader(i.kind);
    if (!row.layer) continue;
    if (auto e = row.read(i, *layers)) return failed(*e, std::string(row.flag));
  }
  in = std::move(layers->base);
  // --set-file sets a value of chart values, which only --manifest reads (check_several's
  // gather also refuses it when none of the manifests was chart values).
  if (!in.set_files.empty() && std::none_of(r.inputs.begin(), r.inputs.end(), [](const InputRef& i) { return i.kind == InputKind::manifest; }))
    return failed("--set-file " + in.set_files.front().path + "=…: sets a Helm chart value; give the chart's values with --manifest", "--set-file");
  auto ignore = ignored_codes(r.ignore);
  if (!ignore.ok()) return failed(ignore.error(), "--ignore");
  in.ignore = std::move(ignore).value();
  if (!r.allow_empty && nothing_given(r))
    return failed("nothing to check: give flags (--gpu, --kv-cache-dtype, …), --model, a launch command after -- or --command-file", "none");

  // --manifest DIR: the tree's manifest files, in order (sources/k8s/manifest_tree.hpp).
  std::vector<InputRef> held;
  const detail::TreeFilter filter{r.include, r.exclude, r.max_files};
  for (const InputRef& i : r.inputs) {
    if (detail::reader(i.kind).layer) continue;
    std::error_code ec;
    if (i.kind != InputKind::manifest || i.value == "-" || !std::filesystem::is_directory(i.value, ec)) {
      held.push_back(i);
      continue;
    }
    auto files = detail::manifest_files(i.value, filter);
    if (!files.ok()) return failed(files.error(), i.value);
    for (const std::string& f : *files) held.push_back({InputKind::manifest, f});
  }

  CheckOutcome out = [&]() -> CheckOutcome {
    // Inputs holding workloads, or a fleet of targets (--gpu A,B): kvdtype.checks/v1 (io/manifest.hpp).
    if (holder != nullptr || is_fleet(in.fields.gpu)) {
      if (!in.command.empty() && holder != nullptr)
        return failed("give either " + std::string(holder->name) + "s or a launch command after --, not both", what);
      auto checks = check_several(held, in);
      if (!checks.ok()) return failed(checks.error(), what);
      return several_of(std::move(checks).value());
    }
    if (scripts.size() > 1) return several_of(check_command_files(scripts, in));

    // One script or command text: one result per serving command it holds.
    const bool one_text = r.command.size() == 1 && r.command.front().find_first_of(" \t\n") != std::string::npos;
    // The one workload checked below: `in`, or the single command of a script. One Result and
    // one CheckOutcome on this frame for both ways (each holds a Checked, ~11 KB: the start's
    // stack pages, docs/performance.md, sixth round).
    const CheckInput* single = &in;
    std::optional<Result<std::vector<Workload>>> workloads;
    if (scripts.size() == 1 || one_text) {
      CheckInput base = in;
      std::string file;
      if (one_text) {
        base.command.clear();
        base.command_text = r.command.front();
      } else {
        base.command_file = scripts.front();
        file = base.command_file;
      }
      std::vector<std::string> instead;
      workloads.emplace(script_workloads(base, file, &instead));
      if (!workloads->ok()) return failed(workloads->error(), what);
      if ((*workloads)->empty()) {
        Checks none;
        none.diagnostics.push_back(no_workload(file, instead));
        return several_of(std::move(none));
      }
      if ((*workloads)->size() > 1) return several_of(check_workloads(**workloads));
      single = &(*workloads)->front().input;
    }

    auto checked = check_input(*single);
    if (!checked.ok()) return failed(checked.error(), what);
    CheckOutcome one;
    one.one = std::move(checked).value();
    if (workloads) one.source = (*workloads)->front().source;
    return one;
  }();
  out.fail_on = *fail_on;
  return out;
}

}  // namespace kvdtype::io
