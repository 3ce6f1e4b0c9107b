// The lookup behind launch_flags.hpp: an engine's flag table comes from its registry row (the
// rows are in src/tables/engines/<engine>/launch_flags_<engine>.cpp), never from a switch here.
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sources/launch/launch_flags.hpp"
#include "tables/tables.hpp"

namespace kvdtype::io::detail {

std::span<const LaunchFlag> launch_flags(Engine engine) noexcept {
  for (const tables::EngineTables& row : tables::engine_registry())
    if (row.info.id == engine && row.launch_flags != nullptr) return row.launch_flags();
  return {};
}

namespace {

// Every engine's flag names, each word of a row's `names` to the first row that has it: the
// row a search of the table in order finds, found by one hash look-up (the search row by row,
// splitting every row's names, was 11 K instructions of a webhook review; docs/performance.md,
// eleventh round). Made once, on first use; the tables are constant.
class FlagIndex {
 public:
  FlagIndex() {
    for (const tables::EngineTables& row : tables::engine_registry()) {
      const auto id = static_cast<std::size_t>(row.info.id);
      if (id >= by_engine_.size()) by_engine_.resize(id + 1);
      if (!by_engine_[id].empty()) continue;  // launch_flags() answers with the first row of an engine
      auto& names = by_engine_[id];
      for (const LaunchFlag& f : launch_flags(row.info.id)) {
        std::size_t i = 0;
        const std::string_view words = f.names;
        while (i < words.size()) {
          while (i < words.size() && words[i] == ' ') ++i;
          std::size_t j = i;
          while (j < words.size() && words[j] != ' ') ++j;
          if (j > i) names.emplace(words.substr(i, j - i), &f);  // the first row keeps a name
          i = j;
        }
      }
    }
  }
  [[nodiscard]] const LaunchFlag* find(Engine engine, std::string_view name) const noexcept {
    const auto id = static_cast<std::size_t>(engine);
    if (id >= by_engine_.size()) return nullptr;
    const auto& names = by_engine_[id];
    const auto it = names.find(name);
    return it == names.end() ? nullptr : it->second;
  }

 private:
  std::vector<std::unordered_map<std::string_view, const LaunchFlag*>> by_engine_;
};

}  // namespace

const LaunchFlag* find_launch_flag(Engine engine, std::string_view name) noexcept {
  static const FlagIndex index;
  return index.find(engine, name);
}

}  // namespace kvdtype::io::detail
