// The Q/KV compatibility decision, made once for check() and the Guard (compat.hpp).
#include "core/compat.hpp"

namespace kvdtype::detail {

namespace {
bool is_byte_container(FormatId f) noexcept { return f == FormatId::uint8 || f == FormatId::int8; }
}  // namespace

tables::RuleId q_mismatch_rule(FormatId want, FormatId got) noexcept {
  if (!format(want).is_float8()) return "KVD031";
  return format(got).is_float8() ? tables::RuleId("KVD032") : tables::RuleId("KVD030");
}

tables::RuleId kv_declared_mismatch_rule(FormatId want, FormatId got) noexcept {
  return is_byte_container(got) && !is_byte_container(want) ? tables::RuleId("KVD020") : tables::RuleId("KVD021");
}

tables::RuleId storage_mismatch_rule() noexcept { return "KVD022"; }

std::optional<tables::RuleId> q_violation(const Plan& plan, FormatId got) noexcept {
  if (!plan.q || got == *plan.q || (plan.q_tolerated && got == *plan.q_tolerated)) return std::nullopt;
  return q_mismatch_rule(*plan.q, got);
}

std::optional<tables::RuleId> kv_declared_violation(const Plan& plan, FormatId got) noexcept {
  if (!plan.kv_data_type || got == *plan.kv_data_type) return std::nullopt;
  // Backends that read packed records take a raw byte view whatever the elements are.
  if (is_byte_container(got) && plan.backend && plan.backend->kv_declared == KvDeclared::element_or_bytes) return std::nullopt;
  return kv_declared_mismatch_rule(*plan.kv_data_type, got);
}

std::string_view storage_violation(const TensorPlan& tensor, FormatId got) noexcept {
  if (!tensor.format) return {};
  if (got == *tensor.format || (tensor.storage && got == *tensor.storage)) return {};
  const Format& g = format(got);
  const Format& want = format(*tensor.format);
  if (is_byte_container(got) && want.bits <= 8) return {};  // a byte view of narrow elements
  if (is_byte_container(got)) return "a byte tensor sized per element holds half of each 16-bit value";
  if (g.bits > want.bits) return "each element would take more bytes than the kernel reads";
  if (g.bits < want.bits) return "each element needs more bits than the tensor holds";
  return "same width, different encoding: the bytes would be misread";
}

}  // namespace kvdtype::detail
