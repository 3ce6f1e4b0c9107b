// kvdtype check | resolve: flags into the library's pipeline (kvdtype/io/pipeline.hpp), its
// Report out. Explicit flags win over the launch command, which wins over the model config.
#include <map>

#include "cli.hpp"
#include "kvdtype/io/manifest.hpp"
#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::cli {
namespace {

// Every request flag: CLI spelling (the RequestInput field with dashes) and help.
struct Flag {
  const char* name;
  const char* help;
};
constexpr Flag kFlags[] = {
    {"engine", "vllm (default), sglang"},
    {"engine-version", "engine release, for known-bug rules (0.11.0, …)"},
    {"gpu", "sm_90, 9.0, H100, 'NVIDIA H100 80GB HBM3', gfx942, MI300X, cpu, or auto (probe this machine)"},
    {"kv-cache-dtype", "the engine's kv-cache string, verbatim (auto, fp8, fp8_e4m3, turboquant_k8v4, …)"},
    {"model-dtype", "bfloat16, float16, float32"},
    {"attention", "mha, gqa, mqa, mla, sparse-mla"},
    {"backend", "attention backend in engine spelling, or auto"},
    {"q-dtype", "the Q dtype handed to the kernel"},
    {"kv-dtype", "the KV element dtype declared to the kernel (its kv_data_type)"},
    {"kv-storage-dtype", "the dtype the cache tensor is allocated with"},
    {"checkpoint-kv-cache-dtype", "the checkpoint's own KV quantization (fp8, nvfp4)"},
    {"kv-scales", "yes/no: calibrated KV scales exist"},
    {"tensor-parallel-size", "tensor parallelism"},
    {"data-parallel-size", "data parallelism"},
    {"block-size", "KV block (page) size"},
    {"num-heads", "query heads"},
    {"num-kv-heads", "KV heads"},
    {"head-size", "head size (MLA: kv_lora_rank + qk_rope_head_dim, 576 for DeepSeek V3)"},
    {"head-size-v", "V head size when it differs from K"},
    {"num-layers", "decoder layers"},
    {"num-kv-layers", "layers with a KV cache (hybrid models)"},
    {"kv-lora-rank", "MLA latent rank"},
    {"qk-rope-head-dim", "MLA RoPE dims"},
    {"qk-nope-head-dim", "MLA NoPE dims"},
    {"index-topk", "sparse MLA indexer top-k"},
    {"gpu-memory-gib", "GPU memory per device, GiB (default: the product's)"},
    {"gpu-memory-utilization", "fraction of GPU memory the engine may use"},
    {"max-model-len", "context length"},
    {"weight-gib", "model weights, GiB (whole model)"},
};

struct Options {
  Output out;
  std::map<std::string, std::string> flags;  // flag name → value, only those given
  std::string model;
  std::vector<std::string> command_files;
  std::vector<std::string> manifests;
  bool verbose = false;
};

int run(Options& o, bool resolve_only, const std::vector<std::string>& launch_argv) {
  if (!o.out.validate()) return kBadInput;
  io::CheckInput in;
  for (const auto& [k, v] : o.flags) in.fields.set(k, v);
  in.model = o.model;
  in.command = launch_argv;
  in.verbose = o.verbose;
  if (!in.command.empty() && !o.command_files.empty())
    return bad_input("give the launch command either after -- or with --command-file, not both");

  // Manifests, or a fleet of targets (--gpu A,B): kvdtype.checks/v1 (io/manifest.hpp).
  if (!o.manifests.empty() || io::is_fleet(in.fields.gpu)) {
    if (!in.command.empty() && !o.manifests.empty()) return bad_input("give either manifests or a launch command after --, not both");
    auto checks = io::check_several(o.manifests, o.command_files, in);
    if (!checks.ok()) return bad_input(checks.error());
    emit(io::render_checks(*checks, o.out.parsed, o.out.style));
    return checks->verdict() == Verdict::error ? kRejected : kAccepted;
  }

  // Several command files: one result each, kvdtype.checks/v1.
  if (o.command_files.size() > 1) {
    std::vector<io::Workload> workloads;
    for (const std::string& file : o.command_files) {
      io::Workload& w = workloads.emplace_back();
      w.source.file = file;
      w.source.kind = "command file";
      w.input = in;
      w.input.command_file = file;
    }
    const io::Checks checks = io::check_workloads(workloads);
    emit(io::render_checks(checks, o.out.parsed, o.out.style));
    return checks.verdict() == Verdict::error ? kRejected : kAccepted;
  }
  if (!o.command_files.empty()) in.command_file = o.command_files.front();

  auto checked = io::check_input(in);
  if (!checked.ok()) return bad_input(checked.error());
  const io::ReportExtras extras = checked->view();
  emit(io::render_report(checked->report, o.out.parsed, resolve_only ? "resolve" : "check", o.out.style, &extras));
  return checked->verdict() == Verdict::error ? kRejected : kAccepted;
}

}  // namespace

Command add_check(CLI::App& app, bool resolve_only, const std::vector<std::string>& launch) {
  auto* o = &keep<Options>();
  CLI::App* sub = app.add_subcommand(
      resolve_only ? "resolve" : "check",
      resolve_only ? "Resolve the plan (backend, formats, bytes, capacity); exits 1 if it is rejected"
                   : "Check a request or a launch command (kvdtype check [flags] -- vllm serve …)");
  for (const Flag& f : kFlags) {
    sub->add_option_function<std::string>(
        std::string("--") + f.name, [o, name = std::string(f.name)](const std::string& v) { o->flags[name] = v; }, f.help);
  }
  sub->add_option("--model", o->model, "a Hugging Face model directory or its config.json");
  sub->add_option("--command-file", o->command_files, "a file holding a launch command (- for stdin); repeat for several (kvdtype.checks/v1)")
      ->allow_extra_args(false);  // one file per occurrence: `--command-file F json` is not two files
  sub->add_option("--manifest", o->manifests,
                  "Kubernetes YAML or a compose file (- for stdin); repeat for several (kvdtype.checks/v1)")
      ->allow_extra_args(false);
  sub->add_flag("-v,--verbose", o->verbose, "list launch-command flags that were ignored");
  add_output_options(*sub, o->out);
  Command c;
  c.app = sub;
  c.run = [o, resolve_only, &launch] { return run(*o, resolve_only, launch); };
  return c;
}

}  // namespace kvdtype::cli
