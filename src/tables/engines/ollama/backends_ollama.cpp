// Ollama's attention "backends": the ggml device backend that holds the cache (Ollama bundles
// ggml/llama.cpp and picks the library by the GPU it finds: CUDA, ROCm, Metal, Vulkan, or the
// CPU). What decides the cache is not a kernel choice but Ollama's own gate in front of it, which
// the constraint rows below model per release:
//
//   v0.5.0 – v0.24.x (llm/server.go @v0.5.0 lines 217-243, @v0.13.5 lines 193-256, @v0.24.0 lines
//   193-271): a quantized OLLAMA_KV_CACHE_TYPE is used only when flash attention is on, and
//   flash attention is on only when OLLAMA_FLASH_ATTENTION says so (or, from 0.12.4, when it is
//   unset and the model's architecture is on Ollama's default list), every GPU passes
//   FlashAttentionSupported (ml/device.go) and the model passes SupportsFlashAttention
//   (fs/ggml/ggml.go: no embedding model, key_length == value_length, not gemma2; grok from
//   0.19.0). Otherwise Ollama logs a warning and starts the runner with an f16 cache (KVD261);
//   a type other than f16, q8_0 and q4_0 is logged and dropped the same way (KVD262).
//
//   v0.30.0 – (llm/llama_server.go @fb3076099 lines 394-398, 596-622, PR #16031): the type goes to
//   llama-server as --cache-type-k/--cache-type-v, flash attention as --flash-attn on (variable
//   true), off (variable false, or a GPU failing FlashAttentionSupported) or auto; llama.cpp then
//   refuses a quantized V cache without flash attention (KVD263), and auto turns flash attention
//   off for a type its CUDA/ROCm kernels lack (KVD264) — the build options of Ollama's bundled
//   llama.cpp (GGML_CUDA_FA_ALL_QUANTS) were not read; the default build is assumed.
//
// No fa_kv_pairs here: llama.cpp's own flash-attention rules (KVD201-KVD204) speak of -fa and -ctv,
// which an Ollama user never writes, and would be wrong for releases before 0.30.0, where Ollama's
// gate runs first. The model architectures Ollama treats apart (gpt-oss 0.11.5-0.12.3, gemma2,
// grok, embedding models, gemma4 on pre-Turing CUDA) are not request fields kvdtype has; MLA
// models stand for "key_length != value_length" (DeepSeek-V2/V3/R1 GGUFs: 192 vs 128).
#include "tables/rule_id.hpp"
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

constexpr std::string_view kTypes = "f16 q8_0 q4_0 f32 bf16 q4_1 iq4_nl q5_0 q5_1";
constexpr std::string_view kModelDtypes = "float16 bfloat16 float32";
constexpr std::string_view kAttention = "mha gqa mqa mla";

constexpr Backend kOllamaBackends[] = {
    {.engine = Engine::ollama, .name = "CUDA", .aliases = "cuda cuda_v12 cuda_v13", .platforms = "cuda",
     .attention = kAttention, .kv_cache_dtypes = kTypes, .model_dtypes = kModelDtypes,
     .notes = "NVIDIA GPUs; Ollama allows flash attention on compute capability 6.0 and newer except 7.2 (Jetson Xavier)",
     .source = "ollama/ollama ml/device.go @fb3076099 FlashAttentionSupported / cudaFlashAttentionSupported"},
    {.engine = Engine::ollama, .name = "ROCm", .aliases = "rocm hip", .platforms = "rocm",
     .attention = kAttention, .kv_cache_dtypes = kTypes, .model_dtypes = kModelDtypes,
     .notes = "AMD GPUs (image tag rocm); Ollama allows flash attention on every ROCm GPU",
     .source = "ollama/ollama ml/device.go @fb3076099 FlashAttentionSupported; docs/docker.mdx (ollama/ollama:rocm)"},
    {.engine = Engine::ollama, .name = "METAL", .aliases = "metal", .platforms = "metal",
     .attention = kAttention, .kv_cache_dtypes = kTypes, .model_dtypes = kModelDtypes,
     .notes = "Apple silicon (the macOS app); Ollama allows flash attention on Metal in every release",
     .source = "ollama/ollama discover/types.go @v0.5.0 FlashAttentionSupported; ml/device.go @fb3076099"},
    {.engine = Engine::ollama, .name = "VULKAN", .aliases = "vulkan", .platforms = "vulkan rocm sycl",
     .attention = kAttention, .kv_cache_dtypes = kTypes, .model_dtypes = kModelDtypes,
     .notes = "any GPU with a Vulkan driver (OLLAMA_VULKAN); flash attention allowed in 0.12.6 and from 0.12.10 "
              "(KVD261 between)",
     .source = "ollama/ollama commit 2aba569a2 'Vulkan based on #9650 (#11835)' (first tag v0.12.6); ml/device.go",
     .introduced_in = "0.12.6"},
    {.engine = Engine::ollama, .name = "CPU", .aliases = "cpu", .platforms = "cpu cuda rocm metal vulkan sycl",
     .attention = kAttention, .kv_cache_dtypes = kTypes, .model_dtypes = kModelDtypes,
     .notes = "no GPU found, or the layers not offloaded; Ollama allows flash attention on the CPU",
     .source = "ollama/ollama ml/device.go @fb3076099 FlashAttentionSupported (gpu.Library == \"cpu\")"},
};
static_assert(closed_words_known(kOllamaBackends), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

// Ollama probes the machine and loads the one ggml library for the GPUs it finds (ml/device.go,
// discover/); there is no setting that picks an attention implementation.
constexpr SelectionOrder kOllamaSelection[] = {
    {.engine = Engine::ollama, .platform = "cuda", .order = "CUDA",
     .source = "ollama/ollama discover/: NVIDIA GPUs load the CUDA library"},
    {.engine = Engine::ollama, .platform = "rocm", .order = "ROCm",
     .source = "ollama/ollama discover/; docs/docker.mdx (ollama/ollama:rocm)"},
    {.engine = Engine::ollama, .platform = "metal", .order = "METAL",
     .source = "ollama/ollama: the macOS build runs on Metal (discover/types.go Library \"metal\")"},
    {.engine = Engine::ollama, .platform = "vulkan", .order = "VULKAN",
     .source = "ollama/ollama commit 2aba569a2 (#11835): GPUs reached through Vulkan only"},
    {.engine = Engine::ollama, .platform = "cpu", .order = "CPU",
     .source = "ollama/ollama: without a GPU every layer runs on the CPU"},
};
static_assert(closed_words_known(kOllamaSelection), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

constexpr std::string_view kServerGo = "ollama/ollama llm/server.go @v0.5.0 lines 217-243, @v0.24.0 lines 193-271";
constexpr std::string_view kLlamaServerGo =
    "ollama/ollama llm/llama_server.go @v0.30.0 lines 361-365, @fb3076099 lines 394-398 and 596-622 (PR #16031)";
constexpr std::string_view kFloatTypes = "f32 bf16";
constexpr std::string_view kNoCudaKernel = "q4_1 iq4_nl q5_0 q5_1";
// GGUF general.architecture names Ollama compares (and the config.json names of the same models).
constexpr std::string_view kGrok = "grok Grok1ForCausalLM Grok1ModelForCausalLM";
constexpr std::string_view kGptOss = "gptoss gpt-oss gpt_oss GptOssForCausalLM";
constexpr std::string_view kDeci = "deci DeciLMForCausalLM nemotron-nas";
// Head sizes of real models other than 128 (the bundled ggml's one quantized flash-attention size
// before 0.12.4); MLA sizes are left out, Ollama turns flash attention off for them (key != value).
constexpr std::string_view kNot128 = "32 40 48 64 72 80 96 112 160 192 256";

// Behaviour rows (no fix): the releases in [introduced_in, removed_in) behave so.
constexpr Constraint kOllamaConstraints[] = {
    // Ollama's own gate, before the hand-off to llama-server.
    {.engine = Engine::ollama, .rule = "KVD261", .when = {.flags_none = flag_flash_attn_on, .v_quantized = true},
     .detail = "OLLAMA_FLASH_ATTENTION is not 1, so flash attention is off (from 0.12.4 unless the model's "
               "architecture is on Ollama's default list, e.g. gpt-oss, qwen3, gemma3); the log says \"quantized kv "
               "cache requested but flash attention disabled\"",
     .introduced_in = "0.5.0", .selection = false, .source = kServerGo, .removed_in = "0.13.4"},
    {.engine = Engine::ollama, .rule = "KVD261", .when = {.flags_none = flag_flash_attn_on, .v_quantized = true},
     .detail = "OLLAMA_FLASH_ATTENTION is not 1, and Ollama's llama runner takes a quantized cache only with it set "
               "(auto does not count); the log says \"OLLAMA_FLASH_ATTENTION must be enabled to use a quantized "
               "OLLAMA_KV_CACHE_TYPE\"",
     .introduced_in = "0.13.4", .selection = false,
     .source = "ollama/ollama llm/server.go @v0.13.5 lines 193-256, @v0.24.0 lines 193-271 (PR #13052)",
     .removed_in = "0.30.0"},
    {.engine = Engine::ollama, .rule = "KVD261", .when = {.attention = "mla", .flags_all = flag_flash_attn_on, .v_quantized = true},
     .detail = "the model's key and value head sizes differ (MLA GGUFs: key_length 192, value_length 128), so "
               "SupportsFlashAttention is false; the log says \"flash attention enabled but not supported by model\" "
               "then \"quantized kv cache requested but flash attention disabled\"",
     .introduced_in = "0.5.0", .selection = false,
     .source = "ollama/ollama fs/ggml/ggml.go SupportsFlashAttention (EmbeddingHeadCountK == EmbeddingHeadCountV); "
               "ollama/ollama#8763, PR #6279 (DeepSeek: 'flash_attn requires n_embd_head_k == n_embd_head_v')",
     .removed_in = "0.30.0"},
    {.engine = Engine::ollama, .rule = "KVD261",
     .when = {.platforms = "cuda", .min_cc = 72, .max_cc = 72, .flags_all = flag_flash_attn_on, .v_quantized = true},
     .detail = "Ollama's GPU check refuses flash attention on compute capability 7.2 (Jetson Xavier); the log says "
               "\"flash attention enabled but not supported by gpu\"",
     .introduced_in = "0.12.4", .selection = false,
     .source = "ollama/ollama ml/device.go cudaFlashAttentionSupported (commit aa45f7ce2, first tag v0.12.4)",
     .removed_in = "0.30.0"},
    // 0.12.6 allowed flash attention on Vulkan (discover/types.go FlashAttentionSupported); the move
    // of that check to ml/device.go in 0.12.7 (PR #12540) dropped the Vulkan line, and PR #12937
    // (first tag v0.12.10) restored it.
    {.engine = Engine::ollama, .rule = "KVD261",
     .when = {.backends = "VULKAN", .flags_all = flag_flash_attn_on, .v_quantized = true},
     .detail = "Ollama's GPU check (ml/device.go FlashAttentionSupported) does not count a Vulkan GPU in 0.12.7 to "
               "0.12.9; the log says \"flash attention enabled but not supported by gpu\"",
     .introduced_in = "0.12.7", .selection = false,
     .source = "ollama/ollama ml/device.go @v0.12.7 and @v0.12.9 FlashAttentionSupported (cpu, Metal, CUDA, ROCm; "
               "discover/types.go @v0.12.6 had Vulkan); commit 3258a89b6 (PR #12540, first tag v0.12.7); commit "
               "a4770107a (PR #12937, first tag v0.12.10); ollama/ollama#12928",
     .removed_in = "0.12.10"},
    {.engine = Engine::ollama, .rule = "KVD261",
     .when = {.backends = "CPU", .flags_all = flag_flash_attn_on, .v_quantized = true},
     .detail = "Ollama's GPU check did not count the CPU as able to run flash attention (the device list of a model "
               "on the CPU, or spilled onto it, holds a \"cpu\" entry); the log says \"flash attention enabled but not "
               "supported by gpu\"",
     .introduced_in = "0.5.0", .selection = false,
     .source = "ollama/ollama discover/types.go @v0.5.0 line 188, @v0.10.1 line 172 (FlashAttentionSupported: metal, "
               "cuda, rocm); commit 8f4ec9ab2 'discover: CPU supports flash attention' (first tag v0.11.5)",
     .removed_in = "0.11.5"},
    // Architectures Ollama treats by name (fs/ggml/ggml.go SupportsFlashAttention, SupportsKVCacheType):
    // a request names one with --model-type (the GGUF general.architecture Ollama reads) or
    // --model-architecture (config.json architectures[0]).
    {.engine = Engine::ollama, .rule = "KVD070",
     .when = {.flags_all = flag_flash_attn_on, .v_quantized = true, .architectures = kGrok},
     .detail = "Ollama passes flash attention and the quantized type to its llama runner, whose llama.cpp forces flash "
               "attention off for Grok (\"flash_attn is not compatible with Grok - forcing off\") and then refuses the "
               "quantized V cache (\"V cache quantization requires flash_attn\"): the runner panics",
     .introduced_in = "0.5.0", .fixed_in = "0.19.0", .fix_pr = "ollama/ollama#15050", .selection = false,
     .source = "ollama/ollama#15043 (0.17.7); vendored llama.cpp llama_init_from_model (llama/llama.cpp @v0.5.0, "
               "src/llama-context.cpp @v0.17.7 lines 2418-2442); commit ebbce136c (first tag v0.19.0)"},
    {.engine = Engine::ollama, .rule = "KVD261",
     .when = {.flags_all = flag_flash_attn_on, .v_quantized = true, .architectures = kGrok},
     .detail = "SupportsFlashAttention is false for the grok architecture; the log says \"flash attention enabled but "
               "not supported by model\"",
     .introduced_in = "0.19.0", .selection = false,
     .source = "ollama/ollama fs/ggml/ggml.go @v0.19.0 SupportsFlashAttention (commit ebbce136c, PR #15050)",
     .removed_in = "0.30.0"},
    // gpt-oss arrived in 0.11.0. Its attention did not call flash attention, but the cache took the
    // quantized type all the same ("the model definition does not call flash attention, so it
    // works regardless of the setting but the cache will pick up the quantization type"), and the
    // server crashed; commit 8253ad4d2 (first tag v0.11.2) turns flash attention, and with it the
    // quantized cache, off for gpt-oss before the cache is set up.
    {.engine = Engine::ollama, .rule = "KVD070",
     .when = {.flags_all = flag_flash_attn_on, .v_quantized = true, .architectures = kGptOss},
     .detail = "gpt-oss's attention does not call flash attention, yet its cache takes the quantized type: the server "
               "crashes (ollama#11682, #11671)",
     .introduced_in = "0.11.0", .fixed_in = "0.11.2", .fix_pr = "ollama/ollama commit 8253ad4d2 (#11671)",
     .selection = false,
     .source = "ollama/ollama commit 8253ad4d2 'ggml: Prevent kv cache quanitization on gpt-oss' (Fixes #11671; first tag "
               "v0.11.2); model/models/gptoss first in v0.11.0; ollama/ollama#11682 (Mac Studio, log of 2025-08-05 "
               "19:12 UTC, before v0.11.1 and v0.11.2 were tagged)"},
    {.engine = Engine::ollama, .rule = "KVD261",
     .when = {.flags_all = flag_flash_attn_on, .v_quantized = true, .architectures = kGptOss},
     .detail = "SupportsFlashAttention is false for gpt-oss (its attention sinks needed operations Ollama's flash "
               "attention lacked); the log says \"flash attention enabled but not supported by model\"",
     .introduced_in = "0.11.2", .selection = false,
     .source = "ollama/ollama commit 8253ad4d2 'ggml: Prevent kv cache quanitization on gpt-oss' (fixes #11671, "
               "first tag v0.11.2); fs/ggml/ggml.go @v0.11.4; removed at v0.11.5",
     .removed_in = "0.11.5"},
    {.engine = Engine::ollama, .rule = "KVD262",
     .when = {.kv_cache_dtypes = "q8_0 q4_0", .flags_all = flag_flash_attn_on, .architectures = kGptOss},
     .detail = "SupportsKVCacheType takes only f16 for gpt-oss (\"model only supports non-quantized cache types\"): "
               "the bundled ggml ran a quantized gpt-oss cache's attention on the CPU; the log says \"kv cache type not "
               "supported by model\"",
     .introduced_in = "0.11.5", .selection = false,
     .source = "ollama/ollama commit df335aac0 (PR #11929, first tag v0.11.5); removed by commit 19e6796ea ('With the "
               "new version of GGML in #12245, KV cache quantization no longer causes a fallback to CPU', first tag "
               "v0.12.4)",
     .removed_in = "0.12.4"},
    {.engine = Engine::ollama, .rule = "KVD261",
     .when = {.flags_all = flag_flash_attn_on, .v_quantized = true, .architectures = kDeci},
     .detail = "deci GGUFs (Nemotron NAS) give attention.head_count per layer, 0 for layers without attention, and no "
               "key_length, so the head size Ollama computes is 0 and SupportsFlashAttention is false; the log says "
               "\"flash attention enabled but not supported by model\"",
     .introduced_in = "0.5.5", .selection = false,
     .source = "ollama/ollama fs/ggml/ggml.go @v0.9.0 EmbeddingHeadCount, @v0.24.0 EmbeddingHeadCountMax/HeadCountMin "
               "and SupportsFlashAttention; ollama/ollama#11471 (the log of a deci model with OLLAMA_FLASH_ATTENTION=true)",
     .removed_in = "0.30.0"},
    // The ggml each release bundles (Makefile.sync FETCH_HEAD; vendored under llama/ and
    // ml/backend/ggml/ggml/): until the update of PR #12245 (first tag v0.12.4) the CUDA/ROCm
    // supports_op for GGML_OP_FLASH_ATTN_EXT took a quantized K or V at head size 128 only (64
    // and 256 with f16 K and V only; no bf16), so Ollama's engine and its llama runner put the
    // flash-attention op of other head sizes on the CPU.
    {.engine = Engine::ollama, .rule = "KVD265",
     .when = {.kv_cache_dtypes = "q8_0 q4_0", .platforms = "cuda rocm", .head_sizes = kNot128,
              .flags_all = flag_flash_attn_on},
     .detail = "the ggml Ollama bundled before 0.12.4 has CUDA/ROCm flash-attention kernels for a quantized K/V at head "
               "size 128 only (gemma3 1b-12b have 256, gpt-oss 64; f16, or Ollama 0.12.4 and newer, keep it on the GPU)",
     .introduced_in = "0.5.0", .selection = false,
     .source = "ollama/ollama vendored ggml-cuda.cu ggml_backend_cuda_device_supports_op GGML_OP_FLASH_ATTN_EXT "
               "(llama/ggml-cuda.cu @v0.5.0, ml/backend/ggml/ggml/src/ggml-cuda/ggml-cuda.cu @v0.6.0 and @v0.12.3; "
               "fattn.cu @v0.12.4 has q8_0/q4_0 at 64, 128 and 256); ollama/ollama#9683, #9861, #11949",
     .removed_in = "0.12.4"},
    // A context shift (the conversation fills num_ctx) re-ropes the cached keys: llama.cpp's K shift
    // copies a quantized K to f32 and back (GGML_OP_CPY). The Metal backend Ollama bundled before
    // 0.5.13 had no quantized-to-f32 copy kernel, so the runner aborted at the first shift
    // (ggml_metal_encode_node: "unsupported op 'CPY'"); llama.cpp PR #12017 added the kernels and
    // v0.5.13 is the first tag that vendors them (its ggml-metal.m has kernel_cpy_q8_0_f32).
    {.engine = Engine::ollama, .rule = "KVD070",
     .when = {.backends = "METAL", .kv_cache_dtypes = "q8_0 q4_0", .flags_all = flag_flash_attn_on},
     .detail = "the bundled ggml's Metal backend has no copy kernel from a quantized K to f32, so the first context "
               "shift (a conversation that fills num_ctx) aborts the runner with \"unsupported op 'CPY'\" (llama.cpp PR "
               "#12017 added the kernels; Ollama 0.5.13 is the first release that bundles them)",
     // A behaviour row (the releases in [0.5.0, 0.5.13)), so that a check without a version, which
     // assumes the newest release, does not warn about a fault fixed in 0.5.13.
     .introduced_in = "0.5.0", .selection = false,
     .source = "ollama/ollama#7938 (comment of 2025-02-13, Apple M3 Max); ggml-org/llama.cpp#10976 (the same abort at "
               "a context shift; maintainer: Q8_0 -> F32 kernels needed), PR #12017; ollama/ollama v0.5.12 and v0.5.13 "
               "ml/backend/ggml/ggml/src/ggml-metal/ggml-metal.m",
     .removed_in = "0.5.13"},
    // Unquantized types (f32, bf16) are dropped whatever flash attention is; the quantized ones
    // reach the type check only with flash attention on (without it KVD261 says why).
    {.engine = Engine::ollama, .rule = "KVD262", .when = {.kv_cache_dtypes = kFloatTypes},
     .detail = "SupportsKVCacheType takes f16, q8_0 and q4_0 only; the log says \"quantized kv cache requested but "
               "flash attention disabled\" or \"kv cache type not supported by model\" (the llama runner from 0.13.4: "
               "\"unsupported OLLAMA_KV_CACHE_TYPE\")",
     .introduced_in = "0.5.0", .selection = false,
     .source = "ollama/ollama fs/ggml/ggml.go @v0.24.0 SupportsKVCacheType, KVCacheTypeIsQuantized; llm/server.go "
               "@v0.5.0 lines 225-243, @v0.24.0 lines 235-262",
     .removed_in = "0.30.0"},
    {.engine = Engine::ollama, .rule = "KVD262", .when = {.kv_cache_dtypes = kNoCudaKernel, .flags_all = flag_flash_attn_on},
     .detail = "SupportsKVCacheType takes f16, q8_0 and q4_0 only; the log says \"kv cache type not supported by "
               "model\" (the llama runner from 0.13.4: \"unsupported OLLAMA_KV_CACHE_TYPE\")",
     .introduced_in = "0.5.0", .selection = false,
     .source = "ollama/ollama fs/ggml/ggml.go @v0.24.0 SupportsKVCacheType; llm/server.go @v0.5.0 lines 233-240, "
               "@v0.24.0 lines 235-262",
     .removed_in = "0.30.0"},
    // From 0.30.0 llama-server decides.
    {.engine = Engine::ollama, .rule = "KVD263", .when = {.flags_all = flag_flash_attn_off, .v_quantized = true},
     .detail = "OLLAMA_FLASH_ATTENTION is false, so Ollama starts llama-server with --flash-attn off",
     .introduced_in = "0.30.0", .selection = false, .source = kLlamaServerGo},
    {.engine = Engine::ollama, .rule = "KVD263",
     .when = {.platforms = "cuda", .min_cc = 72, .max_cc = 72, .flags_none = flag_flash_attn_on, .v_quantized = true},
     .detail = "Ollama's GPU check fails on compute capability 7.2 (Jetson Xavier), so it starts llama-server with "
               "--flash-attn off",
     .introduced_in = "0.30.0", .selection = false,
     .source = "ollama/ollama ml/device.go @fb3076099 cudaFlashAttentionSupported; llm/llama_server.go LlamaServerFlashAttention"},
    {.engine = Engine::ollama, .rule = "KVD264",
     .when = {.kv_cache_dtypes = kNoCudaKernel, .platforms = "cuda rocm", .flags_none = flag_flash_attn_on | flag_flash_attn_off},
     .detail = "Ollama starts llama-server with --flash-attn auto, and the CUDA/ROCm flash-attention kernels of a "
               "default llama.cpp build have no K/V pair of this type (fattn.cu without GGML_CUDA_FA_ALL_QUANTS), so "
               "auto resolves to off",
     .introduced_in = "0.30.0", .selection = false,
     .source = "ollama/ollama llm/llama_server.go @fb3076099 lines 596-622; llama.cpp ggml/src/ggml-cuda/fattn.cu "
               "@00a2d609 ggml_cuda_get_best_fattn_kernel"},
    {.engine = Engine::ollama, .rule = "KVD265",
     .when = {.kv_cache_dtypes = kNoCudaKernel, .platforms = "cuda rocm", .flags_all = flag_flash_attn_on},
     .detail = "OLLAMA_FLASH_ATTENTION=1 passes --flash-attn on, and a default llama.cpp CUDA/ROCm build has no "
               "flash-attention kernel for this type (fattn.cu without GGML_CUDA_FA_ALL_QUANTS)",
     .introduced_in = "0.30.0", .selection = false,
     .source = "ollama/ollama llm/llama_server.go @fb3076099 lines 613-618; llama.cpp ggml/src/ggml-cuda/fattn.cu "
               "@00a2d609 ggml_cuda_flash_attn_ext_supported"},
};
static_assert(closed_words_known(kOllamaConstraints), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");
static_assert(rule_codes_known(kOllamaConstraints), "a row names a rule code that src/tables/rules.cpp does not define");

}  // namespace

std::span<const Backend> ollama_backends() noexcept { return kOllamaBackends; }
std::span<const SelectionOrder> ollama_selection() noexcept { return kOllamaSelection; }
std::span<const Constraint> ollama_constraints() noexcept { return kOllamaConstraints; }

}  // namespace kvdtype::tables
