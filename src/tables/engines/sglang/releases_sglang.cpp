// SGLang releases from v0.4.8 on, oldest first. The version fields of the SGLang tables must
// name a row here.
//
// Until about v0.5.11 SGLang tagged releases from main through "chore: bump vX" PRs; since about
// v0.5.12 it cuts a release branch and cherry-picks, so "merged before the release date" alone
// does not put a fix in a release (the constraint rows say how each first-fixed release was
// established). Rows whose date is empty exist (their tags are referenced by the engine's own
// history or by release images) but their publication date was not established here; the
// 2025 post releases between v0.4.9 and v0.5.8 (v0.4.9.post1 …) are not listed one by one:
// pip orders any of them correctly against the rows, and none is named by a fact in the tables.
#include "tables/rows/release.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr std::string_view kUnverified = "sgl-project/sglang release tag; date not established in this repository";

constexpr Release kRows[] = {
    {.engine = Engine::sglang, .version = "0.4.8", .date = "2025-06-24", .note = "between 2025-06-24 and 06-26; tag time not found",
     .source = "sgl-project/sglang#7493 ('chore: bump v0.4.8', opened 06-24); volcengine/verl#2206 (06-26) cites the v0.4.8 release"},
    {.engine = Engine::sglang, .version = "0.4.8.post1", .date = "2025-06-26", .note = "about 06-26",
     .source = "sgl-project/sglang#7559 ('chore: bump v0.4.8.post1', opened 2025-06-26, merged)"},
    {.engine = Engine::sglang, .version = "0.4.9", .source = kUnverified},
    {.engine = Engine::sglang, .version = "0.4.10", .source = kUnverified},
    {.engine = Engine::sglang, .version = "0.5.0", .note = "the 0.5.0 line of 2025-08 (an issue of 2025-08-13 reports it)",
     .source = "sgl-project/sglang#9140 (2025-08-13, on the 0.5.0 line); tag date not established"},
    {.engine = Engine::sglang, .version = "0.5.1", .source = kUnverified},
    {.engine = Engine::sglang, .version = "0.5.2", .source = kUnverified},
    {.engine = Engine::sglang, .version = "0.5.3", .source = kUnverified},
    {.engine = Engine::sglang, .version = "0.5.3.post3", .note = "bump commit 85ebeecf0 dated 2025-10-16; release date not established",
     .source = "sgl-project/sglang version-bump commit 85ebeecf0 (0.5.3.post3)"},
    {.engine = Engine::sglang, .version = "0.5.4", .note = "bump commit 1053e1be1 dated 2025-10-23; release date not established",
     .source = "sgl-project/sglang version-bump commit 1053e1be1 (0.5.4)"},
    {.engine = Engine::sglang, .version = "0.5.4.post2", .note = "bump commit 41c10e67f dated 2025-10-31; release date not established",
     .source = "sgl-project/sglang version-bump commit 41c10e67f (0.5.4.post2)"},
    {.engine = Engine::sglang, .version = "0.5.4.post3", .note = "bump commit 09938e1f8 dated 2025-11-04; release date not established",
     .source = "sgl-project/sglang version-bump commit 09938e1f8 (0.5.4.post3)"},
    {.engine = Engine::sglang, .version = "0.5.5", .source = kUnverified},
    {.engine = Engine::sglang, .version = "0.5.6", .source = kUnverified},
    {.engine = Engine::sglang, .version = "0.5.7", .source = kUnverified},
    {.engine = Engine::sglang, .version = "0.5.8", .source = kUnverified},
    {.engine = Engine::sglang, .version = "0.5.8.post1", .note = "main reported 0.5.8.post1 dev builds through 2026-02-21",
     .source = "ROCm dev image tags v0.5.8.post1-…-20260221"},
    {.engine = Engine::sglang, .version = "0.5.9", .date = "2026-02-20", .note = "between 2026-02-20 and 02-24",
     .source = "a pinned-commit comment ('v0.5.9 released 2026-02-20'); news digests of 02-24 and 02-25"},
    {.engine = Engine::sglang, .version = "0.5.10", .date = "2026-04-06", .source = "release-date notes (reference sheet)"},
    {.engine = Engine::sglang, .version = "0.5.10.post1", .note = "date not established; its ROCm image bundles AITER 0.1.11.post2.dev0+g417de6df4",
     .source = "ROCm/aiter#2821 (2026-04-20: SGLang v0.5.10.post1 on MI355X)"},
    {.engine = Engine::sglang, .version = "0.5.11", .date = "2026-05-05", .source = "release note ('released 2026-05-05')"},
    {.engine = Engine::sglang, .version = "0.5.12", .date = "2026-05-16", .source = "release-date notes (reference sheet)"},
    {.engine = Engine::sglang, .version = "0.5.12.post1", .date = "2026-05-26", .source = "release-date notes (reference sheet)"},
    {.engine = Engine::sglang, .version = "0.5.13", .date = "2026-06-13", .date_verified = true,
     .note = "tag cut 2026-06-11; GitHub release 06-13", .source = "GitHub release record"},
    {.engine = Engine::sglang, .version = "0.5.13.post1", .date = "2026-06-15", .note = "bare tag, no GitHub release",
     .source = "tag v0.5.13.post1"},
    {.engine = Engine::sglang, .version = "0.5.14", .date = "2026-06-26", .date_verified = true,
     .note = "release/v0.5.14 branched from main at 7e6587c94a (06-23); tag source 49e384ce9d",
     .source = "GitHub release record; branch existed by 2026-06-23T20:39Z (sgl-project/sglang#29072 targets it)"},
    {.engine = Engine::sglang, .version = "0.5.15", .date = "2026-07-10", .date_verified = true,
     .note = "cut from main after 06-24; cherry-picks from about 07-07", .source = "GitHub release record"},
    {.engine = Engine::sglang, .version = "0.5.15.post1", .date = "2026-07-14", .date_verified = true, .source = "GitHub release record"},
    {.engine = Engine::sglang, .version = "0.5.16", .date = "2026-07-25", .date_verified = true, .source = "GitHub release record"},
    {.engine = Engine::sglang, .version = "0.5.17", .date = "2026-08-08", .date_verified = true,
     .source = "GitHub release record; aws/deep-learning-containers#6722 README ('2026/08/08')"},
    {.engine = Engine::sglang, .version = "0.5.18", .date = "2026-08-25", .note = "between 08-22 and 08-25 (AWS: 'released 2026/08/25')",
     .source = "aws/deep-learning-containers#6655"},
    {.engine = Engine::sglang, .version = "0.5.19", .date = "2026-09-07", .note = "09-06 or 09-07",
     .source = "aws/deep-learning-containers#6722 (ECR push 09-07 05:53); AMD-AGI/TraceLens#1006 (09-07)"},
    {.engine = Engine::sglang, .version = "0.5.20", .date = "2026-09-18",
     .note = "tag dereferences to 94602c9c2b7c; notes list GLM-5.3-Flash (sgl-project/sglang#36507)",
     .source = "release pins of two implementation notes (research index files 70227469782, 71456533192)"},
    // From v0.5.21 on the --kv-cache-dtype choices and backends were not read at any release.
    {.engine = Engine::sglang, .version = "0.5.21", .date = "2026-10-02",
     .note = "GitHub release 09:09 UTC; notes: Rust TreeCore prefix cache default (#39627), DeepSeek-V4.1 Flash; "
             "--prefill-kv-cache-dequant-dtype (#36340, merged 2026-09-18 after v0.5.20) is first here by merge date",
     .source = "release-notes digests of 2026-10-03 (Horizon daily summary)",
     .content_unknown = "the --kv-cache-dtype choices and attention backends of SGLang 0.5.21"},
    {.engine = Engine::sglang, .version = "0.5.22", .date = "",
     .note = "exists (Cloudflare names it as the release carrying sgl-project/sglang#42721); date not established",
     .source = "Cloudflare blog post on Clef ('will be released in SGLang 0.5.22'; research index file 70806125541)",
     .content_unknown = "the --kv-cache-dtype choices and attention backends of SGLang 0.5.22"},
    {.engine = Engine::sglang, .version = "0.5.23", .date = "",
     .note = "a package-index listing dates it to 2026-10 (month only); the day was not established",
     .source = "package index listing 'sglang 0.5.23 2026-10' (reference sheet of releases)",
     .content_unknown = "the --kv-cache-dtype choices and attention backends of SGLang 0.5.23"},
};

}  // namespace

std::span<const Release> sglang_releases() noexcept { return kRows; }

}  // namespace kvdtype::tables
