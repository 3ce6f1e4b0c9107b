// The engine registry: one row per engine kvdtype speaks for — its names, the programs of its
// launch commands (its images: images.cpp), and where its tables are. Lookup code finds an
// engine's tables here instead of switching on the engine, so adding an engine is a row (and its
// table files).
#include <array>

#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr EngineTables kRegistry[] = {
    {.info = {.id = Engine::vllm, .name = "vllm", .display = "vLLM", .kv_flag = "--kv-cache-dtype",
              .tables_snapshot = "vllm-project/vllm main 81be2e09 (2026-08-06) plus later PRs cited per row",
              .has_tables = true, .aliases = "", .default_kv = "auto", .programs = "vllm", .distribution = "vllm"},
     .vocabulary = vllm_cache_dtypes, .backends = vllm_backends, .selection = vllm_selection,
     .constraints = vllm_constraints, .releases = vllm_releases,
     .launch_flags = vllm_launch_flags,
     .memory = {.fraction = 0.9, .source = "vllm/config/cache.py CacheConfig.gpu_memory_utilization = 0.9"},
     .kv_choices_exact = true,  // vllm/engine/arg_utils.py: --kv-cache-dtype choices=get_args(CacheDType)
     // `vllm serve MODEL`; vllm/entrypoints/cli/main.py is the program's module. NVIDIA Dynamo's
     // worker (ai-dynamo/dynamo components/src/dynamo/vllm/args.py @000a36a7) parses its own
     // options and hands the rest to vLLM's AsyncEngineArgs.add_cli_args parser (--model).
     .launch = {.subcommand = "serve", .positional_model = true, .python_cli = "vllm.entrypoints.cli.main",
                .python_modules = "vllm.entrypoints.openai.api_server dynamo.vllm",
                .unlisted_image_entrypoint = true},
     // vllm/config/parallel.py (DP ranks each hold the whole attention), vllm/utils/argparse_utils.py
     // FlexibleArgumentParser (--config YAML, -O3), ModelConfig.verify_with_parallel_config (heads
     // % TP) and vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory.
     .behaviour = {.data_parallel_attention = true, .config_files = ConfigFiles::yaml,
                   .attached_optimization_level = true, .heads_divide_by_tp = true, .one_request_must_fit = true}},
    {.info = {.id = Engine::sglang, .name = "sglang", .display = "SGLang", .kv_flag = "--kv-cache-dtype",
              .tables_snapshot = "sgl-project/sglang main (kv_cache_dtype.py aff0d58a) plus later PRs cited per row",
              .has_tables = true, .aliases = "", .default_kv = "auto", .programs = "sglang", .distribution = "sglang"},
     .vocabulary = sglang_cache_dtypes, .backends = sglang_backends, .selection = sglang_selection,
     .constraints = sglang_constraints, .releases = sglang_releases,
     .launch_flags = sglang_launch_flags,
     .memory = {.rule = MemoryRule::sglang_static,
                .source = "python/sglang/srt/server_args.py ServerArgs._handle_gpu_memory_settings"},
     .kv_choices_exact = true,  // python/sglang/srt/server_args.py: --kv-cache-dtype choices=[...]
     // `sglang serve --model-path M`. Dynamo's worker (components/src/dynamo/sglang/args.py
     // @010ba752) hands the rest to SGLang's ServerArgs.add_cli_args parser.
     .launch = {.subcommand = "serve", .python_modules = "sglang.launch_server dynamo.sglang"},
     // python/sglang/srt/server_args.py ServerArgs: --config takes YAML or JSON.
     .behaviour = {.config_files = ConfigFiles::yaml_or_json}},
    // TensorRT-LLM's LLM API KvCacheConfig.dtype, set through trtllm-serve's
    // --extra_llm_api_options YAML (docs/source/features/quantization.md).
    {.info = {.id = Engine::trtllm, .name = "trtllm", .display = "TensorRT-LLM",
              .kv_flag = "kv_cache_config.dtype (trtllm-serve --extra_llm_api_options YAML)",
              .tables_snapshot = "NVIDIA/TensorRT-LLM docs 1.2-1.4 (features/quantization.md, reference/precision.md), "
                                 "C++ attention sources (attentionOp.cpp @eea41b73, xqaDispatcher.cpp, XQA kernelUtils.cpp) "
                                 "and the issues cited per row; source not read whole",
              .has_tables = true, .aliases = "tensorrt-llm tensorrt_llm trt-llm", .default_kv = "auto",
              .programs = "trtllm-serve",
              .distribution = "tensorrt_llm"},
     .vocabulary = trtllm_cache_dtypes, .backends = trtllm_backends, .selection = trtllm_selection,
     .constraints = trtllm_constraints, .releases = trtllm_releases,
     .launch_flags = trtllm_launch_flags,
     // 0.9 of what is left after the weights; read as a share of the whole device it is the same
     // upper-bound approximation as vLLM's.
     .memory = {.fraction = 0.9, .source = "tensorrt_llm/commands/serve.py free_gpu_memory_fraction = 0.9"},
     // `trtllm-serve [serve] MODEL`
     .launch = {.subcommand = "serve", .subcommand_optional = true, .positional_model = true}},
    // llama.cpp sets K and V apart (-ctk / -ctv); the default of both is f16 whatever the model.
    {.info = {.id = Engine::llamacpp, .name = "llamacpp", .display = "llama.cpp",
              .kv_flag = "-ctk/--cache-type-k, -ctv/--cache-type-v",
              .tables_snapshot = "ggml-org/llama.cpp master (common/arg.cpp, src/llama-context.cpp, "
                                 "ggml/src/ggml-cuda/fattn.cu @00a2d609, ggml-metal-device.m @003a32eb)",
              .has_tables = true, .aliases = "llama.cpp llama-cpp llama_cpp ggml", .default_kv = "f16",
              .programs = "llama-server llama-cli llama-bench",
              .separate_v = true, .build_numbers = true},
     .vocabulary = llamacpp_cache_dtypes, .backends = llamacpp_backends, .selection = llamacpp_selection,
     .constraints = llamacpp_constraints, .releases = llamacpp_releases,
     .launch_flags = llamacpp_launch_flags,
     // llama.cpp allocates the context it is asked for (-c), not a share of memory: 0.9 only
     // bounds the capacity estimate.
     .memory = {.fraction = 0.9, .source = "kvdtype's estimate; llama.cpp sizes the cache from -c"},
     .launch = {.own_reader = true}},  // src/sources/launch/launch_llamacpp.cpp (and its :server/:full images)
    // LMDeploy's quant_policy (lmdeploy/messages.py QuantPolicy); 0 is an unquantized cache.
    {.info = {.id = Engine::lmdeploy, .name = "lmdeploy", .display = "LMDeploy", .kv_flag = "--quant-policy",
              .tables_snapshot = "InternLM/lmdeploy 1263d5cd (2026-08-21): messages.py, cli/utils.py, "
                                 "pytorch/engine/cache_engine.py, docs/en/quantization/kv_quant.md",
              .has_tables = true, .aliases = "", .default_kv = "0", .programs = "lmdeploy", .distribution = "lmdeploy"},
     .vocabulary = lmdeploy_cache_dtypes, .backends = lmdeploy_backends, .selection = lmdeploy_selection,
     .constraints = lmdeploy_constraints, .releases = lmdeploy_releases,
     .launch_flags = lmdeploy_launch_flags,
     .memory = {.fraction = 0.8, .source = "lmdeploy/messages.py cache_max_entry_count = 0.8 of the memory free after weights"},
     .launch = {.subcommand = "serve api_server", .own_reader = true}},  // src/sources/launch/launch_lmdeploy.cpp
};

// Row i must describe Engine(i): engine_tables() indexes by the enum value.
constexpr bool registry_in_order() {
  for (std::size_t i = 0; i < std::size(kRegistry); ++i)
    if (static_cast<std::size_t>(kRegistry[i].info.id) != i) return false;
  return true;
}
static_assert(registry_in_order(), "engine registry rows must follow the Engine enum order");

}  // namespace

std::span<const EngineTables> engine_registry() noexcept { return kRegistry; }

const EngineTables& engine_tables(Engine e) noexcept {
  const auto i = static_cast<std::size_t>(e);
  return kRegistry[i < std::size(kRegistry) ? i : 0];
}

std::span<const EngineInfo> engine_rows() noexcept {
  static constexpr auto kInfo = [] {
    std::array<EngineInfo, std::size(kRegistry)> out{};
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = kRegistry[i].info;
    return out;
  }();
  return kInfo;
}

}  // namespace kvdtype::tables
