// kvdtype check | resolve: inputs from flags, a model config and a launch command (explicit
// flags win over the launch command, which wins over the model config), then one Report.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>

#include "cli.hpp"
#include "kvdtype/capacity.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/model_config.hpp"
#include "kvdtype/io/probe.hpp"
#include "kvdtype/target.hpp"

namespace kvdtype::cli {
namespace {

// Every request flag: CLI spelling (the RequestInput field with dashes) and help.
struct Flag {
  const char* name;
  const char* help;
};
constexpr Flag kFlags[] = {
    {"engine", "vllm (default), sglang, trtllm, llamacpp, lmdeploy"},
    {"engine-version", "engine release, for known-bug rules (0.11.0, …)"},
    {"gpu", "sm_90, 9.0, H100, 'NVIDIA H100 80GB HBM3', gfx942, MI300X, cpu, or auto (probe this machine)"},
    {"kv-cache-dtype", "the engine's kv-cache string, verbatim (auto, fp8, fp8_e4m3, turboquant_k8v4, …)"},
    {"v-cache-dtype", "the V cache's own string where the engine sets V apart (llama.cpp -ctv; default f16)"},
    {"flash-attention", "on, off or auto (llama.cpp -fa)"},
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
  std::string command_file;
  bool verbose = false;
};

// At most kMaxCommandBytes + 1 bytes are read, never the whole stream: /dev/zero, `yes |` or a
// huge file is refused after 1 MiB instead of hanging or exhausting memory.
constexpr std::size_t kMaxCommandBytes = 1u << 20;

std::string read_at_most(std::istream& in, std::size_t limit) {
  std::string text(limit, '\0');
  std::size_t got = 0;
  while (got < limit && in) {
    in.read(text.data() + got, static_cast<std::streamsize>(limit - got));
    got += static_cast<std::size_t>(in.gcount());
  }
  text.resize(got);
  return text;
}

Result<std::string> read_command_file(const std::string& path) {
  std::string text;
  if (path == "-") {
    text = read_at_most(std::cin, kMaxCommandBytes + 1);
  } else {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return Error{ErrorCode::bad_file, path + ": is a directory, not a command file"};
    std::ifstream f(path, std::ios::binary);
    if (!f) return Error{ErrorCode::bad_file, path + ": cannot be read"};
    text = read_at_most(f, kMaxCommandBytes + 1);
  }
  if (text.size() > kMaxCommandBytes) return Error{ErrorCode::bad_file, (path == "-" ? "stdin" : path) + ": larger than 1 MiB"};
  if (text.find('\0') != std::string::npos) return Error{ErrorCode::bad_file, (path == "-" ? "stdin" : path) + ": binary data, not a command"};
  return text;
}

// --gpu auto: the probed target when the machine has one kind of device.
Result<std::string> probed_gpu() {
  const io::ProbeResult pr = io::probe();
  std::string first;
  for (const io::ProbedDevice& d : pr.devices) {
    if (first.empty()) first = d.target;
    else if (d.target != first) {
      std::string kinds;
      for (const io::ProbedDevice& e : pr.devices) kinds += (kinds.empty() ? "" : ", ") + e.name + " (" + e.target + ")";
      return Error{ErrorCode::bad_value, "--gpu auto: this machine has several GPU kinds (" + kinds + "); pass --gpu with one of them"};
    }
  }
  if (first.empty()) return Error{ErrorCode::unsupported, "--gpu auto: no device found"};
  return first;
}

int run(Options& o, bool resolve_only, const std::vector<std::string>& launch_argv) {
  if (!o.out.validate()) return kBadInput;
  io::ReportExtras extras;
  RequestInput input;
  std::optional<io::LaunchCommand> launch;

  std::vector<std::string> argv = launch_argv;
  if (!o.command_file.empty()) {
    if (!argv.empty()) return bad_input("give the launch command either after -- or with --command-file, not both");
    auto text = read_command_file(o.command_file);
    if (!text.ok()) return bad_input(text.error());
    auto words = io::split_command(*text);
    if (!words.ok()) return bad_input(words.error());
    argv = std::move(*words);
    if (argv.empty()) return bad_input(o.command_file + ": no command in it");
  }
  if (!argv.empty()) {
    auto parsed = io::parse_launch_command(argv);
    if (!parsed.ok()) return bad_input(parsed.error());
    launch = std::move(*parsed);
  }

  // The model config: --model, else a launch command's model when it is a local path.
  std::string model_path = o.model;
  if (model_path.empty() && launch && !launch->model.empty()) {
    std::error_code ec;
    if (std::filesystem::exists(launch->model, ec)) model_path = launch->model;
  }
  if (!model_path.empty()) {
    auto cfg = io::read_model_config(model_path);
    if (!cfg.ok()) return bad_input(cfg.error());
    input.overlay(cfg->input);
    extras.notes.push_back("model config: " + cfg->path);
  }
  if (launch) {
    input.overlay(launch->input);
    extras.ignored_flags = launch->ignored;
    if (!o.verbose) extras.ignored_flags.clear();
  }
  RequestInput flags;
  for (const auto& [k, v] : o.flags) flags.set(k, v);
  input.overlay(flags);

  if (input.gpu == "auto" || input.gpu == "AUTO") {
    auto g = probed_gpu();
    if (!g.ok()) return bad_input(g.error());
    input.gpu = *g;
    extras.notes.push_back("gpu: probed " + *g);
  }

  auto request = make_request(input);
  if (!request.ok()) return bad_input(request.error());
  const Report report = check(*request);
  extras.capacity = capacity(report);

  std::optional<Report> draft, prefill;
  if (launch && launch->draft) {
    RequestInput d = input;
    // A drafter with its own local config has its own geometry and dtype.
    std::error_code ec;
    if (!launch->draft_model.empty() && launch->draft_model != launch->model &&
        std::filesystem::exists(launch->draft_model, ec)) {
      auto cfg = io::read_model_config(launch->draft_model);
      if (!cfg.ok()) return bad_input("speculative drafter: " + cfg.error().message);
      d.overlay(cfg->input);
      extras.notes.push_back("drafter config: " + cfg->path);
    }
    d.overlay(*launch->draft);
    auto dr = make_request(d);
    if (!dr.ok()) return bad_input("speculative drafter: " + dr.error().message);
    draft = check(*dr);
    extras.draft = &*draft;
  }
  if (launch && !launch->prefill_backend.empty()) {
    RequestInput p = input;
    p.backend = launch->prefill_backend;
    auto pr = make_request(p);
    if (!pr.ok()) return bad_input("prefill backend: " + pr.error().message);
    prefill = check(*pr);
    extras.prefill = &*prefill;
  }

  emit(io::render_report(report, o.out.parsed, resolve_only ? "resolve" : "check", o.out.style, &extras));
  return io::combined_verdict(report, &extras) == Verdict::error ? kRejected : kAccepted;
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
  sub->add_option("--command-file", o->command_file, "a file holding the launch command (- for stdin)");
  sub->add_flag("-v,--verbose", o->verbose, "list launch-command flags that were ignored");
  add_output_options(*sub, o->out);
  Command c;
  c.app = sub;
  c.run = [o, resolve_only, &launch] { return run(*o, resolve_only, launch); };
  return c;
}

}  // namespace kvdtype::cli
