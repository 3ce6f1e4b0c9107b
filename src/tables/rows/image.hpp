// Internal: the Image row (src/tables/engines/<engine>/images_<engine>.cpp): a container image that carries an engine (its
// official ones, and others whose Dockerfile is public), how its tags name the engine release,
// and what its ENTRYPOINT or default command runs. Launch commands (`docker run IMAGE
// …`) and manifests (a container's `image:`) read them; a custom image says nothing about the
// engine it carries, so only these rows give a version or an entrypoint.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "kvdtype/engine.hpp"

namespace kvdtype {

/// How an image's tag names the engine release. A closed set of strategies; the parameter (the
/// marker) lives in the row. In every rule a tag that does not parse as one of the engine's
/// releases (nightly, a commit, a model name) names none.
enum class TagRule : std::uint8_t {
  release,             ///< the tag is the release (v0.25.1, v0.11.1rc2); no tag or `latest`: the newest known
  release_then_build,  ///< the release, then '-' and a build (v0.5.14-cu126); no tag or `latest`: the newest known
  after_marker,        ///< the release follows `marker` and runs to the next '_' (rocm6.4.1_vllm_0.9.1_20250715)
  build_at_end,        ///< a build number ends the tag (server-cuda-b6325); a tag without one moves with master
  none,                ///< the tags are the image's own releases (a project's 1.3), never the engine's
};

/// One official image repository of one engine.
struct Image {
  Engine engine{};
  std::string_view repository;  ///< as published, its registry host kept where it is part of the name
  TagRule tag = TagRule::release_then_build;
  std::string_view marker;      ///< TagRule::after_marker: the text in front of the release
  std::string_view entrypoint;  ///< what the image's ENTRYPOINT runs with the container's args ("vllm serve");
                                ///< empty: none, the args are the whole command
  /// What the image runs when the container gives neither command nor args (its ENTRYPOINT
  /// script or CMD, as one command line; `${NAME}` where it reads its environment). Empty: the
  /// image starts no server of its own.
  std::string_view command;
  std::string_view example;     ///< a published tag, for the docs and the tests
  std::string_view source;
};

/// Every engine's images, each engine's rows in registry order (src/tables/images.cpp assembles
/// them from the folders' images_<engine>.cpp).
[[nodiscard]] std::span<const Image> images() noexcept;

/// A marker only where the rule reads one; every row says where its facts come from (each
/// images_<engine>.cpp asserts it of its rows).
constexpr bool image_rows_well_formed(std::span<const Image> rows) {
  for (const Image& i : rows) {
    if ((i.tag == TagRule::after_marker) != !i.marker.empty()) return false;
    if (!i.entrypoint.empty() && !i.command.empty()) return false;  // args go to one or the other
    if (i.repository.empty() || i.example.empty() || i.source.empty()) return false;
  }
  return true;
}

}  // namespace kvdtype
