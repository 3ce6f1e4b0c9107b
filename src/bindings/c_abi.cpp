// The C ABI (include/kvdtype/kvdtype.h): a noexcept translation layer over the C++ API.
//
// Every entry point catches everything (no exception crosses into C), checks its pointers,
// and reports failures as a kvd_status plus a one-line message in a thread-local buffer. The
// buffer is a fixed char array so that recording an error never allocates (it works even when
// the failure was std::bad_alloc).
#include "kvdtype/kvdtype.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "common/text.hpp"
#include "bindings/embed.hpp"
#include "kvdtype/kvdtype.hpp"
#include "kvdtype/io/check_request.hpp"
#include "kvdtype/io/findings.hpp"
#include "kvdtype/io/render.hpp"
#include "sources/readers.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "tables/rows/constraint.hpp"

// ---- layout and value equivalences the header promises ------------------------------------

// kvd_dtype is DLPack's DLDataType { uint8_t code; uint8_t bits; uint16_t lanes; } byte for
// byte, so callers can memcpy one into the other.
static_assert(sizeof(kvd_dtype) == 4 && alignof(kvd_dtype) == 2);
static_assert(offsetof(kvd_dtype, code) == 0 && offsetof(kvd_dtype, bits) == 1 && offsetof(kvd_dtype, lanes) == 2);
static_assert(std::is_standard_layout_v<kvd_dtype> && std::is_trivially_copyable_v<kvd_dtype>);
static_assert(std::is_same_v<decltype(kvd_dtype::code), std::uint8_t> &&
              std::is_same_v<decltype(kvd_dtype::bits), std::uint8_t> &&
              std::is_same_v<decltype(kvd_dtype::lanes), std::uint16_t>);
// kvdtype::DLPackType carries the same three fields.
static_assert(sizeof(kvdtype::DLPackType) == sizeof(kvd_dtype));

static_assert(KVD_ERR_UNKNOWN_NAME == static_cast<int>(kvdtype::ErrorCode::unknown_name));
static_assert(KVD_ERR_BAD_VALUE == static_cast<int>(kvdtype::ErrorCode::bad_value));
static_assert(KVD_ERR_BAD_FILE == static_cast<int>(kvdtype::ErrorCode::bad_file));
static_assert(KVD_ERR_BAD_COMMAND == static_cast<int>(kvdtype::ErrorCode::bad_command));
static_assert(KVD_ERR_UNSUPPORTED == static_cast<int>(kvdtype::ErrorCode::unsupported));

static_assert(KVD_ROLE_Q == static_cast<int>(kvdtype::Role::q));
static_assert(KVD_ROLE_K_CACHE == static_cast<int>(kvdtype::Role::k_cache));
static_assert(KVD_ROLE_V_CACHE == static_cast<int>(kvdtype::Role::v_cache));
static_assert(KVD_ROLE_KV_DATA_TYPE == static_cast<int>(kvdtype::Role::kv_data_type));
static_assert(kvdtype::kRoleCount == 4);

static_assert(static_cast<std::uint32_t>(KVD_FLAG_ROCM_AITER) == static_cast<std::uint32_t>(kvdtype::flag_rocm_aiter));
static_assert(static_cast<std::uint32_t>(KVD_FLAG_ROCM_AITER_MHA) == static_cast<std::uint32_t>(kvdtype::flag_rocm_aiter_mha));
static_assert(static_cast<std::uint32_t>(KVD_FLAG_ROCM_AITER_MLA) == static_cast<std::uint32_t>(kvdtype::flag_rocm_aiter_mla));
static_assert(static_cast<std::uint32_t>(KVD_FLAG_KV_CONNECTOR) == static_cast<std::uint32_t>(kvdtype::flag_kv_connector));
static_assert(static_cast<std::uint32_t>(KVD_FLAG_DP_ATTENTION) == static_cast<std::uint32_t>(kvdtype::flag_dp_attention));
static_assert(static_cast<std::uint32_t>(KVD_FLAG_SPECULATIVE) == static_cast<std::uint32_t>(kvdtype::flag_speculative));

static_assert(KVD_SEVERITY_INFO == static_cast<int>(kvdtype::Severity::info));
static_assert(KVD_SEVERITY_WARNING == static_cast<int>(kvdtype::Severity::warning));
static_assert(KVD_SEVERITY_ERROR == static_cast<int>(kvdtype::Severity::error));

// The opaque handles. Plain structs holding C++ values; C sees only pointers.
struct kvd_request {
  // What io::run_check is handed, filled in as fields and inputs are set (embed::set_field,
  // kvd_request_add_input), so that a check copies nothing.
  kvdtype::io::CheckRequest check;

  kvd_request() { check.allow_empty = true; }  // an empty request is a report of unknowns, as Python's check()
};

// The pipeline's answer whole (io::run_check, as the CLI and Python run it) and its findings,
// listed once in the JSON's order: every accessor reads these, so C sees what the CLI prints.
struct kvd_report {
  // The answer is built in place (a Report is kilobytes of inline rows: no move of it per call).
  kvd_report(const kvdtype::io::CheckRequest& request, bool resolve) : answer(kvdtype::io::run_check(request)), resolve_only(resolve) {}

  kvdtype::io::CheckOutcome answer;  // `one` or `several`; a failure is never handed out
  bool resolve_only = false;         // render as "kvdtype.resolve/v1"

  // kvdtype/io/findings.hpp, written out (messages expanded) on the first diagnostic accessor,
  // once even when threads share the report: a caller reading only the verdict or the plan does
  // not pay for the text.
  const std::vector<kvdtype::io::Finding>& findings() const {
    std::call_once(findings_once_, [this] {
      findings_ = answer.several ? kvdtype::io::findings(*answer.several) : kvdtype::io::findings(*answer.one);
    });
    return findings_;
  }

 private:
  mutable std::once_flag findings_once_;
  mutable std::vector<kvdtype::io::Finding> findings_;
};

struct kvd_guard {
  kvdtype::Guard guard;
};

namespace {

using kvdtype::FormatId;

// ---- errors --------------------------------------------------------------------------------

thread_local char t_last_error[512] = "";

// The message as one line a C caller can print as is: escaped by the library's one rule (no
// control bytes, valid UTF-8) and, when longer than the buffer, shortened in the middle — an
// error reads "<long path>: <problem>", and the problem at its end is what must survive.
kvd_status fail(kvd_status status, std::string_view message) noexcept {
  constexpr std::size_t kMax = sizeof t_last_error - 1;
  try {
    const std::string line = kvdtype::detail::shorten_middle(kvdtype::detail::escape_text(message), kMax);
    std::memcpy(t_last_error, line.data(), line.size());
    t_last_error[line.size()] = '\0';
  } catch (...) {
    // Out of memory while recording an error: copy without allocating, controls as '?'.
    const std::size_t n = std::min(message.size(), kMax);
    for (std::size_t i = 0; i < n; ++i) {
      const auto c = static_cast<unsigned char>(message[i]);
      t_last_error[i] = (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
    }
    t_last_error[n] = '\0';
  }
  return status;
}

kvd_status fail(const kvdtype::Error& e) noexcept { return fail(static_cast<kvd_status>(e.code), e.message); }

kvd_status null_argument(const char* function, const char* argument) noexcept {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s: %s is NULL", function, argument);
  return fail(KVD_ERR_NULL_ARGUMENT, buf);
}

// Runs `f` with every exception turned into a status: the noexcept boundary.
template <class F>
kvd_status guarded(const char* function, F&& f) noexcept {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    return fail(KVD_ERR_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    char buf[400];
    std::snprintf(buf, sizeof buf, "%s: internal error: %s", function, e.what());
    return fail(KVD_ERR_INTERNAL, buf);
  } catch (...) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s: internal error", function);
    return fail(KVD_ERR_INTERNAL, buf);
  }
}

// Refuse a NULL pointer argument, naming the function and the argument.
#define KVD_REQUIRE_IN(function, ptr)                             \
  do {                                                            \
    if ((ptr) == nullptr) return null_argument(function, #ptr);   \
  } while (0)
#define KVD_REQUIRE(ptr) KVD_REQUIRE_IN(__func__, ptr)

// snprintf-style copy (see the header's "Buffers" rule).
kvd_status copy_out(const char* function, std::string_view text, char* buf, std::size_t buf_size,
                    std::size_t* required) noexcept {
  if (buf == nullptr && buf_size != 0) return null_argument(function, "buf (with buf_size > 0)");
  const std::size_t need = text.size() + 1;
  if (required) *required = need;
  if (buf == nullptr) {
    if (required) return KVD_OK;  // a size query
    return null_argument(function, "buf and required");
  }
  if (buf_size >= need) {
    std::memcpy(buf, text.data(), text.size());
    buf[text.size()] = '\0';
    return KVD_OK;
  }
  if (buf_size > 0) {
    std::memcpy(buf, text.data(), buf_size - 1);
    buf[buf_size - 1] = '\0';
  }
  char msg[160];
  std::snprintf(msg, sizeof msg, "%s: buffer of %zu bytes is too small, %zu needed", function, buf_size, need);
  return fail(KVD_ERR_BUFFER_TOO_SMALL, msg);
}

// ---- formats -------------------------------------------------------------------------------

// Canonical format names, NUL-terminated, for the life of the process.
const char* format_cstr(FormatId id) noexcept {
  static const std::array<std::string, kvdtype::kFormatCount> names = [] {
    std::array<std::string, kvdtype::kFormatCount> n;
    for (std::size_t i = 0; i < kvdtype::kFormatCount; ++i) n[i] = std::string(kvdtype::name(static_cast<FormatId>(i)));
    return n;
  }();
  return names[static_cast<std::size_t>(id)].c_str();
}

// DLPack (code, bits, lanes=1) → format, as a table built once: the guard's hot path is an
// index, not a scan of the format rows.
constexpr std::size_t kDlCodes = 32, kDlBits = 65;
std::optional<FormatId> from_dtype(kvd_dtype d) noexcept {
  static const auto table = [] {
    std::array<std::array<FormatId, kDlBits>, kDlCodes> t{};
    for (std::size_t c = 0; c < kDlCodes; ++c)
      for (std::size_t b = 0; b < kDlBits; ++b) {
        const auto f = kvdtype::format_from_dlpack(static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(b), 1);
        t[c][b] = f ? *f : FormatId::count_;
      }
    return t;
  }();
  if (d.lanes == 1 && d.code < kDlCodes && d.bits < kDlBits) {
    const FormatId f = table[d.code][d.bits];
    if (f == FormatId::count_) return std::nullopt;
    return f;
  }
  return kvdtype::format_from_dlpack(d.code, d.bits, d.lanes);
}

kvd_status unknown_dtype(kvd_dtype d) noexcept {
  char buf[160];
  std::snprintf(buf, sizeof buf, "DLPack dtype (code %u, bits %u, lanes %u) is no format kvdtype knows",
                static_cast<unsigned>(d.code), static_cast<unsigned>(d.bits), static_cast<unsigned>(d.lanes));
  return fail(KVD_ERR_UNKNOWN_NAME, buf);
}

kvd_format_info format_info(const std::optional<FormatId>& f) noexcept {
  kvd_format_info info{};
  if (!f) return info;
  info.known = 1;
  info.name = format_cstr(*f);
  if (const auto dl = kvdtype::dlpack_type(*f)) {
    info.has_dtype = 1;
    info.dtype = kvd_dtype{dl->code, dl->bits, dl->lanes};
  }
  return info;
}

std::optional<kvdtype::io::OutputFormat> render_format(kvd_render_format f) noexcept {
  switch (f) {
    case KVD_RENDER_TEXT: return kvdtype::io::OutputFormat::text;
    case KVD_RENDER_JSON: return kvdtype::io::OutputFormat::json;
    case KVD_RENDER_MARKDOWN: return kvdtype::io::OutputFormat::markdown;
    default: return std::nullopt;
  }
}

kvd_status bad_render_format(const char* function, kvd_render_format f) noexcept {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s: render format %d is not KVD_RENDER_TEXT, _JSON or _MARKDOWN", function,
                static_cast<int>(f));
  return fail(KVD_ERR_OUT_OF_RANGE, buf);
}

bool valid_role(kvd_role role) noexcept { return role >= 0 && role < static_cast<kvd_role>(kvdtype::kRoleCount); }

kvd_status bad_role(const char* function, kvd_role role) noexcept {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s: role %d is not one of KVD_ROLE_Q, _K_CACHE, _V_CACHE, _KV_DATA_TYPE", function,
                static_cast<int>(role));
  return fail(KVD_ERR_OUT_OF_RANGE, buf);
}

// Static NUL-terminated rule codes (the guard hands them out as `const char*`).
const char* rule_code_cstr(const kvdtype::Rule* rule) noexcept {
  static const std::vector<std::string> codes = [] {
    std::vector<std::string> c;
    for (const kvdtype::Rule& r : kvdtype::rules()) c.emplace_back(r.code);
    return c;
  }();
  if (rule == nullptr) return "";
  const auto all = kvdtype::rules();
  const auto i = static_cast<std::size_t>(rule - all.data());
  return i < codes.size() ? codes[i].c_str() : "";
}

// The guard's verdict, shared by the by-dtype and by-name entry points.
kvd_status guard_verdict(const kvd_guard* guard, kvd_role role, FormatId f, const char** rule_code_out) noexcept {
  const auto r = static_cast<kvdtype::Role>(role);
  if (guard->guard.ok(r, f)) {
    if (rule_code_out) *rule_code_out = nullptr;
    return KVD_OK;
  }
  return guarded("kvd_guard_check", [&]() -> kvd_status {
    const auto failure = guard->guard.check(r, f);
    const char* code = failure ? rule_code_cstr(failure->rule) : "";
    if (rule_code_out) *rule_code_out = code;
    std::string msg = std::string(kvdtype::name(r)) + ": " + std::string(kvdtype::name(f)) + " refused";
    if (failure && failure->rule)
      msg += " (" + std::string(failure->rule->code) + ": " + std::string(failure->rule->title) + ")";
    if (failure && failure->want) msg += "; the plan wants " + std::string(kvdtype::name(*failure->want));
    return fail(KVD_REFUSED, msg);
  });
}

// The finding at `index`, or an out-of-range status naming the count.
// May throw (the findings are written out on first use): call it inside guarded().
const kvdtype::io::Finding* finding_at(const kvd_report* report, std::size_t index, const char* function,
                                       kvd_status& status) {
  if (index < report->findings().size()) return &report->findings()[index];
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s: diagnostic index %zu out of range (count %zu)", function, index, report->findings().size());
  status = fail(KVD_ERR_OUT_OF_RANGE, buf);
  return nullptr;
}

// NUL-terminated copies of the table names kvd_plan_info points at (string_views into the
// tables are not guaranteed to be NUL-terminated), made once per process instead of six strings
// per report (kvd_check's per-call cost; docs/performance.md). Built by the first make_report()
// (inside guarded(), so an allocation failure is a status), read-only afterwards.
struct TableNames {
  std::vector<std::string> targets;
  std::vector<std::vector<std::string>> backends, cache_dtypes;  // by Engine value (kvdtype::engines())
  std::array<std::string, 256> scales;  // by ScaleKind value
};

const TableNames& table_names() {
  static const TableNames names = [] {
    TableNames n;
    for (const kvdtype::Target& t : kvdtype::targets()) n.targets.emplace_back(t.name);
    n.backends.resize(kvdtype::engines().size());
    n.cache_dtypes.resize(kvdtype::engines().size());
    for (std::size_t e = 0; e < kvdtype::engines().size(); ++e) {
      const auto engine = static_cast<kvdtype::Engine>(e);
      for (const kvdtype::Backend& b : kvdtype::backends(engine)) n.backends[e].emplace_back(b.name);
      for (const kvdtype::CacheDtype& c : kvdtype::cache_dtypes(engine)) n.cache_dtypes[e].emplace_back(c.name);
    }
    for (std::size_t k = 0; k < n.scales.size(); ++k) n.scales[k] = std::string(kvdtype::name(static_cast<kvdtype::ScaleKind>(k)));
    return n;
  }();
  return names;
}

// The static name of a row of `rows` (nullptr for a null row or one of another table).
template <class Row>
const char* row_name(std::span<const Row> rows, const std::vector<std::string>& names, const Row* row) noexcept {
  const std::less<const Row*> before;
  if (row == nullptr || before(row, rows.data()) || !before(row, rows.data() + rows.size())) return nullptr;
  const auto i = static_cast<std::size_t>(row - rows.data());
  return i < names.size() ? names[i].c_str() : nullptr;
}

// A backend or kv-cache row of whichever engine's table holds it.
template <class Row, class Rows>
const char* engine_row_name(const std::vector<std::vector<std::string>>& names, Rows rows_of, const Row* row) noexcept {
  for (std::size_t e = 0; e < names.size(); ++e)
    if (const char* n = row_name(rows_of(static_cast<kvdtype::Engine>(e)), names[e], row)) return n;
  return nullptr;
}

// name(Vendor) returns literals, so the pointer outlives every report.
const char* vendor_name(const kvdtype::Target* t) noexcept {
  return t == nullptr ? nullptr : kvdtype::name(t->vendor).data();
}

// The ABI's verdict values are fixed (KVD_VERDICT_ERROR is 2 since ABI 1); incomplete came later.
kvd_verdict verdict_of(const kvd_report& r) noexcept {
  switch (r.answer.verdict()) {
    case kvdtype::Verdict::ok: return KVD_VERDICT_OK;
    case kvdtype::Verdict::warn: return KVD_VERDICT_WARN;
    case kvdtype::Verdict::incomplete: return KVD_VERDICT_INCOMPLETE;
    case kvdtype::Verdict::error: return KVD_VERDICT_ERROR;
  }
  return KVD_VERDICT_ERROR;
}

// kvd_check, kvd_resolve and kvd_check_command: the request (and `argv`, a launch command)
// through io::run_check, the one path every face takes. An answer of several workloads (added
// inputs, a script with several serving commands, a fleet of GPUs) is one report of them all.
kvd_status make_report(const char* function, const kvd_request* request, const char* const* argv, std::size_t argc,
                       kvd_report** report_out, bool resolve_only) {
  return guarded(function, [&]() -> kvd_status {
    std::optional<kvdtype::io::CheckRequest> with_command;  // kvd_check_command: the request plus the words
    if (argc > 0) {
      with_command = request->check;
      with_command->command.assign(argv, argv + argc);
    }
    auto rep = std::make_unique<kvd_report>(with_command ? *with_command : request->check, resolve_only);
    if (rep->answer.failure) return fail(rep->answer.failure->error);
    (void)table_names();  // built before the first report exists: kvd_report_plan only reads it
    *report_out = rep.release();
    return KVD_OK;
  });
}

}  // namespace

namespace {

// A report of kvdtype.checks/v1 has no one plan: several workloads, or none at all (an input
// holding no serving workload, KVD080) — the message says which.
kvd_status not_one_workload(const kvd_report* report, const char* call, const char* then) {
  const std::size_t n = report->answer.several ? report->answer.several->results.size() : 0;
  const std::string message = n == 0 ? std::string(call) + ": the report holds no serving workload, so there is no plan (read its diagnostics)"
                                     : std::string(call) + ": the report holds " + std::to_string(n) + " workloads; " + then;
  return fail(KVD_ERR_SEVERAL_WORKLOADS, message.c_str());
}

}  // namespace

extern "C" {

const char* kvd_status_name(kvd_status status) {
  switch (status) {
    case KVD_OK: return "KVD_OK";
    case KVD_ERR_UNKNOWN_NAME: return "KVD_ERR_UNKNOWN_NAME";
    case KVD_ERR_BAD_VALUE: return "KVD_ERR_BAD_VALUE";
    case KVD_ERR_BAD_FILE: return "KVD_ERR_BAD_FILE";
    case KVD_ERR_BAD_COMMAND: return "KVD_ERR_BAD_COMMAND";
    case KVD_ERR_UNSUPPORTED: return "KVD_ERR_UNSUPPORTED";
    case KVD_ERR_NULL_ARGUMENT: return "KVD_ERR_NULL_ARGUMENT";
    case KVD_ERR_BUFFER_TOO_SMALL: return "KVD_ERR_BUFFER_TOO_SMALL";
    case KVD_ERR_OUT_OF_RANGE: return "KVD_ERR_OUT_OF_RANGE";
    case KVD_ERR_STRUCT_SIZE: return "KVD_ERR_STRUCT_SIZE";
    case KVD_ERR_OUT_OF_MEMORY: return "KVD_ERR_OUT_OF_MEMORY";
    case KVD_ERR_INTERNAL: return "KVD_ERR_INTERNAL";
    case KVD_ERR_SEVERAL_WORKLOADS: return "KVD_ERR_SEVERAL_WORKLOADS";
    case KVD_REFUSED: return "KVD_REFUSED";
    default: return "KVD_STATUS_UNKNOWN";
  }
}

const char* kvd_last_error(void) { return t_last_error; }

uint32_t kvd_abi_version(void) { return KVDTYPE_ABI_VERSION; }

const char* kvd_version_string(void) {
  // version() views a string literal; copy once to be sure of the terminating NUL.
  static const std::string v(kvdtype::version());
  return v.c_str();
}

// ---- formats ---------------------------------------------------------------------------------

kvd_status kvd_format_canonical(const char* any_name, const char** canonical_out) {
  KVD_REQUIRE(any_name);
  KVD_REQUIRE(canonical_out);
  return guarded(__func__, [&]() -> kvd_status {
    auto f = kvdtype::parse_format(any_name);
    if (!f.ok()) return fail(f.error());
    *canonical_out = format_cstr(*f);
    return KVD_OK;
  });
}

kvd_status kvd_format_dtype(const char* any_name, kvd_dtype* dtype_out) {
  KVD_REQUIRE(any_name);
  KVD_REQUIRE(dtype_out);
  return guarded(__func__, [&]() -> kvd_status {
    auto f = kvdtype::parse_format(any_name);
    if (!f.ok()) return fail(f.error());
    const auto dl = kvdtype::dlpack_type(*f);
    if (!dl) return fail(KVD_ERR_UNSUPPORTED, "format " + std::string(kvdtype::name(*f)) + " has no DLPack dtype");
    *dtype_out = kvd_dtype{dl->code, dl->bits, dl->lanes};
    return KVD_OK;
  });
}

kvd_status kvd_format_name(kvd_dtype dtype, const char** name_out) {
  KVD_REQUIRE(name_out);
  const auto f = from_dtype(dtype);
  if (!f) return unknown_dtype(dtype);
  *name_out = format_cstr(*f);
  return KVD_OK;
}

// ---- requests ----------------------------------------------------------------------------------

kvd_status kvd_request_new(kvd_request** request_out) {
  KVD_REQUIRE(request_out);
  *request_out = nullptr;
  return guarded(__func__, [&]() -> kvd_status {
    *request_out = new kvd_request{};
    return KVD_OK;
  });
}

kvd_status kvd_request_clone(const kvd_request* request, kvd_request** request_out) {
  KVD_REQUIRE(request_out);
  *request_out = nullptr;
  KVD_REQUIRE(request);
  return guarded(__func__, [&]() -> kvd_status {
    *request_out = new kvd_request{*request};
    return KVD_OK;
  });
}

void kvd_request_free(kvd_request* request) { delete request; }

kvd_status kvd_request_set(kvd_request* request, const char* field, const char* value) {
  KVD_REQUIRE(request);
  KVD_REQUIRE(field);
  KVD_REQUIRE(value);
  return guarded(__func__, [&]() -> kvd_status {
    if (!kvdtype::embed::set_field(request->check, field, value)) return fail(kvdtype::embed::unknown_field(field));
    return KVD_OK;
  });
}

kvd_status kvd_request_set_flags(kvd_request* request, uint32_t flags) {
  KVD_REQUIRE(request);
  request->check.fields.flags = flags;
  return KVD_OK;
}

kvd_status kvd_request_add_input(kvd_request* request, kvd_input_kind kind, const char* path) {
  KVD_REQUIRE(request);
  KVD_REQUIRE(path);
  return guarded(__func__, [&]() -> kvd_status {
    if (*path == '\0') return fail(KVD_ERR_BAD_VALUE, "kvd_request_add_input: the path is empty");
    // The row whose C number this is (sources/readers.hpp; its static_assert ties the rows to
    // kvdtype.h's KVD_INPUT_* values).
    if (const auto* row = kvdtype::io::detail::reader_of_c_number(kind)) {
      request->check.add(row->kind, path);  // an env's NAME=VALUE is checked by kvd_check
      return KVD_OK;
    }
    std::vector<const kvdtype::io::detail::Reader*> rows;
    for (const auto& r : kvdtype::io::detail::readers())
      if (r.c_number >= 0) rows.push_back(&r);
    std::sort(rows.begin(), rows.end(), [](const auto* a, const auto* b) { return a->c_number < b->c_number; });
    // "KVD_INPUT_MANIFEST, _COMMAND_FILE or _ENV"
    constexpr std::string_view prefix = "KVD_INPUT";
    std::string names;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      std::string_view n = rows[i]->c_name;
      if (i > 0) {
        n.remove_prefix(prefix.size());
        names += i + 1 == rows.size() ? " or " : ", ";
      }
      names += n;
    }
    return fail(KVD_ERR_OUT_OF_RANGE, "kvd_request_add_input: kind " + std::to_string(static_cast<int>(kind)) + " is not " + names);
  });
}

// ---- check and read ------------------------------------------------------------------------------

kvd_status kvd_check(const kvd_request* request, kvd_report** report_out) {
  KVD_REQUIRE(report_out);
  *report_out = nullptr;
  KVD_REQUIRE(request);
  return make_report(__func__, request, nullptr, 0, report_out, false);
}

kvd_status kvd_resolve(const kvd_request* request, kvd_report** report_out) {
  KVD_REQUIRE(report_out);
  *report_out = nullptr;
  KVD_REQUIRE(request);
  return make_report(__func__, request, nullptr, 0, report_out, true);
}

kvd_status kvd_check_command(const kvd_request* request, const char* const* argv, size_t argc, kvd_report** report_out) {
  KVD_REQUIRE(report_out);
  *report_out = nullptr;
  KVD_REQUIRE(request);
  if (argc == 0) return fail(KVD_ERR_BAD_COMMAND, "kvd_check_command: argc is 0; give the launch command (kvd_check checks fields alone)");
  KVD_REQUIRE(argv);
  for (std::size_t i = 0; i < argc; ++i)
    if (argv[i] == nullptr) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "kvd_check_command: argv[%zu] is NULL (argc %zu)", i, argc);
      return fail(KVD_ERR_NULL_ARGUMENT, buf);
    }
  return make_report(__func__, request, argv, argc, report_out, false);
}

void kvd_report_free(kvd_report* report) { delete report; }

kvd_status kvd_report_verdict(const kvd_report* report, kvd_verdict* verdict_out) {
  KVD_REQUIRE(report);
  KVD_REQUIRE(verdict_out);
  *verdict_out = verdict_of(*report);
  return KVD_OK;
}

kvd_status kvd_report_plan(const kvd_report* report, kvd_plan_info* plan_out) {
  KVD_REQUIRE(report);
  KVD_REQUIRE(plan_out);
  const std::uint32_t caller_size = plan_out->struct_size;
  if (caller_size < sizeof(std::uint32_t)) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "kvd_report_plan: struct_size %u is too small (set it to sizeof(kvd_plan_info))",
                  static_cast<unsigned>(caller_size));
    return fail(KVD_ERR_STRUCT_SIZE, buf);
  }
  if (!report->answer.one) return not_one_workload(report, "kvd_report_plan", "read its diagnostics or its JSON");
  const kvdtype::Plan& p = report->answer.one->report.plan;
  kvd_plan_info info{};
  info.verdict = verdict_of(*report);
  const TableNames& names = table_names();  // built by the make_report() that made `report`
  const auto backends_of = [](kvdtype::Engine e) { return kvdtype::backends(e); };
  const auto cache_dtypes_of = [](kvdtype::Engine e) { return kvdtype::cache_dtypes(e); };
  info.target = row_name(kvdtype::targets(), names.targets, p.target);
  info.target_vendor = vendor_name(p.target);
  info.backend = engine_row_name(names.backends, backends_of, p.backend);
  info.cache_dtype = engine_row_name(names.cache_dtypes, cache_dtypes_of, p.cache_dtype);
  info.requested_cache_dtype = engine_row_name(names.cache_dtypes, cache_dtypes_of, p.requested);
  info.k = format_info(p.k.format);
  info.k_storage = format_info(p.k.storage);
  info.v = format_info(p.v.format);
  info.v_storage = format_info(p.v.storage);
  info.q = format_info(p.q);
  info.kv_data_type = format_info(p.kv_data_type);
  info.scales = names.scales[static_cast<std::size_t>(p.scales.kind)].c_str();
  info.bytes_per_token_per_layer = p.bytes_per_token_per_layer ? static_cast<int64_t>(*p.bytes_per_token_per_layer) : -1;
  info.bytes_per_token = p.bytes_per_token ? static_cast<int64_t>(*p.bytes_per_token) : -1;
  // A caller compiled against an older (shorter) struct gets its prefix; a newer (longer) one
  // keeps its extra fields untouched and learns from struct_size how much was filled.
  const std::size_t n = std::min<std::size_t>(caller_size, sizeof info);
  info.struct_size = static_cast<std::uint32_t>(n);
  std::memcpy(static_cast<void*>(plan_out), &info, n);
  return KVD_OK;
}

kvd_status kvd_report_json(const kvd_report* report, char* buf, size_t buf_size, size_t* required) {
  return kvd_report_render(report, KVD_RENDER_JSON, buf, buf_size, required);
}

kvd_status kvd_report_render(const kvd_report* report, kvd_render_format format, char* buf, size_t buf_size,
                             size_t* required) {
  KVD_REQUIRE(report);
  const auto f = render_format(format);
  if (!f) return bad_render_format(__func__, format);
  return guarded(__func__, [&]() -> kvd_status {
    // As `kvdtype check` prints the same input: one workload (drafter, prefill, notes) or several.
    if (report->answer.several)
      return copy_out("kvd_report_render", kvdtype::io::render_checks(*report->answer.several, *f), buf, buf_size, required);
    const kvdtype::io::ReportExtras extras = report->answer.one->view();
    return copy_out("kvd_report_render",
                    kvdtype::io::render_report(report->answer.one->report, *f, report->resolve_only ? "resolve" : "check",
                                               kvdtype::io::TextStyle{}, &extras),
                    buf, buf_size, required);
  });
}

kvd_status kvd_report_diagnostic_count(const kvd_report* report, size_t* count_out) {
  KVD_REQUIRE(report);
  KVD_REQUIRE(count_out);
  return guarded(__func__, [&]() -> kvd_status {
    *count_out = report->findings().size();
    return KVD_OK;
  });
  return KVD_OK;
}

kvd_status kvd_report_diagnostic_severity(const kvd_report* report, size_t index, kvd_severity* severity_out) {
  KVD_REQUIRE(report);
  KVD_REQUIRE(severity_out);
  return guarded(__func__, [&]() -> kvd_status {
    kvd_status status = KVD_OK;
    const kvdtype::io::Finding* d = finding_at(report, index, "kvd_report_diagnostic_severity", status);
    if (!d) return status;
    *severity_out = static_cast<kvd_severity>(d->severity);
    return KVD_OK;
  });
}

kvd_status kvd_report_diagnostic_string(const kvd_report* report, size_t index, kvd_diagnostic_field field, char* buf,
                                        size_t buf_size, size_t* required) {
  KVD_REQUIRE(report);
  return guarded(__func__, [&]() -> kvd_status {
    kvd_status status = KVD_OK;
    const kvdtype::io::Finding* at = finding_at(report, index, "kvd_report_diagnostic_string", status);
    if (!at) return status;
    const kvdtype::Rule* rule = at->rule;
    std::string text;
    switch (field) {
      case KVD_DIAG_CODE: text = std::string(at->code()); break;
      case KVD_DIAG_SEVERITY: text = std::string(kvdtype::name(at->severity)); break;
      case KVD_DIAG_TITLE: text = rule ? std::string(rule->title) : std::string("input could not be read"); break;
      case KVD_DIAG_MESSAGE: text = at->message; break;
      case KVD_DIAG_FIX: text = at->fix; break;
      case KVD_DIAG_BACKEND: text = std::string(at->backend); break;
      case KVD_DIAG_SOURCE: text = std::string(at->source); break;  // the table row's when one fired, as the JSON
      case KVD_DIAG_PART: text = std::string(at->part); break;
      default: {
        char msg[160];
        std::snprintf(msg, sizeof msg, "kvd_report_diagnostic_string: field %d is not a KVD_DIAG_* value",
                      static_cast<int>(field));
        return fail(KVD_ERR_OUT_OF_RANGE, msg);
      }
    }
    return copy_out("kvd_report_diagnostic_string", text, buf, buf_size, required);
  });
}

kvd_status kvd_report_fired(const kvd_report* report, const char* code, int* fired_out) {
  KVD_REQUIRE(report);
  KVD_REQUIRE(code);
  KVD_REQUIRE(fired_out);
  return guarded(__func__, [&]() -> kvd_status {
    // Accept every spelling `kvdtype explain` accepts ("kvd20", "20"); an unknown code is an
    // error rather than "did not fire", so that a typo cannot pass silently.
    auto rule = kvdtype::parse_rule_code(code);
    if (!rule.ok()) return fail(rule.error());
    bool fired = false;
    for (const kvdtype::io::Finding& f : report->findings()) fired = fired || f.rule == *rule;
    *fired_out = fired ? 1 : 0;
    return KVD_OK;
  });
}

kvd_status kvd_explain(const char* code, kvd_render_format format, char* buf, size_t buf_size, size_t* required) {
  KVD_REQUIRE(code);
  const auto f = render_format(format);
  if (!f) return bad_render_format(__func__, format);
  return guarded(__func__, [&]() -> kvd_status {
    auto rule = kvdtype::parse_rule_code(code);
    if (!rule.ok()) return fail(rule.error());
    return copy_out("kvd_explain", kvdtype::io::render_explain(**rule, *f), buf, buf_size, required);
  });
}

// ---- guard ---------------------------------------------------------------------------------------

kvd_status kvd_role_from_name(const char* name, kvd_role* role_out) {
  KVD_REQUIRE(name);
  KVD_REQUIRE(role_out);
  return guarded(__func__, [&]() -> kvd_status {
    auto r = kvdtype::parse_role(name);
    if (!r.ok()) return fail(r.error());
    *role_out = static_cast<kvd_role>(*r);
    return KVD_OK;
  });
}

kvd_status kvd_guard_new(const kvd_report* report, kvd_guard** guard_out) {
  KVD_REQUIRE(guard_out);
  *guard_out = nullptr;
  KVD_REQUIRE(report);
  return guarded(__func__, [&]() -> kvd_status {
    // Build the lookup tables the check path uses now, so that the first kernel launch does not
    // pay for them.
    (void)from_dtype(kvd_dtype{KVD_DL_UINT, 8, 1});
    (void)rule_code_cstr(nullptr);
    if (!report->answer.one) return not_one_workload(report, "kvd_guard_new", "each has its own plan");
    *guard_out = new kvd_guard{kvdtype::Guard(report->answer.one->report.plan)};
    return KVD_OK;
  });
}

void kvd_guard_free(kvd_guard* guard) { delete guard; }

kvd_status kvd_guard_check(const kvd_guard* guard, kvd_role role, kvd_dtype dtype, const char** rule_code_out) {
  KVD_REQUIRE(guard);
  if (!valid_role(role)) return bad_role(__func__, role);
  const auto f = from_dtype(dtype);
  if (!f) return unknown_dtype(dtype);
  return guard_verdict(guard, role, *f, rule_code_out);
}

kvd_status kvd_guard_check_name(const kvd_guard* guard, kvd_role role, const char* dtype_name,
                                const char** rule_code_out) {
  KVD_REQUIRE(guard);
  KVD_REQUIRE(dtype_name);
  if (!valid_role(role)) return bad_role(__func__, role);
  return guarded(__func__, [&]() -> kvd_status {
    auto f = kvdtype::parse_format(dtype_name);
    if (!f.ok()) return fail(f.error());
    return guard_verdict(guard, role, *f, rule_code_out);
  });
}

kvd_status kvd_guard_expected_last_dim(const kvd_guard* guard, kvd_role role, kvd_dtype storage, uint32_t head_size,
                                       uint32_t* last_dim_out) {
  KVD_REQUIRE(guard);
  KVD_REQUIRE(last_dim_out);
  if (!valid_role(role)) return bad_role(__func__, role);
  const auto f = from_dtype(storage);
  if (!f) return unknown_dtype(storage);
  *last_dim_out = guard->guard.expected_last_dim(static_cast<kvdtype::Role>(role), *f, head_size).value_or(0);
  return KVD_OK;
}

}  // extern "C"
