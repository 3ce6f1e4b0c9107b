// TensorRT-LLM's KV-cache dtype vocabulary: the LLM API's KvCacheConfig.dtype (set through
// trtllm-serve --extra_llm_api_options YAML, kv_cache_config: dtype: …) and the checkpoint's
// quantization.kv_cache_quant_algo (hf_quant_config.json, written by ModelOpt).
//
// Read from NVIDIA/TensorRT-LLM documentation (the source tree is too large to read whole here):
//   docs/source/features/quantization.md @09d4c79b / @f53fb4c8, nvidia.github.io 1.2-1.4
//   "quantization" pages: KvCacheConfig(dtype='fp8') works on any checkpoint; dtype='nvfp4' needs
//   a checkpoint quantized offline with ModelOpt (--kv_cache_qformat nvfp4); default "auto" takes
//   the checkpoint's kv_cache_quant_algo (FP8, NVFP4; legacy INT8) or else the model dtype.
//   docs/source/reference/precision.md: FP8 KV is E4M3 with per-tensor scales.
// How TRT-LLM allocates the pool tensor (element type or bytes) was not read; the rows say
// "element" for fp8 and bytes for packed NVFP4.
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

using enum FormatRule;
using enum StorageRule;
using enum Layout;

constexpr CacheDtype kTrtllmCacheDtypes[] = {
    {.engine = Engine::trtllm, .name = "auto", .quant = KvQuant::none, .k_rule = model_dtype, .v_rule = model_dtype,
     .storage = element, .layout = elementwise,
     .description = "the checkpoint's kv_cache_quant_algo (FP8, NVFP4, legacy INT8) when it sets one, else the model dtype",
     .source = "TensorRT-LLM docs/source/features/quantization.md (KV cache quantization; KvCacheConfig.dtype)"},
    {.engine = Engine::trtllm, .name = "fp8", .aliases = "FP8 fp8_e4m3", .quant = KvQuant::fp8_per_tensor,
     .k_rule = fixed, .k_format = FormatId::float8_e4m3fn, .v_rule = fixed, .v_format = FormatId::float8_e4m3fn,
     .storage = element, .layout = elementwise, .platforms = "cuda",
     .description = "FP8 E4M3 with per-tensor scales (from a ModelOpt checkpoint, else 1.0); works on a checkpoint "
                    "without FP8 KV",
     .source = "TensorRT-LLM docs/source/features/quantization.md; docs/source/reference/precision.md"},
    {.engine = Engine::trtllm, .name = "nvfp4", .aliases = "NVFP4", .quant = KvQuant::nvfp4,
     .k_rule = fixed, .k_format = FormatId::nvfp4, .v_rule = fixed, .v_format = FormatId::nvfp4,
     .storage = uint8_bytes, .layout = nvfp4_inline, .k_bits = 4, .v_bits = 4, .platforms = "cuda",
     .description = "NVFP4: E2M1 in blocks of 16 with E4M3 block scales; needs a checkpoint quantized with ModelOpt "
                    "--kv_cache_qformat nvfp4; Blackwell SM100/SM103 only",
     .source = "TensorRT-LLM docs/source/features/quantization.md (NVFP4 KV cache, 1.2 and later; support matrix); "
               "NVIDIA/TensorRT-LLM#6244 (added, merged about 2025-09-01); #7988 (0.21.0 has no NVFP4 KV)",
     .introduced_in = "1.2.0rc6", .absent_in = "0.21.0"},
    // Only a checkpoint declares it (kv_cache_quant_algo INT8, QuantMode INT8_KV_CACHE); the LLM
    // API's dtype does not take it, hence internal (never parsed from --kv-cache-dtype).
    {.engine = Engine::trtllm, .name = "int8", .aliases = "INT8", .quant = KvQuant::int8_per_tensor,
     .k_rule = fixed, .k_format = FormatId::int8, .v_rule = fixed, .v_format = FormatId::int8,
     .storage = element, .layout = elementwise, .internal = true, .platforms = "cuda",
     .description = "legacy INT8 KV cache with per-tensor scales (QuantMode INT8_KV_CACHE; checkpoints only)",
     .source = "TensorRT-LLM tensorrt_llm/quantization/mode.py QuantMode.INT8_KV_CACHE; older quantization docs"},
};
static_assert(closed_words_known(kTrtllmCacheDtypes), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const CacheDtype> trtllm_cache_dtypes() noexcept { return kTrtllmCacheDtypes; }

}  // namespace kvdtype::tables
