// vLLM's registry row: its names, flags, programs and behaviour. The registry (../../engines.cpp)
// adds its id, its name and its tables from this folder's line of kvdtype/engine_list.def.
#include "tables/tables.hpp"

namespace kvdtype::tables {

extern const EngineLaunchHooks vllm_launch_hooks;  // launch_vllm.cpp

const EngineTables& vllm_engine() noexcept {
  static constexpr EngineTables kRow{
      .info = {.display = "vLLM", .kv_flag = "--kv-cache-dtype",
               .tables_snapshot = "vllm-project/vllm main 81be2e09 (2026-08-06) plus later PRs cited per row",
               .has_tables = true, .aliases = "", .default_kv = "auto", .programs = "vllm", .distribution = "vllm"},
      .memory = {.fraction = 0.9, .source = "vllm/config/cache.py CacheConfig.gpu_memory_utilization = 0.9"},
      .kv_choices_exact = true,  // vllm/engine/arg_utils.py: --kv-cache-dtype choices=get_args(CacheDType)
      // `vllm serve MODEL`; vllm/entrypoints/cli/main.py is the program's module. NVIDIA Dynamo's
      // worker (ai-dynamo/dynamo components/src/dynamo/vllm/args.py @000a36a7) parses its own
      // options and hands the rest to vLLM's AsyncEngineArgs.add_cli_args parser (--model).
      .launch = {.subcommand = "serve", .positional_model = true, .python_cli = "vllm.entrypoints.cli.main",
                 .python_modules = "vllm.entrypoints.openai.api_server dynamo.vllm",
                 .unlisted_image_entrypoint = true, .hooks = &vllm_launch_hooks},
      // vllm/config/parallel.py (DP ranks each hold the whole attention), vllm/utils/argparse_utils.py
      // FlexibleArgumentParser (--config YAML, -O3), ModelConfig.verify_with_parallel_config (heads
      // % TP) and vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory; vllm/envs.py
      // VLLM_KV_CACHE_LAYOUT, checked by the NIXL worker's _validate_remote_agent_handshake;
      // NixlConnector's compute_nixl_compatibility_hash
      // (vllm/distributed/kv_transfer/kv_connector/v1/nixl/metadata.py).
      // --dtype auto below SM80: vllm/config/model.py _resolve_auto_dtype picks the first of the
      // platform's supported_dtypes (vllm/platforms/cuda.py: bfloat16 from SM80, float16 from SM60,
      // float32 below) that the model type allows (_FLOAT16_NOT_SUPPORTED_MODELS), with a warning.
      // Added by vllm-project/vllm#17265 (opened 2025-04-27, after v0.8.4 of 2025-04-14; placed at
      // 0.9.0: whether v0.8.5, tagged the next day, carries it is not established, so 0.8.5 is
      // judged as before); before it, ValueError "Bfloat16 is only supported on GPUs with compute
      // capability of at least 8.0" (vllm#1157, #946).
      // -dcp: "For DeepSeek-R1 … 1 kv-head when MLA is enabled. … -tp 8 causes 8x KV cache
      // duplication. … adding -dcp 8 … reduce[s] the KV cache duplication"
      // (docs/serving/context_parallel_deployment.md, vllm#26877); a GQA model needs
      // tp_size > total_num_kv_heads for it (vllm#41623).
      // `vllm serve`'s parser is a FlexibleArgumentParser made by subparsers.add_parser("serve")
      // (vllm/entrypoints/cli/serve.py ServeSubcommand.subparser_init @00a5fdd2), which passes no
      // allow_abbrev; FlexibleArgumentParser.__init__ (vllm/utils/argparse_utils.py @00da11e3)
      // sets only formatter_class: argparse's default, long options abbreviate.
      // Its config-derived switches are BooleanOptionalAction ("Creates --no-<name> and --<name>
      // flags": vllm/engine/arg_utils.py _compute_kwargs @99d7eb5d, every bool field of a config
      // dataclass); the few registered with store_true are marked in launch_flags_vllm.cpp.
      .behaviour = {.data_parallel_attention = true, .config_files = ConfigFiles::yaml,
                    .attached_optimization_level = true, .long_option_prefixes = true, .negatable_switches = true,
                    .dcp_splits_kv_tokens = true, .heads_divide_by_tp = true, .one_request_must_fit = true,
                    .kv_layout_variable = "VLLM_KV_CACHE_LAYOUT", .hashed_handshake_connector = "NixlConnector",
                    .auto_dtype_fallback_since = "0.9.0", .auto_dtype_no_float16 = "gemma2 gemma3 gemma3_text plamo2 glm4",
                    .auto_dtype_source = "vllm/config/model.py _resolve_auto_dtype and _FLOAT16_NOT_SUPPORTED_MODELS; "
                                         "vllm/platforms/cuda.py supported_dtypes; vllm-project/vllm#17265",
                    // 0.8.5 to 0.9.2 parsed dict-typed options with parse_type(json.loads), which
                    // handed a value not matching ^{.*}$ to nullable_kvs (key=int pairs; earlier,
                    // --limit-mm-per-prompt was nullable_kvs only); 0.10.0 dropped the fallback.
                    .json_only_since = "0.10.0",
                    .json_only_source = "vllm/engine/arg_utils.py parse_type and nullable_kvs @v0.9.2; "
                                        "vllm-project/vllm#16789 and #16837 (the fallback), #20969 (its removal for "
                                        "v0.10.0, named in #20979); vllm-project/vllm#21615 (0.10.0 refusing image=N)"},
      .images = vllm_images, .kernel_routes = vllm_kernel_routes};
  return kRow;
}

}  // namespace kvdtype::tables
