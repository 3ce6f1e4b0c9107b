// kvdtype/release.hpp — the known releases of each engine, as versions.
//
// The rows (date, whether it was verified, source) live in src/tables/releases_<engine>.cpp,
// oldest first; `kvdtype releases --format json` prints them with what changed in each.
#pragma once

#include <span>

#include "kvdtype/engine.hpp"

namespace kvdtype {

/// The versions of every known release of the engine, oldest first (parsed once; empty for an
/// engine without a release table).
[[nodiscard]] std::span<const Version> release_versions(Engine engine) noexcept;

/// The newest known release whose kv-cache facts are established (what a check without a version
/// assumes; a newer release may be listed with its content not established); not `known` for an
/// engine without a release table.
[[nodiscard]] Version newest_version(Engine engine) noexcept;

/// Whether `v` (its local part, +cu126, ignored) is a release kvdtype's table knows.
[[nodiscard]] bool is_known_release(Engine engine, const Version& v) noexcept;

}  // namespace kvdtype
