// The engine registry: one row per line of kvdtype/engine_list.def. Each engine's folder writes its
// row (engines/<engine>/engine_<engine>.cpp) and its tables under conventional names; this file
// only assembles them in the list's order, so adding an engine edits nothing here.
#include <array>

#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

// The folder's row with what the list line decides: the enumerator, the name and the tables found
// by their conventional names. The row leaves these unset; a row that set them differently would
// be a second source for the same fact, so the list's value is the one kept.
EngineTables assemble(EngineTables row, Engine id, std::string_view name,
                      decltype(EngineTables::vocabulary) vocabulary, decltype(EngineTables::backends) backends,
                      decltype(EngineTables::selection) selection, decltype(EngineTables::constraints) constraints,
                      decltype(EngineTables::releases) releases,
                      decltype(EngineTables::launch_flags) launch_flags) noexcept {
  row.info.id = id;
  row.info.name = name;
  row.vocabulary = vocabulary;
  row.backends = backends;
  row.selection = selection;
  row.constraints = constraints;
  row.releases = releases;
  row.launch_flags = launch_flags;
  return row;
}

// Built on first use (a function-local static): every folder's row is a constant, so this reads
// no other file's dynamic state whatever order the library's static initialisers run in.
const auto& registry() noexcept {
  static const std::array kRows{
#define KVDTYPE_ENGINE(e)                                                                                \
  assemble(e##_engine(), Engine::e, #e, e##_cache_dtypes, e##_backends, e##_selection, e##_constraints, \
           e##_releases, e##_launch_flags),
#include "kvdtype/engine_list.def"
#undef KVDTYPE_ENGINE
  };
  return kRows;
}

}  // namespace

std::span<const EngineTables> engine_registry() noexcept { return registry(); }

const EngineTables& engine_tables(Engine e) noexcept {
  const auto& rows = registry();
  const auto i = static_cast<std::size_t>(e);
  return rows[i < rows.size() ? i : 0];
}

std::span<const EngineInfo> engine_rows() noexcept {
  static const auto kInfo = [] {
    std::array<EngineInfo, std::tuple_size_v<std::decay_t<decltype(registry())>>> out{};
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = registry()[i].info;
    return out;
  }();
  return kInfo;
}

}  // namespace kvdtype::tables
