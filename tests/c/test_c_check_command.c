/* kvd_check_command from C99: a launch command as words or as shell text gives the report
 * `kvdtype check -- COMMAND` prints (byte for byte: argv[1] is the CLI, run through popen), the
 * request's fields win over the command, several serving commands are refused by name, and
 * every error path leaves *report_out NULL. */
#define _POSIX_C_SOURCE 200809L /* popen */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvdtype/kvdtype.h"
#include "checks.h"

static char g_json[1 << 16];
static char g_json2[1 << 16];

static kvd_request* request_with_gpu(const char* gpu) {
  kvd_request* req = NULL;
  if (kvd_request_new(&req) != KVD_OK) return NULL;
  if (gpu != NULL && kvd_request_set(req, "gpu", gpu) != KVD_OK) {
    kvd_request_free(req);
    return NULL;
  }
  return req;
}

/* The report's JSON into `buf`; 0 on failure. */
static int json_of(const kvd_report* rep, char* buf, size_t size) {
  return rep != NULL && kvd_report_json(rep, buf, size, NULL) == KVD_OK;
}

static void test_words_and_text_agree(void) {
  static const char* const words[] = {"vllm", "serve", "x/y", "--kv-cache-dtype", "fp8", "-tp", "8", "--dtype", "bfloat16"};
  const char* text = "vllm serve x/y \\\n  --kv-cache-dtype fp8 -tp 8 --dtype bfloat16";
  kvd_request* req = request_with_gpu("H100");
  kvd_report* a = NULL;
  kvd_report* b = NULL;
  kvd_plan_info plan;

  CHECK(req != NULL);
  if (req == NULL) return;
  CHECK_STATUS(kvd_check_command(req, words, sizeof words / sizeof words[0], &a), KVD_OK);
  CHECK_STATUS(kvd_check_command(req, &text, 1, &b), KVD_OK);
  CHECK(json_of(a, g_json, sizeof g_json) && json_of(b, g_json2, sizeof g_json2));
  CHECK(strcmp(g_json, g_json2) == 0);
  CHECK(strstr(g_json, "\"tensor_parallel_size\": 8") != NULL);

  memset(&plan, 0, sizeof plan);
  plan.struct_size = sizeof plan;
  CHECK_STATUS(kvd_report_plan(a, &plan), KVD_OK);
  CHECK(plan.target != NULL && strcmp(plan.target, "sm_90") == 0);
  CHECK(plan.cache_dtype != NULL && strcmp(plan.cache_dtype, "fp8") == 0);
  kvd_report_free(a);
  kvd_report_free(b);

  /* The request's fields win over the command's flags. */
  CHECK_STATUS(kvd_request_set(req, "kv-cache-dtype", "auto"), KVD_OK);
  CHECK_STATUS(kvd_check_command(req, words, sizeof words / sizeof words[0], &a), KVD_OK);
  memset(&plan, 0, sizeof plan);
  plan.struct_size = sizeof plan;
  CHECK_STATUS(kvd_report_plan(a, &plan), KVD_OK);
  CHECK(plan.requested_cache_dtype != NULL && strcmp(plan.requested_cache_dtype, "auto") == 0);
  kvd_report_free(a);
  kvd_request_free(req);
}

/* The CLI's stdout for `kvdtype check --format json --gpu H100 --attention mla -- vllm serve …`. */
static int cli_json(const char* cli, char* buf, size_t size) {
  char cmd[1024];
  size_t n = 0;
  FILE* p;
  snprintf(cmd, sizeof cmd,
           "'%s' check --format json --gpu H100 --attention mla -- vllm serve x/y --kv-cache-dtype fp8 "
           "--speculative-config '{\"method\": \"eagle\", \"model\": \"d/e\", \"num_speculative_tokens\": 2}'",
           cli);
  p = popen(cmd, "r");
  if (p == NULL) return 0;
  n = fread(buf, 1, size - 1, p);
  buf[n] = '\0';
  pclose(p);
  return n > 0;
}

static void test_same_json_as_the_cli(const char* cli) {
  static const char* const words[] = {
      "vllm", "serve", "x/y", "--kv-cache-dtype", "fp8", "--speculative-config",
      "{\"method\": \"eagle\", \"model\": \"d/e\", \"num_speculative_tokens\": 2}"};
  kvd_request* req = request_with_gpu("H100");
  kvd_report* rep = NULL;
  kvd_verdict verdict = -1;

  CHECK(req != NULL);
  if (req == NULL) return;
  CHECK_STATUS(kvd_request_set(req, "attention", "mla"), KVD_OK);
  CHECK_STATUS(kvd_check_command(req, words, sizeof words / sizeof words[0], &rep), KVD_OK);
  CHECK(json_of(rep, g_json, sizeof g_json));
  CHECK_STATUS(kvd_report_verdict(rep, &verdict), KVD_OK);
  CHECK(verdict >= KVD_VERDICT_OK && verdict <= KVD_VERDICT_ERROR);
  if (cli != NULL) {
    CHECK(cli_json(cli, g_json2, sizeof g_json2));
    /* The CLI prints a trailing newline after the JSON document. */
    CHECK(strncmp(g_json, g_json2, strlen(g_json)) == 0);
    if (strncmp(g_json, g_json2, strlen(g_json)) != 0) fprintf(stderr, "C ABI:\n%s\nCLI:\n%s\n", g_json, g_json2);
  }
  kvd_report_free(rep);
  kvd_request_free(req);
}

/* ABI 3: several serving commands (or a fleet of GPUs) are one report of several workloads, as
 * `kvdtype check` prints them (kvdtype.checks/v1): nothing is dropped, and what holds one plan
 * (kvd_report_plan, kvd_guard_new) says KVD_ERR_SEVERAL_WORKLOADS by name. */
static void test_several_commands_are_one_report(void) {
  const char* script = "vllm serve a/b --kv-cache-dtype fp9\nvllm serve c/d --port 8001\n";
  static const char* const one[] = {"vllm", "serve", "a/b"};
  kvd_request* req = request_with_gpu("H100");
  kvd_request* fleet = request_with_gpu("H100,MI300X");
  kvd_report* rep = NULL;
  kvd_plan_info info;
  kvd_verdict verdict = KVD_VERDICT_OK;
  kvd_guard* guard = NULL;

  CHECK(req != NULL && fleet != NULL);
  if (req == NULL || fleet == NULL) return;
  CHECK_STATUS(kvd_check_command(req, &script, 1, &rep), KVD_OK);
  CHECK(rep != NULL);
  if (rep != NULL) {
    CHECK_STATUS(kvd_report_verdict(rep, &verdict), KVD_OK);
    CHECK(verdict == KVD_VERDICT_ERROR); /* the first command's fp9 is KVD001 */
    CHECK_STATUS(kvd_report_json(rep, g_json, sizeof g_json, NULL), KVD_OK);
    CHECK(strstr(g_json, "kvdtype.checks/v1") != NULL);
    CHECK(strstr(g_json, "KVD001") != NULL);
    info.struct_size = sizeof info;
    CHECK_STATUS(kvd_report_plan(rep, &info), KVD_ERR_SEVERAL_WORKLOADS);
    CHECK_STATUS(kvd_guard_new(rep, &guard), KVD_ERR_SEVERAL_WORKLOADS);
    CHECK(strcmp(kvd_status_name(KVD_ERR_SEVERAL_WORKLOADS), "KVD_ERR_SEVERAL_WORKLOADS") == 0);
    kvd_report_free(rep);
  }
  rep = NULL;
  CHECK_STATUS(kvd_check_command(fleet, one, 3, &rep), KVD_OK);
  if (rep != NULL) {
    CHECK_STATUS(kvd_report_json(rep, g_json, sizeof g_json, NULL), KVD_OK);
    CHECK(strstr(g_json, "\"MI300X\"") != NULL);
    kvd_report_free(rep);
  }
  kvd_request_free(req);
  kvd_request_free(fleet);
}

/* A script that starts no server is a report of no workload with its KVD080 finding (incomplete),
 * and what needs one plan says so by the same status, its message naming "no serving workload". */
static void test_no_serving_workload(void) {
  const char* script = "ray start --head\npython3 bench.py --port 8000\n";
  kvd_request* req = request_with_gpu("H100");
  kvd_report* rep = NULL;
  kvd_verdict verdict = KVD_VERDICT_OK;
  kvd_guard* guard = NULL;
  CHECK(req != NULL);
  if (req == NULL) return;
  CHECK_STATUS(kvd_check_command(req, &script, 1, &rep), KVD_OK);
  if (rep != NULL) {
    CHECK_STATUS(kvd_report_verdict(rep, &verdict), KVD_OK);
    CHECK(verdict == KVD_VERDICT_INCOMPLETE);
    CHECK_STATUS(kvd_report_json(rep, g_json, sizeof g_json, NULL), KVD_OK);
    CHECK(strstr(g_json, "KVD080") != NULL && strstr(g_json, "ray") != NULL);
    CHECK_STATUS(kvd_guard_new(rep, &guard), KVD_ERR_SEVERAL_WORKLOADS);
    CHECK(strstr(kvd_last_error(), "no serving workload") != NULL);
    kvd_report_free(rep);
  }
  kvd_request_free(req);
}

static void test_errors(void) {
  static const char* const words[] = {"vllm", "serve", "x/y"};
  const char* unterminated = "vllm serve 'x/y";
  const char* with_null[] = {"vllm", NULL};
  const char* bad_gpu_cmd = "vllm serve x/y --kv-cache-dtype fp9";
  kvd_request* req = request_with_gpu("H100");
  kvd_request* bad = request_with_gpu("sm_999");
  kvd_report* rep = NULL;

  CHECK(req != NULL && bad != NULL);
  if (req == NULL || bad == NULL) return;
  CHECK_STATUS(kvd_check_command(req, words, 3, NULL), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_check_command(NULL, words, 3, &rep), KVD_ERR_NULL_ARGUMENT);
  CHECK(rep == NULL);
  CHECK_STATUS(kvd_check_command(req, NULL, 3, &rep), KVD_ERR_NULL_ARGUMENT);
  CHECK_STATUS(kvd_check_command(req, with_null, 2, &rep), KVD_ERR_NULL_ARGUMENT);
  CHECK(strstr(kvd_last_error(), "argv[1]") != NULL);
  CHECK_STATUS(kvd_check_command(req, words, 0, &rep), KVD_ERR_BAD_COMMAND);
  CHECK_STATUS(kvd_check_command(req, &unterminated, 1, &rep), KVD_ERR_BAD_COMMAND);
  CHECK(rep == NULL);
  CHECK_STATUS(kvd_check_command(bad, words, 3, &rep), KVD_ERR_UNKNOWN_NAME);
  CHECK(strstr(kvd_last_error(), "sm_999") != NULL);
  /* A bad value inside the launch command is the command's problem: a report with an error. */
  rep = NULL;
  CHECK_STATUS(kvd_check_command(req, &bad_gpu_cmd, 1, &rep), KVD_OK);
  if (rep != NULL) {
    kvd_verdict v = -1;
    int fired = 0;
    CHECK_STATUS(kvd_report_verdict(rep, &v), KVD_OK);
    CHECK(v == KVD_VERDICT_ERROR);
    size_t count = 0;
    char code[16];
    CHECK_STATUS(kvd_report_fired(rep, "KVD001", &fired), KVD_OK);
    CHECK(fired == 1);
    /* In the JSON's order: the command's bad value (an error) comes first. */
    CHECK_STATUS(kvd_report_diagnostic_count(rep, &count), KVD_OK);
    CHECK(count >= 1);
    CHECK_STATUS(kvd_report_diagnostic_string(rep, 0, KVD_DIAG_CODE, code, sizeof code, NULL), KVD_OK);
    CHECK(strcmp(code, "KVD001") == 0);
    CHECK_STATUS(kvd_report_diagnostic_string(rep, 0, KVD_DIAG_MESSAGE, g_json, sizeof g_json, NULL), KVD_OK);
    CHECK(strstr(g_json, "fp9") != NULL);
    CHECK_STATUS(kvd_report_diagnostic_string(rep, count, KVD_DIAG_CODE, code, sizeof code, NULL), KVD_ERR_OUT_OF_RANGE);
    kvd_report_free(rep);
  }
  kvd_request_free(req);
  kvd_request_free(bad);
}

int main(int argc, char** argv) {
  const char* cli = argc > 1 ? argv[1] : NULL;
  test_words_and_text_agree();
  test_same_json_as_the_cli(cli);
  test_several_commands_are_one_report();
  test_no_serving_workload();
  test_errors();
  printf("test_c_check_command: %d checks, %d failed\n", g_checks, g_failures);
  return g_failures == 0 ? 0 : 1;
}
