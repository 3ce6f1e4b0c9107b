// The serving flags of each engine, one row per flag: its spellings, how many words it takes and
// what kvdtype reads from it. Rows that only say "takes a value" or "takes none" exist so that
// the parser never swallows the model path or a later flag; flags absent here still parse (see
// launch_flags.hpp) and are listed in LaunchCommand::ignored.
//
// Sources (read 2026-10; spellings and arities as the engines register them):
//   V  = vllm-project/vllm vllm/engine/arg_utils.py EngineArgs.add_cli_args (@99d7eb5d and main:
//        -ep, -sc, -cc, -ac and --attention-backend are main-only; -O is the older --compilation-config
//        alias). Booleans there are BooleanOptionalAction, so --no-<flag> exists for each.
//   VF = vllm-project/vllm vllm/entrypoints/openai/cli_args.py (the API server's own flags)
//   VO = vLLM < 0.9 speculative flags (--speculative-model …), still found in older recipes
//   S  = sgl-project/sglang python/sglang/srt/server_args.py ServerArgs.add_cli_args
//        (argparse also accepts unambiguous prefixes: the docs' `--tp 8` is `--tp-size 8`)
//   T  = NVIDIA/TensorRT-LLM tensorrt_llm/commands/serve.py (click options, underscore spellings)
//   L  = ggml-org/llama.cpp common/arg.cpp common_params_parser_init (llama-server, llama-cli, llama-bench
//        share these spellings; llama-bench takes comma lists)
//   M  = InternLM/lmdeploy lmdeploy/cli/serve.py, cli/chat.py, cli/utils.py ArgumentHelper
#include <span>
#include <string>
#include <string_view>

#include "sources/launch/launch_flags.hpp"

namespace kvdtype::io::detail {

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
    {"--speculative-config -sc", N::json, A::speculative_config, {}, "V (-sc main)"},
    {"--kv-transfer-config", N::json, A::kv_transfer_config, {}, "V"},
    {"--kv-offloading-size", N::value, A::kv_connector, {}, "V (native offloading is an OffloadingConnector)"},
    {"--speculative-model", N::value, A::speculative_model, {}, "VO"},
    {"--speculative-draft-tensor-parallel-size", N::value, A::speculative_draft_tp, {}, "VO"},
    {"--num-speculative-tokens", N::value, A::none, {}, "VO"},
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
    {"--enforce-eager", N::none, A::none, {}, "V"},
    {"--enable-expert-parallel -ep", N::none, A::none, {}, "V (-ep main)"},
    {"--async-scheduling", N::none, A::none, {}, "V"},
    {"--headless", N::none, A::none, {}, "VF"},
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
    {"--use-v2-block-manager", N::none, A::none, {}, "V (< 0.7)"},
    // Value flags with short spellings, and common ones, so that they are not reported as unknown.
    {"--pipeline-parallel-size -pp", N::value, A::none, {}, "V"},
    {"--decode-context-parallel-size -dcp", N::value, A::none, {}, "V"},
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
    {"--served-model-name", N::list, A::none, {}, "V (nargs='+')"},
    {"--cudagraph-capture-sizes --cuda-graph-sizes", N::list, A::none, {}, "V"},
    {"--host --port --uds --api-key --api-server-count --uvicorn-log-level --chat-template --tool-call-parser "
     "--reasoning-parser --tokenizer --tokenizer-mode --revision --seed --swap-space --cpu-offload-gb "
     "--max-num-seqs --max-num-batched-tokens --max-logprobs --load-format --download-dir "
     "--distributed-executor-backend --all2all-backend --master-addr --master-port",
     N::value, A::none, {}, "V, VF"},
};

constexpr LaunchFlag kSglang[] = {
    {"--model-path --model", N::value, A::model, {}, "S"},
    {"--kv-cache-dtype", N::value, A::field, "kv_cache_dtype", "S"},
    {"--dtype", N::value, A::model_dtype, {}, "S"},
    {"--attention-backend", N::value, A::backend, {}, "S"},
    {"--prefill-attention-backend", N::value, A::prefill_backend, {}, "S"},
    {"--decode-attention-backend", N::value, A::decode_backend, {}, "S"},
    // The sparse-attention kernels are a sub-choice of the `nsa` backend; the backend stays `nsa`.
    {"--nsa-prefill-backend --dsa-prefill-backend --nsa-decode-backend --dsa-decode-backend", N::value, A::none, {},
     "S (dsa-* newer)"},
    {"--tensor-parallel-size --tp-size --tp", N::value, A::field, "tensor_parallel_size", "S"},
    {"--data-parallel-size --dp-size --dp", N::value, A::field, "data_parallel_size", "S"},
    {"--enable-dp-attention", N::none, A::dp_attention, {}, "S"},
    {"--page-size", N::value, A::field, "block_size", "S"},
    {"--mem-fraction-static", N::value, A::field, "gpu_memory_utilization", "S (weights + KV pool)"},
    {"--context-length", N::value, A::max_model_len, {}, "S"},
    {"--quantization", N::value, A::quantization, {}, "S"},
    {"--quantization-param-path", N::value, A::quantization_param_path, {}, "S (KV scales JSON)"},
    {"--speculative-algorithm", N::value, A::speculative_algorithm, {}, "S"},
    {"--speculative-draft-model-path --speculative-draft-model", N::value, A::speculative_model, {}, "S"},
    {"--speculative-draft-attention-backend", N::value, A::speculative_draft_backend, {}, "S"},
    {"--disaggregation-mode", N::value, A::disaggregation_mode, {}, "S (prefill/decode; null = off)"},
    {"--disaggregation-transfer-backend", N::value, A::disaggregation_backend, {}, "S (default mooncake)"},
    {"--json-model-override-args", N::json, A::json_checked, {}, "S"},
    {"--kv-events-config", N::json, A::json_checked, {}, "S"},
    {"--trust-remote-code", N::none, A::none, {}, "S"},
    {"--skip-server-warmup", N::none, A::none, {}, "S"},
    {"--skip-tokenizer-init", N::none, A::none, {}, "S"},
    {"--is-embedding", N::none, A::none, {}, "S"},
    {"--stream-output", N::none, A::none, {}, "S"},
    {"--log-requests", N::none, A::none, {}, "S"},
    {"--show-time-cost", N::none, A::none, {}, "S"},
    {"--sleep-on-idle", N::none, A::none, {}, "S"},
    {"--grpc-mode", N::none, A::none, {}, "S"},
    {"--allow-auto-truncate", N::none, A::none, {}, "S"},
    {"--quantize-and-serve", N::none, A::none, {}, "S"},
    {"--collect-tokens-histogram", N::none, A::none, {}, "S"},
    {"--prefill-round-robin-balance", N::none, A::none, {}, "S"},
    {"--checkpoint-engine-wait-weights-before-ready", N::none, A::none, {}, "S"},
    {"--keep-mm-feature-on-device", N::none, A::none, {}, "S"},
    {"--expert-parallel-size --ep-size --ep", N::value, A::none, {}, "S"},
    {"--pipeline-parallel-size --pp-size --pp", N::value, A::none, {}, "S"},
    {"--hybrid-kvcache-ratio", N::optional, A::none, {}, "S (nargs='?')"},
    {"--lora-paths --cuda-graph-bs --tokenizer-metrics-allowed-custom-labels --bucket-time-to-first-token "
     "--bucket-inter-token-latency --bucket-e2e-request-latency --prompt-tokens-buckets --generation-tokens-buckets",
     N::list, A::none, {}, "S (nargs='+')"},
    {"--host --port --api-key --served-model-name --chat-template --tool-call-parser --reasoning-parser "
     "--tokenizer-path --tokenizer-mode --revision --random-seed --chunked-prefill-size --max-prefill-tokens "
     "--max-running-requests --max-total-tokens --cuda-graph-max-bs --load-format --download-dir --nnodes "
     "--node-rank --dist-init-addr --moe-a2a-backend --moe-runner-backend --moe-dense-tp-size "
     "--speculative-num-steps --speculative-eagle-topk --speculative-num-draft-tokens "
     "--speculative-draft-model-quantization --speculative-attention-mode "
     "--disaggregation-bootstrap-port --log-level --device --schedule-policy --base-gpu-id",
     N::value, A::none, {}, "S"},
};

constexpr LaunchFlag kTrtllm[] = {
    {"--model --model-path", N::value, A::model, {}, "T"},
    {"--kv-cache-dtype", N::value, A::field, "kv_cache_dtype", "T (newer releases)"},
    {"--tensor-parallel-size --tp-size", N::value, A::field, "tensor_parallel_size", "T"},
    {"--max-seq-len", N::value, A::max_model_len, {}, "T"},
    // Not --gpu-memory-utilization: TensorRT-LLM's fraction is of the memory left after weights.
    {"--free-gpu-memory-fraction --kv-cache-free-gpu-memory-fraction", N::value, A::none, {}, "T"},
    {"--extra-llm-api-options --config", N::value, A::engine_option, "extra_llm_api_options",
     "T (YAML: kv_cache_config.dtype, attn_backend; read by launch_trtllm.cpp)"},
    {"--backend", N::value, A::engine_option, "runtime", "T (the runtime: pytorch, trt or _autodeploy)"},
    {"--trust-remote-code", N::none, A::none, {}, "T"},
    {"--pipeline-parallel-size --pp-size --context-parallel-size --cp-size --moe-expert-parallel-size --ep-size "
     "--moe-cluster-parallel-size --cluster-size --gpus-per-node --host --port --log-level "
     "--max-batch-size --max-num-tokens --served-model-name --tokenizer --reasoning-parser --tool-parser "
     "--num-postprocess-workers --revision",
     N::value, A::none, {}, "T (--backend is the runtime, pytorch or trt, not an attention backend)"},
};

bool contains_word(std::string_view words, std::string_view w) noexcept {
  std::size_t i = 0;
  while (i < words.size()) {
    while (i < words.size() && words[i] == ' ') ++i;
    std::size_t j = i;
    while (j < words.size() && words[j] != ' ') ++j;
    if (j > i && words.substr(i, j - i) == w) return true;
    i = j;
  }
  return false;
}

constexpr LaunchFlag kLlamacpp[] = {
    {"-m --model", N::value, A::model, {}, "L"},
    {"-ctk --cache-type-k", N::value, A::field, "kv_cache_dtype", "L (checked against kv_cache_types by launch_llamacpp.cpp)"},
    {"-ctv --cache-type-v", N::value, A::field, "v_cache_dtype", "L"},
    // on|off|auto in current builds; a bare switch (meaning on) in older ones; llama-bench takes 0,1 lists.
    {"-fa --flash-attn", N::optional, A::engine_option, "flash_attn", "L"},
    {"-ngl --gpu-layers --n-gpu-layers", N::value, A::engine_option, "gpu_layers", "L"},
    {"-nkvo --no-kv-offload", N::none, A::engine_option, "no_kv_offload", "L (the KV cache stays in host memory)"},
    {"-c --ctx-size", N::value, A::max_model_len, {}, "L"},
    {"-ctkd --cache-type-k-draft -ctvd --cache-type-v-draft -md --model-draft -ngld --gpu-layers-draft "
     "--n-gpu-layers-draft",
     N::value, A::none, {}, "L (the drafter's cache is not checked)"},
    {"--host --port -t --threads -tb --threads-batch -b --batch-size -ub --ubatch-size -np --parallel -a --alias "
     "--api-key -hf --hf-repo -hff --hf-file -p --prompt -n --n-predict -ts --tensor-split -sm --split-mode "
     "-mg --main-gpu --chat-template --chat-template-file --reasoning-format --temp -s --seed -dev --device "
     "-ot --override-tensor --mmproj -r -o --output",
     N::value, A::none, {}, "L"},
    {"--jinja --mlock --no-mmap -cb --cont-batching -nocb --no-cont-batching --metrics --embedding --embeddings "
     "-v --verbose --log-disable --no-webui --swa-full -kvu --kv-unified -cnv --conversation -no-cnv "
     "--no-conversation -i --interactive -e --escape --slots --props",
     N::none, A::none, {}, "L"},
};

constexpr LaunchFlag kLmdeploy[] = {
    {"--backend", N::value, A::field, "backend", "M (turbomind or pytorch; default turbomind)"},
    {"--quant-policy", N::value, A::engine_option, "quant_policy", "M (checked by launch_lmdeploy.cpp)"},
    {"--tp", N::value, A::field, "tensor_parallel_size", "M"},
    {"--dp", N::value, A::field, "data_parallel_size", "M"},
    {"--dtype", N::value, A::model_dtype, {}, "M (auto, float16, bfloat16)"},
    {"--session-len", N::value, A::max_model_len, {}, "M"},
    {"--cache-block-seq-len", N::value, A::field, "block_size", "M"},
    {"--device", N::value, A::engine_option, "device", "M (cuda, ascend, maca, camb)"},
    {"--server-name --server-port --model-name --model-format --cache-max-entry-count --max-batch-size "
     "--chat-template --revision --download-dir --log-level --api-keys --max-prefill-token-num --adapters "
     "--hf-overrides --reasoning-parser --tool-call-parser --max-log-len --num-tokens-per-iter --max-prefill-iters "
     "--communicator --ep --cp --nnodes --node-rank",
     N::value, A::none, {}, "M"},
    {"--enable-prefix-caching --trust-remote-code --allow-credentials --eager-mode --disable-fastapi-docs "
     "--enable-metrics --proxy-url",
     N::none, A::none, {}, "M"},
};

// The flag table of each engine, by Engine value (an engine without a row has no flag table).
struct EngineFlags {
  Engine engine;
  std::span<const LaunchFlag> flags;
};
constexpr EngineFlags kEngineFlags[] = {
    {Engine::vllm, kVllm},         {Engine::sglang, kSglang},     {Engine::trtllm, kTrtllm},
    {Engine::llamacpp, kLlamacpp}, {Engine::lmdeploy, kLmdeploy},
};

}  // namespace

std::span<const LaunchFlag> launch_flags(Engine engine) noexcept {
  for (const EngineFlags& e : kEngineFlags)
    if (e.engine == engine) return e.flags;
  return {};
}

const LaunchFlag* find_launch_flag(Engine engine, std::string_view name) noexcept {
  for (const LaunchFlag& f : launch_flags(engine))
    if (contains_word(f.names, name)) return &f;
  return nullptr;
}

}  // namespace kvdtype::io::detail
