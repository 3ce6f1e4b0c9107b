// MLX-LM releases that a fact in the tables names, oldest first. The version fields of the MLX-LM
// tables must name a row here. Versions are pip's (PyPI distribution mlx-lm).
//
// MLX-LM lived in ml-explore/mlx-examples (llms/mlx_lm) until it moved to ml-explore/mlx-lm, whose
// own tags start at v0.22.0; the mlx-lm mirror keeps the earlier history. Releases before v0.22.0
// are placed by the `__version__` of mlx_lm/_version.py at the commit that made the change (the
// first release to ship it, inferred from that number); later ones by their tags.
//
// What changed across these releases, as far as the tables model it (backends_mlx_lm.cpp):
//   - 0.19.3: quantized KV cache (--kv-bits, --kv-group-size, --quantized-kv-start; PR #1075).
//   - 0.20.4: only plain KVCache layers are quantized (rotating layers silently stay unquantized).
//   - 0.28.1: every cache with to_quantized() is quantized again; RotatingKVCache raises.
//   - per model (model_type): Gemma 3 crashed on a quantized cache 0.22.0-0.24.0 (PR #121),
//     qwen3_next 0.28.0 (PR #495), deepseek_v3 from 0.30.6 (PR #839, unfixed); models whose
//     make_cache() builds rotating layers follow the rotating-cache ranges above.
//   - mlx_lm.server has had no KV-cache flags in any release through 0.31.3.
#include "tables/rows/release.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr Release kRows[] = {
    {.engine = Engine::mlx_lm, .version = "0.19.3", .date = "",
     .note = "commit 60358be8 (2024-10-31) 'Quantized KV Cache (#1075)' has _version.py 0.19.3; the publication date was not established",
     .source = "ml-explore/mlx-lm history (ex mlx-examples) commit 60358be8, mlx_lm/_version.py"},
    {.engine = Engine::mlx_lm, .version = "0.20.4", .date = "",
     .note = "commit d119af9f (2024-12-16) 'Add support for cohere2 (#1157)' has _version.py 0.20.4; publication date not established",
     .source = "ml-explore/mlx-lm history (ex mlx-examples) commit d119af9f, mlx_lm/_version.py"},
    {.engine = Engine::mlx_lm, .version = "0.22.0", .date = "2025-03-13", .date_verified = true,
     .note = "tag commit date; the first tag of the ml-explore/mlx-lm repository",
     .source = "ml-explore/mlx-lm tag v0.22.0 (1736a247)"},
    {.engine = Engine::mlx_lm, .version = "0.24.1", .date = "2025-05-14", .date_verified = true,
     .note = "tag commit date; first tag containing PR #121 (a9e1e82c, 'fix quant sdpa and gemma3')",
     .source = "ml-explore/mlx-lm tag v0.24.1 (864f5ce1)"},
    {.engine = Engine::mlx_lm, .version = "0.28.0", .date = "2025-09-17", .date_verified = true, .note = "tag commit date",
     .source = "ml-explore/mlx-lm tag v0.28.0 (a7f534c3)"},
    {.engine = Engine::mlx_lm, .version = "0.28.1", .date = "2025-09-26", .date_verified = true,
     .note = "tag commit date; first tag containing PR #495 (36963eec, 'Fix KV cache quantization for hybrid models')",
     .source = "ml-explore/mlx-lm tag v0.28.1 (0c0b7222)"},
    {.engine = Engine::mlx_lm, .version = "0.30.6", .date = "2026-02-04", .date_verified = true,
     .note = "tag commit date; the tag is commit f18526f8 'DSV3 MLA (#839)'",
     .source = "ml-explore/mlx-lm tag v0.30.6 (f18526f8)"},
    {.engine = Engine::mlx_lm, .version = "0.31.3", .date = "2026-04-22", .date_verified = true,
     .note = "tag commit date; newest tag of the mirror read (HEAD d78bf58e, 2026-08-22, has the same cache code)",
     .source = "ml-explore/mlx-lm tag v0.31.3 (ed1fca4c)"},
};

}  // namespace

std::span<const Release> mlx_lm_releases() noexcept { return kRows; }

}  // namespace kvdtype::tables
