// Looking up an engine's kv-cache strings.
#include "tables/rows/cache_dtype.hpp"

#include <algorithm>
#include <vector>

#include "common/text.hpp"
#include "core/index.hpp"
#include "tables/words.hpp"

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
  // An integer option (LMDeploy's --quant-policy): "nearest" means nothing between numbers, so
  // the whole value set is listed, each with the name the engine also accepts.
  const bool numbers = std::all_of(names.begin(), names.end(), [](std::string_view n) {
    return !n.empty() && n.find_first_not_of("0123456789") == std::string_view::npos;
  });
  if (numbers) {
    std::string valid;
    for (const CacheDtype& row : cache_dtypes(engine)) {
      if (row.internal) continue;
      valid += (valid.empty() ? "" : ", ") + std::string(row.name);
      if (!row.aliases.empty()) valid += " (" + std::string(row.aliases.substr(0, row.aliases.find(' '))) + ")";
    }
    return Error{ErrorCode::unknown_name, "unknown " + std::string(info.display) + " " + std::string(info.kv_flag) + " '" +
                                              detail::printable(text) + "'; valid: " + valid + " (kvdtype explain KVD001)"};
  }
  return Error{ErrorCode::unknown_name, "unknown " + std::string(info.display) + " kv-cache dtype '" +
                                            detail::printable(text) + "'; nearest: " + detail::nearest(text, names, 4) +
                                            " (kvdtype explain KVD001)"};
}

std::string_view name(KvQuant q) noexcept { return tables::word_at(tables::kKvQuantWords, static_cast<std::size_t>(q), "none"); }

std::string_view name(const CacheDtype& c) noexcept { return c.name; }
Engine engine_of(const CacheDtype& c) noexcept { return c.engine; }
KvQuant quant(const CacheDtype& c) noexcept { return c.quant; }
bool deprecated(const CacheDtype& c) noexcept { return c.deprecated; }
std::string_view description(const CacheDtype& c) noexcept { return c.description; }
std::string_view source(const CacheDtype& c) noexcept { return c.source; }

}  // namespace kvdtype
