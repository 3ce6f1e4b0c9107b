// llama.cpp launch commands: llama-server, llama-cli and llama-bench (also ./build/bin/llama-server)
// and the ghcr.io/ggml-org/llama.cpp images, read as llama.cpp's own argument parser would
// (common/arg.cpp). Nothing is executed.
//
// What is read: -ctk/-ctv (checked against the parser's whitelist: an unknown type is the error
// llama.cpp stops with, rule KVD200), -fa on|off|auto or the older bare -fa (KVD205 for another
// value; which of the two spellings a build takes is KVD207/KVD208, judged with the version), -ngl 0 and -nkvo (the cache and the attention stay on the CPU backend), -m, -c,
// -sm tensor (tensor parallelism through ggml's meta backend: flag_split_tensor, rules KVD209, KVD210),
// --rpc (remote_backend = yes, and KVD080 for the remote devices kvdtype is not told about).
// llama-bench takes comma lists (-ctk q8_0,f16 -fa 0,1) and runs every combination; kvdtype checks
// the first and lists the rest as ignored.
//
// Layer `sources` kept in the engine's folder (docs/layers.md); reached through the registry row's
// launch hooks (sources/launch/launch_engines.hpp).
#include <string>
#include <string_view>

#include "common/text.hpp"
#include "core/index.hpp"
#include "sources/launch/launch_engines.hpp"
#include "sources/launch/launch_parts.hpp"
#include "sources/launch/launch_images.hpp"
#include "tables/rows/image.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace kvdtype::io::detail {
namespace {

using launch::basename;  // sources/launch/launch_parts.hpp


// llama-bench sweeps comma lists; the first value is the one checked.
std::string first_of_list(std::string& value, LaunchCommand& out, std::string_view flag) {
  const std::size_t comma = value.find(',');
  if (comma == std::string::npos) return value;
  out.ignored.push_back(std::string(flag) + " " + value.substr(comma + 1) + " (llama-bench sweep: only the first value checked)");
  value.resize(comma);
  return value;
}

// llama.cpp's programs under names the registry row does not list, because the name alone does
// not say llama.cpp:
//  - `llama <command>` (`llama.exe` on Windows), the one binary with subcommands that the prebuilt
//    packages ship since 2026 (ggml-org/llama.cpp#23296, #23459: `llama help` lists serve, cli,
//    completion, bench …); the subcommand is the program (`llama serve` runs llama-server).
//  - `server`, llama-server's name before the rename of June 2024 (ggml-org/llama.cpp#7809:
//    main → llama-cli, server → llama-server), taken as llama.cpp's only where its path runs
//    through a llama.cpp folder (./llama.cpp/server, …/llama.cpp/build/bin/Release/server).
// The words after the subcommand (or the program) are the arguments, as for the listed names.
std::optional<std::size_t> unlisted_llamacpp_program(const std::vector<std::string>& w, std::size_t i) {
  using kvdtype::detail::iequals;
  const std::string_view prog = basename(w[i]);
  if (iequals(prog, "llama") || iequals(prog, "llama.exe")) {
    static constexpr std::string_view kTools[] = {"serve", "cli", "completion", "bench"};
    if (i + 1 < w.size())
      for (std::string_view tool : kTools)
        if (w[i + 1] == tool) return i + 2;
    return std::nullopt;
  }
  if (!iequals(prog, "server") && !iequals(prog, "server.exe")) return std::nullopt;
  const std::string_view path = w[i];
  for (std::size_t at = 0; at < path.size();) {  // a folder of the path named llama.cpp[-…] or llama-cpp[-…]
    const std::size_t slash = path.find_first_of("/\\", at);
    if (slash == std::string_view::npos) break;  // the last part is the program itself
    const std::string folder = kvdtype::detail::to_lower(path.substr(at, slash - at));
    if (folder.starts_with("llama.cpp") || folder.starts_with("llama-cpp")) return i + 1;
    at = slash + 1;
  }
  return std::nullopt;
}

std::optional<Result<EngineProgram>> locate_llamacpp(const std::vector<std::string>& w, std::size_t i) {
  if (i >= w.size()) return std::nullopt;
  if (kvdtype::detail::has_word(engine_info(Engine::llamacpp).programs, basename(w[i])))
    return Result<EngineProgram>(EngineProgram{Engine::llamacpp, i + 1, false});
  if (const auto args = unlisted_llamacpp_program(w, i)) return Result<EngineProgram>(EngineProgram{Engine::llamacpp, *args, false});
  return std::nullopt;
}

std::optional<Result<EngineProgram>> locate_llamacpp_image(const std::vector<std::string>& w, std::string_view image,
                                                           std::size_t args) {
  const std::size_t colon = image.rfind(':');
  const std::string_view repo = colon == std::string_view::npos || image.find('/', colon) != std::string_view::npos
                                    ? image
                                    : image.substr(0, colon);
  const Image* row = official_image(image_repository(repo));
  if (row == nullptr || row->engine != Engine::llamacpp) return std::nullopt;
  const std::string_view tag = repo.size() < image.size() ? image.substr(colon + 1) : std::string_view("latest");
  // Tags: server[-cuda|-rocm|-vulkan|…] runs llama-server, light[-…] runs llama-cli, full[-…] runs
  // tools.sh, whose first argument picks the tool (.devops/tools.sh: --server/-s, --run/-r, --bench/-b).
  if (tag.starts_with("server") || tag.starts_with("light")) return Result<EngineProgram>(EngineProgram{Engine::llamacpp, args, false});
  if (tag.starts_with("full") || tag == "latest") {
    const std::string_view tool = args < w.size() ? std::string_view(w[args]) : std::string_view();
    if (tool == "--server" || tool == "-s" || tool == "--run" || tool == "-r" || tool == "--bench" || tool == "-b")
      return Result<EngineProgram>(EngineProgram{Engine::llamacpp, args + 1, false});
    return Result<EngineProgram>(Error{ErrorCode::bad_command,
                                       std::string(image) + " runs tools.sh: '" + kvdtype::detail::printable(tool) +
                                           "' is not a serving tool (expected --server, --run or --bench)"});
  }
  return std::nullopt;
}

// `word` is the word before the command's arguments (the program, or a full image's tool).
void note_llamacpp_tool(LaunchCommand& out, std::string_view word) {
  // llama-bench by any path, or tools.sh's --bench/-b in a :full image.
  // `llama bench` (the one binary's subcommand) likewise.
  if (basename(word) == "llama-bench" || word == "--bench" || word == "-b" || word == "bench") out.input.flags |= flag_llama_bench;
}

std::optional<Error> finish_llamacpp(LaunchCommand& out, const LaunchOptions& /*options: reads no file*/) {
  RequestInput& in = out.input;
  // The parser compares the names exactly (kv_cache_type_from_str): Q8_0 is refused as well.
  for (auto [field, flag] : {std::pair{&in.kv_cache_dtype, "-ctk"}, std::pair{&in.v_cache_dtype, "-ctv"}}) {
    if (field->empty()) continue;
    first_of_list(*field, out, flag);
    if (find_cache_dtype(Engine::llamacpp, *field) == nullptr) {
      refuse(in, "KVD200", *field);
      field->clear();
    }
  }
  bool cpu_only = false, no_kv_offload = false, no_gpu_layers = false;
  for (auto& [name, value] : out.engine_options) {
    if (name == "flash_attn") {
      first_of_list(value, out, "-fa");
      const std::string v = kvdtype::detail::to_lower(value);
      // The spelling itself depends on the build (b6325 made -fa take a value): kept for KVD207/KVD208.
      if (v.empty()) in.flags |= flag_fa_bare;
      else if (v == "on" || v == "off" || v == "auto" || v == "enabled" || v == "disabled") in.flags |= flag_fa_word;
      if (v.empty() || v == "on" || v == "enabled" || v == "1" || v == "true") in.flash_attention = "on";
      else if (v == "off" || v == "disabled" || v == "0" || v == "false") in.flash_attention = "off";
      else if (v == "auto" || v == "-1") in.flash_attention = "auto";
      else refuse(in, "KVD205", value);
    } else if (name == "gpu_layers") {
      first_of_list(value, out, "-ngl");
      if (value == "0") cpu_only = no_gpu_layers = true;
    } else if (name == "no_kv_offload") {
      no_kv_offload = true;  // the KV cache (and so the attention over it) stays in host memory
    } else if (name == "kv_offload") {
      no_kv_offload = false;  // -kvo after -nkvo: one option, the last word wins
    } else if (name == "rpc") {
      // ggml-rpc's client answers every supports_op with true, so ops go to the remote device
      // whatever its backend lacks (rows on remote_backend). The remote machines' devices are
      // not an input: what they hold of the cache is still unchecked (KVD080).
      in.remote_backend = "yes";
      out.unmodelled.push_back({"the devices of --rpc " + kvdtype::detail::printable(value),
                                "llama.cpp adds the RPC servers' backends to the local devices and splits the layers "
                                "(and their KV cache) over all of them; kvdtype checks the cache on the local --gpu "
                                "only"});
    } else if (name == "split_mode") {
      // Only tensor changes what the cache meets (the meta backend; KVD209, KVD210): none, layer
      // and row keep each layer's cache and attention on one device.
      first_of_list(value, out, "-sm");
      if (kvdtype::detail::to_lower(value) == "tensor") in.flags |= flag_split_tensor;
    }
  }
  if (no_kv_offload) cpu_only = true;
  if (cpu_only && in.backend.empty()) in.backend = "CPU";
  // The cache in host memory with layers on a GPU: the GPU may still run flash attention on a copy
  // of the cache's views (flag_no_kv_offload; KVD070 for MLA before b8183, ggml-org/llama.cpp#19999).
  if (no_kv_offload && !no_gpu_layers) in.flags |= flag_no_kv_offload;
  // llama.cpp computes activations in f32 whatever the GGUF's weight types: the query handed to
  // the flash-attention op is an F32 tensor (src/llama-graph.cpp build_attn_mha; the backends'
  // supports_op take an F32 Q), so the "model dtype" of a llama.cpp request is float32.
  if (in.model_dtype.empty()) in.model_dtype = "float32";
  return std::nullopt;
}

}  // namespace
}  // namespace kvdtype::io::detail

namespace kvdtype::tables {

extern const EngineLaunchHooks llamacpp_launch_hooks;  // the registry row's (engine_llamacpp.cpp)
const EngineLaunchHooks llamacpp_launch_hooks{.locate = io::detail::locate_llamacpp,
                                              .locate_image = io::detail::locate_llamacpp_image,
                                              .finish = io::detail::finish_llamacpp,
                                              .note_program = io::detail::note_llamacpp_tool};

}  // namespace kvdtype::tables
