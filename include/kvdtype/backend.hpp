// kvdtype/backend.hpp — Backend: one attention backend of one engine.
//
// Each is a row of src/tables/backends_<engine>.cpp. The row is opaque here: its fields are the
// tables' schema (src/tables/rows/backend.hpp), which grows whenever a new kind of fact is
// modelled, so code built against these headers reads the stable facts through the functions
// below and never breaks on a table change. `kvdtype backends --format json` lists every field.
#pragma once

#include <string_view>

#include "kvdtype/engine.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype {

struct Backend;

/// The engine's own spelling: "FLASHMLA" (vLLM), "triton" (SGLang), "TRTLLM", "CUDA" (llama.cpp).
[[nodiscard]] std::string_view name(const Backend& b) noexcept;
[[nodiscard]] Engine engine_of(const Backend& b) noexcept;
/// One line, as `kvdtype backends` prints it.
[[nodiscard]] std::string_view notes(const Backend& b) noexcept;
/// The repository path, line or PR the row comes from.
[[nodiscard]] std::string_view source(const Backend& b) noexcept;

/// A backend by name or alias, case-insensitive ("flashmla", "FLASHMLA"). Unknown names are an
/// Error with the nearest backend names of that engine.
[[nodiscard]] Result<const Backend*> parse_backend(Engine engine, std::string_view text);

/// Exact-name lookup for tables and tests; nullptr when absent.
[[nodiscard]] const Backend* find_backend(Engine engine, std::string_view name) noexcept;

}  // namespace kvdtype
