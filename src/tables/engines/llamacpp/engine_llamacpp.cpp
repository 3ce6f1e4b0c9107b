// llama.cpp's registry row: its names, flags, programs and behaviour. The registry (../../engines.cpp)
// adds its id, its name and its tables from this folder's line of kvdtype/engine_list.def.
#include "tables/tables.hpp"

namespace kvdtype::tables {

extern const EngineLaunchHooks llamacpp_launch_hooks;  // launch_llamacpp.cpp

const EngineTables& llamacpp_engine() noexcept {
  // llama.cpp sets K and V apart (-ctk / -ctv); the default of both is f16 whatever the model.
  static constexpr EngineTables kRow{
      .info = {.display = "llama.cpp",
               .kv_flag = "-ctk/--cache-type-k, -ctv/--cache-type-v",
               .tables_snapshot = "ggml-org/llama.cpp master (common/arg.cpp, src/llama-context.cpp, "
                                  "ggml/src/ggml-cuda/fattn.cu @00a2d609, ggml-metal-device.m @003a32eb)",
               .has_tables = true, .aliases = "llama.cpp llama-cpp llama_cpp ggml", .default_kv = "f16",
               // The Windows release archives name them llama-server.exe etc. (llama.cpp#24199 launches).
               .programs = "llama-server llama-cli llama-bench llama-server.exe llama-cli.exe llama-bench.exe",
               .separate_v = true, .build_numbers = true},
      // llama.cpp allocates the context it is asked for (-c), not a share of memory: 0.9 only
      // bounds the capacity estimate.
      .memory = {.fraction = 0.9, .source = "kvdtype's estimate; llama.cpp sizes the cache from -c"},
      // launch_llamacpp.cpp reads its programs and its :server/:full images.
      .launch = {.own_reader = true, .hooks = &llamacpp_launch_hooks, .hooks_fire = "KVD200 KVD205"},
      .images = llamacpp_images};
  return kRow;
}

}  // namespace kvdtype::tables
