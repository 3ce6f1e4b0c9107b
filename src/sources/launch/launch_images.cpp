// The engine release behind a launch command: official image tags and pinned installs. The
// images and their tag rules are rows of each engine's images_<engine>.cpp; only those are read (a custom
// image's tag says nothing about the engine it carries). A registry host in front
// (docker.io/, registry-1.docker.io/) or a mirror's path prefix is allowed.
#include "sources/launch/launch_images.hpp"

#include <string_view>
#include <vector>

#include "common/text.hpp"
#include "sources/shell/shell.hpp"
#include "tables/rows/image.hpp"
#include "tables/rows/release.hpp"

namespace kvdtype::io::detail {
namespace {

// "docker.io/x/y" → "x/y": a first component with a dot or a port, or "localhost", is a host.
std::string_view without_host(std::string_view repo) {
  if (const std::size_t first = repo.find('/'); first != std::string_view::npos) {
    const std::string_view host = repo.substr(0, first);
    if (host.find('.') != std::string_view::npos || host.find(':') != std::string_view::npos || host == "localhost")
      return repo.substr(first + 1);
  }
  return repo;
}

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
  ref.repository = kvdtype::detail::to_lower(without_host(image));
  return ref;
}

// A tag's version text, when it parses as one of the engine's releases (a leading v allowed).
std::string checked(std::string_view text, Engine engine) {
  if (text.empty()) return {};
  auto v = parse_version(engine, text);
  return v.ok() ? to_string(*v) : std::string();
}

}  // namespace

std::string image_repository(std::string_view image) { return split_image(image).repository; }

const Image* official_image(std::string_view repository) {
  // Each row's repository without its registry host, found once: every container of every
  // review asks here, and each row's host was looked for again at each question.
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const Image& row : images()) out.push_back(without_host(row.repository));
    return out;
  }();
  const std::string_view repo = without_host(repository);
  const auto rows = images();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Image& row = rows[i];
    const std::string_view name = names[i];
    // The repository itself, or a mirror that keeps it under a path prefix (harbor.corp/proxy/vllm/vllm-openai).
    if (repo == name || (repo.size() > name.size() && repo.ends_with(name) && repo[repo.size() - name.size() - 1] == '/'))
      return &row;
  }
  return nullptr;
}

const Image* image_with_entrypoint(std::string_view repository) {
  if (const Image* row = official_image(repository)) return row->entrypoint.empty() ? nullptr : row;
  // A copy pushed under another organisation keeps the image's last name (myorg/vllm-openai).
  const std::string_view last = repository.substr(repository.rfind('/') + 1);
  for (const Image& row : images())
    if (!row.entrypoint.empty() && row.repository.substr(row.repository.rfind('/') + 1) == last) return &row;
  return nullptr;
}

const Image* image_with_command(std::string_view repository) {
  const Image* row = official_image(repository);
  return row != nullptr && !row->command.empty() ? row : nullptr;
}

std::string engine_version_from_image(std::string_view image, Engine engine) {
  const ImageRef ref = split_image(image);
  if (ref.digest) return {};  // pinned by content: the tag, if any, is not what runs
  const Image* row = official_image(ref.repository);
  if (row == nullptr || row->engine != engine) return {};
  const std::string_view tag = ref.tag;
  switch (row->tag) {
    case TagRule::after_marker: {
      const std::size_t at = tag.find(row->marker);
      if (at == std::string_view::npos) return {};
      const std::string_view rest = tag.substr(at + row->marker.size());
      return checked(rest.substr(0, rest.find('_')), engine);
    }
    case TagRule::build_at_end: {
      const std::size_t dash = tag.rfind('-');
      const std::string_view last = dash == std::string_view::npos ? tag : tag.substr(dash + 1);
      return last.size() > 1 && (last.front() == 'b' || last.front() == 'B') ? checked(last, engine) : std::string();
    }
    case TagRule::none: return {};
    case TagRule::release:
    case TagRule::release_then_build: break;
  }
  // Docker's default tag: the newest release, where the engine's releases are known.
  if (tag.empty() || tag == "latest") return releases(engine).empty() ? std::string() : std::string("latest");
  return checked(row->tag == TagRule::release ? tag : tag.substr(0, tag.find('-')), engine);
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
