/* A server written in C (or any language with a C FFI) doing kvdtype's pre-flight through the
 * C ABI: build a request, check it, print the diagnostics, refuse to start on an error, then
 * guard the dtypes (as DLPack DLDataType values) handed to the attention kernel.
 *
 *   c_preflight                       starts (exit 0)
 *   c_preflight q-dtype=bfloat16      ROCm AITER MLA with a bf16 Q: refused, KVD030 (exit 1)
 *   c_preflight gpu=sm_999            bad input (exit 2)
 *   c_preflight --bf16-query          passes pre-flight, the guard stops the launch (exit 3)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvdtype/kvdtype.h"

/* DeepSeek-style MLA with fp8 KV on MI300X through ROCm AITER. */
static const char* const k_config[] = {
    "engine", "vllm", "gpu", "MI300X", "model-dtype", "bfloat16", "attention", "mla",
    "kv-cache-dtype", "fp8", "backend", "ROCM_AITER_MLA", "head-size", "576", "num-layers", "61",
    "num-kv-heads", "1", "data-parallel-size", "8", NULL};

static void print_diagnostics(const kvd_report* rep) {
  size_t n = 0, i;
  char code[16], sev[16];
  char* text = NULL;
  kvd_report_diagnostic_count(rep, &n);
  for (i = 0; i < n; ++i) {
    size_t need = 0;
    kvd_report_diagnostic_string(rep, i, KVD_DIAG_CODE, code, sizeof code, NULL);
    kvd_report_diagnostic_string(rep, i, KVD_DIAG_SEVERITY, sev, sizeof sev, NULL);
    /* Messages have no fixed length: ask for the size, then copy. */
    kvd_report_diagnostic_string(rep, i, KVD_DIAG_MESSAGE, NULL, 0, &need);
    text = (char*)malloc(need);
    if (text == NULL) return;
    kvd_report_diagnostic_string(rep, i, KVD_DIAG_MESSAGE, text, need, NULL);
    printf("  %s %s: %s\n", sev, code, text);
    free(text);
    kvd_report_diagnostic_string(rep, i, KVD_DIAG_FIX, NULL, 0, &need);
    text = (char*)malloc(need);
    if (text == NULL) return;
    kvd_report_diagnostic_string(rep, i, KVD_DIAG_FIX, text, need, NULL);
    printf("    fix: %s\n", text);
    free(text);
  }
}

/* Before each launch: 0 when every dtype is the plan's. */
static int guard_launch(const kvd_guard* g, kvd_dtype q, kvd_dtype cache, kvd_dtype declared) {
  const kvd_role roles[3] = {KVD_ROLE_Q, KVD_ROLE_K_CACHE, KVD_ROLE_KV_DATA_TYPE};
  const kvd_dtype dtypes[3] = {q, cache, declared};
  int i;
  for (i = 0; i < 3; ++i) {
    const char* code = NULL;
    kvd_status s = kvd_guard_check(g, roles[i], dtypes[i], &code);
    if (s == KVD_REFUSED) {
      fprintf(stderr, "kernel launch refused (%s): %s\n", code, kvd_last_error());
      return 1;
    }
    if (s != KVD_OK) {
      fprintf(stderr, "guard: %s\n", kvd_last_error());
      return 1;
    }
  }
  return 0;
}

int main(int argc, char** argv) {
  kvd_request* req = NULL;
  kvd_report* rep = NULL;
  kvd_guard* g = NULL;
  kvd_plan_info plan;
  kvd_verdict verdict = KVD_VERDICT_OK;
  kvd_dtype q, cache;
  int bf16_query = 0, i, step, rc = 0;
  const char* const* kv;

  if (kvd_abi_version() < KVDTYPE_ABI_VERSION) {
    fprintf(stderr, "libkvdtype is older (ABI %u) than this program (ABI %d)\n", (unsigned)kvd_abi_version(),
            KVDTYPE_ABI_VERSION);
    return 2;
  }
  if (kvd_request_new(&req) != KVD_OK) return 2;
  for (kv = k_config; kv[0] != NULL; kv += 2) kvd_request_set(req, kv[0], kv[1]);
  for (i = 1; i < argc; ++i) {
    char field[64];
    const char* eq = strchr(argv[i], '=');
    size_t n;
    if (strcmp(argv[i], "--bf16-query") == 0) {
      bf16_query = 1;
      continue;
    }
    n = eq ? (size_t)(eq - argv[i]) : 0;
    if (eq == NULL || n >= sizeof field) {
      fprintf(stderr, "usage: %s [field=value ...] [--bf16-query]\n", argv[0]);
      kvd_request_free(req);
      return 2;
    }
    memcpy(field, argv[i], n);
    field[n] = '\0';
    if (kvd_request_set(req, field, eq + 1) != KVD_OK) {
      fprintf(stderr, "config: %s\n", kvd_last_error());
      kvd_request_free(req);
      return 2;
    }
  }

  /* 1. pre-flight */
  if (kvd_check(req, &rep) != KVD_OK) {
    fprintf(stderr, "config: %s\n", kvd_last_error());
    kvd_request_free(req);
    return 2;
  }
  kvd_request_free(req);
  kvd_report_verdict(rep, &verdict);
  printf("kvdtype %s pre-flight: %s\n", kvd_version_string(),
         verdict == KVD_VERDICT_ERROR ? "error" : verdict == KVD_VERDICT_WARN ? "warn" : "ok");
  print_diagnostics(rep);
  if (verdict == KVD_VERDICT_ERROR) {
    fprintf(stderr, "refusing to start: the KV-cache configuration is rejected (see above)\n");
    kvd_report_free(rep);
    return 1;
  }
  memset(&plan, 0, sizeof plan);
  plan.struct_size = sizeof plan;
  kvd_report_plan(rep, &plan);
  if (!plan.q.has_dtype || !plan.k_storage.has_dtype) {
    fprintf(stderr, "refusing to start: the plan leaves a dtype unresolved\n");
    kvd_report_free(rep);
    return 1;
  }
  printf("plan: backend %s on %s, K %s stored as %s, Q %s, %lld bytes/token\n", plan.backend, plan.target,
         plan.k.name, plan.k_storage.name, plan.q.name, (long long)plan.bytes_per_token);

  /* 2. the guard, built once */
  if (kvd_guard_new(rep, &g) != KVD_OK) {
    fprintf(stderr, "guard: %s\n", kvd_last_error());
    kvd_report_free(rep);
    return 2;
  }
  kvd_report_free(rep); /* the guard does not need it */

  /* 3. before each (simulated) kernel launch, with the dtypes as DLPack would report them */
  q = plan.q.dtype;
  if (bf16_query) { /* the founding bug: the metadata call is handed Q before quantization */
    q.code = KVD_DL_BFLOAT;
    q.bits = 16;
    q.lanes = 1;
  }
  cache = plan.k_storage.dtype;
  for (step = 0; step < 3 && rc == 0; ++step) rc = guard_launch(g, q, cache, plan.kv_data_type.dtype);
  kvd_guard_free(g);
  if (rc != 0) return 3;
  printf("3 decode steps launched; every dtype matched the plan\n");
  return 0;
}
