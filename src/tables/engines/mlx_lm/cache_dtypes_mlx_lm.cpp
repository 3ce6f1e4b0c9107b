// MLX-LM's KV-cache vocabulary. MLX-LM has no kv-cache string: `--kv-bits B` (with
// `--kv-group-size G`, default 64) turns each plain KVCache into a QuantizedKVCache once the prompt
// passes `--quantized-kv-start` tokens. kvdtype names the pair by one string, "B" for the default
// group of 64 and "BgG" otherwise ("4g32"), because the group size changes the bytes; "none" is
// the cache without --kv-bits (the model dtype). The launch reader (launch_mlx_lm.cpp) maps the
// two flags onto these rows.
//
// Read from ml-explore/mlx-lm d78bf58e (2026-08-22; newest tag v0.31.3):
//   mlx_lm/generate.py        --kv-bits (int, default None: no quantization), --kv-group-size
//                             (int, default 64), --quantized-kv-start (default 5000); argparse
//                             has no choices: a width MLX cannot quantize fails at the first
//                             quantization step (mx.quantize), not at start-up
//   mlx_lm/models/cache.py    QuantizedKVCache: keys and values each kept as (codes, scales, biases)
//                             from mx.quantize: codes uint32 of head*bits/32 words, scales and
//                             biases of head/group entries each in the keys' dtype (the model's);
//                             capacity grows in steps of 256 tokens
//   ml-explore/mlx-examples PR #1075 (commit 60358be8, 2024-10-31, _version.py 0.19.3): the first
//                             release with the quantized cache
// MLX docs, mlx.core.quantize (affine mode): bits 2, 3, 4, 5, 6, 8 and group sizes 32, 64, 128.
// Which MLX release first took 3, 5 and 6 bits was not established. K and V always share bits and
// group size (one QuantizedKVCache per layer). kvdtype's format set has no 2-, 3-, 5- or 6-bit
// integer, so those rows leave the element format unset; their bytes are still exact.
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

using enum FormatRule;
using enum StorageRule;
using enum Layout;

constexpr CacheDtype kMlxLmCacheDtypes[] = {
    {.engine = Engine::mlx_lm, .name = "none", .quant = KvQuant::none, .k_rule = model_dtype, .v_rule = model_dtype,
     .storage = element, .layout = elementwise,
     .description = "no --kv-bits: the cache in the model dtype (the default)",
     .source = "mlx_lm/generate.py --kv-bits default None; models/cache.py KVCache"},
    {.engine = Engine::mlx_lm, .name = "2", .aliases = "2g64", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::count_, .v_rule = fixed, .v_format = FormatId::count_, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 2, .v_bits = 2, .group_size = 64,
     .description = "--kv-bits 2: 2-bit affine codes, a scale and a bias per 64 elements (0.3125 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine (bits 2, 3, 5, 6: MLX docs mlx.core.quantize)",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "2g32", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::count_, .v_rule = fixed, .v_format = FormatId::count_, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 2, .v_bits = 2, .group_size = 32,
     .description = "--kv-bits 2 --kv-group-size 32: 2-bit affine codes, a scale and a bias per 32 elements (0.375 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine (bits 2, 3, 5, 6: MLX docs mlx.core.quantize)",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "2g128", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::count_, .v_rule = fixed, .v_format = FormatId::count_, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 2, .v_bits = 2, .group_size = 128,
     .description = "--kv-bits 2 --kv-group-size 128: 2-bit affine codes, a scale and a bias per 128 elements (0.28125 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine (bits 2, 3, 5, 6: MLX docs mlx.core.quantize)",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "3", .aliases = "3g64", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::count_, .v_rule = fixed, .v_format = FormatId::count_, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 3, .v_bits = 3, .group_size = 64,
     .description = "--kv-bits 3: 3-bit affine codes, a scale and a bias per 64 elements (0.4375 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine (bits 2, 3, 5, 6: MLX docs mlx.core.quantize)",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "3g32", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::count_, .v_rule = fixed, .v_format = FormatId::count_, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 3, .v_bits = 3, .group_size = 32,
     .description = "--kv-bits 3 --kv-group-size 32: 3-bit affine codes, a scale and a bias per 32 elements (0.5 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine (bits 2, 3, 5, 6: MLX docs mlx.core.quantize)",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "3g128", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::count_, .v_rule = fixed, .v_format = FormatId::count_, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 3, .v_bits = 3, .group_size = 128,
     .description = "--kv-bits 3 --kv-group-size 128: 3-bit affine codes, a scale and a bias per 128 elements (0.40625 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine (bits 2, 3, 5, 6: MLX docs mlx.core.quantize)",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "4", .aliases = "4g64", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::uint4, .v_rule = fixed, .v_format = FormatId::uint4, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 4, .v_bits = 4, .group_size = 64,
     .description = "--kv-bits 4: 4-bit affine codes, a scale and a bias per 64 elements (0.5625 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "4g32", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::uint4, .v_rule = fixed, .v_format = FormatId::uint4, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 4, .v_bits = 4, .group_size = 32,
     .description = "--kv-bits 4 --kv-group-size 32: 4-bit affine codes, a scale and a bias per 32 elements (0.625 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "4g128", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::uint4, .v_rule = fixed, .v_format = FormatId::uint4, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 4, .v_bits = 4, .group_size = 128,
     .description = "--kv-bits 4 --kv-group-size 128: 4-bit affine codes, a scale and a bias per 128 elements (0.53125 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "5", .aliases = "5g64", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::count_, .v_rule = fixed, .v_format = FormatId::count_, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 5, .v_bits = 5, .group_size = 64,
     .description = "--kv-bits 5: 5-bit affine codes, a scale and a bias per 64 elements (0.6875 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine (bits 2, 3, 5, 6: MLX docs mlx.core.quantize)",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "5g32", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::count_, .v_rule = fixed, .v_format = FormatId::count_, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 5, .v_bits = 5, .group_size = 32,
     .description = "--kv-bits 5 --kv-group-size 32: 5-bit affine codes, a scale and a bias per 32 elements (0.75 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine (bits 2, 3, 5, 6: MLX docs mlx.core.quantize)",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "5g128", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::count_, .v_rule = fixed, .v_format = FormatId::count_, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 5, .v_bits = 5, .group_size = 128,
     .description = "--kv-bits 5 --kv-group-size 128: 5-bit affine codes, a scale and a bias per 128 elements (0.65625 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine (bits 2, 3, 5, 6: MLX docs mlx.core.quantize)",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "6", .aliases = "6g64", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::count_, .v_rule = fixed, .v_format = FormatId::count_, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 6, .v_bits = 6, .group_size = 64,
     .description = "--kv-bits 6: 6-bit affine codes, a scale and a bias per 64 elements (0.8125 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine (bits 2, 3, 5, 6: MLX docs mlx.core.quantize)",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "6g32", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::count_, .v_rule = fixed, .v_format = FormatId::count_, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 6, .v_bits = 6, .group_size = 32,
     .description = "--kv-bits 6 --kv-group-size 32: 6-bit affine codes, a scale and a bias per 32 elements (0.875 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine (bits 2, 3, 5, 6: MLX docs mlx.core.quantize)",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "6g128", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::count_, .v_rule = fixed, .v_format = FormatId::count_, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 6, .v_bits = 6, .group_size = 128,
     .description = "--kv-bits 6 --kv-group-size 128: 6-bit affine codes, a scale and a bias per 128 elements (0.78125 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine (bits 2, 3, 5, 6: MLX docs mlx.core.quantize)",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "8", .aliases = "8g64", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::uint8, .v_rule = fixed, .v_format = FormatId::uint8, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 8, .v_bits = 8, .group_size = 64,
     .description = "--kv-bits 8: 8-bit affine codes, a scale and a bias per 64 elements (1.0625 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "8g32", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::uint8, .v_rule = fixed, .v_format = FormatId::uint8, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 8, .v_bits = 8, .group_size = 32,
     .description = "--kv-bits 8 --kv-group-size 32: 8-bit affine codes, a scale and a bias per 32 elements (1.125 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine",
     .introduced_in = "0.19.3"},
    {.engine = Engine::mlx_lm, .name = "8g128", .quant = KvQuant::affine_group, .k_rule = fixed,
     .k_format = FormatId::uint8, .v_rule = fixed, .v_format = FormatId::uint8, .storage = uint8_bytes, .layout = mlx_affine,
     .k_bits = 8, .v_bits = 8, .group_size = 128,
     .description = "--kv-bits 8 --kv-group-size 128: 8-bit affine codes, a scale and a bias per 128 elements (1.03125 bytes per element with 16-bit scales)",
     .source = "mlx_lm/generate.py --kv-bits, --kv-group-size (default 64); models/cache.py QuantizedKVCache; mx.quantize affine",
     .introduced_in = "0.19.3"},
};
static_assert(closed_words_known(kMlxLmCacheDtypes), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const CacheDtype> mlx_lm_cache_dtypes() noexcept { return kMlxLmCacheDtypes; }

}  // namespace kvdtype::tables
