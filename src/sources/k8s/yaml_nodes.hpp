// Internal (io): YAML text read into kvdtype's document tree (doc_tree.hpp), the nodes the
// manifest reader walks.
//
// The text is parsed by libfyaml, whose scanner took about a quarter of the time yaml-cpp 0.7's
// did on 1,000 Deployments (docs/performance.md, session 39), and which does not loop forever on
// text that yaml-cpp 0.7 never finished (docs/reliability.md finding 32). load_documents()
// builds the nodes and makes the stream's checks (the node bound, a key given twice, the depth,
// aliases and merge keys seen, finding 35's block scalars) on the same events, in one pass. The
// nodes are placed, tagged and shared (aliases) as yaml-cpp 0.7's loader placed, tagged and
// shared its own, which the walk read before session 44; errors are still thrown as yaml-cpp's
// ParserException (a mark and a message). The webhook's JSON reader (review_reader.cpp) builds
// the same tree from a review's body.
#pragma once

#include <yaml-cpp/exceptions.h>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "sources/k8s/doc_tree.hpp"

namespace kvdtype::io::yaml {

/// The message of the exception for a document nested deeper than kvdtype reads.
inline constexpr const char* kTooDeep = "nested too deep for kvdtype to read";

/// A YAML stream's documents, read in one pass, with what the pass found wrong. When
/// too_many_nodes or duplicate_line is set the documents are not all there and must not be read.
struct Documents {
  std::unique_ptr<doc::Tree> tree;  ///< owns every document's nodes
  std::vector<doc::Node> docs;      ///< one root per document, as YAML::LoadAll gave them
  bool too_many_nodes = false;    ///< more than the bound; the reading stopped there
  int duplicate_line = 0;         ///< the first key given twice in one mapping (1-based; 0: none)
  std::string duplicate_key;
  // What a later walk over every node would meet: the manifest reader skips its merge-key walk
  // when it could neither change a node nor refuse the file (manifest.cpp, apply_merges).
  std::size_t nodes = 0;     ///< nodes read, aliases included
  std::size_t deepest = 0;   ///< the deepest nesting of a node (a document's root: 0)
  bool aliases = false;      ///< an alias was read
  bool merge_key = false;    ///< a scalar `<<` was read (a YAML merge key, or text that looks like one)
};

/// Parse `text` once. Throws YAML::Exception on bad syntax (libfyaml's first error: its line,
/// column and message), an alias of no anchor, and a node nested 500 deep (kTooDeep). Stops, with no document kept, at the node past `max_nodes` (aliases count:
/// each is a node the reader visits).
[[nodiscard]] Documents load_documents(const std::string& text, std::size_t max_nodes);

/// The first document of `text`, made in `tree` (a null node when there is none), as
/// YAML::Load read a YAML string held in a document (a RayService's serveConfigV2, a ConfigMap's
/// file): the checks of load_documents but for the node bound and a key given twice (a key given
/// twice is kept twice; lookup finds the first). Throws as load_documents does.
[[nodiscard]] doc::Node load_first(const std::string& text, doc::Tree& tree);

}  // namespace kvdtype::io::yaml
