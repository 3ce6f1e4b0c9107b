// The fuzzed entry points, shared by the libFuzzer targets (tests/fuzz/fuzz_target.cpp, clang
// with ASan+UBSan) and by the regression test (tests/unit/test_fuzz_regressions.cpp, the normal
// g++ build), so that a crashing input found by the fuzzer replays through exactly the same code
// in every CI build.
//
// Each entry point takes raw bytes, drives one public parser (and what a face would do with its
// result), and checks invariants the contract promises beyond "does not crash":
//   - an Error's message is one printable line (the CLI prints it as its single stderr line);
//   - the same input gives the same answer twice (no hidden state, no uninitialised reads);
//   - what parses round-trips through its canonical name;
//   - rendered JSON is valid JSON with the schema the contract names.
// A violated invariant throws kvdtype::fuzz::Violation; under libFuzzer the target aborts on it
// (a crash with the message), under GoogleTest it is a test failure naming the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/text.hpp"
#include "sources/installed/python_facts.hpp"
#include "sources/shell/shell.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/script.hpp"
#include "kvdtype/io/check_request.hpp"
#include "kvdtype/io/model_config.hpp"
#include "common/json_text.hpp"
#include "kvdtype/io/render.hpp"
#include "kvdtype/kvdtype.h"
#include "kvdtype/kvdtype.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace kvdtype::fuzz {

struct Violation : std::logic_error {
  using std::logic_error::logic_error;
};

inline void require(bool ok, std::string_view what) {
  if (!ok) throw Violation(std::string(what));
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// One line, no terminal control bytes: what `kvdtype` prints on stderr for bad input must not be
// able to move the cursor, clear the screen or add a line.
inline bool one_printable_line(std::string_view s) {
  for (unsigned char c : s)
    if (c < 0x20 || c == 0x7f) return false;
  return true;
}

// What any text output may hold (docs/reliability.md): valid UTF-8 without C0 controls other
// than newline and tab, DEL, C1 controls or bidirectional overrides — escape_text() leaves it as is.
inline bool terminal_safe(std::string_view s) {
  return detail::is_clean_text(s, {.newlines = true});
}

inline void require_error_message(const Error& e, std::string_view where) {
  require(!e.message.empty(), std::string(where) + ": empty error message");
  require(one_printable_line(e.message), std::string(where) + ": error message is not one printable line: " + e.message);
  // The faces escape it (CLI, kvd_last_error, Python): what they print is always clean.
  require(detail::is_clean_text(detail::escape_text(e.message)), std::string(where) + ": escaped message not clean");
  const auto code = static_cast<int>(e.code);
  require(code >= 1 && code <= 5, std::string(where) + ": error code out of range");
}

template <class T>
void require_same_outcome(const Result<T>& a, const Result<T>& b, std::string_view where) {
  require(a.ok() == b.ok(), std::string(where) + ": two calls disagree on success");
  if (!a.ok()) require(a.error().message == b.error().message, std::string(where) + ": two calls give different errors");
}

inline Engine engine_from_byte(std::uint8_t b) { return static_cast<Engine>(b % 4); }

// ---- parse_cache_dtype: first byte picks the engine, the rest is the user's string -------------
inline void cache_dtype(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const Engine engine = engine_from_byte(data[0]);
  const std::string_view text = as_text(data + 1, size - 1);
  const auto r = parse_cache_dtype(engine, text);
  require_same_outcome(r, parse_cache_dtype(engine, text), "parse_cache_dtype");
  if (!r.ok()) return require_error_message(r.error(), "parse_cache_dtype");
  const CacheDtype* row = *r;
  require(row != nullptr && row->engine == engine, "parse_cache_dtype: row of another engine");
  require(find_cache_dtype(engine, row->name) == row, "parse_cache_dtype: row not found by its own name");
  require(!row->internal, "parse_cache_dtype: an internal layout was accepted as a user string");
  (void)name(row->quant);
}

// ---- parse_target ---------------------------------------------------------------------------------
inline void target(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = as_text(data, size);
  const auto r = parse_target(text);
  require_same_outcome(r, parse_target(text), "parse_target");
  if (!r.ok()) return require_error_message(r.error(), "parse_target");
  require(r->target != nullptr, "parse_target: ok without a target");
  require(find_target(r->target->name) == r->target, "parse_target: target not found by its canonical name");
  if (r->product != nullptr) require(r->product->target == r->target->name, "parse_target: product of another target");
  // The canonical name parses to itself.
  const auto again = parse_target(r->target->name);
  require(again.ok() && again->target == r->target, "parse_target: canonical name does not round-trip");
}

// ---- parse_format, format_from_dlpack, dlpack_type, decode/encode ------------------------------
inline void format_names(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = as_text(data, size);
  const auto r = parse_format(text);
  require_same_outcome(r, parse_format(text), "parse_format");
  if (r.ok()) {
    require(static_cast<std::size_t>(*r) < kFormatCount, "parse_format: id out of range");
    const auto again = parse_format(name(*r));
    require(again.ok() && *again == *r, "parse_format: canonical name does not round-trip");
  } else {
    require_error_message(r.error(), "parse_format");
  }
  (void)nearest_format_names(text, 1 + (size % 5));

  // The first 4 bytes as a DLPack dtype (code, bits, lanes).
  if (size >= 4) {
    const std::uint8_t code = data[0], bits = data[1];
    const auto lanes = static_cast<std::uint16_t>(data[2] | (data[3] << 8));
    if (const auto f = format_from_dlpack(code, bits, lanes)) {
      const auto dl = dlpack_type(*f);
      require(dl.has_value(), "format_from_dlpack: a format without a DLPack type");
      require(dl->code == code && dl->bits == bits && dl->lanes == lanes, "format_from_dlpack: does not round-trip");
    }
  }
  // Byte 0 picks a format, bytes 1..8 a code and a double: the reference conversion.
  if (size >= 9) {
    const auto id = static_cast<FormatId>(data[0] % kFormatCount);
    std::uint32_t code = 0;
    std::memcpy(&code, data + 1, sizeof code);
    double value = 0;
    std::memcpy(&value, data + 1, sizeof value);
    const std::uint32_t n = code_count(id);
    if (const auto v = decode(id, code)) {
      // code_count() is 0 for float32 (more than 16 bits): only narrower formats are counted.
      require(n != 0 || format(id).bits > 16, "decode: a value for a format without codes");
      if (*v == *v) {  // not NaN: the code of a value decodes to that value
        const auto back = encode(id, *v);
        require(back.has_value(), "encode: no code for a decoded value");
        const auto v2 = decode(id, *back);
        require(v2.has_value() && *v2 == *v, "encode(decode(c)) does not decode to the same value");
      }
    }
    for (Overflow o : {Overflow::nonsaturating, Overflow::saturate})
      if (const auto c = encode(id, value, o)) require(n == 0 || *c < n, "encode: code out of range");
  }
}

// ---- engine versions, engines, attention kinds, output formats, roles -----------------------
inline void version(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = as_text(data, size);
  const auto v = parse_version(text);
  require_same_outcome(v, parse_version(text), "parse_version");
  if (v.ok()) {
    require(v->known, "parse_version: ok but not known");
    require(!(*v < *v), "parse_version: a version below itself");
    // The same version without its pre and dev parts sorts above a pre-release. The post part
    // stays: 1.0.post1.dev1 is a pre-release of 1.0.post1 (pip's is_prerelease), above 1.0.
    // The canonical spelling parses back to an equal version (pip's order is a total order).
    Version release = *v;
    release.pre = Version::Pre::none;
    release.dev = Version::kNone;
    if (v->pre_release) require(*v < release, "parse_version: a pre-release not below its release");
    const auto again = parse_version(to_string(*v));
    require(again.ok() && *again == *v, "parse_version: canonical spelling does not round-trip");
  } else {
    require_error_message(v.error(), "parse_version");
  }
  // llama.cpp's build numbers: a build, printed as "bNNNN", that parses back to itself.
  if (const auto b = parse_version(Engine::llamacpp, text); b.ok()) {
    require(b->known && b->build, "parse_version(llamacpp): ok but not a build");
    const auto again = parse_version(Engine::llamacpp, to_string(*b));
    require(again.ok() && *again == *b, "parse_version(llamacpp): canonical spelling does not round-trip");
  } else {
    require_error_message(b.error(), "parse_version(llamacpp)");
  }
  if (auto e = parse_engine(text); !e.ok()) require_error_message(e.error(), "parse_engine");
  if (auto a = parse_attention(text); a.ok()) {
    const auto again = parse_attention(name(*a));
    require(again.ok() && *again == *a, "parse_attention: canonical name does not round-trip");
  } else {
    require_error_message(a.error(), "parse_attention");
  }
  if (auto f = io::parse_output_format(text); !f.ok()) require_error_message(f.error(), "parse_output_format");
  if (auto r = parse_role(text); r.ok()) {
    const auto again = parse_role(name(*r));
    require(again.ok() && *again == *r, "parse_role: canonical name does not round-trip");
  } else {
    require_error_message(r.error(), "parse_role");
  }
}

// ---- rule codes (and backends by name: both are "a name from a table") ---------------------------
inline void rule_code(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const std::string_view text = as_text(data + 1, size - 1);
  const auto r = parse_rule_code(text);
  require_same_outcome(r, parse_rule_code(text), "parse_rule_code");
  if (r.ok()) {
    require(*r != nullptr && find_rule((*r)->code) == *r, "parse_rule_code: rule not found by its code");
    const auto fmt = static_cast<io::OutputFormat>(data[0] % 3);
    const std::string page = io::render_explain(**r, fmt);
    require(!page.empty(), "render_explain: empty page");
    if (fmt == io::OutputFormat::json) {
      const auto j = nlohmann::json::parse(page, nullptr, false);
      require(!j.is_discarded() && j.is_object(), "render_explain: invalid JSON");
    }
  } else {
    require_error_message(r.error(), "parse_rule_code");
  }
  (void)io::rule_page(text);
  const Engine engine = engine_from_byte(data[0] >> 2);
  if (const auto b = parse_backend(engine, text); b.ok()) {
    require(*b != nullptr && (*b)->engine == engine, "parse_backend: backend of another engine");
    require(find_backend(engine, (*b)->name) == *b, "parse_backend: backend not found by its name");
  } else {
    require_error_message(b.error(), "parse_backend");
  }
}

// ---- the request path: RequestInput → make_request → check → every renderer → guard ------------

// What a face does with a parsed request: check it, render it in every format, build a guard.
inline void check_and_render(const Request& request) {
  const Report report = check(request);
  const Report again = check(request);
  require(report.verdict() == again.verdict() && report.diagnostics.size() == again.diagnostics.size(),
          "check: two calls disagree");
  // A known cache size is never 0 bytes and the whole model holds at least one layer's worth
  // (a wrapped 32-bit product once reported 0 for 65536 KV heads of 65536).
  if (report.plan.bytes_per_token_per_layer) {
    require(*report.plan.bytes_per_token_per_layer > 0, "resolve: 0 bytes per token per layer");
    if (report.plan.bytes_per_token)
      require(*report.plan.bytes_per_token >= *report.plan.bytes_per_token_per_layer, "resolve: total below one layer");
  }
  const auto cap = capacity(report);
  io::ReportExtras extras;
  extras.capacity = cap;
  for (const auto fmt : {io::OutputFormat::text, io::OutputFormat::json, io::OutputFormat::markdown}) {
    const std::string out = io::render_report(report, fmt, "check", {}, &extras);
    require(out == io::render_report(again, fmt, "check", {}, &extras), "render_report: two renderings differ");
    if (fmt == io::OutputFormat::json) {
      const auto j = nlohmann::json::parse(out, nullptr, false);
      require(!j.is_discarded() && j.is_object(), "render_report: invalid JSON");
      require(j.value("schema", "") == "kvdtype.check/v1", "render_report: wrong schema");
      require(j.value("verdict", "") == std::string(name(report.verdict())), "render_report: verdict differs");
    }
  }
  (void)io::render_report(report, io::OutputFormat::text, "resolve", io::TextStyle{true}, nullptr);
  for (const Diagnostic& d : report.diagnostics) {
    require(d.rule != nullptr, "check: a diagnostic without a rule");
    require(one_printable_line(message(d, report)), "message(): not one printable line");
    require(one_printable_line(fix(d, report)), "fix(): not one printable line");
  }
  const Guard guard(report.plan);
  for (std::size_t role = 0; role < kRoleCount; ++role) {
    for (std::size_t f = 0; f < kFormatCount; ++f) {
      const auto r = static_cast<Role>(role);
      const auto id = static_cast<FormatId>(f);
      const bool ok = guard.ok(r, id);
      const auto failure = guard.check(r, id);
      require(ok == !failure.has_value(), "Guard: ok() and check() disagree");
      (void)guard.expected_last_dim(r, id, request.geometry.head_size);
    }
  }
}

// "field=value" lines (RequestInput::set spellings; "flags=N" sets the RequestFlag bits).
inline RequestInput request_input_from(std::string_view text) {
  RequestInput in;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string_view key = line.substr(0, eq), value = line.substr(eq + 1);
    if (key == "flags") {
      std::uint32_t bits = 0;
      for (char c : value) bits = bits * 10 + static_cast<std::uint32_t>(static_cast<unsigned char>(c) % 10);
      in.flags = bits;
    } else {
      (void)in.set(key, value);
    }
  }
  return in;
}

inline void request(const std::uint8_t* data, std::size_t size) {
  const RequestInput in = request_input_from(as_text(data, size));
  const auto r = make_request(in);
  require_same_outcome(r, make_request(in), "make_request");
  if (!r.ok()) return require_error_message(r.error(), "make_request");
  check_and_render(*r);
}

// ---- launch commands: split_command + parse_launch_command (+ the request they make) ------------
inline void launch(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = as_text(data, size);
  std::vector<std::string> argv;
  if (text.find('\0') != std::string_view::npos) {
    // NUL-separated: argv exactly as a process would receive it (`kvdtype check -- …`).
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i)
      if (i == text.size() || text[i] == '\0') {
        argv.emplace_back(text.substr(start, i - start));
        start = i + 1;
      }
  } else {
    const auto words = io::split_command(text);
    require_same_outcome(words, io::split_command(text), "split_command");
    if (!words.ok()) return require_error_message(words.error(), "split_command");
    argv = *words;
  }
  // The same words as `kvdtype check` flags (the lint's trigger reader).
  if (const auto args = io::request_from_args(argv); !args.ok()) require_error_message(args.error(), "request_from_args");
  if (argv.empty()) return;
  const auto cmd = io::parse_launch_command(argv);
  require_same_outcome(cmd, io::parse_launch_command(argv), "parse_launch_command");
  if (!cmd.ok()) return require_error_message(cmd.error(), "parse_launch_command");
  const auto r = make_request(cmd->input);
  if (!r.ok()) return require_error_message(r.error(), "make_request (launch)");
  check_and_render(*r);
  // `kvdtype check -v`: the ignored words (any bytes) rendered in every format.
  {
    const Report report = check(*r);
    io::ReportExtras extras;
    extras.ignored_flags = cmd->ignored;
    extras.notes.push_back("model config: " + cmd->model);
    for (const auto fmt : {io::OutputFormat::text, io::OutputFormat::json, io::OutputFormat::markdown}) {
      for (const bool color : {false, true}) {
        const std::string out = io::render_report(report, fmt, "check", io::TextStyle{color}, &extras);
        if (fmt == io::OutputFormat::json) {
          const auto j = nlohmann::json::parse(out, nullptr, false);
          require(!j.is_discarded() && j.is_object(), "render_report -v: invalid JSON");
          if (!cmd->ignored.empty()) require(j.contains("ignored_flags"), "render_report -v: ignored_flags missing");
        } else if (!color) {
          require(terminal_safe(out), "render_report -v: text output not terminal-safe");
        }
      }
    }
  }
  if (cmd->draft) {
    RequestInput d = cmd->input;
    d.set("tensor_parallel_size", cmd->draft->tensor_parallel_size.empty() ? d.tensor_parallel_size
                                                                            : cmd->draft->tensor_parallel_size);
    if (!cmd->draft->model_dtype.empty()) d.model_dtype = cmd->draft->model_dtype;
    if (!cmd->draft->backend.empty()) d.backend = cmd->draft->backend;
    d.flags |= cmd->draft->flags;
    if (const auto dr = make_request(d); dr.ok()) (void)check(*dr);
    else require_error_message(dr.error(), "make_request (drafter)");
  }
}

// ---- config.json (an optional hf_quant_config.json after a line "#hf_quant_config.json") ---------
inline void model_config(const std::uint8_t* data, std::size_t size) {
  std::string_view text = as_text(data, size), hf_quant;
  constexpr std::string_view kSplit = "\n#hf_quant_config.json\n";
  if (const std::size_t at = text.find(kSplit); at != std::string_view::npos) {
    hf_quant = text.substr(at + kSplit.size());
    text = text.substr(0, at);
  }
  const auto cfg = io::parse_model_config(text, "config.json", hf_quant);
  require_same_outcome(cfg, io::parse_model_config(text, "config.json", hf_quant), "parse_model_config");
  if (!cfg.ok()) return require_error_message(cfg.error(), "parse_model_config");
  RequestInput in = cfg->input;
  in.gpu = "H100";
  in.kv_cache_dtype = "fp8";
  const auto r = make_request(in);
  if (!r.ok()) return require_error_message(r.error(), "make_request (config)");
  check_and_render(*r);
}

// ---- shell splitting alone: every command of a script, with its invariants ---------------------
inline void shell_split(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = as_text(data, size);
  const auto commands = io::detail::split_commands(text);
  const auto again = io::detail::split_commands(text);
  require(commands.ok() == again.ok(), "split_commands: two calls disagree");
  if (!commands.ok()) return require_error_message(commands.error(), "split_commands");
  require(*commands == *again, "split_commands: two calls give different words");
  std::size_t words = 0;
  for (const io::detail::ShellCommand& c : *commands) {
    require(!c.empty(), "split_commands: an empty command");
    words += c.size();
    for (const std::string& w : c) require(w.size() <= size, "split_commands: a word longer than the input");
  }
  require(words <= io::detail::kMaxCommandWords, "split_commands: more words than the cap");
  // split_command picks the serving command (or the last one) with the environment before it,
  // expanded as the shell would: within the script reader's byte budget (8 × the text + 1 MiB).
  const auto picked = io::split_command(text);
  if (!picked.ok()) return require_error_message(picked.error(), "split_command");
  std::size_t bytes = 0;
  for (const std::string& w : *picked) bytes += w.size();
  require(bytes <= 8 * size + (1u << 20), "split_command: the command outgrew the expansion budget");
}

// ---- a script read as a shell would read it, alone (kvdtype/io/script.hpp) ---------------------
// Parse-only: the walk, expansion, arrays, functions, loops, here-documents; no check. Two
// readings agree; every command found is a serving command; everything produced stays within
// the budget; lines point into the text.
inline void script(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = as_text(data, size);
  const auto r = io::read_script(text, {});
  const auto again = io::read_script(text, {});
  require(r.ok() == again.ok(), "read_script: two readings disagree");
  if (!r.ok()) return require_error_message(r.error(), "read_script");
  require(r->commands.size() == again->commands.size() && r->other_programs == again->other_programs,
          "read_script: two readings find different commands");
  const std::size_t lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < r->commands.size(); ++i) {
    const io::ScriptCommand& c = r->commands[i];
    require(c.words == again->commands[i].words, "read_script: two readings expand differently");
    require(c.line >= 1 && static_cast<std::size_t>(c.line) <= lines, "read_script: a line outside the text");
    require(io::is_serving_command(c.words), "read_script: a command that is not a server");
    for (const std::string& w : c.words) bytes += w.size();
    for (const io::ScriptFile& f : c.files) bytes += f.text.size() + f.path.size();
  }
  require(bytes <= 8 * size + (1u << 20), "read_script: more bytes than the budget");
  require(r->other_programs.size() <= 8, "read_script: more than 8 other programs named");
}

// ---- launch commands parsed only: split_command + parse_launch_command, no check ---------------
inline void launch_parse(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = as_text(data, size);
  const auto words = io::split_command(text);
  if (!words.ok()) return require_error_message(words.error(), "split_command");
  if (words->empty()) return;
  const auto cmd = io::parse_launch_command(*words);
  require_same_outcome(cmd, io::parse_launch_command(*words), "parse_launch_command");
  if (!cmd.ok()) return require_error_message(cmd.error(), "parse_launch_command");
  for (const auto& b : cmd->refused_values) require(!b.flag.empty() && !b.why.empty(), "parse_launch_command: a bad value unnamed");
}

// ---- rendering arbitrary words: escape_text, the JSON writer and every renderer ------------------
// Byte 0 picks the format and colour; the rest is split on NUL into ignored flags and notes.
inline void render(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const std::string_view text = as_text(data + 1, size - 1);
  const std::string escaped = detail::escape_text(text);
  require(detail::is_clean_text(escaped), "escape_text: result not clean");
  require(detail::escape_text(escaped) == escaped, "escape_text: not idempotent");
  const std::string kept = detail::escape_text(text, {.newlines = true});
  require(terminal_safe(kept), "escape_text (newlines kept): result not terminal-safe");
  const std::string cut = detail::shorten_middle(escaped, data[0] % 128 + 1);
  require(cut.size() <= data[0] % 128 + 1u || escaped.size() <= data[0] % 128 + 1u, "shorten_middle: too long");
  require(detail::escape_text(cut) == cut, "shorten_middle: split a UTF-8 sequence");

  io::ReportExtras extras;
  std::size_t start = 0, piece = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == '\0') {
      (piece++ % 2 ? extras.notes : extras.ignored_flags).emplace_back(text.substr(start, i - start));
      start = i + 1;
    }
  RequestInput in;
  in.gpu = "H100";
  const auto r = make_request(in);
  require(r.ok(), "make_request: H100 refused");
  const Report report = check(*r);
  const auto fmt = static_cast<io::OutputFormat>(data[0] % 3);
  const bool color = (data[0] & 0x80) != 0;
  const std::string out = io::render_report(report, fmt, "check", io::TextStyle{color}, &extras);
  if (fmt == io::OutputFormat::json) {
    const auto j = nlohmann::json::parse(out, nullptr, false);
    require(!j.is_discarded() && j.is_object(), "render_report: invalid JSON from arbitrary words");
    require(j["ignored_flags"].size() == extras.ignored_flags.size(), "render_report: ignored_flags lost");
  } else if (!color) {
    require(terminal_safe(out), "render_report: text output not terminal-safe");
  } else {
    require(detail::is_clean_text(out, {.newlines = true, .sgr = true}), "render_report: coloured output unsafe");
  }
  nlohmann::ordered_json j{{"words", extras.ignored_flags}, {text.substr(0, 8), 1}};
  const std::string dumped = io::dump_json(j);
  require(!nlohmann::json::parse(dumped, nullptr, false).is_discarded(), "dump_json: invalid JSON");
}

// ---- the C ABI: the bytes are a program of C ABI calls ---------------------------------------------

class Bytes {
 public:
  Bytes(const std::uint8_t* d, std::size_t n) : d_(d), n_(n) {}
  [[nodiscard]] bool empty() const { return i_ >= n_; }
  std::uint8_t u8() { return i_ < n_ ? d_[i_++] : 0; }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int k = 0; k < 4; ++k) v |= static_cast<std::uint32_t>(u8()) << (8 * k);
    return v;
  }
  // A string argument: a length byte (0xFF: NULL), then that many bytes (NUL bytes end it early
  // as they would in C).
  bool str(std::string& out) {
    const std::uint8_t len = u8();
    if (len == 0xFF) return false;
    const std::size_t n = std::min<std::size_t>(len, n_ - std::min(i_, n_));
    out.assign(reinterpret_cast<const char*>(d_ + i_), n);
    i_ += n;
    if (const std::size_t nul = out.find('\0'); nul != std::string::npos) out.resize(nul);
    return true;
  }

 private:
  const std::uint8_t* d_;
  std::size_t n_, i_ = 0;
};

inline bool known_status(kvd_status s) {
  return (s >= KVD_OK && s <= KVD_ERR_UNSUPPORTED) || (s >= KVD_ERR_NULL_ARGUMENT && s <= KVD_ERR_INTERNAL) ||
         s == KVD_ERR_SEVERAL_WORKLOADS || s == KVD_REFUSED;
}

inline void require_status(kvd_status s, std::string_view call) {
  require(known_status(s), std::string(call) + ": unknown status " + std::to_string(s));
  require(s != KVD_ERR_INTERNAL, std::string(call) + ": internal error: " + kvd_last_error());
  if (s != KVD_OK) {
    const std::string_view msg = kvd_last_error();
    require(!msg.empty(), std::string(call) + ": failed without a message");
    require(one_printable_line(msg), std::string(call) + ": message is not one printable line: " + std::string(msg));
  }
}

// A caller-owned buffer of exactly `size` bytes (ASan sees a write past it), or NULL (bit 6),
// possibly with a size > 0 (a caller bug the library must refuse).
struct Buffer {
  std::vector<char> bytes;
  char* ptr = nullptr;
  std::size_t size = 0;
  explicit Buffer(std::uint8_t sel) {
    static constexpr std::size_t kSizes[] = {0, 1, 2, 7, 64, 200, 4096, 1 << 16};
    size = kSizes[sel % 8];
    if (sel & 0x40) return;
    bytes.assign(size == 0 ? 1 : size, '\x55');  // a 0-byte buffer still needs an address
    ptr = bytes.data();
  }
};

// snprintf-style contract of every (buf, buf_size, required) call.
inline void require_copy_out(kvd_status s, const Buffer& b, bool asked, std::size_t required, std::string_view call) {
  require_status(s, call);
  if (b.ptr == nullptr && b.size > 0) require(s == KVD_ERR_NULL_ARGUMENT || s == KVD_ERR_OUT_OF_RANGE || s == KVD_ERR_UNKNOWN_NAME,
                                              std::string(call) + ": NULL buf with buf_size > 0 accepted");
  if (b.ptr != nullptr && b.size == 0) require(b.bytes[0] == '\x55', std::string(call) + ": wrote into a 0-byte buffer");
  if (s == KVD_OK && b.ptr != nullptr && b.size > 0) {
    const std::size_t len = ::strnlen(b.ptr, b.size);
    require(len < b.size, std::string(call) + ": OK but not NUL-terminated");
    if (asked) require(required == len + 1, std::string(call) + ": required differs from the text written");
  }
  if (s == KVD_ERR_BUFFER_TOO_SMALL) {
    if (b.size > 0) require(::strnlen(b.ptr, b.size) == b.size - 1, std::string(call) + ": prefix not NUL-terminated");
    if (asked) require(required > b.size, std::string(call) + ": too small, yet required fits");
  }
}

inline void c_abi(const std::uint8_t* data, std::size_t size) {
  static constexpr const char* kFields[] = {
      "engine", "engine-version", "gpu", "kv-cache-dtype", "model-dtype", "attention", "backend", "q-dtype",
      "kv-dtype", "kv-storage-dtype", "checkpoint-kv-cache-dtype", "kv-scales", "tensor-parallel-size",
      "data-parallel-size", "block-size", "num-heads", "num-kv-heads", "head-size", "head-size-v", "num-layers",
      "num-kv-layers", "kv-lora-rank", "qk-rope-head-dim", "qk-nope-head-dim", "index-topk", "gpu-memory-gib",
      "gpu-memory-utilization", "max-model-len", "weight-gib", "model"};
  static constexpr std::size_t kNumFields = sizeof kFields / sizeof kFields[0];
  Bytes in(data, size);
  kvd_request* req[2] = {nullptr, nullptr};
  kvd_report* rep[2] = {nullptr, nullptr};
  kvd_guard* grd[2] = {nullptr, nullptr};
  std::string s1, s2;
  int steps = 0;
  while (!in.empty() && ++steps < 64) {
    const std::uint8_t op = in.u8();
    const std::size_t slot = (op >> 7) & 1u;
    switch (op % 24) {
      case 0:
        kvd_request_free(req[slot]);
        req[slot] = nullptr;
        require_status(kvd_request_new(&req[slot]), "kvd_request_new");
        break;
      case 1:
        kvd_request_free(req[slot]);
        req[slot] = nullptr;
        break;
      case 2: {
        kvd_request* copy = nullptr;
        const kvd_status s = kvd_request_clone(req[slot], &copy);
        require_status(s, "kvd_request_clone");
        require((s == KVD_OK) == (copy != nullptr), "kvd_request_clone: status and handle disagree");
        kvd_request_free(req[1 - slot]);
        req[1 - slot] = copy;
        break;
      }
      case 3: {
        // A field by index (mostly) or as raw bytes; the value as raw bytes.
        const std::uint8_t f = in.u8();
        const bool have_field = (f & 0x80) ? in.str(s1) : (s1 = kFields[f % kNumFields], true);
        const bool have_value = in.str(s2);
        // A model is read from disk: keep the fuzzer off the file system (parse_model_config has
        // its own target) by pointing it nowhere.
        if (have_field && s1.find("model") != std::string::npos && s1.find("dtype") == std::string::npos)
          s2 = s2.empty() ? "" : "/nonexistent/kvdtype-fuzz/config.json";
        require_status(kvd_request_set(req[slot], have_field ? s1.c_str() : nullptr, have_value ? s2.c_str() : nullptr),
                       "kvd_request_set");
        break;
      }
      case 4: require_status(kvd_request_set_flags(req[slot], in.u32()), "kvd_request_set_flags"); break;
      case 5:
      case 6: {
        kvd_report_free(rep[slot]);
        rep[slot] = nullptr;
        const bool null_out = (in.u8() & 0x0F) == 0x0F;
        const kvd_status s = (op % 24 == 5) ? kvd_check(req[slot], null_out ? nullptr : &rep[slot])
                                            : kvd_resolve(req[slot], null_out ? nullptr : &rep[slot]);
        require_status(s, "kvd_check");
        require((s == KVD_OK) == (rep[slot] != nullptr), "kvd_check: status and report disagree");
        break;
      }
      case 7:
        kvd_report_free(rep[slot]);
        rep[slot] = nullptr;
        break;
      case 8: {
        kvd_verdict v = -1;
        const kvd_status s = kvd_report_verdict(rep[slot], &v);
        require_status(s, "kvd_report_verdict");
        if (s == KVD_OK) require(v >= KVD_VERDICT_OK && v <= KVD_VERDICT_INCOMPLETE, "kvd_report_verdict: out of range");
        break;
      }
      case 9: {
        // A caller struct of any size, allocated at exactly that size.
        static constexpr std::uint32_t kSizes[] = {0, 3, 4, 8, 24, sizeof(kvd_plan_info) - 8, sizeof(kvd_plan_info),
                                                   sizeof(kvd_plan_info) + 16};
        const std::uint32_t n = kSizes[in.u8() % 8];
        std::vector<std::uint64_t> storage((std::max<std::uint32_t>(n, 4) + 7) / 8);
        auto* p = reinterpret_cast<kvd_plan_info*>(storage.data());
        std::memcpy(p, &n, sizeof n);
        const kvd_status s = kvd_report_plan(rep[slot], p);
        require_status(s, "kvd_report_plan");
        if (s == KVD_OK) {
          std::uint32_t filled = 0;
          std::memcpy(&filled, p, sizeof filled);
          require(filled <= n && filled <= sizeof(kvd_plan_info), "kvd_report_plan: filled more than given");
        }
        break;
      }
      case 10: {
        const auto fmt = static_cast<kvd_render_format>(static_cast<std::int8_t>(in.u8()) % 5);
        const Buffer b(in.u8());
        const bool ask = (in.u8() & 1) != 0;
        std::size_t required = 0;
        const kvd_status s = kvd_report_render(rep[slot], fmt, b.ptr, b.size, ask ? &required : nullptr);
        require_copy_out(s, b, ask, required, "kvd_report_render");
        if (s == KVD_OK && ask && fmt == KVD_RENDER_JSON && b.ptr != nullptr && b.size >= required) {
          const auto j = nlohmann::json::parse(std::string_view(b.ptr, required - 1), nullptr, false);
          require(!j.is_discarded(), "kvd_report_render: invalid JSON");
        }
        break;
      }
      case 11: {
        std::size_t count = 0;
        const kvd_status sc = kvd_report_diagnostic_count(rep[slot], &count);
        require_status(sc, "kvd_report_diagnostic_count");
        const std::size_t index = in.u8() % 8;
        kvd_severity sev = -1;
        require_status(kvd_report_diagnostic_severity(rep[slot], index, &sev), "kvd_report_diagnostic_severity");
        const auto field = static_cast<kvd_diagnostic_field>(static_cast<std::int8_t>(in.u8()) % 9);
        const Buffer b(in.u8());
        std::size_t required = 0;
        const kvd_status s = kvd_report_diagnostic_string(rep[slot], index, field, b.ptr, b.size, &required);
        require_copy_out(s, b, true, required, "kvd_report_diagnostic_string");
        if (sc == KVD_OK && index >= count) require(s == KVD_ERR_OUT_OF_RANGE, "diagnostic index past count accepted");
        break;
      }
      case 12: {
        int fired = -1;
        const bool have = in.str(s1);
        const kvd_status s = kvd_report_fired(rep[slot], have ? s1.c_str() : nullptr, &fired);
        require_status(s, "kvd_report_fired");
        if (s == KVD_OK) require(fired == 0 || fired == 1, "kvd_report_fired: not 0/1");
        break;
      }
      case 13: {
        const bool have = in.str(s1);
        const auto fmt = static_cast<kvd_render_format>(static_cast<std::int8_t>(in.u8()) % 5);
        const Buffer b(in.u8());
        std::size_t required = 0;
        const bool ask = (in.u8() & 1) != 0;
        // The call first: `required` is read after it (argument evaluation order is unspecified).
        const kvd_status s = kvd_explain(have ? s1.c_str() : nullptr, fmt, b.ptr, b.size, ask ? &required : nullptr);
        require_copy_out(s, b, ask, required, "kvd_explain");
        break;
      }
      case 14: {
        kvd_role role = -1;
        const bool have = in.str(s1);
        require_status(kvd_role_from_name(have ? s1.c_str() : nullptr, &role), "kvd_role_from_name");
        break;
      }
      case 15: {
        kvd_guard_free(grd[slot]);
        grd[slot] = nullptr;
        const kvd_status s = kvd_guard_new(rep[slot], &grd[slot]);
        require_status(s, "kvd_guard_new");
        require((s == KVD_OK) == (grd[slot] != nullptr), "kvd_guard_new: status and handle disagree");
        break;
      }
      case 16:
        kvd_guard_free(grd[slot]);
        grd[slot] = nullptr;
        break;
      case 17: {
        const auto role = static_cast<kvd_role>(static_cast<std::int8_t>(in.u8()));
        const std::uint32_t raw = in.u32();
        const kvd_dtype dt{static_cast<std::uint8_t>(raw), static_cast<std::uint8_t>(raw >> 8),
                           static_cast<std::uint16_t>(raw >> 16)};
        const char* code = "unset";
        const kvd_status s = kvd_guard_check(grd[slot], role, dt, &code);
        require_status(s, "kvd_guard_check");
        if (s == KVD_OK) require(code == nullptr, "kvd_guard_check: OK with a rule code");
        if (s == KVD_REFUSED) require(code != nullptr, "kvd_guard_check: refused without a rule code");
        break;
      }
      case 18: {
        const auto role = static_cast<kvd_role>(static_cast<std::int8_t>(in.u8()));
        const bool have = in.str(s1);
        require_status(kvd_guard_check_name(grd[slot], role, have ? s1.c_str() : nullptr, nullptr),
                       "kvd_guard_check_name");
        break;
      }
      case 19: {
        const auto role = static_cast<kvd_role>(static_cast<std::int8_t>(in.u8()));
        const std::uint32_t raw = in.u32();
        const kvd_dtype dt{static_cast<std::uint8_t>(raw), static_cast<std::uint8_t>(raw >> 8),
                           static_cast<std::uint16_t>(raw >> 16)};
        std::uint32_t last = 0;
        require_status(kvd_guard_expected_last_dim(grd[slot], role, dt, in.u32(), &last), "kvd_guard_expected_last_dim");
        break;
      }
      case 20: {
        const bool have = in.str(s1);
        const char* canonical = nullptr;
        const kvd_status s = kvd_format_canonical(have ? s1.c_str() : nullptr, &canonical);
        require_status(s, "kvd_format_canonical");
        kvd_dtype dt{};
        const kvd_status sd = kvd_format_dtype(have ? s1.c_str() : nullptr, &dt);
        require_status(sd, "kvd_format_dtype");
        if (sd == KVD_OK) {
          const char* back = nullptr;
          require(kvd_format_name(dt, &back) == KVD_OK && canonical != nullptr && std::strcmp(back, canonical) == 0,
                  "kvd_format_dtype/kvd_format_name do not round-trip");
        }
        break;
      }
      case 21: {
        const std::uint32_t raw = in.u32();
        const kvd_dtype dt{static_cast<std::uint8_t>(raw), static_cast<std::uint8_t>(raw >> 8),
                           static_cast<std::uint16_t>(raw >> 16)};
        const char* n = nullptr;
        require_status(kvd_format_name(dt, (raw & 0x80000000u) ? nullptr : &n), "kvd_format_name");
        break;
      }
      case 22: {
        require(kvd_status_name(static_cast<kvd_status>(in.u32())) != nullptr, "kvd_status_name: NULL");
        require(kvd_last_error() != nullptr, "kvd_last_error: NULL");
        require(kvd_abi_version() >= 1 && kvd_version_string() != nullptr, "version calls");
        break;
      }
      case 23: {
        // NULL for every out pointer.
        require_status(kvd_request_new(nullptr), "kvd_request_new(NULL)");
        require_status(kvd_check(req[slot], nullptr), "kvd_check(NULL)");
        require_status(kvd_report_verdict(rep[slot], nullptr), "kvd_report_verdict(NULL)");
        require_status(kvd_report_plan(rep[slot], nullptr), "kvd_report_plan(NULL)");
        require_status(kvd_report_diagnostic_count(rep[slot], nullptr), "kvd_report_diagnostic_count(NULL)");
        require_status(kvd_guard_new(rep[slot], nullptr), "kvd_guard_new(NULL)");
        require_status(kvd_role_from_name("q", nullptr), "kvd_role_from_name(NULL)");
        require_status(kvd_format_canonical("bf16", nullptr), "kvd_format_canonical(NULL)");
        std::uint32_t last = 0;
        require_status(kvd_guard_expected_last_dim(grd[slot], KVD_ROLE_K_CACHE, kvd_dtype{KVD_DL_UINT, 8, 1}, 576,
                                                   nullptr),
                       "kvd_guard_expected_last_dim(NULL)");
        (void)last;
        break;
      }
      default: break;
    }
  }
  for (std::size_t i = 0; i < 2; ++i) {
    kvd_guard_free(grd[i]);
    kvd_report_free(rep[i]);
    kvd_request_free(req[i]);
  }
}


// ---- an installed engine's Python source (sources/installed/python_tokens.hpp) --------------
// The tokenizer and every fact reader on arbitrary text: two readings agree; an Error is one
// printable line naming a line; every token and every extracted value fits inside the input; a
// problem names a line of the input; the C++ list reader (llama.cpp's kv_cache_types) too.
inline void python_source(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = as_text(data, size);
  const auto tokens = detail::py::tokenize(text);
  const auto again = detail::py::tokenize(text);
  require(tokens.ok() == again.ok(), "tokenize: two calls disagree");
  if (!tokens.ok()) {
    require(tokens.error().message == again.error().message, "tokenize: two errors differ");
    return require_error_message(tokens.error(), "tokenize");
  }
  require(tokens->size() == again->size(), "tokenize: two token counts differ");
  const std::size_t lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  for (const detail::py::Token& t : *tokens) {
    require(t.text.size() <= size && t.value.size() <= size, "tokenize: a token longer than the input");
    require(t.line >= 1 && t.line <= lines, "tokenize: a token on no line of the input");
  }
  auto check = [&](const detail::py::Read& r, std::string_view what) {
    if (r.list) {
      require(r.list->line >= 1 && r.list->line <= lines, std::string(what) + ": a list on no line");
      for (const std::string& v : r.list->values) require(v.size() <= size, std::string(what) + ": a value longer than the input");
    } else if (!r.missing) {
      require(!r.problem.empty() && r.problem_line <= lines, std::string(what) + ": a problem without a line");
    }
  };
  check(detail::py::literal_alias(*tokens, "CacheDType"), "literal_alias");
  check(detail::py::module_strings(*tokens, "ATTENTION_BACKEND_CHOICES"), "module_strings");
  check(detail::py::option_choices(*tokens, "--kv-cache-dtype", "kv_cache_dtype"), "option_choices");
  const auto classes = detail::py::backend_classes(*tokens);
  require(classes.size() == detail::py::backend_classes(*again).size(), "backend_classes: two calls disagree");
  for (const auto& c : classes) {
    require(c.line >= 1 && c.line <= lines, "backend_classes: a class on no line");
    check(c.kv_cache_dtypes, "supported_kv_cache_dtypes");
    check(c.model_dtypes, "supported_dtypes");
    check(c.head_sizes, "head sizes");
    check(c.block_sizes, "block sizes");
  }
  check(detail::py::ggml_type_list(text, "kv_cache_types"), "ggml_type_list");
}

}  // namespace kvdtype::fuzz

// The input readers' entry points (manifests, compose, engine config files, GGUF, model ids,
// AdmissionReview, SARIF/GitHub).
#include "entry_points_inputs.hpp"

namespace kvdtype::fuzz {

/// Every entry point by target name (the fuzz target fuzz_<name>, the corpus and regression
/// folders tests/fuzz/{corpus,regressions}/<name>/; tests/fuzz/targets.txt lists the same names
/// with each one's input cap).
struct Target {
  const char* name;
  void (*run)(const std::uint8_t*, std::size_t);
};
inline constexpr Target kTargets[] = {
    {"cache_dtype", cache_dtype}, {"target", target},     {"format", format_names},
    {"request", request},         {"launch", launch},     {"model_config", model_config},
    {"version", version},         {"rule_code", rule_code}, {"c_abi", c_abi},
    {"shell_split", shell_split}, {"render", render},
    {"manifest", manifest},       {"compose", compose}, {"engine_config", engine_config},
    {"gguf", gguf},               {"model_id", model_id}, {"admission", admission},
    {"sarif", sarif},             {"script", script},     {"launch_parse", launch_parse},
    {"manifest_parse", manifest_parse}, {"admission_parse", admission_parse},
    {"python_source", python_source},
};

}  // namespace kvdtype::fuzz
