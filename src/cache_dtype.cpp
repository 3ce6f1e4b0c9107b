// Looking up an engine's kv-cache strings.
#include "kvdtype/cache_dtype.hpp"

#include <vector>

#include "common/text.hpp"
#include "index.hpp"

namespace kvdtype {

std::span<const CacheDtype> cache_dtypes(Engine engine) noexcept { return detail::engine_index(engine).vocabulary; }

const CacheDtype* find_cache_dtype(Engine engine, std::string_view text) noexcept {
  for (const CacheDtype& row : cache_dtypes(engine))
    if (row.name == text) return &row;
  return nullptr;
}

Result<const CacheDtype*> parse_cache_dtype(Engine engine, std::string_view text) {
  // Engines compare these strings exactly; we forgive case but report the engine's spelling.
  for (const CacheDtype& row : cache_dtypes(engine))
    if (!row.internal && detail::iequals(row.name, text)) return &row;
  for (const CacheDtype& row : cache_dtypes(engine)) {
    if (row.internal) continue;
    bool alias = false;
    detail::for_each_word(row.aliases, [&](std::string_view w) { alias = alias || detail::iequals(w, text); });
    if (alias) return &row;
  }
  const EngineInfo& info = engine_info(engine);
  if (!info.has_tables)
    return Error{ErrorCode::unsupported, std::string(info.display) + " kv-cache dtypes are not modelled yet; use --engine vllm or sglang"};
  std::vector<std::string_view> names;
  for (const CacheDtype& row : cache_dtypes(engine))
    if (!row.internal) names.push_back(row.name);
  return Error{ErrorCode::unknown_name, "unknown " + std::string(info.display) + " kv-cache dtype '" +
                                            detail::printable(text) + "'; nearest: " + detail::nearest(text, names, 4) +
                                            " (kvdtype explain KVD001)"};
}

std::string_view name(KvQuant q) noexcept {
  switch (q) {
    case KvQuant::none: return "none";
    case KvQuant::fp8_per_tensor: return "fp8_per_tensor";
    case KvQuant::fp8_ds_mla: return "fp8_ds_mla";
    case KvQuant::fp8_per_token_head: return "fp8_per_token_head";
    case KvQuant::int8_per_token_head: return "int8_per_token_head";
    case KvQuant::int4_per_token_head: return "int4_per_token_head";
    case KvQuant::nvfp4: return "nvfp4";
    case KvQuant::mxfp8: return "mxfp8";
    case KvQuant::fp4_block16: return "fp4_block16";
    case KvQuant::turboquant: return "turboquant";
    case KvQuant::ggml_block: return "ggml_block";
    case KvQuant::int8_per_tensor: return "int8_per_tensor";
  }
  return "none";
}

}  // namespace kvdtype
