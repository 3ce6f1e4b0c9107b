// Reading one workload's inputs (pipeline/layers.hpp): every file, cache, probe and metadata
// access of a check happens here, before judge.cpp merges and checks what was read. The inputs
// are read through their rows of the reader table (sources/readers.hpp); what is left here is
// which row a model name goes to and what this machine says (the GPU probe, the installed engine).
#include <algorithm>
#include <filesystem>
#include <memory>

#include "kvdtype/io/installed_source.hpp"
#include "kvdtype/io/installed_version.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/probe.hpp"
#include "common/text.hpp"
#include "pipeline/inputs_check.hpp"
#include "pipeline/layers.hpp"
#include "sources/files/read_file.hpp"
#include "sources/readers.hpp"

namespace kvdtype::io::detail {
namespace {

// gpu = auto: the probed target when the machine has one kind of device.
Result<std::string> probed_gpu() {
  const ProbeResult pr = probe();
  std::string first;
  // A machine without a GPU reports its CPU: for a GPU check that is "no GPU found" (the caller
  // warns), not a CPU server; `--gpu cpu` asks for the CPU explicitly.
  if (std::all_of(pr.devices.begin(), pr.devices.end(), [](const ProbedDevice& d) { return d.via == "cpu"; }))
    return Error{ErrorCode::unsupported, "--gpu auto: no GPU found on this machine"};
  for (const ProbedDevice& d : pr.devices) {
    if (first.empty()) first = d.target;
    else if (d.target != first) {
      std::string kinds;
      for (const ProbedDevice& e : pr.devices) kinds += (kinds.empty() ? "" : ", ") + e.name + " (" + e.target + ")";
      return Error{ErrorCode::bad_value, "--gpu auto: this machine has several GPU kinds (" + kinds + "); pass --gpu with one of them"};
    }
  }
  if (first.empty()) return Error{ErrorCode::unsupported, "--gpu auto: no device found"};
  return first;
}

// One input of the workload through its row (sources/readers.hpp), into `g.workload()`.
std::optional<Error> read_one(InputKind kind, std::string value, Gathered& g) {
  return reader(kind).read({kind, std::move(value)}, g);
}

// Whether merging the layers could give what read_layers() must act on: a gpu or an
// engine_version of `auto`, or a drafter whose own config may be read. merge_layers() takes each
// merged field from one of its layers (the defaults, the model's, the launch command's, the
// explicit fields), whole or cleared, and never makes a value of its own but the launch
// command's pinned release (engine_version_pinned_in, asked here the same way); so when no layer
// holds `auto` for either field and the command has no drafter, the merge cannot ask for a
// probe, the installed engine or a drafter's file, and it is not made here (judge() makes it:
// a fifth of a webhook review was this second merge, docs/performance.md, tenth round).
bool merge_may_ask(const CheckInput& in, const Layers& layers) {
  const std::optional<LaunchCommand>& launch = layers.launch;
  if (launch && launch->draft) return true;
  // Every layer merge_layers() may take a field from (the model's config and the catalogue's
  // answer both asked, though it takes one of them).
  auto any_auto = [&](std::string RequestInput::*field, const std::string* pinned) {
    const auto is_auto = [](const std::string& v) { return kvdtype::detail::iequals(v, "auto"); };
    return is_auto(in.defaults.*field) || is_auto(in.fields.*field) ||
           (layers.model_config && is_auto(layers.model_config->input.*field)) ||
           (layers.resolved && is_auto(layers.resolved->input.*field)) || (launch && is_auto(launch->input.*field)) ||
           (pinned != nullptr && is_auto(*pinned));
  };
  std::string pinned;
  if (launch && launch->input.engine_version.empty()) pinned = engine_version_pinned_in(layers.script, launch->engine);
  return any_auto(&RequestInput::gpu, nullptr) || any_auto(&RequestInput::engine_version, &pinned);
}

}  // namespace

Result<Layers> read_layers(const CheckInput& in) {
  Layers layers;
  if (auto e = read_layers_into(in, layers)) return *e;
  return layers;
}

std::optional<Error> read_layers_into(const CheckInput& in, Layers& layers) {
  // The workload's own inputs, each through its row: the launch command (and the files its
  // flags name), then the model it or --model names.
  // On the heap, made in place (11 KB; see `merged` below). Default-made: `new Gathered{…}`
  // zero-fills all 11 KB before constructing the members (GCC value-initialises the aggregate's
  // other members that way; docs/performance.md, tenth round). The readers read `in` where it
  // is and write into `layers` directly: a copy of `in` into the Gathered and a move of what
  // they read into `layers` were ~8 K instructions a workload (docs/performance.md, twelfth round).
  const std::unique_ptr<Gathered> gathered(new Gathered);
  Gathered& g = *gathered;
  g.base_from = &in;
  g.read_to = &layers;
  if (auto e = read_one(InputKind::launch_command, {}, g)) return e;
  // The model the command names once its unset variables are cleared, as judge() sees it
  // (unresolved_values() clears a model that still holds a `$`): decided here without copying
  // the launch command to clear it.
  const std::optional<LaunchCommand>& launch = layers.launch;
  const bool launch_model_unset = launch && launch->model.find('$') != std::string::npos;
  // The model: a local directory, config.json or GGUF file; else a Hub id from the HF cache or
  // the built-in catalogue; else unknown (KVD153). An explicit --model path that is missing is bad input.
  const std::string model = in.model.empty() && launch ? (launch_model_unset ? std::string() : launch->model) : in.model;
  // A model named by a command that runs elsewhere is that machine's, never a file here.
  const bool remote_model = in.runs_elsewhere && in.model.empty();
  if (remote_model && !model.empty() && !looks_like_model_id(model)) {
    layers.model_note = "model: " + shown_path(model) + " is a path on the machine the server runs on, not read here (geometry unknown)";
  } else if (!model.empty()) {
    std::error_code ec;
    const bool local = !remote_model && std::filesystem::exists(model, ec);
    if (local || (!in.model.empty() && !looks_like_model_id(model))) {
      if (auto e = read_one(InputKind::model_config, model, g)) return e;
    } else if (looks_like_model_id(model)) {
      if (auto e = read_one(InputKind::hub_id, model, g)) return e;
    }
  }
  if (!merge_may_ask(in, layers)) return std::nullopt;

  // What the merged layers ask of this machine: the GPU probe, the installed engine. On the
  // heap (initialised in place there): a Merged holds a Checked, 16 KB of this frame otherwise,
  // and this frame is on the deepest path of a check (docs/performance.md, sixth round).
  const std::unique_ptr<const Merged> merged_held(new Merged(merge_layers(in, layers)));
  const Merged& merged = *merged_held;
  if (kvdtype::detail::iequals(merged.input.gpu, "auto")) {  // any case, as every other name
    auto g = probed_gpu();
    if (!g.ok() && g.error().code == ErrorCode::unsupported) {
      layers.no_gpu_found = true;
    } else {
      if (!g.ok()) return g.error();
      layers.probed_gpu = *g;
    }
  }
  // engine_version = auto: the installed engine's metadata (never runs Python).
  // Only then: the merged fields are copied for it (resolve_auto_engine_version does nothing to
  // any other engine_version).
  if (kvdtype::detail::iequals(merged.input.engine_version, "auto")) {
    RequestInput versioned = merged.input;
    auto installed = resolve_auto_engine_version(versioned);
    if (!installed.ok()) return installed.error();
    if (!installed->empty()) {
      layers.installed_version = versioned.engine_version;
      layers.installed_note = *installed;
    }
    layers.installed_judged = judge_with_installed(versioned);
  }

  // A drafter with its own local config has its own geometry and dtype; an error reading it is
  // reported when the drafter is judged.
  if (merged.launch() && merged.launch()->draft && !merged.launch()->draft_model.empty() &&
      merged.launch()->draft_model != merged.launch()->model && !in.runs_elsewhere) {
    std::error_code ec;
    if (std::filesystem::exists(merged.launch()->draft_model, ec)) {
      const auto drafter = std::make_unique<Gathered>();  // 11 KB, for a drafter only
      if (auto e = read_one(InputKind::model_config, merged.launch()->draft_model, *drafter)) layers.draft_config = *e;
      else layers.draft_config = std::move(*drafter->read.model_config);
    }
  }
  return std::nullopt;
}

}  // namespace kvdtype::io::detail
