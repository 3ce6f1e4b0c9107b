// Internal (io): yaml-cpp nodes made by kvdtype's own readers, as yaml-cpp's loader makes them.
//
// The readers walk yaml-cpp nodes; the text is parsed by libfyaml, whose scanner took about a
// quarter of the time yaml-cpp 0.7's did on 1,000 Deployments (docs/performance.md, session 39),
// and which does not loop forever on text that yaml-cpp 0.7 never finished (docs/reliability.md
// finding 32). load_documents() builds the nodes and makes the stream's checks (the node bound,
// a key given twice) on the same events, in one pass. The
// webhook's JSON reader (review_reader.cpp) makes its nodes the same way, in one memory, with
// none of the merging that public YAML::Node values made alone cost.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace kvdtype::io::yaml {

/// Nodes made in one yaml-cpp memory (what a node handle keeps alive), linked as yaml-cpp's own
/// NodeBuilder links them: nothing is merged or copied when a node joins its parent.
class NodeMaker {
 public:
  NodeMaker();
  [[nodiscard]] YAML::detail::node& make();
  /// A handle on `n`, which keeps this maker's memory (every node made here) alive.
  [[nodiscard]] YAML::Node handle(YAML::detail::node& n) const;
  [[nodiscard]] const YAML::detail::shared_memory_holder& memory() const { return memory_; }

 private:
  YAML::detail::shared_memory_holder memory_;
};

/// The value under the scalar key `key` of the mapping `n`: an undefined node when `n` is not a
/// mapping or has no such key. The same node iterating `n` finds, without a handle made for each
/// entry passed (the manifest reader asks for a child more than for anything else).
[[nodiscard]] YAML::Node find_child(const YAML::Node& n, std::string_view key);

/// The message of the exception for a document nested deeper than kvdtype reads.
inline constexpr const char* kTooDeep = "nested too deep for kvdtype to read";

/// A YAML stream's documents, read in one pass, with what the pass found wrong. When
/// too_many_nodes or duplicate_line is set the documents are not all there and must not be read.
struct Documents {
  std::vector<YAML::Node> docs;   ///< as YAML::LoadAll gives them (one memory per document)
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

}  // namespace kvdtype::io::yaml
