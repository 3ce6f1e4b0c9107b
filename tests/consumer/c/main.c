/* Links the installed kvdtype through pkg-config (--static: the library is static and C++, so
 * Libs.private brings the C++ runtime). Plain C99. */
#include <stdio.h>
#include <string.h>

#include "kvdtype/kvdtype.h"

int main(void) {
  kvd_request* req = NULL;
  kvd_report* rep = NULL;
  kvd_report* bad = NULL;
  kvd_guard* g = NULL;
  kvd_dtype u8;
  const char* code = NULL;
  int failures = 0;

  u8.code = KVD_DL_UINT;
  u8.bits = 8;
  u8.lanes = 1;
  if (kvd_abi_version() != KVDTYPE_ABI_VERSION) ++failures;
  if (kvd_request_new(&req) != KVD_OK) return 1;
  kvd_request_set(req, "gpu", "H100");
  kvd_request_set(req, "model-dtype", "bfloat16");
  kvd_request_set(req, "attention", "sparse-mla");
  kvd_request_set(req, "kv-cache-dtype", "fp8");
  kvd_request_set(req, "backend", "FLASHINFER_MLA_SPARSE_SM90");
  if (kvd_check(req, &rep) != KVD_OK || kvd_guard_new(rep, &g) != KVD_OK) {
    fprintf(stderr, "consumer (C): %s\n", kvd_last_error());
    return 1;
  }
  if (kvd_guard_check(g, KVD_ROLE_KV_DATA_TYPE, u8, &code) != KVD_REFUSED || code == NULL ||
      strcmp(code, "KVD020") != 0)
    ++failures;
  if (kvd_guard_check(g, KVD_ROLE_K_CACHE, u8, &code) != KVD_OK) ++failures;
  /* An unknown GPU is an error with a message, never a crash. */
  kvd_request_set(req, "gpu", "sm_999");
  if (kvd_check(req, &bad) != KVD_ERR_UNKNOWN_NAME || bad != NULL || strstr(kvd_last_error(), "sm_999") == NULL)
    ++failures;
  kvd_guard_free(g);
  kvd_report_free(rep);
  kvd_request_free(req);
  printf("consumer (C, pkg-config): kvdtype %s, %s\n", kvd_version_string(), failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}
