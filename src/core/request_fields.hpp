// Internal: the one table of request fields every face is generated from — the CLI's flags
// (names, engine-spelling aliases, help, placeholders, help groups), the Python keywords and
// their type stub, the bash completion and the docs' field table — and RequestInput's own
// set/get/overlay and make_request's bounds (src/core/request.cpp). A field added to RequestInput
// gets a row here; a unit test fails while a member has no row.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "kvdtype/request.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::fields {

/// The help groups of `kvdtype check --help`, in the order they are shown.
enum class Group : unsigned char { engine, hardware, model, dtypes, capacity, serving };

/// What a field's value is: the CLI placeholder and the Python annotation follow from it.
enum class Kind : unsigned char { text, integer, number, yes_no };

struct RequestField {
  std::string_view name;         ///< RequestInput member, underscore spelling ("kv_cache_dtype")
  std::string RequestInput::*member;  ///< where RequestInput::set/get/overlay keep its text
  Group group;
  Kind kind;
  std::string_view placeholder;  ///< shown in help: INT, FLOAT, DTYPE, GPU, …
  std::string_view help;
  /// The engines' own spellings of the same flag, space-separated ("-tp --tp --tp-size"), as
  /// vLLM's and SGLang's argument parsers register them (src/tables/engines/<engine>/launch_flags_<engine>.cpp cites where).
  std::string_view aliases;
  /// The accepted range of an integer or number field (make_request refuses values outside it
  /// as typos: generous physical limits, not a model's); 0..0 for text fields.
  double lo = 0;
  double hi = 0;
};

/// Every request field, in RequestInput's order.
[[nodiscard]] std::span<const RequestField> all() noexcept;

/// The row of a field by any spelling: "kv_cache_dtype", "kv-cache-dtype", "--kv-cache-dtype" or
/// an alias ("-tp", "--dtype"); nullptr when none.
[[nodiscard]] const RequestField* find(std::string_view spelling) noexcept;

/// The row of a field by its own name only ("kv_cache_dtype", "kv-cache-dtype",
/// "--kv-cache-dtype"), never an engine alias: how RequestInput::set/get look a field up.
[[nodiscard]] const RequestField* find_name(std::string_view spelling) noexcept;

/// "kv_cache_dtype" → "--kv-cache-dtype".
[[nodiscard]] std::string flag(std::string_view name);

/// The error of a bad value of a request field: "--FIELD 'VALUE': WHY", the value made printable.
[[nodiscard]] Error bad_value(std::string_view field, std::string_view value, std::string_view why);

/// A group's title in help ("Engine", "Model geometry", …).
[[nodiscard]] std::string_view title(Group group) noexcept;

/// The Python annotation of a keyword of this kind ("Union[int, str, None]").
[[nodiscard]] std::string_view python_type(Kind kind) noexcept;

/// `message` with every request field's CLI flag ("--kv-cache-dtype") written as its keyword
/// ("kv_cache_dtype"): how the library's errors read when raised in Python.
[[nodiscard]] std::string without_flag_names(std::string_view message);

}  // namespace kvdtype::fields
