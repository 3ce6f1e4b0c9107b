// Internal: the closed word sets that table rows write as word lists (`.platforms = "cuda rocm"`,
// `.attention = "mla sparse-mla"`, `.when.kv_quant = "fp8_per_tensor"`), each in its enum's order,
// and the compile-time check that every word of every row is in its set. A table file ends with
// `static_assert(closed_words_known(kRows))`, so a typo fails the build — as an unknown rule code
// does (rule_id.hpp) — instead of surfacing at first use through `kvdtype rules --lint`.
// src/core/index.cpp turns the same words into bits through these same lists, and name(KvQuant),
// name(Platform) and name(Attention) read them: each spelling is written once, here.
//
// Open sets are not here: kv-cache strings and backend names are rows of their engine's tables,
// format names rows of formats.cpp; the index checks those when it compiles the tables.
#pragma once

#include <cstddef>
#include <string_view>

#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "kvdtype/engine.hpp"
#include "tables/rows/kernel.hpp"
#include "kvdtype/rule.hpp"
#include "tables/rows/constraint.hpp"

namespace kvdtype::tables {

/// Platform words, in Platform's order.
inline constexpr std::string_view kPlatformWords[] = {"cuda", "rocm", "cpu", "metal", "sycl", "cann", "vulkan", "tpu"};
/// Attention words, in Attention's order (index 0 is Attention::unknown, which no row may name).
inline constexpr std::string_view kAttentionWords[] = {"unknown", "mha", "gqa", "mqa", "mla", "sparse-mla"};
/// KvQuant family words, in KvQuant's order.
inline constexpr std::string_view kKvQuantWords[] = {
    "none",           "fp8_per_tensor", "fp8_ds_mla",  "fp8_per_token_head", "int8_per_token_head",
    "int4_per_token_head", "nvfp4",     "mxfp8",       "fp4_block16",        "turboquant",
    "ggml_block",     "int8_per_tensor", "affine_group",
};
/// Which KV scales a checkpoint carries (When::kv_scale_layouts; KvScaleLayout without unknown).
inline constexpr std::string_view kKvScaleLayoutWords[] = {"none", "k", "v", "both"};
/// Where KV scales come from (When::kv_scales_sources; KvScalesSource without unknown).
inline constexpr std::string_view kKvScalesSourceWords[] = {"checkpoint", "file", "computed"};
static_assert(std::size(kPlatformWords) == static_cast<std::size_t>(Platform::tpu) + 1);
static_assert(std::size(kAttentionWords) == static_cast<std::size_t>(Attention::sparse_mla) + 1);
static_assert(std::size(kKvQuantWords) == static_cast<std::size_t>(KvQuant::affine_group) + 1);

/// Position of `word` in `set` from `first` on, or -1.
template <std::size_t N>
constexpr int word_index(const std::string_view (&set)[N], std::string_view word, std::size_t first = 0) noexcept {
  for (std::size_t i = first; i < N; ++i)
    if (set[i] == word) return static_cast<int>(i);
  return -1;
}

/// The word of `set` at position `i`, or `fallback` for a value outside the enum (a cast integer).
template <std::size_t N>
constexpr std::string_view word_at(const std::string_view (&set)[N], std::size_t i, std::string_view fallback) noexcept {
  return i < N ? set[i] : fallback;
}

/// Calls f(word) for each space-separated word of `list` (usable at compile time).
template <class F>
constexpr void for_each_word(std::string_view list, F&& f) {
  std::size_t i = 0;
  while (i < list.size()) {
    while (i < list.size() && list[i] == ' ') ++i;
    std::size_t j = i;
    while (j < list.size() && list[j] != ' ') ++j;
    if (j > i) f(list.substr(i, j - i));
    i = j;
  }
}

/// Every word of `list` is in `set` (from index `first`; 1 skips Attention's "unknown").
template <std::size_t N>
consteval bool words_in(std::string_view list, const std::string_view (&set)[N], std::size_t first = 0) {
  bool ok = true;
  for_each_word(list, [&](std::string_view w) { ok = ok && word_index(set, w, first) >= 0; });
  return ok;
}

// The closed-set fields of each row kind.
consteval bool row_words_known(const Backend& b) {
  return words_in(b.platforms, kPlatformWords) && words_in(b.q_kv_format_platforms, kPlatformWords) &&
         words_in(b.attention, kAttentionWords, 1);
}
consteval bool row_words_known(const SelectionOrder& s) {
  return !s.platform.empty() && words_in(s.platform, kPlatformWords) && words_in(s.attention, kAttentionWords, 1);
}
consteval bool row_words_known(const KernelRoute& r) { return words_in(r.attention, kAttentionWords, 1); }
consteval bool row_words_known(const CacheDtype& c) { return words_in(c.platforms, kPlatformWords); }
consteval bool row_words_known(const Constraint& k) {
  return words_in(k.when.platforms, kPlatformWords) && words_in(k.when.attention, kAttentionWords, 1) &&
         words_in(k.when.kv_quant, kKvQuantWords) && words_in(k.when.kv_scale_layouts, kKvScaleLayoutWords) &&
         words_in(k.when.kv_scales_sources, kKvScalesSourceWords);
}

/// Every row's platform, attention and quant-family words are known (for `static_assert`).
template <class Row, std::size_t N>
consteval bool closed_words_known(const Row (&rows)[N]) {
  for (const Row& r : rows)
    if (!row_words_known(r)) return false;
  return true;
}

}  // namespace kvdtype::tables
