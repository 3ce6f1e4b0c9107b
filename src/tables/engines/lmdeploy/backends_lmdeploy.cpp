// LMDeploy's two engines, TurboMind (C++/CUDA) and the PyTorch engine, as its "backends"
// (--backend turbomind|pytorch), with what each accepts.
//
// Read from InternLM/lmdeploy 1263d5cd:
//   lmdeploy/messages.py TurbomindEngineConfig   quant_policy is a bit mask there (4 int4, 8 int8); its
//        assertion admits NONE, INT4, INT8 and TURBO_QUANT; FP8 policies are refused (the review of
//        InternLM/lmdeploy PR #4563 asked for exactly that: TurboMind has no fp8 flag, 16 would silently
//        run unquantized). Releases before FP8/TurboQuant accepted 0, 4, 8 in both engines.
//        cache_max_entry_count defaults to 0.8 (capacity.cpp).
//   lmdeploy/messages.py PytorchEngineConfig     quant_policy > 0 only on device types cuda and ascend
//   lmdeploy/cli/serve.py, cli/utils.py           --backend defaults to turbomind (the CLI falls back to
//        pytorch only for model architectures TurboMind lacks, which kvdtype does not model)
//   docs/en/quantization/kv_quant.md             int4/int8 KV on sm70, sm75, sm80/86, sm89, sm90
//   lmdeploy/pytorch/kernels/cuda/               the PyTorch engine's attention and cache-fill kernels
//        are Triton kernels (fill_kv_cache.py quantizes int4/int8 to uint8 codes with a scale and a
//        zero point per token and head: InternLM/lmdeploy PR #2438), so an fp8 e4m3 cache needs
//        Triton's fp8e4nv (sm_89 and newer)
//   lmdeploy/pytorch/engine/cache_engine.py       sparse MLA (DSA) accepts quant_policy none or fp8 only
#include "tables/tables.hpp"
#include "tables/words.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype::tables {
namespace {

constexpr Backend kLmdeployBackends[] = {
    {.engine = Engine::lmdeploy, .name = "turbomind", .aliases = "TurboMind tm", .platforms = "cuda",
     .attention = "mha gqa mqa mla", .kv_cache_dtypes = "0 4 8 42", .model_dtypes = "float16 bfloat16", .min_cc = 70,
     .notes = "the CLI default; int4/int8 KV quantized online in its own CUDA kernels; FP8 policies refused "
              "(assertion); sm_70 and newer; 42 passes its config check (whether its kernels implement TurboQuant "
              "was not read)",
     .source = "lmdeploy/messages.py TurbomindEngineConfig; docs/en/quantization/kv_quant.md; cli/utils.py --backend"},
    {.engine = Engine::lmdeploy, .name = "pytorch", .aliases = "PyTorch pt", .platforms = "cuda",
     .attention = "mha gqa mqa mla sparse-mla", .kv_cache_dtypes = "0 4 8 16 17 42",
     .model_dtypes = "float16 bfloat16", .fp8_path = Fp8Path::triton,
     .notes = "Triton kernels: an fp8_e4m3 cache (16) needs sm_89+; quant_policy > 0 only on CUDA (and Ascend)",
     .source = "lmdeploy/messages.py PytorchEngineConfig; pytorch/engine/cache_engine.py; pytorch/kernels/cuda"},
};
static_assert(closed_words_known(kLmdeployBackends), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

constexpr SelectionOrder kLmdeploySelection[] = {
    // DSA (sparse MLA) models are not TurboMind architectures: the CLI's autoget_backend moves them
    // to the PyTorch engine (the attention kind stands in for TurboMind's architecture list).
    {.engine = Engine::lmdeploy, .platform = "cuda", .attention = "sparse-mla", .order = "pytorch",
     .source = "lmdeploy/archs.py autoget_backend (falls back to pytorch for architectures TurboMind lacks)"},
    {.engine = Engine::lmdeploy, .platform = "cuda", .order = "turbomind",
     .source = "lmdeploy/cli/utils.py: --backend defaults to turbomind (no search among engines)"},
    // Other devices (Ascend, MACA, Cambricon) are not kvdtype targets; on ROCm and CPU the default
    // is refused by its row (KVD014).
    {.engine = Engine::lmdeploy, .platform = "rocm cpu", .order = "turbomind",
     .source = "lmdeploy/cli/utils.py --backend default; TurboMind builds for CUDA only"},
};
static_assert(closed_words_known(kLmdeploySelection), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

constexpr Constraint kLmdeployConstraints[] = {
    {.engine = Engine::lmdeploy, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "4 8 17 42", .attention = "sparse-mla"},
     .detail = "sparse MLA (DSA) models take quant_policy 0 or 16 (fp8) only: \"Sparse MLA does not support "
               "quant_policy\"",
     .source = "lmdeploy/pytorch/engine/cache_engine.py (sparse MLA quant_policy check)"},
    {.engine = Engine::lmdeploy, .rule = "KVD003",
     .when = {.kv_cache_dtypes = "42", .attention = "mla"},
     .detail = "TurboQuant (42) is not available for MLA models",
     .source = "lmdeploy/pytorch/engine/cache_engine.py (TurboQuant checks)"},
    // TurboMind registers its SM70 decoding kernels for head dim 256 with a 3-stage pipeline whose
    // fp16-cache variant needs 99,072 bytes of shared memory; a V100 opts in to 98,304 at most, so
    // Registry::Add() drops every unquantized d256 kernel and decoding fails for any group size
    // ("No decoding kernel found: decode_d256_f16_gs4", Qwen3.5). #4420 registers a 2-stage fp16
    // variant. It was named the fix on 2026-03-19; 0.12.3 (May 2026, tagged from main) is the first
    // listed release after it (a 0.12.2 in between is not a row here, so it gets a warning).
    {.engine = Engine::lmdeploy, .rule = "KVD070",
     .when = {.backends = "turbomind", .kv_cache_dtypes = "0", .model_dtypes = "float16", .platforms = "cuda",
              .min_cc = 70, .max_cc = 70, .head_sizes = "256"},
     .detail = "TurboMind's SM70 decoding kernels for head dim 256 with a 16-bit cache need 99,072 bytes of shared "
               "memory, more than a V100's 98,304, so none is registered ('No decoding kernel found: decode_d256_f16_gs4')",
     .fixed_in = "0.12.3", .fix_pr = "InternLM/lmdeploy#4420",
     .selection = false,
     .source = "InternLM/lmdeploy#4408 (V100-SXM2-32GB, LMDeploy 0.12.1+, Qwen3.5; closed 2026-03-19 'Fixed with #4420'); "
               "src/turbomind/kernels/attention/codegen/decoding_sm70_256_f16_f16.cu (Qh 1, 2, 3; decoding.cu looks kernels up by group size)"},
    // FP8 weights (--model-format fp8, or an FP8 checkpoint's quantization_config) on TurboMind below
    // SM80: its FP8 GEMM has no Volta/Turing kernel ('No feasible kernel found for the problem:
    // sm75_f16_e4m3b128_f16', gemm.cu). The early refusal (#4875) and a weight-only sm75/sm70 path
    // (#4884) were both closed unmerged. SM80-SM89 are not listed: the reports do not establish them.
    {.engine = Engine::lmdeploy, .rule = "KVD070",
     .when = {.backends = "turbomind", .platforms = "cuda", .max_cc = 75, .weight_quantizations = "fp8"},
     .detail = "TurboMind's FP8 weight GEMM has no kernel for this GPU ('No feasible kernel found for the problem: "
               "sm75_f16_e4m3b128_f16'); the KV policy itself is not the cause",
     .selection = false,
     .source = "InternLM/lmdeploy#4863 (closed 2026-08-14: Qwen3.6-35B-A3B-FP8, --model-format fp8, 4x RTX 2080 Ti), "
               "#4875 (closed: 'reject fp8 model_format early on sm<9.0'), #4884 (closed: FP8 w8a16 for sm75/sm70)"},
    // Qwen3 with a 4-bit KV cache (--quant-policy 4, LMDeploy's online per-token, per-head
    // asymmetric int4 in both engines): two reports, one code path that refuses nothing. 0.9.1,
    // PyTorch engine, Qwen3-32B: int8 close to fp16, int4 a large accuracy loss; a maintainer
    // answered that LMDeploy's int4 KV algorithm does not suit Qwen3-32B and is not recommended
    // (#3752). 0.14.0, TurboMind on V100, Qwen3-Coder-30B-A3B (AWQ): with int4 the model stops
    // emitting the tool-call format (0/6 chains), with int8 5/6; a maintainer called it likely not
    // a framework bug (#4743). No fix is named, so later releases warn too.
    {.engine = Engine::lmdeploy, .rule = "KVD071",
     .when = {.kv_cache_dtypes = "4", .architectures = "Qwen3ForCausalLM Qwen3MoeForCausalLM qwen3 qwen3_moe"},
     .detail = "LMDeploy's int4 KV cache degrades Qwen3 models: a large accuracy loss on Qwen3-32B (maintainers: the int4 "
               "algorithm does not suit it, not recommended) and Qwen3-Coder-30B-A3B no longer emitting its tool-call format; "
               "int8 (--quant-policy 8) was close to the 16-bit cache in both",
     .affected_in = "0.9.1 0.14.0",
     .selection = false,
     .source = "InternLM/lmdeploy#3752 (closed 2025-07-21: Qwen3-32B, --backend pytorch, lmdeploy 0.9.1; maintainer: "
               "'kv int4 ... not suitable for qwen3-32b, not recommended'), #4743 (closed 2026-07: Qwen3-Coder-30B-A3B AWQ, "
               "4x V100, LMDeploy 0.14.0, --quant-policy 4 breaks tool calls, 8 works)"},
};
static_assert(closed_words_known(kLmdeployConstraints), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");
static_assert(rule_codes_known(kLmdeployConstraints), "a row names a rule code that src/tables/rules.cpp does not define");

}  // namespace

std::span<const Backend> lmdeploy_backends() noexcept { return kLmdeployBackends; }
std::span<const SelectionOrder> lmdeploy_selection() noexcept { return kLmdeploySelection; }
std::span<const Constraint> lmdeploy_constraints() noexcept { return kLmdeployConstraints; }

}  // namespace kvdtype::tables
