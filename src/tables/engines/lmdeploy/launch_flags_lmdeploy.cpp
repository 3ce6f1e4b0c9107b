// lmdeploy's serving flags, one row per flag: its spellings, how many words it takes and what
// kvdtype reads from it (the row type: tables/rows/launch_flag.hpp). Rows that only say "takes a
// value" or "takes none" exist so that the parser never swallows the model path or a later flag;
// flags absent here still parse and are listed in LaunchCommand::ignored.
//
// Sources (read 2026-10; spellings and arities as the engine registers them):
//   M  = InternLM/lmdeploy lmdeploy/cli/serve.py, cli/chat.py, cli/utils.py ArgumentHelper
#include <span>

#include "tables/rows/launch_flag.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

using A = Action;
using N = Arity;

constexpr LaunchFlag kLmdeploy[] = {
    {"--backend", N::value, A::field, "backend", "M (turbomind or pytorch; default turbomind)"},
    {"--quant-policy", N::value, A::engine_option, "quant_policy", "M (checked by launch_lmdeploy.cpp)"},
    {"--tp", N::value, A::field, "tensor_parallel_size", "M"},
    {"--dp", N::value, A::field, "data_parallel_size", "M"},
    {"--dtype", N::value, A::model_dtype, {}, "M (auto, float16, bfloat16)"},
    {"--session-len", N::value, A::max_model_len, {}, "M"},
    {"--cache-block-seq-len", N::value, A::field, "block_size", "M"},
    {"--device", N::value, A::engine_option, "device", "M (cuda, ascend, maca, camb)"},
    {"--model-format", N::value, A::engine_option, "model_format",
     "M (hf, awq, gptq, fp8, …: the weights' format; checked by launch_lmdeploy.cpp)"},
    {"--server-name --server-port --model-name --cache-max-entry-count --max-batch-size "
     "--chat-template --revision --download-dir --log-level --api-keys --max-prefill-token-num --adapters "
     "--hf-overrides --reasoning-parser --tool-call-parser --max-log-len --num-tokens-per-iter --max-prefill-iters "
     "--communicator --ep --cp --nnodes --node-rank",
     N::value, A::none, {}, "M"},
    {"--enable-prefix-caching --trust-remote-code --allow-credentials --eager-mode --disable-fastapi-docs "
     "--enable-metrics --proxy-url",
     N::none, A::none, {}, "M"},
};

}  // namespace

std::span<const LaunchFlag> lmdeploy_launch_flags() noexcept { return kLmdeploy; }

}  // namespace kvdtype::tables
