// LMDeploy launch commands: `lmdeploy serve api_server MODEL …` and `lmdeploy chat MODEL …`
// (lmdeploy/cli/serve.py, cli/chat.py), read as LMDeploy's argparse would. Nothing is executed.
//
// --quant-policy takes a number or a name (lmdeploy/cli/utils.py quant_policy: 0/none, 4/int4,
// 8/int8, 16/fp8/fp8_e4m3, 17/fp8_e5m2, 42/turbo_quant); anything else is LMDeploy's
// ValueError("invalid quant_policy"), reported as rule KVD240. --model-format (hf, awq, gptq, fp8)
// names the weights' quantization, which TurboMind's GEMM kernels must have for the GPU.
//
// Layer `sources` kept in the engine's folder (docs/layers.md); reached through the registry row's
// launch hooks (sources/launch/launch_engines.hpp).
#include <string>
#include <string_view>

#include "common/text.hpp"
#include "core/index.hpp"
#include "sources/launch/launch_engines.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace kvdtype::io::detail {
namespace {

std::optional<Result<EngineProgram>> locate_lmdeploy(const std::vector<std::string>& w, std::size_t i) {
  if (i >= w.size()) return std::nullopt;
  std::string_view prog = w[i];
  if (const std::size_t slash = prog.rfind('/'); slash != std::string_view::npos) prog.remove_prefix(slash + 1);
  if (!kvdtype::detail::has_word(engine_info(Engine::lmdeploy).programs, prog)) return std::nullopt;
  auto sub = [&](std::size_t k) -> std::string_view { return k < w.size() ? std::string_view(w[k]) : ""; };
  if (sub(i + 1) == "serve" && (sub(i + 2) == "api_server" || sub(i + 2) == "gradio"))
    return Result<EngineProgram>(EngineProgram{Engine::lmdeploy, i + 3, true});
  if (sub(i + 1) == "chat") return Result<EngineProgram>(EngineProgram{Engine::lmdeploy, i + 2, true});
  std::string what(sub(i + 1));
  if (sub(i + 1) == "serve") what += " " + std::string(sub(i + 2));
  return Result<EngineProgram>(Error{ErrorCode::bad_command,
                                     "lmdeploy " + kvdtype::detail::printable(what) +
                                         " is not a serving command (expected lmdeploy serve api_server or lmdeploy chat)"});
}

std::optional<Error> finish_lmdeploy(LaunchCommand& out, const LaunchOptions& /*options: reads no file*/) {
  RequestInput& in = out.input;
  for (const auto& [name, value] : out.engine_options) {
    if (name == "quant_policy") {
      in.kv_term = "--quant-policy";
      auto row = parse_cache_dtype(Engine::lmdeploy, value);
      if (row.ok()) in.kv_cache_dtype = std::string((*row)->name);
      else refuse(in, "KVD240", value);
    } else if (name == "model_format") {
      // The weights' format (lmdeploy/cli/utils.py model_format): "hf" is the checkpoint as it is,
      // the others name a weight quantization (awq, gptq, fp8, …) that TurboMind's kernels must have.
      const std::string format = kvdtype::detail::to_lower(value);
      if (format != "hf") in.weight_quantization = format;
    } else if (name == "device" && kvdtype::detail::to_lower(value) != "cuda") {
      out.ignored.push_back("--device " + value + " (only CUDA devices are modelled)");
    }
  }
  return std::nullopt;
}

}  // namespace
}  // namespace kvdtype::io::detail

namespace kvdtype::tables {

extern const EngineLaunchHooks lmdeploy_launch_hooks;  // the registry row's (engine_lmdeploy.cpp)
const EngineLaunchHooks lmdeploy_launch_hooks{.locate = io::detail::locate_lmdeploy, .finish = io::detail::finish_lmdeploy};

}  // namespace kvdtype::tables
