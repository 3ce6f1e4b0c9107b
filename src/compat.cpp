#include "compat.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype::detail {

namespace {
bool is_byte_container(FormatId f) noexcept { return f == FormatId::uint8 || f == FormatId::int8; }
}  // namespace

const Rule* q_violation(const Plan& plan, FormatId got) noexcept {
  if (!plan.q || got == *plan.q || (plan.q_tolerated && got == *plan.q_tolerated)) return nullptr;
  const bool want_fp8 = format(*plan.q).is_float8();
  if (!want_fp8) return rule("KVD031");
  return format(got).is_float8() ? rule("KVD032") : rule("KVD030");
}

const Rule* kv_declared_violation(const Plan& plan, FormatId got) noexcept {
  if (!plan.kv_data_type || got == *plan.kv_data_type) return nullptr;
  // Backends that read packed records take a raw byte view whatever the elements are.
  if (is_byte_container(got) && plan.backend && plan.backend->kv_declared == KvDeclared::element_or_bytes) return nullptr;
  if (is_byte_container(got) && !is_byte_container(*plan.kv_data_type)) return rule("KVD020");
  return rule("KVD021");
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
