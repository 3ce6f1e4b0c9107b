// The runtime guard: accepted formats per role, computed once from a Plan.
#include "kvdtype/guard.hpp"

#include <cstdint>

#include "common/text.hpp"
#include "core/compat.hpp"
#include "core/layout_bytes.hpp"

namespace kvdtype {

namespace {

constexpr std::uint64_t bit(FormatId f) noexcept { return std::uint64_t{1} << static_cast<unsigned>(f); }

}  // namespace

std::string_view name(Role r) noexcept {
  switch (r) {
    case Role::q: return "q";
    case Role::k_cache: return "k_cache";
    case Role::v_cache: return "v_cache";
    case Role::kv_data_type: return "kv_data_type";
  }
  return "q";
}

Result<Role> parse_role(std::string_view text) {
  if (detail::iequals(text, "q") || detail::iequals(text, "query")) return Role::q;
  if (detail::iequals(text, "k_cache") || detail::iequals(text, "k")) return Role::k_cache;
  if (detail::iequals(text, "v_cache") || detail::iequals(text, "v")) return Role::v_cache;
  if (detail::iequals(text, "kv_data_type") || detail::iequals(text, "kv_dtype")) return Role::kv_data_type;
  return Error{ErrorCode::unknown_name,
               "unknown guard role '" + detail::printable(text) + "'; valid: q, k_cache, v_cache, kv_data_type"};
}

Guard::Guard(const Plan& plan) noexcept {
  const auto idx = [](Role r) { return static_cast<std::size_t>(r); };
  // Precompute, format by format, what the shared predicates say; the hot path is a bit test.
  for (std::size_t i = 0; i < kRoleCount; ++i) allowed_[i] = 0;
  for (unsigned f = 0; f < kFormatCount; ++f) {
    const auto id = static_cast<FormatId>(f);
    const std::uint64_t b = bit(id);
    if (!detail::q_violation(plan, id)) allowed_[idx(Role::q)] |= b;
    if (detail::storage_violation(plan.k, id).empty()) allowed_[idx(Role::k_cache)] |= b;
    if (detail::storage_violation(plan.v, id).empty()) allowed_[idx(Role::v_cache)] |= b;
    if (!detail::kv_declared_violation(plan, id)) allowed_[idx(Role::kv_data_type)] |= b;
  }
  want_[idx(Role::q)] = plan.q;
  want_[idx(Role::k_cache)] = plan.k.format;
  want_[idx(Role::v_cache)] = plan.v.format;
  want_[idx(Role::kv_data_type)] = plan.kv_data_type;
  cache_ = plan.cache_dtype;
}

std::optional<GuardFailure> Guard::check(Role role, FormatId dtype) const noexcept {
  if (dtype == FormatId::count_ || ok(role, dtype)) return std::nullopt;
  GuardFailure f{nullptr, role, dtype, want_[static_cast<std::size_t>(role)]};
  // A role the Plan leaves unresolved accepts everything, so a refused dtype always has a want.
  if (!f.want) return f;
  switch (role) {
    case Role::q: f.rule = rule(detail::q_mismatch_rule(*f.want, dtype)); break;
    case Role::kv_data_type: f.rule = rule(detail::kv_declared_mismatch_rule(*f.want, dtype)); break;
    case Role::k_cache:
    case Role::v_cache: f.rule = rule(detail::storage_mismatch_rule()); break;
  }
  return f;
}

std::optional<std::uint32_t> Guard::expected_last_dim(Role role, FormatId storage, std::uint32_t head) const noexcept {
  if (cache_ == nullptr || head == 0 || (role != Role::k_cache && role != Role::v_cache)) return std::nullopt;
  const Layout layout = cache_->layout;
  const std::optional<FormatId>& element = want_[static_cast<std::size_t>(role)];
  const unsigned storage_bits = format(storage).bits;
  if (storage_bits == 0) return std::nullopt;
  if (layout == Layout::ggml_block) {
    // GGML block formats are byte records of the side's own block format.
    if (storage_bits != 8 || !element) return std::nullopt;
    const std::uint64_t bytes = detail::ggml_side_bytes(format(*element), head);
    if (bytes > UINT32_MAX) return std::nullopt;
    return static_cast<std::uint32_t>(bytes);
  }
  const std::uint32_t k_bits = cache_->k_bits ? cache_->k_bits : (element ? format(*element).bits : 0);
  const std::uint32_t v_bits = cache_->v_bits ? cache_->v_bits : (element ? format(*element).bits : 0);
  const std::uint32_t side = role == Role::k_cache ? k_bits : v_bits;
  // One side at a time: the K (or V) tensor's row holds that side's record of one head; packed
  // layouts keep the whole record in one byte tensor.
  const auto rec = detail::record_bytes(layout, layout == Layout::elementwise ? side : cache_->k_bits,
                                        layout == Layout::elementwise ? side : cache_->v_bits, head, 0);
  if (!rec) return std::nullopt;
  if (layout != Layout::elementwise && storage_bits != 8) return std::nullopt;
  // `head` comes from the caller (any uint32_t through the C ABI): a width beyond 32 bits is
  // unknown rather than wrapped.
  const std::uint64_t elements = (rec->k * 8 + storage_bits - 1) / storage_bits;
  if (elements > UINT32_MAX) return std::nullopt;
  return static_cast<std::uint32_t>(elements);
}

}  // namespace kvdtype
