// Internal: the bytes of one token's record for one KV head, per cache layout — the one formula
// that resolve() (bytes per token) and the Guard (the cache tensor's innermost dimension) share.
#pragma once

#include <cstdint>
#include <optional>

#include "tables/rows/cache_dtype.hpp"
#include "kvdtype/format.hpp"

namespace kvdtype::detail {

/// One KV head's record for one token. `packed` layouts keep K and V in one record (`k` holds
/// it, `v` is 0); others have a K side and a V side (`v` is 0 when there is no V side: MLA).
struct RecordBytes {
  std::uint64_t k = 0;
  std::uint64_t v = 0;
  bool packed = false;
};

/// `k_bits`/`v_bits`: element bits of each side (elementwise; TurboQuant's key and value bits);
/// `head_k`/`head_v`: head sizes (head_v = 0: no V side). Scales stored beside the elements
/// (CacheDtype::scale_bytes_per_token_head) are not part of the record. nullopt: the layout
/// needs a width that is unknown (0 bits).
[[nodiscard]] std::optional<RecordBytes> record_bytes(Layout layout, std::uint32_t k_bits, std::uint32_t v_bits,
                                                      std::uint64_t head_k, std::uint64_t head_v) noexcept;

/// Bytes of one side's head vector stored as a GGML block format (q8_0: 34 bytes per 32 values;
/// a partial block still takes a whole one); non-block formats by their bits.
[[nodiscard]] std::uint64_t ggml_side_bytes(const Format& element, std::uint64_t head) noexcept;

/// Bytes of one side's head vector in MLX's QuantizedKVCache (Layout::mlx_affine): the codes packed
/// in uint32 words (head × bits / 32 of them) and, per `group` elements, a scale and a bias of
/// `scale_bytes` each (the dtype of the keys and values quantized: the model's). 0 when a width is 0.
[[nodiscard]] std::uint64_t mlx_affine_side_bytes(std::uint64_t head, std::uint32_t bits, std::uint32_t group,
                                                  std::uint32_t scale_bytes) noexcept;

}  // namespace kvdtype::detail
