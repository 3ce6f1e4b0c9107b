// The lookup behind launch_flags.hpp: an engine's flag table comes from its registry row (the
// rows are in src/tables/engines/<engine>/launch_flags_<engine>.cpp), never from a switch here.
#include <span>
#include <string_view>

#include "sources/launch/launch_flags.hpp"
#include "tables/tables.hpp"

namespace kvdtype::io::detail {

namespace {

bool contains_word(std::string_view words, std::string_view w) noexcept {
  std::size_t i = 0;
  while (i < words.size()) {
    while (i < words.size() && words[i] == ' ') ++i;
    std::size_t j = i;
    while (j < words.size() && words[j] != ' ') ++j;
    if (j > i && words.substr(i, j - i) == w) return true;
    i = j;
  }
  return false;
}

}  // namespace

std::span<const LaunchFlag> launch_flags(Engine engine) noexcept {
  for (const tables::EngineTables& row : tables::engine_registry())
    if (row.info.id == engine && row.launch_flags != nullptr) return row.launch_flags();
  return {};
}

const LaunchFlag* find_launch_flag(Engine engine, std::string_view name) noexcept {
  for (const LaunchFlag& f : launch_flags(engine))
    if (contains_word(f.names, name)) return &f;
  return nullptr;
}

}  // namespace kvdtype::io::detail
