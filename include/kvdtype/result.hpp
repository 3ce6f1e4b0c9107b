// kvdtype/result.hpp — the error value every fallible lookup returns.
//
// kvdtype never throws across its public boundary: a bad name, an unknown GPU or a malformed
// file comes back as an Error that names the bad value and the nearest valid ones.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace kvdtype {

/// Why an input was refused. Stable: the C ABI and the CLI (exit status 2) map these.
enum class ErrorCode : std::uint8_t {
  unknown_name = 1,   ///< a name that is in no table (dtype, GPU, backend, engine, rule code)
  bad_value = 2,      ///< a value of the right kind that is out of range or malformed
  bad_file = 3,       ///< a file that cannot be read, is too large, or does not parse
  bad_command = 4,    ///< a launch command that cannot be split or misses a flag's value
  unsupported = 5,    ///< a valid request the library cannot answer (e.g. no GPU to probe)
};

/// One line a user can act on: "unknown kv-cache dtype 'fp9' for vllm; nearest: fp8, fp8_e4m3".
struct Error {
  ErrorCode code = ErrorCode::bad_value;
  std::string message;
};

/// A value or an Error. Deliberately tiny (C++20 has no std::expected).
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}          // NOLINT(implicit)
  Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}      // NOLINT(implicit)

  [[nodiscard]] bool ok() const noexcept { return v_.index() == 0; }
  explicit operator bool() const noexcept { return ok(); }

  /// The value; only valid when ok().
  [[nodiscard]] const T& value() const& { return std::get<0>(v_); }
  [[nodiscard]] T& value() & { return std::get<0>(v_); }
  [[nodiscard]] T&& value() && { return std::get<0>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }

  /// The error; only valid when !ok().
  [[nodiscard]] const Error& error() const& { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace kvdtype
