// Judging one workload's layers (pipeline/layers.hpp): pure. Every fact from a file, the Hugging
// Face cache, this machine's GPUs or the installed engine is already in the Layers, so this file
// includes no I/O header (scripts/check_layers.py) and a check here reads nothing.
#include <utility>

#include "kvdtype/capacity.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/installed_version.hpp"
#include "common/text.hpp"
#include "pipeline/inputs_check.hpp"
#include "pipeline/layers.hpp"

namespace kvdtype::io::detail {
namespace {

Error prefixed(std::string_view what, const Error& e) { return Error{e.code, std::string(what) + ": " + e.message}; }

// Drop the diagnostics of ignored rules (--ignore) from a report.
void drop_ignored(Report& r, const std::vector<std::string>& ignore) {
  if (ignore.empty()) return;
  auto ignored = [&](std::string_view code) {
    for (const std::string& c : ignore)
      if (kvdtype::detail::iequals(c, code)) return true;
    return false;
  };
  InlineVector<Diagnostic, 48> kept;
  for (const Diagnostic& d : r.diagnostics)
    if (!ignored(d.rule->code)) kept.push_back(d);
  r.diagnostics = kept;
}

}  // namespace

Merged merge_layers(const CheckInput& in, const Layers& layers) {
  Merged m;
  merge_layers_into(in, layers, m);
  return m;
}

void merge_layers_into(const CheckInput& in, const Layers& layers, Merged& m) {
  ReportExtras& extras = m.checked().extras;
  // `m.input` is default-made: the defaults overlaid on it are a copy of them (overlay() copies
  // every field but an empty one, which is already empty here, and the flags, the kv term and
  // a refused value with its rule), for the few set rather than all 60 (docs/performance.md,
  // twelfth round).
  m.input.overlay(in.defaults);
  if (in.defaults.refused_rule.empty()) m.input.refused_value = in.defaults.refused_value;
  for (const std::string& n : layers.script_notes) extras.notes.push_back("script: " + n);
  m.launch() = layers.launch;
  if (m.launch()) {
    LaunchCommand& launch = *m.launch();
    // A script that pins the engine (pip install vllm==X) names the release it runs.
    if (launch.input.engine_version.empty()) launch.input.engine_version = engine_version_pinned_in(layers.script, launch.engine);
    if (!launch.config_file.empty()) extras.notes.push_back("engine config file: " + launch.config_file + " (merged under the command line)");
    // Values still holding `$` were never set (KVD152): unknown, not wrong. Options files not
    // read (KVD080): what they set is unknown, so the plan may not be the one that runs.
    unresolved_values(launch, extras);
  }
  // The model: a local directory or config.json; else a Hub id from the HF cache (not for a
  // workload that runs elsewhere) or the built-in catalogue; else unknown (KVD153).
  if (!layers.model_note.empty()) extras.notes.push_back(layers.model_note);
  const RequestInput* model_layer = nullptr;  // the model's own fields, when a config or the catalogue gave them
  if (layers.model_config) {
    model_layer = &layers.model_config->input;
    m.input.overlay(layers.model_config->input);
    extras.notes.push_back("model config: " + layers.model_config->path);
  } else if (layers.resolved) {
    model_layer = &layers.resolved->input;
    m.input.overlay(layers.resolved->input);
    extras.notes.push_back(layers.resolved->note());
  } else if (!layers.unknown_model.empty()) {
    unknown_model(layers.unknown_model, in.runs_elsewhere && in.model.empty(), extras);
  }
  if (m.launch()) {
    m.input.overlay(m.launch()->input);
    if (in.verbose) extras.ignored_flags = m.launch()->ignored;
  }
  m.input.overlay(in.fields);
  // The model dtype only the model's own config (or the catalogue) names: the engine's --dtype is
  // auto, which an engine may resolve per GPU (flag_model_dtype_auto; make_request applies it).
  const bool dtype_named = !in.fields.model_dtype.empty() || !in.defaults.model_dtype.empty() ||
                           (m.launch() && !m.launch()->input.model_dtype.empty());
  if (model_layer != nullptr && !model_layer->model_dtype.empty() && !dtype_named) m.input.flags |= flag_model_dtype_auto;
  // Bad values inside the launch command are the command's problem (KVD001, KVD103, KVD151).
  if (m.launch()) launch_values(*m.launch(), in.fields, m.input, extras);
}

Result<Checked> judge(const CheckInput& in, const Layers& layers) {
  Merged m;
  if (auto e = judge_into(in, layers, m)) return *std::move(e);
  return std::move(m.out);
}

std::optional<Error> judge_into(const CheckInput& in, const Layers& layers, Merged& m) {
  merge_layers_into(in, layers, m);
  // Worked on in place: a second Checked (three Reports, ~20 KB) on this frame was five more
  // stack pages to fault in at every check (docs/performance.md, fifth round).
  Checked& out = m.checked();
  RequestInput& input = m.input;
  const std::optional<LaunchCommand>& launch = m.launch();
  const std::optional<ResolvedModel>& resolved = layers.resolved;

  bool no_gpu_found = false;
  if (kvdtype::detail::iequals(input.gpu, "auto")) {  // any case, as every other name
    if (layers.no_gpu_found) {
      no_gpu_found = true;  // a CI runner without a GPU: the checks that need one are skipped
      input.gpu.clear();
    } else if (layers.probed_gpu) {
      input.gpu = *layers.probed_gpu;
      out.extras.notes.push_back("gpu: probed " + *layers.probed_gpu);
    } else {
      // read_layers() probes whenever the merged gpu is auto; never judge an unprobed one.
      return Error{ErrorCode::bad_value, "--gpu auto: the GPU was not probed"};
    }
  }

  // engine_version = auto: the installed engine's metadata, read by read_layers().
  if (!layers.installed_note.empty()) {
    input.engine_version = layers.installed_version;
    out.extras.notes.push_back(layers.installed_note);
  }

  // A release newer than the tables know, judged by its installed source (read_layers() read it).
  const InstalledJudgement& judged = layers.installed_judged;
  installed_judgement(judged, out.extras);
  // A string only the installed engine has: no table row gives its formats, so nothing is
  // planned for it (the KVD080 above says so) rather than a plan for some other string.
  std::optional<RequestInput> typed;  // a copy only when the string is dropped
  if (judged.unmodelled) {
    typed = input;
    typed->kv_cache_dtype.clear();
  }
  auto request = make_request(typed ? *typed : input);
  if (!request.ok()) return request.error();
  if (judged.unmodelled) {
    out.report.request = *request;
    out.report.request.kv_cache_dtype = nullptr;  // no row: shown as unknown, never as another string
    out.report.plan.target = request->target;
  } else {
    // Judged in place: check(*request) would build a 6.6 KB Report only to move it into this one.
    out.report.request = *request;
    check(out.report);
  }
  for (std::string& n : engine_release_notes(out.report, in.verbose)) out.extras.notes.push_back(std::move(n));
  if (no_gpu_found) gpu_auto_found_nothing(out.report, out.extras);
  if (layers.model_config) add_config_problems(out.report, layers.model_config->problems);
  unknown_model_dtype(out.report, out.extras);
  out.extras.capacity = capacity(out.report);
  capacity_checks(out.report, out.extras, resolved ? resolved->sliding_window : 0, resolved && resolved->hybrid,
                  !launch || weights_split_known(layers.words, *launch),
                  resolved ? resolved->max_context : layers.model_config ? layers.model_config->max_context : 0);

  if (launch && launch->draft) {
    RequestInput d = input;
    // The target's layer plan is not the drafter's (a dense drafter of a hybrid target, an MTP
    // layer of full attention): only the drafter's own config says its layers.
    d.layer_groups.clear();
    d.sliding_window.clear();
    d.attention_sinks.clear();
    // A drafter with its own local config has its own geometry and dtype.
    const std::vector<ConfigProblem>* draft_problems = nullptr;
    if (layers.draft_config) {
      if (!layers.draft_config->ok()) return prefixed("speculative drafter", layers.draft_config->error());
      const ModelConfig& cfg = **layers.draft_config;
      d.overlay(cfg.input);
      draft_problems = &cfg.problems;
      out.extras.notes.push_back("drafter config: " + cfg.path);
    }
    d.overlay(*launch->draft);
    auto dr = make_request(d);
    if (!dr.ok()) return prefixed("speculative drafter", dr.error());
    out.draft = check(*dr);
    if (draft_problems != nullptr) add_config_problems(*out.draft, *draft_problems);
    drop_ignored(*out.draft, in.ignore);
  }
  if (launch && !launch->prefill_backend.empty()) {
    RequestInput p = input;
    p.backend = launch->prefill_backend;
    auto pr = make_request(p);
    if (!pr.ok()) return prefixed("prefill backend", pr.error());
    out.prefill = check(*pr);
    drop_ignored(*out.prefill, in.ignore);
  }
  drop_ignored(out.report, in.ignore);
  drop_ignored_inputs(out.extras, in.ignore);
  apply_suppressions(out, in.suppressions);  // after --ignore: a dropped code is not suppressed, it is gone
  return std::nullopt;
}

}  // namespace kvdtype::io::detail
