// Ollama's cache types: the values of OLLAMA_KV_CACHE_TYPE. Ollama sets K and V to the one type
// (llm/llama_server.go @fb3076099 passes `--cache-type-k T --cache-type-v T`; older releases one
// `--kv-cache-type T`), so a request's V is always K's. The value is lower-cased first
// (llm/server.go `strings.ToLower(envconfig.KvCacheType())`): Q8_0 is q8_0.
//
// Read from ollama/ollama (mirror HEAD fb3076099, 2026-08-21, and the tags named):
//   envconfig/config.go        OLLAMA_KV_CACHE_TYPE, "Quantization type for the K/V cache (default: f16)"
//   fs/ggml/ggml.go @v0.24.0   SupportsKVCacheType: "" and f16 always, then q8_0 and q4_0 only
//   llm/llama_server.go        from v0.30.0 (PR ollama/ollama#16031) the value goes to the bundled
//                              llama-server unchecked, so llama.cpp's own list applies there
// The six types only llama-server takes are rows here too; that releases before 0.30.0 ignore them
// and keep an f16 cache is a constraint row (backends_ollama.cpp, KVD262), not a missing row, so a
// check of such a release says what Ollama does instead of calling the value unknown.
// The byte layouts are ggml's, the same FormatId rows as llama.cpp's (ggml-common.h block_*).
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

using enum FormatRule;
using enum StorageRule;
using enum Layout;

#define OLLAMA_FLOAT(NAME, ID, TEXT, SRC)                                                                   \
  {.engine = Engine::ollama, .name = NAME, .quant = KvQuant::none, .k_rule = fixed, .k_format = FormatId::ID, \
   .v_rule = fixed, .v_format = FormatId::ID, .storage = element, .layout = elementwise, .description = TEXT,  \
   .source = SRC}
#define OLLAMA_BLOCK(NAME, ID, TEXT, SRC)                                                                          \
  {.engine = Engine::ollama, .name = NAME, .quant = KvQuant::ggml_block, .k_rule = fixed, .k_format = FormatId::ID, \
   .v_rule = fixed, .v_format = FormatId::ID, .storage = element, .layout = ggml_block, .description = TEXT,        \
   .source = SRC}

constexpr std::string_view kOllamaTypes =
    "ollama/ollama fs/ggml/ggml.go SupportsKVCacheType (f16 q8_0 q4_0, every release from v0.5.0, PR #6279)";
constexpr std::string_view kServerTypes =
    "ollama/ollama llm/llama_server.go @v0.30.0 (passed to llama-server unchecked, PR #16031); "
    "llama.cpp common/arg.cpp kv_cache_types";

constexpr CacheDtype kOllamaCacheDtypes[] = {
    OLLAMA_FLOAT("f16", float16, "the default (OLLAMA_KV_CACHE_TYPE unset or f16): fp16 K and V", kOllamaTypes),
    OLLAMA_BLOCK("q8_0", q8_0, "GGML Q8_0 blocks for K and V: 34 bytes per 32 values; needs flash attention",
                 kOllamaTypes),
    OLLAMA_BLOCK("q4_0", q4_0, "GGML Q4_0 blocks for K and V: 18 bytes per 32 values; needs flash attention",
                 kOllamaTypes),
    OLLAMA_FLOAT("f32", float32, "fp32 K and V: only from 0.30.0 (llama-server); earlier releases keep f16",
                 kServerTypes),
    OLLAMA_FLOAT("bf16", bfloat16, "bf16 K and V: only from 0.30.0 (llama-server); earlier releases keep f16",
                 kServerTypes),
    OLLAMA_BLOCK("q4_1", q4_1, "GGML Q4_1 blocks: only from 0.30.0 (llama-server); earlier releases keep f16",
                 kServerTypes),
    OLLAMA_BLOCK("iq4_nl", iq4_nl, "GGML IQ4_NL blocks: only from 0.30.0 (llama-server); earlier releases keep f16",
                 kServerTypes),
    OLLAMA_BLOCK("q5_0", q5_0, "GGML Q5_0 blocks: only from 0.30.0 (llama-server); earlier releases keep f16",
                 kServerTypes),
    OLLAMA_BLOCK("q5_1", q5_1, "GGML Q5_1 blocks: only from 0.30.0 (llama-server); earlier releases keep f16",
                 kServerTypes),
};
static_assert(closed_words_known(kOllamaCacheDtypes), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

#undef OLLAMA_FLOAT
#undef OLLAMA_BLOCK

}  // namespace

std::span<const CacheDtype> ollama_cache_dtypes() noexcept { return kOllamaCacheDtypes; }

}  // namespace kvdtype::tables
