// Internal: the spellings parse_format() accepts, exposed so that tests can prove that no
// spelling names two formats. Nothing outside src/ and tests/ includes this.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "kvdtype/format.hpp"

namespace kvdtype::detail {

struct FormatSpelling {
  std::string_view name;
  FormatId id;
};

/// Every plain spelling of every format (before case folding): each row's canonical name and
/// ecosystem names, then the short aliases. A name may repeat for the same format; the tests
/// require that it never repeats for two formats.
[[nodiscard]] std::span<const FormatSpelling> format_spellings();

/// The short aliases alone ("bf16", "half", "float8e4nv", …), in table order.
[[nodiscard]] std::span<const FormatSpelling> format_aliases() noexcept;

/// The allocation-free lookup behind parse_format(): nullopt when `any_name` names nothing.
[[nodiscard]] std::optional<FormatId> find_format(std::string_view any_name) noexcept;

}  // namespace kvdtype::detail
