// Internal (io): an AdmissionReview body read in one SAX pass, keeping only what a review uses:
// the envelope's strings and request.object, converted straight into the document tree the
// manifest reader walks (doc_tree.hpp). No JSON DOM of the body is ever built (it cost about 64 bytes per
// value: 19 MB for `args: ["0"]×300000`), request.oldObject and the keys the reader never looks
// at are skipped unbuilt, and at most kMaxObjectValues values are converted.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "sources/k8s/doc_tree.hpp"

namespace kvdtype::io {

/// The values of request.object converted at most. A value costs at most about 200 bytes with
/// its entry and its key (a yaml-cpp node, until session 44, about 464), so this is at most
/// ~1.6 MB per review whatever the body; a Pod is a few hundred values once
/// managedFields, status, probes and the like are skipped (8,192 hold, e.g., 100 containers of
/// 30 arguments and 20 environment variables each). Past it the object is one kvdtype could not
/// read, which the webhook denies (fail closed).
constexpr std::size_t kMaxObjectValues = 8192;

struct ReviewRead {
  enum class Problem { none, not_json, too_deep };
  Problem problem = Problem::none;
  bool is_object = false;  ///< the body is a JSON object
  std::string kind, api_version;
  bool has_request = false;  ///< request is an object
  std::string uid, operation, namespace_, name;
  std::string request_kind;  ///< request.kind.kind
  bool has_object = false;   ///< request.object is an object
  std::string metadata_name, metadata_generate_name;
  doc::Node object;                  ///< request.object, unless it had too many values
  std::unique_ptr<doc::Tree> tree;   ///< owns request.object's nodes
  std::string object_error;   ///< why request.object was not converted
};

/// Read `body`; JSON nested deeper than `max_depth` stops the pass (Problem::too_deep).
[[nodiscard]] ReviewRead read_review(std::string_view body, int max_depth);

}  // namespace kvdtype::io
