/* The C ABI, compiled as C99 (-std=c99 -pedantic -Werror): the founding cases through
 * kvdtype.h, the ownership and buffer rules, and every error path a C caller can hit. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kvdtype/kvdtype.h"
#include "checks.h"

/* DLPack's DLDataType, spelled out here (dlpack.h is deliberately not a dependency): kvd_dtype
 * must have exactly this layout. */
typedef struct {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
} dl_data_type;

static kvd_dtype dt(uint8_t code, uint8_t bits, uint16_t lanes) {
  kvd_dtype d;
  d.code = code;
  d.bits = bits;
  d.lanes = lanes;
  return d;
}

/* A request from "field", "value", …, NULL pairs; NULL on failure. */
static kvd_request* request_of(const char* const* kv) {
  kvd_request* req = NULL;
  if (kvd_request_new(&req) != KVD_OK) return NULL;
  for (; kv[0] != NULL; kv += 2) {
    if (kvd_request_set(req, kv[0], kv[1]) != KVD_OK) {
      fprintf(stderr, "kvd_request_set(%s, %s): %s\n", kv[0], kv[1], kvd_last_error());
      kvd_request_free(req);
      return NULL;
    }
  }
  return req;
}

static kvd_report* check_of(const char* const* kv) {
  kvd_report* rep = NULL;
  kvd_request* req = request_of(kv);
  if (req == NULL) return NULL;
  if (kvd_check(req, &rep) != KVD_OK) fprintf(stderr, "kvd_check: %s\n", kvd_last_error());
  kvd_request_free(req);
  return rep;
}

static void test_versions(void) {
  const char* v = kvd_version_string();
  CHECK(kvd_abi_version() == KVDTYPE_ABI_VERSION);
  CHECK(v != NULL && strlen(v) >= 5 && v[1] == '.');
  CHECK(sizeof(kvd_dtype) == sizeof(dl_data_type));
  CHECK(offsetof(kvd_dtype, code) == offsetof(dl_data_type, code));
  CHECK(offsetof(kvd_dtype, bits) == offsetof(dl_data_type, bits));
  CHECK(offsetof(kvd_dtype, lanes) == offsetof(dl_data_type, lanes));
  CHECK_STR(kvd_status_name(KVD_OK), "KVD_OK");
  CHECK_STR(kvd_status_name(KVD_REFUSED), "KVD_REFUSED");
  CHECK_STR(kvd_status_name(12345), "KVD_STATUS_UNKNOWN");
}

static void test_formats(void) {
  kvd_dtype d = dt(0, 0, 0);
  const char* name = NULL;
  dl_data_type from_dlpack = {KVD_DL_FLOAT8_E4M3FNUZ, 8, 1};

  CHECK_STATUS(kvd_format_dtype("torch.float8_e4m3fn", &d), KVD_OK);
  CHECK(d.code == KVD_DL_FLOAT8_E4M3FN && d.code == 10 && d.bits == 8 && d.lanes == 1);
  CHECK_STATUS(kvd_format_dtype("bf16", &d), KVD_OK);
  CHECK(d.code == KVD_DL_BFLOAT && d.bits == 16 && d.lanes == 1);
  CHECK_STATUS(kvd_format_dtype("uint8", &d), KVD_OK);
  CHECK(d.code == KVD_DL_UINT && d.bits == 8 && d.lanes == 1);
  CHECK_STATUS(kvd_format_dtype("float8_e5m2fnuz", &d), KVD_OK);
  CHECK(d.code == KVD_DL_FLOAT8_E5M2FNUZ && d.code == 13);
  CHECK_STATUS(kvd_format_dtype("float4_e2m1fn", &d), KVD_OK);
  CHECK(d.code == KVD_DL_FLOAT4_E2M1FN && d.code == 17 && d.bits == 4 && d.lanes == 1);
  CHECK_STATUS(kvd_format_dtype("nvfp4", &d), KVD_ERR_UNSUPPORTED);
  CHECK_STATUS(kvd_format_dtype("float9", &d), KVD_ERR_UNKNOWN_NAME);
  CHECK(strstr(kvd_last_error(), "float9") != NULL);

  CHECK_STATUS(kvd_format_name(dt(KVD_DL_FLOAT8_E4M3FN, 8, 1), &name), KVD_OK);
  CHECK_STR(name, "float8_e4m3fn");
  CHECK_STATUS(kvd_format_name(dt(KVD_DL_FLOAT4_E2M1FN, 4, 2), &name), KVD_OK);
  CHECK_STR(name, "float4_e2m1fn_x2");
  CHECK_STATUS(kvd_format_name(dt(KVD_DL_FLOAT, 16, 1), &name), KVD_OK);
  CHECK_STR(name, "float16");
  /* A DLDataType taken straight from a DLPack tensor. */
  memcpy(&d, &from_dlpack, sizeof d);
  CHECK_STATUS(kvd_format_name(d, &name), KVD_OK);
  CHECK_STR(name, "float8_e4m3fnuz");
  CHECK_STATUS(kvd_format_name(dt(KVD_DL_FLOAT, 64, 1), &name), KVD_ERR_UNKNOWN_NAME);
  CHECK_STATUS(kvd_format_name(dt(KVD_DL_BOOL, 8, 1), &name), KVD_ERR_UNKNOWN_NAME);
  CHECK_STATUS(kvd_format_name(dt(200, 8, 1), &name), KVD_ERR_UNKNOWN_NAME);

  CHECK_STATUS(kvd_format_canonical("torch.bfloat16", &name), KVD_OK);
  CHECK_STR(name, "bfloat16");
  CHECK_STATUS(kvd_format_canonical("fp8e4nv", &name), KVD_OK);
  CHECK_STR(name, "float8_e4m3fn");
  CHECK_STATUS(kvd_format_canonical(NULL, &name), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_format_canonical("bf16", NULL), KVD_ERR_NULL_ARGUMENT);
}

/* Founding case 1: vLLM on H100, sparse MLA, --kv-cache-dtype fp8. The cache is stored as
 * uint8 (legitimate), but the kernel must be told float8_e4m3fn, not uint8. */
static void test_founding_uint8_for_fp8(void) {
  static const char* const correct[] = {"engine", "vllm", "gpu", "H100", "model-dtype", "bfloat16",
                                        "attention", "sparse-mla", "kv-cache-dtype", "fp8",
                                        "backend", "FLASHINFER_MLA_SPARSE_SM90", NULL};
  static const char* const buggy[] = {"gpu", "H100", "model_dtype", "bfloat16", "attention", "sparse-mla",
                                      "kv_cache_dtype", "fp8", "backend", "FLASHINFER_MLA_SPARSE_SM90",
                                      "kv_dtype", "uint8", NULL};
  kvd_report* rep = check_of(correct);
  kvd_guard* g = NULL;
  kvd_plan_info plan;
  kvd_verdict verdict = -1;
  const char* code = "sentinel";
  int fired = -1;

  CHECK(rep != NULL);
  if (rep == NULL) return;
  CHECK_STATUS(kvd_report_verdict(rep, &verdict), KVD_OK);
  CHECK(verdict != KVD_VERDICT_ERROR);

  memset(&plan, 0, sizeof plan);
  plan.struct_size = sizeof plan;
  CHECK_STATUS(kvd_report_plan(rep, &plan), KVD_OK);
  CHECK(plan.struct_size == sizeof plan);
  CHECK_STR(plan.target, "sm_90");
  CHECK_STR(plan.target_vendor, "nvidia");
  CHECK_STR(plan.backend, "FLASHINFER_MLA_SPARSE_SM90");
  CHECK(plan.k.known && plan.k.has_dtype);
  CHECK_STR(plan.k.name, "float8_e4m3fn");
  CHECK(plan.k.dtype.code == KVD_DL_FLOAT8_E4M3FN && plan.k.dtype.bits == 8 && plan.k.dtype.lanes == 1);
  CHECK_STR(plan.k_storage.name, "uint8");
  CHECK(plan.k_storage.dtype.code == KVD_DL_UINT && plan.k_storage.dtype.bits == 8);
  CHECK_STR(plan.kv_data_type.name, "float8_e4m3fn");
  CHECK_STR(plan.q.name, "bfloat16");
  CHECK(plan.q.dtype.code == KVD_DL_BFLOAT);
  /* No geometry was given: bytes are unknown, not zero. */
  CHECK(plan.bytes_per_token_per_layer == -1);
  CHECK(plan.bytes_per_token == -1);

  CHECK_STATUS(kvd_guard_new(rep, &g), KVD_OK);
  CHECK(g != NULL);
  if (g != NULL) {
    /* The bug: uint8 declared as the kernel's KV element type. */
    CHECK_STATUS(kvd_guard_check(g, KVD_ROLE_KV_DATA_TYPE, dt(KVD_DL_UINT, 8, 1), &code), KVD_REFUSED);
    CHECK_STR(code, "KVD020");
    CHECK(strstr(kvd_last_error(), "float8_e4m3fn") != NULL);
    /* … while uint8 as the cache tensor's storage is what vLLM allocates and is fine. */
    code = "sentinel";
    CHECK_STATUS(kvd_guard_check(g, KVD_ROLE_K_CACHE, dt(KVD_DL_UINT, 8, 1), &code), KVD_OK);
    CHECK(code == NULL);
    CHECK_STATUS(kvd_guard_check(g, KVD_ROLE_V_CACHE, dt(KVD_DL_UINT, 8, 1), NULL), KVD_OK);
    CHECK_STATUS(kvd_guard_check(g, KVD_ROLE_KV_DATA_TYPE, dt(KVD_DL_FLOAT8_E4M3FN, 8, 1), &code), KVD_OK);
    CHECK_STATUS(kvd_guard_check(g, KVD_ROLE_K_CACHE, dt(KVD_DL_FLOAT8_E4M3FN, 8, 1), &code), KVD_OK);
    CHECK_STATUS(kvd_guard_check(g, KVD_ROLE_Q, dt(KVD_DL_BFLOAT, 16, 1), &code), KVD_OK);
    /* The same by name, as a PyTorch dtype prints. */
    CHECK_STATUS(kvd_guard_check_name(g, KVD_ROLE_KV_DATA_TYPE, "torch.uint8", &code), KVD_REFUSED);
    CHECK_STR(code, "KVD020");
    CHECK_STATUS(kvd_guard_check_name(g, KVD_ROLE_K_CACHE, "torch.uint8", &code), KVD_OK);
    CHECK_STATUS(kvd_guard_check_name(g, KVD_ROLE_KV_DATA_TYPE, "torch.float8_e4m3fn", &code), KVD_OK);
    kvd_guard_free(g);
  }
  kvd_report_free(rep);

  /* The buggy request, checked before launch: rejected with KVD020. */
  rep = check_of(buggy);
  CHECK(rep != NULL);
  if (rep == NULL) return;
  CHECK_STATUS(kvd_report_verdict(rep, &verdict), KVD_OK);
  CHECK(verdict == KVD_VERDICT_ERROR);
  CHECK_STATUS(kvd_report_fired(rep, "KVD020", &fired), KVD_OK);
  CHECK(fired == 1);
  CHECK_STATUS(kvd_report_fired(rep, "kvd20", &fired), KVD_OK);
  CHECK(fired == 1);
  CHECK_STATUS(kvd_report_fired(rep, "KVD030", &fired), KVD_OK);
  CHECK(fired == 0);
  CHECK_STATUS(kvd_report_fired(rep, "KVD9999", &fired), KVD_ERR_UNKNOWN_NAME);
  {
    char buf[512];
    size_t need = 0, count = 0;
    kvd_severity sev = -1;
    CHECK_STATUS(kvd_report_diagnostic_count(rep, &count), KVD_OK);
    CHECK(count >= 1);
    /* Errors come first. */
    CHECK_STATUS(kvd_report_diagnostic_severity(rep, 0, &sev), KVD_OK);
    CHECK(sev == KVD_SEVERITY_ERROR);
    CHECK_STATUS(kvd_report_diagnostic_string(rep, 0, KVD_DIAG_CODE, buf, sizeof buf, &need), KVD_OK);
    CHECK_STR(buf, "KVD020");
    CHECK(need == 7);
    CHECK_STATUS(kvd_report_diagnostic_string(rep, 0, KVD_DIAG_SEVERITY, buf, sizeof buf, NULL), KVD_OK);
    CHECK_STR(buf, "error");
    CHECK_STATUS(kvd_report_diagnostic_string(rep, 0, KVD_DIAG_MESSAGE, buf, sizeof buf, &need), KVD_OK);
    CHECK(strstr(buf, "uint8") != NULL && need == strlen(buf) + 1);
    CHECK_STATUS(kvd_report_diagnostic_string(rep, 0, KVD_DIAG_FIX, buf, sizeof buf, NULL), KVD_OK);
    CHECK(strstr(buf, "float8_e4m3fn") != NULL);
    CHECK_STATUS(kvd_report_diagnostic_string(rep, 0, KVD_DIAG_TITLE, buf, sizeof buf, NULL), KVD_OK);
    CHECK(strlen(buf) > 0);
    CHECK_STATUS(kvd_report_diagnostic_string(rep, 0, KVD_DIAG_BACKEND, buf, sizeof buf, NULL), KVD_OK);
    CHECK_STR(buf, "FLASHINFER_MLA_SPARSE_SM90");
    CHECK_STATUS(kvd_report_diagnostic_string(rep, 0, KVD_DIAG_SOURCE, buf, sizeof buf, NULL), KVD_OK);
    CHECK(strlen(buf) > 0);
    /* Out of range index and field. */
    CHECK_STATUS(kvd_report_diagnostic_string(rep, count, KVD_DIAG_CODE, buf, sizeof buf, NULL),
                 KVD_ERR_OUT_OF_RANGE);
    CHECK_STATUS(kvd_report_diagnostic_severity(rep, count + 100, &sev), KVD_ERR_OUT_OF_RANGE);
    CHECK_STATUS(kvd_report_diagnostic_string(rep, 0, 99, buf, sizeof buf, NULL), KVD_ERR_OUT_OF_RANGE);
    /* Too small: a truncated, terminated prefix and the size needed. */
    CHECK_STATUS(kvd_report_diagnostic_string(rep, 0, KVD_DIAG_MESSAGE, buf, 4, &need), KVD_ERR_BUFFER_TOO_SMALL);
    CHECK(strlen(buf) == 3 && need > 4);
  }
  kvd_report_free(rep);
}

/* Founding case 3: ROCm AITER MLA with fp8 on MI300X expects Q in fp8 (fnuz) too. */
static void test_founding_q_mismatch(void) {
  static const char* const plan_only[] = {"gpu", "MI300X", "model-dtype", "bfloat16", "attention", "mla",
                                          "kv-cache-dtype", "fp8", "backend", "ROCM_AITER_MLA", NULL};
  static const char* const buggy[] = {"gpu", "MI300X", "model-dtype", "bfloat16", "attention", "mla",
                                      "kv-cache-dtype", "fp8", "backend", "ROCM_AITER_MLA",
                                      "q-dtype", "bfloat16", "data-parallel-size", "8", NULL};
  kvd_report* rep = check_of(plan_only);
  kvd_guard* g = NULL;
  kvd_plan_info plan;
  const char* code = NULL;
  int fired = 0;
  kvd_verdict verdict = -1;

  CHECK(rep != NULL);
  if (rep == NULL) return;
  memset(&plan, 0, sizeof plan);
  plan.struct_size = sizeof plan;
  CHECK_STATUS(kvd_report_plan(rep, &plan), KVD_OK);
  CHECK_STR(plan.target, "gfx942");
  CHECK_STR(plan.target_vendor, "amd");
  CHECK_STR(plan.k.name, "float8_e4m3fnuz");
  CHECK(plan.k.dtype.code == KVD_DL_FLOAT8_E4M3FNUZ);
  CHECK_STR(plan.q.name, "float8_e4m3fnuz");

  CHECK_STATUS(kvd_guard_new(rep, &g), KVD_OK);
  /* The guard does not depend on the report once built. */
  kvd_report_free(rep);
  if (g == NULL) return;
  CHECK_STATUS(kvd_guard_check(g, KVD_ROLE_Q, dt(KVD_DL_BFLOAT, 16, 1), &code), KVD_REFUSED);
  CHECK_STR(code, "KVD030");
  CHECK(strstr(kvd_last_error(), "float8_e4m3fnuz") != NULL);
  CHECK_STATUS(kvd_guard_check(g, KVD_ROLE_Q, dt(KVD_DL_FLOAT8_E4M3FNUZ, 8, 1), &code), KVD_OK);
  /* An OCP e4m3fn tensor on an fnuz plan: same bits, different numbers. */
  CHECK_STATUS(kvd_guard_check(g, KVD_ROLE_K_CACHE, dt(KVD_DL_FLOAT8_E4M3FN, 8, 1), &code), KVD_REFUSED);
  CHECK_STR(code, "KVD022");
  CHECK_STATUS(kvd_guard_check_name(g, KVD_ROLE_K_CACHE, "float8_e4m3fn", &code), KVD_REFUSED);
  CHECK_STATUS(kvd_guard_check(g, KVD_ROLE_K_CACHE, dt(KVD_DL_FLOAT8_E4M3FNUZ, 8, 1), &code), KVD_OK);
  CHECK_STATUS(kvd_guard_check(g, KVD_ROLE_K_CACHE, dt(KVD_DL_UINT, 8, 1), &code), KVD_OK);
  kvd_guard_free(g);

  rep = check_of(buggy);
  CHECK(rep != NULL);
  if (rep == NULL) return;
  CHECK_STATUS(kvd_report_verdict(rep, &verdict), KVD_OK);
  CHECK(verdict == KVD_VERDICT_ERROR);
  CHECK_STATUS(kvd_report_fired(rep, "KVD030", &fired), KVD_OK);
  CHECK(fired == 1);
  kvd_report_free(rep);
}

/* Founding case 2: TurboQuant on A100 with a bf16 model takes Triton's software fp8 path. */
static void test_founding_turboquant(void) {
  static const char* const a100[] = {"gpu", "A100", "model-dtype", "bfloat16", "kv-cache-dtype",
                                     "turboquant_k8v4", NULL};
  kvd_report* rep = check_of(a100);
  kvd_plan_info plan;
  kvd_verdict verdict = -1;
  CHECK(rep != NULL);
  if (rep == NULL) return;
  CHECK_STATUS(kvd_report_verdict(rep, &verdict), KVD_OK);
  CHECK(verdict != KVD_VERDICT_OK);
  memset(&plan, 0, sizeof plan);
  plan.struct_size = sizeof plan;
  CHECK_STATUS(kvd_report_plan(rep, &plan), KVD_OK);
  CHECK(plan.k.known && strstr(plan.k.name, "b15") != NULL);
  /* Triton's fp8e4b15 has no DLPack code: known, but no dtype. */
  CHECK(plan.k.has_dtype == 0);
  kvd_report_free(rep);
}

static void test_json_and_buffers(void) {
  static const char* const req[] = {"gpu", "H100", "attention", "sparse-mla", "model-dtype", "bfloat16",
                                    "kv-cache-dtype", "fp8_ds_mla", "head-size", "576", "num-layers", "61", NULL};
  kvd_request* r = request_of(req);
  kvd_report* rep = NULL;
  kvd_guard* g = NULL;
  char small[8];
  char big[65536];
  size_t need = 0, need2 = 0;
  uint32_t last_dim = 1;
  kvd_plan_info plan;

  CHECK(r != NULL);
  if (r == NULL) return;
  CHECK_STATUS(kvd_check(r, &rep), KVD_OK);
  CHECK(rep != NULL);
  if (rep == NULL) {
    kvd_request_free(r);
    return;
  }
  memset(&plan, 0, sizeof plan);
  plan.struct_size = sizeof plan;
  CHECK_STATUS(kvd_report_plan(rep, &plan), KVD_OK);
  CHECK(plan.bytes_per_token_per_layer == 656);
  CHECK(plan.bytes_per_token == 656 * 61);
  CHECK_STR(plan.cache_dtype, "fp8_ds_mla");

  /* A size query, then a too-small buffer, then the whole text. */
  CHECK_STATUS(kvd_report_json(rep, NULL, 0, &need), KVD_OK);
  CHECK(need > 100 && need < sizeof big);
  CHECK_STATUS(kvd_report_json(rep, small, sizeof small, &need2), KVD_ERR_BUFFER_TOO_SMALL);
  CHECK(need2 == need);
  CHECK(small[sizeof small - 1] == '\0' && strlen(small) == sizeof small - 1);
  CHECK(strstr(kvd_last_error(), "too small") != NULL);
  CHECK_STATUS(kvd_report_json(rep, big, sizeof big, &need2), KVD_OK);
  CHECK(strlen(big) + 1 == need);
  CHECK(strstr(big, "\"schema\": \"kvdtype.check/v1\"") != NULL);
  CHECK(strstr(big, "\"bytes_per_token_per_layer\": 656") != NULL);
  CHECK_STATUS(kvd_report_json(rep, NULL, 10, &need), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_report_json(rep, NULL, 0, NULL), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_report_render(rep, KVD_RENDER_TEXT, big, sizeof big, NULL), KVD_OK);
  CHECK(strstr(big, "ACCEPTED") != NULL || strstr(big, "REJECTED") != NULL);
  CHECK_STATUS(kvd_report_render(rep, KVD_RENDER_MARKDOWN, big, sizeof big, NULL), KVD_OK);
  CHECK(strncmp(big, "### kvdtype check", 17) == 0);
  CHECK_STATUS(kvd_report_render(rep, 7, big, sizeof big, NULL), KVD_ERR_OUT_OF_RANGE);

  /* fp8_ds_mla: a 656-byte record per token, stored as uint8. */
  CHECK_STATUS(kvd_guard_new(rep, &g), KVD_OK);
  if (g != NULL) {
    CHECK_STATUS(kvd_guard_expected_last_dim(g, KVD_ROLE_K_CACHE, dt(KVD_DL_UINT, 8, 1), 576, &last_dim), KVD_OK);
    CHECK(last_dim == 656);
    CHECK_STATUS(kvd_guard_expected_last_dim(g, KVD_ROLE_Q, dt(KVD_DL_UINT, 8, 1), 576, &last_dim), KVD_OK);
    CHECK(last_dim == 0);
    CHECK_STATUS(kvd_guard_expected_last_dim(g, KVD_ROLE_K_CACHE, dt(KVD_DL_FLOAT, 64, 1), 576, &last_dim),
                 KVD_ERR_UNKNOWN_NAME);
    CHECK_STATUS(kvd_guard_expected_last_dim(g, 4, dt(KVD_DL_UINT, 8, 1), 576, &last_dim), KVD_ERR_OUT_OF_RANGE);
    kvd_guard_free(g);
  }
  kvd_report_free(rep);

  /* resolve renders the resolve schema. */
  CHECK_STATUS(kvd_resolve(r, &rep), KVD_OK);
  if (rep != NULL) {
    CHECK_STATUS(kvd_report_json(rep, big, sizeof big, NULL), KVD_OK);
    CHECK(strstr(big, "\"schema\": \"kvdtype.resolve/v1\"") != NULL);
    kvd_report_free(rep);
  }
  kvd_request_free(r);
}

/* An older caller's shorter kvd_plan_info gets exactly its prefix. */
static void test_struct_size(void) {
  static const char* const req[] = {"gpu", "H100", "kv-cache-dtype", "fp8", NULL};
  kvd_report* rep = check_of(req);
  kvd_plan_info plan;
  const size_t old_size = offsetof(kvd_plan_info, k);
  unsigned char* bytes = (unsigned char*)&plan;
  size_t i;
  int untouched = 1;
  CHECK(rep != NULL);
  if (rep == NULL) return;
  memset(&plan, 0xAB, sizeof plan);
  plan.struct_size = (uint32_t)old_size;
  CHECK_STATUS(kvd_report_plan(rep, &plan), KVD_OK);
  CHECK(plan.struct_size == old_size);
  CHECK_STR(plan.target, "sm_90");
  for (i = old_size; i < sizeof plan; ++i) untouched &= bytes[i] == 0xAB;
  CHECK(untouched);
  plan.struct_size = 2;
  CHECK_STATUS(kvd_report_plan(rep, &plan), KVD_ERR_STRUCT_SIZE);
  kvd_report_free(rep);
}

static void test_errors(void) {
  kvd_request* r = NULL;
  kvd_report* rep = (kvd_report*)&r; /* must be reset to NULL on failure */
  kvd_guard* g = NULL;
  kvd_role role = -1;
  const char* code = NULL;
  char buf[4096];
  size_t need = 0;

  CHECK_STATUS(kvd_request_new(NULL), KVD_ERR_NULL_ARGUMENT);
  CHECK(strstr(kvd_last_error(), "kvd_request_new") != NULL);
  CHECK_STATUS(kvd_request_new(&r), KVD_OK);
  if (r == NULL) return;
  CHECK_STATUS(kvd_request_set(r, "gpuu", "H100"), KVD_ERR_UNKNOWN_NAME);
  CHECK(strstr(kvd_last_error(), "gpuu") != NULL && strstr(kvd_last_error(), "gpu") != NULL);
  CHECK_STATUS(kvd_request_set(r, NULL, "x"), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_request_set(r, "gpu", NULL), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_request_set(NULL, "gpu", "H100"), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_request_set(r, "--gpu", "sm_999"), KVD_OK);
  CHECK_STATUS(kvd_check(r, &rep), KVD_ERR_UNKNOWN_NAME);
  CHECK(rep == NULL);
  CHECK(strstr(kvd_last_error(), "sm_999") != NULL);
  CHECK_STATUS(kvd_request_set(r, "gpu", "H100"), KVD_OK);
  CHECK_STATUS(kvd_request_set(r, "kv_cache_dtype", "fp9"), KVD_OK);
  CHECK_STATUS(kvd_check(r, &rep), KVD_ERR_UNKNOWN_NAME);
  CHECK(strstr(kvd_last_error(), "fp9") != NULL);
  CHECK_STATUS(kvd_request_set(r, "kv_cache_dtype", ""), KVD_OK); /* unknown again: auto */
  CHECK_STATUS(kvd_request_set(r, "num-heads", "-3"), KVD_OK);
  CHECK_STATUS(kvd_check(r, &rep), KVD_ERR_BAD_VALUE);
  CHECK_STATUS(kvd_request_set(r, "num-heads", "32"), KVD_OK);
  CHECK_STATUS(kvd_request_set(r, "model", "/nonexistent/kvdtype-test-model"), KVD_OK);
  CHECK_STATUS(kvd_check(r, &rep), KVD_ERR_BAD_FILE);
  CHECK_STATUS(kvd_request_set(r, "model", ""), KVD_OK);
  CHECK_STATUS(kvd_request_set_flags(r, KVD_FLAG_ROCM_AITER), KVD_OK);
  CHECK_STATUS(kvd_request_set_flags(NULL, 0), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_check(r, NULL), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_check(NULL, &rep), KVD_ERR_NULL_ARGUMENT);
  CHECK(rep == NULL);
  CHECK_STATUS(kvd_check(r, &rep), KVD_OK);
  {
    /* A clone is independent of its original. */
    kvd_request* c = NULL;
    kvd_report* rep2 = NULL;
    kvd_plan_info plan;
    CHECK_STATUS(kvd_request_clone(r, &c), KVD_OK);
    CHECK_STATUS(kvd_request_set(r, "gpu", "MI300X"), KVD_OK);
    CHECK_STATUS(kvd_check(c, &rep2), KVD_OK);
    memset(&plan, 0, sizeof plan);
    plan.struct_size = sizeof plan;
    if (rep2 != NULL) {
      CHECK_STATUS(kvd_report_plan(rep2, &plan), KVD_OK);
      CHECK_STR(plan.target, "sm_90");
    }
    kvd_report_free(rep2);
    kvd_request_free(c);
  }

  CHECK_STATUS(kvd_report_verdict(NULL, NULL), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_report_plan(rep, NULL), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_report_diagnostic_count(NULL, &need), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_report_fired(rep, NULL, NULL), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_guard_new(NULL, &g), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_guard_new(rep, NULL), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_guard_new(rep, &g), KVD_OK);
  if (g != NULL) {
    CHECK_STATUS(kvd_guard_check(NULL, KVD_ROLE_Q, dt(KVD_DL_BFLOAT, 16, 1), &code), KVD_ERR_NULL_ARGUMENT);
    CHECK_STATUS(kvd_guard_check(g, -1, dt(KVD_DL_BFLOAT, 16, 1), &code), KVD_ERR_OUT_OF_RANGE);
    CHECK_STATUS(kvd_guard_check(g, 4, dt(KVD_DL_BFLOAT, 16, 1), &code), KVD_ERR_OUT_OF_RANGE);
    CHECK_STATUS(kvd_guard_check(g, KVD_ROLE_Q, dt(KVD_DL_COMPLEX, 64, 1), &code), KVD_ERR_UNKNOWN_NAME);
    CHECK_STATUS(kvd_guard_check_name(g, KVD_ROLE_Q, "float99", &code), KVD_ERR_UNKNOWN_NAME);
    CHECK_STATUS(kvd_guard_check_name(g, KVD_ROLE_Q, NULL, &code), KVD_ERR_NULL_ARGUMENT);
    kvd_guard_free(g);
  }
  kvd_report_free(rep);
  kvd_request_free(r);

  CHECK_STATUS(kvd_role_from_name("kv_data_type", &role), KVD_OK);
  CHECK(role == KVD_ROLE_KV_DATA_TYPE);
  CHECK_STATUS(kvd_role_from_name("k", &role), KVD_OK);
  CHECK(role == KVD_ROLE_K_CACHE);
  CHECK_STATUS(kvd_role_from_name("kv_cachee", &role), KVD_ERR_UNKNOWN_NAME);

  CHECK_STATUS(kvd_explain("KVD020", KVD_RENDER_TEXT, buf, sizeof buf, &need), KVD_OK);
  CHECK(strstr(buf, "KVD020") != NULL);
  CHECK_STATUS(kvd_explain("20", KVD_RENDER_JSON, NULL, 0, &need), KVD_OK);
  CHECK(need > 10);
  CHECK_STATUS(kvd_explain("KVD999", KVD_RENDER_TEXT, buf, sizeof buf, &need), KVD_ERR_UNKNOWN_NAME);
  CHECK_STATUS(kvd_explain(NULL, KVD_RENDER_TEXT, buf, sizeof buf, &need), KVD_ERR_NULL_ARGUMENT);

  /* Freeing NULL is a no-op. */
  kvd_request_free(NULL);
  kvd_report_free(NULL);
  kvd_guard_free(NULL);
}

int main(void) {
  test_versions();
  test_formats();
  test_founding_uint8_for_fp8();
  test_founding_q_mismatch();
  test_founding_turboquant();
  test_json_and_buffers();
  test_struct_size();
  test_errors();
  printf("test_c_abi: %d checks, %d failed\n", g_checks, g_failures);
  return g_failures == 0 ? 0 : 1;
}
