// Ollama launch commands: `ollama serve` (also /usr/bin/ollama serve, as the systemd unit of
// docs/linux.mdx runs it) and the ollama/ollama image, whose ENTRYPOINT /bin/ollama with CMD serve
// starts the server when the container gives no arguments. Nothing is executed.
//
// Ollama takes its cache settings from the environment the server starts in, never from flags
// (envconfig/config.go). What is read, as Ollama reads it:
//   - every value through Var(): surrounding spaces, then surrounding ' and " are stripped;
//   - OLLAMA_KV_CACHE_TYPE, lower-cased (llm/server.go strings.ToLower); a value that is none of
//     the cache types of cache_dtypes_ollama.cpp is KVD260;
//   - OLLAMA_FLASH_ATTENTION through BoolWithDefault: strconv.ParseBool's words (1 t T TRUE true
//     True, 0 f F FALSE false False), and any other non-empty word counts as true (so "off" turns
//     flash attention on); unset leaves the release's default (backends_ollama.cpp).
// OLLAMA_NEW_ENGINE (0.5.12 – 0.24.x) moves a model to Ollama's Go runner, which also needs flash
// attention for a quantized cache (PR #9591) and keeps f16 for any other type
// (runner/ollamarunner/cache.go kvCacheTypeFromStr): the same outcome, so it is not read.
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
#include "tables/rows/cache_dtype.hpp"
#include "tables/rows/image.hpp"

namespace kvdtype::io::detail {
namespace {

using launch::basename;  // sources/launch/launch_parts.hpp

// envconfig.Var: strings.Trim(strings.TrimSpace(value), "\"'").
std::string_view ollama_var(std::string_view v) noexcept {
  constexpr std::string_view kSpace = " \t\n\r\v\f", kQuotes = "\"'";
  auto trim = [](std::string_view s, std::string_view set) {
    const std::size_t b = s.find_first_not_of(set);
    if (b == std::string_view::npos) return std::string_view();
    return s.substr(b, s.find_last_not_of(set) - b + 1);
  };
  return trim(trim(v, kSpace), kQuotes);
}

std::optional<Result<EngineProgram>> locate_ollama(const std::vector<std::string>& w, std::size_t i) {
  if (i >= w.size() || !kvdtype::detail::has_word(engine_info(Engine::ollama).programs, basename(w[i]))) return std::nullopt;
  const std::string_view sub = i + 1 < w.size() ? std::string_view(w[i + 1]) : std::string_view();
  if (sub == "serve") return Result<EngineProgram>(EngineProgram{Engine::ollama, i + 2, false});
  // `ollama run MODEL`, `ollama pull` … are clients of a server started elsewhere: its
  // environment, not theirs, sets the cache.
  return Result<EngineProgram>(Error{ErrorCode::bad_command,
                                     "ollama " + kvdtype::detail::printable(sub) +
                                         " is not a serving command (expected ollama serve: the server reads "
                                         "OLLAMA_KV_CACHE_TYPE when it starts)"});
}

// `docker run … ollama/ollama` with nothing after the image runs the image's CMD, `serve`. Words
// after the image replace that CMD and go to the ENTRYPOINT, /bin/ollama: `… ollama/ollama serve`
// (a Kubernetes container's `args: ["serve"]`) is the server, `… ollama/ollama run MODEL` a client.
std::optional<Result<EngineProgram>> locate_ollama_image(const std::vector<std::string>& w, std::string_view image,
                                                         std::size_t args) {
  const Image* row = official_image(image_repository(image));
  if (row == nullptr || row->engine != Engine::ollama) return std::nullopt;
  if (args >= w.size()) return Result<EngineProgram>(EngineProgram{Engine::ollama, args, false});
  std::vector<std::string> as_run{"ollama"};
  as_run.insert(as_run.end(), w.begin() + static_cast<std::ptrdiff_t>(args), w.end());
  auto found = locate_ollama(as_run, 0);
  if (found && found->ok()) return Result<EngineProgram>(EngineProgram{Engine::ollama, args + 1, false});
  return found;
}

void apply_ollama_environment(const std::vector<std::string>& env, LaunchCommand& out, launch::Collected& /*c*/) {
  RequestInput& in = out.input;
  // The last assignment of a name wins, as in the environment the server is started with.
  std::optional<std::string> kv, fa;
  for (const std::string& a : env) {
    const std::size_t eq = a.find('=');
    if (eq == std::string::npos) continue;
    const std::string_view name = std::string_view(a).substr(0, eq), value = ollama_var(std::string_view(a).substr(eq + 1));
    if (name == "OLLAMA_KV_CACHE_TYPE") kv = std::string(value);
    else if (name == "OLLAMA_FLASH_ATTENTION") fa = std::string(value);
  }
  if (kv && !kv->empty()) {
    const std::string type = kvdtype::detail::to_lower(*kv);
    if (find_cache_dtype(Engine::ollama, type) != nullptr) in.kv_cache_dtype = type;
    else refuse(in, "KVD260", *kv);
  }
  if (fa && !fa->empty()) {
    const std::string_view v = *fa;
    const bool off = v == "0" || v == "f" || v == "F" || v == "false" || v == "FALSE" || v == "False";
    in.flash_attention = off ? "off" : "on";
  }
}

std::optional<Error> finish_ollama(LaunchCommand& out, const LaunchOptions& /*options: reads no file*/) {
  // Ollama's runners (and llama-server) hand the flash-attention op an F32 query whatever the
  // GGUF's weight types, as llama.cpp does (src/llama-graph.cpp build_attn_mha).
  if (out.input.model_dtype.empty()) out.input.model_dtype = "float32";
  return std::nullopt;
}

}  // namespace
}  // namespace kvdtype::io::detail

namespace kvdtype::tables {

extern const EngineLaunchHooks ollama_launch_hooks;  // the registry row's (engine_ollama.cpp)
const EngineLaunchHooks ollama_launch_hooks{.locate = io::detail::locate_ollama,
                                            .locate_image = io::detail::locate_ollama_image,
                                            .finish = io::detail::finish_ollama,
                                            .environment = io::detail::apply_ollama_environment};

}  // namespace kvdtype::tables
