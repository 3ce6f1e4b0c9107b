// LMDeploy's KV-cache vocabulary: the values of --quant-policy (TurbomindEngineConfig /
// PytorchEngineConfig quant_policy), by number as LMDeploy prints them, with the names its CLI
// also accepts as aliases.
//
// Read from InternLM/lmdeploy 1263d5cd (2026-08-21):
//   lmdeploy/messages.py              QuantPolicy: NONE=0, INT4=4, INT8=8, FP8=16, FP8_E5M2=17, TURBO_QUANT=42
//   lmdeploy/cli/utils.py quant_policy  names none/int4/int8/fp8/fp8_e4m3/fp8_e5m2/turbo_quant or the
//                                     integers; anything else is ValueError("invalid quant_policy")
//   lmdeploy/pytorch/engine/cache_engine.py  element types: FP8 -> torch.float8_e4m3fn, FP8_E5M2 ->
//                                     torch.float8_e5m2; INT4/INT8/TurboQuant -> torch.uint8 on CUDA
//                                     (packed, asymmetric: scale and zero point kept beside the cache)
//   PR InternLM/lmdeploy#2438         the PyTorch engine's Triton fill_kv_cache: (max - min) / 255 scales,
//                                     zero points, values stored as uint8 codes
//   docs/en/quantization/kv_quant.md  int4/int8: online, asymmetric, per token and per head, no
//                                     calibration; 4.25 and 8.25 bits per value at head size 128,
//                                     i.e. 4 bytes of scale and zero point per token and head
// Older releases (before FP8) accepted 0, 4 and 8 only; TurboMind still does (backends_lmdeploy.cpp).
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

using enum FormatRule;
using enum StorageRule;
using enum Layout;

constexpr CacheDtype kLmdeployCacheDtypes[] = {
    {.engine = Engine::lmdeploy, .name = "0", .aliases = "none", .quant = KvQuant::none, .k_rule = model_dtype,
     .v_rule = model_dtype, .storage = element, .layout = elementwise,
     .description = "no KV quantization: the cache in the model dtype (the default)",
     .source = "lmdeploy/messages.py QuantPolicy.NONE"},
    {.engine = Engine::lmdeploy, .name = "4", .aliases = "int4", .quant = KvQuant::int4_per_token_head,
     .k_rule = fixed, .k_format = FormatId::uint4, .v_rule = fixed, .v_format = FormatId::uint4,
     .storage = uint8_bytes, .layout = elementwise, .k_bits = 4, .v_bits = 4, .scale_bytes_per_token_head = 4,
     .platforms = "cuda",
     .description = "online asymmetric int4 per token and head, two values per byte, scale and zero point beside it",
     .source = "lmdeploy/messages.py QuantPolicy.INT4; docs/en/quantization/kv_quant.md; pytorch/engine/cache_engine.py"},
    {.engine = Engine::lmdeploy, .name = "8", .aliases = "int8", .quant = KvQuant::int8_per_token_head,
     .k_rule = fixed, .k_format = FormatId::uint8, .v_rule = fixed, .v_format = FormatId::uint8,
     .storage = element, .layout = elementwise, .scale_bytes_per_token_head = 4, .platforms = "cuda",
     .description = "online asymmetric int8 per token and head (unsigned codes with a zero point)",
     .source = "lmdeploy/messages.py QuantPolicy.INT8; docs/en/quantization/kv_quant.md; pytorch/engine/cache_engine.py"},
    {.engine = Engine::lmdeploy, .name = "16", .aliases = "fp8 fp8_e4m3", .quant = KvQuant::fp8_per_tensor,
     .k_rule = fixed, .k_format = FormatId::float8_e4m3fn, .v_rule = fixed, .v_format = FormatId::float8_e4m3fn,
     .storage = element, .layout = elementwise, .platforms = "cuda",
     .description = "FP8 E4M3 with per-tensor scales; PyTorch engine on CUDA only (DSA models: the fp8_ds_mla layout)",
     .source = "lmdeploy/messages.py QuantPolicy.FP8; pytorch/engine/cache_engine.py; InternLM/lmdeploy#4563 (listed in the 0.14.0a1/a2 notes)",
     .introduced_in = "0.14.0a1", .absent_in = "0.13.0"},
    {.engine = Engine::lmdeploy, .name = "17", .aliases = "fp8_e5m2", .quant = KvQuant::fp8_per_tensor,
     .k_rule = fixed, .k_format = FormatId::float8_e5m2, .v_rule = fixed, .v_format = FormatId::float8_e5m2,
     .storage = element, .layout = elementwise, .platforms = "cuda",
     .description = "FP8 E5M2 with per-tensor scales; PyTorch engine on CUDA only",
     .source = "lmdeploy/messages.py QuantPolicy.FP8_E5M2; pytorch/engine/cache_engine.py; InternLM/lmdeploy#4563 (listed in the 0.14.0a1/a2 notes)",
     .introduced_in = "0.14.0a1", .absent_in = "0.13.0"},
    // Bytes count the 4-bit keys and 2-bit values only: the per-vector norms TurboQuant keeps
    // beside them were not read, so the size is a lower bound (docs/engines/lmdeploy.md).
    {.engine = Engine::lmdeploy, .name = "42", .aliases = "turbo_quant", .quant = KvQuant::turboquant,
     .k_rule = fixed, .k_format = FormatId::uint4, .v_rule = fixed, .v_format = FormatId::uint4,
     .storage = uint8_bytes, .layout = elementwise, .k_bits = 4, .v_bits = 2, .platforms = "cuda",
     .description = "TurboQuant: 4-bit QJL keys and 2-bit values, packed in uint8; PyTorch engine only, no MLA, "
                    "no speculative decoding",
     .source = "lmdeploy/messages.py QuantPolicy.TURBO_QUANT; pytorch/engine/cache_engine.py; v0.13.0 release notes (TurboQuant, quant_policy=42)",
     .introduced_in = "0.13.0", .absent_in = "0.12.3"},
};
static_assert(closed_words_known(kLmdeployCacheDtypes), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const CacheDtype> lmdeploy_cache_dtypes() noexcept { return kLmdeployCacheDtypes; }

}  // namespace kvdtype::tables
