// trtllm's serving flags, one row per flag: its spellings, how many words it takes and what
// kvdtype reads from it (the row type: tables/rows/launch_flag.hpp). Rows that only say "takes a
// value" or "takes none" exist so that the parser never swallows the model path or a later flag;
// flags absent here still parse and are listed in LaunchCommand::ignored.
//
// Sources (read 2026-10; spellings and arities as the engine registers them):
//   T  = NVIDIA/TensorRT-LLM tensorrt_llm/commands/serve.py (click options, underscore spellings)
//   D  = ai-dynamo/dynamo components/src/dynamo/trtllm/backend_args.py @0a6a115c (the dynamo.trtllm
//        worker's own spellings of the same settings)
#include <span>

#include "tables/rows/launch_flag.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

using A = Action;
using N = Arity;

constexpr LaunchFlag kTrtllm[] = {
    {"--model --model-path", N::value, A::model, {}, "T"},
    {"--kv-cache-dtype", N::value, A::field, "kv_cache_dtype", "T (newer releases)"},
    {"--tensor-parallel-size --tp-size", N::value, A::field, "tensor_parallel_size", "T"},
    {"--max-seq-len", N::value, A::max_model_len, {}, "T"},
    // Not --gpu-memory-utilization: TensorRT-LLM's fraction is of the memory left after weights.
    {"--free-gpu-memory-fraction --kv-cache-free-gpu-memory-fraction", N::value, A::none, {}, "T"},
    {"--extra-llm-api-options --config --extra-engine-args", N::value, A::engine_option, "extra_llm_api_options",
     "T (YAML: kv_cache_config.dtype, attn_backend; read by launch_trtllm.cpp); D (--extra-engine-args)"},
    {"--backend", N::value, A::engine_option, "runtime", "T (the runtime: pytorch, trt or _autodeploy; _autodeploy names AD_<op>, launch_trtllm.cpp)"},
    {"--trust-remote-code", N::none, A::none, {}, "T"},
    {"--pipeline-parallel-size --pp-size --context-parallel-size --cp-size --moe-expert-parallel-size --ep-size "
     "--moe-cluster-parallel-size --cluster-size --gpus-per-node --host --port --log-level "
     "--max-batch-size --max-num-tokens --served-model-name --tokenizer --reasoning-parser --tool-parser "
     "--num-postprocess-workers --revision",
     N::value, A::none, {}, "T (--backend is the runtime, pytorch or trt, not an attention backend)"},
    {"--expert-parallel-size --kv-block-size --disaggregation-mode --override-engine-args --modality "
     "--encode-endpoint --load-format",
     N::value, A::none, {}, "D"},
};

}  // namespace

std::span<const LaunchFlag> trtllm_launch_flags() noexcept { return kTrtllm; }

}  // namespace kvdtype::tables
