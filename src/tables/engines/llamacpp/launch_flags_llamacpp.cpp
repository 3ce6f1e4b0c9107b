// llamacpp's serving flags, one row per flag: its spellings, how many words it takes and what
// kvdtype reads from it (the row type: tables/rows/launch_flag.hpp). Rows that only say "takes a
// value" or "takes none" exist so that the parser never swallows the model path or a later flag;
// flags absent here still parse and are listed in LaunchCommand::ignored.
//
// Sources (read 2026-10; spellings and arities as the engine registers them):
//   L  = ggml-org/llama.cpp common/arg.cpp common_params_parser_init (llama-server, llama-cli, llama-bench
//        share these spellings; llama-bench takes comma lists)
#include <span>

#include "tables/rows/launch_flag.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

using A = Action;
using N = Arity;

constexpr LaunchFlag kLlamacpp[] = {
    {"-m --model", N::value, A::model, {}, "L"},
    {"-ctk --cache-type-k", N::value, A::field, "kv_cache_dtype", "L (checked against kv_cache_types by launch_llamacpp.cpp)"},
    {"-ctv --cache-type-v", N::value, A::field, "v_cache_dtype", "L"},
    // on|off|auto in current builds; a bare switch (meaning on) in older ones; llama-bench takes 0,1 lists.
    {"-fa --flash-attn", N::optional, A::engine_option, "flash_attn", "L"},
    {"-ngl --gpu-layers --n-gpu-layers", N::value, A::engine_option, "gpu_layers", "L"},
    {"-nkvo --no-kv-offload", N::none, A::engine_option, "no_kv_offload", "L (the KV cache stays in host memory)"},
    // The positive form of the same option: {"-kvo", "--kv-offload"} / {"-nkvo", "--no-kv-offload"}
    // in one common_arg (common/arg.cpp, env LLAMA_ARG_KV_OFFLOAD); the last one given wins.
    {"-kvo --kv-offload", N::none, A::engine_option, "kv_offload", "L"},
    // --rpc SERVERS (comma-separated host:port of rpc-server processes, common/arg.cpp under
    // GGML_USE_RPC): their devices join the local ones, and layers with their KV cache are split
    // over all of them, so part of the cache lives on machines --gpu does not describe. Read by
    // launch_llamacpp.cpp: the request's remote_backend (rows on ggml-rpc's behaviour) and still
    // KVD080 for the remote devices themselves (docs/inputs.md, "llama.cpp --rpc").
    {"--rpc", N::value, A::engine_option, "rpc", "L (ggml-rpc: tools/rpc/README.md)"},
    // Server and context options around the cache that change nothing kvdtype checks.
    {"--cache-reuse -dt --defrag-thold --slot-save-path -sps --slot-prompt-similarity", N::value, A::none, {},
     "L (server KV reuse by shifting, N tokens; defrag deprecated)"},
    {"-no-kvu --no-kv-unified --no-host --repack -nr --no-repack", N::none, A::none, {}, "L"},
    // none|layer|row, and tensor from b8738 (PR ggml-org/llama.cpp#19378); llama-bench takes lists.
    {"-sm --split-mode", N::value, A::engine_option, "split_mode", "L (tensor: rules KVD209, KVD210)"},
    {"-c --ctx-size", N::value, A::max_model_len, {}, "L"},
    {"-ctkd --cache-type-k-draft -ctvd --cache-type-v-draft --spec-draft-type-k --spec-draft-type-v -md "
     "--model-draft -ngld --gpu-layers-draft --n-gpu-layers-draft",
     N::value, A::none, {}, "L (the drafter's cache is not checked)"},
    {"--host --port -t --threads -tb --threads-batch -b --batch-size -ub --ubatch-size -np --parallel -a --alias "
     "--api-key -hf --hf-repo -hff --hf-file -p --prompt -n --n-predict -ts --tensor-split "
     "-mg --main-gpu --chat-template --chat-template-file --reasoning-format --temp -s --seed -dev --device "
     "-ot --override-tensor --mmproj -r -o --output",
     N::value, A::none, {}, "L"},
    // Seen in 2026 launch commands (tests/conformance/launch_2026s46.jsonl). -cram: common/arg.cpp
    // {"-cram", "--cache-ram"} N (MiB, -1 = no limit); --spec-type takes a comma list (draft-mtp,ngram-mod).
    {"-fit --fit -fitt --fit-target -fitc --fit-ctx --prio --top-p --top-k --min-p --repeat-penalty "
     "-cram --cache-ram --spec-type --spec-draft-n-max --draft-max --draft-n --image-min-tokens --image-max-tokens "
     "-ctxcp --ctx-checkpoints --swa-checkpoints --presence-penalty -rea --reasoning --chat-template-kwargs "
     "-devd --device-draft -lm --load-mode",
     N::value, A::none, {}, "L"},
    {"--cache-prompt --no-cache-prompt --context-shift --no-context-shift", N::none, A::none, {}, "L"},
    // Seen in 2026 launch commands (tests/conformance/launch_2026s47.jsonl): common/arg.cpp
    // {"-cmoe", "--cpu-moe"} (no value), {"--reasoning-budget"} "N" (renamed from --think-budget at b9625),
    // {"-ncmoe", "--n-cpu-moe"} N, --no-warmup (no value).
    {"-cmoe --cpu-moe --no-warmup", N::none, A::none, {}, "L (llama.cpp#20431 launch)"},
    {"--reasoning-budget -ncmoe --n-cpu-moe", N::value, A::none, {}, "L (llama.cpp#20431 launch)"},
    {"--jinja --mlock --no-mmap -cb --cont-batching -nocb --no-cont-batching --metrics --embedding --embeddings "
     "-v --verbose --log-disable --no-webui --swa-full -kvu --kv-unified -cnv --conversation -no-cnv "
     "--no-conversation -i --interactive -e --escape --slots --props",
     N::none, A::none, {}, "L"},
};

}  // namespace

std::span<const LaunchFlag> llamacpp_launch_flags() noexcept { return kLlamacpp; }

}  // namespace kvdtype::tables
