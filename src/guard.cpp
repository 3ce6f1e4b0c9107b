// The runtime guard: accepted formats per role, computed once from a Plan.
#include "kvdtype/guard.hpp"

#include <cstdint>

#include "common/text.hpp"
#include "compat.hpp"

namespace kvdtype {

namespace {

constexpr std::uint64_t bit(FormatId f) noexcept { return std::uint64_t{1} << static_cast<unsigned>(f); }
bool is_byte_container(FormatId f) noexcept { return f == FormatId::uint8 || f == FormatId::int8; }

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
    if (detail::q_violation(plan, id) == nullptr) allowed_[idx(Role::q)] |= b;
    if (detail::storage_violation(plan.k, id).empty()) allowed_[idx(Role::k_cache)] |= b;
    if (detail::storage_violation(plan.v, id).empty()) allowed_[idx(Role::v_cache)] |= b;
    if (detail::kv_declared_violation(plan, id) == nullptr) allowed_[idx(Role::kv_data_type)] |= b;
  }
  want_[idx(Role::q)] = plan.q;
  want_[idx(Role::k_cache)] = plan.k.format;
  want_[idx(Role::v_cache)] = plan.v.format;
  want_[idx(Role::kv_data_type)] = plan.kv_data_type;
  if (plan.cache_dtype) {
    layout_ = plan.cache_dtype->layout;
    layout_known_ = true;
    k_bits_ = plan.cache_dtype->k_bits;
    v_bits_ = plan.cache_dtype->v_bits;
  }
}

std::optional<GuardFailure> Guard::check(Role role, FormatId dtype) const noexcept {
  if (dtype == FormatId::count_ || ok(role, dtype)) return std::nullopt;
  GuardFailure f{nullptr, role, dtype, want_[static_cast<std::size_t>(role)]};
  switch (role) {
    case Role::q: {
      const bool want_fp8 = f.want && format(*f.want).is_float8();
      f.rule = find_rule(!want_fp8 ? "KVD031" : format(dtype).is_float8() ? "KVD032" : "KVD030");
      break;
    }
    case Role::kv_data_type:
      f.rule = find_rule(is_byte_container(dtype) && f.want && !is_byte_container(*f.want) ? "KVD020" : "KVD021");
      break;
    case Role::k_cache:
    case Role::v_cache: f.rule = find_rule("KVD022"); break;
  }
  return f;
}

std::optional<std::uint32_t> Guard::expected_last_dim(Role role, FormatId storage, std::uint32_t head) const noexcept {
  if (!layout_known_ || head == 0 || (role != Role::k_cache && role != Role::v_cache)) return std::nullopt;
  const std::optional<FormatId>& element = want_[static_cast<std::size_t>(role)];
  const unsigned storage_bits = format(storage).bits;
  if (storage_bits == 0) return std::nullopt;
  // In 64 bits: `head` comes from the caller (any uint32_t through the C ABI), and a wrapped
  // product would name a small, wrong width. A width beyond 32 bits is unknown.
  const std::uint64_t h = head;
  auto fit = [](std::uint64_t n) -> std::optional<std::uint32_t> {
    if (n > UINT32_MAX) return std::nullopt;
    return static_cast<std::uint32_t>(n);
  };
  switch (layout_) {
    case Layout::elementwise: {
      const std::uint8_t row_bits = role == Role::k_cache ? k_bits_ : v_bits_;
      const unsigned bits = row_bits ? row_bits : (element ? format(*element).bits : 0);
      if (bits == 0) return std::nullopt;
      return fit((h * bits + storage_bits - 1) / storage_bits);
    }
    case Layout::fp8_ds_mla: return storage_bits == 8 ? std::optional<std::uint32_t>(656) : std::nullopt;
    // Rounded up as resolve() counts bytes: a head narrower than a block still takes a byte each.
    case Layout::nvfp4_inline: return storage_bits == 8 ? fit((h + 1) / 2 + (h + 15) / 16) : std::nullopt;
    case Layout::turboquant_slot: {
      if (storage_bits != 8) return std::nullopt;
      const std::uint64_t key = k_bits_ >= 8 ? h : (h * k_bits_ + 7) / 8 + 2;
      const std::uint64_t value = (h * v_bits_ + 7) / 8 + 4;
      const std::uint64_t slot = key + value;
      return fit(slot + (slot & 1u));
    }
    case Layout::ggml_block: {
      // GGML block formats are byte records: head / block_size blocks of bytes_per_block each.
      if (storage_bits != 8 || !element) return std::nullopt;
      const Format& f = format(*element);
      if (f.kind != FormatKind::block || f.block_size == 0) return fit((h * f.bits + 7) / 8);
      return fit((h + f.block_size - 1) / f.block_size * f.bytes_per_block);
    }
  }
  return std::nullopt;
}

}  // namespace kvdtype
