/* A launcher written in C checking the serving command it is about to exec, through
 * kvd_check_command: the same reading of flags, environment and model as `kvdtype check -- …`.
 * It prints the report and exits 1 (instead of starting the server) when the command is
 * rejected; a real launcher would execvp(argv[3], argv + 3) after the check.
 *
 *   c_check_launch A100 -- vllm serve M --dtype bfloat16 --kv-cache-dtype turboquant_k8v4
 *                          starts with a warning: KVD042, the TurboQuant case on A100 (exit 0)
 *   c_check_launch H100 -- vllm serve M --kv-cache-dtype fp9
 *                          refused: KVD001, a kv-cache dtype vLLM does not have (exit 1)
 *   c_check_launch H100 -- "vllm serve a/b --kv-cache-dtype fp9
 *                           vllm serve c/d"
 *                          two serving commands: one report of both (ABI 3), refused by the
 *                          first one's KVD001 (exit 1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvdtype/kvdtype.h"

int main(int argc, char** argv) {
  kvd_request* req = NULL;
  kvd_report* rep = NULL;
  kvd_verdict verdict = KVD_VERDICT_ERROR;
  kvd_status s;
  size_t need = 0;
  char* text = NULL;

  if (argc < 4 || strcmp(argv[2], "--") != 0) {
    fprintf(stderr, "usage: %s GPU -- COMMAND…\n", argv[0]);
    return 2;
  }
  if (kvd_request_new(&req) != KVD_OK || kvd_request_set(req, "gpu", argv[1]) != KVD_OK) {
    fprintf(stderr, "gpu: %s\n", kvd_last_error());
    kvd_request_free(req);
    return 2;
  }
  s = kvd_check_command(req, (const char* const*)(argv + 3), (size_t)(argc - 3), &rep);
  kvd_request_free(req);
  if (s != KVD_OK) {
    fprintf(stderr, "%s: %s\n", kvd_status_name(s), kvd_last_error());
    return 2;
  }
  /* The report as `kvdtype check` prints it: ask for the size, then copy. */
  if (kvd_report_render(rep, KVD_RENDER_TEXT, NULL, 0, &need) == KVD_OK && (text = (char*)malloc(need)) != NULL &&
      kvd_report_render(rep, KVD_RENDER_TEXT, text, need, NULL) == KVD_OK)
    fputs(text, stdout);
  free(text);
  kvd_report_verdict(rep, &verdict);
  kvd_report_free(rep);
  if (verdict == KVD_VERDICT_ERROR) {
    fprintf(stderr, "not starting the server: the KV-cache configuration is rejected (see above)\n");
    return 1;
  }
  return 0;
}
