// kvdtype/guard.hpp — the runtime guard: is this the dtype the Plan says the kernel gets?
//
// Build a Guard once from a Plan (at start-up), then call check() right before a kernel launch:
// a bit test, inline, no allocation, a few nanoseconds. It rejects exactly the founding bugs —
// a uint8 declared as the kernel's KV element type where the Plan says float8_e4m3fn (while
// vLLM's uint8 cache storage passes as k_cache), a bf16 Q where the Plan says fp8, an e4m3fn
// tensor on an fnuz Plan.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "kvdtype/format.hpp"
#include "kvdtype/plan.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype {

/// What the checked dtype is used as.
enum class Role : std::uint8_t {
  q,             ///< the query handed to the kernel (or its plan/metadata call)
  k_cache,       ///< the K cache tensor (storage dtype or an element view of it)
  v_cache,       ///< the V cache tensor
  kv_data_type,  ///< the KV element dtype declared to the kernel
};
inline constexpr std::size_t kRoleCount = 4;
[[nodiscard]] std::string_view name(Role r) noexcept;
/// "q", "k_cache", "v_cache", "kv_data_type" (also "k", "v", "kv_dtype").
[[nodiscard]] Result<Role> parse_role(std::string_view text);

/// Why a dtype was refused: the rule and what the Plan wanted.
struct GuardFailure {
  const Rule* rule = nullptr;   ///< KVD020/021/022/030/031/032
  Role role = Role::q;
  FormatId got = FormatId::count_;
  std::optional<FormatId> want;  ///< the Plan's format for the role
};

/// The accepted formats per role, precomputed from a Plan. Trivially copyable.
class Guard {
 public:
  Guard() = default;
  /// A role the Plan leaves unresolved accepts nothing known to be wrong: it accepts everything.
  explicit Guard(const Plan& plan) noexcept;

  /// true when `dtype` is acceptable for `role`. The hot path: one shift and one mask.
  [[nodiscard]] bool ok(Role role, FormatId dtype) const noexcept {
    return ((allowed_[static_cast<std::size_t>(role)] >> static_cast<unsigned>(dtype)) & 1u) != 0;
  }

  /// The failure for a refused dtype (nullopt when ok()). Off the hot path.
  [[nodiscard]] std::optional<GuardFailure> check(Role role, FormatId dtype) const noexcept;

  /// The expected innermost dimension of a cache tensor, in elements of `storage`, for a
  /// head size (e.g. 576 for a DeepSeek MLA cache stored as uint8 fp8; 656 for fp8_ds_mla);
  /// nullopt when the layout or the head size is unknown.
  [[nodiscard]] std::optional<std::uint32_t> expected_last_dim(Role role, FormatId storage,
                                                               std::uint32_t head_size) const noexcept;

 private:
  std::array<std::uint64_t, kRoleCount> allowed_{~0ull, ~0ull, ~0ull, ~0ull};
  std::array<std::optional<FormatId>, kRoleCount> want_{};
  const CacheDtype* cache_ = nullptr;  ///< the Plan's cache row (its layout), a static table row
};

}  // namespace kvdtype
