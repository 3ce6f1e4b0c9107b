// The Python module `kvdtype`: check()/resolve() at configuration time, guard() before a kernel
// launch. It only translates (keywords → RequestInput, Report → Plan object); every rule lives
// in the library.
//
// guard() is the hot path (called per layer per step by a server): it is a METH_FASTCALL
// function, not a pybind11 overload, and it turns "the thing the caller holds" into a FormatId
// through a small identity cache of dtype objects (strings, numpy dtypes, torch dtypes), so the
// usual call is a few pointer compares, one attribute read and one bit test.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bindings/face.hpp"
#include "cli.hpp"
#include "kvdtype/io/check_request.hpp"
#include "kvdtype/io/findings.hpp"
#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/probe.hpp"
#include "kvdtype/io/render.hpp"
#include "kvdtype/kvdtype.hpp"

namespace py = pybind11;
using kvdtype::FormatId;
using kvdtype::Role;

namespace {

// ---- exceptions -------------------------------------------------------------------------------

// Created once at import; the module object keeps them alive.
struct Exceptions {
  PyObject* error = nullptr;         // kvdtype.Error(Exception)
  PyObject* bad_input = nullptr;     // BadInputError(Error): every bad input (the CLI's exit 2)
  PyObject* unknown_name = nullptr;  // UnknownNameError(Error, ValueError)
  PyObject* bad_value = nullptr;     // BadValueError(Error, ValueError)
  PyObject* bad_file = nullptr;      // BadFileError(Error): the model config (not OSError: most are parse errors)
  PyObject* unsupported = nullptr;   // UnsupportedError(Error)
  PyObject* guard = nullptr;         // GuardError(Error, TypeError): a dtype the plan refuses
  PyObject* unknown_keyword = nullptr;  // UnknownKeywordError(UnknownNameError, TypeError): check(gpuu=…)
  PyObject* rejected = nullptr;      // RejectedError(Error): Plan.raise_if_rejected()
};
Exceptions g_exc;

PyObject* exception_for(kvdtype::ErrorCode code) {
  switch (code) {
    case kvdtype::ErrorCode::unknown_name: return g_exc.unknown_name;
    case kvdtype::ErrorCode::bad_value: return g_exc.bad_value;
    case kvdtype::ErrorCode::bad_file: return g_exc.bad_file;
    case kvdtype::ErrorCode::bad_command: return g_exc.bad_value;
    case kvdtype::ErrorCode::unsupported: return g_exc.unsupported;
  }
  return g_exc.error;
}

[[noreturn]] void raise(PyObject* type, const std::string& message) {
  // Python wants UTF-8: a message naming a bytes path (b'/x\xff') or a raw word is escaped by
  // the library's one rule first, so the exception always carries its text.
  PyErr_SetString(type, kvdtype::detail::escape_text(message).c_str());
  throw py::error_already_set();
}

namespace readers = kvdtype::io::detail;

// The CLI flags of check()'s input keywords: the reader table's rows, and --ignore (the request
// fields' own are the field table's).
std::vector<std::pair<std::string_view, std::string_view>> input_flags() {
  std::vector<std::pair<std::string_view, std::string_view>> out;
  for (const readers::Reader& row : readers::readers())
    if (readers::given_by_caller(row)) out.emplace_back(row.flag, row.keyword);
  out.emplace_back("--ignore", "ignore");
  return out;
}

// The library's messages name the CLI's flags ("--gpu: …", "--env 'x': …"); in Python they
// name the keyword.
std::string python_message(std::string_view message) {
  std::string out = kvdtype::fields::without_flag_names(message);
  static const auto flags = input_flags();
  for (const auto& [flag, keyword] : flags) {
    for (std::size_t at = out.find(flag); at != std::string::npos; at = out.find(flag, at + keyword.size())) {
      const std::size_t end = at + flag.size();
      const bool whole = end == out.size() || !(std::isalnum(static_cast<unsigned char>(out[end])) || out[end] == '-' || out[end] == '_');
      if (whole) out.replace(at, flag.size(), keyword);
      else at += flag.size() - keyword.size();
    }
  }
  return out;
}

[[noreturn]] void raise(const kvdtype::Error& e) { raise(exception_for(e.code), python_message(e.message)); }

// ---- the Plan object -----------------------------------------------------------------------------

// One finding (kvdtype/io/findings.hpp) as Python sees it.
struct Diagnostic {
  std::string code, severity, title, message, fix, source;
  std::optional<std::string> backend;
  std::optional<std::string> part;  // None: the request itself; "speculative drafter", "prefill backend", "deployment"
  std::vector<std::size_t> workloads;
};

Diagnostic to_python(const kvdtype::io::Finding& f) {
  Diagnostic x;
  x.code = f.rule ? std::string(f.rule->code) : std::string();
  x.severity = std::string(kvdtype::name(f.severity));
  x.title = f.rule ? std::string(f.rule->title) : std::string("input could not be read");
  x.message = f.message;
  x.fix = f.fix;
  x.source = std::string(f.source);
  if (!f.backend.empty()) x.backend = std::string(f.backend);
  if (!f.part.empty()) x.part = std::string(f.part);
  x.workloads = f.workloads;
  return x;
}

// The findings of `found` at `severity` (all when null), as Python objects.
py::list finding_list(const std::vector<kvdtype::io::Finding>& found, const char* severity = nullptr) {
  py::list out;
  for (const kvdtype::io::Finding& f : found)
    if (severity == nullptr || kvdtype::name(f.severity) == severity) out.append(py::cast(to_python(f)));
  return out;
}

struct TensorPlan {
  std::optional<std::string> format, storage;
};

std::optional<std::string> opt_name(const std::optional<FormatId>& f) {
  if (!f) return std::nullopt;
  return std::string(kvdtype::name(*f));
}

// A checked workload as the pipeline returns it (io::check_input: the report, the drafter's and
// the prefill backend's, capacity and notes), and the Guard built once from its plan.
struct Plan {
  kvdtype::io::Checked checked;
  bool resolve_only = false;
  kvdtype::Guard guard;

  Plan(kvdtype::io::Checked c, bool resolve) : checked(std::move(c)), resolve_only(resolve), guard(checked.report.plan) {}
  const kvdtype::Plan& plan() const { return checked.report.plan; }
  const kvdtype::Report& report() const { return checked.report; }
  kvdtype::Verdict verdict() const { return checked.verdict(); }
  // Exactly what `kvdtype check|resolve --format F` prints for the same input.
  std::string render(kvdtype::io::OutputFormat f) const {
    const kvdtype::io::ReportExtras extras = checked.view();
    return kvdtype::io::render_report(checked.report, f, resolve_only ? "resolve" : "check", kvdtype::io::TextStyle{},
                                      &extras);
  }
};

// Several checked workloads (kvdtype.checks/v1): what check() returns for manifests, several
// command files, a script with several serving commands or a fleet of GPUs.
struct Checks {
  kvdtype::io::Checks checks;
  // Exactly what `kvdtype check --format F` prints for the same inputs.
  std::string render(kvdtype::io::OutputFormat f) const { return kvdtype::io::render_checks(checks, f); }
};

// "FILE:LINE [KIND] on GPU" for the reprs of Source and CheckResult ("flags" without a file).
std::string where(const kvdtype::io::Source& s, bool with_kind) {
  std::string w = s.file.empty() ? std::string("flags") : s.file;
  if (s.line > 0) w += ":" + std::to_string(s.line);
  if (with_kind && !s.kind.empty()) w += " " + s.kind;
  if (!s.gpu.empty()) w += " on " + s.gpu;
  return w;
}

// A deployment finding, as a value (the rule's fields copied out).
struct DeploymentDiagnostic {
  std::string code, severity, title, message, fix, source;
  std::vector<std::size_t> results;
};

// to_json(), to_text(), to_markdown() and to_dict() of a class whose objects render(OutputFormat)
// as the CLI prints them.
template <class T>
void def_renderers(py::class_<T>& cls, const char* json_doc) {
  cls.def("to_json", [](const T& x) { return x.render(kvdtype::io::OutputFormat::json); }, json_doc)
      .def("to_text", [](const T& x) { return x.render(kvdtype::io::OutputFormat::text); })
      .def("to_markdown", [](const T& x) { return x.render(kvdtype::io::OutputFormat::markdown); })
      .def("to_dict", [](const T& x) {
        return py::module_::import("json").attr("loads")(x.render(kvdtype::io::OutputFormat::json));
      });
}

// ---- text ------------------------------------------------------------------------------------------

// A str as the bytes the library reads: UTF-8, with lone surrogates passed through as their
// (invalid) UTF-8 bytes, so that the library names them (\xNN) in a clean error instead of the
// conversion failing before it.
std::string text_of(py::handle s) {
  Py_ssize_t n = 0;
  if (const char* p = PyUnicode_AsUTF8AndSize(s.ptr(), &n)) return std::string(p, static_cast<std::size_t>(n));
  PyErr_Clear();
  py::object b = py::reinterpret_steal<py::object>(PyUnicode_AsEncodedString(s.ptr(), "utf-8", "surrogatepass"));
  if (!b) throw py::error_already_set();
  return std::string(PyBytes_AS_STRING(b.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(b.ptr())));
}

// A path as os.fsencode gives it (surrogate escapes become the original bytes), str or bytes.
std::string path_of(py::handle p) {
  if (PyBytes_Check(p.ptr()))
    return std::string(PyBytes_AS_STRING(p.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(p.ptr())));
  py::object b = py::reinterpret_steal<py::object>(PyUnicode_EncodeFSDefault(p.ptr()));
  if (b) return std::string(PyBytes_AS_STRING(b.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(b.ptr())));
  PyErr_Clear();
  return text_of(p);
}

std::string str_of(py::handle obj) { return text_of(py::str(obj)); }

// ---- request keywords ------------------------------------------------------------------------------

// The reader row whose Python keyword is `key`; nullptr for a request field or another keyword.
const readers::Reader* input_row(std::string_view key) {
  for (const readers::Reader& row : readers::readers())
    if (readers::given_by_caller(row) && row.keyword == key) return &row;
  return nullptr;
}

// Whether `key` takes paths (model=, command_file=, manifest=): bytes and os.PathLike too.
bool path_keyword(std::string_view key) {
  const readers::Reader* row = input_row(key);
  return row != nullptr && row->value != readers::InputValue::assignments;
}

// A keyword value as the CLI would have received it; None leaves the field unknown.
std::optional<std::string> keyword_text(std::string_view key, py::handle value) {
  if (value.is_none()) return std::nullopt;
  if (PyBool_Check(value.ptr())) return std::string(value.ptr() == Py_True ? "yes" : "no");
  if (PyUnicode_Check(value.ptr())) return path_keyword(key) ? path_of(value) : text_of(value);
  if (PyLong_Check(value.ptr()) || PyFloat_Check(value.ptr())) return str_of(value);
  // numpy integers and other int-likes.
  if (PyIndex_Check(value.ptr())) {
    py::object i = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!i) throw py::error_already_set();
    return str_of(i);
  }
  if (path_keyword(key) && (PyBytes_Check(value.ptr()) || PyObject_HasAttrString(value.ptr(), "__fspath__")))
    return path_of(py::module_::import("os").attr("fspath")(value));
  raise(g_exc.bad_value, std::string(key) + ": expected a str, int or float, got " +
                             std::string(py::str(py::type::handle_of(value).attr("__name__"))));
}

// The keywords check() takes besides the request fields and the reader rows' keywords.
constexpr std::string_view kOtherKeywords[] = {"command", "ignore", "verbose", "flags"};

kvdtype::Error unknown_keyword(std::string_view key) {
  std::vector<std::string_view> names;
  for (const kvdtype::fields::RequestField& f : kvdtype::fields::all()) names.push_back(f.name);
  for (const readers::Reader& row : readers::readers())
    if (readers::given_by_caller(row)) names.push_back(row.keyword);
  for (std::string_view k : kOtherKeywords) names.push_back(k);
  return kvdtype::Error{kvdtype::ErrorCode::unknown_name, "unknown keyword '" + kvdtype::detail::printable(key) +
                                                              "'; nearest: " + kvdtype::detail::nearest(key, names)};
}

// command= as the pipeline takes it: a str is shell text (a script, continuation lines; one
// word holding blanks is text to io::run_check), any other sequence is the words already split
// (os.fsencode'd like argv).
void set_command(std::vector<std::string>& command, py::handle value) {
  if (value.is_none()) return;
  if (PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr())) {
    std::string text = path_of(value);
    command.clear();
    if (!text.empty()) command.push_back(std::move(text));  // "" is no command, as None
    return;
  }
  if (!PySequence_Check(value.ptr()))
    raise(g_exc.bad_value, "command: expected a str (shell text) or a list of str (words), got " +
                               std::string(py::str(py::type::handle_of(value).attr("__name__"))));
  command.clear();
  for (py::handle w : py::reinterpret_borrow<py::sequence>(value)) {
    if (!PyUnicode_Check(w.ptr()) && !PyBytes_Check(w.ptr()))
      raise(g_exc.bad_value, "command: every word must be a str");
    command.push_back(path_of(w));
  }
}

bool path_like(py::handle v) {
  return PyUnicode_Check(v.ptr()) || PyBytes_Check(v.ptr()) || PyObject_HasAttrString(v.ptr(), "__fspath__");
}

// command_file= / manifest=: one path (str, bytes, os.PathLike) or a sequence of them.
std::vector<std::string> paths_of(std::string_view key, py::handle value) {
  std::vector<std::string> out;
  if (value.is_none()) return out;
  auto one = [&](py::handle v) {
    if (!path_like(v))
      raise(g_exc.bad_value, std::string(key) + ": expected a path or a list of paths, got " +
                                 std::string(py::str(py::type::handle_of(v).attr("__name__"))));
    out.push_back(path_of(py::module_::import("os").attr("fspath")(v)));
  };
  if (path_like(value)) {
    one(value);
    if (out.front().empty()) out.clear();  // "" is no file, as None
  } else if (PySequence_Check(value.ptr())) {
    for (py::handle v : py::reinterpret_borrow<py::sequence>(value)) {
      one(v);
      if (out.back().empty()) raise(g_exc.bad_value, std::string(key) + ": an empty path in the list");
    }
  } else {
    one(value);
  }
  return out;
}

// A str or a sequence of str (ignore=, env= as "NAME=VALUE" words).
std::vector<std::string> words_of(std::string_view key, py::handle value) {
  std::vector<std::string> out;
  if (value.is_none()) return out;
  if (PyUnicode_Check(value.ptr())) return {text_of(value)};
  if (!PySequence_Check(value.ptr()))
    raise(g_exc.bad_value, std::string(key) + ": expected a str or a list of str, got " +
                               std::string(py::str(py::type::handle_of(value).attr("__name__"))));
  for (py::handle w : py::reinterpret_borrow<py::sequence>(value)) {
    if (!PyUnicode_Check(w.ptr())) raise(g_exc.bad_value, std::string(key) + ": every item must be a str");
    out.push_back(text_of(w));
  }
  return out;
}

// env=: a mapping {NAME: VALUE} or "NAME=VALUE" words, as the CLI's --env.
std::vector<std::string> env_of(std::string_view key, py::handle value) {
  if (!PyDict_Check(value.ptr())) return words_of(key, value);
  std::vector<std::string> out;
  for (const auto& [k, v] : py::reinterpret_borrow<py::dict>(value)) {
    if (!PyUnicode_Check(k.ptr()) || !PyUnicode_Check(v.ptr())) raise(g_exc.bad_value, std::string(key) + ": names and values must be str");
    out.push_back(text_of(k) + "=" + text_of(v));
  }
  return out;
}

// What check() answers: a Plan for one workload, Checks for several (manifests, several command
// files, a script with several serving commands, gpu="H100,MI300X"), as `kvdtype check` does.
py::object run(const py::kwargs& kwargs, bool resolve_only) {
  kvdtype::io::CheckRequest req;
  req.allow_empty = true;  // check() with nothing known is a Plan of unknowns, as it always was
  for (const auto& [k, v] : kwargs) {
    const std::string key = text_of(k);
    if (key == "flags") {
      if (!PyLong_Check(v.ptr()) || PyBool_Check(v.ptr())) raise(g_exc.bad_value, "flags: expected an int (FLAG_* bits)");
      int overflow = 0;
      const long long f = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
      if (overflow != 0 || f < 0 || f > 0xffffffffLL) raise(g_exc.bad_value, "flags: out of range (FLAG_* bits)");
      req.fields.flags = static_cast<std::uint32_t>(f);
    } else if (key == "command") {
      set_command(req.command, v);
    } else if (key == "verbose") {
      req.verbose = PyObject_IsTrue(v.ptr()) == 1;
    } else if (const readers::Reader* row = input_row(key)) {
      // An input: its row says whether it takes one path, paths, or NAME=VALUE words.
      switch (row->value) {
        case readers::InputValue::path: req.set(row->kind, keyword_text(key, v).value_or("")); break;
        case readers::InputValue::paths:
          for (std::string& p : paths_of(key, v)) req.add(row->kind, std::move(p));
          break;
        case readers::InputValue::assignments:
          for (std::string& e : env_of(key, v)) req.add(row->kind, std::move(e));
          break;
      }
    } else if (key == "ignore") {
      req.ignore = words_of(key, v);
    } else {
      // Only the table's spelling: check(kv_cache_dtype=…), not check(**{"kv-cache-dtype": …}).
      const kvdtype::fields::RequestField* field = kvdtype::fields::find(key);
      if (field == nullptr || field->name != key) raise(g_exc.unknown_keyword, unknown_keyword(key).message);
      req.fields.set(key, keyword_text(key, v).value_or(""));
    }
  }
  kvdtype::io::CheckOutcome answer = kvdtype::io::run_check(req);
  if (answer.failure) raise(answer.failure->error);
  if (answer.several) return py::cast(Checks{std::move(*answer.several)});
  return py::cast(Plan(std::move(*answer.one), resolve_only));
}

// ---- dtype-like objects → FormatId -------------------------------------------------------------------

// Objects that denote a dtype and never change meaning (str, numpy dtype, torch dtype, scalar
// types), remembered by identity with a strong reference so an address is never reused while
// cached. Bounded; the oldest entry is replaced. Only touched with the GIL held.
template <class V, std::size_t N>
class IdentityCache {
 public:
  std::optional<V> find(PyObject* key) const noexcept {
    for (std::size_t i = 0; i < size_; ++i)
      if (keys_[i] == key) return values_[i];
    return std::nullopt;
  }
  void insert(PyObject* key, V value) noexcept {
    Py_INCREF(key);
    if (size_ < N) {
      keys_[size_] = key;
      values_[size_++] = value;
      return;
    }
    Py_DECREF(keys_[next_]);
    keys_[next_] = key;
    values_[next_] = value;
    next_ = (next_ + 1) % N;
  }

 private:
  std::array<PyObject*, N> keys_{};
  std::array<V, N> values_{};
  std::size_t size_ = 0, next_ = 0;
};

IdentityCache<FormatId, 48> g_dtype_cache;
IdentityCache<Role, 16> g_role_cache;
PyObject* g_str_dtype = nullptr;     // interned "dtype"
PyObject* g_str_dlpack = nullptr;    // interned "__dlpack__"
PyObject* g_str_name = nullptr;      // interned "name"

// DLPack's structs, by their documented layout (dlpack.h v1.x); only dtype is read.
struct DLDevice {
  std::int32_t device_type;
  std::int32_t device_id;
};
struct DLDataType {
  std::uint8_t code;
  std::uint8_t bits;
  std::uint16_t lanes;
};
struct DLTensor {
  void* data;
  DLDevice device;
  std::int32_t ndim;
  DLDataType dtype;
  std::int64_t* shape;
  std::int64_t* strides;
  std::uint64_t byte_offset;
};
struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor*);
};
struct DLPackVersion {
  std::uint32_t major;
  std::uint32_t minor;
};
struct DLManagedTensorVersioned {
  DLPackVersion version;
  void* manager_ctx;
  void (*deleter)(DLManagedTensorVersioned*);
  std::uint64_t flags;
  DLTensor dl_tensor;
};

std::string type_name(py::handle obj) { return Py_TYPE(obj.ptr())->tp_name; }

// The DLPack dtype of anything exporting __dlpack__. The capsule is not consumed: dropping it
// lets its destructor call the producer's deleter, as the protocol asks of a consumer that did
// not take ownership.
FormatId dtype_from_dlpack(py::handle obj) {
  py::object capsule = py::reinterpret_steal<py::object>(PyObject_CallMethodNoArgs(obj.ptr(), g_str_dlpack));
  if (!capsule) throw py::error_already_set();
  DLDataType dt{};
  if (PyCapsule_IsValid(capsule.ptr(), "dltensor")) {
    auto* t = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule.ptr(), "dltensor"));
    dt = t->dl_tensor.dtype;
  } else if (PyCapsule_IsValid(capsule.ptr(), "dltensor_versioned")) {
    auto* t = static_cast<DLManagedTensorVersioned*>(PyCapsule_GetPointer(capsule.ptr(), "dltensor_versioned"));
    if (t->version.major != 1)
      raise(g_exc.unsupported, "__dlpack__ returned DLPack " + std::to_string(t->version.major) + "." +
                                   std::to_string(t->version.minor) + "; kvdtype reads major version 1");
    dt = t->dl_tensor.dtype;
  } else {
    raise(g_exc.unsupported, type_name(obj) + ".__dlpack__() did not return a DLPack capsule");
  }
  const auto f = kvdtype::format_from_dlpack(dt.code, dt.bits, dt.lanes);
  if (!f)
    raise(g_exc.unknown_name, "DLPack dtype (code " + std::to_string(dt.code) + ", bits " + std::to_string(dt.bits) +
                                  ", lanes " + std::to_string(dt.lanes) + ") of a " + type_name(obj) +
                                  " is no format kvdtype knows");
  return *f;
}

// The name a dtype-like key goes by, without importing torch or numpy: a str is a name; a
// torch.dtype prints as "torch.float8_e4m3fn"; a numpy (or ml_dtypes, jax, TensorFlow) dtype has
// .name; a scalar type (numpy.float32, ml_dtypes.bfloat16) has __name__.
std::optional<std::string> key_name(py::handle key) {
  PyObject* k = key.ptr();
  if (PyUnicode_Check(k)) return text_of(key);
  // torch.dtype: recognised by its type's module and name, so torch is never imported.
  const py::handle type(reinterpret_cast<PyObject*>(Py_TYPE(k)));
  if (py::hasattr(type, "__module__") && str_of(type.attr("__module__")) == "torch" &&
      str_of(type.attr("__name__")) == "dtype")
    return str_of(key);
  if (PyType_Check(k)) {
    // numpy.float32 and friends: numpy's own name for the type when numpy is loaded.
    PyObject* modules = PyImport_GetModuleDict();
    PyObject* np = PyDict_GetItemString(modules, "numpy");
    if (np != nullptr) {
      py::object d = py::reinterpret_steal<py::object>(PyObject_CallMethod(np, "dtype", "O", k));
      if (d) {
        py::object n = py::reinterpret_steal<py::object>(PyObject_GetAttr(d.ptr(), g_str_name));
        if (n && PyUnicode_Check(n.ptr())) return text_of(n);
      }
      PyErr_Clear();
    }
    return std::string(reinterpret_cast<PyTypeObject*>(k)->tp_name);
  }
  py::object n = py::reinterpret_steal<py::object>(PyObject_GetAttr(k, g_str_name));
  if (n && PyUnicode_Check(n.ptr())) return text_of(n);
  PyErr_Clear();
  return std::nullopt;
}

// Keys whose meaning cannot change, so a cached answer stays right: strings, classes, torch
// dtypes and numpy dtypes (numpy.dtype[...] / numpy.dtypes.*). A duck-typed object with a
// mutable .name is resolved afresh each time.
bool immutable_key(py::handle key) {
  PyObject* k = key.ptr();
  if (PyUnicode_CheckExact(k) || PyType_Check(k)) return true;
  const py::handle type(reinterpret_cast<PyObject*>(Py_TYPE(k)));
  if (!py::hasattr(type, "__module__")) return false;
  const std::string module = str_of(type.attr("__module__"));
  if (module == "torch") return str_of(type.attr("__name__")) == "dtype";
  return module == "numpy" || module.rfind("numpy.", 0) == 0;
}

// A key's format, cached by identity; nullopt (no exception) when it names none, with the
// parse error in `why` for the message.
std::optional<FormatId> key_format(py::handle key, std::string* why) {
  if (const auto hit = g_dtype_cache.find(key.ptr())) return hit;
  const auto n = key_name(key);
  if (!n) return std::nullopt;
  auto f = kvdtype::parse_format(*n);
  if (!f.ok()) {
    if (why) *why = f.error().message;
    return std::nullopt;
  }
  if (immutable_key(key)) g_dtype_cache.insert(key.ptr(), *f);
  return *f;
}

// What guard() accepts: a dtype-like key itself, or an object with .dtype (arrays, tensors),
// or anything exporting __dlpack__.
FormatId format_of(py::handle obj) {
  if (const auto hit = g_dtype_cache.find(obj.ptr())) return *hit;
  std::string why;
  PyObject* o = obj.ptr();
  if (PyUnicode_Check(o) || PyType_Check(o)) {
    if (const auto f = key_format(obj, &why)) return *f;
    raise(g_exc.unknown_name, why.empty() ? "'" + kvdtype::detail::printable(str_of(obj)) + "' is no format kvdtype knows" : why);
  }
  py::object dt = py::reinterpret_steal<py::object>(PyObject_GetAttr(o, g_str_dtype));
  if (dt) {
    if (const auto f = key_format(dt, &why)) return *f;
  } else {
    PyErr_Clear();
    // A dtype object itself (torch.dtype, numpy.dtype).
    if (const auto f = key_format(obj, &why)) return *f;
  }
  // A dtype with a name that is no format (float64, bool) is refused by that name; DLPack is
  // the way in only for objects whose dtype cannot be named.
  if (!why.empty()) raise(g_exc.unknown_name, why);
  if (PyObject_HasAttr(o, g_str_dlpack)) return dtype_from_dlpack(obj);
  raise(g_exc.unknown_name, "cannot tell the dtype of a " + type_name(obj) +
                                ": pass a tensor, an array, a dtype, a format name or an object with __dlpack__");
}

Role role_of(py::handle r) {
  if (const auto hit = g_role_cache.find(r.ptr())) return *hit;
  if (PyUnicode_Check(r.ptr())) {
    auto role = kvdtype::parse_role(text_of(r));
    if (!role.ok()) raise(role.error());
    g_role_cache.insert(r.ptr(), *role);
    return *role;
  }
  if (PyLong_Check(r.ptr()) && !PyBool_Check(r.ptr())) {
    const long v = PyLong_AsLong(r.ptr());
    if (v >= 0 && v < static_cast<long>(kvdtype::kRoleCount)) return static_cast<Role>(v);
    PyErr_Clear();
  }
  raise(g_exc.unknown_name, "role must be 'q', 'k_cache', 'v_cache' or 'kv_data_type' (or 0..3)");
}

[[noreturn]] void raise_guard(const std::string& msg, const std::optional<std::string>& code, Role role,
                              const std::string& got, const std::optional<std::string>& want) {
  py::object e = py::reinterpret_steal<py::object>(PyObject_CallFunction(g_exc.guard, "s", msg.c_str()));
  if (!e) throw py::error_already_set();
  e.attr("code") = code ? py::object(py::str(*code)) : py::none();
  e.attr("role") = py::str(std::string(kvdtype::name(role)));
  e.attr("got") = py::str(got);
  e.attr("want") = want ? py::object(py::str(*want)) : py::none();
  PyErr_SetObject(g_exc.guard, e.ptr());
  throw py::error_already_set();
}

[[noreturn]] void raise_refused(const Plan& plan, Role role, FormatId f) {
  const auto failure = plan.guard.check(role, f);
  std::string msg = std::string(kvdtype::name(role)) + ": " + std::string(kvdtype::name(f)) + " refused";
  if (failure && failure->rule)
    msg += " (" + std::string(failure->rule->code) + ": " + std::string(failure->rule->title) + ")";
  if (failure && failure->want) msg += "; the plan wants " + std::string(kvdtype::name(*failure->want));
  if (plan.plan().backend) msg += " for " + std::string(kvdtype::name(*plan.plan().backend));
  raise_guard(msg, failure && failure->rule ? std::optional<std::string>(std::string(failure->rule->code)) : std::nullopt,
              role, std::string(kvdtype::name(f)),
              failure && failure->want ? opt_name(failure->want) : std::nullopt);
}

// What the plan wants for a role, by name (for a dtype kvdtype cannot even name).
std::optional<std::string> wanted(const Plan& plan, Role role) {
  const kvdtype::Plan& p = plan.plan();
  switch (role) {
    case Role::q: return opt_name(p.q);
    case Role::k_cache: return opt_name(p.k.storage ? p.k.storage : p.k.format);
    case Role::v_cache: return opt_name(p.v.storage ? p.v.storage : p.v.format);
    case Role::kv_data_type: return opt_name(p.kv_data_type);
  }
  return std::nullopt;
}

// The format of what guard() was handed. A tensor whose dtype is no format kvdtype knows
// (float64, bool, an unknown DLPack code), or an object with no dtype at all, is refused like a
// wrong one: GuardError, so that one except clause catches every refusal.
FormatId guarded_format(const Plan& plan, Role role, py::handle obj) {
  try {
    return format_of(obj);
  } catch (py::error_already_set& e) {
    if (!e.matches(g_exc.unknown_name) && !e.matches(g_exc.unsupported)) throw;
    const std::string why = str_of(e.value());
    std::string got;
    py::object dt = py::reinterpret_steal<py::object>(PyObject_GetAttr(obj.ptr(), g_str_dtype));
    if (dt) got = kvdtype::detail::printable(str_of(dt));
    else {
      PyErr_Clear();
      got = PyUnicode_Check(obj.ptr()) ? kvdtype::detail::printable(text_of(obj)) : type_name(obj);
    }
    raise_guard(std::string(kvdtype::name(role)) + ": refused: " + why, std::nullopt, role, got, wanted(plan, role));
  }
}

// Positional-or-keyword arguments of a METH_FASTCALL function, by name; all required.
template <std::size_t N>
std::array<PyObject*, N> fast_args(const char* fn, const std::array<const char*, N>& names, PyObject* const* args,
                                   Py_ssize_t nargs, PyObject* kwnames) {
  std::array<PyObject*, N> a{};
  const auto usage = [&] {
    std::string u = std::string(fn) + "() takes " + std::to_string(N) + " arguments:";
    for (const char* n : names) u += std::string(" ") + n;
    return u;
  };
  if (nargs > static_cast<Py_ssize_t>(N)) raise(PyExc_TypeError, usage());
  for (Py_ssize_t i = 0; i < nargs; ++i) a[static_cast<std::size_t>(i)] = args[i];
  if (kwnames) {
    const Py_ssize_t nk = PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t i = 0; i < nk; ++i) {
      const char* kn = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, i));
      std::size_t slot = N;
      for (std::size_t j = 0; j < N; ++j)
        if (kn && std::strcmp(kn, names[j]) == 0) slot = j;
      if (slot == N || a[slot])
        raise(PyExc_TypeError, std::string(fn) + "() got an unexpected or repeated keyword '" + (kn ? kn : "?") + "'");
      a[slot] = args[nargs + i];
    }
  }
  for (PyObject* x : a)
    if (!x) raise(PyExc_TypeError, usage());
  return a;
}

const py::detail::type_info* g_plan_type = nullptr;

const Plan& plan_arg(const char* fn, PyObject* obj) {
  py::detail::type_caster_generic caster(g_plan_type);
  if (!caster.load(obj, false)) raise(PyExc_TypeError, std::string(fn) + "(): plan must be a kvdtype.Plan (from kvdtype.check)");
  return *static_cast<const Plan*>(caster.value);
}

// Runs a METH_FASTCALL body with C++ exceptions turned into Python ones.
template <class F>
PyObject* fast_body(F&& f) noexcept {
  try {
    return f();
  } catch (py::error_already_set& e) {
    e.restore();
    return nullptr;
  } catch (const std::exception& e) {
    PyErr_SetString(g_exc.error, (std::string("kvdtype internal error: ") + e.what()).c_str());
    return nullptr;
  }
}

// The hot path. These are METH_FASTCALL functions rather than pybind11 overloads: pybind11's
// dispatcher costs about a microsecond per call, the whole guard here about 0.1-0.2 µs.
PyObject* guard_fastcall(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return fast_body([&]() -> PyObject* {
    const auto a = fast_args<3>("guard", {"obj", "plan", "role"}, args, nargs, kwnames);
    const Plan& plan = plan_arg("guard", a[1]);
    const Role role = role_of(a[2]);
    const FormatId f = guarded_format(plan, role, a[0]);
    if (!plan.guard.ok(role, f)) raise_refused(plan, role, f);
    Py_RETURN_NONE;
  });
}

// Plan.guard(obj, role) and Plan.accepts(obj, role): method descriptors, `self` first.
PyObject* plan_guard_fastcall(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return fast_body([&]() -> PyObject* {
    const auto a = fast_args<2>("Plan.guard", {"obj", "role"}, args, nargs, kwnames);
    const Plan& plan = plan_arg("Plan.guard", self);
    const Role role = role_of(a[1]);
    const FormatId f = guarded_format(plan, role, a[0]);
    if (!plan.guard.ok(role, f)) raise_refused(plan, role, f);
    Py_RETURN_NONE;
  });
}

PyObject* plan_accepts_fastcall(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return fast_body([&]() -> PyObject* {
    const auto a = fast_args<2>("Plan.accepts", {"obj", "role"}, args, nargs, kwnames);
    const Plan& plan = plan_arg("Plan.accepts", self);
    const Role role = role_of(a[1]);
    FormatId f{};
    try {
      f = format_of(a[0]);
    } catch (py::error_already_set& e) {
      // A dtype kvdtype cannot name is not accepted (guard() would raise GuardError).
      if (!e.matches(g_exc.unknown_name) && !e.matches(g_exc.unsupported)) throw;
      Py_RETURN_FALSE;
    }
    return py::bool_(plan.guard.ok(role, f)).release().ptr();
  });
}

template <class F>
PyCFunction as_cfunction(F* f) {
  // METH_FASTCALL functions are stored as PyCFunction and cast back by the interpreter.
  return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f));
}

PyMethodDef g_guard_def = {"guard", as_cfunction(guard_fastcall), METH_FASTCALL | METH_KEYWORDS,
                           "guard(obj, plan, role) -> None\n\n"
                           "Raise kvdtype.GuardError (with .code, e.g. 'KVD020') when the dtype of `obj` is not what\n"
                           "`plan` says the kernel gets for `role` ('q', 'k_cache', 'v_cache', 'kv_data_type').\n"
                           "`obj`: a torch tensor or dtype, a numpy array or dtype (ml_dtypes included), a format\n"
                           "name, or anything with __dlpack__."};
PyMethodDef g_plan_guard_def = {"guard", as_cfunction(plan_guard_fastcall), METH_FASTCALL | METH_KEYWORDS,
                                "guard(obj, role) -> None: kvdtype.guard(obj, self, role)"};
PyMethodDef g_plan_accepts_def = {"accepts", as_cfunction(plan_accepts_fastcall), METH_FASTCALL | METH_KEYWORDS,
                                  "accepts(obj, role) -> bool: guard() without raising"};

py::list diag_list(const Plan& p) { return finding_list(kvdtype::io::findings(p.checked)); }

}  // namespace

PYBIND11_MODULE(_kvdtype, m) {
  m.doc() =
      "kvdtype: resolve an inference engine's KV-cache dtype flags into concrete element types and\n"
      "reject bad combinations before any kernel runs.\n\n"
      "    plan = kvdtype.check(gpu='H100', kv_cache_dtype='fp8', attention='mla', model_dtype='bfloat16')\n"
      "    plan.raise_if_rejected()\n"
      "    kvdtype.guard(kv_cache, plan, 'k_cache')   # before each kernel launch\n";

  // Exceptions: one base class, a subclass per kind of bad input, and the guard's refusal.
  // The classes live as long as the interpreter: g_exc keeps the reference PyErr_NewException
  // returned, the module holds another.
  auto make_exc = [&](const char* name, const py::object& bases, const char* doc) {
    const std::string qual = std::string("kvdtype.") + name;
    PyObject* e = PyErr_NewExceptionWithDoc(qual.c_str(), doc, bases.is_none() ? nullptr : bases.ptr(), nullptr);
    if (!e) throw py::error_already_set();
    m.add_object(name, py::handle(e));
    return e;
  };
  g_exc.error = make_exc("Error", py::none(), "Base class of every kvdtype error.");
  auto bases = [](std::initializer_list<PyObject*> b) {
    py::tuple t(b.size());
    std::size_t i = 0;
    for (PyObject* x : b) t[i++] = py::handle(x);
    return py::object(std::move(t));
  };
  g_exc.bad_input = make_exc("BadInputError", bases({g_exc.error}),
                             "Bad input (the CLI's exit status 2): base of UnknownNameError, BadValueError, "
                             "BadFileError and UnsupportedError.");
  g_exc.unknown_name = make_exc("UnknownNameError", bases({g_exc.bad_input, PyExc_ValueError}),
                                "A name in no table: dtype, GPU, backend, engine, request field, rule code, role.");
  g_exc.bad_value = make_exc("BadValueError", bases({g_exc.bad_input, PyExc_ValueError}),
                             "A value of the right kind that is out of range or malformed (a launch command "
                             "that cannot be split included).");
  g_exc.bad_file = make_exc("BadFileError", bases({g_exc.bad_input}),
                            "A model config or command file that cannot be read or parsed.");
  g_exc.unsupported = make_exc("UnsupportedError", bases({g_exc.bad_input}),
                               "A valid input kvdtype cannot answer (gpu='auto' without a device, an unknown DLPack "
                               "version).");
  g_exc.unknown_keyword = make_exc("UnknownKeywordError", bases({g_exc.unknown_name, PyExc_TypeError}),
                                   "check()/resolve() got a keyword that is no request field (a TypeError, as "
                                   "Python raises for unexpected keywords).");
  g_exc.guard = make_exc("GuardError", bases({g_exc.error, PyExc_TypeError}),
                         "guard() refused a tensor, whatever its dtype (one kvdtype cannot name included). "
                         "Attributes: code (rule, e.g. 'KVD020', or None), role, got, want.");
  g_exc.rejected = make_exc("RejectedError", bases({g_exc.error}),
                            "Plan.raise_if_rejected(): the rules rejected the request. Attribute: plan.");

  g_str_dtype = PyUnicode_InternFromString("dtype");
  g_str_dlpack = PyUnicode_InternFromString("__dlpack__");
  g_str_name = PyUnicode_InternFromString("name");

  py::class_<Diagnostic>(m, "Diagnostic", "A rule that fired.")
      .def_readonly("code", &Diagnostic::code, "rule code, 'KVD020'")
      .def_readonly("severity", &Diagnostic::severity, "'error', 'warning' or 'info'")
      .def_readonly("title", &Diagnostic::title)
      .def_readonly("message", &Diagnostic::message, "one line naming the offending values")
      .def_readonly("fix", &Diagnostic::fix, "one line: what to change")
      .def_readonly("backend", &Diagnostic::backend, "the backend the finding is about, or None")
      .def_readonly("source", &Diagnostic::source, "the issue / PR / repository path behind the rule")
      .def_readonly("part", &Diagnostic::part,
                    "None for the request itself; 'speculative drafter', 'prefill backend' or 'deployment'")
      .def_readonly("workloads", &Diagnostic::workloads, "indexes into Checks.results the finding concerns")
      .def("to_dict",
           [](const Diagnostic& d) {
             py::dict j;
             j["code"] = d.code;
             j["severity"] = d.severity;
             j["title"] = d.title;
             j["message"] = d.message;
             j["fix"] = d.fix;
             j["backend"] = d.backend;
             j["source"] = d.source;
             j["part"] = d.part;
             return j;
           })
      .def("__repr__", [](const Diagnostic& d) {
        return "<kvdtype.Diagnostic " + d.code + " " + d.severity + ": " + d.message + ">";
      });

  py::class_<TensorPlan>(m, "TensorPlan", "One cache tensor: logical element format and the dtype it is stored as.")
      .def_readonly("format", &TensorPlan::format)
      .def_readonly("storage", &TensorPlan::storage)
      .def("__repr__", [](const TensorPlan& t) {
        return "TensorPlan(format=" + t.format.value_or("None") + ", storage=" + t.storage.value_or("None") + ")";
      })
      .def("__eq__", [](const TensorPlan& a, const TensorPlan& b) { return a.format == b.format && a.storage == b.storage; });

  py::class_<Plan> plan_cls(m, "Plan",
                            "What kvdtype.check()/resolve() return: the resolved plan, the diagnostics, and the\n"
                            "guard built from them. Immutable.");
  plan_cls
      .def_property_readonly("verdict", [](const Plan& p) { return std::string(kvdtype::name(p.verdict())); },
                             "'ok', 'warn', 'incomplete' (a fact unknown: the KVD080 and KVD152 findings say which checks did not run) or\n"
                             "'error': the worst of every finding")
      .def_property_readonly("ok", [](const Plan& p) { return p.verdict() != kvdtype::Verdict::error; },
                             "True unless the verdict is 'error'")
      .def_property_readonly("capacity", [](const Plan& p) {
        return p.checked.extras.capacity ? py::cast(*p.checked.extras.capacity) : py::none();
      }, "tokens of KV cache that fit (Capacity), or None when the GPU memory or bytes per token are unknown")
      .def_property_readonly("draft", [](const Plan& p) {
        if (!p.checked.draft) return py::object(py::none());
        kvdtype::io::Checked c;
        c.report = *p.checked.draft;
        return py::cast(Plan(std::move(c), p.resolve_only));
      }, "the speculative drafter's own Plan when the launch command runs one, else None")
      .def_property_readonly("prefill", [](const Plan& p) {
        if (!p.checked.prefill) return py::object(py::none());
        kvdtype::io::Checked c;
        c.report = *p.checked.prefill;
        return py::cast(Plan(std::move(c), p.resolve_only));
      }, "SGLang's prefill backend's own Plan when it differs from decode, else None")
      .def_property_readonly("notes", [](const Plan& p) { return p.checked.extras.notes; },
                             "where inputs came from ('model config: …', 'gpu: probed sm_90')")
      .def_property_readonly("ignored_flags", [](const Plan& p) { return p.checked.extras.ignored_flags; },
                             "launch-command flags kvdtype did not read (with verbose=True)")
      .def_property_readonly("target", [](const Plan& p) {
        return p.plan().target ? std::optional<std::string>(std::string(p.plan().target->name)) : std::nullopt;
      })
      .def_property_readonly("backend", [](const Plan& p) {
        return p.plan().backend ? std::optional<std::string>(std::string(kvdtype::name(*p.plan().backend))) : std::nullopt;
      })
      .def_property_readonly("cache_dtype", [](const Plan& p) {
        return p.plan().cache_dtype ? std::optional<std::string>(std::string(kvdtype::name(*p.plan().cache_dtype))) : std::nullopt;
      })
      .def_property_readonly("requested_cache_dtype", [](const Plan& p) {
        return p.plan().requested ? std::optional<std::string>(std::string(kvdtype::name(*p.plan().requested))) : std::nullopt;
      })
      .def_property_readonly("k", [](const Plan& p) { return TensorPlan{opt_name(p.plan().k.format), opt_name(p.plan().k.storage)}; })
      .def_property_readonly("v", [](const Plan& p) { return TensorPlan{opt_name(p.plan().v.format), opt_name(p.plan().v.storage)}; })
      .def_property_readonly("q", [](const Plan& p) { return opt_name(p.plan().q); }, "the Q format the kernel expects")
      .def_property_readonly("k_format", [](const Plan& p) { return opt_name(p.plan().k.format); })
      .def_property_readonly("k_storage", [](const Plan& p) { return opt_name(p.plan().k.storage); })
      .def_property_readonly("v_format", [](const Plan& p) { return opt_name(p.plan().v.format); })
      .def_property_readonly("v_storage", [](const Plan& p) { return opt_name(p.plan().v.storage); })
      .def_property_readonly("q_format", [](const Plan& p) { return opt_name(p.plan().q); })
      .def_property_readonly("kv_data_type", [](const Plan& p) { return opt_name(p.plan().kv_data_type); },
                             "the KV dtype to declare to the kernel")
      .def_property_readonly("scales", [](const Plan& p) { return std::string(kvdtype::name(p.plan().scales.kind)); })
      .def_property_readonly("bytes_per_token_per_layer", [](const Plan& p) {
        return p.plan().bytes_per_token_per_layer ? std::optional<std::uint64_t>(*p.plan().bytes_per_token_per_layer)
                                                  : std::nullopt;
      })
      .def_property_readonly("bytes_per_token", [](const Plan& p) { return p.plan().bytes_per_token; })
      .def_property_readonly("findings", &diag_list,
                             "every finding (list of Diagnostic): the request's, the launch command's values, the model\n"
                             "config's, capacity's, the drafter's and the prefill backend's, in the JSON's order")
      .def_property_readonly("diagnostics", &diag_list, "the same list as findings")
      .def_property_readonly("errors", [](const Plan& p) { return finding_list(kvdtype::io::findings(p.checked), "error"); },
                             "the findings whose severity is 'error'")
      .def_property_readonly("warnings", [](const Plan& p) { return finding_list(kvdtype::io::findings(p.checked), "warning"); },
                             "the findings whose severity is 'warning'")
      .def("fired", [](const Plan& p, const py::str& code) {
        auto rule = kvdtype::parse_rule_code(text_of(code));
        if (!rule.ok()) raise(rule.error());
        const auto found = kvdtype::io::findings(p.checked);
        return std::any_of(found.begin(), found.end(), [&](const kvdtype::io::Finding& f) { return f.rule == *rule; });
      }, py::arg("code"), "whether a finding with this rule code fired (any of .findings, as kvd_report_fired)")
      .def("raise_if_rejected", [](py::object self) {
        const Plan& p = self.cast<const Plan&>();
        if (p.verdict() != kvdtype::Verdict::error) return;
        std::string msg = "kvdtype rejected the request:";
        for (const kvdtype::io::Finding& f : kvdtype::io::findings(p.checked))
          if (f.severity == kvdtype::Severity::error)
            msg += "\n  " + std::string(f.code()) + ": " + f.described() + "\n    fix: " + f.fix;
        py::object e = py::reinterpret_steal<py::object>(PyObject_CallFunction(g_exc.rejected, "s", msg.c_str()));
        if (!e) throw py::error_already_set();
        e.attr("plan") = self;
        PyErr_SetObject(g_exc.rejected, e.ptr());
        throw py::error_already_set();
      }, "raise kvdtype.RejectedError (listing the errors and their fixes) when the verdict is 'error'")
      .def("expected_last_dim", [](const Plan& p, py::handle role, py::handle storage, std::uint32_t head_size) {
        const auto d = p.guard.expected_last_dim(role_of(role), format_of(storage), head_size);
        return d ? py::object(py::int_(*d)) : py::object(py::none());
      }, py::arg("role"), py::arg("storage"), py::arg("head_size"),
         "the innermost dimension of a cache tensor allocated as `storage` (656 for fp8_ds_mla), or None")
      .def("__repr__", [](const Plan& p) {
        const kvdtype::Plan& pl = p.plan();
        auto n = [](const std::optional<FormatId>& f) { return f ? std::string(kvdtype::name(*f)) : std::string("None"); };
        return "<kvdtype.Plan verdict=" + std::string(kvdtype::name(p.verdict())) +
               " target=" + (pl.target ? std::string(pl.target->name) : "None") +
               " backend=" + (pl.backend ? std::string(kvdtype::name(*pl.backend)) : "None") + " k=" + n(pl.k.format) + "/" +
               n(pl.k.storage) + " v=" + n(pl.v.format) + "/" + n(pl.v.storage) + " q=" + n(pl.q) +
               " kv_data_type=" + n(pl.kv_data_type) + " diagnostics=" + std::to_string(p.report().diagnostics.size()) +
               ">";
      });
  def_renderers(plan_cls, "exactly what `kvdtype check --format json` prints");
  g_plan_type = py::detail::get_type_info(typeid(Plan));
  for (PyMethodDef* def : {&g_plan_guard_def, &g_plan_accepts_def}) {
    py::object descr = py::reinterpret_steal<py::object>(
        PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(plan_cls.ptr()), def));
    if (!descr) throw py::error_already_set();
    plan_cls.attr(def->ml_name) = descr;
  }

  auto opt_text = [](const std::string& v) { return v.empty() ? std::optional<std::string>() : std::optional<std::string>(v); };
  py::class_<kvdtype::io::Source>(m, "Source", "Where a workload came from; None where it does not apply.")
      .def_property_readonly("file", [opt_text](const kvdtype::io::Source& x) { return opt_text(x.file); },
                             "the input file ('-' for standard input)")
      .def_property_readonly("document", [](const kvdtype::io::Source& x) {
        return x.document >= 0 ? std::optional<int>(x.document) : std::nullopt;
      }, "YAML document index in a multi-document file")
      .def_property_readonly("line", [](const kvdtype::io::Source& x) {
        return x.line > 0 ? std::optional<int>(x.line) : std::nullopt;
      }, "1-based line of the command or container")
      .def_property_readonly("kind", [opt_text](const kvdtype::io::Source& x) { return opt_text(x.kind); },
                             "Kubernetes kind, 'compose service', 'script', 'command file' or 'gpu'")
      .def_property_readonly("name", [opt_text](const kvdtype::io::Source& x) { return opt_text(x.name); })
      .def_property_readonly("container", [opt_text](const kvdtype::io::Source& x) { return opt_text(x.container); })
      .def_property_readonly("gpu", [opt_text](const kvdtype::io::Source& x) { return opt_text(x.gpu); },
                             "the target this result is for when several were named")
      .def("__repr__", [](const kvdtype::io::Source& x) {
        return "<kvdtype.Source " + where(x, true) + ">";
      });

  py::class_<kvdtype::io::WorkloadResult>(m, "CheckResult", "One workload of a Checks: its source and its Plan, or why its input could not be checked.")
      .def_property_readonly("source", [](const kvdtype::io::WorkloadResult& r) { return r.source; })
      .def_property_readonly("plan", [](const kvdtype::io::WorkloadResult& r) {
        return r.checked ? py::cast(Plan(*r.checked, false)) : py::object(py::none());
      }, "the workload's Plan, or None when its input could not be checked")
      .def_property_readonly("input_error", [](const kvdtype::io::WorkloadResult& r) {
        return r.input_error ? std::optional<std::string>(r.input_error->message) : std::nullopt;
      }, "why the input could not be checked (as the JSON's error.message), or None")
      .def_property_readonly("verdict", [](const kvdtype::io::WorkloadResult& r) { return std::string(kvdtype::name(r.verdict())); },
                             "'ok', 'warn', 'incomplete' or 'error' (an input error is 'error')")
      .def("__repr__", [](const kvdtype::io::WorkloadResult& r) {
        return "<kvdtype.CheckResult " + std::string(kvdtype::name(r.verdict())) + " " + where(r.source, false) + ">";
      });

  py::class_<DeploymentDiagnostic>(m, "DeploymentDiagnostic", "A finding about several workloads together (KV exchanged between pools).")
      .def_readonly("code", &DeploymentDiagnostic::code)
      .def_readonly("severity", &DeploymentDiagnostic::severity)
      .def_readonly("title", &DeploymentDiagnostic::title)
      .def_readonly("message", &DeploymentDiagnostic::message)
      .def_readonly("fix", &DeploymentDiagnostic::fix)
      .def_readonly("source", &DeploymentDiagnostic::source)
      .def_readonly("results", &DeploymentDiagnostic::results, "indexes into Checks.results")
      .def("__repr__", [](const DeploymentDiagnostic& d) {
        return "<kvdtype.DeploymentDiagnostic " + d.code + " " + d.severity + ": " + d.message + ">";
      });

  py::class_<Checks> checks_cls(m, "Checks",
                     "What kvdtype.check() returns for several workloads (manifests, several command files, a\n"
                     "script with several serving commands, gpu='H100,MI300X'): kvdtype.checks/v1. Immutable.");
  checks_cls
      .def_property_readonly("results", [](const Checks& c) { return c.checks.results; }, "list of CheckResult, in input order")
      .def_property_readonly("diagnostics", [](const Checks& c) {
        std::vector<DeploymentDiagnostic> out;
        for (const kvdtype::io::DeploymentDiagnostic& d : c.checks.diagnostics)
          out.push_back({std::string(d.rule->code), std::string(kvdtype::name(d.severity)), std::string(d.rule->title),
                         d.message, d.fix, std::string(d.rule->source), d.results});
        return out;
      }, "list of DeploymentDiagnostic")
      .def_property_readonly("notes", [](const Checks& c) { return c.checks.notes; },
                             "about the inputs as a whole (containers that run no server, …)")
      .def_property_readonly("findings", [](const Checks& c) { return finding_list(kvdtype::io::findings(c.checks)); },
                             "every finding of every result, then the deployment's (list of Diagnostic; .workloads\n"
                             "names the results)")
      .def_property_readonly("errors", [](const Checks& c) { return finding_list(kvdtype::io::findings(c.checks), "error"); })
      .def_property_readonly("warnings", [](const Checks& c) { return finding_list(kvdtype::io::findings(c.checks), "warning"); })
      .def_property_readonly("verdict", [](const Checks& c) { return std::string(kvdtype::name(c.checks.verdict())); },
                             "'ok', 'warn', 'incomplete' or 'error': the worst of every finding")
      .def_property_readonly("ok", [](const Checks& c) { return c.checks.verdict() != kvdtype::Verdict::error; })
      .def("__len__", [](const Checks& c) { return c.checks.results.size(); })
      .def("__repr__", [](const Checks& c) {
        return "<kvdtype.Checks verdict=" + std::string(kvdtype::name(c.checks.verdict())) +
               " results=" + std::to_string(c.checks.results.size()) +
               " diagnostics=" + std::to_string(c.checks.diagnostics.size()) + ">";
      });
  def_renderers(checks_cls, "exactly what `kvdtype check --format json` prints (kvdtype.checks/v1)");

  std::string check_doc =
      "check(**request) -> Plan | Checks\n\n"
      "Resolve and check a workload as `kvdtype check` does (the same pipeline). Keywords: the request\n"
      "fields (the CLI's request flags with underscores; see REQUEST_FIELDS):\n";
  for (const kvdtype::fields::RequestField& f : kvdtype::fields::all())
    check_doc += "    " + std::string(f.name) + ": " + std::string(f.help) + "\n";
  check_doc +=
      "and model (a model directory or config.json), command (a launch command: a str of shell text or\n"
      "a list of words, e.g. 'vllm serve M --kv-cache-dtype fp8'), command_file (a file holding one, or a\n"
      "list of files), manifest (Kubernetes YAML or compose files: a path or a list), env ({NAME: VALUE}\n"
      "or 'NAME=VALUE' words: the command's environment), ignore (rule codes to drop), verbose (keep\n"
      "the ignored launch-command flags) and flags (FLAG_* bits). Explicit fields win over the launch\n"
      "command, which wins over the model config. None leaves a field unknown. One workload gives a\n"
      "Plan; several (manifests, several command files, a script with several serving commands,\n"
      "gpu='H100,MI300X') give a Checks, as `kvdtype check` prints kvdtype.checks/v1. Bad input\n"
      "raises kvdtype.BadInputError (a kvdtype.Error); a rejected request is a Plan whose verdict is\n"
      "'error' (raise_if_rejected() raises kvdtype.RejectedError).";
  m.def("check", [](const py::kwargs& kw) { return run(kw, false); }, check_doc.c_str());
  m.def("resolve", [](const py::kwargs& kw) { return run(kw, true); },
        "resolve(**request) -> Plan | Checks: as check(); a Plan's to_json() says kvdtype.resolve/v1 as `kvdtype resolve` does.");

  m.add_object("guard", py::reinterpret_steal<py::object>(PyCFunction_NewEx(&g_guard_def, nullptr, m.attr("__name__").ptr())));

  m.def("format_of", [](py::handle obj) { return std::string(kvdtype::name(format_of(obj))); }, py::arg("obj"),
        "the canonical format name of a tensor, array, dtype, format name or __dlpack__ object");
  m.def("dlpack_dtype", [](py::handle obj) {
        const auto dl = kvdtype::dlpack_type(format_of(obj));
        return dl ? py::object(py::make_tuple(dl->code, dl->bits, dl->lanes)) : py::object(py::none());
      }, py::arg("obj"), "(code, bits, lanes) of the DLPack dtype of a format, or None when DLPack has none");
  m.def("explain", [](const py::str& code, const py::str& format) {
        auto rule = kvdtype::parse_rule_code(text_of(code));
        if (!rule.ok()) raise(rule.error());
        auto f = kvdtype::io::parse_output_format(text_of(format), kvdtype::io::formats_for("explain"), "explain()");
        if (!f.ok()) raise(f.error());
        return kvdtype::io::render_explain(**rule, *f);
      }, py::arg("code"), py::arg("format") = py::str("text"), "the page of a rule, as `kvdtype explain CODE`");
  m.def("formats", [] {
        py::list out;
        for (const kvdtype::Format& f : kvdtype::formats()) out.append(std::string(f.name));
        return out;
      }, "canonical names of every format kvdtype knows");

  py::class_<kvdtype::Capacity>(m, "Capacity", "How many tokens of KV cache fit per GPU (an upper bound: activations and CUDA graphs are not modelled).")
      .def_readonly("gpu_memory_gib", &kvdtype::Capacity::gpu_memory_gib)
      .def_readonly("gpu_memory_utilization", &kvdtype::Capacity::utilization)
      .def_property_readonly("weight_gib_per_gpu", [](const kvdtype::Capacity& c) {
        return c.weights_known ? std::optional<double>(c.weight_gib_per_gpu) : std::nullopt;
      })
      .def_readonly("kv_budget_gib", &kvdtype::Capacity::kv_budget_gib)
      .def_readonly("bytes_per_token", &kvdtype::Capacity::bytes_per_token)
      .def_readonly("tokens", &kvdtype::Capacity::tokens)
      .def_property_readonly("auto_bytes_per_token", [](const kvdtype::Capacity& c) {
        return c.auto_bytes_per_token ? std::optional<std::uint64_t>(c.auto_bytes_per_token) : std::nullopt;
      })
      .def_property_readonly("auto_tokens", [](const kvdtype::Capacity& c) {
        return c.auto_tokens ? std::optional<std::uint64_t>(c.auto_tokens) : std::nullopt;
      })
      .def_property_readonly("gain_vs_auto", [](const kvdtype::Capacity& c) {
        return c.auto_tokens ? std::optional<double>(c.gain) : std::nullopt;
      })
      .def_property_readonly("max_model_len", [](const kvdtype::Capacity& c) {
        return c.max_model_len ? std::optional<std::uint64_t>(c.max_model_len) : std::nullopt;
      })
      .def("__repr__", [](const kvdtype::Capacity& c) {
        return "<kvdtype.Capacity tokens=" + std::to_string(c.tokens) + " auto_tokens=" + std::to_string(c.auto_tokens) + ">";
      });

  py::class_<kvdtype::io::ProbedDevice>(m, "Device", "One GPU of this machine, as `kvdtype probe` lists it.")
      .def_readonly("index", &kvdtype::io::ProbedDevice::index)
      .def_readonly("name", &kvdtype::io::ProbedDevice::name)
      .def_readonly("target", &kvdtype::io::ProbedDevice::target)
      .def_readonly("memory_bytes", &kvdtype::io::ProbedDevice::memory_bytes)
      .def_readonly("via", &kvdtype::io::ProbedDevice::via)
      .def("__repr__", [](const kvdtype::io::ProbedDevice& d) {
        return "<kvdtype.Device " + std::to_string(d.index) + " " + d.target + " " + d.name + ">";
      });
  py::class_<kvdtype::io::ProbeResult>(m, "Probe", "What probe() found: devices and notes.")
      .def_readonly("devices", &kvdtype::io::ProbeResult::devices)
      .def_readonly("notes", &kvdtype::io::ProbeResult::notes)
      .def("__repr__", [](const kvdtype::io::ProbeResult& r) {
        return "<kvdtype.Probe devices=" + std::to_string(r.devices.size()) + ">";
      });
  m.def("probe", [] {
        py::gil_scoped_release unlocked;
        return kvdtype::io::probe();
      }, "probe() -> Probe: this machine's GPUs (driver library at run time, KFD sysfs, else none), as `kvdtype probe`");

  // `python3 -m kvdtype`: the command line itself (kvdtype_cli_lib), not a second parser.
  m.def("_cli_main", [](py::iterable argv) {
        std::vector<std::string> args;
        for (py::handle a : argv) {
          if (!PyUnicode_Check(a.ptr()) && !PyBytes_Check(a.ptr())) raise(PyExc_TypeError, "_cli_main: argv must hold str");
          args.push_back(path_of(a));  // os.fsencode, as the words reached the process
        }
        py::gil_scoped_release unlocked;
        return kvdtype::cli::main(args);
      }, py::arg("argv"), "_cli_main(argv) -> int: run `kvdtype ARGV…` in this process and return its exit status");

  py::tuple fields(kvdtype::embed::request_fields().size());
  std::size_t i = 0;
  for (std::string_view f : kvdtype::embed::request_fields()) fields[i++] = py::str(std::string(f));
  m.attr("REQUEST_FIELDS") = fields;
  m.attr("ROLES") = py::make_tuple("q", "k_cache", "v_cache", "kv_data_type");
  m.attr("FLAG_ROCM_AITER") = static_cast<std::uint32_t>(kvdtype::flag_rocm_aiter);
  m.attr("FLAG_ROCM_AITER_MHA") = static_cast<std::uint32_t>(kvdtype::flag_rocm_aiter_mha);
  m.attr("FLAG_ROCM_AITER_MLA") = static_cast<std::uint32_t>(kvdtype::flag_rocm_aiter_mla);
  m.attr("FLAG_KV_CONNECTOR") = static_cast<std::uint32_t>(kvdtype::flag_kv_connector);
  m.attr("FLAG_DP_ATTENTION") = static_cast<std::uint32_t>(kvdtype::flag_dp_attention);
  m.attr("FLAG_SPECULATIVE") = static_cast<std::uint32_t>(kvdtype::flag_speculative);
  m.attr("__version__") = std::string(kvdtype::version());
}
