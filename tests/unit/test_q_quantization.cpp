// The Q the kernel is handed, as an input and as a condition (issue 28, flashinfer#3864 /
// vllm#47847): vLLM's attention_config disable_flashinfer_q_quantization keeps FlashInfer's Q in the
// model dtype with an fp8 cache (Request::q_quantization no), and a constraint row can name the Q
// it needs (When::q_formats: --q-dtype when given, else the plan's Q).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/index.hpp"
#include "core/resolve_internal.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/format.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/release.hpp"
#include "kvdtype/request.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/constraint.hpp"

namespace {

using namespace kvdtype;
using Words = std::vector<std::string>;

// vLLM FLASHINFER on a B200 with an fp8 cache: the trtllm-gen path, whose Q is fp8 by default.
RequestInput b200_flashinfer_fp8() {
  RequestInput in;
  in.engine = std::string("vllm");
  in.gpu = std::string("B200");
  in.model_dtype = std::string("bfloat16");
  in.attention = std::string("gqa");
  in.head_size = std::string("128");
  in.num_heads = std::string("32");
  in.num_kv_heads = std::string("8");
  in.kv_cache_dtype = std::string("fp8");
  in.backend = std::string("FLASHINFER");
  return in;
}

Request made(const RequestInput& in) {
  auto r = make_request(in);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Request{};
}

std::optional<FormatId> format_named(std::string_view name) {
  for (const Format& f : formats())
    if (f.name == name) return f.id;
  return std::nullopt;
}

TEST(QQuantization, TheSwitchKeepsFlashInfersQInTheModelDtype) {
  RequestInput in = b200_flashinfer_fp8();
  const Report quantized = check(made(in));
  ASSERT_TRUE(quantized.plan.q.has_value());
  EXPECT_EQ(quantized.plan.q, format_named("float8_e4m3fn")) << "trtllm-gen's default Q follows the fp8 cache";

  in.q_quantization = "no";
  const Request off = made(in);
  EXPECT_EQ(off.q_quantization, Tri::no);
  const Report kept = check(off);
  EXPECT_EQ(kept.plan.q, format_named("bfloat16"));
  EXPECT_EQ(kept.plan.k.format, quantized.plan.k.format) << "the cache itself is unchanged";

  in.q_quantization = "yes";
  EXPECT_EQ(check(made(in)).plan.q, quantized.plan.q);
}

TEST(QQuantization, ABackendTheSwitchDoesNotReachKeepsItsOwnPolicy) {
  // TRITON_ATTN quantizes Q from sm_89 on; FlashInfer's switch is not its own.
  const auto rows = backends(Engine::vllm);
  const auto triton = std::find_if(rows.begin(), rows.end(), [](const Backend& b) { return b.name == "TRITON_ATTN"; });
  ASSERT_NE(triton, rows.end());
  ASSERT_FALSE(triton->q_quantization_switch);
  RequestInput in = b200_flashinfer_fp8();
  in.backend = std::string("TRITON_ATTN");
  const Report plain = check(made(in));
  in.q_quantization = "no";
  EXPECT_EQ(check(made(in)).plan.q, plain.plan.q);
}

TEST(QQuantization, AValueOtherThanYesOrNoIsRefused) {
  RequestInput in = b200_flashinfer_fp8();
  in.q_quantization = "sometimes";
  const auto r = make_request(in);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("--q-quantization"), std::string::npos) << r.error().message;
}

// A row that needs a bf16 Q, judged by an index built with it: it fires for the Q the kernel is
// handed (the plan's, or --q-dtype), and never for an fp8 Q or an unknown one.
TEST(QQuantization, AConditionOnTheQTheKernelIsHanded) {
  const auto real = constraints(Engine::vllm);
  std::vector<Constraint> table(real.begin(), real.end());
  Constraint needs_bf16_q{.engine = Engine::vllm, .rule = "KVD071", .detail = "test row: a bf16 Q with an fp8 cache"};
  needs_bf16_q.when.backends = "FLASHINFER";
  needs_bf16_q.when.kv_quant = "fp8_per_tensor";
  needs_bf16_q.when.q_formats = "bfloat16";
  needs_bf16_q.selection = false;
  table.push_back(needs_bf16_q);
  std::vector<std::string> problems;
  const auto ix = detail::build_engine_index(Engine::vllm, cache_dtypes(Engine::vllm), backends(Engine::vllm),
                                             selection_orders(Engine::vllm), table, problems, release_versions(Engine::vllm));
  ASSERT_TRUE(problems.empty()) << problems.front();
  auto fired = [&](const RequestInput& in) {
    Request r = made(in);
    r.backend = r.backend != nullptr ? &ix.backends[static_cast<std::size_t>(r.backend - backends(Engine::vllm).data())] : nullptr;
    const Report rep = detail::check_with(r, ix);
    for (const Diagnostic& d : rep.diagnostics)
      if (message(d, rep).find("test row") != std::string::npos) return true;
    return false;
  };
  RequestInput in = b200_flashinfer_fp8();
  EXPECT_FALSE(fired(in)) << "the default fp8 Q";
  in.q_quantization = "no";
  EXPECT_TRUE(fired(in)) << "the switch keeps Q bf16";
  in.q_quantization.clear();
  in.q_dtype = "bfloat16";
  EXPECT_TRUE(fired(in)) << "the caller says it hands a bf16 Q";
  in.q_dtype = "float8_e4m3fn";
  in.q_quantization = "no";
  EXPECT_FALSE(fired(in)) << "a given --q-dtype is the Q the kernel gets";
  RequestInput unknown = b200_flashinfer_fp8();
  unknown.model_dtype.clear();
  unknown.q_quantization = "no";
  EXPECT_FALSE(fired(unknown)) << "an unknown Q (no model dtype) never matches";
}

TEST(QQuantization, VllmAttentionConfigSetsIt) {
  auto json = io::parse_launch_command(Words{"vllm", "serve", "org/model", "--kv-cache-dtype", "fp8_e4m3", "--attention-config",
                                             R"({"backend": "FLASHINFER", "disable_flashinfer_q_quantization": true})"});
  ASSERT_TRUE(json.ok()) << json.error().message;
  EXPECT_EQ(json->input.q_quantization, "no");
  EXPECT_EQ(json->input.backend, "FLASHINFER");

  auto off = io::parse_launch_command(Words{"vllm", "serve", "org/model", "-ac", R"({"disable_flashinfer_q_quantization": false})"});
  ASSERT_TRUE(off.ok()) << off.error().message;
  EXPECT_EQ(off->input.q_quantization, "yes");

  auto dotted = io::parse_launch_command(Words{"vllm", "serve", "org/model", "--attention-config.disable_flashinfer_q_quantization=true"});
  ASSERT_TRUE(dotted.ok()) << dotted.error().message;
  EXPECT_EQ(dotted->input.q_quantization, "no");

  auto older = io::parse_launch_command(Words{"vllm", "serve", "org/model", "--attention-config", R"({"flashinfer_disable_q_quantization": true})"});
  ASSERT_TRUE(older.ok()) << older.error().message;
  EXPECT_EQ(older->input.q_quantization, "no") << "the key's spelling at vllm@95fc090b";

  auto plain = io::parse_launch_command(Words{"vllm", "serve", "org/model", "--attention-config", R"({"backend": "FLASHINFER"})"});
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->input.q_quantization, "") << "not given: never defaulted";
}

}  // namespace
