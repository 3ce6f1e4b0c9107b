// Every vLLM release from v0.6.0 on, oldest first. The version fields of the vLLM tables
// (introduced_in, removed_in, fixed_in, affected_in …) must name a row here.
//
// Sources: GitHub release records and a release-history digest generated from GitHub Releases
// (cited as "digest"; gathered in the project's reference notes, with spot checks against
// dated third-party records named per row), release notes for the rows that name what a release
// contains. Dates with date_verified = false could not be checked against a dated record here:
// they are the GitHub release dates as recalled and are kept so that the table is complete
// (the ordering never depends on dates); a date that could not be established is left empty. Post releases (.post1) and four-part
// releases (0.9.0.1) are releases of their own: pip orders them after their base release.
//
// v0.32.0 and v0.33.0 are known to exist, but neither their dates nor their contents could be
// established: their rows say so (content_unknown). A check of either, or of any version after
// v0.31.0, is incomplete (KVD080 names the fact), and a check without a version assumes v0.31.0.
#include "tables/rows/release.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr std::string_view kDigest = "GitHub Releases of vllm-project/vllm (release-history digest)";
constexpr std::string_view kRecalled =
    "vllm-project/vllm GitHub release; date recalled, not verified in this repository";

constexpr Release kRows[] = {
    {.engine = Engine::vllm, .version = "0.6.0", .date = "2024-09-04", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.6.1", .date = "2024-09-11", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.6.1.post1", .date = "2024-09-13", .date_verified = true,
     .source = "digest (v0.6.1.post1/.post2 2024-09-13); France-Travail/happy_vllm#36 pins 0.6.1.post1 on 2024-09-12"},
    {.engine = Engine::vllm, .version = "0.6.1.post2", .date = "2024-09-13", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.6.2", .date = "2024-09-25", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.6.3", .date = "2024-10-14", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.6.3.post1", .date = "2024-10-17", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.6.4", .date = "2024-11-15", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.6.4.post1", .date = "2024-11-15", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.6.5", .date = "2024-12-17", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.6.6", .date = "2024-12-27", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.6.6.post1", .date = "2024-12-28", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.7.0", .date = "2025-01-27", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.7.1", .date = "2025-02-01", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.7.2", .date = "2025-02-06", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.7.3", .date = "2025-02-20", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.8.0", .date = "2025-03-18", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.8.1", .date = "2025-03-19", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.8.2", .date = "2025-03-25", .note = "published by 2025-03-31 (ganler/code-r1#9 dependabot bump)", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.8.3", .date = "2025-04-06", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.8.4", .date = "2025-04-14", .note = "published by 2025-04-21 (ganler/code-r1#16 dependabot bump)", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.8.5", .date = "2025-04-28", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.8.5.post1", .date = "2025-05-02", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.9.0", .date = "2025-05-15", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.9.0.1", .date = "2025-05-30", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.9.1", .date = "2025-06-10", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.9.2", .date = "2025-07-08", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.10.0", .date = "2025-07-24", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.10.1", .date = "2025-08-18", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.10.1.1", .date = "2025-08-20", .note = "published by 2025-08-21 (oracle-devrel/technology-engineering#1966 dependabot bump)", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.10.2", .date = "2025-09-13", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.11.0", .date = "2025-10-02", .note = "published by 2025-10-07 (pan-webis-de/pan-code#27 quotes its notes: 'New architectures: DeepSeek-V3.2-Exp (#25896)')", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.11.1", .date = "2025-11-18", .note = "published by 2025-11-20 (replicate/cog#2566 dependabot bump)", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.11.2", .date = "2025-11-20", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.12.0", .date = "2025-12-03", .source = kRecalled},
    {.engine = Engine::vllm, .version = "0.13.0", .date = "2025-12-19", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.14.0", .date = "2026-01-20", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.14.1", .date = "2026-01-24", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.15.0", .date = "2026-01-29", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.15.1", .date = "2026-02-04", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.16.0", .date = "2026-02-25", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.17.0", .date = "2026-03-07", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.17.1", .date = "2026-03-11", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.18.0", .date = "2026-03-20", .date_verified = true,
     .source = "digest; release notes list 'MLA with nhead<16 + FP8 KV for TP=8 (#35850)'"},
    {.engine = Engine::vllm, .version = "0.18.1", .date = "2026-03-31", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.19.0", .date = "2026-04-03", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.19.1", .date = "2026-04-18", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.20.0", .date = "2026-04-27", .date_verified = true,
     .source = "digest; TurboQuant (#38479) first released here (defilantech/LLMKube#354); apache/beam#38330 bumps to 0.20.0 on 2026-04-29"},
    {.engine = Engine::vllm, .version = "0.20.1", .date = "2026-05-04", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.20.2", .date = "2026-05-10", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.21.0", .date = "2026-05-15", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.22.0", .date = "2026-05-29", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.22.1", .date = "2026-06-05", .date_verified = true, .source = kDigest},
    {.engine = Engine::vllm, .version = "0.23.0", .date = "2026-06-15", .date_verified = true,
     .source = "digest; IntelLabs/DeepMath#22 bumps to 0.23.0 on 2026-06-22"},
    {.engine = Engine::vllm, .version = "0.24.0", .date = "2026-06-29", .date_verified = true,
     .note = "an AWS DLC note says 07-01",
     .source = "digest; release notes list 'FP8 KV-cache fix (#45720)'; vllm-project/vllm#47549 (FlashInfer floor 8.0 from v0.24.0)"},
    {.engine = Engine::vllm, .version = "0.25.0", .date = "2026-07-11", .date_verified = true,
     .note = "tag 702f4814fe54; rc1 tagged 07-08; branch cut between #40589 (07-06T21:08Z) and #44490 (07-07T07:32Z)",
     .source = "digest; release notes ('DP MTP hang fix (#40589)', #42890); New Contributors list (#47716)"},
    {.engine = Engine::vllm, .version = "0.25.1", .date = "2026-07-14", .date_verified = true,
     .note = "tag 752a3a504485; two fixes only (#47888, #48330)", .source = "digest"},
    {.engine = Engine::vllm, .version = "0.26.0", .date = "2026-07-27", .date_verified = true,
     .source = "GitHub release record (2026-07-27T06:52Z); huggingface/trl#6569"},
    {.engine = Engine::vllm, .version = "0.27.0", .date = "2026-08-10", .date_verified = true,
     .source = "GitHub release record (2026-08-10T21:18Z); notes list 'KV quant mode for TurboQuant (#50533)'"},
    {.engine = Engine::vllm, .version = "0.27.1", .date = "", .note = "published by 2026-08-13; exact date not established",
     .source = "reference sheet of releases (exists by 2026-08-13)"},
    {.engine = Engine::vllm, .version = "0.28.0", .date = "2026-08-26", .date_verified = true, .note = "tag 2cf0a6915ce5",
     .source = "GitHub release record"},
    {.engine = Engine::vllm, .version = "0.29.0", .date = "2026-09-09", .date_verified = true,
     .source = "GitHub release record; AMD-AGI/TraceLens#1019 (2026-09-10: 'latest official release is v0.29.0')"},
    {.engine = Engine::vllm, .version = "0.30.0", .date = "2026-09-22", .date_verified = true,
     .note = "tag ced6857afa0e; branch cut about 09-21",
     .source = "GitHub release record; AMD-AGI/TraceLens#1055 (2026-09-23: 'latest official release is v0.30.0')"},
    {.engine = Engine::vllm, .version = "0.31.0", .date = "2026-10-05", .date_verified = true,
     .note = "tag db9527a46873 created 10-02, final = rc5; rc1 existed by 09-29",
     .source = "GitHub release record (2026-10-05T06:44:55Z)"},
    {.engine = Engine::vllm, .version = "0.32.0", .date = "",
     .note = "exists (a container build names vllm/vllm-openai:v0.32.0 as its base); date not established",
     .source = "container build script naming vllm/vllm-openai:v0.32.0 (research index file 70786878314)",
     .content_unknown = "the kv-cache strings, backends and their dtype lists of vLLM 0.32.0"},
    {.engine = Engine::vllm, .version = "0.33.0", .date = "",
     .note = "a package-index listing dates it to 2026-11 (month only); the day was not established",
     .source = "package index listing 'vllm 0.33.0 2026-11' (reference sheet of releases)",
     .content_unknown = "the kv-cache strings, backends and their dtype lists of vLLM 0.33.0"},
};

}  // namespace

std::span<const Release> vllm_releases() noexcept { return kRows; }

}  // namespace kvdtype::tables
