// Internal: the engine release a launch command names without saying it — an official image's
// tag (vllm/vllm-openai:v0.25.1, lmsysorg/sglang:v0.5.14-cu126) or a pinned install in the same
// script (pip install vllm==0.25.1). Used by launch.cpp; docs/inputs.md lists the forms.
#pragma once

#include <string>
#include <string_view>

#include "kvdtype/engine.hpp"

namespace kvdtype {
struct Image;
}

namespace kvdtype::io::detail {

/// An image's repository, lower-case, without its registry host, tag or digest:
/// "docker.io/vllm/vllm-openai:v0.25.1" → "vllm/vllm-openai".
[[nodiscard]] std::string image_repository(std::string_view image);

/// The official image row (images_<engine>.cpp in the engine's folder) of a repository as image_repository() gives it,
/// or of a mirror that keeps it under a path prefix; nullptr for any other image.
[[nodiscard]] const Image* official_image(std::string_view repository);

/// The row whose serving ENTRYPOINT a container of this repository runs when it is given no
/// command: an official image with one (vllm/vllm-openai: vllm serve), or a copy of one pushed
/// under another name that keeps its last name (myorg/vllm-openai); nullptr otherwise.
[[nodiscard]] const Image* image_with_entrypoint(std::string_view repository);
/// The image row whose own command starts a server when the container gives none, or nullptr.
[[nodiscard]] const Image* image_with_command(std::string_view repository);

/// The release an official image of `engine` names: "0.25.1", "0.4.8.post1", "latest" (the
/// newest known release), or "" when the image is not an official one of that engine, is pinned by
/// digest only, or carries a tag that is no release (nightly, a model name, a commit).
[[nodiscard]] std::string engine_version_from_image(std::string_view image, Engine engine);

/// The release a script pins with pip / uv pip / pip3 install ENGINE==X (also "ENGINE[extra]==X",
/// quoted or not) for `engine`; "" when none does. `script` is shell text (several lines).
[[nodiscard]] std::string engine_version_from_install(std::string_view script, Engine engine);

}  // namespace kvdtype::io::detail
