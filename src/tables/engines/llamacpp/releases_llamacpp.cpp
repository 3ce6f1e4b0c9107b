// llama.cpp releases that a fact in the tables names or that a public record places in time,
// oldest first. The version fields of the llama.cpp tables must name a row here.
//
// llama.cpp has no numbered releases: CI tags every merge to master as a build, bNNNN (release
// tags on ggml-org/llama.cpp, images ghcr.io/ggml-org/llama.cpp:server-cuda-bNNNN, and
// `llama-server --version` prints "version: NNNN (commit)"), one to three a day. Builds order by
// number; a build without a row (almost all of them) is still a valid --engine-version and falls
// between its neighbours. "First tag" below is the earliest build containing a PR's merge commit,
// as a public history write-up of llama.cpp determined it (`git describe --contains` on a clone of
// 2026-09-27, whose newest tag was b11206); merge dates are those commits' dates. Publication dates
// of the tags themselves were not checked (left empty).
//
// What changed across these builds, as far as the tables model it (constraint rows in
// backends_llamacpp.cpp, rules KVD206-KVD208):
//   - b6325, PR #15434: -fa became -fa on|off|auto with auto the default. Before it -fa was a
//     switch and flash attention was off unless given, so a quantized V cache without -fa was
//     refused (#10378). Corroborated by bindings that synced to b6327 on 2025-08-31 and replaced
//     the boolean flash_attn with flash_attn_type (mybigday/llama.node#102, mybigday/llama.rn#199).
//   - b9437, PR #23714: llama-bench's -fa default became auto; it was off in every build before,
//     so llama-bench without -fa refused a quantized V. The PR's description first kept off as
//     the default and a maintainer's review asked for auto; that the merged change has auto as
//     the default comes from two public write-ups of b9437 (wpnews.pro, creeta.com), not from the
//     merged diff, which was not read.
//
//   - b4497, PR #11166: the Vulkan backend writes quantized caches (CPY to q4_0 … iq4_nl); KVD214 before it.
//   - b5333, PR #13324: Vulkan flash attention without coopmat2 (KVD102 before it, non-NVIDIA GPUs).
//   - b7108: newest build read without a bf16 CUDA flash-attention case (KVD102 before it).
//   - b8094 .. b8183, PR #19999: a quantized MLA cache kept in host memory (-nkvo) aborts in CUDA flash
//     attention past 65535 cached tokens (grid.y of the non-contiguous f16 conversion; KVD070).
//   - b8609, PR #20998: CUDA/HIP flash attention for head size 512 (KVD102 before it).
//   - b8609 (#20998) .. PR #25148: CUDA/HIP flash attention at head size 512 with a GQA ratio of 2
//     aborts (the tile kernel from #20998, the MMA kernel from #21768); reported at b9574, b9584,
//     b9592; b9840 predates the fix; the fix's first build is not established (KVD070).
//   - b10615: SYCL flash attention wrong for permuted q8_0 K/V at head size 256 (KVD071, open).
//   - b9310..b9333: quantized cache with CUDA flash attention garbles output on sm_120 (KVD071).
//   - b10154: Vulkan flash attention with a quantized V garbles output on an Adreno X1-85 at head
//     size 256 (KVD071, #26195, closed as stale without a fix).
//   - b10154 (an upper bound), PR #25871 (merged 2026-07-18): an MLA model (hparams.is_mla(), or
//     DeepSeek V4) refuses K and V cache types that differ (KVD213). b9888 predates the PR; the
//     first build containing the merge was not found, so the row starts at b10154, the oldest
//     build read that has it.
//   - b8966, PR #22286: CUDA/HIP flash attention for head size 320 with V 256 (KVD102/KVD266 before it).
//   - b9828, PR #25069: the OpenCL backend writes q8_0 and q4_0 caches (SET_ROWS); before it a quantized
//     K or V cache in OpenCL memory aborts at context creation (KVD214); other quantized types still do.
//   - b8738, PR #19378: -sm tensor (tensor parallelism, ggml's meta backend); until b9455 (PR
//     #23792) it refused a quantized K or V cache at context creation (KVD209). From b9455 a K/V
//     pair the GPU backend has no flash-attention kernel for aborts in the meta backend instead of
//     running on the CPU (KVD210; #27116 at b10441; PR #27248, open).
//
// Established but not modelled:
//   - b6358, PR #15746: -fa 1, 0 and -1 became aliases of on, off and auto (between b6325 and
//     b6357 they are refused). llama-bench's own -fa took 0/1 in every build. Numeric values are
//     not judged (no row refuses -fa 1 on llama-server b6325..b6357).
//   - b3520 (#8864): the CUDA/HIP flash-attention kernel aborted on a K/V pair it had no kernel for
//     ("Unsupported KV type combination for head_size 64. By default only f16 KV cache is
//     supported"), and in 2025-07 still for head size 576 ("Only f16 is supported", #12655). Newer
//     builds answer supports_op() false and the op runs on the CPU (KVD202), which the tables
//     describe; the build where that changed was not established, so older builds get the newer
//     answer.
// Not established: the first build with the GGML_CUDA_FA_QUANTS list that replaced
// GGML_CUDA_FA_ALL_QUANTS (PR #28079, reviewed 2026-09-07 to 09-10; whether b11206 has it is not
// known), and the build that gave head sizes 64 and 256 quantized-KV kernels (#12989).
#include "tables/rows/release.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr Release kRows[] = {
    {.engine = Engine::llamacpp, .version = "b2771",
     .note = "first tag with PR #5021 'ggml : add Flash Attention' (merged 2024-04-30): -fa as an opt-in switch",
     .source = "ggml-org/llama.cpp#5021; first tag from a public llama.cpp history write-up (git describe --contains)"},
    {.engine = Engine::llamacpp, .version = "b3520",
     .note = "date not established; CUDA/HIP flash attention aborted on a K/V pair without a kernel",
     .source = "ggml-org/llama.cpp#8864 (2024-08-05 report: 'version: 3520 (49bf8d47)')"},
    {.engine = Engine::llamacpp, .version = "b4497",
     .note = "commit bd38ddea (2025-01-16), PR #11166 'vulkan: support copy from f32 to q4_0/q4_1/q5_0/q5_1/q8_0/"
             "iq4_nl': the first build whose Vulkan backend writes a quantized K or V cache (before it its CPY took "
             "f32/f16 destinations only and a quantized cache aborted at context creation)",
     .source = "ggml-org/llama.cpp#11268 (2025-01-16: 'version: 4497 (bd38ddea)'); commit bd38ddea0181 is PR #11166 "
               "(semanticdiff.com and mirror commit pages); ggml-org/ggml 9b8df221 (its sync: supports_op GGML_OP_CPY "
               "gains F32 to Q4_0 Q4_1 Q5_0 Q5_1 Q8_0 IQ4_NL)"},
    {.engine = Engine::llamacpp, .version = "b5333",
     .note = "first tag with PR #13324 'vulkan: scalar flash attention implementation' (merged 2025-05): Vulkan flash "
             "attention on devices without coopmat2",
     .source = "ggml-org/llama.cpp#13324; first tag from a public llama.cpp history write-up (docs/engines/llamacpp.md); "
               "b5377 (#13506, KHR_coopmat flash attention) builds on it"},
    {.engine = Engine::llamacpp, .version = "b6325",
     .note = "first tag with PR #15434 'use FA + max. GPU layers by default' (merged 2025-08-30): -fa on|off|auto, "
             "default auto",
     .source = "ggml-org/llama.cpp#15434; first tag from a public llama.cpp history write-up; "
               "mybigday/llama.node#102 (2025-08-31: b6327 has flash_attn_type)"},
    {.engine = Engine::llamacpp, .version = "b6358",
     .note = "first tag with PR #15746 (merged 2025-09-02): -fa 1/0/-1 aliases of on/off/auto",
     .source = "ggml-org/llama.cpp#15746; first tag from a public llama.cpp history write-up"},
    {.engine = Engine::llamacpp, .version = "b7108",
     .note = "commit 7f8ef50c, the llama.cpp Ollama v0.13.2 vendors ('ggml update to b7108', ollama/ollama#12992): "
             "its CUDA flash attention has no bf16 K/V case",
     .source = "ollama/ollama commit 0cf7794b1 (Makefile.sync FETCH_HEAD 7f8ef50c; ml/backend/ggml/ggml/src/ggml-cuda/fattn.cu)"},
    {.engine = Engine::llamacpp, .version = "b8094",
     .note = "commit b55dcdef5 (2026-02-19); reported to abort once an MLA cache kept in host memory (-nkvo) with a "
             "quantized type passes 65535 tokens (CUDA flash attention, grid.y of the non-contiguous conversion)",
     .source = "ggml-org/llama.cpp#19724 ('version: 8094 (b55dcdef5)')"},
    {.engine = Engine::llamacpp, .version = "b8183",
     .note = "first tag with PR #19999 'cuda: fix grid.y overflow in non-contiguous dequantize/convert kernels' "
             "(author date 2026-03-01): the CUDA conversion kernels loop over rows past 65535",
     .source = "ggml-org/llama.cpp#19999; release digest shamitv/llama_cpp CHANGELOG.md ('b8183: cuda: fix grid.y "
               "overflow in non-contiguous dequantize/convert kernels (#19999)'); bindings' changelogs: b8179 without "
               "it, b8185 'CUDA: cap grid.y at 65535 in non-contiguous dequantize/convert kernels'"},
    {.engine = Engine::llamacpp, .version = "b8609",
     .note = "first tag with PR #20998: CUDA/HIP flash attention for head size 512 (Gemma 4)",
     .source = "ggml-org/llama.cpp#20998; ollama/ollama PR #15332 ('The llama.cpp release that contains this fix is "
               "... tag/b8609')"},
    {.engine = Engine::llamacpp, .version = "b8738", .date = "2026-04-09",
     .note = "first tag with PR #19378 'ggml: backend-agnostic tensor parallelism (experimental)': -sm tensor, which "
             "refused a quantized K or V cache at context creation",
     .source = "ggml-org/llama.cpp#19378 (approved and merged 2026-04-09); release digest ai-tldr.dev 'llama.cpp Build "
               "b8738' (2026-04-09); #21788 (2026-04-12, b8763: feature request to allow SPLIT_MODE_TENSOR with a "
               "quantized cache)"},
    {.engine = Engine::llamacpp, .version = "b8966",
     .note = "first tag with PR #22286 (squash commit of 2026-04-28 19:37 UTC): CUDA/HIP flash attention for K head "
             "size 320 with V 256 (Mistral Small 4, GQA ratio 32); before it ggml_cuda_get_best_fattn_kernel had no "
             "case 320",
     .source = "ggml-org/llama.cpp#22286; release digest tokenfeed.pages.dev 'llama.cpp now runs Mistral Small 4 "
               "locally' ('has released build b8966, adding flash attention support for Mistral Small 4'); "
               "ggml-org/ggml f1134856 (the PR's commit, ggml/src/ggml-cuda/fattn.cu: case 320 added)"},
    {.engine = Engine::llamacpp, .version = "b9174",
     .note = "last build reported good before the sm_120 quantized-cache regression",
     .source = "ggml-org/llama.cpp#23693 ('Last known good: version 9174')"},
    {.engine = Engine::llamacpp, .version = "b9310",
     .note = "first build reported to garble output with a quantized V cache and flash attention on sm_120",
     .source = "ggml-org/llama.cpp#23689"},
    {.engine = Engine::llamacpp, .version = "b9333",
     .note = "commit 35c9b1f39; the build of three reports of the sm_120 quantized-cache regression",
     .source = "ggml-org/llama.cpp#23693, #23717 ('version: 9333 (35c9b1f39)')"},
    {.engine = Engine::llamacpp, .version = "b9437",
     .note = "first tag with PR #23714 (merged 2026-05-31): llama-bench -fa auto, the default",
     .source = "ggml-org/llama.cpp#23714; first tag from a public llama.cpp history write-up"},
    {.engine = Engine::llamacpp, .version = "b9455",
     .note = "first tag with PR #23792 'TP: quantized KV cache support': -sm tensor takes a quantized K/V cache",
     .source = "ggml-org/llama.cpp#23792 (opened 2026-05-27); release digests of b9455 (theneuralfeed.com, "
               "tokenfeed.pages.dev: 'merged via pull request #23792'); mudler/LocalAI#10135 (2026-06-02)"},
    {.engine = Engine::llamacpp, .version = "b9574",
     .note = "commit bd5e5d252; reported to abort in CUDA flash attention at head size 512 with a GQA ratio of 2",
     .source = "ggml-org/llama.cpp#24376 (comment of 2026-06-12: 'version: 9574 (bd5e5d252)', RTX 3050)"},
    {.engine = Engine::llamacpp, .version = "b9584",
     .note = "commit e25a32e98; reported to abort in CUDA flash attention at head size 512 with a GQA ratio of 2",
     .source = "ggml-org/llama.cpp#24376 ('version: 9584 (e25a32e98)', 2x RTX 3090)"},
    {.engine = Engine::llamacpp, .version = "b9592",
     .note = "reported to abort in CUDA flash attention at head size 512 with a GQA ratio of 2 (GB10)",
     .source = "ggml-org/llama.cpp#24400 (comment of 2026-06-10: llama.cpp-b9592/ggml/src/ggml-cuda/fattn.cu:110)"},
    {.engine = Engine::llamacpp, .version = "b9828",
     .note = "first tag with PR #25069 'opencl: flash attention improvement' (author date 2026-06-27): the OpenCL "
             "backend's SET_ROWS takes q8_0 and q4_0 destinations (before it only f16 and f32, so a quantized K or V "
             "cache aborted at context creation) and its flash attention reads q8_0/q4_0 K and V",
     .source = "ggml-org/llama.cpp#25069; release digest theneuralfeed.com 'llama.cpp b9828 boosts inference with "
               "OpenCL flash attention improvements' (FA kernels for q4_0 and q8_0 'along with set_rows and dequant "
               "kernels for these types'); ggml-org/ggml ad48c6d7 (sync of llama/25069: src/ggml-opencl/ggml-opencl.cpp "
               "supports_op GGML_OP_SET_ROWS gains Q8_0 and Q4_0)"},
    {.engine = Engine::llamacpp, .version = "b9840",
     .note = "the build Ollama bundled from 2026-06-29 (v0.31.0, v0.31.1); it predates PR #25148 (authored "
             "2026-06-30), so it lacks that fix",
     .source = "ollama/ollama commit 1c5ebbf5f (LLAMA_CPP_VERSION b9840, 2026-06-29 16:43 UTC); ggml-org/ggml "
               "515a4a63 (sync of llama.cpp#25148, author date 2026-06-30 12:06 UTC)"},
    {.engine = Engine::llamacpp, .version = "b10141",
     .note = "the release of the first report that MiniMax-M3's MSA graph aborts with a quantized K cache (before "
             "PR #26180)",
     .source = "ggml-org/llama.cpp#26155 (2026-07-27: 'Release: b10141', 2x RTX 4090, --cache-type-k q8_0)"},
    {.engine = Engine::llamacpp, .version = "b10154",
     .note = "commit 0e4a0362239713ea95a6864a17a8de4b0ad90d62 (master of 2026-07-27); reported to garble output with "
             "Vulkan flash attention and a quantized V on an Adreno X1-85; after PR #25871's merge (2026-07-18), so it "
             "refuses different K and V types on MLA models",
     .source = "ggml-org/llama.cpp#26195 ('version: 541 (0e4a03622)' from a shallow clone); public build logs naming "
               "'version: 10154 (0e4a03622)' and 'commit 0e4a0362239713ea95a6864a17a8de4b0ad90d62 (llama.cpp build "
               "10154)', built 2026-07-27"},
    {.engine = Engine::llamacpp, .version = "b10441",
     .note = "commit 0177dcc73; reported to abort with -sm tensor and an iq4_nl K/V cache (also the release binaries)",
     .source = "ggml-org/llama.cpp#27116 (2026-08-15: 'version: 0.1.0-dev (build 10441, commit 0177dcc73)', 2x RTX "
               "5060 Ti)"},
    {.engine = Engine::llamacpp, .version = "b10615",
     .note = "the build of the first report of wrong SYCL flash-attention results with a permuted q8_0 K/V at head "
             "size 256",
     .source = "ggml-org/llama.cpp#27769 ('llama.cpp tag b10615, SYCL backend')"},
    {.engine = Engine::llamacpp, .version = "b10675",
     .note = "commit 90c26fcd4; the build of the report of an rpc-server aborting in fattn.cu on a K/V pair without a "
             "CUDA flash-attention kernel",
     .source = "ggml-org/llama.cpp#27905 (2026-08-28: 'build 10675 (90c26fcd4)', Windows CUDA)"},
    {.engine = Engine::llamacpp, .version = "b11206",
     .note = "newest tag of master on 2026-09-27 in the write-up's clone (what latest means); the build number of "
             "the master the tables read (fattn.cu @00a2d609) was not established",
     .source = "a public llama.cpp history write-up (clone of 2026-09-27, HEAD 4da6337)"},
    // Newer builds are known by their release records; no dated copy of common/arg.cpp
    // (kv_cache_types) or of the flash-attention kernels after b11206 was read.
    {.engine = Engine::llamacpp, .version = "b11345", .date = "2026-10-02", .note = "GitHub release 21:06 UTC",
     .source = "daily release digest of 2026-10-03 (Horizon) listing the GitHub release",
     .content_unknown = "the -ctk/-ctv cache types and flash-attention kernels of llama.cpp b11345"},
    {.engine = Engine::llamacpp, .version = "b11425", .date = "", .note = "commit e117148a41d8; out by 2026-10-05",
     .source = "a review note pinning b11425 (research index file 70983325523)",
     .content_unknown = "the -ctk/-ctv cache types and flash-attention kernels of llama.cpp b11425"},
    {.engine = Engine::llamacpp, .version = "b11459", .date = "",
     .note = "between b11439 (2026-10-06) and b11463 (2026-10-07) in daily release digests; the day was not established",
     .source = "image pins ghcr.io/ggml-org/llama.cpp:server-cuda-b11459 (reference sheet of releases)",
     .content_unknown = "the -ctk/-ctv cache types and flash-attention kernels of llama.cpp b11459"},
    {.engine = Engine::llamacpp, .version = "b11491", .date = "", .note = "commit 9b4ed0ca572b; date not established",
     .source = "an iOS runtime pin of b11491 (research index file 71050935413)",
     .content_unknown = "the -ctk/-ctv cache types and flash-attention kernels of llama.cpp b11491"},
};

}  // namespace

std::span<const Release> llamacpp_releases() noexcept { return kRows; }

}  // namespace kvdtype::tables
