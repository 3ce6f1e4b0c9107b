// kvdtype/version.hpp — the library version, at compile time and at run time.
#pragma once

#include <string_view>

#define KVDTYPE_VERSION_MAJOR 0
#define KVDTYPE_VERSION_MINOR 1
#define KVDTYPE_VERSION_PATCH 0

namespace kvdtype {
/// The version of the library actually linked ("0.1.0").
[[nodiscard]] std::string_view version() noexcept;
}  // namespace kvdtype
