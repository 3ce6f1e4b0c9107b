/* kvdtype/kvdtype.h — the C ABI of kvdtype.
 *
 * Plain C99 (also valid C++), no dependencies beyond <stddef.h> and <stdint.h>. It lets a server
 * written in any language resolve its KV-cache dtype flags into a plan before it loads weights,
 * and check the dtypes it is about to hand an attention kernel against that plan.
 *
 *   kvd_request* req; kvd_report* rep; kvd_guard* g; const char* code;
 *   kvd_request_new(&req);
 *   kvd_request_set(req, "gpu", "H100");
 *   kvd_request_set(req, "kv-cache-dtype", "fp8");
 *   if (kvd_check(req, &rep) != KVD_OK) { fprintf(stderr, "%s\n", kvd_last_error()); ... }
 *   kvd_guard_new(rep, &g);
 *   if (kvd_guard_check(g, KVD_ROLE_KV_DATA_TYPE, my_dtype, &code) == KVD_REFUSED) ...
 *   kvd_guard_free(g); kvd_report_free(rep); kvd_request_free(req);
 *
 * Rules every function follows (docs/embedding.md has the full reference):
 *
 *  - Versioning. KVDTYPE_ABI_VERSION is the ABI this header describes; kvd_abi_version() is the
 *    ABI of the library actually linked. A library accepts callers of any ABI version up to its
 *    own. The ABI only grows: functions and enum values are added, never changed or removed;
 *    structs that cross it start with a `struct_size` field and only gain fields at their end.
 *  - Errors. Every call that can fail returns a kvd_status (KVD_OK == 0). After a call returned
 *    an error, kvd_last_error() holds one line naming the bad value (thread-local: each thread
 *    sees its own last error; successful calls leave it untouched). No C++ exception ever
 *    crosses this boundary; an internal failure is KVD_ERR_INTERNAL, never a crash.
 *  - Ownership. Handles (kvd_request, kvd_report, kvd_guard) are opaque, created by *_new /
 *    kvd_check / kvd_resolve and released by their *_free function (NULL is accepted and
 *    ignored). Strings the library returns as `const char*` are static unless said otherwise;
 *    text that is computed (messages, JSON) is copied into caller-owned buffers.
 *  - Buffers. A (char* buf, size_t buf_size, size_t* required) triple works like snprintf:
 *    *required (when `required` is not NULL) receives the size needed including the
 *    terminating NUL; if buf_size is too small the call writes a NUL-terminated prefix (when
 *    buf_size > 0) and returns KVD_ERR_BUFFER_TOO_SMALL. buf may be NULL only with buf_size 0
 *    and `required` set: that asks for the size and returns KVD_OK.
 *  - Threads. Every function may be called from any thread. A kvd_report and a kvd_guard are
 *    immutable after creation and may be shared by threads; a kvd_request must not be modified
 *    by two threads at once.
 */
#ifndef KVDTYPE_KVDTYPE_H
#define KVDTYPE_KVDTYPE_H

#include <stddef.h>
#include <stdint.h>

/* The ABI version this header describes. Bumped when a function, enum value or struct field is
 * added; never for a change that would break an existing caller (there are none). */
#define KVDTYPE_ABI_VERSION 3

#ifndef KVD_API
#if defined(_WIN32) && defined(KVDTYPE_SHARED)
#define KVD_API __declspec(dllimport)
#elif defined(__GNUC__)
#define KVD_API __attribute__((visibility("default")))
#else
#define KVD_API
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Status codes. 1..5 have the values of kvdtype::ErrorCode (the CLI's "bad input" kinds).
 * ------------------------------------------------------------------------------------------- */
typedef int32_t kvd_status;

enum {
  KVD_OK = 0,
  KVD_ERR_UNKNOWN_NAME = 1,      /* a name in no table: dtype, GPU, backend, engine, field, rule code */
  KVD_ERR_BAD_VALUE = 2,         /* a value of the right kind that is out of range or malformed */
  KVD_ERR_BAD_FILE = 3,          /* a model config that cannot be read or parsed */
  KVD_ERR_BAD_COMMAND = 4,       /* a launch command that cannot be split or misses a flag's value */
  KVD_ERR_UNSUPPORTED = 5,       /* a valid input kvdtype cannot answer (a dtype with no DLPack code, --gpu auto) */
  KVD_ERR_NULL_ARGUMENT = 16,    /* a required pointer was NULL */
  KVD_ERR_BUFFER_TOO_SMALL = 17, /* *required says how much is needed */
  KVD_ERR_OUT_OF_RANGE = 18,     /* an index or enum value out of range */
  KVD_ERR_STRUCT_SIZE = 19,      /* a struct_size too small to hold even the first field */
  KVD_ERR_OUT_OF_MEMORY = 20,
  KVD_ERR_INTERNAL = 21,         /* a bug in kvdtype; the message says where */
  KVD_ERR_SEVERAL_WORKLOADS = 22, /* ABI 2: kvd_check_command was given several serving commands or
                                     several GPUs ("H100,MI300X"), or an input holding none (a
                                     report of no workload, KVD080); the message counts them */
  /* Not an error: kvd_guard_check* refused the dtype for that role. */
  KVD_REFUSED = 64
};

/* "KVD_OK", "KVD_ERR_UNKNOWN_NAME", …; "KVD_STATUS_UNKNOWN" for other values. Static. */
KVD_API const char* kvd_status_name(kvd_status status);

/* The message of the last failed call on this thread ("" when none). Valid until the next
 * failing kvd_ call on the same thread; copy it to keep it. Never NULL. */
KVD_API const char* kvd_last_error(void);

/* ---------------------------------------------------------------------------------------------
 * Versions.
 * ------------------------------------------------------------------------------------------- */

/* The ABI version of the linked library (compare with KVDTYPE_ABI_VERSION). */
KVD_API uint32_t kvd_abi_version(void);

/* The library's release (e.g. "0.2.0"; KVDTYPE_VERSION_STRING of kvdtype/version.hpp). Static. */
KVD_API const char* kvd_version_string(void);

/* ---------------------------------------------------------------------------------------------
 * Element types, DLPack-compatible.
 *
 * kvd_dtype has exactly the layout of DLPack's DLDataType (uint8_t code; uint8_t bits;
 * uint16_t lanes; 4 bytes, alignment 2): a DLDataType may be copied into a kvd_dtype with
 * memcpy or converted field by field. The codes are DLPack 1.1's DLDataTypeCode values.
 * Sub-byte formats follow DLPack: float4_e2m1fn is {KVD_DL_FLOAT4_E2M1FN, 4, 1}, and PyTorch's
 * packed pair float4_e2m1fn_x2 is {KVD_DL_FLOAT4_E2M1FN, 4, 2}.
 * ------------------------------------------------------------------------------------------- */
typedef struct kvd_dtype {
  uint8_t code;   /* a KVD_DL_* value (DLDataTypeCode) */
  uint8_t bits;   /* bits per lane */
  uint16_t lanes; /* 1 for scalars */
} kvd_dtype;

enum {
  KVD_DL_INT = 0,
  KVD_DL_UINT = 1,
  KVD_DL_FLOAT = 2,
  KVD_DL_OPAQUE_HANDLE = 3,
  KVD_DL_BFLOAT = 4,
  KVD_DL_COMPLEX = 5,
  KVD_DL_BOOL = 6,
  KVD_DL_FLOAT8_E3M4 = 7,
  KVD_DL_FLOAT8_E4M3 = 8,
  KVD_DL_FLOAT8_E4M3B11FNUZ = 9,
  KVD_DL_FLOAT8_E4M3FN = 10,
  KVD_DL_FLOAT8_E4M3FNUZ = 11,
  KVD_DL_FLOAT8_E5M2 = 12,
  KVD_DL_FLOAT8_E5M2FNUZ = 13,
  KVD_DL_FLOAT8_E8M0FNU = 14,
  KVD_DL_FLOAT6_E2M3FN = 15,
  KVD_DL_FLOAT6_E3M2FN = 16,
  KVD_DL_FLOAT4_E2M1FN = 17
};

/* Any name of a format (canonical, "torch.float8_e4m3fn", "bf16", Triton, ONNX, safetensors,
 * numpy …, case-insensitive) → its canonical name (static). KVD_ERR_UNKNOWN_NAME otherwise. */
KVD_API kvd_status kvd_format_canonical(const char* any_name, const char** canonical_out);

/* Any name of a format → its DLPack dtype. KVD_ERR_UNSUPPORTED for formats DLPack cannot
 * express (block formats such as nvfp4, Triton's fp8e4b15). */
KVD_API kvd_status kvd_format_dtype(const char* any_name, kvd_dtype* dtype_out);

/* A DLPack dtype → the canonical name of its format (static). KVD_ERR_UNKNOWN_NAME when no
 * format kvdtype knows has that dtype (float64, complex64, bool …). */
KVD_API kvd_status kvd_format_name(kvd_dtype dtype, const char** name_out);

/* ---------------------------------------------------------------------------------------------
 * Requests: what the caller knows, as the strings the CLI takes.
 * ------------------------------------------------------------------------------------------- */
typedef struct kvd_request kvd_request;

/* Request flags (bits), the switches an engine reads from its environment. Same values as
 * kvdtype::RequestFlag. */
enum {
  KVD_FLAG_ROCM_AITER = 1u << 0,     /* VLLM_ROCM_USE_AITER=1 */
  KVD_FLAG_ROCM_AITER_MHA = 1u << 1, /* AITER MHA enabled */
  KVD_FLAG_ROCM_AITER_MLA = 1u << 2, /* AITER MLA enabled */
  KVD_FLAG_KV_CONNECTOR = 1u << 3,   /* a KV connector / disaggregated prefill is configured */
  KVD_FLAG_DP_ATTENTION = 1u << 4,   /* data-parallel attention */
  KVD_FLAG_SPECULATIVE = 1u << 5     /* speculative decoding configured */
};

/* An empty request (every field unknown; engine vllm, kv-cache-dtype auto, backend auto). */
KVD_API kvd_status kvd_request_new(kvd_request** request_out);

/* An independent copy of a request. */
KVD_API kvd_status kvd_request_clone(const kvd_request* request, kvd_request** request_out);

KVD_API void kvd_request_free(kvd_request* request);

/* Set one field by its CLI flag name, with dashes or underscores ("kv-cache-dtype",
 * "kv_cache_dtype", "--gpu"): engine, engine-version, gpu, kv-cache-dtype, model-dtype,
 * attention, backend, q-dtype, kv-dtype, kv-storage-dtype, checkpoint-kv-cache-dtype,
 * kv-scales, tensor-parallel-size, data-parallel-size, block-size, num-heads, num-kv-heads,
 * head-size, head-size-v, num-layers, num-kv-layers, kv-lora-rank, qk-rope-head-dim,
 * qk-nope-head-dim, index-topk, gpu-memory-gib, gpu-memory-utilization, max-model-len,
 * weight-gib, and "model" (a Hugging Face model directory or config.json, read by kvd_check and
 * kvd_check_command; fields set explicitly win over it). The empty string makes a field unknown again.
 * An unknown field name is KVD_ERR_UNKNOWN_NAME; values are validated by kvd_check. */
KVD_API kvd_status kvd_request_set(kvd_request* request, const char* field, const char* value);

/* Replace the KVD_FLAG_* bits. */
KVD_API kvd_status kvd_request_set_flags(kvd_request* request, uint32_t flags);

/* ABI 3. Files the check reads as `kvdtype check --manifest F` / `--command-file F` does (repeat
 * for several): Kubernetes YAML or compose files; scripts or launch-command files. With any added,
 * kvd_check answers every workload they hold in one report (several workloads: the verdict is the
 * worst, the diagnostics are every finding of every workload, the JSON is kvdtype.checks/v1,
 * and kvd_report_plan / kvd_guard_new refuse with KVD_ERR_SEVERAL_WORKLOADS). Engine config files
 * (`--config`, `--extra_llm_api_options`) are read where a command names them; a model config
 * through the "model" field. A file that cannot be read is reported by kvd_check (KVD_ERR_BAD_FILE).
 * KVD_INPUT_ENV takes "NAME=VALUE" instead of a path (`--env`): it expands $NAME in the launch
 * command or script and is its environment. KVD_INPUT_SET_FILE takes "KEY=FILE" (`--set-file`, as
 * helm is given it): the Helm chart values a manifest is are read with KEY set to FILE's text. */
typedef int32_t kvd_input_kind;
enum { KVD_INPUT_MANIFEST = 0, KVD_INPUT_COMMAND_FILE = 1, KVD_INPUT_ENV = 2, KVD_INPUT_SET_FILE = 3 };
KVD_API kvd_status kvd_request_add_input(kvd_request* request, kvd_input_kind kind, const char* path);

/* ---------------------------------------------------------------------------------------------
 * Check and resolve.
 * ------------------------------------------------------------------------------------------- */
typedef struct kvd_report kvd_report;

/* Validate the request, resolve its plan and run every rule — through the same pipeline as
 * `kvdtype check` with these fields as flags (release notes, capacity at start-up and every other
 * finding included; ABI 3). A request the rules reject is still KVD_OK — read the verdict; a
 * request that cannot be parsed (unknown GPU, "fp9") is KVD_ERR_UNKNOWN_NAME / KVD_ERR_BAD_VALUE /
 * KVD_ERR_BAD_FILE and *report_out is set to NULL. */
KVD_API kvd_status kvd_check(const kvd_request* request, kvd_report** report_out);

/* The same; the report's JSON says "kvdtype.resolve/v1" as `kvdtype resolve` does. */
KVD_API kvd_status kvd_resolve(const kvd_request* request, kvd_report** report_out);

/* ABI 2. Check a launch command as `kvdtype check [fields] -- COMMAND…` does: the command's
 * flags, environment (leading NAME=VALUE words), engine config file and model are read, the
 * request's fields win over them, and a speculative drafter or SGLang prefill backend the
 * command runs is checked too (its findings are in the JSON; the verdict is the worst of all).
 *
 * `argv` holds `argc` NUL-terminated words ("vllm", "serve", "M", "--kv-cache-dtype", "fp8").
 * One word holding blanks is shell text instead: a command or script, quoted and continued as
 * a shell would ("vllm serve M \
  --kv-cache-dtype fp8"). `request` may be empty (a fresh
 * kvd_request_new) and its "model" field names a model directory or config.json to read.
 *
 * Returns KVD_OK with *report_out set (free it with kvd_report_free) when the command was
 * checked, accepted or rejected — read the verdict as after kvd_check. Errors, with
 * *report_out set to NULL and kvd_last_error() saying why:
 *  - KVD_ERR_NULL_ARGUMENT: request, report_out, argv (with argc > 0) or a word is NULL;
 *  - KVD_ERR_BAD_COMMAND: argc is 0, or the command cannot be split or misses a flag's value;
 *  - KVD_ERR_UNKNOWN_NAME / KVD_ERR_BAD_VALUE / KVD_ERR_BAD_FILE / KVD_ERR_UNSUPPORTED: as
 *    kvd_check, for the request's fields, the model config or an engine config file;
 * Several serving commands in the text, or a gpu field naming several targets, give one report
 * of several workloads (ABI 3; before, KVD_ERR_SEVERAL_WORKLOADS): its verdict is the worst, its
 * diagnostics every workload's, its JSON kvdtype.checks/v1, and kvd_report_plan / kvd_guard_new
 * answer KVD_ERR_SEVERAL_WORKLOADS. */
KVD_API kvd_status kvd_check_command(const kvd_request* request, const char* const* argv, size_t argc,
                                     kvd_report** report_out);

KVD_API void kvd_report_free(kvd_report* report);

typedef int32_t kvd_verdict;
enum { KVD_VERDICT_OK = 0, KVD_VERDICT_WARN = 1, KVD_VERDICT_ERROR = 2, KVD_VERDICT_INCOMPLETE = 3 /* ABI 3 */ };

/* ok (no diagnostics above info), warn (warnings), incomplete (no error, but a fact some checks
 * need was unknown and those checks did not run: the KVD080 diagnostics say which and how to
 * supply it; not a rejection by default), error (the plan must not run). In increasing order of
 * concern: ok, warn, incomplete, error (the numeric values are not that order). */
KVD_API kvd_status kvd_report_verdict(const kvd_report* report, kvd_verdict* verdict_out);

/* One format of the plan. `known` == 0 is the JSON's null (the plan could not resolve it). */
typedef struct kvd_format_info {
  int32_t known;       /* 1: `name` (and `dtype` when has_dtype) hold the format */
  int32_t has_dtype;   /* 1: DLPack can express it and `dtype` holds it */
  kvd_dtype dtype;     /* {0,0,0} unless has_dtype */
  const char* name;    /* canonical name (static), NULL when unknown */
} kvd_format_info;

/* The resolved plan. Set struct_size = sizeof(kvd_plan_info) before the call; the library
 * fills the fields that fit in struct_size (a caller built against an older, shorter struct
 * gets its prefix) and writes back how many bytes it filled. `const char*` fields are NULL when
 * unknown and otherwise stay valid until kvd_report_free. */
typedef struct kvd_plan_info {
  uint32_t struct_size;
  kvd_verdict verdict;
  const char* target;                 /* canonical target, "sm_90" */
  const char* target_vendor;          /* "nvidia", "amd", "apple", "intel", "huawei", "qualcomm", "arm", "cpu", "google" */
  const char* backend;                /* "FLASHMLA" */
  const char* cache_dtype;            /* the kv-cache string after `auto` and canonicalization */
  const char* requested_cache_dtype;  /* the kv-cache string as given */
  kvd_format_info k;                  /* K cache element format */
  kvd_format_info k_storage;          /* dtype of the tensor holding K (uint8 when bytes are the contract) */
  kvd_format_info v;
  kvd_format_info v_storage;
  kvd_format_info q;                  /* the Q the kernel expects */
  kvd_format_info kv_data_type;       /* the KV dtype to declare to the kernel */
  const char* scales;                 /* "none", "per_tensor", "tile128_fp32", … */
  int64_t bytes_per_token_per_layer;  /* -1: unknown */
  int64_t bytes_per_token;            /* all KV layers; -1: unknown (layer count not given) */
} kvd_plan_info;

KVD_API kvd_status kvd_report_plan(const kvd_report* report, kvd_plan_info* plan_out);

/* Output forms of kvd_report_render and kvd_explain. */
typedef int32_t kvd_render_format;
enum { KVD_RENDER_TEXT = 0, KVD_RENDER_JSON = 1, KVD_RENDER_MARKDOWN = 2 };

/* The report exactly as `kvdtype check --format json` (or resolve) prints it. */
KVD_API kvd_status kvd_report_json(const kvd_report* report, char* buf, size_t buf_size, size_t* required);

/* The report as text, JSON or Markdown (text has no colours). */
KVD_API kvd_status kvd_report_render(const kvd_report* report, kvd_render_format format, char* buf,
                                     size_t buf_size, size_t* required);

/* ---------------------------------------------------------------------------------------------
 * Diagnostics: every finding of the report, the one list every face reads (ABI 3): the
 * request's rules (errors first, then by code) with the findings about a launch command's values
 * (KVD001 for a bad value inside it, …), capacity and the model config in the JSON's order, then
 * the speculative drafter's and the prefill backend's (KVD_DIAG_PART says which), and for several
 * workloads each workload's in input order, then the deployment's. A workload whose input could
 * not be read is one error diagnostic with an empty code. The verdict is the worst of them.
 * ------------------------------------------------------------------------------------------- */
typedef int32_t kvd_severity;
enum { KVD_SEVERITY_INFO = 0, KVD_SEVERITY_WARNING = 1, KVD_SEVERITY_ERROR = 2 };

typedef int32_t kvd_diagnostic_field;
enum {
  KVD_DIAG_CODE = 0,     /* "KVD020" */
  KVD_DIAG_SEVERITY = 1, /* "error", "warning", "info" */
  KVD_DIAG_TITLE = 2,    /* the rule's short title */
  KVD_DIAG_MESSAGE = 3,  /* one line naming the offending values */
  KVD_DIAG_FIX = 4,      /* one line: what to change */
  KVD_DIAG_BACKEND = 5,  /* the backend the finding is about ("" when none) */
  KVD_DIAG_SOURCE = 6,   /* the issue / PR / repository path behind the rule */
  KVD_DIAG_PART = 7      /* ABI 3: "" (the request), "speculative drafter", "prefill backend", "deployment" */
};

KVD_API kvd_status kvd_report_diagnostic_count(const kvd_report* report, size_t* count_out);

KVD_API kvd_status kvd_report_diagnostic_severity(const kvd_report* report, size_t index,
                                                  kvd_severity* severity_out);

/* One text field of diagnostic `index` (0 ≤ index < count), copied snprintf-style. */
KVD_API kvd_status kvd_report_diagnostic_string(const kvd_report* report, size_t index, kvd_diagnostic_field field,
                                                char* buf, size_t buf_size, size_t* required);

/* *fired_out = 1 when a diagnostic with this code ("KVD020") fired, else 0. */
KVD_API kvd_status kvd_report_fired(const kvd_report* report, const char* code, int* fired_out);

/* The page of a rule ("KVD020", "kvd20", "20"), as `kvdtype explain CODE` prints it. */
KVD_API kvd_status kvd_explain(const char* code, kvd_render_format format, char* buf, size_t buf_size,
                               size_t* required);

/* ---------------------------------------------------------------------------------------------
 * The runtime guard: right before a kernel launch, is this dtype what the plan says?
 * ------------------------------------------------------------------------------------------- */
typedef struct kvd_guard kvd_guard;

/* What a checked dtype is used as. Same values as kvdtype::Role. */
typedef int32_t kvd_role;
enum {
  KVD_ROLE_Q = 0,           /* the query handed to the kernel (or its plan/metadata call) */
  KVD_ROLE_K_CACHE = 1,     /* the K cache tensor (its storage dtype or an element view) */
  KVD_ROLE_V_CACHE = 2,     /* the V cache tensor */
  KVD_ROLE_KV_DATA_TYPE = 3 /* the KV element dtype declared to the kernel */
};

/* "q", "k_cache", "v_cache", "kv_data_type" (also "k", "v", "kv_dtype", "query"). */
KVD_API kvd_status kvd_role_from_name(const char* name, kvd_role* role_out);

/* A guard for the report's plan. It is independent of the report afterwards. */
KVD_API kvd_status kvd_guard_new(const kvd_report* report, kvd_guard** guard_out);

KVD_API void kvd_guard_free(kvd_guard* guard);

/* KVD_OK when `dtype` is acceptable for `role`; KVD_REFUSED when it is not, with
 * *rule_code_out set to the rule ("KVD020", static) and kvd_last_error() saying what the plan
 * wanted. *rule_code_out is NULL after KVD_OK; rule_code_out may be NULL. A dtype that is no
 * format kvdtype knows is KVD_ERR_UNKNOWN_NAME (neither accepted nor refused). Allocation-free
 * and lock-free when the dtype is accepted. */
KVD_API kvd_status kvd_guard_check(const kvd_guard* guard, kvd_role role, kvd_dtype dtype, const char** rule_code_out);

/* The same with the dtype by any format name ("torch.uint8", "float8_e4m3fn", "bf16"). */
KVD_API kvd_status kvd_guard_check_name(const kvd_guard* guard, kvd_role role, const char* dtype_name,
                                        const char** rule_code_out);

/* The expected innermost dimension of a cache tensor allocated as `storage`, for a head size
 * (576 for a DeepSeek MLA cache stored as uint8 fp8; 656 for fp8_ds_mla); *last_dim_out = 0
 * when the layout or the head size is unknown. */
KVD_API kvd_status kvd_guard_expected_last_dim(const kvd_guard* guard, kvd_role role, kvd_dtype storage,
                                               uint32_t head_size, uint32_t* last_dim_out);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* KVDTYPE_KVDTYPE_H */
