// llama.cpp's cache types: the values of -ctk/--cache-type-k and -ctv/--cache-type-v, exactly as
// llama.cpp spells them. K and V are set apart; a request names K with kv_cache_dtype and V with
// v_cache_dtype (default: the same as K), and each side takes its format from its own row.
//
// Read from ggml-org/llama.cpp master:
//   common/arg.cpp                kv_cache_types (the parser's whitelist: f32, f16, bf16, q8_0, q4_0,
//                                 q4_1, iq4_nl, q5_0, q5_1), kv_cache_type_from_str ("Unsupported cache
//                                 type" for anything else), default f16 for both (common/common.h)
//   ggml/src/ggml-common.h        block_q8_0 / block_q4_0 / … byte layouts (formats.cpp rows)
// There is no fp8 cache type upstream (no GGML_TYPE_F8*); forks add turbo*/tq* types, which the
// upstream parser refuses. The default is f16 whatever the model's weights are (no "auto").
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

using enum FormatRule;
using enum StorageRule;
using enum Layout;

#define LLAMA_BLOCK(NAME, ID, TEXT)                                                                         \
  {.engine = Engine::llamacpp, .name = NAME, .quant = KvQuant::ggml_block, .k_rule = fixed,                 \
   .k_format = FormatId::ID, .v_rule = fixed, .v_format = FormatId::ID, .storage = element,                  \
   .layout = ggml_block, .description = TEXT,                                                                \
   .source = "llama.cpp common/arg.cpp kv_cache_types; ggml-common.h block_" NAME}

constexpr CacheDtype kLlamacppCacheDtypes[] = {
    {.engine = Engine::llamacpp, .name = "f16", .quant = KvQuant::none, .k_rule = fixed,
     .k_format = FormatId::float16, .v_rule = fixed, .v_format = FormatId::float16, .storage = element,
     .layout = elementwise, .description = "the default of -ctk and -ctv: fp16 whatever the model dtype",
     .source = "llama.cpp common/arg.cpp kv_cache_types; common/common.h cache_type_k/cache_type_v = GGML_TYPE_F16"},
    {.engine = Engine::llamacpp, .name = "f32", .quant = KvQuant::none, .k_rule = fixed,
     .k_format = FormatId::float32, .v_rule = fixed, .v_format = FormatId::float32, .storage = element,
     .layout = elementwise, .description = "fp32 cache (twice the default's size)",
     .source = "llama.cpp common/arg.cpp kv_cache_types"},
    {.engine = Engine::llamacpp, .name = "bf16", .quant = KvQuant::none, .k_rule = fixed,
     .k_format = FormatId::bfloat16, .v_rule = fixed, .v_format = FormatId::bfloat16, .storage = element,
     .layout = elementwise, .description = "bf16 cache",
     .source = "llama.cpp common/arg.cpp kv_cache_types"},
    LLAMA_BLOCK("q8_0", q8_0, "GGML Q8_0 blocks: 32 int8 + fp16 scale, 34 bytes per 32 values (8.5 bits)"),
    LLAMA_BLOCK("q4_0", q4_0, "GGML Q4_0 blocks: 32 nibbles + fp16 scale, 18 bytes per 32 values (4.5 bits)"),
    LLAMA_BLOCK("q4_1", q4_1, "GGML Q4_1 blocks: 32 nibbles + fp16 scale and min, 20 bytes per 32 values (5 bits)"),
    LLAMA_BLOCK("iq4_nl", iq4_nl, "GGML IQ4_NL blocks: 32 non-linear nibbles + fp16 scale, 18 bytes per 32 values"),
    LLAMA_BLOCK("q5_0", q5_0, "GGML Q5_0 blocks: 32 5-bit values + fp16 scale, 22 bytes per 32 values (5.5 bits)"),
    LLAMA_BLOCK("q5_1", q5_1, "GGML Q5_1 blocks: 32 5-bit values + fp16 scale and min, 24 bytes per 32 values (6 bits)"),
};
static_assert(closed_words_known(kLlamacppCacheDtypes), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

#undef LLAMA_BLOCK

}  // namespace

std::span<const CacheDtype> llamacpp_cache_dtypes() noexcept { return kLlamacppCacheDtypes; }

}  // namespace kvdtype::tables
