// TensorRT-LLM's registry row: its names, flags, programs and behaviour. The registry (../../engines.cpp)
// adds its id, its name and its tables from this folder's line of kvdtype/engine_list.def.
#include "tables/tables.hpp"

namespace kvdtype::tables {

extern const EngineLaunchHooks trtllm_launch_hooks;  // launch_trtllm.cpp

const EngineTables& trtllm_engine() noexcept {
  // TensorRT-LLM's LLM API KvCacheConfig.dtype, set through trtllm-serve's
  // --extra_llm_api_options YAML (docs/source/features/quantization.md).
  static constexpr EngineTables kRow{
      .info = {.display = "TensorRT-LLM",
               .kv_flag = "kv_cache_config.dtype (trtllm-serve --extra_llm_api_options YAML)",
               .tables_snapshot = "NVIDIA/TensorRT-LLM docs 1.2-1.4 (features/quantization.md, reference/precision.md), "
                                  "C++ attention sources (attentionOp.cpp @eea41b73, xqaDispatcher.cpp, XQA kernelUtils.cpp) "
                                  "and the issues cited per row; source not read whole",
               .has_tables = true, .aliases = "tensorrt-llm tensorrt_llm trt-llm", .default_kv = "auto",
               .programs = "trtllm-serve",
               .distribution = "tensorrt_llm"},
      // 0.9 of what is left after the weights; read as a share of the whole device it is the same
      // upper-bound approximation as vLLM's.
      .memory = {.fraction = 0.9, .source = "tensorrt_llm/commands/serve.py free_gpu_memory_fraction = 0.9"},
      // `trtllm-serve [serve] MODEL`. NVIDIA Dynamo's TensorRT-LLM worker, `python3 -m dynamo.trtllm
      // --model(-path) M --extra-engine-args FILE`, builds the same LLM API from its own flags and that
      // YAML of LLM API options (ai-dynamo/dynamo components/src/dynamo/trtllm/backend_args.py
      // @0a6a115c: --model, obsolete --model-path; --extra-engine-args "a YAML file containing
      // additional keyword arguments to pass to the TRTLLM engine").
      .launch = {.subcommand = "serve", .subcommand_optional = true, .positional_model = true,
                 .python_modules = "dynamo.trtllm", .hooks = &trtllm_launch_hooks, .hooks_fire = "KVD220"},
      .images = trtllm_images, .kernel_routes = trtllm_kernel_routes};
  return kRow;
}

}  // namespace kvdtype::tables
