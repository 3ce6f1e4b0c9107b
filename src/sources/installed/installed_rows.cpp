// The installed-sources table (installed_rows.hpp). Each row's paths and shapes were read in the
// engines' public repositories at the commits named in `source`; tests/data/installed/README.md
// lists the snippets the unit tests read for each.
#include "sources/installed/installed_rows.hpp"

namespace kvdtype::detail {
namespace {

using enum InstalledFact;

constexpr InstalledSourceRow kRows[] = {
    {.engine = "vllm", .fact = vocabulary_literal, .paths = "vllm/config/cache.py vllm/config.py", .name = "CacheDType",
     .source = "vllm/config/cache.py CacheDType (in vllm/config.py before the config package; one-line Literal there, e.g. "
               "vllm-project/vllm@d1fb65bde L1571)"},
    {.engine = "vllm", .fact = storage_map, .paths = "vllm/utils/torch_utils.py vllm/utils/__init__.py vllm/utils.py",
     .name = "STR_DTYPE_TO_TORCH_DTYPE",
     .source = "vllm/utils/torch_utils.py STR_DTYPE_TO_TORCH_DTYPE (vllm/utils/__init__.py in 2025, vllm/utils.py before)"},
    {.engine = "vllm", .fact = backend_classes, .paths = "vllm/v1/attention/backends/ vllm/models/",
     .source = "supported_kv_cache_dtypes / supported_dtypes class attributes since vllm#24794 (b30dfa03c); backend classes "
               "also under vllm/models/ (vllm-project/vllm@81be2e09a)"},
    {.engine = "sglang", .fact = vocabulary_choices, .paths = "sglang/srt/server_args.py sglang/srt/arg_groups/fields/memory.py",
     .name = "kv_cache_dtype", .option = "--kv-cache-dtype",
     .source = "python/sglang/srt/server_args.py add_argument(\"--kv-cache-dtype\", choices=[...]); the annotated field "
               "kv_cache_dtype: A[str, Arg(choices=[...])] after sglang#28830"},
    {.engine = "sglang", .fact = backend_choices, .paths = "sglang/srt/server_args.py sglang/srt/arg_groups/choices.py",
     .name = "attention_backend", .option = "--attention-backend", .list = "ATTENTION_BACKEND_CHOICES",
     .source = "python/sglang/srt/server_args.py ATTENTION_BACKEND_CHOICES (sglang/srt/arg_groups/choices.py on later main)"},
    {.engine = "llamacpp", .fact = vocabulary_ggml, .paths = "common/arg.cpp", .name = "kv_cache_types",
     .source = "ggml-org/llama.cpp common/arg.cpp kv_cache_types (-ctk/-ctv)"},
};

}  // namespace

std::span<const InstalledSourceRow> installed_source_rows() noexcept { return kRows; }

}  // namespace kvdtype::detail
