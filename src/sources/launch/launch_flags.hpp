// Internal: each engine's launch flags, found through its registry row (the rows are in
// src/tables/engines/<engine>/launch_flags_<engine>.cpp, their type in tables/rows/launch_flag.hpp).
#pragma once

#include <span>
#include <string_view>

#include "kvdtype/engine.hpp"
#include "tables/rows/launch_flag.hpp"

namespace kvdtype::io::detail {

using tables::Action;
using tables::Arity;
using tables::LaunchFlag;

/// The flags of `engine`'s serving command (empty for engines whose commands are not modelled).
[[nodiscard]] std::span<const LaunchFlag> launch_flags(Engine engine) noexcept;

/// The row whose `names` contains `name` exactly (dashes, as typed), or nullptr.
/// Found through an index of every engine's names, made once on first use (launch_flags.cpp).
[[nodiscard]] const LaunchFlag* find_launch_flag(Engine engine, std::string_view name) noexcept;

}  // namespace kvdtype::io::detail
