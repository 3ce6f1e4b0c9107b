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
    {.engine = Engine::lmdeploy, .version = "0.14.0", .note = "date not established",
     .source = "InternLM/lmdeploy#4689 ('bump version to v0.14.0', merged)"},
    {.engine = Engine::lmdeploy, .version = "0.15.0", .note = "date not established",
     .source = "InternLM/lmdeploy#4791 ('bump version to v0.15.0', merged)"},
    {.engine = Engine::lmdeploy, .version = "0.16.0", .note = "date not established",
     .source = "InternLM/lmdeploy#4847 ('bump version to v0.16.0', merged)"},
    {.engine = Engine::lmdeploy, .version = "0.17.0", .note = "date not established",
     .source = "InternLM/lmdeploy#4914 ('bump version to v0.17.0', merged); a v0.17.0 bug report"},
};

}  // namespace

std::span<const Release> lmdeploy_releases() noexcept { return kRows; }

}  // namespace kvdtype::tables
