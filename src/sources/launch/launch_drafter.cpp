// A launch command's speculative drafter (sources/launch/launch_parts.hpp): the drafter checked as a request of
// its own, from --speculative-config or the older --speculative-model flags.
#include "sources/launch/launch_parts.hpp"

#include <cstdint>
#include <string>
#include <string_view>

#include "common/text.hpp"
#include "kvdtype/request.hpp"

namespace kvdtype::io::launch {
namespace {

// Speculative methods whose drafter has no attention layers of its own (nothing to check).
bool drafter_without_attention(std::string_view method) {
  const std::string m = kvdtype::detail::to_lower(method);
  return m == "ngram" || m == "ngram_gpu" || m == "suffix" || m == "medusa" || m == "mlp_speculator" ||
         m == "lookahead";
}

// The drafter lives in the target checkpoint (MTP / NextN layers) unless a path is given.
bool drafter_in_target(std::string_view method) {
  const std::string m = kvdtype::detail::to_lower(method);
  return m == "mtp" || m == "nextn" || (m.size() > 4 && m.substr(m.size() - 4) == "_mtp");
}

}  // namespace

void read_drafter(LaunchCommand& out, Collected& c) {
  RequestInput& in = out.input;
  if (!c.speculative) return;
  in.flags |= flag_speculative;
  std::string method = c.spec_algorithm;
  if (method.empty() && c.spec.contains("method") && c.spec["method"].is_string())
    method = c.spec["method"].get<std::string>();
  std::string draft_model = c.spec_model;
  if (draft_model.empty() && c.spec.contains("model") && c.spec["model"].is_string())
    draft_model = c.spec["model"].get<std::string>();
  if (method.empty() && !draft_model.empty()) method = "draft_model";
  // The speculative inputs as request fields (issue 28), as typed: the method, the drafter, and
  // vLLM's num_speculative_tokens (SGLang's --speculative-num-steps is a flag row of its own).
  in.speculative_method = method;
  in.speculative_model = draft_model;
  // The JSON key, or the dotted flag's (--speculative-config.num_speculative_tokens N), which the
  // flag reader keeps with dashes.
  for (const char* key : {"num_speculative_tokens", "num-speculative-tokens"}) {
    if (!c.spec.contains(key)) continue;
    const json& n = c.spec[key];
    if (n.is_number_unsigned()) in.num_speculative_tokens = std::to_string(n.get<std::uint64_t>());
    else if (n.is_string()) in.num_speculative_tokens = n.get<std::string>();
  }
  // The drafter's own cache string (vLLM speculative_config.kv_cache_dtype, vllm-project/vllm#48787);
  // without it the drafter's layers take the target's --kv-cache-dtype.
  std::string draft_kv;
  for (const char* key : {"kv_cache_dtype", "kv-cache-dtype"})
    if (c.spec.contains(key) && c.spec[key].is_string()) draft_kv = c.spec[key].get<std::string>();
  in.speculative_kv_cache_dtype = draft_kv;
  if (drafter_without_attention(method)) return;

  RequestInput d;
  d.engine = in.engine;
  d.flags = flag_speculative;
  if (draft_model.empty() && drafter_in_target(method)) draft_model = out.model;
  std::string draft_tp = c.spec_draft_tp;
  if (c.spec.contains("draft_tensor_parallel_size")) {
    const json& t = c.spec["draft_tensor_parallel_size"];
    if (t.is_number_unsigned()) draft_tp = std::to_string(t.get<std::uint64_t>());
    else if (t.is_string()) draft_tp = t.get<std::string>();
  }
  d.tensor_parallel_size = draft_tp;
  // Not a vLLM SpeculativeConfig key upstream (the drafter takes the target's --dtype), but
  // forks add it; when present it is the drafter's own activation dtype.
  if (c.spec.contains("dtype") && c.spec["dtype"].is_string()) {
    const std::string v = kvdtype::detail::to_lower(c.spec["dtype"].get<std::string>());
    if (v != "auto") d.model_dtype = v == "float" ? "float32" : v;
  }
  d.backend = c.spec_draft_backend;
  d.kv_cache_dtype = draft_kv;
  out.draft_model = draft_model;
  out.draft = std::move(d);
}

}  // namespace kvdtype::io::launch
