// The check path's shortcuts keep every fact (issue 29):
//  * an engine may have more than 64 backends (detail::RowSet): a backend past the 64th is
//    selected, judged by its own row and by the constraint rows that name it, as the first one;
//  * a row with an issue-28 condition is skipped on one bit test when the request leaves that
//    condition's input unknown (detail::extra_needs / extra_given): for every such row of every
//    engine's tables, the test agrees with when_extra_holds().
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <deque>
#include <string>
#include <vector>

#include "core/index.hpp"
#include "core/resolve_internal.hpp"
#include "core/when_extra.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/engine.hpp"
#include "kvdtype/release.hpp"
#include "tables/rows/constraint.hpp"

namespace {

using namespace kvdtype;

Request typical() {
  RequestInput in;
  in.engine = std::string("vllm");
  in.gpu = std::string("H100");
  in.model_dtype = std::string("bfloat16");
  in.attention = std::string("gqa");
  in.kv_cache_dtype = std::string("fp8");
  in.num_heads = std::string("32");
  in.num_kv_heads = std::string("8");
  in.head_size = std::string("128");
  auto r = make_request(in);
  EXPECT_TRUE(r.ok());
  return *r;
}

TEST(WideTables, ABackendPastTheSixtyFourthIsJudgedLikeTheFirst) {
  const Request asked = typical();
  const Report real = check(asked);
  ASSERT_NE(real.plan.backend, nullptr);
  // vLLM's backends ten times over: the real ones first, then nine renamed copies of each.
  const auto rows = backends(Engine::vllm);
  std::deque<std::string> names;
  std::vector<Backend> wide(rows.begin(), rows.end());
  for (int k = 1; k < 10; ++k)
    for (const Backend& b : rows) {
      Backend c = b;
      c.name = names.emplace_back(std::string(b.name) + "_COPY" + std::to_string(k));
      wide.push_back(c);
    }
  ASSERT_GT(wide.size(), 256u);
  const std::size_t chosen = static_cast<std::size_t>(real.plan.backend - rows.data());
  const std::size_t far = wide.size() - rows.size() + chosen;  // the last copy of the chosen backend
  // A constraint row that names only that copy, with a rule some vLLM row fires.
  const auto real_rows = constraints(Engine::vllm);
  ASSERT_FALSE(real_rows.empty());
  std::vector<Constraint> table(real_rows.begin(), real_rows.end());
  Constraint only_far{.engine = Engine::vllm, .rule = real_rows[0].rule, .detail = "the far copy's own row"};
  only_far.when.backends = wide[far].name;
  table.push_back(only_far);
  std::vector<std::string> problems;
  const auto ix = detail::build_engine_index(Engine::vllm, cache_dtypes(Engine::vllm), wide, selection_orders(Engine::vllm),
                                             table, problems, release_versions(Engine::vllm));
  ASSERT_TRUE(problems.empty()) << problems.front();
  ASSERT_EQ(ix.backends.size(), wide.size());

  // Selection still picks the real backend; the row naming the far copy does not apply to it.
  const Report picked = detail::check_with(asked, ix);
  EXPECT_EQ(picked.plan.backend, &ix.backends[chosen]);
  EXPECT_EQ(picked.diagnostics.size(), real.diagnostics.size());

  // Asked for by name, the far copy is judged by its own row and fires the row naming it.
  Request on_far = asked;
  on_far.backend = &ix.backends[far];
  const Report far_report = detail::check_with(on_far, ix);
  EXPECT_EQ(far_report.plan.backend, &ix.backends[far]);
  bool fired = false;
  for (const Diagnostic& d : far_report.diagnostics)
    fired = fired || (d.evidence.constraint == &table.back() && d.evidence.backend == &ix.backends[far]);
  EXPECT_TRUE(fired);
  // Without that row, the same request has exactly one finding fewer.
  std::vector<std::string> none;
  const auto plain = detail::build_engine_index(Engine::vllm, cache_dtypes(Engine::vllm), wide, selection_orders(Engine::vllm),
                                                real_rows, none, release_versions(Engine::vllm));
  ASSERT_TRUE(none.empty());
  Request on_plain = asked;
  on_plain.backend = &plain.backends[far];
  EXPECT_EQ(detail::check_with(on_plain, plain).diagnostics.size() + 1, far_report.diagnostics.size());
}

TEST(WideTables, MoreBackendsThanTheSetsHoldIsATableProblem) {
  std::deque<std::string> names;
  std::vector<Backend> many;
  for (std::size_t i = 0; i <= detail::kMaxRows; ++i)
    many.push_back({.engine = Engine::vllm, .name = names.emplace_back("B" + std::to_string(i))});
  std::vector<std::string> problems;
  const auto ix = detail::build_engine_index(Engine::vllm, cache_dtypes(Engine::vllm), many, {}, {}, problems);
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems[0].find("more than " + std::to_string(detail::kMaxRows)), std::string::npos) << problems[0];
  EXPECT_EQ(ix.backends.size(), detail::kMaxRows);
}

template <std::size_t N>
void put(std::array<char, N>& field, std::string_view text) {
  field = {};
  text.copy(field.data(), std::min(text.size(), N - 1));
}

std::string_view first_word(std::string_view list) {
  list.remove_prefix(std::min(list.find_first_not_of(' '), list.size()));
  return list.substr(0, list.find(' '));
}

// A request that gives every input the row's conditions name, with values they accept.
Request satisfying(const When& w) {
  Request r;
  put(r.model_architecture, first_word(w.architectures));
  put(r.weight_quantization, first_word(w.weight_quantizations));
  const std::string_view layout = first_word(w.kv_scale_layouts);
  r.kv_scale_layout = layout == "none" ? KvScaleLayout::none
                      : layout == "k"  ? KvScaleLayout::k_only
                      : layout == "v"  ? KvScaleLayout::v_only
                      : layout == "both" ? KvScaleLayout::both
                                         : KvScaleLayout::unknown;
  const std::string_view source = first_word(w.kv_scales_sources);
  r.kv_scales_source = source == "checkpoint" ? KvScalesSource::checkpoint
                       : source == "file"     ? KvScalesSource::file
                       : source == "computed" ? KvScalesSource::computed
                                              : KvScalesSource::unknown;
  const std::string_view method = first_word(w.speculative_methods);
  put(r.speculative_method, method == "*_mtp" ? std::string_view("deepseek_mtp") : method);
  r.num_speculative_tokens = std::max<std::uint32_t>(w.min_speculative_tokens, 1);
  put(r.kv_connector, first_word(w.kv_connectors));
  put(r.dsa_prefill_backend, first_word(w.dsa_backends));
  r.block_size = 1;  // in no list: matches a row of sizes outside its list
  if (!w.block_sizes.empty() && !w.block_sizes_outside) r.block_size = static_cast<std::uint32_t>(std::stoul(std::string(first_word(w.block_sizes))));
  r.cuda_graph = w.cuda_graph;
  r.hierarchical_cache = w.hierarchical_cache;
  r.chunked_prefix_cache = w.chunked_prefix_cache;
  r.kv_scales = w.kv_scales;
  // Two KV heads and the ratio the row names (or 1, which no step of 2 or more divides into).
  const std::string_view ratio = first_word(w.gqa_ratios);
  r.geometry.num_kv_heads = 2;
  r.geometry.num_heads = 2 * (ratio.empty() ? 1u : static_cast<std::uint32_t>(std::stoul(std::string(ratio))));
  r.max_model_len = std::max<std::uint64_t>(w.min_max_model_len, 1);
  r.decode_context_parallel_size = std::max<std::uint32_t>(w.min_decode_context_parallel, 1);
  r.remote_backend = w.remote_backend == Tri::unknown ? Tri::no : w.remote_backend;
  return r;
}

// The same request with one input left unknown.
Request without(Request r, std::uint32_t input) {
  switch (input) {
    case detail::extra_architecture: r.model_architecture = {}; r.model_type = {}; break;
    case detail::extra_weight_quantization: r.weight_quantization = {}; break;
    case detail::extra_kv_scale_layout: r.kv_scale_layout = KvScaleLayout::unknown; break;
    case detail::extra_kv_scales_source: r.kv_scales_source = KvScalesSource::unknown; break;
    case detail::extra_speculative_method: r.speculative_method = {}; break;
    case detail::extra_speculative_tokens: r.num_speculative_tokens = 0; break;
    case detail::extra_kv_connector: r.kv_connector = {}; break;
    case detail::extra_dsa_backend: r.dsa_prefill_backend = {}; r.dsa_decode_backend = {}; break;
    case detail::extra_block_size: r.block_size = 0; break;
    case detail::extra_cuda_graph: r.cuda_graph = Tri::unknown; break;
    case detail::extra_hierarchical_cache: r.hierarchical_cache = Tri::unknown; break;
    case detail::extra_chunked_prefix_cache: r.chunked_prefix_cache = Tri::unknown; break;
    case detail::extra_kv_scales: r.kv_scales = Tri::unknown; r.checkpoint_kv = nullptr; break;
    case detail::extra_gqa_ratio: r.geometry.num_kv_heads = 0; break;
    case detail::extra_max_model_len: r.max_model_len = 0; break;
    case detail::extra_decode_context_parallel: r.decode_context_parallel_size = 0; break;
    case detail::extra_remote_backend: r.remote_backend = Tri::unknown; break;
    default: break;
  }
  return r;
}

TEST(WideTables, TheOneTestForAnUnknownInputAgreesWithTheConditionsOfEveryRow) {
  int judged = 0, satisfied = 0;
  for (const EngineInfo& e : engines()) {
    for (const Constraint& row : constraints(e.id)) {
      if (!detail::has_extra(row.when)) {
        EXPECT_EQ(detail::extra_needs(row.when), 0u) << row.rule << " " << row.detail;
        continue;
      }
      const std::uint32_t needs = detail::extra_needs(row.when);
      EXPECT_NE(needs, 0u) << row.rule << " " << row.detail;
      const Request full = satisfying(row.when);
      // Rows whose words this helper cannot satisfy are judged by the unknown-input half only.
      const bool holds = detail::when_extra_holds(row.when, full);
      if (holds) {
        ++satisfied;
        EXPECT_EQ(needs & ~detail::extra_given(full), 0u) << row.rule << " " << row.detail;
      }
      for (std::uint32_t input = 1; input != 0 && input <= needs; input <<= 1) {
        if (!(needs & input)) continue;
        const Request missing = without(full, input);
        // The shortcut refuses the row, and so do the conditions themselves.
        EXPECT_NE(needs & ~detail::extra_given(missing), 0u) << row.rule << " " << row.detail << " input " << input;
        EXPECT_FALSE(detail::when_extra_holds(row.when, missing)) << row.rule << " " << row.detail << " input " << input;
        ++judged;
      }
    }
  }
  // The tables have such rows: the test judged some, and satisfied some whole.
  EXPECT_GT(judged, 0);
  EXPECT_GT(satisfied, 0);
}

}  // namespace
