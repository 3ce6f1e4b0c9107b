#include "kvdtype/version.hpp"

namespace kvdtype {
std::string_view version() noexcept { return KVDTYPE_VERSION_STRING; }
}  // namespace kvdtype
