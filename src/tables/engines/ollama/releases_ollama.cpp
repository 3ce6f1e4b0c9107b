// Ollama releases that a fact in the tables names, oldest first. The version fields of the Ollama
// tables must name a row here. Versions are the tags without the leading v (v0.12.4 → 0.12.4).
//
// Dates are the dates of the tag commits in the ollama/ollama mirror (`git for-each-ref
// refs/tags`, HEAD fb3076099); the GitHub release may have been published a day or so later, so
// no date is marked verified.
//
// What changed across them, as the tables model it (constraint rows in backends_ollama.cpp):
//   - 0.5.0, PR #6279: OLLAMA_KV_CACHE_TYPE; a quantized type needs OLLAMA_FLASH_ATTENTION=1, else
//     Ollama logs a warning and keeps f16 (KVD261). Types other than f16 q8_0 q4_0 keep f16 (KVD262).
//   - 0.11.0-0.11.1: gpt-oss's attention does not call flash attention, yet its cache took the
//     quantized type; the server crashed (KVD070, fixed in 0.11.2 by commit 8253ad4d2).
//   - 0.12.4 (fdb109469): OLLAMA_FLASH_ATTENTION unset follows the model's default list; setting it
//     overrides the model either way. (Before, gpt-oss forced flash attention on from 0.11.8.)
//   - Architecture rows (a request's model_architecture / model_type, GGUF general.architecture):
//     0.5.0-0.18.x grok: llama.cpp forces flash attention off for Grok, then refuses the quantized V
//     (KVD070, fixed in 0.19.0, which keeps f16: KVD261); 0.11.2-0.11.4 gpt-oss fails
//     SupportsFlashAttention (KVD261); 0.11.5-0.12.3 gpt-oss takes f16 only (KVD262); from 0.5.5 deci
//     (per-layer head counts) fails SupportsFlashAttention (KVD261); 0.5.0-0.12.3 the bundled ggml's
//     CUDA/ROCm flash attention has quantized K/V kernels for head size 128 only (KVD265).
//   - 0.5.0-0.5.12: the bundled ggml's Metal backend has no copy kernel from a quantized type to f32,
//     so the K shift of a context shift aborts with a q8_0/q4_0 cache (KVD070, fixed in 0.5.13).
//   - 0.13.4, PR #13052: flash attention "auto" for the llama.cpp runner when the variable is unset,
//     and the warning text "OLLAMA_FLASH_ATTENTION must be enabled to use a quantized
//     OLLAMA_KV_CACHE_TYPE": a quantized type still needs the variable set to 1.
//   - 0.12.7-0.12.9: FlashAttentionSupported (ml/device.go, PR #12540) left Vulkan GPUs out, so on
//     them a quantized type was dropped for f16 (KVD261); #12937 (first tag v0.12.10) put them back.
//   - 0.30.0, PR #16031: every GGUF model runs in the bundled llama-server; the type goes to it
//     unchecked and llama.cpp decides (KVD263, KVD264); OLLAMA_NEW_ENGINE is gone.
#include "tables/rows/release.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr std::string_view kTagDate = "date of the tag commit in the ollama/ollama mirror";

constexpr Release kRows[] = {
    {.engine = Engine::ollama, .version = "0.5.0", .date = "2024-12-04", .note = kTagDate,
     .source = "ollama/ollama tag v0.5.0 (aed1419c6474); K/V cache quantization, PR #6279 (commit 1bdab9fdb)"},
    {.engine = Engine::ollama, .version = "0.5.5", .date = "2025-01-10", .note = kTagDate,
     .source = "ollama/ollama tag v0.5.5 (32bd37adf805): the first tag whose vendored llama.cpp has LLM_ARCH_DECI "
               "(llama/llama-arch.cpp; v0.5.4 has none)"},
    {.engine = Engine::ollama, .version = "0.5.12", .date = "2025-02-23", .note = kTagDate,
     .source = "ollama/ollama tag v0.5.12 (8c13cfa4dd35); OLLAMA_NEW_ENGINE (commit ed443a039, PR #7913)"},
    {.engine = Engine::ollama, .version = "0.5.13", .date = "2025-03-03", .note = kTagDate,
     .source = "ollama/ollama tag v0.5.13; llama.cpp vendored at d7cfe1ff (commit d7d7e9966, PR #9356), the first "
               "with the Metal quant-to-f32 copy kernels of llama.cpp PR #12017 (ggml-metal.m kernel_cpy_q8_0_f32; "
               "v0.5.12 has none)"},
    {.engine = Engine::ollama, .version = "0.6.0", .date = "2025-03-11", .note = kTagDate,
     .source = "ollama/ollama tag v0.6.0; quantized cache in the Ollama engine, PR #9591 (commit 4100ed7bd)"},
    {.engine = Engine::ollama, .version = "0.11.0", .date = "2025-08-05", .note = kTagDate,
     .source = "ollama/ollama tag v0.11.0: the first with gpt-oss (model/models/gptoss; v0.10.1 has none)"},
    {.engine = Engine::ollama, .version = "0.11.2", .date = "2025-08-05", .note = kTagDate,
     .source = "ollama/ollama tag v0.11.2 (8253ad4d2b2e); gpt-oss fails SupportsFlashAttention, commit 8253ad4d2 "
               "'ggml: Prevent kv cache quanitization on gpt-oss' (fixes #11671)"},
    {.engine = Engine::ollama, .version = "0.11.5", .date = "2025-08-18", .note = kTagDate,
     .source = "ollama/ollama tag v0.11.5 (f804e8a46005); gpt-oss takes f16 only, PR #11929 (commit df335aac0)"},
    {.engine = Engine::ollama, .version = "0.11.8", .date = "2025-08-28", .note = kTagDate,
     .source = "ollama/ollama tag v0.11.8 (4383a3ab7a07); gpt-oss flash attention on by default, PR #11996"},
    {.engine = Engine::ollama, .version = "0.12.4", .date = "2025-10-09", .note = kTagDate,
     .source = "ollama/ollama tag v0.12.4 (15e3611d3d13); OLLAMA_FLASH_ATTENTION overrides the model default "
               "(commit fdb109469); gpt-oss quantized cache allowed again, PR #12494"},
    {.engine = Engine::ollama, .version = "0.12.6", .date = "2025-10-16", .note = kTagDate,
     .source = "ollama/ollama tag v0.12.6 (1813ff85a); Vulkan, commit 2aba569a2 (#11835)"},
    {.engine = Engine::ollama, .version = "0.12.7", .date = "2025-10-29", .note = kTagDate,
     .source = "ollama/ollama tag v0.12.7 (c88647104d16); FlashAttentionSupported moved to ml/device.go without "
               "Vulkan, commit 3258a89b6 'DRY out the runner lifecycle code (#12540)'"},
    {.engine = Engine::ollama, .version = "0.12.10", .date = "2025-11-05", .note = kTagDate,
     .source = "ollama/ollama tag v0.12.10 (80d34260ea16); Vulkan counted again by FlashAttentionSupported, commit "
               "a4770107a 'vulkan: enable flash attention (#12937)' (fixes #12928)"},
    {.engine = Engine::ollama, .version = "0.13.4", .date = "2025-12-15", .note = kTagDate,
     .source = "ollama/ollama tag v0.13.4 (89eb795293f3); flash attention auto for the llama runner, PR #13052"},
    {.engine = Engine::ollama, .version = "0.19.0", .date = "2026-03-29", .note = kTagDate,
     .source = "ollama/ollama tag v0.19.0 (31f968fe1f0f); grok fails SupportsFlashAttention, commit ebbce136c "
               "'ggml: force flash attention off for grok' (PR #15050)"},
    {.engine = Engine::ollama, .version = "0.24.0", .date = "2026-05-14", .note = "date of the tag commit; the last release line with Ollama's own runners",
     .source = "ollama/ollama tag v0.24.0 (llm/server.go lines 193-271 read there)"},
    {.engine = Engine::ollama, .version = "0.30.0", .date = "2026-06-01", .note = kTagDate,
     .source = "ollama/ollama tag v0.30.0 (2c71d8d7ca6e); runners replaced by llama-server, PR #16031 (commit 9db4bdbad)"},
    {.engine = Engine::ollama, .version = "0.32.14", .date = "2026-08-15", .note = kTagDate,
     .source = "ollama/ollama tag v0.32.14 (d67ad8342663), the newest release tag of the mirror read"},
    // Newer releases are known by their packaging records; their llm/llama_server.go and envconfig
    // were not read, so a check of one (or of anything newer) is incomplete (KVD080).
    {.engine = Engine::ollama, .version = "0.33.0", .note = "out by 2026-08-26 (the winget package of that day)",
     .source = "microsoft/winget-pkgs#424300 'New version: Ollama.Ollama version 0.33.0' (2026-08-26)",
     .content_unknown = "how Ollama 0.33.0 passes OLLAMA_KV_CACHE_TYPE and OLLAMA_FLASH_ATTENTION to llama-server"},
    {.engine = Engine::ollama, .version = "0.33.3", .note = "out by 2026-09-03 (the winget package of that day)",
     .source = "microsoft/winget-pkgs#428989 'New version: Ollama.Ollama version 0.33.3' (2026-09-03); "
               "msys2/MINGW-packages#31414",
     .content_unknown = "how Ollama 0.33.3 passes OLLAMA_KV_CACHE_TYPE and OLLAMA_FLASH_ATTENTION to llama-server"},
};

}  // namespace

std::span<const Release> ollama_releases() noexcept { return kRows; }

}  // namespace kvdtype::tables
