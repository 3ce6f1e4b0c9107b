// The reader table (sources/readers.hpp): one row per input kind, how it is read and how each
// face names it.
#include "sources/readers.hpp"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <string_view>

#include "kvdtype/io/manifest.hpp"
#include "kvdtype/io/suppressions.hpp"
#include "kvdtype/kvdtype.h"
#include "tables/rule_id.hpp"

namespace kvdtype::io::detail {
namespace {

// The finding of a serving object whose pods kvdtype could not build (ManifestWorkloads::unknown):
// checks skipped, KVD080 as a warning, so the verdict is incomplete and --fail-on incomplete
// rejects it — the webhook judges the same object so (src/bindings/admission.cpp).
DeploymentDiagnostic unbuilt_object(const std::string& file, std::string_view what) {
  if (what.starts_with(file) && what.size() > file.size() && what[file.size()] == ' ') what.remove_prefix(file.size() + 1);
  DeploymentDiagnostic d;
  d.rule = rule("KVD080");
  d.severity = Severity::warning;
  d.message = "not checked: " + std::string(what);
  d.fix = "check one file holding every object the operator reads (the model, the ConfigMap), or pass the serving "
          "command after --; --fail-on incomplete makes an object kvdtype could not build an error";
  d.input.file = file;
  if (!file.empty()) d.input.line = 1;
  return d;
}

// A model directory or config.json: a layer of every workload (the pipeline reads it when the
// workload is checked, under the launch command and the explicit fields).
std::optional<Error> read_model_input(const InputRef& input, Gathered& into) {
  into.base.model = input.value;
  return std::nullopt;
}

// NAME=VALUE: the launch command's environment and what expands its $NAME.
std::optional<Error> read_env_input(const InputRef& input, Gathered& into) {
  const std::size_t eq = input.value.find('=');
  if (eq == 0 || eq == std::string::npos) return Error{ErrorCode::bad_value, "--env '" + input.value + "': expected NAME=VALUE"};
  into.base.env.push_back(input.value);
  return std::nullopt;
}

// KEY=FILE (helm's --set-file): the file's text, which the chart values a manifest is are read
// with at KEY. Read here, before any manifest, so that an unreadable file is bad input however
// many manifests name the chart.
std::optional<Error> read_set_file_input(const InputRef& input, Gathered& into) {
  const std::size_t eq = input.value.find('=');
  if (eq == 0 || eq == std::string::npos || eq + 1 == input.value.size())
    return Error{ErrorCode::bad_value, "--set-file '" + input.value + "': expected KEY=FILE (a chart values key, as helm --set-file takes it)"};
  const std::string key = input.value.substr(0, eq), path = input.value.substr(eq + 1);
  for (std::size_t at = 0; at <= key.size();) {
    const std::size_t dot = std::min(key.find('.', at), key.size());
    if (dot == at || key.find_first_of("[]\\", at) < dot)
      return Error{ErrorCode::bad_value, "--set-file '" + input.value + "': KEY must be names joined by dots (prefill_serving_config, a.b.c); "
                                          "list indices and escaped dots are not read"};
    at = dot + 1;
  }
  auto text = read_manifest_file(path);
  if (!text.ok()) return Error{text.error().code, "--set-file " + key + ": " + text.error().message};
  into.base.set_files.push_back({key, std::move(text).value()});
  return std::nullopt;
}

// A Kubernetes manifest, compose file or chart values: its serving containers, what it skips,
// and KVD080 when it holds none (io/manifest.hpp).
std::optional<Error> read_manifest_input(const InputRef& input, Gathered& into) {
  const std::string& file = input.value;
  auto text = read_manifest_file(file);
  if (!text.ok()) return text.error();
  auto read = read_manifest(*text, file, into.base);
  if (!read.ok()) return read.error();
  ManifestWorkloads m = std::move(read).value();
  attach_comment_suppressions(m.workloads, *text, file, CommentStyle::yaml);  // docs/suppressions.md
  into.chart_values += m.chart_values;
  if (m.workloads.empty()) {
    std::vector<std::string> found;
    // "FILE:LINE kind/name container c (image): why" → "kind/name container c (image): why".
    for (const std::string& s : m.skipped) {
      std::string_view v = s;
      if (v.starts_with(file)) {
        v.remove_prefix(file.size());
        const std::size_t blank = v.find(' ');
        v.remove_prefix(blank == std::string_view::npos ? v.size() : blank + 1);
      }
      found.emplace_back(v);
    }
    into.no_workload.push_back(no_workload(file, found));
  }
  // A serving object whose pods could not be built beside workloads that were: its own KVD080
  // (with none, no_workload above already names it).
  if (!m.workloads.empty())
    for (const std::string& u : m.unknown) into.no_workload.push_back(unbuilt_object(file, u));
  for (Workload& w : m.workloads) into.workloads.push_back(std::move(w));
  for (std::string& s : m.skipped) into.notes.push_back("skipped " + std::move(s));
  return std::nullopt;
}

// A command file beside manifests: one workload whose check reads the file (the pipeline's
// read_command_file), so that an unreadable one is that workload's error result.
std::optional<Error> read_command_file_input(const InputRef& input, Gathered& into) {
  Workload& w = into.workloads.emplace_back();
  w.source.file = input.value;
  w.source.kind = "command file";
  w.input = into.base;
  w.input.command_file = input.value;
  return std::nullopt;
}

constexpr Reader kReaders[] = {
    {.kind = InputKind::model, .name = "model", .flag = "--model", .keyword = "model", .c_number = -1, .c_name = {},
     .value = InputValue::path, .value_name = "PATH", .help = "a Hugging Face model directory or its config.json",
     .layer = true, .checkable = true, .script = false, .named_by = {}, .gather_rank = 0, .read = read_model_input},
    {.kind = InputKind::command_file, .name = "command file", .flag = "--command-file", .keyword = "command_file",
     .c_number = KVD_INPUT_COMMAND_FILE, .c_name = "KVD_INPUT_COMMAND_FILE", .value = InputValue::paths, .value_name = "PATH",
     .help = "a file holding a launch command (- for stdin); repeat for several (kvdtype.checks/v1)",
     .layer = false, .checkable = true, .script = true, .named_by = {}, .gather_rank = 2, .read = read_command_file_input},
    {.kind = InputKind::env, .name = "environment", .flag = "--env", .keyword = "env", .c_number = KVD_INPUT_ENV,
     .c_name = "KVD_INPUT_ENV", .value = InputValue::assignments, .value_name = "NAME=VALUE",
     .help = "NAME=VALUE: expands $NAME in the launch command or script and is its environment (repeatable)",
     .layer = true, .checkable = false, .script = false, .named_by = {}, .gather_rank = 0, .read = read_env_input},
    {.kind = InputKind::manifest, .name = "manifest", .flag = "--manifest", .keyword = "manifest",
     .c_number = KVD_INPUT_MANIFEST, .c_name = "KVD_INPUT_MANIFEST", .value = InputValue::paths, .value_name = "PATH",
     .help = "Kubernetes YAML or a compose file (- for stdin); repeat for several (kvdtype.checks/v1)",
     .layer = false, .checkable = true, .script = false, .named_by = {}, .gather_rank = 1, .read = read_manifest_input},
    // Read where something else names them (no flag, keyword or C number): per workload by
    // pipeline/read_layers.cpp (readers_workload.cpp), or a webhook body (readers_review.cpp).
    {.kind = InputKind::launch_command, .name = "launch command", .flag = {}, .keyword = {}, .c_number = -1, .c_name = {},
     .value = InputValue::path, .value_name = {}, .help = "the workload's launch command: its words, text or script",
     .layer = false, .checkable = false, .script = false,
     .named_by = "the words after -- (Python command=, C kvd_request_set_command), a command file, a container's command",
     .gather_rank = 0, .read = read_launch_command_input},
    {.kind = InputKind::model_config, .name = "model config", .flag = {}, .keyword = {}, .c_number = -1, .c_name = {},
     .value = InputValue::path, .value_name = {}, .help = "a model directory or config.json (with hf_quant_config.json); a GGUF file by its magic",
     .layer = false, .checkable = false, .script = false,
     .named_by = "--model, or the model the launch command names when it is a path here",
     .gather_rank = 0, .read = read_model_config_input},
    {.kind = InputKind::gguf, .name = "GGUF header", .flag = {}, .keyword = {}, .c_number = -1, .c_name = {},
     .value = InputValue::path, .value_name = {}, .help = "a GGUF model file's metadata header (never its tensors)",
     .layer = false, .checkable = false, .script = false,
     .named_by = "a model file whose first bytes are the GGUF magic (the model config reader hands it on, opened once)",
     .gather_rank = 0, .read = read_gguf_input},
    {.kind = InputKind::hub_id, .name = "Hub id", .flag = {}, .keyword = {}, .c_number = -1, .c_name = {},
     .value = InputValue::path, .value_name = {}, .help = "a Hugging Face Hub id: the local HF cache, else the built-in catalogue",
     .layer = false, .checkable = false, .script = false,
     .named_by = "--model or the launch command's model, written ORG/NAME and not a path here",
     .gather_rank = 0, .read = read_hub_id_input},
    {.kind = InputKind::engine_config, .name = "engine config file", .flag = {}, .keyword = {}, .c_number = -1, .c_name = {},
     .value = InputValue::path, .value_name = {}, .help = "vLLM's or SGLang's YAML (SGLang: or JSON) file of flags, at most 1 MiB",
     .layer = false, .checkable = false, .script = false,
     .named_by = "--config FILE in a vLLM or SGLang launch command",
     .gather_rank = 0, .read = read_engine_config_input},
    {.kind = InputKind::trtllm_options, .name = "TRT-LLM options file", .flag = {}, .keyword = {}, .c_number = -1, .c_name = {},
     .value = InputValue::path, .value_name = {}, .help = "trtllm-serve's YAML of LLM API options, at most 1 MiB",
     .layer = false, .checkable = false, .script = false,
     .named_by = "--extra_llm_api_options FILE in a trtllm-serve launch command",
     .gather_rank = 0, .read = read_trtllm_options_input},
    {.kind = InputKind::admission_review, .name = "AdmissionReview", .flag = {}, .keyword = {}, .c_number = -1, .c_name = {},
     .value = InputValue::path, .value_name = {}, .help = "an admission.k8s.io/v1 (or v1beta1) AdmissionReview body: its envelope and request.object",
     .layer = false, .checkable = false, .script = false,
     .named_by = "the body of a POST /validate request to kvdtype serve",
     .gather_rank = 0, .read = read_admission_review_input},
    // Given by the caller, but after the rows named by other inputs: InputKind is appended only.
    {.kind = InputKind::set_file, .name = "chart value file", .flag = "--set-file", .keyword = "set_file",
     .c_number = KVD_INPUT_SET_FILE, .c_name = "KVD_INPUT_SET_FILE", .value = InputValue::assignments, .value_name = "KEY=FILE",
     .help = "KEY=FILE, as helm --set-file: the chart values --manifest reads hold FILE's text at KEY (repeatable)",
     .layer = true, .checkable = false, .script = false, .named_by = {}, .gather_rank = 0, .read = read_set_file_input},
};

// Row i reads InputKind i, so that reader() is an index and no kind lacks its reader.
constexpr bool rows_in_kind_order() {
  for (std::size_t i = 0; i < std::size(kReaders); ++i)
    if (static_cast<std::size_t>(kReaders[i].kind) != i) return false;
  return std::size(kReaders) == static_cast<std::size_t>(InputKind::set_file) + 1;
}
static_assert(rows_in_kind_order(), "one reader per InputKind, in InputKind's order");

// kvdtype.h writes the C numbers out (they are ABI); the rows name those constants, and no two
// rows share one, so kvd_request_add_input's lookup is the header's meaning.
constexpr bool c_numbers_distinct() {
  for (std::size_t i = 0; i < std::size(kReaders); ++i)
    for (std::size_t j = i + 1; j < std::size(kReaders); ++j)
      if (kReaders[i].c_number >= 0 && kReaders[i].c_number == kReaders[j].c_number) return false;
  return true;
}
static_assert(c_numbers_distinct(), "two input rows share a KVD_INPUT_* number");

// A face names exactly the kinds a caller gives (flag, keyword, help), and a kind read where
// something else names it says what names it and has no flag, keyword or C number.
constexpr bool faces_name_the_given_kinds() {
  for (const Reader& r : kReaders) {
    const bool given = r.named_by.empty();
    if (given != !r.flag.empty() || given != !r.keyword.empty() || (!given && r.c_number >= 0)) return false;
  }
  return true;
}
static_assert(faces_name_the_given_kinds(), "a row is either a face's input (flag and keyword) or named by another input");

}  // namespace

std::span<const Reader> readers() noexcept { return kReaders; }

const Reader& reader(InputKind kind) noexcept { return kReaders[static_cast<std::size_t>(kind)]; }

const Reader* reader_of_c_number(int c_number) noexcept {
  if (c_number < 0) return nullptr;
  for (const Reader& r : kReaders)
    if (r.c_number == c_number) return &r;
  return nullptr;
}

std::optional<Error> not_given(const InputRef& input) {
  const Reader& row = reader(input.kind);
  if (given_by_caller(row)) return std::nullopt;
  return Error{ErrorCode::bad_value, "'" + input.value + "': a " + std::string(row.name) +
                                         " is not an input of its own; it is read where " + std::string(row.named_by) +
                                         " names it"};
}

std::optional<Error> gather(std::span<const InputRef> inputs, Gathered& into, bool layers_only) {
  for (const InputRef& input : inputs)
    if (auto e = not_given(input)) return e;
  for (const InputRef& input : inputs)
    if (reader(input.kind).layer)
      if (auto e = reader(input.kind).read(input, into)) return e;
  if (layers_only) return std::nullopt;
  std::vector<const InputRef*> held;
  for (const InputRef& input : inputs)
    if (!reader(input.kind).layer) held.push_back(&input);
  std::stable_sort(held.begin(), held.end(),
                   [](const InputRef* a, const InputRef* b) { return reader(a->kind).gather_rank < reader(b->kind).gather_rank; });
  for (const InputRef* input : held)
    if (auto e = reader(input->kind).read(*input, into)) return e;
  // A --set-file no chart values took would be dropped without a word: bad input instead.
  if (!into.base.set_files.empty() && into.chart_values == 0)
    return Error{ErrorCode::bad_value, "--set-file " + into.base.set_files.front().path +
                                           "=…: sets a Helm chart value, and no --manifest given is chart values kvdtype reads "
                                           "(vLLM production-stack, llm-d, gpu-recipes, KubeAI values)"};
  return std::nullopt;
}

}  // namespace kvdtype::io::detail
