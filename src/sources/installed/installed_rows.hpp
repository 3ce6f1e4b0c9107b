// Internal (sources/installed): the installed-sources table — per engine, which files of an
// installed engine hold which facts, and under which names. A release that moves a file adds a
// path to a row; the reader tries the paths in order.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "kvdtype/engine.hpp"

namespace kvdtype::detail {

enum class InstalledFact : std::uint8_t {
  vocabulary_literal,  ///< the kv-cache strings as `name = Literal[...]`
  vocabulary_choices,  ///< the kv-cache strings as the `choices=` of `option` (or of field `name`)
  vocabulary_ggml,     ///< the kv-cache types as a C++ `name = { GGML_TYPE_… }` list
  backend_classes,     ///< backend classes (get_name() and class attributes) in every .py under the directories
  backend_choices,     ///< backend names as the `choices=` of `option` (or of field `name`, or list `list`)
  storage_map,         ///< kv-cache string → the torch dtype the cache tensor is allocated as (`name = {…}`)
};

struct InstalledSourceRow {
  std::string_view engine;  ///< the registry's engine name ("vllm"): the table is data, not code keyed on an engine
  InstalledFact fact{};
  std::string_view paths;   ///< words: files tried in order; a word ending in '/' is a directory walked for *.py
  std::string_view name;    ///< the Literal alias, the dataclass field, or the C++ list
  std::string_view option;  ///< the command-line option whose choices are read
  std::string_view list;    ///< a module-level list tried when the option's choices are not literal
  std::string_view source;  ///< where the shape was established (repo path, commit, PR)
};

[[nodiscard]] std::span<const InstalledSourceRow> installed_source_rows() noexcept;

}  // namespace kvdtype::detail
