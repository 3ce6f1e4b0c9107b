// Findings about the inputs themselves (pipeline/inputs_check.hpp).
#include "pipeline/inputs_check.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "common/text.hpp"
#include "kvdtype/capacity.hpp"
#include "kvdtype/check.hpp"
#include "core/request_fields.hpp"
#include "tables/rule_id.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "tables/tables.hpp"

namespace kvdtype::io {
namespace {

// The code is a RuleId: a code that is no rule does not compile (never a silently dropped finding).
void add(ReportExtras& extras, tables::RuleId code, std::string message, std::string fix,
         std::optional<Severity> severity = std::nullopt) {
  const Rule* rule = kvdtype::rule(code);
  extras.input_diagnostics.push_back({rule, severity.value_or(rule->severity), std::move(message), std::move(fix)});
}

using fields::flag;

// Messages show GiB with two decimals ("12.50 GiB").
std::string gib(double v) { return kvdtype::detail::gib(v, 2) + " GiB"; }

}  // namespace

// Each message starts with the unknown fact ("--kv-cache-dtype unknown: …"), as KVD080's input
// messages do: the INCOMPLETE headline names the facts from there.
void unresolved_values(LaunchCommand& launch, ReportExtras& extras) {
  // Every field through its row's member (fields::all(), RequestInput's order, the order of
  // RequestInput::fields()), not by name: a look-up by name per field per merge was a tenth of
  // a webhook review's checks.
  for (const fields::RequestField& row : fields::all()) {
    std::string& v = launch.input.*(row.member);
    if (v.find('$') == std::string::npos) continue;
    add(extras, "KVD152",
        std::string(flag(row.name)) + " unknown: " + kvdtype::detail::printable(v) + " is not set by the script, its environment or --env",
        "set the variable in the script or pass --env NAME=VALUE");
    v.clear();
  }
  for (const LaunchCommand::RefusedValue& b : launch.refused_values) {
    if (b.unset) {
      add(extras, "KVD152", b.flag + " unknown: its value holds a variable nothing set (the script, its environment or --env)",
          "set the variable in the script or pass --env NAME=VALUE");
    } else {
      add(extras, "KVD151", "the launch command's " + kvdtype::detail::printable(b.why) + ": the engine refuses it",
          b.fix.empty() ? "write the value as the JSON the engine expects" : b.fix);
    }
  }
  // An engine options file not read (`--config ${CFG}`, or a path inside a container): it may
  // set the kv-cache dtype, the backend or the block size, and the engine applies it (vLLM and
  // SGLang under the command line, trtllm-serve's --extra_llm_api_options over it), so the plan
  // checked is not known to be the one that runs: said as incomplete, never passed as fine.
  for (const std::string& f : launch.unread_files)
    add(extras, "KVD080",
        "the engine options file unknown: " + kvdtype::detail::printable(f) +
            (f.find('$') != std::string::npos ? " names a variable nothing set, so it was not read"
                                              : " is a file on the machine the server runs on, not read here") +
            "; its settings (the kv-cache dtype among them) were not checked",
        f.find('$') != std::string::npos
            ? "set the variable (--env NAME=VALUE) to a file kvdtype can read, or write the file's kv-cache settings as flags"
            : "check the command on the machine that holds the file, or write the file's kv-cache settings as flags",
        Severity::warning);
  // What the engine does with words kvdtype does not model (vLLM --kv-cache-dtype-skip-layers,
  // llama.cpp --rpc): the checks ran on a plan that may not be the one that runs: not checked.
  for (const LaunchCommand::Unmodelled& u : launch.unmodelled)
    add(extras, "KVD080", u.fact + " unknown: " + u.why,
        "check the command without the option to see the plan kvdtype can make, and judge the rest by hand",
        Severity::warning);
  if (launch.model.find('$') != std::string::npos) {
    add(extras, "KVD152", "the model unknown: " + kvdtype::detail::printable(launch.model) + " is not set by the script, its environment or --env",
        "set the variable in the script or pass --env NAME=VALUE");
    launch.model.clear();
  }
}

void unknown_model(const std::string& model, bool runs_elsewhere, ReportExtras& extras) {
  // A workload that runs elsewhere (a manifest's container): only the catalogue was asked, never
  // this machine's directories or HF cache (readers_workload.cpp, read_hub_id_input).
  if (runs_elsewhere) {
    add(extras, "KVD153",
        "model " + kvdtype::detail::printable(model) +
            " is not in kvdtype's catalogue, and the workload's own machine (its HF cache) is not read here: its attention kind and geometry are unknown",
        "pass --model /path/to/a/copy/of/its/config.json, or give --attention, --num-heads, --num-kv-heads, --head-size and "
        "--num-layers");
    return;
  }
  add(extras, "KVD153",
      "model " + kvdtype::detail::printable(model) +
          " is not a directory here, not in the Hugging Face cache and not in kvdtype's catalogue: its attention kind and geometry are unknown",
      "pass --model /path/to/the/model (its config.json), download it into the HF cache, or give --attention, --num-heads, "
      "--num-kv-heads, --head-size and --num-layers");
}

void launch_values(const LaunchCommand& launch, const RequestInput& explicit_fields, RequestInput& merged,
                   ReportExtras& extras) {
  RequestInput base;
  base.engine = merged.engine;
  if (!make_request(base).ok()) return;  // an engine kvdtype does not model: make_request reports it
  Engine engine = kDefaultEngine;  // a launch reading that names no engine speaks for the default one
  if (!merged.engine.empty())
    if (auto e = parse_engine(merged.engine); e.ok()) engine = *e;
  if (!engine_info(engine).has_tables) return;
  for (const fields::RequestField& row : fields::all()) {
    const std::string_view field = row.name;
    if (field == "engine") continue;
    const std::string* from_launch = &(launch.input.*(row.member));
    if (from_launch->empty() || !(explicit_fields.*(row.member)).empty()) continue;
    // `base` with this one field set, then cleared again for the next: one request input for
    // every field instead of a copy of all of them per field.
    std::string& slot = base.*(row.member);
    slot = *from_launch;
    auto r = make_request(base);
    slot.clear();
    if (field == "kv_cache_dtype") {
      if (!r.ok()) {
        add(extras, "KVD001",
            "'" + kvdtype::detail::printable(*from_launch) + "' is not a " + std::string(engine_info(engine).display) +
                " kv-cache dtype: the engine refuses the command (" + r.error().message + ")",
            "use one of the engine's strings (kvdtype backends --engine " + std::string(engine_info(engine).name) + ")");
        merged.kv_cache_dtype.clear();
        continue;
      }
      // A spelling the engine refuses (FP8 for fp8) is KVD103, fired by the check itself from the
      // flag the launch reader sets (launch.cpp), so C and Python callers get it too.
      continue;
    }
    if (r.ok()) continue;
    add(extras, "KVD151", "the launch command's " + r.error().message, "correct the value in the launch command");
    (merged.*(row.member)).clear();
  }
}

void installed_judgement(const InstalledJudgement& judged, ReportExtras& extras) {
  for (const std::string& n : judged.notes) extras.notes.push_back(n);
  if (!judged.rejected.empty())
    add(extras, "KVD001", judged.rejected, "use one of the installed engine's strings: " + judged.valid);
  if (judged.unmodelled)
    add(extras, "KVD080",
        "the kv-cache dtype's format unknown (a string only the installed engine's source declares): the checks that need it were skipped",
        "update kvdtype (kvdtype releases --diff-installed lists what its tables lack), or pass --engine-version of a release kvdtype knows",
        Severity::warning);
}

void gpu_auto_found_nothing(Report& report, ReportExtras& extras) {
  for (Diagnostic& d : report.diagnostics)
    if (d.rule == rule("KVD080") && d.evidence.value == "--gpu") {
      d.severity = Severity::warning;
      d.evidence.detail = "the GPU (--gpu auto found no GPU on this machine)";
      d.evidence.value = "--gpu with the target GPU (--gpu cpu for a CPU server)";
    }
  extras.notes.push_back("gpu: --gpu auto found no GPU on this machine; the checks that need one were skipped");
}

namespace {

// Whether `argv` names a flag that splits the weights otherwise than by TP. A word that holds a
// whole script (`docker run IMAGE sh -c "…; vllm serve … -pp 2"`, as a manifest container's
// shell command reaches the pipeline) is split and searched too, as its shell runs it.
bool names_a_split(std::span<const std::string> argv, int depth) {
  static constexpr std::string_view kSplitting[] = {"-pp", "--pipeline-parallel-size", "--pipeline_parallel_size", "--pp-size",
                                                    "--pp", "-ep", "--enable-expert-parallel", "--enable_expert_parallel",
                                                    "--ep-size", "--expert-parallel-size", "--ep", "--cpu-offload-gb",
                                                    "--cpu_offload_gb", "--kv-cache-memory-bytes", "--kv_cache_memory_bytes"};
  // By hand, not find_first_of(" \t\n"), which is a memchr of the three bytes per byte of the
  // word (~5 K instructions of a webhook review; docs/performance.md, twelfth round).
  const auto spaced = [](std::string_view w) {
    for (const char c : w)
      if (c == ' ' || c == '\t' || c == '\n') return true;
    return false;
  };
  for (std::size_t i = 0; i < argv.size(); ++i) {
    std::string_view w = argv[i], value;
    if (depth < 4 && spaced(w)) {
      if (auto inner = split_command(argv[i]); inner.ok() && names_a_split(*inner, depth + 1)) return true;
      continue;
    }
    if (!w.starts_with("-")) continue;  // every splitting flag does
    if (const std::size_t eq = w.find('='); eq != std::string_view::npos) {
      value = w.substr(eq + 1);
      w = w.substr(0, eq);
    } else if (i + 1 < argv.size()) {
      value = argv[i + 1];
    }
    for (std::string_view f : kSplitting)
      if (w == f && value != "1" && value != "0") return true;  // `-pp 1` changes nothing
  }
  return false;
}

}  // namespace

bool weights_split_known(const std::vector<std::string>& argv, const LaunchCommand& launch) {
  if (!launch.quantization.empty()) return false;  // online quantization: not the published bytes
  return !names_a_split(argv, 0);
}

namespace {

// A node's usual GPU count (8 for HGX/DGX and MI300X platforms): tensor parallelism beyond it
// crosses nodes, which is pipeline parallelism's job.
constexpr std::uint32_t kNodeGpus = 8;

std::string tokens_text(std::uint64_t n) { return "about " + std::to_string(n) + " tokens"; }

// The changes that make one request of `len` tokens fit, smallest first, each computed by
// checking the changed request: an fp8 cache where the backend takes it, a --max-model-len that
// fits, more GPUs up to a node's count; when none does, what is left (more nodes or more memory).
// A change that is already at its limit is never offered.
std::string fitting_changes(const Report& report, const Capacity& c, std::uint64_t len, bool len_given) {
  const Request& r = report.request;
  std::vector<std::string> options;
  const auto fits = [&](const Request& q) -> std::optional<std::uint64_t> {
    const Report rep = check(q);
    if (rep.verdict() == Verdict::error) return std::nullopt;
    const auto cap = capacity(rep);
    if (!cap || cap->kv_budget_gib <= 0 || cap->tokens < len) return std::nullopt;
    return cap->tokens;
  };
  if (c.kv_budget_gib > 0) {
    if (report.plan.cache_dtype && report.plan.cache_dtype->quant == KvQuant::none)
      if (const CacheDtype* fp8 = find_cache_dtype(r.engine, "fp8")) {
        Request q = r;
        q.kv_cache_dtype = fp8;
        q.backend = nullptr;
        if (const auto t = fits(q)) options.push_back("--kv-cache-dtype fp8 (" + tokens_text(*t) + " fit)");
      }
    if (c.tokens > 0) options.push_back((len_given ? "lower --max-model-len to at most " : "add --max-model-len ") + std::to_string(c.tokens));
  }
  const std::uint32_t tp = std::max<std::uint32_t>(1, r.tensor_parallel_size);
  for (std::uint32_t t = tp + 1; t <= kNodeGpus; ++t) {
    if (r.geometry.num_heads > 0 && r.geometry.num_heads % t != 0) continue;  // KVD154 would refuse it
    Request q = r;
    q.tensor_parallel_size = t;
    if (const auto n = fits(q)) {
      options.push_back("--tensor-parallel-size " + std::to_string(t) + " (" + tokens_text(*n) + " fit)");
      break;
    }
  }
  if (options.empty())
    return "the weights leave too little room on " + std::to_string(tp) + " GPU" + (tp == 1 ? "" : "s") + " of this kind" +
           (tp >= kNodeGpus ? " (a node's usual 8)" : " even at 8") +
           ": split the model across nodes (--pipeline-parallel-size 2 or more) or use GPUs with more memory";
  std::string fix;
  for (const std::string& o : options) fix += (fix.empty() ? "" : "; or ") + o;
  return fix;
}

}  // namespace

void capacity_checks(const Report& report, ReportExtras& extras, std::uint32_t sliding_window, bool hybrid,
                     bool split_known, std::uint64_t model_max_context) {
  const Request& r = report.request;
  const tables::EngineBehaviour& engine = tables::engine_tables(r.engine).behaviour;
  const std::string refuses = std::string(engine_info(r.engine).display) + " refuses to start: ";
  // vLLM ModelConfig.verify_with_parallel_config: "Total number of attention heads (N) must be
  // divisible by tensor parallel size (T)."
  if (engine.heads_divide_by_tp && r.tensor_parallel_size > 1 && r.geometry.num_heads > 0 &&
      r.geometry.num_heads % r.tensor_parallel_size != 0) {
    std::string divisors;
    for (std::uint32_t t = 1; t <= r.geometry.num_heads && t <= 64; ++t)
      if (r.geometry.num_heads % t == 0) divisors += (divisors.empty() ? "" : ", ") + std::to_string(t);
    add(extras, "KVD154",
        refuses + "total number of attention heads (" + std::to_string(r.geometry.num_heads) +
            ") must be divisible by tensor parallel size (" + std::to_string(r.tensor_parallel_size) + ")",
        "use --tensor-parallel-size " + divisors + " (or pipeline parallelism for the rest)");
  }
  // vLLM check_enough_kv_cache_memory (vllm/v1/core/kv_cache_utils.py): one request of
  // max_model_len tokens must fit in the KV cache memory left after the weights. Without
  // --max-model-len vLLM serves the model's own context (max_position_embeddings).
  const bool len_given = r.max_model_len != 0;
  const std::uint64_t len = len_given ? r.max_model_len : model_max_context;
  if (!engine.one_request_must_fit || len == 0 || !extras.capacity || !extras.capacity->weights_known) return;
  if (sliding_window > 0) return;  // sliding-window layers hold only the window: not modelled here
  // Data parallelism with MoE models usually shards experts (EP); the request does not say so.
  if (!split_known || r.data_parallel_size > 1) return;
  const Capacity& c = *extras.capacity;
  if (c.kv_budget_gib > 0 && c.tokens >= len) return;
  const std::string where = (r.product ? std::string(r.product->name) : std::string("this GPU")) + " (" + gib(c.gpu_memory_gib) +
                            " × " + std::to_string(c.utilization).substr(0, 4) + " − " + gib(c.weight_gib_per_gpu) +
                            " of weights per GPU)";
  const std::string fix = fitting_changes(report, c, len, len_given);
  if (c.kv_budget_gib <= 0) {
    add(extras, "KVD155",
        refuses + "no memory is left for the KV cache on " + where + ": \"No available memory for the cache blocks\"",
        fix);
    return;
  }
  const double need_gib = static_cast<double>(c.bytes_per_token) * static_cast<double>(len) / (1024.0 * 1024 * 1024);
  const std::string request = len_given ? "one request of --max-model-len " + std::to_string(len)
                                        : "without --max-model-len it serves the model's own context, " + std::to_string(len) +
                                              " tokens; one such request";
  add(extras, "KVD155",
      refuses + request + " needs " + gib(need_gib) + " of KV cache per GPU, more than the about " +
          gib(c.kv_budget_gib) + " left on " + where + "; at most about " + std::to_string(c.tokens) + " tokens fit" +
          (hybrid ? " (linear-attention state not counted)" : ""),
      fix);
}

void unknown_model_dtype(const Report& report, ReportExtras& extras) {
  const Request& r = report.request;
  if (r.model_dtype || r.target == nullptr || report.verdict() == Verdict::error) return;
  // Already named by the check itself (the cache follows the model dtype): one finding is enough.
  const Rule* skipped = rule("KVD080");
  for (const Diagnostic& d : report.diagnostics)
    if (d.rule == skipped && d.evidence.value == "--model-dtype") return;
  std::string found;
  for (const FormatId alt : {FormatId::bfloat16, FormatId::float16}) {
    Request q = r;
    q.model_dtype = alt;
    const Report other = check(q);
    for (const Diagnostic& d : other.diagnostics) {
      if (d.severity == Severity::info || report.fired(d.rule->code)) continue;
      const std::string one = std::string(d.rule->code) + " with a " + std::string(name(alt)) + " model";
      if (found.find(d.rule->code) == std::string::npos) found += (found.empty() ? "" : ", ") + one;
    }
  }
  if (found.empty()) return;
  add(extras, "KVD080", "the model dtype unknown: the checks that need it were skipped, and they decide (" + found + ")",
      "pass --model-dtype (or --model / a launch command naming the model) for a complete check", Severity::warning);
}

void drop_ignored_inputs(ReportExtras& extras, const std::vector<std::string>& ignore) {
  if (ignore.empty()) return;
  std::vector<InputDiagnostic> kept;
  for (InputDiagnostic& d : extras.input_diagnostics) {
    bool drop = false;
    for (const std::string& c : ignore) drop = drop || kvdtype::detail::iequals(c, d.rule->code);
    if (!drop) kept.push_back(std::move(d));
  }
  extras.input_diagnostics = std::move(kept);
}

}  // namespace kvdtype::io
