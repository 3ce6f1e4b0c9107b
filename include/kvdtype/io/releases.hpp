// kvdtype/io/releases.hpp — an engine's release history and what changed in each release, from
// the tables' version fields (`kvdtype releases`). docs/engines/<engine>.md embeds the Markdown.
#pragma once

#include <string>

#include "kvdtype/engine.hpp"
#include "kvdtype/io/render.hpp"

namespace kvdtype::io {

/// Text (a table), JSON (`kvdtype.releases/v1`) or Markdown (the section of docs/engines/*.md,
/// between its BEGIN/END markers).
[[nodiscard]] std::string render_releases(Engine engine, OutputFormat format);

}  // namespace kvdtype::io
