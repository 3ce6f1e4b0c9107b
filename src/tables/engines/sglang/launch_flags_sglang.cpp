// sglang's serving flags, one row per flag: its spellings, how many words it takes and what
// kvdtype reads from it (the row type: tables/rows/launch_flag.hpp). Rows that only say "takes a
// value" or "takes none" exist so that the parser never swallows the model path or a later flag;
// flags absent here still parse and are listed in LaunchCommand::ignored.
//
// Sources (read 2026-10; spellings and arities as the engine registers them):
//   S  = sgl-project/sglang python/sglang/srt/server_args.py ServerArgs.add_cli_args
//        (argparse also accepts unambiguous prefixes: the docs' `--tp 8` is `--tp-size 8`)
//   SC/SL/SM/SP/SS = the same flags split per group at @4bc0b6e6: python/sglang/srt/args/cache_args.py,
//        logging_args.py, memory_args.py, parallel_args.py, speculative_args.py (read 2026-12)
#include <span>

#include "tables/rows/launch_flag.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

using A = Action;
using N = Arity;

constexpr LaunchFlag kSglang[] = {
    {"--model-path --model", N::value, A::model, {}, "S"},
    {"--kv-cache-dtype", N::value, A::field, "kv_cache_dtype", "S"},
    {"--dtype", N::value, A::model_dtype, {}, "S"},
    {"--attention-backend", N::value, A::backend, {}, "S"},
    {"--prefill-attention-backend", N::value, A::prefill_backend, {}, "S"},
    {"--decode-attention-backend", N::value, A::decode_backend, {}, "S"},
    // The sparse-attention kernels are a sub-choice of the `nsa` backend; the backend stays `nsa`
    // and the kernels are request fields of their own (server_args.py NSA_CHOICES).
    {"--nsa-prefill-backend --dsa-prefill-backend", N::value, A::field, "dsa_prefill_backend", "S (dsa-* newer)"},
    {"--nsa-decode-backend --dsa-decode-backend", N::value, A::field, "dsa_decode_backend", "S (dsa-* newer)"},
    // DeepSeek V4's kernel choice inside the dsv4 backend (auto = flashmla, trtllm), shared by
    // prefill and decode: read as the sparse-attention sub-backend, which the constraint rows of
    // constraints_sglang.cpp key on (sgl-project/sglang#30805: arg_groups/fields/exec_.py
    // ServerArgs.dsv4_attn_backend, arg_groups/deepseek_v4_hook.py).
    {"--dsv4-attn-backend", N::value, A::field, "dsa_decode_backend", "S (sgl-project/sglang#30805, merged 2026-07)"},
    {"--speculative-num-steps", N::value, A::field, "num_speculative_tokens", "S (draft steps per verify)"},
    {"--enable-hierarchical-cache", N::none, A::switch_yes, "hierarchical_cache", "S"},
    {"--disable-cuda-graph", N::none, A::switch_no, "cuda_graph", "S"},
    {"--disable-chunked-prefix-cache", N::none, A::switch_no, "chunked_prefix_cache", "S"},
    {"--tensor-parallel-size --tp-size --tp", N::value, A::field, "tensor_parallel_size", "S"},
    {"--data-parallel-size --dp-size --dp", N::value, A::field, "data_parallel_size", "S"},
    {"--enable-dp-attention", N::none, A::dp_attention, {}, "S"},
    {"--page-size", N::value, A::field, "block_size", "S"},
    // Abbreviations (`--mem-frac`, `--speculative-algo`) are argparse's rule, not rows: the
    // engine's row marks long_option_prefixes (engine_sglang.cpp; docs/inputs.md "Flags").
    {"--mem-fraction-static", N::value, A::field, "gpu_memory_utilization", "S (weights + KV pool); SM"},
    {"--context-length", N::value, A::max_model_len, {}, "S"},
    {"--quantization", N::value, A::quantization, {}, "S"},
    {"--quantization-param-path", N::value, A::quantization_param_path, {}, "S (KV scales JSON)"},
    {"--speculative-algorithm", N::value, A::speculative_algorithm, {}, "S, SS"},
    // Rows with a release (the last field) are options of that release on: before them the
    // prefix `--speculative-draft` was --speculative-draft-model-path alone (sglang#3362 ran it on
    // 0.4.2; sglang#9573 on 2025-08-25). The two were added by PRs whose first release is read
    // from the release table (PR merge dates; the release dates of 0.5.3 and 0.5.7 are unverified).
    {"--speculative-draft-model-path", N::value, A::speculative_model, {}, "S"},
    {"--speculative-draft-model", N::value, A::speculative_model, {},
     "S (alias: sgl-project/sglang#10246, merged 2025-09)", false, "0.5.3"},
    {"--speculative-draft-attention-backend", N::value, A::speculative_draft_backend, {},
     "S (sgl-project/sglang#14843, merged 2025-12-10)", false, "0.5.7"},
    // Absent on 2025-08-25 (sglang#9573's command abbreviated --speculative-draft), present at
    // @4bc0b6e6: 0.5.2 is the first release row it can be in; the PR adding it is not established.
    {"--speculative-draft-model-quantization", N::value, A::none, {}, "S; SS", false, "0.5.2"},
    {"--disaggregation-mode", N::value, A::disaggregation_mode, {}, "S (prefill/decode; null = off)"},
    {"--disaggregation-transfer-backend", N::value, A::disaggregation_backend, {}, "S (default mooncake)"},
    // Options sharing a prefix with the rows above, so that argparse's abbreviation rule sees them
    // (`--disaggregation-d` is ambiguous in SGLang; --disaggregation-bootstrap-port and
    // --speculative-attention-mode have their rows below).
    {"--disaggregation-decode-tp --disaggregation-decode-dp", N::value, A::none, {},
     "S (ServerArgs disaggregation_decode_tp, disaggregation_decode_dp)"},
    {"--json-model-override-args", N::json, A::json_checked, {}, "S"},
    {"--limit-mm-data-per-request", N::json, A::json_checked, {}, "S (a JSON dict; sglang#25160 launch)"},
    {"--fp4-gemm-backend", N::value, A::none, {}, "S (FP4 GEMM kernel choice; sglang#17880 launch)"},
    {"--disable-flashinfer-autotune", N::none, A::none, {}, "S (store_true; sglang#17880 launch)"},
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
    // Seen in 2026 launch commands (tests/conformance/launch_2026s46.jsonl).
    {"--enable-metrics --enable-cache-report", N::none, A::none, {}, "SL (store_true)"},
    {"--enable-priority-scheduling", N::none, A::none, {}, "SM (store_true)"},
    {"--enable-flashinfer-allreduce-fusion", N::none, A::none, {}, "SP (store_true)"},
    {"--enable-mixed-chunk --enable-mm-global-cache --enable-tokenizer-batch-encode", N::none, A::none, {},
     "S (store_true)"},
    {"--enable-dp-lm-head --disable-radix-cache", N::none, A::none, {}, "S (store_true; sglang#18389 launch)"},
    {"--watchdog-timeout --load-balance-method --disaggregation-ib-device", N::value, A::none, {}, "S, SP"},
    {"--weight-loader-prefetch-checkpoints", N::none, A::none, {}, "S (store_true; sglang test TestWeightLoaderPrefetch)"},
    {"--dcp-size", N::value, A::field, "decode_context_parallel_size",
     "S (2026: decode context parallel, sglang#14194; sglang tests pass --dcp-size 2)"},
    {"--mamba-full-memory-ratio --mamba-scheduler-strategy --mamba-radix-cache-strategy --mamba-ssm-dtype "
     "--mamba-track-interval --max-mamba-cache-size --hicache-ratio --hicache-size --hicache-write-policy "
     "--hicache-io-backend --hicache-mem-layout --hicache-storage-backend --hicache-storage-prefetch-policy "
     "--hicache-storage-backend-extra-config",
     N::value, A::none, {}, "SC (--mamba-radix-cache-strategy: the newer name, sglang#29905)"},
    {"--log-level-http --default-priority-value --swa-full-tokens-ratio --weight-loader-prefetch-num-threads "
     "--model-loader-extra-config",
     N::value, A::none, {}, "SL, SM, S (--model-loader-extra-config is a JSON string read later, not checked here)"},
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
     "--speculative-eagle-topk --speculative-num-draft-tokens "
     "--speculative-attention-mode "
     "--disaggregation-bootstrap-port --log-level --device --schedule-policy --base-gpu-id",
     N::value, A::none, {}, "S"},
};

}  // namespace

std::span<const LaunchFlag> sglang_launch_flags() noexcept { return kSglang; }

}  // namespace kvdtype::tables
