// llama.cpp's attention backends: the ggml device backends that hold the KV cache and run the
// flash-attention op (GGML_OP_FLASH_ATTN_EXT), with the K/V type pairs and head sizes their
// flash-attention kernels have. The cache itself can be any cache type on any backend (it is
// memory written by set_rows); what differs is whether the flash-attention op has a kernel there.
// Without one, ggml's scheduler runs the op on the CPU backend (supports_op() is false), and with
// -fa auto llama.cpp turns flash attention off instead (check.cpp, rules KVD202-KVD204).
//
// Read from ggml-org/llama.cpp:
//   ggml/src/ggml-cuda/fattn.cu @00a2d609   ggml_cuda_fattn_kv_type_supported (f32 f16 q4_0 q8_0 bf16;
//        q4_1 q5_0 q5_1 only with GGML_CUDA_FA_ALL_QUANTS; iq4_nl never), the head sizes
//        ggml_cuda_get_best_fattn_kernel switches on (40 64 72 80 96 112 128 256 with V = K, 192 with
//        V 128, 320 with V 256, 512, 576 with V 512; the large ones need the GQA path). Its K/V gate
//        (one type for K and V, or q8_0 K with q4_0 V, the latter with a q8_0-q4_0 vec instance in
//        ggml-cuda/CMakeLists.txt) is NOT master's: the stored copy 00a2d609 (its place in history was not
//        read) matches PR #27269's first diff ("include Q8_0/Q4_0 in default FlashAttention builds",
//        2026-08-17, closed unmerged; a ROCm fork's release notes carry that diff and add the
//        ggml-hip instance line it lacked). Master's default
//        build wants one type for K and V: ggml-org/ggml's syncs of fattn.cu and
//        ggml-cuda/CMakeLists.txt from llama/7527 (2024-06, the first quantized vec kernels) to
//        llama.cpp d3cf1f14 (sync of 2026-08-21) never hold a q8_0-K/q4_0-V case or instance outside
//        GGML_CUDA_FA_ALL_QUANTS; PR #28079 (2026-09, GGML_CUDA_FA_QUANTS lists) kept the pair out
//        of the default list (#27269 was rewritten to add it there and closed); reports at b10257
//        (PrismML-Eng/Bonsai-demo#145), #24485 (2026-06) and PR #28456 (2026-09, b10819 era) run
//        q8_0/q4_0 and other mixed pairs on the CPU, and a maintainer answered in #28524 (2026-09-07)
//        that a default CUDA build has only the symmetric q4_0 and q8_0 quantized pairs.
//   ggml/src/ggml-metal/ggml-metal-device.m @d1649047a (2026-04-25)  ggml_metal_device_supports_op:
//        head sizes 32 40 48 64 72 80 96 112 128 192 256 320 512 576 (an older read, @003a32eb, had
//        no 320 and 512), K and V of one type among f32 f16 q8_0 q4_0 q4_1 q5_0 q5_1, bf16 only on a
//        device with bfloat support; iq4_nl has no kernel; simdgroup matrix multiply needed
//   ggml/src/ggml-vulkan/ggml-vulkan.cpp @82209efb (2026-04-21)  ggml_backend_vk_device_supports_op:
//        K and V head sizes multiples of 8, K and V of one type among f16 f32 q4_0 q8_0 q4_1 q5_0
//        q5_1 iq4_nl (no bf16), Q f32, mask f16; the coopmat2 path needs the device's coopmat2, the
//        scalar and coopmat1 paths subgroup shuffle and vote ("scalar/coopmat1 FA uses
//        subgroupShuffle/subgroupAll"): the three share this one gate, so one row stands for them
//   ggml/src/ggml-sycl/fattn.cpp @b54cb2e3 (2026-04-09)  ggml_sycl_get_best_fattn_kernel: head sizes
//        40 64 72 80 96 112 128 256 512 with V = K, 576 with V 512 (GQA path only); K and V of one
//        type among f32 f16 q4_0 q8_0 (q4_1 q5_0 q5_1 and K != V only with GGML_SYCL_FA_ALL_QUANTS,
//        not modelled); none at all unless built with SYCL_FLASH_ATTN, and GGML_SYCL_ENABLE_FLASH_ATTN=0
//        turns it off at run time (ggml-sycl.cpp)
//   ggml/src/ggml-cann/ggml-cann.cpp @d6f30300 (2026-04-09)  supports_op: K and V f16 only, K and V
//        of one head size, no attention sinks, no logit softcap; never on Ascend 310P (ASCEND_310P)
//   ggml/src/ggml-opencl/ggml-opencl.cpp @f454bd7e (2026-04-25)  supports_op: (K, V) head sizes
//        40 64 80 96 112 128 192 256 (and 192 with V 128), K and V both f32 or both f16; from PR #25069
//        (b9828; ggml-org/ggml ad48c6d7) also q8_0 and q4_0, and any pair of the four (the OPENCL row)
//   src/llama-context.cpp (same snapshot, b8914 era)  with -fa auto, a flash-attention op placed on
//        another device than the KV cache ("Flash Attention was auto, set to disabled") turns flash
//        attention off; a quantized V then stops the context ("quantized V cache was requested,
//        but this requires Flash Attention"). With -fa on the op runs on the CPU instead.
// All of the above were read at ggml-org/llama.cpp as mirrored at f5357743 (2026-04-26, tag b8914);
// per-build ranges before it were not established except where a row says so.
//   ggml/src/ggml-cpu                        the CPU op reads any K/V type pair through its type traits
//        (PR ggml-org/llama.cpp#7372 added quantized K/V to the CPU flash attention)
// HIP builds the same fattn.cu (GGML_USE_HIP), so its coverage is CUDA's (llama.cpp#8864, #12655),
// except sparse flash attention, which fattn.cu aborts on outside NVIDIA CUDA (fattn-sparse.cu,
// ggml_cuda_flash_attn_ext_compact_mask); its K/V coverage was not read.
#include "tables/rule_id.hpp"
#include "tables/tables.hpp"
#include "tables/words.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype::tables {
namespace {

constexpr std::string_view kAllTypes = "f16 f32 bf16 q8_0 q4_0 q4_1 iq4_nl q5_0 q5_1";
constexpr std::string_view kModelDtypes = "float16 bfloat16 float32";
// fattn.cu without GGML_CUDA_FA_ALL_QUANTS (master): one type for K and V (no q8_0-K/q4_0-V: see above).
constexpr std::string_view kCudaPairs = "f16/f16 f32/f32 bf16/bf16 q8_0/q8_0 q4_0/q4_0";
// With GGML_CUDA_FA_ALL_QUANTS: every pair of the eight types ggml_cuda_fattn_kv_type_supported takes.
constexpr std::string_view kCudaAllQuantsPairs =
    "f32/f32 f32/f16 f32/bf16 f32/q8_0 f32/q4_0 f32/q4_1 f32/q5_0 f32/q5_1 "
    "f16/f32 f16/f16 f16/bf16 f16/q8_0 f16/q4_0 f16/q4_1 f16/q5_0 f16/q5_1 "
    "bf16/f32 bf16/f16 bf16/bf16 bf16/q8_0 bf16/q4_0 bf16/q4_1 bf16/q5_0 bf16/q5_1 "
    "q8_0/f32 q8_0/f16 q8_0/bf16 q8_0/q8_0 q8_0/q4_0 q8_0/q4_1 q8_0/q5_0 q8_0/q5_1 "
    "q4_0/f32 q4_0/f16 q4_0/bf16 q4_0/q8_0 q4_0/q4_0 q4_0/q4_1 q4_0/q5_0 q4_0/q5_1 "
    "q4_1/f32 q4_1/f16 q4_1/bf16 q4_1/q8_0 q4_1/q4_0 q4_1/q4_1 q4_1/q5_0 q4_1/q5_1 "
    "q5_0/f32 q5_0/f16 q5_0/bf16 q5_0/q8_0 q5_0/q4_0 q5_0/q4_1 q5_0/q5_0 q5_0/q5_1 "
    "q5_1/f32 q5_1/f16 q5_1/bf16 q5_1/q8_0 q5_1/q4_0 q5_1/q4_1 q5_1/q5_0 q5_1/q5_1";
constexpr std::string_view kCudaHeads = "40 64 72 80 96 112 128 192 256 320 512 576";
constexpr std::string_view kCudaMissing =
    "ggml_cuda_flash_attn_ext_supported() is false for it, so ggml's scheduler runs the flash-attention op on the CPU";

constexpr Backend kLlamacppBackends[] = {
    {.engine = Engine::llamacpp, .name = "CUDA", .aliases = "cuda ggml-cuda", .platforms = "cuda",
     .attention = "mha gqa mqa mla sparse-mla", .kv_cache_dtypes = kAllTypes, .model_dtypes = kModelDtypes,
     .notes = "default build: flash attention for f16, f32, bf16, q8_0, q4_0 with K and V of one type; other pairs "
              "(q8_0 K with q4_0 V too) run the op on the CPU",
     .source = "llama.cpp ggml/src/ggml-cuda/fattn.cu ggml_cuda_get_best_fattn_kernel and ggml-cuda/CMakeLists.txt "
               "(default vec instances), as synced in ggml-org/ggml up to llama.cpp d3cf1f14 (2026-08-21); PR #27269 "
               "(closed), #28079; #28524 (maintainer, 2026-09-07: by default only symmetric q4_0 and q8_0); "
               "PrismML-Eng/Bonsai-demo#145 (b10257)",
     .fa_kv_pairs = kCudaPairs, .fa_head_sizes = kCudaHeads, .fa_missing = kCudaMissing},
    {.engine = Engine::llamacpp, .name = "CUDA_FA_ALL_QUANTS", .aliases = "cuda-fa-all-quants", .platforms = "cuda",
     .attention = "mha gqa mqa mla sparse-mla", .kv_cache_dtypes = kAllTypes, .model_dtypes = kModelDtypes,
     .notes = "a build with -DGGML_CUDA_FA_ALL_QUANTS=ON: every K/V pair of f32 f16 bf16 q8_0 q4_0 q4_1 q5_0 q5_1 "
              "(iq4_nl still has no CUDA kernel); longer compile",
     .source = "llama.cpp ggml/src/ggml-cuda/fattn.cu @00a2d609 (#ifdef GGML_CUDA_FA_ALL_QUANTS); docs/build.md",
     .fa_kv_pairs = kCudaAllQuantsPairs, .fa_head_sizes = kCudaHeads, .fa_missing = kCudaMissing},
    {.engine = Engine::llamacpp, .name = "HIP", .aliases = "rocm ggml-hip", .platforms = "rocm",
     .attention = "mha gqa mqa mla", .kv_cache_dtypes = kAllTypes, .model_dtypes = kModelDtypes,
     .notes = "ROCm builds compile the CUDA flash-attention code: the same K/V pairs as CUDA",
     .source = "llama.cpp ggml/src/ggml-cuda/fattn.cu (GGML_USE_HIP); ggml/src/ggml-hip/CMakeLists.txt",
     .fa_kv_pairs = kCudaPairs, .fa_head_sizes = kCudaHeads, .fa_missing = kCudaMissing},
    {.engine = Engine::llamacpp, .name = "HIP_FA_ALL_QUANTS", .aliases = "rocm-fa-all-quants", .platforms = "rocm",
     .attention = "mha gqa mqa mla", .kv_cache_dtypes = kAllTypes, .model_dtypes = kModelDtypes,
     .notes = "a ROCm build with -DGGML_CUDA_FA_ALL_QUANTS=ON: the CUDA all-quants pairs",
     .source = "llama.cpp ggml/src/ggml-cuda/fattn.cu (GGML_USE_HIP, GGML_CUDA_FA_ALL_QUANTS)",
     .fa_kv_pairs = kCudaAllQuantsPairs, .fa_head_sizes = kCudaHeads, .fa_missing = kCudaMissing},
    // Apple GPUs (targets apple7-apple10, docs/targets.md).
    {.engine = Engine::llamacpp, .name = "METAL", .aliases = "metal mtl", .platforms = "metal",
     .attention = "mha gqa mqa mla", .kv_cache_dtypes = kAllTypes, .model_dtypes = kModelDtypes,
     .notes = "Apple GPUs: flash attention for K and V of one type among f32 f16 bf16 q8_0 q4_0 q4_1 q5_0 q5_1 "
              "(bf16 where the GPU has bfloat); iq4_nl and mixed pairs run the op on the CPU",
     .source = "llama.cpp ggml/src/ggml-metal/ggml-metal-device.m @d1649047a ggml_metal_device_supports_op",
     .fa_kv_pairs = "f32/f32 f16/f16 bf16/bf16 q8_0/q8_0 q4_0/q4_0 q4_1/q4_1 q5_0/q5_0 q5_1/q5_1",
     .fa_head_sizes = "32 40 48 64 72 80 96 112 128 192 256 320 512 576",
     .fa_missing = "ggml_metal_device_supports_op() is false for it, so the flash-attention op runs on the CPU"},
    // Any GPU with a Vulkan driver: NVIDIA and AMD (chosen with --backend VULKAN), Intel, and the
    // GPUs engines reach through Vulkan only (Adreno, Mali), where it is the GPU's own backend.
    {.engine = Engine::llamacpp, .name = "VULKAN", .aliases = "vulkan vk", .platforms = "cuda rocm sycl vulkan",
     .attention = "mha gqa mqa mla", .kv_cache_dtypes = kAllTypes, .model_dtypes = kModelDtypes,
     .notes = "any GPU with Vulkan (coopmat2, coopmat1 or scalar path: one gate): flash attention for K and V of one "
              "type among f16 f32 q4_0 q8_0 q4_1 q5_0 q5_1 iq4_nl, head sizes multiples of 8; no bf16; a device "
              "without coopmat2 or subgroup shuffle/vote has none",
     .source = "llama.cpp ggml/src/ggml-vulkan/ggml-vulkan.cpp @82209efb ggml_backend_vk_device_supports_op GGML_OP_FLASH_ATTN_EXT",
     .fa_kv_pairs = "f16/f16 f32/f32 q4_0/q4_0 q8_0/q8_0 q4_1/q4_1 q5_0/q5_0 q5_1/q5_1 iq4_nl/iq4_nl",
     .fa_head_size_multiple = 8,
     .fa_missing = "the Vulkan supports_op() is false for it, so the flash-attention op runs on the CPU"},
    {.engine = Engine::llamacpp, .name = "SYCL", .aliases = "sycl ggml-sycl", .platforms = "sycl",
     .attention = "mha gqa mqa mla", .kv_cache_dtypes = kAllTypes, .model_dtypes = kModelDtypes,
     .notes = "Intel GPUs (oneAPI build): flash attention for K and V of one type among f32 f16 q4_0 q8_0, only in a "
              "build with SYCL_FLASH_ATTN and unless GGML_SYCL_ENABLE_FLASH_ATTN=0",
     .source = "llama.cpp ggml/src/ggml-sycl/fattn.cpp @b54cb2e3 ggml_sycl_get_best_fattn_kernel; ggml-sycl.cpp",
     .fa_kv_pairs = "f32/f32 f16/f16 q4_0/q4_0 q8_0/q8_0", .fa_head_sizes = "40 64 72 80 96 112 128 256 512 576",
     .fa_missing = "ggml_sycl_flash_attn_ext_supported() is false for it, so the flash-attention op runs on the CPU"},
    {.engine = Engine::llamacpp, .name = "CANN", .aliases = "cann ascend ggml-cann", .platforms = "cann",
     .attention = "mha gqa mqa", .kv_cache_dtypes = kAllTypes, .model_dtypes = kModelDtypes,
     .notes = "Huawei Ascend NPUs: flash attention for f16 K and V only (same head size, no sinks, no softcap); "
              "none on Ascend 310P",
     .source = "llama.cpp ggml/src/ggml-cann/ggml-cann.cpp @d6f30300 ggml_backend_cann_supports_op GGML_OP_FLASH_ATTN_EXT",
     .fa_kv_pairs = "f16/f16",
     .fa_missing = "the CANN supports_op() is false for it, so the flash-attention op runs on the CPU"},
    // Adreno GPUs (kvdtype's platform word for Qualcomm and Arm GPUs is vulkan): chosen with --backend OPENCL.
    // Flash attention as of PR #25069 (first tag b9828): K and V each f16, f32, q8_0 or q4_0, any pair
    // (equal quantized types need head sizes that are multiples of 32; unequal ones are dequantized to
    // f32 on the host). Before b9828 only f32/f32 and f16/f16 (@f454bd7e); a quantized K or V could not
    // be written there at all (KVD214), and a mixed f16/f32 pair ran on the CPU (not modelled). Later
    // device carve-outs (Adreno 7xx compilers declining the converting kernels, E17 compilers declining
    // flash attention, head size 512 added) were read in ggml-org/ggml d99724f2 and are not modelled.
    {.engine = Engine::llamacpp, .name = "OPENCL", .aliases = "opencl ggml-opencl adreno", .platforms = "vulkan",
     .attention = "mha gqa mqa", .kv_cache_dtypes = kAllTypes, .model_dtypes = kModelDtypes,
     .notes = "OpenCL (Adreno): flash attention for K and V each f32, f16, q8_0 or q4_0 (the quantized ones from "
              "b9828), head sizes 40-256; the cache itself only in f16, f32 and (from b9828) q8_0, q4_0 (KVD214)",
     .source = "llama.cpp ggml/src/ggml-opencl/ggml-opencl.cpp ggml_opencl_supports_op GGML_OP_FLASH_ATTN_EXT "
               "@f454bd7e, and as synced in ggml-org/ggml ad48c6d7 (PR #25069)",
     .fa_kv_pairs = "f32/f32 f16/f16 q8_0/q8_0 q4_0/q4_0 f32/f16 f16/f32 f32/q8_0 q8_0/f32 f32/q4_0 q4_0/f32 "
                    "f16/q8_0 q8_0/f16 f16/q4_0 q4_0/f16 q8_0/q4_0 q4_0/q8_0",
     .fa_head_sizes = "40 64 80 96 112 128 192 256",
     .fa_missing = "the OpenCL supports_op() is false for it, so the flash-attention op runs on the CPU"},
    {.engine = Engine::llamacpp, .name = "CPU", .aliases = "cpu ggml-cpu", .platforms = "cpu cuda rocm metal sycl cann vulkan",
     .attention = "mha gqa mqa mla sparse-mla", .kv_cache_dtypes = kAllTypes, .model_dtypes = kModelDtypes,
     .notes = "layers kept on the CPU (-ngl 0 or no GPU backend): flash attention reads every K/V type pair",
     .source = "llama.cpp ggml/src/ggml-cpu/ops.cpp ggml_compute_forward_flash_attn_ext_f16; PR ggml-org/llama.cpp#7372",
     .fa_kv_pairs = "*/*", .fa_missing = ""},
};
static_assert(closed_words_known(kLlamacppBackends), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

// llama.cpp has no selection among attention implementations: the device backend of the layers
// holds the cache. kvdtype takes the GPU's own backend (a build for that vendor, layers offloaded).
constexpr SelectionOrder kLlamacppSelection[] = {
    {.engine = Engine::llamacpp, .platform = "cuda", .order = "CUDA",
     .source = "llama.cpp: a CUDA build offloads layers (-ngl) to the CUDA backend"},
    {.engine = Engine::llamacpp, .platform = "rocm", .order = "HIP",
     .source = "llama.cpp: a HIP build offloads layers (-ngl) to the ROCm backend"},
    {.engine = Engine::llamacpp, .platform = "cpu", .order = "CPU",
     .source = "llama.cpp: without a GPU backend every layer runs on the CPU"},
    {.engine = Engine::llamacpp, .platform = "metal", .order = "METAL",
     .source = "llama.cpp: macOS builds enable GGML_METAL by default and offload layers to the Apple GPU (docs/build.md, Metal Build)"},
    {.engine = Engine::llamacpp, .platform = "cann", .order = "CANN",
     .source = "llama.cpp docs/backend/CANN.md: the CANN backend is llama.cpp's one backend for Ascend NPUs"},
    // No row for sycl or vulkan: Intel GPUs have two llama.cpp backends, SYCL and Vulkan; Adreno
    // has OpenCL beside Vulkan. Which one a build uses is not known from the GPU, so the backend
    // is unknown there (KVD080) unless --backend names it (VULKAN runs on all of them).
};
static_assert(closed_words_known(kLlamacppSelection), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");

}  // namespace

std::span<const Backend> llamacpp_backends() noexcept { return kLlamacppBackends; }
std::span<const SelectionOrder> llamacpp_selection() noexcept { return kLlamacppSelection; }

namespace {

// What changed across llama.cpp builds (src/tables/engines/llamacpp/releases_llamacpp.cpp), as behaviour rows: the
// builds in [introduced_in, removed_in) behave so; with no --engine-version the newest build is
// assumed. Everything else llama.cpp refuses is the generic flash-attention check (check.cpp,
// KVD201-KVD204) and the parser's whitelist (the launch parser, KVD200, KVD205).
//
// PR ggml-org/llama.cpp#15434 ("use FA + max. GPU layers by default", merged 2025-08-30, first tag
// b6325) turned -fa from a switch (flash attention off unless given) into -fa on|off|auto with auto
// the default, which also turns flash attention on for a quantized V. Builds before it therefore
// refuse a quantized V cache without -fa (KVD206; check.cpp skips the auto logic for them) and stop
// at `-fa on` (KVD207); builds from it stop at a bare -fa (KVD208). llama-bench kept its own -fa
// (0/1 lists, default 0) until PR #23714 (merged 2026-05-31, first tag b9437) gave it auto as the
// default: the syntax rows leave it out, and its default-off row runs to b9437.
// The tile flash-attention kernel at head size 512 (rows below): NVIDIA GPUs without Turing
// tensor cores and AMD GPUs run it for D=512 (the MMA kernel's AMD paths stop at 256).
constexpr std::string_view kTile512Gqa2 =
    "head size 512 with a GQA ratio of 2 (Gemma 4 E2B/E4B MTP drafters) has no tile flash-attention kernel instance "
    "from b8609 on: the tile launcher aborts ('fattn-tile.cuh: fatal error') instead of falling back; the fix's first "
    "build is not established";
constexpr std::string_view kTile512Gqa2Source =
    "ggml-org/llama.cpp PR #20998 (launch_fattn_tile_switch_ncols2, as synced in ggml-org/ggml fbee96b7), PR #24526 "
    "(bug 1), #24400 (RX 6600: fattn-tile.cuh fatal error), PR #25148 (ggml-org/ggml 515a4a63)";

// The CUDA flash-attention GQA-ratio gates (rows below).
constexpr std::string_view kCudaFamily = "CUDA CUDA_FA_ALL_QUANTS HIP HIP_FA_ALL_QUANTS";
// MLA requests are left out: a config.json gives an MLA model as many KV heads as query heads,
// while llama.cpp's MLA GGUFs cache one latent head (the ratio kvdtype would compute is not the kernel's).
constexpr std::string_view kNotMla = "mha gqa mqa";
constexpr std::string_view kRatio192 =
    "at head size 192 the CUDA/HIP flash-attention kernels take only GQA ratios (query heads / KV heads) that are "
    "multiples of 8: ggml_cuda_flash_attn_ext_supported() is false for this model (with -fa on the op runs on the CPU)";
constexpr std::string_view kRatio320 =
    "at head size 320 the CUDA/HIP flash-attention kernels take only GQA ratios that are multiples of 32: "
    "ggml_cuda_flash_attn_ext_supported() is false for this model (with -fa on the op runs on the CPU)";
constexpr std::string_view kNo320 =
    "before b8966 (PR #22286) the CUDA/HIP flash-attention code had no kernel for K head size 320 with V 256 "
    "(Mistral Small 4): ggml_cuda_flash_attn_ext_supported() is false, so with -fa on ggml's scheduler runs the op on "
    "the CPU, silently and slowly";
constexpr std::string_view kNo320Source =
    "ggml-org/llama.cpp PR #22286 (first tag b8966; ggml/src/ggml-cuda/fattn.cu before it, as synced in "
    "ggml-org/ggml f1134856^: no case 320 in ggml_cuda_get_best_fattn_kernel); ggml-org/llama.cpp#20710 (b8400, "
    "RTX 4090, Mistral Small 4 with -fa on)";
constexpr std::string_view kRatio1 =
    "at head size 512 the CUDA/HIP flash-attention kernels need the GQA optimisation (a ratio of query to "
    "KV heads of at least 2): ggml_cuda_flash_attn_ext_supported() is false for a model with as many KV heads as "
    "query heads (with -fa on the op runs on the CPU)";
constexpr std::string_view kRatioSource =
    "ggml-org/llama.cpp ggml/src/ggml-cuda/fattn.cu @00a2d609 ggml_cuda_get_best_fattn_kernel (cases 192, 320, 512, "
    "576); PR #26404 (open: Motif 3, head size 192 with ratio 5, has no flash attention)";

// The Vulkan backend's cache writes before b4497 (rows below).
constexpr std::string_view kVulkanCpyQuant =
    "before b4497 (PR #11166) the Vulkan CPY takes only f32 and f16 destinations, so ggml's scheduler aborts at context "
    "creation on the quantized cache tensors pre-allocated in the Vulkan buffer ('... in a buffer (Vulkan0) that "
    "cannot run the operation (CPY)')";
constexpr std::string_view kVulkanCpyQuantSource =
    "ggml-org/llama.cpp PR #11166 (commit bd38ddea, build 4497: ggml-org/llama.cpp#11268); "
    "ggml/src/ggml-vulkan/ggml-vulkan.cpp supports_op GGML_OP_CPY as synced in ggml-org/ggml 3f79c121 (2025-01-10: "
    "F32 to F32/F16, F16 to F16 only) and 9b8df221 (the PR); SET_ROWS as synced in 3b7e745a (PR #14587: quantized "
    "destinations from the start); ggml-backend.cpp ggml_backend_sched_backend_id_from_cur (the abort); "
    "lmstudio-ai/lmstudio-bug-tracker#340 (a runtime of at most b4493, two RX 580s, q8_0: 'cannot load')";

// The OpenCL backend's cache writes (rows below).
constexpr std::string_view kOpenclSetRows =
    "before b9828 (PR #25069) the OpenCL SET_ROWS and CPY take only f16 and f32 destinations, so ggml's scheduler "
    "aborts at context creation on the quantized cache tensors pre-allocated in the OpenCL buffer ('pre-allocated "
    "tensor (cache_k_l0 (view)) in a buffer (OpenCL) that cannot run the operation (SET_ROWS)')";
constexpr std::string_view kOpenclSetRowsStill =
    "the OpenCL SET_ROWS takes f16, f32 and (from b9828) q8_0 and q4_0 destinations only, so ggml's scheduler aborts "
    "at context creation on a cache of this type pre-allocated in the OpenCL buffer ('... cannot run the operation "
    "(SET_ROWS)')";
constexpr std::string_view kOpenclSetRowsSource =
    "ggml-org/llama.cpp#19393 (b7949, Adreno 663, q4_0/q4_0); ggml/src/ggml-opencl/ggml-opencl.cpp supports_op "
    "GGML_OP_SET_ROWS and GGML_OP_CPY as synced in ggml-org/ggml 067b7d68 (PR #10693), e08f01d9 (#14547, f16/f32 "
    "set_rows), 9bb4cfc2 (2026-04-01), ad48c6d7 (#25069: Q8_0, Q4_0 added; first tag b9828) and d99724f2 "
    "(2026-08-21); ggml-backend.cpp ggml_backend_sched_backend_id_from_cur (the abort)";

// -sm tensor before b9455 (rows below).
constexpr std::string_view kTensorQuantRefused =
    "builds b8738 (PR #19378) to b9454 refuse every quantized K or V type under -sm tensor; PR #23792 (b9455) lifted "
    "the guard";
constexpr std::string_view kTensorQuantSource =
    "ggml-org/llama.cpp PR #19378 (first tag b8738), PR #23792 'TP: quantized KV cache support' (first tag b9455); "
    "#21788, #23567 (the refusal: 'simultaneous use of SPLIT_MODE_TENSOR and KV cache quantization not implemented')";

constexpr Constraint kLlamacppConstraints[] = {
    {.engine = Engine::llamacpp, .rule = "KVD206",
     .when = {.flags_none = flag_flash_attn_on | flag_flash_attn_off, .v_quantized = true},
     .detail = "flash attention is off unless -fa is given (-fa auto, the default from b6325, does not exist yet)",
     .selection = false, .source = "ggml-org/llama.cpp PR #15434 (first tag b6325); ggml-org/llama.cpp#10378",
     .removed_in = "b6325"},
    {.engine = Engine::llamacpp, .rule = "KVD206",
     .when = {.flags_all = flag_llama_bench, .flags_none = flag_flash_attn_on | flag_flash_attn_off, .v_quantized = true},
     .detail = "llama-bench runs with flash attention off unless -fa 1 is given (its default became auto in b9437)",
     .introduced_in = "b6325", .selection = false,
     .source = "ggml-org/llama.cpp PR #23714 ('Support -fa auto in llama-bench', first tag b9437)", .removed_in = "b9437"},
    {.engine = Engine::llamacpp, .rule = "KVD207", .when = {.flags_all = flag_fa_word, .flags_none = flag_llama_bench},
     .detail = "-fa is a switch before b6325", .selection = false,
     .source = "ggml-org/llama.cpp PR #15434 (first tag b6325)", .removed_in = "b6325"},
    {.engine = Engine::llamacpp, .rule = "KVD208", .when = {.flags_all = flag_fa_bare, .flags_none = flag_llama_bench},
     .detail = "-fa takes a value from b6325", .introduced_in = "b6325", .selection = false,
     .source = "ggml-org/llama.cpp PR #15434 (first tag b6325); defilantech/LLMKube#147; yazon/flexllama#15"},
    // Kernel coverage that changed across builds (the backend rows above describe b8914).
    // Vulkan flash attention ran only on coopmat2 (VK_NV_cooperative_matrix2) devices, NVIDIA GPUs
    // with a recent driver, until the scalar shader of PR #13324; on every other Vulkan device
    // supports_op was false and the op ran on the CPU ("some FA operations are not yet handled by
    // the Vulkan backend and fall back to CPU", #12526; maintainer answer in #13217).
    {.engine = Engine::llamacpp, .rule = "KVD102",
     .when = {.backends = "VULKAN", .platforms = "rocm sycl vulkan", .flags_all = flag_flash_attn_on},
     .detail = "before b5333 Vulkan flash attention needed coopmat2 (NVIDIA only), so on this GPU the flash-attention "
               "op ran on the CPU, silently and slower than without -fa",
     .selection = false,
     .source = "ggml-org/llama.cpp PR #13324 'vulkan: scalar flash attention implementation' (merged 2025-05; first "
               "tag b5333); #12526 (b4941, RX 6700 XT), #13217 (maintainer: 'only supported on Nvidia GPUs with "
               "coopmat2')",
     .removed_in = "b5333"},
    // A bf16 K cache had no CUDA/HIP flash-attention kernel (ggml_cuda_get_best_fattn_kernel's type
    // switch ends in NONE for it; supports_op is false, the op runs on the CPU) until PR #20525
    // ("native bf16 flash attention for vec kernel", merged 2026-03, compile fix #20865), whose first
    // build was not established. The row stops at b7108, the newest build read without it (the
    // copy Ollama vendored at v0.13.2), so builds from b7108 to #20525 are not flagged.
    {.engine = Engine::llamacpp, .rule = "KVD102",
     .when = {.backends = "CUDA CUDA_FA_ALL_QUANTS HIP HIP_FA_ALL_QUANTS", .kv_cache_dtypes = "bf16",
              .flags_all = flag_flash_attn_on},
     .detail = "this build's CUDA/HIP flash attention has no bf16 K/V kernel (bf16 arrived with PR #20525 in 2026-03), "
               "so ggml's scheduler runs the flash-attention op on the CPU (llama.cpp#15261: 98 graph splits, 17.8 t/s "
               "prefill)",
     .selection = false,
     .source = "ggml-org/llama.cpp#15261 (closed draft, 2025-08); ggml/src/ggml-cuda/fattn.cu @7f8ef50c (b7108, as "
               "vendored by ollama/ollama v0.13.2: no GGML_TYPE_BF16 case); PR #20525, #20865",
     .removed_in = "b7108"},
    // CUDA/HIP flash attention for head size 512 (Gemma 4's full-attention layers) came with PR
    // #20998 (b8609); before it supports_op was false for D=512 and the op ran on the CPU.
    {.engine = Engine::llamacpp, .rule = "KVD102",
     .when = {.backends = "CUDA CUDA_FA_ALL_QUANTS HIP HIP_FA_ALL_QUANTS", .head_sizes = "512",
              .flags_all = flag_flash_attn_on},
     .detail = "before b8609 the CUDA/HIP flash-attention code had no kernel for head size 512 (Gemma 4's global "
               "layers), so ggml's scheduler ran those layers' flash-attention op on the CPU, silently and slowly",
     .selection = false,
     .source = "ggml-org/llama.cpp PR #20998 (first tag b8609, as ollama/ollama PR #15332's backport states); "
               "ollama/ollama#15237",
     .removed_in = "b8609"},
    // Head size 320 with V 256 (Mistral Small 4, whose MLA cache gives the flash-attention op K 320
    // and V 256): ggml_cuda_get_best_fattn_kernel had no case 320 until PR #22286 (first tag
    // b8966), so supports_op was false for every model of that shape, MLA or not. With -fa on the
    // op ran on the CPU (llama.cpp#20710 at b8400: high CPU use in prefill, half the decode
    // speed); with -fa auto flash attention turned off, which a quantized V cache does not survive.
    {.engine = Engine::llamacpp, .rule = "KVD102",
     .when = {.backends = kCudaFamily, .head_sizes = "320", .flags_all = flag_flash_attn_on},
     .detail = kNo320, .selection = false, .source = kNo320Source, .removed_in = "b8966"},
    {.engine = Engine::llamacpp, .rule = "KVD266",
     .when = {.backends = kCudaFamily, .head_sizes = "320", .flags_none = flag_flash_attn_on | flag_flash_attn_off,
              .v_quantized = true},
     .detail = kNo320, .introduced_in = "b6325", .selection = false, .source = kNo320Source, .removed_in = "b8966"},
    // Head size 512 with a GQA ratio of 2 (Gemma 4 E2B/E4B MTP drafters: 4 query heads, 2 KV heads):
    // ggml_cuda_get_best_fattn_kernel accepts D=512 whenever the GQA optimisation applies (ratio of
    // at least 2), so supports_op is true and nothing falls back to the CPU, but the kernels have no
    // instance with two query heads per KV head and abort ("fattn.cu: fatal error", also
    // fattn-tile.cuh). The tile kernel (GPUs without Turing tensor cores: Pascal, Volta at small
    // batches, AMD at this head size) wrapped ncols2=2 in `if constexpr (DV <= 256)` in PR #20998
    // (b8609); the MMA kernel (Turing and newer) did the same in PR #21768 (authored 2026-04-11,
    // first build not established). PR #25148 (authored 2026-06-30) adds the instances to both; its
    // first build was not established (after b9840). Ratios 4, 8 and 16 have instances; ratio 1
    // is refused by supports_op (the op runs on the CPU, KVD202).
    {.engine = Engine::llamacpp, .rule = "KVD070",
     .when = {.backends = "CUDA CUDA_FA_ALL_QUANTS", .platforms = "cuda", .min_cc = 75, .head_sizes = "512",
              .flags_none = flag_flash_attn_off, .gqa_ratios = "2"},
     .detail = "head size 512 with a GQA ratio of 2 (Gemma 4 E2B/E4B MTP drafters) has no MMA flash-attention kernel "
               "instance from PR #21768 on: ggml_cuda_flash_attn_ext aborts ('fattn.cu: fatal error') instead of "
               "falling back; reported at b9574, b9584 and b9592; b9840 predates the fix, whose first build is not "
               "established",
     .introduced_in = "b8609", .affected_in = "b9574 b9584 b9592 b9840", .fix_pr = "ggml-org/llama.cpp#25148",
     .selection = false,
     .source = "ggml-org/llama.cpp#24376 (b9584, b9574), #24400 (b9592; T4), PR #24526 (analysis, closed unmerged), "
               "PR #25148; ggml/src/ggml-cuda/fattn.cu as synced in ggml-org/ggml c8b35f8f (#21768) and 515a4a63 "
               "(#25148)"},
    {.engine = Engine::llamacpp, .rule = "KVD070",
     .when = {.backends = "CUDA CUDA_FA_ALL_QUANTS", .platforms = "cuda", .max_cc = 74, .head_sizes = "512",
              .flags_none = flag_flash_attn_off, .gqa_ratios = "2"},
     .detail = kTile512Gqa2, .introduced_in = "b8609", .fix_pr = "ggml-org/llama.cpp#25148", .selection = false,
     .source = kTile512Gqa2Source},
    {.engine = Engine::llamacpp, .rule = "KVD070",
     .when = {.backends = "HIP HIP_FA_ALL_QUANTS", .head_sizes = "512", .flags_none = flag_flash_attn_off,
              .gqa_ratios = "2"},
     .detail = kTile512Gqa2, .introduced_in = "b8609", .fix_pr = "ggml-org/llama.cpp#25148", .selection = false,
     .source = kTile512Gqa2Source},
    // A CUDA launch limit on a long MLA cache kept in host memory (-nkvo). With -nkvo the flash-
    // attention op still runs on the GPU, on copies the scheduler makes of the K and V views it reads;
    // MLA's V is a view of K (the first 512 of each 576-wide row), and its copy keeps that row stride,
    // so it is not contiguously allocated and launch_fattn converts a quantized V to f16 through the
    // non-contiguous kernels (ggml_get_to_fp16_nc_cuda). Those passed the KV length as grid.y, which
    // CUDA caps at 65535: once the cache holds more than 65535 tokens the launch fails
    // (cudaErrorInvalidConfiguration). With the cache on the GPU the V view is recognised as K's
    // (V_is_K_view, PR #19057) and the contiguous K conversion is reused, so only -nkvo is matched.
    // PR #19999 (first tag b8183) loops over grid.y; it closes #19724 (b8094, GLM-4.7-Flash, q4_0,
    // -nkvo, crash at ~65k tokens) and #19487 (b7964, -np 2 non-unified streams, not modelled: kvdtype
    // reads neither -np nor --kv-unified). Turing and newer (the MMA kernel serves 576 there); a
    // quantized K (V is its view); -fa on as reported (-fa auto with -nkvo was not read).
    {.engine = Engine::llamacpp, .rule = "KVD070",
     .when = {.kv_quant = "ggml_block", .attention = "mla", .platforms = "cuda", .min_cc = 75,
              .flags_all = flag_no_kv_offload | flag_flash_attn_on, .min_max_model_len = 65536},
     .detail = "with the cache in host memory (--no-kv-offload) the CUDA flash-attention kernel reads a copy of "
               "MLA's V view, which launch_fattn converts to f16 through the non-contiguous kernels with the KV "
               "length as grid.y: past 65535 cached tokens the launch fails (cudaErrorInvalidConfiguration) and the "
               "server aborts",
     .affected_in = "b8094", .fixed_in = "b8183", .fix_pr = "ggml-org/llama.cpp#19999", .selection = false,
     .source = "ggml-org/llama.cpp#19724 (b8094 b55dcdef5, RTX 4060 Laptop, GLM-4.7-Flash, -ctk/-ctv q4_0 -fa on "
               "--no-kv-offload --ctx-size 202752: crash at ~65k tokens; closed), PR #19999 ('Closes #19487, Closes "
               "#19724'); ggml-org/ggml f4eb7267 (its sync: ggml-cuda/convert.cu dequantize_block and convert_unary "
               "loop over grid.y, capped at 65535) and 0c381164 (PR #19057: V_is_K_view in fattn-common.cuh); first "
               "tag b8183 from release digest shamitv/llama_cpp CHANGELOG.md ('b8183: cuda: fix grid.y overflow in "
               "non-contiguous dequantize/convert kernels (#19999)')"},
    // The GQA-ratio gates of ggml_cuda_get_best_fattn_kernel (fattn.cu @00a2d609): head size 192
    // (V 128) needs a ratio that is a multiple of 8 (MiMo: 8 and 16), 320 (V 256) a multiple of 32
    // (Mistral Small 4), and 512 and 576 the GQA optimisation, a ratio of at least 2. Otherwise the
    // kernel is NONE: supports_op is false, so with -fa on the op runs on the CPU (KVD102) and with
    // -fa auto flash attention turns off, which a quantized V cache does not survive (KVD266).
    // Motif 3 (192/128, ratio 5: PR #26404, open) is such a model. Of the PRs that added these
    // sizes only #22286 (320, first tag b8966) was placed: the 320 rows start there, and the rows
    // above cover the builds before it; PR #22812 (192) was not, so the 192 rows carry no range.
    {.engine = Engine::llamacpp, .rule = "KVD102",
     .when = {.backends = kCudaFamily, .attention = kNotMla, .head_sizes = "192", .flags_all = flag_flash_attn_on,
              .gqa_ratio_not_multiple_of = 8},
     .detail = kRatio192, .selection = false, .source = kRatioSource},
    {.engine = Engine::llamacpp, .rule = "KVD266",
     .when = {.backends = kCudaFamily, .attention = kNotMla, .head_sizes = "192", .flags_none = flag_flash_attn_on | flag_flash_attn_off,
              .v_quantized = true, .gqa_ratio_not_multiple_of = 8},
     .detail = kRatio192, .introduced_in = "b6325", .selection = false, .source = kRatioSource},
    {.engine = Engine::llamacpp, .rule = "KVD102",
     .when = {.backends = kCudaFamily, .attention = kNotMla, .head_sizes = "320", .flags_all = flag_flash_attn_on,
              .gqa_ratio_not_multiple_of = 32},
     .detail = kRatio320, .introduced_in = "b8966", .selection = false, .source = kRatioSource},
    {.engine = Engine::llamacpp, .rule = "KVD266",
     .when = {.backends = kCudaFamily, .attention = kNotMla, .head_sizes = "320", .flags_none = flag_flash_attn_on | flag_flash_attn_off,
              .v_quantized = true, .gqa_ratio_not_multiple_of = 32},
     .detail = kRatio320, .introduced_in = "b8966", .selection = false, .source = kRatioSource},
    {.engine = Engine::llamacpp, .rule = "KVD102",
     .when = {.backends = kCudaFamily, .attention = kNotMla, .head_sizes = "512", .flags_all = flag_flash_attn_on, .gqa_ratios = "1"},
     .detail = kRatio1, .introduced_in = "b8609", .selection = false, .source = kRatioSource},
    {.engine = Engine::llamacpp, .rule = "KVD266",
     .when = {.backends = kCudaFamily, .attention = kNotMla, .head_sizes = "512", .flags_none = flag_flash_attn_on | flag_flash_attn_off,
              .v_quantized = true, .gqa_ratios = "1"},
     .detail = kRatio1, .introduced_in = "b8609", .selection = false, .source = kRatioSource},
    // Vulkan flash attention on an Adreno X1-85 (Mesa Turnip) garbles output once V is quantized
    // (q4_0 or q8_0, whatever K is) on head size 256 GQA models; f16 V is coherent. Reported on
    // b10154 (#26195, closed as stale without a fix or a maintainer's reproduction), so no build
    // range: the row warns at every build. kvdtype's platform word for GPUs reached only through
    // Vulkan covers Mali as well; only Adreno was reported.
    {.engine = Engine::llamacpp, .rule = "KVD071",
     .when = {.backends = "VULKAN", .attention = "gqa", .platforms = "vulkan", .head_sizes = "256",
              .flags_none = flag_flash_attn_off, .v_quantized = true},
     .detail = "Vulkan flash attention on an Adreno X1-85 (Mesa Turnip) returns garbled output with a quantized V "
               "(q4_0, q8_0; any K) at head size 256 with GQA, f16 V coherent; reported on b10154 and closed as stale "
               "without a fix; whether other GPUs reached only through Vulkan (Mali) share it is not established",
     .affected_in = "b10154", .selection = false,
     .source = "ggml-org/llama.cpp#26195 (2026-07-27, 'version: 541 (0e4a03622)', a shallow clone's count of commit "
               "0e4a0362239713ea95a6864a17a8de4b0ad90d62, build 10154)"},
    // The Vulkan backend wrote the cache with CPY, and until PR #11166 (commit bd38ddea, build 4497)
    // its supports_op took only f32 and f16 destinations (ggml-org/ggml 3f79c121 of 2025-01-10 and
    // every sync before): a quantized K or V cache in Vulkan memory aborted at context creation
    // ("... in a buffer (Vulkan0) that cannot run the operation (CPY)"). PR #11166 added F32 to
    // q4_0 q4_1 q5_0 q5_1 q8_0 iq4_nl, and Vulkan's SET_ROWS (PR #14587) took the same types from the
    // start, so the rows end at b4497.
    {.engine = Engine::llamacpp, .rule = "KVD214", .when = {.backends = "VULKAN", .kv_quant = "ggml_block"},
     .detail = kVulkanCpyQuant, .selection = false, .source = kVulkanCpyQuantSource, .removed_in = "b4497"},
    {.engine = Engine::llamacpp, .rule = "KVD214", .when = {.backends = "VULKAN", .kv_quant = "none", .v_quantized = true},
     .detail = kVulkanCpyQuant, .selection = false, .source = kVulkanCpyQuantSource, .removed_in = "b4497"},
    // The OpenCL backend writes the KV cache with SET_ROWS (CPY before llama.cpp PR #14285), and its
    // supports_op took only f16 and f32 destinations for both ops from the backend's first sync
    // (ggml-org/ggml 067b7d68, PR #10693) until PR #25069 (first tag b9828), which added q8_0 and
    // q4_0; bf16, q4_1, q5_0, q5_1 and iq4_nl are still refused in the newest copy read (ggml-org/ggml
    // d99724f2, sync of 2026-08-21). The cache tensors are allocated in the OpenCL buffer of the
    // offloaded layers, so ggml's scheduler cannot move the write to the CPU and aborts in the first
    // graph it reserves ("pre-allocated tensor (cache_k_l0 (view)) in a buffer (OpenCL) that cannot
    // run the operation (SET_ROWS)", llama.cpp#19393 at b7949), before the flash-attention decision
    // (so KVD203 is never reached there). A quantized V with an f16/f32 K is one row; a V that is not
    // q8_0/q4_0 beside a K that is (b9828 on) cannot be told apart (When has no V type list) and is
    // not flagged. --no-kv-offload keeps the cache in host memory (not modelled).
    {.engine = Engine::llamacpp, .rule = "KVD214", .when = {.backends = "OPENCL", .kv_cache_dtypes = "q8_0 q4_0"},
     .detail = kOpenclSetRows, .selection = false, .source = kOpenclSetRowsSource, .removed_in = "b9828"},
    {.engine = Engine::llamacpp, .rule = "KVD214",
     .when = {.backends = "OPENCL", .kv_cache_dtypes = "bf16 q4_1 q5_0 q5_1 iq4_nl"},
     .detail = kOpenclSetRowsStill, .selection = false, .source = kOpenclSetRowsSource},
    {.engine = Engine::llamacpp, .rule = "KVD214",
     .when = {.backends = "OPENCL", .kv_cache_dtypes = "f16 f32", .v_quantized = true},
     .detail = kOpenclSetRows, .selection = false, .source = kOpenclSetRowsSource, .removed_in = "b9828"},
    // Tensor parallelism, -sm tensor (PR #19378, first tag b8738): ggml's meta backend wraps the
    // GPUs' backends and splits every tensor, the KV cache included, by head. Its first form
    // refused a quantized cache outright in llama_init_from_model (ggml_is_quantized of type_k or
    // type_v: f16, bf16 and f32 pass); PR #23792 (first tag b9455) taught the meta backend the
    // flattened shapes of the quantized cache and dropped the guard. One row for a quantized K,
    // one for an unquantized K with a quantized V, so that a pair fires once.
    {.engine = Engine::llamacpp, .rule = "KVD209", .when = {.kv_quant = "ggml_block", .flags_all = flag_split_tensor},
     .detail = kTensorQuantRefused, .introduced_in = "b8738", .selection = false, .source = kTensorQuantSource,
     .removed_in = "b9455"},
    {.engine = Engine::llamacpp, .rule = "KVD209",
     .when = {.kv_quant = "none", .flags_all = flag_split_tensor, .v_quantized = true},
     .detail = kTensorQuantRefused, .introduced_in = "b8738", .selection = false, .source = kTensorQuantSource,
     .removed_in = "b9455"},
    // MLA models keep one latent cache and read V as a view of K, so from PR #25871 context
    // creation refuses two different types (KVD213). The first build is bounded, not found: the
    // PR was opened and merged on 2026-07-18, after b9888 (Ollama's pin of 2026-07-06, which
    // predates it), and b10154 (master of 2026-07-27) is the oldest build read that has it; builds
    // b9889..b10153 are taken as not refusing (see docs/failure-classes.md, session 43 GQ).
    {.engine = Engine::llamacpp, .rule = "KVD213", .when = {.attention = "mla sparse-mla", .kv_types_differ = true},
     .detail = "stops context creation (\"model does not support different K and V cache types\"); the cache "
               "has no separate V, and the check keeps code that reads V's type right",
     .introduced_in = "b10154", .selection = false,
     .source = "ggml-org/llama.cpp PR #25871 (merged 2026-07-18; condition extended in review from DeepSeek V4 "
               "to every hparams.is_mla() model); src/llama-context.cpp llama_init_from_model as quoted in "
               "unslothai/unsloth studio code (is_mla() || LLM_ARCH_DEEPSEEK4, error and nullptr); #26382 "
               "(b10216, GLM-5.2, -ctk q5_1 alone)"},
    // Tensor split needs flash attention: llama_init_from_model stops at -fa off ("SPLIT_MODE_TENSOR
    // requires flash_attn to be enabled") and turns -fa auto into on (KVD212, the next row). The
    // refusal of an explicit off is the mode's requirement from its
    // first build (LocalAI#9560 of 2026-04-25 lists "FlashAttention enabled" among its needs).
    {.engine = Engine::llamacpp, .rule = "KVD211", .when = {.flags_all = flag_split_tensor | flag_flash_attn_off},
     .detail = "llama_init_from_model stops with \"SPLIT_MODE_TENSOR requires flash_attn to be enabled\" (it turns -fa "
               "auto into on)",
     .introduced_in = "b8738", .selection = false,
     .source = "ggml-org/llama.cpp src/llama-context.cpp llama_init_from_model (SPLIT_MODE_TENSOR: auto -> enabled, "
               "otherwise an error), as quoted in public code notes; docs/multi-gpu.md (PR #22729, 2026-05: 'Add -fa on "
               "or remove -fa off'); mudler/LocalAI#9560"},
    // The same branch of llama_init_from_model turns -fa auto into on under tensor split. check.cpp
    // reads these rows (EngineIndex::fa_forced_rows): where one holds for the request's build, the
    // flash-attention coverage is judged as with -fa on (no KVD203/KVD204; KVD202 or KVD210). The
    // build is the mode's first: the enabling and the refusal stand together in the code read, and
    // no record read places the enabling after PR #19378.
    {.engine = Engine::llamacpp, .rule = "KVD212",
     .when = {.flags_all = flag_split_tensor, .flags_none = flag_flash_attn_on | flag_flash_attn_off},
     .detail = "turns it on at context creation (\"enabling flash_attn since it is required for SPLIT_MODE_TENSOR\")",
     .introduced_in = "b8738", .selection = false,
     .source = "ggml-org/llama.cpp src/llama-context.cpp llama_init_from_model (SPLIT_MODE_TENSOR: auto -> enabled), "
               "as quoted in public code notes (the SPLIT_MODE_TENSOR branch: AUTO -> ENABLED, otherwise an error) and in tensor-split logs; PR #19378 (first tag "
               "b8738), the mode's first build, taken as the bound: the build that added the enabling was not placed "
               "apart from it"},
    // From b9455 a quantized cache runs under -sm tensor where the GPU backend has a flash-attention
    // kernel for the pair (f32 f16 bf16 q4_0 q8_0 on a default CUDA/HIP build). Where it has none,
    // -sm layer hands the op to the CPU (KVD202); the meta backend cannot, and its split-state
    // inference asserts at start-up (ggml-backend-meta.cpp 'ret.axis != GGML_BACKEND_SPLIT_AXIS_UNKNOWN').
    // Reported for iq4_nl at b10441 (#27116, also the release binaries) and for q4_1, iq4_nl, q5_0,
    // q5_1 in a fork that calls it an upstream limitation; PR #27248 (open) is the fix. Under
    // -sm tensor -fa auto is on (llama_init_from_model enables it), so only -fa off is left out
    // (refused by itself, KVD211).
    {.engine = Engine::llamacpp, .rule = "KVD210",
     .when = {.flags_all = flag_split_tensor, .flags_none = flag_flash_attn_off, .fa_no_kernel = true},
     .detail = "the meta backend's split-state inference asserts at start-up ('GGML_ASSERT(ret.axis != "
               "GGML_BACKEND_SPLIT_AXIS_UNKNOWN)'); reported for iq4_nl at b10441 and for q4_1, iq4_nl, q5_0 and q5_1 "
               "on a default CUDA/HIP build; no fix is released (PR #27248 open)",
     .introduced_in = "b9455", .affected_in = "b10441", .selection = false,
     .source = "ggml-org/llama.cpp#27116 (2026-08-15, build 10441, 2x RTX 5060 Ti, -ctk/-ctv iq4_nl -fa 1 --split-mode "
               "tensor; q4_0 runs), PR #27248 (open), PR #23792 (b9455); stew675/llama-cpp-rdna-boosts#21 (2026-09-08)"},
    // Remote backends (--rpc, request remote_backend). ggml-rpc's client answers every supports_op
    // with true (ggml_backend_rpc_device_supports_op: "TODO: call the remote backend and cache the
    // results"), so the scheduler leaves the flash-attention op of the layers an rpc-server holds on
    // that device whatever its backend lacks, and the server's graph_compute runs it without a
    // scheduler of its own: where a local device would hand the op to the CPU (KVD202), the
    // rpc-server aborts. Reported at b10675 with -fa on (CUDA on both sides): q8_0/q4_0, q5_0/q5_0,
    // q4_1/q4_1, q5_1/q5_1 and q5_0/q4_1 crash the server in fattn.cu, q4_0/q4_0 and q8_0/q8_0 run,
    // and the same command without --rpc runs. -fa auto is left out: the local layers' fallback
    // turns auto off there. The remote device is not an input: its coverage is judged as --gpu's.
    {.engine = Engine::llamacpp, .rule = "KVD070",
     .when = {.flags_all = flag_flash_attn_on, .fa_no_kernel = true, .remote_backend = Tri::yes},
     .detail = "with --rpc the layers on an rpc-server keep their flash-attention op, since ggml-rpc answers every "
               "supports_op with true, and the server's backend aborts on the K/V pair it has no kernel for (fattn.cu) "
               "instead of falling back to the CPU; judged with --gpu's kernels, the rpc-server's device not being an "
               "input; no fix is known",
     .affected_in = "b10675", .selection = false,
     .source = "ggml-org/llama.cpp#27905 (open 2026-08-28, build 10675, client RTX 5070 Ti + 5060 Ti, RPC host RTX 4060 "
               "laptop, -fa on: q8_0/q4_0 and four more pairs crash the rpc-server, q8_0/q8_0 and q4_0/q4_0 run, no "
               "crash without --rpc); ggml/src/ggml-rpc/ggml-rpc.cpp ggml_backend_rpc_device_supports_op (returns true, "
               "TODO to ask the remote backend; read at commit 6cf2fdd75c46)"},
    // A regression of CUDA flash attention with a quantized cache on sm_120: first bad build
    // b9310 (#23689), b9174 good (#23693), b9333 bad in three reports. The fixing PR and build
    // were not established, so builds after b9333 get the not-established warning.
    {.engine = Engine::llamacpp, .rule = "KVD071",
     .when = {.backends = "CUDA CUDA_FA_ALL_QUANTS", .platforms = "cuda", .min_cc = 120, .max_cc = 120,
              .flags_none = flag_flash_attn_off, .v_quantized = true},
     .detail = "builds b9310 to b9333 (the newest reported) garble output after a few to ~150 tokens with a quantized "
               "cache and flash attention on sm_120 (q4_0/q4_0, q8_0/q8_0, f16/q8_0); b9174 was good; a fix is not "
               "established",
     .introduced_in = "b9310", .affected_in = "b9310 b9333", .selection = false,
     .source = "ggml-org/llama.cpp#23689 (RTX PRO 6000, first noticed at b9310), #23693 (RTX 5090-class sm_120, b9333; "
               "b9174 good), #23717 (RTX 5060 Ti, b9333)"},
    // SYCL flash attention with a q8_0 K/V at head size 256 returns values uncorrelated with the
    // reference when K/V are permuted views (the layout llama.cpp's attention graph hands the op)
    // and more than one query row is processed (prompt processing). Two reports, Xe-LPG and Xe2,
    // both open; no fix.
    {.engine = Engine::llamacpp, .rule = "KVD071",
     .when = {.backends = "SYCL", .kv_cache_dtypes = "q8_0", .head_sizes = "256", .flags_none = flag_flash_attn_off},
     .detail = "SYCL flash attention with q8_0 K/V at head size 256 returns a wrong result for permuted K/V views with "
               "more than one query row (test-backend-ops ERR 1.2-1.4 against 5e-4; reported on b10615 and on master of "
               "2026-08-16 and 2026-09-01, 'not a recent regression'); a fix is not established",
     .introduced_in = "b10615", .affected_in = "b10615", .selection = false,
     .source = "ggml-org/llama.cpp#27769 (open; Arc 140T, b10615), #28193 (open; Arc Pro B70, b94041a and 36b1015)"},
    // Session 47 (GR). MiniMax-M3's MSA graph (PR #24908) calls ggml_flash_attn_ext itself instead of
    // build_attn, so it never applies the Hadamard rotation a quantized cache needs and asserts
    // GGML_ASSERT(!self_k_rot && !self_v_rot) instead, for a quantized K or V alike. Reported on
    // b10141; #26180 (merged after 2026-07-31) applies the rotations. Its first tag is not established.
    {.engine = Engine::llamacpp, .rule = "KVD070",
     .when = {.kv_quant = "ggml_block", .architectures = "minimax-m3 minimax_m3 MiniMaxM3ForCausalLM"},
     .detail = "MiniMax-M3's MSA attention graph skips the rotations a quantized K cache needs and aborts on "
               "GGML_ASSERT(!self_k_rot && !self_v_rot)",
     .affected_in = "b10141", .fix_pr = "ggml-org/llama.cpp#26180", .selection = false,
     .source = "ggml-org/llama.cpp#26155 (closed 2026-07-27: b10141, 2x RTX 4090, --flash-attn on --cache-type-k q8_0), "
               "#26180 ('Support quantized kv cache for Minimax M3': 'The M3 graph calls ggml_flash_attn_ext directly instead "
               "of going through build_attn ... quantized -ctk and -ctv were asserted out'), #24908 (the model; comment of "
               "2026-06-26: the two asserts in build_attn_msa_4way and build_attn_msa_decode)"},
    {.engine = Engine::llamacpp, .rule = "KVD070",
     .when = {.v_quantized = true, .architectures = "minimax-m3 minimax_m3 MiniMaxM3ForCausalLM"},
     .detail = "MiniMax-M3's MSA attention graph skips the rotations a quantized V cache needs and aborts on "
               "GGML_ASSERT(!self_k_rot && !self_v_rot)",
     .affected_in = "b10141", .fix_pr = "ggml-org/llama.cpp#26180", .selection = false,
     .source = "ggml-org/llama.cpp#26155, #26180 (quantized -ctk and -ctv)"},
};

}  // namespace

std::span<const Constraint> llamacpp_constraints() noexcept { return kLlamacppConstraints; }

static_assert(closed_words_known(kLlamacppConstraints), "a row names a platform, attention kind or quant family not in src/tables/words.hpp");
static_assert(rule_codes_known(kLlamacppConstraints), "a row names a rule code that src/tables/rules.cpp does not define");

}  // namespace kvdtype::tables
