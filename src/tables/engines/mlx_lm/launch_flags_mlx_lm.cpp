// mlx_lm's flags, one row per flag, for both of its programs: its spellings, how many words it
// takes and what kvdtype reads from it (the row type: tables/rows/launch_flag.hpp). Rows that only
// say "takes a value" or "takes none" exist so that the parser never swallows a later flag; flags
// absent here still parse and are listed in LaunchCommand::ignored.
//
// Sources (read 2026-12 at ml-explore/mlx-lm v0.31.3 / d78bf58e, spellings and arities as argparse
// registers them):
//   G = mlx_lm/generate.py setup_arg_parser (mlx_lm.generate; mlx_lm.cache_prompt shares the KV flags)
//   S = mlx_lm/server.py main() (mlx_lm.server): no KV-cache flag at all; launch_mlx_lm.cpp marks a
//       server command that gives one (rule KVD290)
// `-m` is --max-tokens in mlx_lm.generate, not the model.
#include <span>

#include "tables/rows/launch_flag.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

using A = Action;
using N = Arity;

constexpr LaunchFlag kMlxLm[] = {
    {"--model", N::value, A::model, {}, "G S"},
    {"--kv-bits", N::value, A::engine_option, "kv_bits", "G (int, default None; read by launch_mlx_lm.cpp)"},
    {"--kv-group-size", N::value, A::engine_option, "kv_group_size", "G (int, default 64)"},
    {"--quantized-kv-start", N::value, A::engine_option, "quantized_kv_start", "G (int, default 5000)"},
    {"--max-kv-size", N::value, A::engine_option, "max_kv_size", "G (a RotatingKVCache of that size)"},
    {"--adapter-path --extra-eos-token --system-prompt --prompt -p --prefill-response --max-tokens -m --temp "
     "--top-p --min-p --top-k --xtc-probability --xtc-threshold --min-tokens-to-keep --seed --chat-template-config "
     "--verbose --prompt-cache-file --draft-model --num-draft-tokens --host --port --allowed-origins --log-level "
     "--chat-template --chat-template-args --decode-concurrency --prompt-concurrency --prefill-step-size "
     "--prompt-cache-size --prompt-cache-bytes",
     N::value, A::none, {}, "G S"},
    {"--trust-remote-code --ignore-chat-template --use-default-chat-template --quantize-activations --pipeline",
     N::none, A::none, {}, "G S"},
};

}  // namespace

std::span<const LaunchFlag> mlx_lm_launch_flags() noexcept { return kMlxLm; }

}  // namespace kvdtype::tables
