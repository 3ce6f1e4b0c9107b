// Internal (io): a JSON scanner for the webhook's body (review_reader.cpp) that hands a SAX
// handler the same events nlohmann's sax_parse() would, for the JSON an API server sends, without
// nlohmann's lexer (which copies every string into its token one byte at a time: most of a
// review's reading, docs/performance.md, tenth round).
//
// It reads a subset of JSON and says when the text is outside it: strings of ASCII without
// `\u` escapes (the other escapes are read), integers of at most 18 digits, true, false, null,
// objects and arrays nested without limit (no recursion). Anything else, an invalid text
// included, is `unsupported`, and the caller reads the whole text again through
// nlohmann::json::sax_parse() with a fresh handler, which decides it as before. So whenever the
// scan answers `done` or `stopped`, the handler has been given exactly the events, in the same
// order, that sax_parse(strict) gives it for that text, and sax_parse would have returned the
// same: true for `done`, false for `stopped` (a handler's false stopped it).
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

namespace kvdtype::io {

enum class JsonScan {
  done,        ///< the whole text read, every event accepted
  stopped,     ///< an event returned false; the scan stopped there (sax_parse returns false)
  unsupported  ///< outside the subset, or not JSON: read it with sax_parse instead
};

[[nodiscard]] JsonScan scan_json(std::string_view text, nlohmann::json_sax<nlohmann::json>& sax);

}  // namespace kvdtype::io
