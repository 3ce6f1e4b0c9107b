// LMDeploy releases that a fact in the tables names or that a public record places in time,
// oldest first. The version fields of the LMDeploy tables must name a row here.
//
// LMDeploy tags alpha pre-releases before a minor release (0.14.0a1, 0.14.0a2); pip orders them
// before the release. Only releases a cited record names are listed; others (0.6.x … 0.12.2) exist
// and pip's order places them correctly.
//
// What changed across these releases, as far as the tables model it (the --quant-policy values):
//   - 42 / turbo_quant (TurboQuant KV cache): new in v0.13.0 (2026-05-12; its release notes list
//     "TurboQuant (quant_policy=42) KV cache quantization"), so absent from v0.12.3.
//   - 16 / fp8 / fp8_e4m3 and 17 / fp8_e5m2 (PyTorch engine FP8 KV cache, InternLM/lmdeploy#4563,
//     opened 2026-04-29): listed in the notes of v0.14.0a1 and v0.14.0a2, so not in v0.13.0.
//   - 0, 4, 8 predate every row here.
#include "tables/rows/release.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr Release kRows[] = {
    {.engine = Engine::lmdeploy, .version = "0.9.1", .date = "2025-07-04", .date_verified = true,
     .note = "tag date (commit of tag v0.9.1, 2025-07-04)",
     .source = "InternLM/lmdeploy tag v0.9.1 (git clone); InternLM/lmdeploy#3752 (2025-07-21: 'lmdeploy==0.9.1, the latest')"},
    {.engine = Engine::lmdeploy, .version = "0.12.3",
     .note = "about the week of 2026-05-04 (a digest lists it with SGLang v0.5.11 and vLLM v0.20.1); the day was not established",
     .source = "GitHub release InternLM/lmdeploy v0.12.3 as listed by a 2026-05 release digest; security advisory fixed in v0.12.3"},
    {.engine = Engine::lmdeploy, .version = "0.13.0", .date = "2026-05-12",
     .note = "release notes: TurboQuant (quant_policy=42) KV cache quantization",
     .source = "GitHub release InternLM/lmdeploy v0.13.0 (2026-05-12), as summarized by a 2026-05-23 release digest"},
    {.engine = Engine::lmdeploy, .version = "0.14.0a1", .note = "pre-release; date not established; notes list FP8 KV cache quantization",
     .source = "GitHub release InternLM/lmdeploy 0.14.0a1 (release digest: 'FP8 KV cache quantization')"},
    {.engine = Engine::lmdeploy, .version = "0.14.0a2", .date = "2026-06-16",
     .note = "pre-release; notes list FP8 KV cache quantization (#4563)",
     .source = "GitHub release InternLM/lmdeploy 0.14.0a2 (published 2026-06-16, per a release tracker entry)"},
    {.engine = Engine::lmdeploy, .version = "0.14.0", .date = "2026-06-24", .date_verified = true, .note = "tag date (2026-06-24 12:34 +0800)",
     .source = "InternLM/lmdeploy tag v0.14.0; InternLM/lmdeploy#4689 ('bump version to v0.14.0', merged)"},
    {.engine = Engine::lmdeploy, .version = "0.15.0", .date = "2026-07-31", .date_verified = true, .note = "tag date (2026-07-31 20:51 +0800)",
     .source = "InternLM/lmdeploy tag v0.15.0; InternLM/lmdeploy#4791 ('bump version to v0.15.0', merged)"},
    {.engine = Engine::lmdeploy, .version = "0.16.0", .date = "2026-08-19", .date_verified = true, .note = "tag date (2026-08-19 12:43 +0800)",
     .source = "InternLM/lmdeploy tag v0.16.0; InternLM/lmdeploy#4847 ('bump version to v0.16.0', merged)"},
    {.engine = Engine::lmdeploy, .version = "0.17.0", .date = "2026-09-01",
     .note = "published 2026-09-01T07:13:39Z; notes list DeepEPv2 (#4783), Kimi K2.6 (#4846), a Mooncake store KV connector (#4903), no KV dtype change",
     .source = "InternLM/lmdeploy#4914 ('bump version to v0.17.0', merged); release digest quoting published_at (research index file 68652941145)"},
    // The quant-policy rename (InternLM/lmdeploy#4718, --kv-cache-dtype) was still open when last seen.
    {.engine = Engine::lmdeploy, .version = "0.18.0", .date = "",
     .note = "exists (pip install lmdeploy==0.18.0 in a benchmark script); a package-index listing dates it to 2026-09 (month only)",
     .source = "package index listing 'lmdeploy 0.18.0 2026-09' (reference sheet of releases); benchmark script (research index file 70163028975)",
     .content_unknown = "the --quant-policy values and engines of LMDeploy 0.18.0 (whether #4718's --kv-cache-dtype rename landed)"},
};

}  // namespace

std::span<const Release> lmdeploy_releases() noexcept { return kRows; }

}  // namespace kvdtype::tables
