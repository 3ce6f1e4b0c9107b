// Internal: each engine's launch flags, found through its registry row (the rows are in
// src/tables/engines/<engine>/launch_flags_<engine>.cpp, their type in tables/rows/launch_flag.hpp).
#pragma once

#include <span>
#include <string_view>
#include <vector>

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

/// argparse's abbreviations (allow_abbrev, the default of argparse.ArgumentParser): the long names
/// of `engine`'s table that start with `prefix` and are longer than it. One match: `row` is its
/// row and `name` its spelling; more than one: argparse refuses the word ("ambiguous option").
/// Asked only after find_launch_flag missed, so that a command typed in full costs nothing more.
/// Where the engine's switches are BooleanOptionalAction (EngineBehaviour::negatable_switches),
/// their `--no-<name>` forms are options too and take part: a match on one sets `negated`.
struct FlagPrefix {
  const LaunchFlag* row = nullptr;
  std::string_view name;                  ///< the row's spelling (the positive one when negated)
  bool negated = false;                   ///< the one match is a `--no-<name>` form
  std::vector<std::string> matches;       ///< every option that starts with the prefix, table order
};

/// Whether `row` of `engine` also registers `--no-<name>` (a BooleanOptionalAction switch).
[[nodiscard]] bool negatable(Engine engine, const LaunchFlag& row) noexcept;
/// `at`: the engine release the command runs; rows it does not register yet (LaunchFlag::
/// introduced_in later than it) are no options then. nullptr: every row (the newest release).
[[nodiscard]] FlagPrefix find_launch_flag_prefix(Engine engine, std::string_view prefix, const Version* at = nullptr);

}  // namespace kvdtype::io::detail
