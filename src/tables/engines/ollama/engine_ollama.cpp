// Ollama's registry row: its names, its setting, its program and its image. The registry
// (../../engines.cpp) adds its id, its name and its tables from this folder's line of
// kvdtype/engine_list.def.
#include "tables/tables.hpp"

namespace kvdtype::tables {

extern const EngineLaunchHooks ollama_launch_hooks;  // launch_ollama.cpp

const EngineTables& ollama_engine() noexcept {
  // Ollama has no cache flag: the server reads OLLAMA_KV_CACHE_TYPE (and OLLAMA_FLASH_ATTENTION)
  // from its environment when `ollama serve` starts, one type for K and V (envconfig/config.go).
  static constexpr EngineTables kRow{
      .info = {.display = "Ollama",
               .kv_flag = "OLLAMA_KV_CACHE_TYPE",
               .tables_snapshot = "ollama/ollama fb3076099 (2026-08-21): envconfig/config.go, llm/server.go "
                                  "(@v0.5.0 … @v0.24.0), llm/llama_server.go, fs/ggml/ggml.go, ml/device.go",
               .has_tables = true, .aliases = "ollama-serve", .default_kv = "f16", .programs = "ollama"},
      // Ollama sizes the cache from the context it is asked for (num_ctx × OLLAMA_NUM_PARALLEL), not
      // from a share of memory: 0.9 only bounds the capacity estimate, as for llama.cpp.
      .memory = {.fraction = 0.9, .source = "kvdtype's estimate; Ollama sizes the cache from num_ctx × OLLAMA_NUM_PARALLEL"},
      // launch_ollama.cpp reads `ollama serve`, the ollama/ollama image and the OLLAMA_* environment.
      .launch = {.subcommand = "serve", .own_reader = true, .hooks = &ollama_launch_hooks, .hooks_fire = "KVD260"},
      .images = ollama_images};
  return kRow;
}

}  // namespace kvdtype::tables
