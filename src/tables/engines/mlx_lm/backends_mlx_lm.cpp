// MLX-LM's "backends": the MLX device it runs on. MLX-LM has no attention backends of its own;
// a quantized cache is read by mlx_lm/models/base.py quantized_scaled_dot_product_attention
// (mx.quantized_matmul) on whatever device MLX was built for.
//
// Sources:
//   MLX docs, Build and Install (ml-explore.github.io/mlx/build/html/install.html): `pip install mlx`
//        on Apple silicon (Metal; macOS >= 14.0); `pip install mlx[cuda12]` / `mlx[cuda13]` on Linux
//        with NVIDIA SM >= 7.5; `pip install mlx[cpu]` on Linux without a GPU. No ROCm, SYCL, CANN
//        or Vulkan build is listed.
//   ml-explore/mlx-lm d78bf58e mlx_lm/models/base.py   scaled_dot_product_attention dispatches on the
//        cache having `bits` to quantized_scaled_dot_product_attention
// Whether MLX's CUDA backend runs the quantized matmul at every width and group size the cache
// takes was not read: on CUDA a quantized cache is not refused but makes the check incomplete.
#include "tables/tables.hpp"
#include "tables/words.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype::tables {
namespace {

constexpr std::string_view kAll =
    "none 2 2g32 2g128 3 3g32 3g128 4 4g32 4g128 5 5g32 5g128 6 6g32 6g128 8 8g32 8g128";
constexpr std::string_view kQuantized =
    "2 2g32 2g128 3 3g32 3g128 4 4g32 4g128 5 5g32 5g128 6 6g32 6g128 8 8g32 8g128";

// Model types (config.json model_type, lower case) and architectures[0] whose MLX-LM code the rows
// below name.
constexpr std::string_view kSlidingModels =
    "gemma3 gemma3_text gemma3n gemma4 gemma4_text cohere2 gpt_oss Gemma3ForCausalLM Gemma3ForConditionalGeneration "
    "Gemma3nForConditionalGeneration Gemma4ForCausalLM Gemma4ForConditionalGeneration Cohere2ForCausalLM "
    "GptOssForCausalLM";
constexpr std::string_view kGemma3 = "gemma3 gemma3_text Gemma3ForCausalLM Gemma3ForConditionalGeneration";
constexpr std::string_view kQwen3Next = "qwen3_next Qwen3NextForCausalLM";
// The MLA attentions of commit f18526f8 (PR #839, v0.30.6): deepseek_v3 and GLM-4.7-Flash's glm4_moe_lite
// (glm4_moe_lite.py lines 140-153 at v0.31.3: the same latent/rope cache and k_pe.swapaxes).
constexpr std::string_view kMlaLatentModels =
    "deepseek_v3 DeepseekV3ForCausalLM glm4_moe_lite Glm4MoeLiteForCausalLM";

constexpr Backend kMlxLmBackends[] = {
    {.engine = Engine::mlx_lm, .name = "METAL", .aliases = "metal gpu", .platforms = "metal",
     .attention = "mha gqa mqa mla", .kv_cache_dtypes = kAll, .model_dtypes = "float16 bfloat16 float32",
     .notes = "Apple silicon GPU (pip install mlx): quantized caches read through mx.quantized_matmul",
     .source = "MLX docs install.html (Apple silicon, macOS >= 14.0); mlx_lm/models/base.py"},
    {.engine = Engine::mlx_lm, .name = "CUDA", .aliases = "cuda", .platforms = "cuda",
     .attention = "mha gqa mqa mla", .kv_cache_dtypes = kAll, .model_dtypes = "float16 bfloat16 float32",
     .min_cc = 75,
     .notes = "MLX's CUDA backend (pip install mlx[cuda12]), Linux, SM 7.5 and newer; quantized KV coverage not read",
     .source = "MLX docs install.html, CUDA (Nvidia architecture >= SM 7.5, driver >= 550.54.14)",
     .kv_cache_dtypes_unknown = kQuantized,
     .coverage_unknown = "whether MLX's CUDA backend runs MLX-LM's quantized KV attention (mx.quantized_matmul) at this width and group size"},
    {.engine = Engine::mlx_lm, .name = "CPU", .aliases = "cpu", .platforms = "cpu",
     .attention = "mha gqa mqa mla", .kv_cache_dtypes = kAll, .model_dtypes = "float16 bfloat16 float32",
     .notes = "MLX's CPU build (pip install mlx[cpu] on Linux, or MLX on a Mac's CPU stream)",
     .source = "MLX docs install.html, CPU-only (Linux)"},
};
static_assert(closed_words_known(kMlxLmBackends), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

// MLX runs on the device it was built for; there is no choice among attention kernels.
constexpr SelectionOrder kMlxLmSelection[] = {
    {.engine = Engine::mlx_lm, .platform = "metal", .order = "METAL",
     .source = "MLX docs install.html: pip install mlx on Apple silicon uses the Metal GPU"},
    {.engine = Engine::mlx_lm, .platform = "cuda", .order = "CUDA",
     .source = "MLX docs install.html: pip install mlx[cuda12] on Linux with an NVIDIA GPU"},
    {.engine = Engine::mlx_lm, .platform = "cpu", .order = "CPU",
     .source = "MLX docs install.html: pip install mlx[cpu]"},
    // No row for rocm, sycl, cann or vulkan: MLX publishes no build for them (install.html), so
    // an MLX-LM on an AMD, Intel, Ascend, Adreno or Mali target has no backend (KVD294).
};
static_assert(closed_words_known(kMlxLmSelection), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

// What MLX-LM does with a quantized cache, by release (releases_mlx_lm.cpp):
//   0.19.3 .. 0.20.3  every cache's to_quantized() is called: a RotatingKVCache raises
//                     NotImplementedError("RotatingKVCache Quantization NYI")
//   0.20.4 .. 0.28.0  only isinstance(c, KVCache) caches are converted (mlx-examples d119af9f,
//                     cohere2 PR #1157): rotating caches silently stay in the model dtype
//   0.28.1 ..         caches with to_quantized() are converted once their offset passes the start
//                     (ml-explore/mlx-lm PR #495, commit 36963eec): the rotating cache raises again
//                     (cache.py line 552 at d78bf58e); SSM caches (ArraysCache) are skipped silently
// --max-kv-size builds a RotatingKVCache for every layer of a model without its own make_cache();
// models that define make_cache() (41 of 121 model files at d78bf58e, llama.py from 0.28.1) ignore
// it and build their own mix, which kvdtype cannot see from a launch command.
constexpr Constraint kMlxLmConstraints[] = {
    {.engine = Engine::mlx_lm, .rule = "KVD294", .when = {.platforms = "rocm sycl cann vulkan tpu"},
     .detail = "", .selection = false,
     .source = "MLX docs install.html: pip install mlx (Apple silicon), mlx[cuda12]/mlx[cuda13], mlx[cpu]; no other build"},
    {.engine = Engine::mlx_lm, .rule = "KVD290", .when = {.flags_all = flag_mlx_server_kv_flags},
     .detail = "mlx_lm.server defines none of --kv-bits, --kv-group-size, --quantized-kv-start, --max-kv-size "
               "(only mlx_lm.generate and mlx_lm.cache_prompt do)",
     .selection = false,
     .source = "ml-explore/mlx-lm mlx_lm/server.py main() argparse at d78bf58e (v0.31.3); issue #1043; unmerged PRs #1073, #1353, #1476, #1854"},
    {.engine = Engine::mlx_lm, .rule = "KVD291", .when = {.kv_quant = "affine_group", .flags_all = flag_mlx_rotating_cache},
     .detail = "RotatingKVCache.to_quantized raises NotImplementedError(\"RotatingKVCache Quantization NYI\")",
     .selection = false,
     .source = "ml-explore/mlx-examples PR #1075 (60358be8) models/cache.py RotatingKVCache.to_quantized",
     .removed_in = "0.20.4"},
    {.engine = Engine::mlx_lm, .rule = "KVD292", .when = {.kv_quant = "affine_group", .flags_all = flag_mlx_rotating_cache},
     .detail = "maybe_quantize_kv_cache converts only KVCache instances: every rotating layer stays in the model dtype",
     .introduced_in = "0.20.4", .selection = false,
     .source = "ml-explore/mlx-examples commit d119af9f (PR #1157) mlx_lm/utils.py; replaced by ml-explore/mlx-lm PR #495",
     .removed_in = "0.28.1"},
    {.engine = Engine::mlx_lm, .rule = "KVD291", .when = {.kv_quant = "affine_group", .flags_all = flag_mlx_rotating_cache},
     .detail = "RotatingKVCache.to_quantized raises NotImplementedError(\"RotatingKVCache Quantization NYI\") at the "
               "first quantization step",
     .introduced_in = "0.28.1", .selection = false,
     .source = "ml-explore/mlx-lm PR #495 (commit 36963eec) generate.py maybe_quantize_kv_cache; models/cache.py line 552 at "
               "d78bf58e; reports ml-explore/mlx-lm#1573, PRs #968 and #1074"},
    // Models that build their own cache (make_cache(), whatever --max-kv-size says), named by the
    // request's model_type / architectures[0]. Sliding-window layers get a RotatingKVCache
    // unconditionally in these (mlx_lm/models/<type>.py at d78bf58e: gemma3_text.py line 247,
    // gemma4_text.py line 675, gemma3n.py line 554, cohere2.py line 201, gpt_oss.py line 336).
    {.engine = Engine::mlx_lm, .rule = "KVD102", .when = {.kv_quant = "affine_group", .architectures = kSlidingModels},
     .detail = "the model's make_cache() builds a RotatingKVCache for every sliding-window layer, and "
               "maybe_quantize_kv_cache converts only KVCache instances: those layers stay in the model dtype, only the "
               "full-attention layers are quantized",
     .introduced_in = "0.20.4", .selection = false,
     .source = "ml-explore/mlx-examples commit d119af9f (PR #1157) maybe_quantize_kv_cache; mlx_lm/models/gemma3_text.py "
               "@v0.22.0 make_cache; replaced by ml-explore/mlx-lm PR #495",
     .removed_in = "0.28.1"},
    {.engine = Engine::mlx_lm, .rule = "KVD070", .when = {.kv_quant = "affine_group", .architectures = kSlidingModels},
     .detail = "the model's make_cache() builds a RotatingKVCache for every sliding-window layer, and "
               "RotatingKVCache.to_quantized raises NotImplementedError(\"RotatingKVCache Quantization NYI\") once the "
               "prompt passes --quantized-kv-start (reported on 0.31.3 and main; no fix)",
     .introduced_in = "0.28.1", .selection = false,
     .source = "ml-explore/mlx-lm PR #495 (commit 36963eec) generate.py maybe_quantize_kv_cache; models/cache.py line 552 "
               "at d78bf58e; ml-explore/mlx-lm#1573 (Gemma 4 E4B and 26B-A4B with --kv-bits 8)"},
    // laguna.py builds a RotatingKVCache only for the layers its config.json layer_types marks
    // sliding_attention (its default is full attention throughout), so the row needs the model's
    // sliding window given (Laguna-S-2.1: 36 sliding layers of 512 tokens beside 12 full ones).
    {.engine = Engine::mlx_lm, .rule = "KVD070",
     .when = {.kv_quant = "affine_group", .architectures = "laguna", .sliding_window = Tri::yes},
     .detail = "laguna's make_cache() builds a RotatingKVCache for every sliding_attention layer, and "
               "RotatingKVCache.to_quantized raises NotImplementedError(\"RotatingKVCache Quantization NYI\") once the "
               "prompt passes --quantized-kv-start (reported on 0.31.3; no fix)",
     .introduced_in = "0.28.1", .selection = false,
     .source = "ml-explore/mlx-lm mlx_lm/models/laguna.py @04e6af1f make_cache; PR #495 (commit 36963eec) "
               "maybe_quantize_kv_cache; PR #1476 (comment of 2026-07-31: Laguna-S-2.1-MLX-4bit, mlx-lm 0.31.3)"},
    // Gemma 3 called mx.fast.scaled_dot_product_attention itself, which takes no quantized
    // (codes, scales, biases) tuples, until PR #121 routed it through base.scaled_dot_product_attention.
    {.engine = Engine::mlx_lm, .rule = "KVD070", .when = {.kv_quant = "affine_group", .architectures = kGemma3},
     .detail = "Gemma 3's attention called mx.fast.scaled_dot_product_attention directly, which takes no quantized "
               "cache: a traceback once the prompt passes --quantized-kv-start and the full-attention layers are "
               "quantized",
     .introduced_in = "0.22.0", .fixed_in = "0.24.1", .fix_pr = "ml-explore/mlx-lm#121", .selection = false,
     .source = "ml-explore/mlx-lm#119 (gemma-3-27b-it-qat, --kv-bits 8); commit a9e1e82c 'fix quant sdpa and gemma3 "
               "(#121)' (first tag v0.24.1); mlx_lm/models/gemma3_text.py @v0.22.0 line 92"},
    // Hybrid models: maybe_quantize_kv_cache read prompt_cache[0].offset, which an SSM cache lacks.
    {.engine = Engine::mlx_lm, .rule = "KVD070", .when = {.kv_quant = "affine_group", .architectures = kQwen3Next},
     .detail = "the first layer's cache is an SSM cache (MambaCache), which has no offset: maybe_quantize_kv_cache raises "
               "AttributeError: 'MambaCache' object has no attribute 'offset'",
     .introduced_in = "0.28.0", .fixed_in = "0.28.1", .fix_pr = "ml-explore/mlx-lm#495", .selection = false,
     .source = "ml-explore/mlx-lm#477 (qwen3_next with kv quantization); generate.py @v0.28.0 maybe_quantize_kv_cache; "
               "mlx_lm/models/qwen3_next.py make_cache (first tag v0.28.0); PR #495 (commit 36963eec, first tag v0.28.1)"},
    // DeepSeek V3's MLA attention (PR #839) keeps the latent and the rope key in one cache and
    // reads the rope part as an array; a quantized cache hands back (codes, scales, biases). The
    // same commit gave glm4_moe_lite (GLM-4.7-Flash) that attention (its v0.30.5 form was not MLA).
    {.engine = Engine::mlx_lm, .rule = "KVD070", .when = {.kv_quant = "affine_group", .architectures = kMlaLatentModels},
     .detail = "deepseek_v3's and glm4_moe_lite's MLA attention calls k_pe.swapaxes on what the cache returns, and a "
               "quantized cache returns a list (AttributeError: 'list' object has no attribute 'swapaxes'); DeepSeek "
               "V2's attention does not (reported on main at d78bf58e; no fix merged)",
     .introduced_in = "0.30.6", .selection = false,
     .source = "ml-explore/mlx-lm PR #1558 (open), #1323, #1800 (closed: deepseek_v3 and glm4_moe_lite fail on main "
               "96830a6); mlx_lm/models/deepseek_v3.py lines 138-147 at d78bf58e, glm4_moe_lite.py lines 140-153 at "
               "v0.31.3; commit f18526f8 'DSV3 MLA (#839)' (first tag v0.30.6, both files)"},
};
static_assert(closed_words_known(kMlxLmConstraints), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");
static_assert(rule_codes_known(kMlxLmConstraints), "a row names a rule code that src/tables/rules.cpp does not define");

}  // namespace

std::span<const Backend> mlx_lm_backends() noexcept { return kMlxLmBackends; }
std::span<const SelectionOrder> mlx_lm_selection() noexcept { return kMlxLmSelection; }
std::span<const Constraint> mlx_lm_constraints() noexcept { return kMlxLmConstraints; }

}  // namespace kvdtype::tables
