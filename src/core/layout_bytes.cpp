// Bytes per record of each cache layout (layout_bytes.hpp; docs/tables.md, "Bytes").
#include "core/layout_bytes.hpp"

namespace kvdtype::detail {
namespace {

constexpr std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) noexcept { return (a + b - 1) / b; }

// NVFP4: two E2M1 values a byte and one E4M3 scale byte per 16 elements, rounded up — a head
// narrower than a block still takes a data and a scale byte.
constexpr std::uint64_t nvfp4_side(std::uint64_t head) noexcept { return ceil_div(head, 2) + ceil_div(head, 16); }

}  // namespace

std::optional<RecordBytes> record_bytes(Layout layout, std::uint32_t k_bits, std::uint32_t v_bits, std::uint64_t head_k,
                                        std::uint64_t head_v) noexcept {
  switch (layout) {
    case Layout::elementwise:
      if (k_bits == 0 || (head_v && v_bits == 0)) return std::nullopt;
      return RecordBytes{ceil_div(head_k * k_bits, 8), ceil_div(head_v * v_bits, 8), false};
    // 512 fp8 latent values, 4 fp32 scales and 64 bf16 RoPE values, whatever the geometry.
    case Layout::fp8_ds_mla: return RecordBytes{656, 0, true};
    // DeepSeek V4: 448 fp8 NoPE values, 64 bf16 RoPE values (128 B), 7 UE8M0 scales and a pad byte.
    case Layout::fp8_ds_mla_v4: return RecordBytes{584, 0, true};
    case Layout::nvfp4_inline: return RecordBytes{nvfp4_side(head_k), head_v ? nvfp4_side(head_v) : 0, false};
    case Layout::ggml_block: return std::nullopt;  // per side, by its block format: ggml_side_bytes()
    case Layout::mlx_affine: return std::nullopt;  // its scales take the model dtype: mlx_affine_side_bytes()
    case Layout::turboquant_slot: {
      // 8-bit keys are stored plain; narrower keys carry a 2-byte norm, values a 4-byte pair of
      // scale and zero point; the slot is rounded to an even byte count.
      const std::uint64_t key = k_bits >= 8 ? head_k : ceil_div(head_k * k_bits, 8) + 2;
      const std::uint64_t value = ceil_div((head_v ? head_v : head_k) * v_bits, 8) + 4;
      const std::uint64_t slot = key + value;
      return RecordBytes{slot + (slot & 1u), 0, true};
    }
  }
  return std::nullopt;
}

std::uint64_t ggml_side_bytes(const Format& f, std::uint64_t head) noexcept {
  if (f.kind != FormatKind::block || f.block_size == 0) return ceil_div(head * f.bits, 8);
  return ceil_div(head, f.block_size) * f.bytes_per_block;
}

std::uint64_t mlx_affine_side_bytes(std::uint64_t head, std::uint32_t bits, std::uint32_t group,
                                    std::uint32_t scale_bytes) noexcept {
  if (head == 0 || bits == 0 || group == 0 || scale_bytes == 0) return 0;
  // mx.quantize packs codes into uint32 words; a head whose bits do not fill the last word still
  // takes it. Groups never straddle heads (the last axis is grouped), so a partial group is one.
  return ceil_div(head * bits, 32) * 4 + 2 * ceil_div(head, group) * scale_bytes;
}

}  // namespace kvdtype::detail
