// The C ABI from C++: what the C99 test (tests/c) cannot easily do — threads sharing one report
// and guard, per-thread last errors, the JSON being the CLI renderer's, and every DLPack code
// agreeing with the format table.
#include <gtest/gtest.h>

#include "kvdtype/io/check_request.hpp"

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "bindings/embed.hpp"
#include "kvdtype/kvdtype.h"
#include "kvdtype/kvdtype.hpp"

namespace {

struct Handles {
  kvd_request* req = nullptr;
  kvd_report* rep = nullptr;
  kvd_guard* guard = nullptr;
  ~Handles() {
    kvd_guard_free(guard);
    kvd_report_free(rep);
    kvd_request_free(req);
  }
};

void seed1(Handles& h) {
  ASSERT_EQ(kvd_request_new(&h.req), KVD_OK);
  for (const auto& [k, v] : {std::pair{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"},
                             {"kv-cache-dtype", "fp8"}, {"backend", "FLASHINFER_MLA_SPARSE_SM90"}})
    ASSERT_EQ(kvd_request_set(h.req, k, v), KVD_OK);
  ASSERT_EQ(kvd_check(h.req, &h.rep), KVD_OK);
  ASSERT_EQ(kvd_guard_new(h.rep, &h.guard), KVD_OK);
}

TEST(CAbi, DlpackCodesMatchTheFormatTable) {
  // Every format with a DLPack type converts both ways through the C ABI.
  for (const kvdtype::Format& f : kvdtype::formats()) {
    const auto dl = kvdtype::dlpack_type(f.id);
    kvd_dtype d{};
    const std::string name(f.name);
    if (!dl) {
      EXPECT_EQ(kvd_format_dtype(name.c_str(), &d), KVD_ERR_UNSUPPORTED) << name;
      continue;
    }
    ASSERT_EQ(kvd_format_dtype(name.c_str(), &d), KVD_OK) << name;
    EXPECT_EQ(d.code, dl->code);
    EXPECT_EQ(d.bits, dl->bits);
    EXPECT_EQ(d.lanes, dl->lanes);
    const char* back = nullptr;
    ASSERT_EQ(kvd_format_name(d, &back), KVD_OK) << name;
    // Several formats may share a DLPack type (int4 and int8 are both kDLInt with their bits);
    // the round trip must land on a format with that very type.
    const auto again = kvdtype::dlpack_type(*kvdtype::parse_format(back));
    ASSERT_TRUE(again);
    EXPECT_EQ(again->code, dl->code);
    EXPECT_EQ(again->bits, dl->bits);
    EXPECT_EQ(again->lanes, dl->lanes);
  }
  // The header's constants are DLPack 1.1's.
  EXPECT_EQ(kvdtype::dlpack_type(kvdtype::FormatId::float8_e4m3fn)->code, KVD_DL_FLOAT8_E4M3FN);
  EXPECT_EQ(kvdtype::dlpack_type(kvdtype::FormatId::float8_e4m3fnuz)->code, KVD_DL_FLOAT8_E4M3FNUZ);
  EXPECT_EQ(kvdtype::dlpack_type(kvdtype::FormatId::float8_e5m2)->code, KVD_DL_FLOAT8_E5M2);
  EXPECT_EQ(kvdtype::dlpack_type(kvdtype::FormatId::float8_e5m2fnuz)->code, KVD_DL_FLOAT8_E5M2FNUZ);
  EXPECT_EQ(kvdtype::dlpack_type(kvdtype::FormatId::float8_e4m3)->code, KVD_DL_FLOAT8_E4M3);
  EXPECT_EQ(kvdtype::dlpack_type(kvdtype::FormatId::float8_e3m4)->code, KVD_DL_FLOAT8_E3M4);
  EXPECT_EQ(kvdtype::dlpack_type(kvdtype::FormatId::float8_e4m3b11fnuz)->code, KVD_DL_FLOAT8_E4M3B11FNUZ);
  EXPECT_EQ(kvdtype::dlpack_type(kvdtype::FormatId::float8_e8m0fnu)->code, KVD_DL_FLOAT8_E8M0FNU);
  EXPECT_EQ(kvdtype::dlpack_type(kvdtype::FormatId::float6_e2m3fn)->code, KVD_DL_FLOAT6_E2M3FN);
  EXPECT_EQ(kvdtype::dlpack_type(kvdtype::FormatId::float6_e3m2fn)->code, KVD_DL_FLOAT6_E3M2FN);
  EXPECT_EQ(kvdtype::dlpack_type(kvdtype::FormatId::float4_e2m1fn)->code, KVD_DL_FLOAT4_E2M1FN);
  EXPECT_EQ(kvdtype::dlpack_type(kvdtype::FormatId::bfloat16)->code, KVD_DL_BFLOAT);
}

TEST(CAbi, JsonIsTheClisRenderer) {
  Handles h;
  seed1(h);
  std::size_t need = 0;
  ASSERT_EQ(kvd_report_json(h.rep, nullptr, 0, &need), KVD_OK);
  std::string buf(need, '\0');
  ASSERT_EQ(kvd_report_json(h.rep, buf.data(), buf.size(), nullptr), KVD_OK);
  buf.resize(need - 1);

  // The CLI's path: io::run_check with the same fields as flags, rendered as `kvdtype check` does.
  kvdtype::io::CheckRequest req;
  for (const auto& [k, v] : {std::pair{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"},
                             {"kv-cache-dtype", "fp8"}, {"backend", "FLASHINFER_MLA_SPARSE_SM90"}})
    ASSERT_TRUE(req.fields.set(k, v));
  const kvdtype::io::CheckOutcome answer = kvdtype::io::run_check(req);
  ASSERT_TRUE(answer.one);
  const kvdtype::io::ReportExtras extras = answer.one->view();
  EXPECT_EQ(buf, kvdtype::io::render_report(answer.one->report, kvdtype::io::OutputFormat::json, "check", {}, &extras));
}

TEST(CAbi, RequestFieldsAreRequestInputFields) {
  // The list faces document and suggest from is exactly what RequestInput::set accepts.
  for (std::string_view f : kvdtype::embed::request_fields()) {
    if (f == "model") continue;
    kvdtype::RequestInput in;
    EXPECT_TRUE(in.set(f, "1")) << f;
  }
  kvdtype::io::CheckRequest b;
  EXPECT_FALSE(kvdtype::embed::set_field(b, "gpuu", "H100"));
  EXPECT_TRUE(kvdtype::embed::set_field(b, "--kv-cache-dtype", "fp8"));
  EXPECT_EQ(kvdtype::embed::normalize_field("--kv-cache-dtype"), "kv_cache_dtype");
  const auto e = kvdtype::embed::unknown_field("gpuu");
  EXPECT_NE(e.message.find("nearest: gpu"), std::string::npos) << e.message;
}

TEST(ConcurrencyCAbi, ThreadsShareOneReportAndGuard) {
  Handles h;
  seed1(h);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      const kvd_dtype u8{KVD_DL_UINT, 8, 1}, fp8{KVD_DL_FLOAT8_E4M3FN, 8, 1};
      for (int i = 0; i < 2000; ++i) {
        const char* code = nullptr;
        if (kvd_guard_check(h.guard, KVD_ROLE_KV_DATA_TYPE, u8, &code) != KVD_REFUSED || std::string(code) != "KVD020")
          ++wrong;
        if (kvd_guard_check(h.guard, KVD_ROLE_KV_DATA_TYPE, fp8, &code) != KVD_OK) ++wrong;
        if (kvd_guard_check(h.guard, KVD_ROLE_K_CACHE, u8, &code) != KVD_OK) ++wrong;
        kvd_plan_info p{};
        p.struct_size = sizeof p;
        if (kvd_report_plan(h.rep, &p) != KVD_OK || std::string(p.backend) != "FLASHINFER_MLA_SPARSE_SM90") ++wrong;
        if (i % 100 == 0) {
          // Each thread's own failure, and only it, in its last error.
          const std::string bad = "nope" + std::to_string(t);
          kvd_role role{};
          if (kvd_role_from_name(bad.c_str(), &role) != KVD_ERR_UNKNOWN_NAME) ++wrong;
          if (std::string(kvd_last_error()).find(bad) == std::string::npos) ++wrong;
          // Independent requests checked concurrently.
          kvd_request* r = nullptr;
          kvd_report* rep = nullptr;
          if (kvd_request_new(&r) != KVD_OK) ++wrong;
          kvd_request_set(r, "gpu", t % 2 ? "MI300X" : "A100");
          kvd_request_set(r, "kv-cache-dtype", "fp8");
          if (kvd_check(r, &rep) != KVD_OK) ++wrong;
          kvd_report_free(rep);
          kvd_request_free(r);
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(CAbi, LastErrorIsOneLineAndBounded) {
  kvd_request* r = nullptr;
  ASSERT_EQ(kvd_request_new(&r), KVD_OK);
  const std::string huge(5000, 'x');
  EXPECT_EQ(kvd_request_set(r, huge.c_str(), "1"), KVD_ERR_UNKNOWN_NAME);
  const std::string msg = kvd_last_error();
  EXPECT_LT(msg.size(), 512u);
  EXPECT_EQ(msg.find('\n'), std::string::npos);
  // A value with control bytes is refused by kvd_check with a printable message.
  EXPECT_EQ(kvd_request_set(r, "gpu", "H1\n00"), KVD_OK);
  kvd_report* rep = nullptr;
  EXPECT_NE(kvd_check(r, &rep), KVD_OK);
  EXPECT_EQ(rep, nullptr);
  EXPECT_EQ(std::string(kvd_last_error()).find('\n'), std::string::npos);
  kvd_request_free(r);
}

}  // namespace
