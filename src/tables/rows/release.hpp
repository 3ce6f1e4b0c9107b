// Internal: the Release row (src/tables/releases_<engine>.cpp, oldest first). Every version
// written in another table's version fields (introduced_in, removed_in, fixed_in, affected_in …)
// must name a row here; `kvdtype rules --lint` and the unit tests check that. The public header
// kvdtype/release.hpp gives the parsed versions only.
#pragma once

#include <span>
#include <string_view>

#include "kvdtype/engine.hpp"
#include "kvdtype/release.hpp"

namespace kvdtype {

/// One release of one engine.
struct Release {
  Engine engine{};
  std::string_view version;      ///< as tagged, without the leading v: "0.25.1", "0.4.8.post1"
  std::string_view date;         ///< publication date "YYYY-MM-DD"; empty when not established
  bool date_verified = false;    ///< the date was checked against the cited source
  std::string_view note;         ///< what the date means when it is uncertain (tag vs GitHub release …)
  std::string_view source;       ///< release record, release notes or digest the row comes from
  /// What is not established about the release's kv-cache facts, naming them ("the kv-cache
  /// strings, backends and their dtype lists of vLLM 0.33.0"); empty when the tables were read
  /// against it or against an older release it is known to share them with. A release with
  /// this set is listed but never assumed for a check without a version, and a check of it (or
  /// of any version after the newest release without it) is incomplete: KVD080 names this fact.
  std::string_view content_unknown;
};

/// Every known release of the engine, oldest first (empty for engines without tables).
[[nodiscard]] std::span<const Release> releases(Engine engine) noexcept;

/// The release row of `v` (the local part, +cu126, is ignored); nullptr when it is not known.
[[nodiscard]] const Release* find_release(Engine engine, const Version& v) noexcept;

/// The newest release whose kv-cache facts are established (content_unknown empty): what a check
/// without a version assumes. nullptr for an engine without a release table.
[[nodiscard]] const Release* newest_release(Engine engine) noexcept;

/// The newest release listed at all, established or not (nullptr without a release table).
[[nodiscard]] const Release* newest_listed_release(Engine engine) noexcept;

}  // namespace kvdtype
