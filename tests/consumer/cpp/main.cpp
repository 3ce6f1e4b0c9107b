// Links the installed kvdtype through find_package(kvdtype): the C++ API, the JSON renderer and
// the C ABI header (which must also be valid C++) from one program.
#include <cstdio>
#include <cstring>
#include <string>

#include "kvdtype/io/render.hpp"
#include "kvdtype/kvdtype.h"
#include "kvdtype/kvdtype.hpp"

namespace {
// The table rows' fields are the tables' schema, internal to the library: the installed headers
// declare the row types by name only, and code outside reads them through accessors.
template <class T>
concept complete_type = requires { sizeof(T); };
static_assert(!complete_type<kvdtype::Backend>, "Backend's fields are not public");
static_assert(!complete_type<kvdtype::CacheDtype>, "CacheDtype's fields are not public");
static_assert(!complete_type<kvdtype::Constraint>, "Constraint's fields are not public");

int failures = 0;
void expect(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "consumer (C++): FAILED: %s\n", what);
    ++failures;
  }
}
}  // namespace

int main() {
  kvdtype::RequestInput in;
  in.set("gpu", "H100");
  in.set("model-dtype", "bfloat16");
  in.set("attention", "sparse-mla");
  in.set("kv-cache-dtype", "fp8");
  in.set("backend", "FLASHINFER_MLA_SPARSE_SM90");
  const auto req = kvdtype::make_request(in);
  expect(req.ok(), "make_request");
  if (!req.ok()) return 1;
  const kvdtype::Report rep = kvdtype::check(*req);
  const kvdtype::Guard guard(rep.plan);
  expect(!guard.ok(kvdtype::Role::kv_data_type, kvdtype::FormatId::uint8), "uint8 refused as kv_data_type");
  expect(guard.ok(kvdtype::Role::k_cache, kvdtype::FormatId::uint8), "uint8 accepted as k_cache");
  expect(rep.plan.backend && kvdtype::name(*rep.plan.backend) == "FLASHINFER_MLA_SPARSE_SM90", "backend name");
  expect(rep.plan.cache_dtype && kvdtype::quant(*rep.plan.cache_dtype) == kvdtype::KvQuant::fp8_per_tensor,
         "cache dtype quant family");
  const std::string json = kvdtype::io::render_report(rep, kvdtype::io::OutputFormat::json);
  expect(json.find("\"schema\": \"kvdtype.check/v1\"") != std::string::npos, "JSON schema");

  // The C ABI from C++.
  kvd_request* r = nullptr;
  kvd_report* report = nullptr;
  expect(kvd_request_new(&r) == KVD_OK, "kvd_request_new");
  kvd_request_set(r, "gpu", "MI300X");
  kvd_request_set(r, "attention", "mla");
  kvd_request_set(r, "model-dtype", "bfloat16");
  kvd_request_set(r, "kv-cache-dtype", "fp8");
  kvd_request_set(r, "backend", "ROCM_AITER_MLA");
  expect(kvd_check(r, &report) == KVD_OK, "kvd_check");
  kvd_guard* g = nullptr;
  expect(kvd_guard_new(report, &g) == KVD_OK, "kvd_guard_new");
  const char* code = nullptr;
  expect(kvd_guard_check_name(g, KVD_ROLE_Q, "torch.bfloat16", &code) == KVD_REFUSED && code &&
             std::strcmp(code, "KVD030") == 0,
         "bf16 Q refused with KVD030");
  kvd_guard_free(g);
  kvd_report_free(report);
  kvd_request_free(r);
  expect(std::string(kvd_version_string()) == std::string(kvdtype::version()), "one version");

  std::printf("consumer (C++, find_package): kvdtype %s, %s\n", std::string(kvdtype::version()).c_str(),
              failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}
