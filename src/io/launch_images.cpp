// The engine release behind a launch command: official image tags and pinned installs.
//
// Only the engines' own images are read (a custom image's tag says nothing about the engine it
// carries): Docker Hub vllm/vllm-openai and vllm/vllm-openai-rocm (tags vX.Y.Z, latest),
// rocm/vllm (tags rocmA.B.C_vllm_X.Y.Z_DATE), lmsysorg/sglang (tags vX.Y.Z[-cuNNN|-rocmNNN…],
// latest). A registry host in front (docker.io/, registry-1.docker.io/) is allowed.
#include "io/launch_images.hpp"

#include "common/text.hpp"
#include "io/shell.hpp"
#include "tables/rows/release.hpp"

namespace kvdtype::io::detail {
namespace {

// "docker.io/vllm/vllm-openai:v0.25.1" → repository "vllm/vllm-openai", tag "v0.25.1", digest.
struct ImageRef {
  std::string repository, tag;
  bool digest = false;
};

ImageRef split_image(std::string_view image) {
  ImageRef ref;
  if (const std::size_t at = image.find('@'); at != std::string_view::npos) {
    ref.digest = true;
    image = image.substr(0, at);
  }
  const std::size_t slash = image.rfind('/');
  const std::size_t colon = image.rfind(':');
  if (colon != std::string_view::npos && (slash == std::string_view::npos || colon > slash)) {
    ref.tag = std::string(image.substr(colon + 1));
    image = image.substr(0, colon);
  }
  // A first component with a dot or a port, or "localhost", is a registry host.
  if (const std::size_t first = image.find('/'); first != std::string_view::npos) {
    const std::string_view host = image.substr(0, first);
    if (host.find('.') != std::string_view::npos || host.find(':') != std::string_view::npos || host == "localhost")
      image = image.substr(first + 1);
  }
  ref.repository = kvdtype::detail::to_lower(image);
  return ref;
}

// A tag's version text, when it parses as one of the engine's releases (a leading v allowed).
std::string checked(std::string_view text, Engine engine) {
  if (text.empty()) return {};
  auto v = parse_version(engine, text);
  return v.ok() ? to_string(*v) : std::string();
}

// Whether `repo` (without its registry host) is one of the engine's official images (its
// registry row's `images`, which keep their host: nvcr.io/nvidia/tensorrt-llm/release).
bool official_image(Engine engine, std::string_view repo) {
  for (std::string_view rest = engine_info(engine).images; !rest.empty();) {
    const std::size_t sp = rest.find(' ');
    const std::string_view w = rest.substr(0, sp);
    if (w == repo || (w.size() > repo.size() && w.ends_with(repo) && w[w.size() - repo.size() - 1] == '/')) return true;
    rest = sp == std::string_view::npos ? std::string_view() : rest.substr(sp + 1);
  }
  return false;
}

}  // namespace

std::string engine_version_from_image(std::string_view image, Engine engine) {
  const ImageRef ref = split_image(image);
  if (ref.digest) return {};  // pinned by content: the tag, if any, is not what runs
  const std::string_view repo = ref.repository, tag = ref.tag;
  if (!official_image(engine, repo)) return {};
  if (repo == "rocm/vllm") {
    // rocm6.4.1_vllm_0.9.1_20250715: the vLLM release sits between "vllm_" and the next "_".
    const std::size_t at = tag.find("_vllm_");
    if (at == std::string_view::npos) return {};
    const std::string_view rest = tag.substr(at + 6);
    return checked(rest.substr(0, rest.find('_')), engine);
  }
  // llama.cpp: the build ends the tag (server-cuda-b6325, full-b6325, light-vulkan-b6325); a tag
  // without one (server-cuda, latest) moves with master, so it names no build.
  if (engine == Engine::llamacpp) {
    const std::size_t dash = tag.rfind('-');
    const std::string_view last = dash == std::string_view::npos ? tag : tag.substr(dash + 1);
    return last.size() > 1 && (last.front() == 'b' || last.front() == 'B') ? checked(last, engine) : std::string();
  }
  // Docker's default tag: the newest release, where the engine's releases are known.
  if (tag.empty() || tag == "latest") return releases(engine).empty() ? std::string() : std::string("latest");
  // vLLM's tags are the release itself (v0.25.1, v0.11.1rc2); the others append a build after
  // the first '-' (lmsysorg/sglang:v0.5.14-cu126, openmmlab/lmdeploy:v0.6.0-cu12).
  return checked(engine == Engine::vllm ? tag : tag.substr(0, tag.find('-')), engine);
}

std::string engine_version_from_install(std::string_view script, Engine engine) {
  // Distribution names per engine (pip normalizes - _ . and case).
  const std::string wanted(engine_info(engine).distribution);
  if (wanted.empty()) return {};
  auto commands = split_commands(script);
  if (!commands.ok()) return {};
  std::string found;
  for (const ShellCommand& cmd : *commands) {
    // pip install … / pip3 install … / python -m pip install … / uv pip install …
    std::size_t i = 0;
    bool install = false;
    for (; i + 1 < cmd.size(); ++i) {
      const std::string_view w = cmd[i];
      const bool pip = w == "pip" || w == "pip3" || w.ends_with("/pip") || w.ends_with("/pip3");
      if (pip && cmd[i + 1] == "install") {
        install = true;
        i += 2;
        break;
      }
    }
    if (!install) continue;
    for (; i < cmd.size(); ++i) {
      std::string word = kvdtype::detail::to_lower(cmd[i]);
      const std::size_t eq = word.find("==");
      if (eq == std::string::npos) continue;
      std::string dist = word.substr(0, eq);
      if (const std::size_t bracket = dist.find('['); bracket != std::string::npos) dist.resize(bracket);
      for (char& c : dist)
        if (c == '-' || c == '.') c = '_';
      if (dist != wanted) continue;
      std::string version = word.substr(eq + 2);
      if (const std::size_t semi = version.find(';'); semi != std::string::npos) version.resize(semi);  // markers
      if (std::string v = checked(version, engine); !v.empty()) found = v;  // the last pin wins, as pip would
    }
  }
  return found;
}

}  // namespace kvdtype::io::detail
