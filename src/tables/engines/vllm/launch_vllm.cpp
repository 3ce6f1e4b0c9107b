// vLLM's own launch code (layer `sources`, docs/layers.md): the environment variables it reads
// (vllm/envs.py: the attention backend, the ROCm AITER switches, AITER's shuffled KV layout, the
// V0/V1 engine switch of 0.7 to 0.10), and the launch flags kept as engine options (sleep mode).
// Its programs, subcommand and flags are rows (engine_vllm.cpp, launch_flags_vllm.cpp) read by
// the launch code every engine shares.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/text.hpp"
#include "kvdtype/request.hpp"
#include "sources/launch/launch_engines.hpp"
#include "sources/launch/launch_parts.hpp"

namespace kvdtype::io::detail {
namespace {

// vLLM's environment booleans: `os.getenv(NAME, default).lower() in ("true", "1")` (vllm/envs.py).
bool env_true(std::string_view value) {
  const std::string v = kvdtype::detail::to_lower(value);
  return v == "true" || v == "1";
}

// VLLM_USE_V1 is read as `bool(int(value))` (vllm/envs.py, 0.7 to 0.10): an integer, any non-zero
// one meaning V1. A value int() refuses stops vLLM itself; kvdtype then leaves the bit clear.
bool engine_switch_v1(std::string_view value) {
  std::string_view v = value;
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
  if (!v.empty() && (v.front() == '+' || v.front() == '-')) v.remove_prefix(1);
  if (v.empty()) return false;
  bool zero = true;
  for (const char ch : v) {
    if (ch < '0' || ch > '9') return false;
    zero = zero && ch == '0';
  }
  return !zero;
}

void apply_vllm_environment(const std::vector<std::string>& env, LaunchCommand& out, launch::Collected& c) {
  std::optional<bool> aiter, mha, mla;
  std::string env_backend;
  for (const std::string& a : env) {
    const std::size_t eq = a.find('=');
    const std::string_view name = std::string_view(a).substr(0, eq), value = std::string_view(a).substr(eq + 1);
    if (name == "VLLM_ATTENTION_BACKEND") env_backend = std::string(value);
    else if (name == "VLLM_ROCM_USE_AITER") aiter = env_true(value);
    else if (name == "VLLM_ROCM_USE_AITER_MHA") mha = env_true(value);
    else if (name == "VLLM_ROCM_USE_AITER_MLA") mla = env_true(value);
    else if (name == "VLLM_ROCM_SHUFFLE_KV_CACHE_LAYOUT" && env_true(value)) out.input.flags |= flag_rocm_shuffle_kv;
    else if (name == "VLLM_USE_V1") {
      // A later assignment wins, as in the shell: VLLM_USE_V1=0 after =1 clears the bit.
      if (engine_switch_v1(value)) out.input.flags |= flag_vllm_use_v1;
      else out.input.flags &= ~static_cast<std::uint32_t>(flag_vllm_use_v1);
    }
  }
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

// --enable-sleep-mode arrives as an engine option (launch_flags_vllm.cpp); as in argparse, the
// last of it and --no-enable-sleep-mode wins.
std::optional<Error> finish_vllm(LaunchCommand& out, const LaunchOptions& /*options: reads no file*/) {
  for (const auto& [name, value] : out.engine_options) {
    if (name != "enable_sleep_mode") continue;
    if (value == "no") out.input.flags &= ~static_cast<std::uint32_t>(flag_vllm_sleep_mode);
    else out.input.flags |= flag_vllm_sleep_mode;
  }
  return std::nullopt;
}

}  // namespace
}  // namespace kvdtype::io::detail

namespace kvdtype::tables {

extern const EngineLaunchHooks vllm_launch_hooks;  // the registry row's (engine_vllm.cpp)
const EngineLaunchHooks vllm_launch_hooks{.finish = io::detail::finish_vllm,
                                           .environment = io::detail::apply_vllm_environment};

}  // namespace kvdtype::tables
