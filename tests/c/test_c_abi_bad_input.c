/* Bad input through the C ABI (C99): the classes of tests/conformance/bad_input.jsonl — empty,
 * huge, unicode and control characters, negative and overflowing numbers, unknown names, broken
 * and hostile model files, directories where files are expected — plus what only a C caller can
 * do wrong: NULL pointers, tiny buffers, out-of-range enums and struct sizes. Every refusal must
 * be a documented status with a one-line, printable kvd_last_error(), never a crash, and a failed
 * kvd_check must leave *report_out NULL. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvdtype/kvdtype.h"
#include "checks.h"

#ifndef KVDTYPE_TEST_DATA_DIR
#error "KVDTYPE_TEST_DATA_DIR names tests/data (tests/c/CMakeLists.txt sets it)"
#endif
#define DATA(path) KVDTYPE_TEST_DATA_DIR "/" path

/* The last error is what a server logs: one line of printable bytes, never empty, bounded. */
static int printable_line(const char* s) {
  const unsigned char* p = (const unsigned char*)s;
  if (s == NULL || *s == '\0') return 0;
  for (; *p; ++p)
    if (*p < 0x20 || *p == 0x7f) return 0;
  return strlen(s) < 512;
}

static void expect_status(kvd_status got, kvd_status want, const char* what, int line) {
  ++g_checks;
  if (got != want) {
    ++g_failures;
    fprintf(stderr, "%s:%d: %s returned %s, expected %s (last error: %s)\n", __FILE__, line, what,
            kvd_status_name(got), kvd_status_name(want), kvd_last_error());
    return;
  }
  if (want != KVD_OK) {
    ++g_checks;
    if (!printable_line(kvd_last_error())) {
      ++g_failures;
      fprintf(stderr, "%s:%d: %s: last error is not one printable line: \"%s\"\n", __FILE__, line, what,
              kvd_last_error());
    }
  }
}
#define EXPECT(call, want) expect_status((call), (want), #call, __LINE__)

static kvd_dtype dt(uint8_t code, uint8_t bits, uint16_t lanes) {
  kvd_dtype d;
  d.code = code;
  d.bits = bits;
  d.lanes = lanes;
  return d;
}

/* A request with one field set, checked: the status kvd_check returns. */
static kvd_status check_one(const char* field, const char* value) {
  kvd_request* req = NULL;
  kvd_report* rep = (kvd_report*)&req; /* not NULL: a failed check must reset it */
  kvd_status s;
  if (kvd_request_new(&req) != KVD_OK) return KVD_ERR_INTERNAL;
  if (kvd_request_set(req, "gpu", "H100") != KVD_OK || kvd_request_set(req, field, value) != KVD_OK) {
    kvd_request_free(req);
    return KVD_ERR_INTERNAL;
  }
  s = kvd_check(req, &rep);
  ++g_checks;
  if ((s == KVD_OK) != (rep != NULL)) {
    ++g_failures;
    fprintf(stderr, "%s:%d: kvd_check(%s=%.40s): status %s but report %p\n", __FILE__, __LINE__, field, value,
            kvd_status_name(s), (void*)rep);
  }
  kvd_report_free(s == KVD_OK ? rep : NULL);
  kvd_request_free(req);
  return s;
}
#define EXPECT_CHECK(field, value, want) expect_status(check_one((field), (value)), (want), field "=" #value, __LINE__)

static void empty_values(void) {
  const char* out = NULL;
  kvd_role role;
  char buf[16];
  /* An empty request field is "unknown", not wrong: accepted. Empty names are refused. */
  EXPECT_CHECK("gpu", "", KVD_OK);
  EXPECT_CHECK("kv-cache-dtype", "", KVD_OK);
  EXPECT(kvd_format_canonical("", &out), KVD_ERR_UNKNOWN_NAME);
  EXPECT(kvd_role_from_name("", &role), KVD_ERR_UNKNOWN_NAME);
  EXPECT(kvd_explain("", KVD_RENDER_TEXT, buf, sizeof buf, NULL), KVD_ERR_UNKNOWN_NAME);
  {
    kvd_request* req = NULL;
    EXPECT(kvd_request_new(&req), KVD_OK);
    EXPECT(kvd_request_set(req, "", "H100"), KVD_ERR_UNKNOWN_NAME);
    EXPECT(kvd_request_set(req, "--", "H100"), KVD_ERR_UNKNOWN_NAME);
    kvd_request_free(req);
  }
}

static void huge_values(void) {
  enum { kHuge = 100000 };
  char* huge = (char*)malloc(kHuge + 1);
  const char* out = NULL;
  kvd_request* req = NULL;
  char small[8];
  if (huge == NULL) return;
  memset(huge, 'A', kHuge);
  huge[kHuge] = '\0';
  EXPECT_CHECK("gpu", huge, KVD_ERR_UNKNOWN_NAME);
  EXPECT_CHECK("kv-cache-dtype", huge, KVD_ERR_UNKNOWN_NAME);
  EXPECT_CHECK("engine", huge, KVD_ERR_UNKNOWN_NAME);
  EXPECT_CHECK("backend", huge, KVD_ERR_UNKNOWN_NAME);
  EXPECT_CHECK("q-dtype", huge, KVD_ERR_UNKNOWN_NAME);
  EXPECT_CHECK("attention", huge, KVD_ERR_UNKNOWN_NAME);
  EXPECT_CHECK("engine-version", huge, KVD_ERR_BAD_VALUE);
  EXPECT_CHECK("model", huge, KVD_ERR_BAD_FILE);
  memset(huge, '9', kHuge);
  EXPECT_CHECK("num-heads", huge, KVD_ERR_BAD_VALUE);
  EXPECT_CHECK("gpu-memory-gib", huge, KVD_ERR_BAD_VALUE);
  EXPECT(kvd_format_canonical(huge, &out), KVD_ERR_UNKNOWN_NAME);
  EXPECT(kvd_explain(huge, KVD_RENDER_TEXT, small, sizeof small, NULL), KVD_ERR_UNKNOWN_NAME);
  EXPECT(kvd_request_new(&req), KVD_OK);
  EXPECT(kvd_request_set(req, huge, "x"), KVD_ERR_UNKNOWN_NAME);
  kvd_request_free(req);
  free(huge);
}

static void unicode_and_control(void) {
  const char* out = NULL;
  EXPECT_CHECK("gpu", "\xd0\x9d" "100", KVD_ERR_UNKNOWN_NAME);         /* Cyrillic EN */
  EXPECT_CHECK("gpu", "H\xe2\x80\x8b" "100", KVD_ERR_UNKNOWN_NAME);    /* zero-width space */
  EXPECT_CHECK("gpu", "\x1b[31mH100", KVD_ERR_UNKNOWN_NAME);            /* escape sequence */
  EXPECT_CHECK("gpu", "\xff\xfe\xfd", KVD_ERR_UNKNOWN_NAME);            /* not UTF-8 */
  EXPECT_CHECK("kv-cache-dtype", "fp8\x01", KVD_ERR_UNKNOWN_NAME);
  EXPECT_CHECK("kv-cache-dtype", "\xef\xbd\x86\xef\xbd\x90\xef\xbc\x98", KVD_ERR_UNKNOWN_NAME); /* fullwidth fp8 */
  EXPECT_CHECK("backend", "\x1b]0;pwned\x07" "FLASHMLA", KVD_ERR_UNKNOWN_NAME);
  EXPECT_CHECK("engine-version", "0.1\x7f" "1.0", KVD_ERR_BAD_VALUE);
  EXPECT_CHECK("model", DATA("bad_input/\x1b[2J-no-such-file"), KVD_ERR_BAD_FILE);
  EXPECT(kvd_format_canonical("bf16\n", &out), KVD_ERR_UNKNOWN_NAME);
  {
    kvd_request* req = NULL;
    EXPECT(kvd_request_new(&req), KVD_OK);
    EXPECT(kvd_request_set(req, "gpu\x1b[0m", "H100"), KVD_ERR_UNKNOWN_NAME);
    kvd_request_free(req);
  }
}

static void numbers(void) {
  static const char* const kInts[] = {"-1", "0", "4294967296", "18446744073709551616", "1e3", "0x10", " 8", "+8", "8.5", "NaN"};
  static const char* const kDoubles[] = {"-1", "nan", "inf", "-inf", "1e400", "1,5"};
  size_t i;
  for (i = 0; i < sizeof kInts / sizeof kInts[0]; ++i) {
    EXPECT_CHECK("num-heads", kInts[i], KVD_ERR_BAD_VALUE);
    EXPECT_CHECK("tensor-parallel-size", kInts[i], KVD_ERR_BAD_VALUE);
    EXPECT_CHECK("head-size", kInts[i], KVD_ERR_BAD_VALUE);
  }
  for (i = 0; i < sizeof kDoubles / sizeof kDoubles[0]; ++i) {
    EXPECT_CHECK("gpu-memory-utilization", kDoubles[i], KVD_ERR_BAD_VALUE);
    EXPECT_CHECK("weight-gib", kDoubles[i], KVD_ERR_BAD_VALUE);
  }
  EXPECT_CHECK("gpu-memory-utilization", "1.5", KVD_ERR_BAD_VALUE);
  EXPECT_CHECK("max-model-len", "1099511627777", KVD_ERR_BAD_VALUE);
  EXPECT_CHECK("engine-version", "99999.0", KVD_ERR_BAD_VALUE);
  EXPECT_CHECK("engine-version", "-1.0", KVD_ERR_BAD_VALUE);
}

static void unknown_names(void) {
  const char* out = NULL;
  kvd_role role;
  EXPECT_CHECK("engine", "tgi", KVD_ERR_UNKNOWN_NAME);
  EXPECT_CHECK("kv-cache-dtype", "fp9", KVD_ERR_UNKNOWN_NAME);
  EXPECT_CHECK("attention", "flash", KVD_ERR_UNKNOWN_NAME);
  EXPECT_CHECK("backend", "FLASH_ATTN_4", KVD_ERR_UNKNOWN_NAME);
  EXPECT_CHECK("q-dtype", "fp9", KVD_ERR_UNKNOWN_NAME);
  EXPECT_CHECK("model-dtype", "int8", KVD_ERR_BAD_VALUE);
  EXPECT_CHECK("kv-scales", "maybe", KVD_ERR_BAD_VALUE);
  EXPECT_CHECK("checkpoint-kv-cache-dtype", "int3", KVD_ERR_BAD_VALUE);
  EXPECT_CHECK("gpu", "sm_999", KVD_ERR_UNKNOWN_NAME);
  /* gpu="auto" on a machine without a GPU is no longer bad input: as on the CLI (one pipeline),
   * the checks that need the GPU are skipped and the verdict is incomplete (KVD080). */
  EXPECT(kvd_format_canonical("float8", &out), KVD_ERR_UNKNOWN_NAME);
  EXPECT(kvd_role_from_name("keys", &role), KVD_ERR_UNKNOWN_NAME);
  {
    kvd_request* req = NULL;
    kvd_report* rep = NULL;
    EXPECT(kvd_request_new(&req), KVD_OK);
    /* Every engine is modelled: a string from another engine's vocabulary is an unknown name. */
    EXPECT(kvd_request_set(req, "engine", "trtllm"), KVD_OK);
    EXPECT(kvd_request_set(req, "kv-cache-dtype", "fp8_e5m2"), KVD_OK);
    EXPECT(kvd_check(req, &rep), KVD_ERR_UNKNOWN_NAME);
    CHECK(rep == NULL);
    EXPECT(kvd_request_set(req, "gpu_model", "H100"), KVD_ERR_UNKNOWN_NAME);
    kvd_request_free(req);
  }
}

static void model_files(void) {
  static const char* const kBad[] = {
      DATA("bad_input/config_truncated.json"),    DATA("bad_input/config_empty.json"),
      DATA("bad_input/config_array.json"),        DATA("bad_input/config_deep_array.json"),
      DATA("bad_input/config_deep_object.json"),  DATA("bad_input/config_nul_byte.json"),
      DATA("bad_input/config_invalid_utf8.json"), DATA("bad_input/config_binary.bin"),
      DATA("bad_input/dir_without_config"),       DATA("bad_input/config_is_a_dir"),
      DATA("bad_input/bad_hf_quant"),             DATA("bad_input/hf_quant_not_object"),
      "/nonexistent/config.json",                 "/dev/zero",
      "/dev/null",                                "/",
  };
  size_t i;
  for (i = 0; i < sizeof kBad / sizeof kBad[0]; ++i) EXPECT_CHECK("model", kBad[i], KVD_ERR_BAD_FILE);
  /* A config that parses but holds an impossible geometry is checked: the report is rejected by
     KVD084 (a bad value inside a checked config), not a status. */
  {
    kvd_request* req = NULL;
    kvd_report* rep = NULL;
    int fired = 0;
    kvd_verdict verdict = KVD_VERDICT_OK;
    EXPECT(kvd_request_new(&req), KVD_OK);
    EXPECT(kvd_request_set(req, "gpu", "H100"), KVD_OK);
    EXPECT(kvd_request_set(req, "model", DATA("bad_input/config_heads_out_of_range.json")), KVD_OK);
    EXPECT(kvd_check(req, &rep), KVD_OK);
    EXPECT(kvd_report_fired(rep, "KVD084", &fired), KVD_OK);
    EXPECT(kvd_report_verdict(rep, &verdict), KVD_OK);
    ++g_checks;
    if (fired != 1 || verdict != KVD_VERDICT_ERROR) {
      ++g_failures;
      fprintf(stderr, "%s:%d: impossible geometry: KVD084 fired %d, verdict %d\n", __FILE__, __LINE__, fired, (int)verdict);
    }
    kvd_report_free(rep);
    kvd_request_free(req);
  }
}

static void nulls_buffers_and_ranges(void) {
  kvd_request* req = NULL;
  kvd_report* rep = NULL;
  kvd_guard* guard = NULL;
  kvd_plan_info plan;
  kvd_verdict verdict;
  size_t count = 0, required = 0;
  char buf[4];
  const char* code = NULL;
  uint32_t last = 0;
  int fired = 0;

  EXPECT(kvd_request_new(NULL), KVD_ERR_NULL_ARGUMENT);
  EXPECT(kvd_request_set(NULL, "gpu", "H100"), KVD_ERR_NULL_ARGUMENT);
  EXPECT(kvd_check(NULL, &rep), KVD_ERR_NULL_ARGUMENT);
  CHECK(rep == NULL);
  EXPECT(kvd_report_verdict(NULL, &verdict), KVD_ERR_NULL_ARGUMENT);
  EXPECT(kvd_guard_new(NULL, &guard), KVD_ERR_NULL_ARGUMENT);
  EXPECT(kvd_guard_check(NULL, KVD_ROLE_Q, dt(KVD_DL_BFLOAT, 16, 1), &code), KVD_ERR_NULL_ARGUMENT);
  EXPECT(kvd_format_canonical(NULL, &code), KVD_ERR_NULL_ARGUMENT);
  EXPECT(kvd_explain(NULL, KVD_RENDER_TEXT, buf, sizeof buf, NULL), KVD_ERR_NULL_ARGUMENT);
  kvd_request_free(NULL);
  kvd_report_free(NULL);
  kvd_guard_free(NULL);

  EXPECT(kvd_request_new(&req), KVD_OK);
  EXPECT(kvd_request_set(req, "gpu", NULL), KVD_ERR_NULL_ARGUMENT);
  EXPECT(kvd_request_set(req, NULL, "H100"), KVD_ERR_NULL_ARGUMENT);
  EXPECT(kvd_request_set(req, "gpu", "MI300X"), KVD_OK);
  EXPECT(kvd_request_set(req, "attention", "mla"), KVD_OK);
  EXPECT(kvd_request_set(req, "kv-cache-dtype", "fp8"), KVD_OK);
  EXPECT(kvd_request_set(req, "q-dtype", "bfloat16"), KVD_OK);
  EXPECT(kvd_check(req, NULL), KVD_ERR_NULL_ARGUMENT);
  EXPECT(kvd_check(req, &rep), KVD_OK);
  if (rep == NULL) {
    kvd_request_free(req);
    return;
  }
  /* Buffers: too small, NULL with a size, size queries. */
  EXPECT(kvd_report_json(rep, buf, sizeof buf, &required), KVD_ERR_BUFFER_TOO_SMALL);
  CHECK(required > sizeof buf && buf[sizeof buf - 1] == '\0' && strlen(buf) == sizeof buf - 1);
  EXPECT(kvd_report_json(rep, buf, 1, NULL), KVD_ERR_BUFFER_TOO_SMALL);
  CHECK(buf[0] == '\0');
  buf[0] = 'x';
  EXPECT(kvd_report_json(rep, buf, 0, &required), KVD_ERR_BUFFER_TOO_SMALL);
  CHECK(buf[0] == 'x'); /* a 0-byte buffer is never written */
  EXPECT(kvd_report_json(rep, NULL, 16, &required), KVD_ERR_NULL_ARGUMENT);
  EXPECT(kvd_report_json(rep, NULL, 0, NULL), KVD_ERR_NULL_ARGUMENT);
  EXPECT(kvd_report_json(rep, NULL, 0, &required), KVD_OK);
  /* Out-of-range enums, indexes and struct sizes. */
  EXPECT(kvd_report_render(rep, 7, NULL, 0, &required), KVD_ERR_OUT_OF_RANGE);
  EXPECT(kvd_report_render(rep, -1, NULL, 0, &required), KVD_ERR_OUT_OF_RANGE);
  EXPECT(kvd_report_diagnostic_count(rep, &count), KVD_OK);
  EXPECT(kvd_report_diagnostic_string(rep, count, KVD_DIAG_CODE, buf, sizeof buf, NULL), KVD_ERR_OUT_OF_RANGE);
  EXPECT(kvd_report_diagnostic_string(rep, (size_t)-1, KVD_DIAG_CODE, buf, sizeof buf, NULL), KVD_ERR_OUT_OF_RANGE);
  if (count > 0) {
    EXPECT(kvd_report_diagnostic_string(rep, 0, 99, buf, sizeof buf, NULL), KVD_ERR_OUT_OF_RANGE);
    EXPECT(kvd_report_diagnostic_string(rep, 0, -3, buf, sizeof buf, NULL), KVD_ERR_OUT_OF_RANGE);
  }
  memset(&plan, 0, sizeof plan);
  plan.struct_size = 0;
  EXPECT(kvd_report_plan(rep, &plan), KVD_ERR_STRUCT_SIZE);
  plan.struct_size = 3;
  EXPECT(kvd_report_plan(rep, &plan), KVD_ERR_STRUCT_SIZE);
  EXPECT(kvd_report_fired(rep, "KVD999", &fired), KVD_ERR_UNKNOWN_NAME);
  EXPECT(kvd_report_fired(rep, "\x1b[31m", &fired), KVD_ERR_UNKNOWN_NAME);
  EXPECT(kvd_explain("KVD020", 5, buf, sizeof buf, NULL), KVD_ERR_OUT_OF_RANGE);
  /* The guard: roles out of range, dtypes no format has. */
  EXPECT(kvd_guard_new(rep, &guard), KVD_OK);
  if (guard != NULL) {
    EXPECT(kvd_guard_check(guard, 4, dt(KVD_DL_BFLOAT, 16, 1), &code), KVD_ERR_OUT_OF_RANGE);
    EXPECT(kvd_guard_check(guard, -1, dt(KVD_DL_BFLOAT, 16, 1), &code), KVD_ERR_OUT_OF_RANGE);
    EXPECT(kvd_guard_check(guard, KVD_ROLE_Q, dt(KVD_DL_FLOAT, 64, 1), &code), KVD_ERR_UNKNOWN_NAME);
    EXPECT(kvd_guard_check(guard, KVD_ROLE_Q, dt(KVD_DL_FLOAT, 16, 0), &code), KVD_ERR_UNKNOWN_NAME);
    EXPECT(kvd_guard_check(guard, KVD_ROLE_Q, dt(255, 255, 65535), &code), KVD_ERR_UNKNOWN_NAME);
    EXPECT(kvd_guard_check(guard, KVD_ROLE_Q, dt(KVD_DL_FLOAT4_E2M1FN, 4, 3), &code), KVD_ERR_UNKNOWN_NAME);
    EXPECT(kvd_guard_check_name(guard, KVD_ROLE_Q, "fp9", &code), KVD_ERR_UNKNOWN_NAME);
    EXPECT(kvd_guard_check_name(guard, KVD_ROLE_Q, NULL, &code), KVD_ERR_NULL_ARGUMENT);
    EXPECT(kvd_guard_expected_last_dim(guard, 9, dt(KVD_DL_UINT, 8, 1), 576, &last), KVD_ERR_OUT_OF_RANGE);
    EXPECT(kvd_guard_expected_last_dim(guard, KVD_ROLE_K_CACHE, dt(KVD_DL_UINT, 8, 1), 576, NULL),
           KVD_ERR_NULL_ARGUMENT);
    EXPECT(kvd_guard_expected_last_dim(guard, KVD_ROLE_K_CACHE, dt(KVD_DL_UINT, 8, 1), 0xFFFFFFFFu, &last), KVD_OK);
  }
  kvd_guard_free(guard);
  kvd_report_free(rep);
  kvd_request_free(req);
  EXPECT(kvd_format_name(dt(KVD_DL_COMPLEX, 64, 1), &code), KVD_ERR_UNKNOWN_NAME);
  EXPECT(kvd_format_name(dt(KVD_DL_BFLOAT, 16, 1), NULL), KVD_ERR_NULL_ARGUMENT);
  CHECK(strcmp(kvd_status_name(-5), "KVD_STATUS_UNKNOWN") == 0);
}

int main(void) {
  empty_values();
  huge_values();
  unicode_and_control();
  numbers();
  unknown_names();
  model_files();
  nulls_buffers_and_ranges();
  if (g_failures) {
    fprintf(stderr, "c_abi_bad_input: %d of %d checks failed\n", g_failures, g_checks);
    return 1;
  }
  printf("c_abi_bad_input: %d checks passed\n", g_checks);
  return 0;
}
