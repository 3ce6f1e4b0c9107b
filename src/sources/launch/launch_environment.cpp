// The environment a launch command sets (sources/launch/launch_parts.hpp): NAME=value words and docker -e
// values that change what the engine does with the KV cache.
#include "sources/launch/launch_parts.hpp"

#include <optional>
#include <string>
#include <string_view>

#include "common/text.hpp"
#include "kvdtype/request.hpp"

namespace kvdtype::io::launch {
namespace {

// vLLM's environment booleans: `os.getenv(NAME, default).lower() in ("true", "1")` (vllm/envs.py).
bool env_true(std::string_view value) {
  const std::string v = kvdtype::detail::to_lower(value);
  return v == "true" || v == "1";
}

}  // namespace

void apply_environment(const std::vector<std::string>& env, Engine engine, LaunchCommand& out, Collected& c) {
  std::optional<bool> aiter, mha, mla;
  std::string env_backend;
  for (const std::string& a : env) {
    const std::size_t eq = a.find('=');
    const std::string_view name = std::string_view(a).substr(0, eq), value = std::string_view(a).substr(eq + 1);
    if (name == "VLLM_ATTENTION_BACKEND") env_backend = std::string(value);
    else if (name == "VLLM_ROCM_USE_AITER") aiter = env_true(value);
    else if (name == "VLLM_ROCM_USE_AITER_MHA") mha = env_true(value);
    else if (name == "VLLM_ROCM_USE_AITER_MLA") mla = env_true(value);
    else if (name == "LMCACHE_REMOTE_URL" && out.kv_transfer && out.kv_transfer->endpoint.empty())
      out.kv_transfer->endpoint = std::string(value);
  }
  out.env = env;
  if (engine != Engine::vllm) return;
  // The MHA and MLA switches default to on; they only matter once AITER itself is on.
  if (aiter.value_or(false)) {
    out.input.flags |= flag_rocm_aiter;
    if (mha.value_or(true)) out.input.flags |= flag_rocm_aiter_mha;
    if (mla.value_or(true)) out.input.flags |= flag_rocm_aiter_mla;
  }
  // The flag wins over the (older) environment variable.
  if (c.backend.empty()) c.backend = c.attention_config_backend;
  if (c.backend.empty()) c.backend = env_backend;
}

}  // namespace kvdtype::io::launch
