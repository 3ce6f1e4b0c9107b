// The remote-backend request fact (llama.cpp --rpc, ggml-rpc), its When condition
// (src/core/when_extra.cpp: remote_backend) and the llama.cpp row that uses it
// (backends_llamacpp.cpp: an rpc-server aborts on a flash-attention op its backend lacks, #27905).
#include <gtest/gtest.h>

#include <string>

#include "core/index.hpp"
#include "core/when_extra.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/request.hpp"
#include "report_helpers.hpp"
#include "tables/rows/constraint.hpp"

namespace {

using kvdtype::Report;
using kvdtype::Request;
using kvdtype::RequestInput;
using kvdtype::Severity;
using kvdtype::Tri;

Request made(const RequestInput& in) {
  auto r = kvdtype::make_request(in);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Request{};
}

RequestInput rtx5070(std::string k, std::string v, std::string remote) {
  RequestInput in;
  in.engine = "llamacpp";
  in.engine_version = "b10675";
  in.gpu = "RTX 5070 Ti";
  in.kv_cache_dtype = std::move(k);
  in.v_cache_dtype = std::move(v);
  in.flash_attention = "on";
  in.remote_backend = std::move(remote);
  return in;
}

const kvdtype::Diagnostic* rpc_bug(const Report& rep) {
  for (const auto& d : rep.diagnostics)
    if (d.evidence.constraint != nullptr && d.evidence.constraint->when.remote_backend == Tri::yes) return &d;
  return nullptr;
}

TEST(WhenRemoteBackend, FieldReadsYesOrNoAndRefusesOtherWords) {
  RequestInput in;
  in.engine = "llamacpp";
  EXPECT_EQ(made(in).remote_backend, Tri::unknown);
  in.remote_backend = "yes";
  EXPECT_EQ(made(in).remote_backend, Tri::yes);
  in.remote_backend = "no";
  EXPECT_EQ(made(in).remote_backend, Tri::no);
  in.remote_backend = "maybe";
  const auto bad = kvdtype::make_request(in);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("maybe"), std::string::npos) << bad.error().message;
}

TEST(WhenRemoteBackend, ConditionNeedsTheFactGiven) {
  kvdtype::When w;
  w.remote_backend = Tri::yes;
  EXPECT_TRUE(kvdtype::detail::has_extra(w));
  EXPECT_EQ(kvdtype::detail::extra_needs(w), kvdtype::detail::extra_remote_backend);
  EXPECT_TRUE(kvdtype::detail::when_extra_holds(w, made(rtx5070("q8_0", "q4_0", "yes"))));
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(w, made(rtx5070("q8_0", "q4_0", "no"))));
  EXPECT_FALSE(kvdtype::detail::when_extra_holds(w, made(rtx5070("q8_0", "q4_0", ""))));
}

TEST(WhenRemoteBackend, RpcServerAbortsOnAPairWithoutAKernel) {
  const Report crash = kvdtype::check(made(rtx5070("q8_0", "q4_0", "yes")));
  const auto* d = rpc_bug(crash);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->severity, Severity::error);
  // The report's working pairs have CUDA kernels; without --rpc the op falls back (KVD202).
  EXPECT_EQ(rpc_bug(kvdtype::check(made(rtx5070("q8_0", "q8_0", "yes")))), nullptr);
  EXPECT_EQ(rpc_bug(kvdtype::check(made(rtx5070("q4_0", "q4_0", "yes")))), nullptr);
  const Report local = kvdtype::check(made(rtx5070("q8_0", "q4_0", "")));
  EXPECT_EQ(rpc_bug(local), nullptr);
  EXPECT_TRUE(local.fired("KVD202"));
  // -fa auto: the local layers' fallback turns flash attention off; the row needs -fa on.
  RequestInput automatic = rtx5070("q8_0", "q4_0", "yes");
  automatic.flash_attention = "auto";
  EXPECT_EQ(rpc_bug(kvdtype::check(made(automatic))), nullptr);
  // Another build: reported at b10675 only, so a warning.
  RequestInput newer = rtx5070("q5_0", "q5_0", "yes");
  newer.engine_version = "b11206";
  const Report newer_report = kvdtype::check(made(newer));  // the finding lives in it
  const auto* warned = rpc_bug(newer_report);
  ASSERT_NE(warned, nullptr);
  EXPECT_EQ(warned->severity, Severity::warning);
}

TEST(WhenRemoteBackend, LaunchRpcSetsTheFactAndKeepsTheRemoteDevicesUnchecked) {
  const auto c = kvdtype::test::launch("llama-server -m /m/q.gguf --rpc 10.0.0.2:50052 -fa on -ctk q8_0 -ctv q4_0");
  EXPECT_EQ(c.input.remote_backend, "yes");
  ASSERT_EQ(c.unmodelled.size(), 1u);
  EXPECT_EQ(c.unmodelled[0].fact, "the devices of --rpc 10.0.0.2:50052");
  EXPECT_TRUE(kvdtype::test::launch("llama-server -m /m/q.gguf -fa on -ctk q8_0").input.remote_backend.empty());
}

}  // namespace
