// Internal (sources/installed): facts read from one tokenized Python file — literal lists of
// strings, dict keys, `Literal[...]` aliases, argparse `choices=` of a named option and the
// declared class attributes of attention-backend classes. Each fact carries the line it was read
// at; a shape the reader does not know is a "could not read" problem, never a guess.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sources/installed/python_tokens.hpp"

namespace kvdtype::detail::py {

/// A list read from the source and where.
struct Literal {
  std::vector<std::string> values;
  std::uint32_t line = 0;
};

/// What a lookup found: the list, or why there is none: `missing` when the name is not in the
/// file at all, else `problem` says what could not be read ("CacheDType: not a Literal[...] of
/// strings") at `problem_line`.
struct Read {
  std::optional<Literal> list;
  bool missing = false;
  std::string problem;
  std::uint32_t problem_line = 0;
};

/// `NAME = Literal["a", "b"]` (or `typing.Literal`) at module level.
[[nodiscard]] Read literal_alias(std::span<const Token> tokens, std::string_view name);

/// `NAME = [...]` / `(...)` / `{...}` of strings at module level (a set or a list; a dict gives
/// its keys; `NAME: T = …` too).
[[nodiscard]] Read module_strings(std::span<const Token> tokens, std::string_view name);

/// `NAME = {"key": module.attr, …}` at module level: each entry as "key=attr" (the last part of a
/// dotted name: `torch.uint8` → "uint8"), e.g. vLLM's STR_DTYPE_TO_TORCH_DTYPE.
[[nodiscard]] Read string_map(std::span<const Token> tokens, std::string_view name);

/// The `choices=` of the option named `flag` ("--kv-cache-dtype"): in an `add_argument("--x",
/// …, choices=[…])` call, or on the annotated dataclass field `field` (`x: A[str, Arg(choices=[…])]`).
/// A choices given as a module-level name is followed to its list.
[[nodiscard]] Read option_choices(std::span<const Token> tokens, std::string_view flag, std::string_view field);

/// One class that declares an attention backend: `get_name()` returns a string literal.
struct BackendClass {
  std::string class_name;
  std::string name;             ///< what get_name() returns ("FLASHINFER")
  std::uint32_t line = 0;       ///< the `class` line
  Read kv_cache_dtypes;         ///< supported_kv_cache_dtypes
  Read model_dtypes;            ///< supported_dtypes (torch.float16 → "float16")
  Read head_sizes;              ///< get_supported_head_sizes() returning a literal list
  Read block_sizes;             ///< get_supported_kernel_block_sizes() (MultipleOf(16) → "16n")
  std::vector<std::string> gates;  ///< methods that can widen or narrow the lists: "supports_kv_cache_dtype (line 447)"
};

/// Every class of the file whose `get_name()` returns a string literal.
[[nodiscard]] std::vector<BackendClass> backend_classes(std::span<const Token> tokens);

/// `kv_cache_types = { GGML_TYPE_F32, … }` in llama.cpp's common/arg.cpp (C++, read by its own
/// small scanner: comments skipped, names lower-cased without the GGML_TYPE_ prefix).
[[nodiscard]] Read ggml_type_list(std::string_view cpp_source, std::string_view name);

}  // namespace kvdtype::detail::py
