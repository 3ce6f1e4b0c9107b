// The compile-time check of the tables' closed word sets (src/tables/words.hpp), tried on rows
// written here: CTest compiles this file once as is (it must compile, so the include path and
// the check are sound) and once per misspelled field (KVD_BAD = 1, 2, 3), where the build must
// stop on the check's static_assert. A table row with a typo therefore never reaches a binary.
#include "tables/words.hpp"

namespace kvdtype::tables {
namespace {

#ifndef KVD_BAD
#define KVD_BAD 0
#endif

constexpr Backend kBackends[] = {
    {.engine = Engine::vllm, .name = "EXAMPLE", .platforms = KVD_BAD == 1 ? "cuda rcom" : "cuda rocm",
     .attention = KVD_BAD == 2 ? "mla sparse_mla" : "mla sparse-mla"},
};
static_assert(closed_words_known(kBackends), "closed words: Backend");

constexpr Constraint kConstraints[] = {
    {.engine = Engine::vllm, .rule = "KVD020",
     .when = {.kv_quant = KVD_BAD == 3 ? "fp8_per_tensr" : "fp8_per_tensor", .platforms = "rocm"}},
};
static_assert(closed_words_known(kConstraints), "closed words: Constraint");

}  // namespace
}  // namespace kvdtype::tables
