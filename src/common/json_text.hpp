// Internal (io): every JSON output goes through dump_json(), so that no renderer can throw on,
// or emit, bytes that are not UTF-8 (a launch word, a path or a device name can hold any byte).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace kvdtype::io {

/// `j` as JSON text (indented by `indent`, no trailing newline). Strings and keys that are not
/// valid UTF-8 are written with each invalid byte as the text \xNN (detail::escape_text's
/// spelling), never thrown on; valid strings are unchanged (JSON escapes their control bytes).
[[nodiscard]] std::string dump_json(const nlohmann::ordered_json& j, int indent = 2);
[[nodiscard]] std::string dump_json(const nlohmann::json& j, int indent = 2);

}  // namespace kvdtype::io
