/* The checks the C ABI tests share (C99): each failed check prints where and kvd_last_error(),
 * and main() returns g_failures == 0. Included once per test program. */
#ifndef KVDTYPE_TESTS_C_CHECKS_H
#define KVDTYPE_TESTS_C_CHECKS_H

#include <stdio.h>
#include <string.h>

#include "kvdtype/kvdtype.h"

static int g_failures = 0;
static int g_checks = 0;

#define CHECK(cond)                                                               \
  do {                                                                            \
    ++g_checks;                                                                   \
    if (!(cond)) {                                                                \
      ++g_failures;                                                               \
      fprintf(stderr, "%s:%d: CHECK failed: %s (last error: %s)\n", __FILE__,     \
              __LINE__, #cond, kvd_last_error());                                 \
    }                                                                             \
  } while (0)

#define CHECK_STATUS(call, expected)                                              \
  do {                                                                            \
    kvd_status check_status_ = (call);                                            \
    ++g_checks;                                                                   \
    if (check_status_ != (expected)) {                                            \
      ++g_failures;                                                               \
      fprintf(stderr, "%s:%d: %s returned %s, expected %s (last error: %s)\n",    \
              __FILE__, __LINE__, #call, kvd_status_name(check_status_),          \
              kvd_status_name(expected), kvd_last_error());                       \
    }                                                                             \
  } while (0)

#define CHECK_STR(actual, expected)                                               \
  do {                                                                            \
    const char* check_a_ = (actual);                                              \
    ++g_checks;                                                                   \
    if (check_a_ == NULL || strcmp(check_a_, (expected)) != 0) {                  \
      ++g_failures;                                                               \
      fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__,         \
              __LINE__, #actual, check_a_ ? check_a_ : "(null)", (expected));     \
    }                                                                             \
  } while (0)

#endif /* KVDTYPE_TESTS_C_CHECKS_H */
