// The engines kvdtype speaks for. `has_tables` is true where vocabulary and backends are
// modelled; the others are accepted names so that a request can say which engine it is about.
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr EngineInfo kEngines[] = {
    {.id = Engine::vllm, .name = "vllm", .display = "vLLM", .kv_flag = "--kv-cache-dtype",
     .tables_snapshot = "vllm-project/vllm main 81be2e09 (2026-08-06) plus later PRs cited per row",
     .has_tables = true},
    {.id = Engine::sglang, .name = "sglang", .display = "SGLang", .kv_flag = "--kv-cache-dtype",
     .tables_snapshot = "sgl-project/sglang main (kv_cache_dtype.py aff0d58a) plus later PRs cited per row",
     .has_tables = true},
    {.id = Engine::trtllm, .name = "trtllm", .display = "TensorRT-LLM",
     .kv_flag = "KvCacheConfig(dtype=...)", .tables_snapshot = "", .has_tables = false},
    {.id = Engine::llamacpp, .name = "llamacpp", .display = "llama.cpp",
     .kv_flag = "--cache-type-k / --cache-type-v", .tables_snapshot = "", .has_tables = false},
};

}  // namespace

std::span<const EngineInfo> engine_rows() noexcept { return kEngines; }

}  // namespace kvdtype::tables
