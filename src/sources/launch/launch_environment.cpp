// The environment a launch command sets (sources/launch/launch_parts.hpp): NAME=value words and docker -e
// values that change what the engine does with the KV cache. What one engine alone reads (vLLM's
// VLLM_* variables) is its launch hook (launch_engines.hpp), in its folder.
#include "sources/launch/launch_parts.hpp"

#include <string>
#include <string_view>

#include "sources/launch/launch_engines.hpp"

namespace kvdtype::io::launch {

void apply_environment(const std::vector<std::string>& env, LaunchCommand& out, Collected& c) {
  for (const std::string& a : env) {
    const std::size_t eq = a.find('=');
    const std::string_view name = std::string_view(a).substr(0, eq), value = std::string_view(a).substr(eq + 1);
    if (name == "LMCACHE_REMOTE_URL" && out.kv_transfer && out.kv_transfer->endpoint.empty())
      out.kv_transfer->endpoint = std::string(value);
  }
  out.env = env;
  detail::apply_engine_environment(env, out, c);
}

}  // namespace kvdtype::io::launch
