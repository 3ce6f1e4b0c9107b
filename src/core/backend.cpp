// Looking up an engine's attention backends and selection orders.
#include "tables/rows/backend.hpp"

#include <vector>

#include "common/text.hpp"
#include "core/index.hpp"
#include "tables/tables.hpp"

namespace kvdtype {

std::span<const Backend> backends(Engine engine) noexcept { return detail::engine_index(engine).backends; }

std::span<const SelectionOrder> selection_orders(Engine engine) noexcept {
  return tables::engine_tables(engine).selection();
}

const Backend* find_backend(Engine engine, std::string_view name) noexcept {
  for (const Backend& b : backends(engine))
    if (b.name == name) return &b;
  return nullptr;
}

Result<const Backend*> parse_backend(Engine engine, std::string_view text) {
  for (const Backend& b : backends(engine)) {
    if (detail::iequals(b.name, text)) return &b;
    bool alias = false;
    detail::for_each_word(b.aliases, [&](std::string_view w) { alias = alias || detail::iequals(w, text); });
    if (alias) return &b;
  }
  const EngineInfo& info = engine_info(engine);
  if (!info.has_tables)
    return Error{ErrorCode::unsupported, std::string(info.display) + " backends are not modelled yet; use --engine vllm or sglang"};
  std::vector<std::string_view> names;
  for (const Backend& b : backends(engine)) names.push_back(b.name);
  return Error{ErrorCode::unknown_name, "unknown " + std::string(info.display) + " attention backend '" +
                                            detail::printable(text) + "'; nearest: " + detail::nearest(text, names, 4)};
}

std::string_view name(const Backend& b) noexcept { return b.name; }
Engine engine_of(const Backend& b) noexcept { return b.engine; }
std::string_view notes(const Backend& b) noexcept { return b.notes; }
std::string_view source(const Backend& b) noexcept { return b.source; }

}  // namespace kvdtype
