// vllm's serving flags, one row per flag: its spellings, how many words it takes and what
// kvdtype reads from it (the row type: tables/rows/launch_flag.hpp). Rows that only say "takes a
// value" or "takes none" exist so that the parser never swallows the model path or a later flag;
// flags absent here still parse and are listed in LaunchCommand::ignored.
//
// Sources (read 2026-10; spellings and arities as the engine registers them):
//   V  = vllm-project/vllm vllm/engine/arg_utils.py EngineArgs.add_cli_args (@99d7eb5d and main:
//        -ep, -sc, -cc, -ac and --attention-backend are main-only; -O is the older --compilation-config
//        alias). Booleans there are BooleanOptionalAction, so --no-<flag> exists for each
//        (EngineBehaviour::negatable_switches); the rows marked `true` at the end are store_true.
//   VF = vllm-project/vllm vllm/entrypoints/openai/cli_args.py (the API server's own flags)
//   VO = vLLM < 0.9 speculative flags (--speculative-model …), still found in older recipes
#include <span>

#include "tables/rows/launch_flag.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

using A = Action;
using N = Arity;

constexpr LaunchFlag kVllm[] = {
    // What the KV cache depends on.
    {"--model", N::value, A::model, {}, "V"},
    {"--kv-cache-dtype", N::value, A::field, "kv_cache_dtype", "V"},
    {"--dtype", N::value, A::model_dtype, {}, "V"},
    {"--attention-backend", N::value, A::backend, {}, "V (main)"},
    {"--attention-config -ac", N::json, A::attention_config, {}, "V (main)"},
    {"--tensor-parallel-size -tp", N::value, A::field, "tensor_parallel_size", "V"},
    {"--data-parallel-size -dp", N::value, A::field, "data_parallel_size", "V"},
    {"--block-size", N::value, A::field, "block_size", "V"},
    {"--gpu-memory-utilization", N::value, A::field, "gpu_memory_utilization", "V"},
    {"--max-model-len", N::value, A::max_model_len, {}, "V (accepts 128k, 1M, -1)"},
    {"--quantization -q", N::value, A::quantization, {}, "V"},
    {"--quantization-param-path", N::value, A::quantization_param_path, {}, "V (< 0.8: KV scales JSON)"},
    {"--calculate-kv-scales", N::none, A::calculate_kv_scales, {}, "V"},
    // CacheConfig.kv_cache_dtype_skip_layers: list[str] (vllm/config/cache.py; a list field is
    // nargs="+" through arg_utils.py _compute_kwargs): layer indices ('0', '2') or attention
    // types ('sliding_window') whose KV cache stays unquantized, in the model dtype. From
    // vllm-project/vllm#33695 (in use by 2026-04-22, vllm-project.github.io#195; MLA layers from
    // #47309; NVFP4 with it in #42345); first release not established. The plan kvdtype makes
    // is one cache for every layer, so the command is checked as incomplete (KVD080).
    {"--kv-cache-dtype-skip-layers", N::list, A::unmodelled,
     "the per-layer cache of|vLLM keeps the layers it names (indices or attention types) in the model dtype and "
     "quantizes the others; kvdtype plans one cache for every layer, so the plan and capacity shown are those of "
     "the quantized cache everywhere",
     "V (CacheConfig.kv_cache_dtype_skip_layers; vllm#33695)"},
    // Options that share a prefix with the rows above (argparse's abbreviation rule judges a
    // prefix against every option: `--kv-offloading` is ambiguous, not --kv-offloading-size).
    {"--kv-offloading-backend --kv-cache-memory-bytes --mamba-cache-dtype --mamba-ssm-cache-dtype "
     "--prefix-caching-hash-algo",
     N::value, A::none, {}, "V (CacheConfig: native/lmcache; an explicit KV budget, understood, not carried)"},
    {"--enable-prompt-embeds --disable-sliding-window --disable-cascade-attn --disable-hybrid-kv-cache-manager",
     N::none, A::none, {}, "V (ModelConfig, SchedulerConfig bools: BooleanOptionalAction)"},
    {"--enable-sleep-mode", N::none, A::engine_option, "enable_sleep_mode", "V (CuMem allocator for LLM.sleep / POST /sleep; launch_vllm.cpp)"},
    {"--speculative-config -sc", N::json, A::speculative_config, {}, "V (-sc main)"},
    {"--kv-transfer-config", N::json, A::kv_transfer_config, {}, "V"},
    {"--kv-offloading-size", N::value, A::kv_connector, {}, "V (native offloading is an OffloadingConnector)"},
    {"--speculative-model", N::value, A::speculative_model, {}, "VO"},
    {"--speculative-draft-tensor-parallel-size", N::value, A::speculative_draft_tp, {}, "VO"},
    {"--num-speculative-tokens", N::value, A::field, "num_speculative_tokens", "VO"},
    {"--speculative-model-quantization", N::value, A::none, {}, "VO"},
    {"--config", N::value, A::config_file, {}, "VF (YAML file of flags)"},
    // JSON-valued flags: validated so that a broken launch line is reported before launch.
    {"--compilation-config -O -cc", N::json, A::json_or_text, {}, "V (-O 3 and -O '{…}'; -cc main)"},
    {"--hf-overrides", N::json, A::json_checked, {}, "V"},
    {"--kv-events-config", N::json, A::json_checked, {}, "V"},
    {"--additional-config", N::json, A::json_checked, {}, "V"},
    {"--override-generation-config", N::json, A::json_checked, {}, "V"},
    {"--model-loader-extra-config", N::json, A::json_checked, {}, "V"},
    {"--mm-processor-kwargs", N::json, A::json_checked, {}, "V"},
    {"--rope-scaling", N::json, A::json_checked, {}, "V"},
    {"--eplb-config", N::json, A::json_checked, {}, "V"},
    {"--structured-outputs-config", N::json, A::json_checked, {}, "V"},
    {"--limit-mm-per-prompt", N::json, A::json_checked, {}, "V"},
    // Switches that do not start with --enable-/--disable- (those are switches by default).
    {"--trust-remote-code", N::none, A::none, {}, "V"},
    {"--enforce-eager", N::none, A::switch_no, "cuda_graph", "V"},
    {"--enable-expert-parallel -ep", N::none, A::none, {}, "V (-ep main)"},
    {"--async-scheduling", N::none, A::none, {}, "V"},
    {"--headless", N::none, A::none, {}, "VF (store_true)", true},
    {"--data-parallel-hybrid-lb -dph", N::none, A::none, {}, "V"},
    {"--data-parallel-external-lb -dpe", N::none, A::none, {}, "V"},
    {"--data-parallel-multi-port-external-lb -dpm", N::none, A::none, {}, "V (main)"},
    {"--skip-tokenizer-init", N::none, A::none, {}, "V"},
    {"--kv-sharing-fast-prefill", N::none, A::none, {}, "V"},
    {"--aggregate-engine-logging", N::none, A::none, {}, "V"},
    {"--ray-workers-use-nsight", N::none, A::none, {}, "V"},
    {"--use-tqdm-on-load", N::none, A::none, {}, "V"},
    {"--fully-sharded-loras", N::none, A::none, {}, "V"},
    {"--return-tokens-as-token-ids", N::none, A::none, {}, "VF"},
    {"--language-model-only", N::none, A::none, {}, "V (main)"},
    {"--mm-encoder-only", N::none, A::none, {}, "V (main)"},
    {"--skip-mm-profiling", N::none, A::none, {}, "V"},
    {"--interleave-mm-strings", N::none, A::none, {}, "V"},
    {"--allow-deprecated-quantization", N::none, A::none, {}, "V (main)"},
    {"--use-v2-block-manager", N::none, A::none, {}, "V (< 0.7; store_true)", true},
    // Seen in 2026 launch commands (tests/conformance/launch_2026s46.jsonl); switches the parser would
    // otherwise list as unknown. BooleanOptionalAction ones also take --no-<flag>.
    {"--enable-auto-tool-choice", N::none, A::none, {}, "VF (vllm#53836 non-default args: enable_auto_tool_choice)"},
    {"--enable-prefix-caching", N::none, A::none, {}, "V (BooleanOptionalAction; vllm#49878 non-default args)"},
    {"--enable-chunked-prefill", N::none, A::none, {}, "V (BooleanOptionalAction; vllm#49878 non-default args)"},
    {"--disable-custom-all-reduce", N::none, A::none, {}, "V (ParallelConfig.disable_custom_all_reduce)"},
    {"--enable-flashinfer-autotune", N::none, A::none, {}, "V (main; --no-… in vllm#41312: enable_flashinfer_autotune False)"},
    {"--enable-ssl-refresh", N::none, A::none, {}, "VF"},
    // Value flags with short spellings, and common ones, so that they are not reported as unknown.
    {"--pipeline-parallel-size -pp", N::value, A::none, {}, "V"},
    {"--decode-context-parallel-size -dcp", N::value, A::field, "decode_context_parallel_size",
     "V (docs/serving/context_parallel_deployment.md, vllm#26877: -dcp splits the KV tokens of the TP group)"},
    {"--prefill-context-parallel-size -pcp", N::value, A::none, {}, "V (main)"},
    {"--data-parallel-size-local -dpl", N::value, A::none, {}, "V"},
    {"--data-parallel-rank -dpn", N::value, A::none, {}, "V"},
    {"--data-parallel-start-rank -dpr", N::value, A::none, {}, "V"},
    {"--data-parallel-address -dpa", N::value, A::none, {}, "V"},
    {"--data-parallel-rpc-port -dpp", N::value, A::none, {}, "V"},
    {"--data-parallel-backend -dpb", N::value, A::none, {}, "V"},
    {"--nnodes -n", N::value, A::none, {}, "V (main)"},
    {"--node-rank -r", N::value, A::none, {}, "V (main)"},
    {"--hf-token", N::optional, A::none, {}, "V (nargs='?')"},
    {"--runner", N::value, A::none, {}, "V (ModelConfig.runner: auto, generate, pooling, draft)"},
    {"--performance-mode", N::value, A::none, {}, "V (main, 2026; vllm#42426 launch)"},
    // Seen in 2026 launch commands (tests/conformance/launch_2026s47.jsonl).
    {"--max-cudagraph-capture-size --stream-interval --long-prefill-token-threshold", N::value, A::none, {},
     "V (CompilationConfig.max_cudagraph_capture_size, SchedulerConfig; vllm#48602, vllm#35891 launches)"},
    {"--disable-log-stats", N::none, A::none, {}, "V (store_true; vllm#36287 launch)", true},
    {"--mm-encoder-tp-mode --allowed-local-media-path --moe-backend --ssl-keyfile --ssl-certfile --ssl-ca-certs",
     N::value, A::none, {}, "V, VF (vllm#42426, vllm#51454 non-default args: moe_backend)"},
    {"--default-chat-template-kwargs", N::json, A::json_checked, {}, "VF (vllm#49878 non-default args: a dict)"},
    {"--served-model-name", N::list, A::none, {}, "V (nargs='+')"},
    {"--cudagraph-capture-sizes --cuda-graph-sizes", N::list, A::none, {}, "V"},
    {"--host --port --uds --api-key --api-server-count --uvicorn-log-level --chat-template --tool-call-parser "
     "--reasoning-parser --tokenizer --tokenizer-mode --revision --seed --swap-space --cpu-offload-gb "
     "--max-num-seqs --max-num-batched-tokens --max-logprobs --load-format --download-dir "
     "--distributed-executor-backend --all2all-backend --master-addr --master-port",
     N::value, A::none, {}, "V, VF"},
};

}  // namespace

std::span<const LaunchFlag> vllm_launch_flags() noexcept { return kVllm; }

}  // namespace kvdtype::tables
