/* kvd_agree: the C ABI as one face of the agreement suite (agree.py).
 *
 *   kvd_agree [--FIELD VALUE]... [--model P] [--manifest P]... [--command-file P]... [--env N=V]... [-- WORDS...]
 *
 * The same arguments as `kvdtype check` (without --format): request fields go to
 * kvd_request_set, files and --env to kvd_request_add_input, the words after `--` to
 * kvd_check_command (kvd_check without them). Prints one JSON object:
 *   {"verdict": "ok|warn|incomplete|error", "findings": [["KVD001", "error"], ...]}
 * or, for input the library refused, {"failure": "message", "status": N}. Exit 0 either way:
 * what is compared is the output, and a crash is the only other outcome. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvdtype/kvdtype.h"

static void print_json_string(const char* s) {
  putchar('"');
  for (; *s; ++s) {
    const unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') printf("\\%c", c);
    else if (c < 0x20) printf("\\u%04x", c);
    else putchar(c);
  }
  putchar('"');
}

static int failure(kvd_status status) {
  printf("{\"failure\": ");
  print_json_string(kvd_last_error());
  printf(", \"status\": %d}\n", (int)status);
  return 0;
}

static const char* verdict_name(kvd_verdict v) {
  switch (v) {
    case KVD_VERDICT_OK: return "ok";
    case KVD_VERDICT_WARN: return "warn";
    case KVD_VERDICT_INCOMPLETE: return "incomplete";
    case KVD_VERDICT_ERROR: return "error";
    default: return "?";
  }
}

int main(int argc, char** argv) {
  kvd_request* req = NULL;
  kvd_report* rep = NULL;
  kvd_status st;
  int i, words = -1;
  size_t n = 0, k;
  kvd_verdict verdict;
  if (kvd_request_new(&req) != KVD_OK) return failure(KVD_ERR_OUT_OF_MEMORY);
  for (i = 1; i < argc; ++i) {
    const char* a = argv[i];
    if (strcmp(a, "--") == 0) {
      words = i + 1;
      break;
    }
    if (strncmp(a, "--", 2) != 0 || i + 1 >= argc) {
      fprintf(stderr, "kvd_agree: expected --FIELD VALUE, got '%s'\n", a);
      return 2;
    }
    if (strcmp(a, "--manifest") == 0) st = kvd_request_add_input(req, KVD_INPUT_MANIFEST, argv[++i]);
    else if (strcmp(a, "--command-file") == 0) st = kvd_request_add_input(req, KVD_INPUT_COMMAND_FILE, argv[++i]);
    else if (strcmp(a, "--env") == 0) st = kvd_request_add_input(req, KVD_INPUT_ENV, argv[++i]);
    else if (strcmp(a, "--set-file") == 0) st = kvd_request_add_input(req, KVD_INPUT_SET_FILE, argv[++i]);
    else st = kvd_request_set(req, a + 2, argv[++i]);
    if (st != KVD_OK) return failure(st);
  }
  if (words >= 0 && words < argc)
    st = kvd_check_command(req, (const char* const*)(argv + words), (size_t)(argc - words), &rep);
  else
    st = kvd_check(req, &rep);
  if (st != KVD_OK) return failure(st);
  if (kvd_report_verdict(rep, &verdict) != KVD_OK || kvd_report_diagnostic_count(rep, &n) != KVD_OK) return failure(KVD_ERR_INTERNAL);
  printf("{\"verdict\": \"%s\", \"findings\": [", verdict_name(verdict));
  for (k = 0; k < n; ++k) {
    char code[32], severity[16];
    if (kvd_report_diagnostic_string(rep, k, KVD_DIAG_CODE, code, sizeof code, NULL) != KVD_OK ||
        kvd_report_diagnostic_string(rep, k, KVD_DIAG_SEVERITY, severity, sizeof severity, NULL) != KVD_OK)
      return failure(KVD_ERR_INTERNAL);
    printf("%s[", k ? ", " : "");
    print_json_string(code);
    printf(", ");
    print_json_string(severity);
    printf("]");
  }
  printf("]}\n");
  kvd_report_free(rep);
  kvd_request_free(req);
  return 0;
}
