// MLX-LM launch commands: `mlx_lm.server`, `mlx_lm.generate`, `mlx_lm server|generate` (the
// `mlx_lm` console script dispatches on its first word, mlx_lm/cli.py) and `python -m mlx_lm
// server|generate`, `python -m mlx_lm.server|mlx_lm.generate`, read as their argparse would.
// Nothing is executed.
//
// What is read: --kv-bits and --kv-group-size become one kv string of this folder's vocabulary
// ("4", "4g32"); a width or group MLX cannot quantize is refused (rule KVD293: mx.quantize raises
// at the first quantization step); --max-kv-size marks a rotating cache (KVD291/KVD292). On
// mlx_lm.server, any of those flags is an argparse error (KVD290): the server defines none.
//
// Layer `sources` kept in the engine's folder (docs/layers.md); reached through the registry row's
// launch hooks (sources/launch/launch_engines.hpp).
#include <string>
#include <string_view>

#include "common/text.hpp"
#include "core/index.hpp"
#include "sources/launch/launch_engines.hpp"
#include "sources/launch/launch_parts.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace kvdtype::io::detail {
namespace {

using launch::basename;  // sources/launch/launch_parts.hpp

// The KV flags only mlx_lm.generate (and mlx_lm.cache_prompt) define.
constexpr std::string_view kKvOptions = "kv_bits kv_group_size quantized_kv_start max_kv_size";

std::optional<Result<EngineProgram>> locate_mlx_lm(const std::vector<std::string>& w, std::size_t i) {
  if (i >= w.size()) return std::nullopt;
  const std::string_view prog = basename(w[i]);
  if (!kvdtype::detail::has_word(engine_info(Engine::mlx_lm).programs, prog)) return std::nullopt;
  if (prog != "mlx_lm") return Result<EngineProgram>(EngineProgram{Engine::mlx_lm, i + 1, false});
  // `mlx_lm SUBCOMMAND`: cli.py pops the word and runs that module's main().
  const std::string_view sub = i + 1 < w.size() ? std::string_view(w[i + 1]) : std::string_view();
  if (sub == "server" || sub == "generate") return Result<EngineProgram>(EngineProgram{Engine::mlx_lm, i + 2, false});
  return Result<EngineProgram>(Error{ErrorCode::bad_command, "mlx_lm " + kvdtype::detail::printable(sub) +
                                                                 " is not a serving command (expected mlx_lm server or mlx_lm generate)"});
}

// A whole decimal number as argparse's type=int reads it, or -1.
long read_int(std::string_view text) {
  if (text.empty() || text.size() > 9) return -1;
  long v = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return -1;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::optional<Error> finish_mlx_lm(LaunchCommand& out, const LaunchOptions& /*options: reads no file*/) {
  RequestInput& in = out.input;
  std::string bits, group = "64";
  for (const auto& [name, value] : out.engine_options) {
    if (name == "kv_bits") bits = value;
    else if (name == "kv_group_size") group = value;
    else if (name == "quantized_kv_start")
      out.ignored.push_back("--quantized-kv-start " + value +
                            " (the cache stays in the model dtype until a prompt reaches that many tokens)");
    else if (name == "max_kv_size") in.flags |= flag_mlx_rotating_cache;
  }
  if (bits.empty()) {
    if (group != "64") out.ignored.push_back("--kv-group-size " + group + " (no effect without --kv-bits)");
    return std::nullopt;
  }
  in.kv_term = "--kv-bits";
  // mx.quantize (affine) takes bits 2, 3, 4, 5, 6, 8 and groups of 32, 64, 128: the rows of this
  // folder's vocabulary are exactly those pairs.
  const long b = read_int(bits), g = read_int(group);
  if (b < 0 || find_cache_dtype(Engine::mlx_lm, std::to_string(b)) == nullptr || b == 0) {
    refuse(in, "KVD293", "--kv-bits " + bits);
    return std::nullopt;
  }
  if (g != 32 && g != 64 && g != 128) {
    refuse(in, "KVD293", "--kv-group-size " + group);
    return std::nullopt;
  }
  in.kv_cache_dtype = std::to_string(b) + (g == 64 ? "" : "g" + std::to_string(g));
  return std::nullopt;
}

// Runs after finish: which program it is decides whether the KV flags exist at all.
void note_mlx_lm_program(LaunchCommand& out, std::string_view word) {
  const std::string_view prog = basename(word);
  if (prog != "mlx_lm.server" && prog != "server") return;
  for (const auto& [name, value] : out.engine_options)
    if (kvdtype::detail::has_word(kKvOptions, name)) out.input.flags |= flag_mlx_server_kv_flags;
}

}  // namespace
}  // namespace kvdtype::io::detail

namespace kvdtype::tables {

extern const EngineLaunchHooks mlx_lm_launch_hooks;  // the registry row's (engine_mlx_lm.cpp)
const EngineLaunchHooks mlx_lm_launch_hooks{.locate = io::detail::locate_mlx_lm,
                                            .finish = io::detail::finish_mlx_lm,
                                            .note_program = io::detail::note_mlx_lm_program};

}  // namespace kvdtype::tables
