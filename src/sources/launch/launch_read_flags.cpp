// A launch command's flags (sources/launch/launch_parts.hpp), read with the engine's table (src/tables/engines/<engine>/launch_flags_<engine>.cpp):
// --flag V, --flag=V, underscore spellings, --no-X, JSON values and their dotted keys.
#include "sources/launch/launch_parts.hpp"

#include <algorithm>
#include <charconv>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/text.hpp"
#include "sources/files/json_depth.hpp"
#include "sources/launch/launch_flags.hpp"
#include "kvdtype/request.hpp"
#include "tables/tables.hpp"

namespace kvdtype::io::launch {
namespace {

using detail::Action;
using detail::Arity;
using detail::LaunchFlag;

// vLLM AttentionConfig's switch that keeps Q in the model dtype with an fp8 cache (FlashInfer):
// disable_flashinfer_q_quantization (vllm/config/attention.py; the --attention-config docs), spelled
// flashinfer_disable_q_quantization at vllm-project/vllm@95fc090b. True sets q_quantization no.
constexpr const char* kQQuantizationOffKeys[] = {"disable_flashinfer_q_quantization", "flashinfer_disable_q_quantization"};

// A dotted key as the flag reader leaves it (its underscores made dashes, as the flag's own).
bool q_quantization_off_key(std::string_view key) noexcept {
  for (const std::string_view k : kQQuantizationOffKeys) {
    if (k.size() != key.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < k.size() && same; ++i) same = key[i] == k[i] || (k[i] == '_' && key[i] == '-');
    if (same) return true;
  }
  return false;
}

std::string one_line_json_error(const std::exception& e) {
  std::string m = e.what();
  // "[json.exception.parse_error.101] parse error at …": the bracketed id helps nobody.
  if (starts_with(m, "[json.exception.")) {
    const std::size_t close = m.find("] ");
    if (close != std::string::npos) m.erase(0, close + 2);
  }
  // "…; last read: '<raw text>'" repeats the input (possibly unprintable): the position suffices.
  if (const std::size_t last = m.find("; last read"); last != std::string::npos) m.resize(last);
  for (char& ch : m)
    if (static_cast<unsigned char>(ch) < 0x20) ch = ' ';
  return m;
}

// JSON flag values nest a few levels; a value nested deeper is hostile. nlohmann's DOM is copied
// and compared recursively, so a value of 100 000 '[' would overflow the stack: the depth is
// checked on the token stream first (iterative, no DOM), as model_config.cpp does for files.
constexpr int kMaxFlagJsonDepth = 64;

// Whether `value` nests deeper than kMaxFlagJsonDepth (false for malformed JSON: the parse
// that follows reports it).
bool too_deep(std::string_view value) { return detail::json_nests_deeper_than(value, kMaxFlagJsonDepth); }

Result<json> parse_json(std::string_view flag, std::string_view value) {
  if (too_deep(value))
    return bad(std::string(flag) + ": JSON nested deeper than " + std::to_string(kMaxFlagJsonDepth) + " levels");
  try {
    return json::parse(value);
  } catch (const std::exception& e) {
    return bad(std::string(flag) + ": not valid JSON (" + one_line_json_error(e) + ")");
  }
}

// vLLM's human-readable integers (vllm/engine/arg_utils.py human_readable_int): lower-case
// k/m/g/t are decimal (1k = 1000), upper-case binary (1K = 1024); decimals only with a decimal
// suffix ("25.6k"). -1 and "auto" mean "derive from the model": left unknown here.
std::string max_model_len(std::string_view v) {
  const std::string lower = kvdtype::detail::to_lower(v);
  if (lower == "-1" || lower == "auto" || lower.empty()) return {};
  double mult = 1;
  std::string_view digits = v;
  switch (v.back()) {
    case 'k': mult = 1e3; break;
    case 'm': mult = 1e6; break;
    case 'g': mult = 1e9; break;
    case 'K': mult = 1024.0; break;
    case 'M': mult = 1024.0 * 1024; break;
    case 'G': mult = 1024.0 * 1024 * 1024; break;
    case 't': mult = 1e12; break;
    case 'T': mult = 1024.0 * 1024 * 1024 * 1024; break;
    default: break;
  }
  if (mult == 1) return std::string(v);  // verbatim; make_request judges it
  digits.remove_suffix(1);
  // DIGITS[.DIGITS]: one point at most, digits on both sides of it ("1.2.3k", "..5k" and ".5k"
  // stay verbatim, and make_request refuses them as not a whole number).
  const std::size_t point = digits.find('.');
  const std::string_view whole = digits.substr(0, point);
  const std::string_view fraction = point == std::string_view::npos ? std::string_view() : digits.substr(point + 1);
  auto all_digits = [](std::string_view d) {
    return !d.empty() && std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (!all_digits(whole) || (point != std::string_view::npos && !all_digits(fraction))) return std::string(v);
  const bool binary = v.back() >= 'A' && v.back() <= 'Z';
  if (binary && point != std::string_view::npos) return std::string(v);  // vLLM refuses 1.5K
  double parsed = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), parsed);
  if (ec != std::errc() || end != digits.data() + digits.size()) return std::string(v);
  const double n = parsed * mult;
  if (!(n >= 1 && n < 1e15)) return std::string(v);
  return std::to_string(static_cast<std::uint64_t>(std::llround(n)));
}

// Arity of a flag missing from the table: switches by name, otherwise one value.
Arity guess_arity(std::string_view name) {
  if (starts_with(name, "--enable-") || starts_with(name, "--disable-") || starts_with(name, "--no-"))
    return Arity::none;
  return Arity::value;
}

// Set `key.path` (dotted) in `obj` to `value` (JSON when it parses, else a string), as vLLM's
// `--speculative-config.method eagle3` does.
// A path deeper than kMaxFlagJsonDepth is refused (false): it would build the same hostile
// nesting as a deep JSON value.
bool set_dotted(json& obj, std::string_view path, std::string_view value) {
  if (std::count(path.begin(), path.end(), '.') >= kMaxFlagJsonDepth) return false;
  json* node = &obj;
  while (true) {
    const std::size_t dot = path.find('.');
    const std::string key(path.substr(0, dot));
    if (!node->is_object()) *node = json::object();
    node = &(*node)[key];
    if (dot == std::string_view::npos) break;
    path.remove_prefix(dot + 1);
  }
  try {
    *node = too_deep(value) ? json(std::string(value)) : json::parse(value);  // see kMaxFlagJsonDepth
  } catch (const std::exception&) {
    *node = std::string(value);
  }
  return true;
}

// A value as nullable_kvs read it (vllm/engine/arg_utils.py @v0.9.2): comma-separated
// key=integer pairs, the keys lower-cased and stripped; anything else is no such value.
std::optional<json> key_integer_pairs(std::string_view value) {
  auto strip = [](std::string_view t) {
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
    return t;
  };
  if (value.empty()) return std::nullopt;
  json out = json::object();
  while (true) {
    const std::size_t comma = value.find(',');
    const std::string_view item = value.substr(0, comma);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos || item.find('=', eq + 1) != std::string_view::npos) return std::nullopt;
    std::string_view number = strip(item.substr(eq + 1));
    const bool negative = !number.empty() && number.front() == '-';
    if (!number.empty() && (number.front() == '-' || number.front() == '+')) number.remove_prefix(1);
    // Python's int(): digits, single underscores between them.
    if (number.empty() || number.front() == '_' || number.back() == '_' || number.find("__") != std::string_view::npos)
      return std::nullopt;
    std::string digits;
    for (char ch : number) {
      if (ch == '_') continue;
      if (ch < '0' || ch > '9') return std::nullopt;
      digits += ch;
    }
    long long n = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    out[kvdtype::detail::to_lower(strip(item.substr(0, eq)))] = negative ? -n : n;
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
  return out;
}

// A word that holds whitespace followed by an option ("--tp 8 --host 0.0.0.0" as one word): what
// a quoted "$ARGS" hands the engine. A value with spaces but no option in it (a prompt, a path)
// is not one.
bool holds_options(std::string_view word) noexcept {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n'; };
  if (std::none_of(word.begin(), word.end(), blank)) return false;
  for (std::size_t i = 0; i + 2 < word.size(); ++i)
    if ((i == 0 || blank(word[i - 1])) && word[i] == '-' && word[i + 1] == '-' &&
        std::isalpha(static_cast<unsigned char>(word[i + 2])))
      return true;
  return false;
}

// The first words of a long argument, for a one-line message (printable() cuts at 80 bytes).
std::string shortened(std::string_view word) {
  while (!word.empty() && (word.front() == ' ' || word.front() == '\t' || word.front() == '\n')) word.remove_prefix(1);
  std::string out;
  bool space = false;
  for (char c : word) {
    const bool blank = c == ' ' || c == '\t' || c == '\n';
    if (blank) { space = true; continue; }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
    if (out.size() >= 28) return out + " ...";
  }
  return out;
}

// The release the command runs, parsed on first need (a prefix miss, a JSON value that does not
// parse): most commands need neither. get(): nullptr while unknown.
class CommandRelease {
 public:
  CommandRelease(Engine engine, std::string_view text) : engine_(engine), text_(text) {}
  const Version* get() {
    if (!parsed_) {
      parsed_ = true;
      if (!text_.empty())
        if (auto v = parse_version(engine_, text_); v.ok() && v->known) version_ = *v;
    }
    return version_ ? &*version_ : nullptr;
  }

 private:
  Engine engine_;
  std::string_view text_;
  bool parsed_ = false;
  std::optional<Version> version_;
};

std::optional<Error> apply(const LaunchFlag& f, std::string_view flag, std::string_view value, bool negated,
                           CommandRelease& command_release, LaunchCommand& out, Collected& c) {
  RequestInput& in = out.input;
  // A value that is not JSON is the command's problem, not unreadable input: the rest of the
  // command is still read (only a value nested past kMaxFlagJsonDepth is refused as hostile).
  auto checked_json = [&](json& into) -> std::optional<Error> {
    auto j = parse_json(flag, value);
    if (!j.ok()) {
      if (too_deep(value)) return j.error();
      // key=integer pairs, which the engine's older releases read (EngineBehaviour::json_only_since):
      // refused only where the release is known to be one that takes JSON only.
      std::string fix;
      const tables::EngineBehaviour& b = tables::engine_tables(out.engine).behaviour;
      if (!b.json_only_since.empty() && value.find('$') == std::string_view::npos)
        if (auto pairs = key_integer_pairs(value)) {
          const Version* release = command_release.get();
          const auto since = parse_version(out.engine, b.json_only_since);
          if (since.ok() && (release == nullptr || *release < *since)) {
            if (release == nullptr)
              out.unmodelled.push_back(
                  {"the engine release (it decides whether " + kvdtype::detail::printable(flag) + " " +
                       kvdtype::detail::printable(value) + " starts)",
                   "releases before " + std::string(b.json_only_since) + " read it as key=integer pairs, " +
                       std::string(b.json_only_since) + " and later refuse all but JSON (" +
                       std::string(b.json_only_source) + "); give the release (an image tag or --engine-version)"});
            into = std::move(*pairs);
            return std::nullopt;
          }
          fix = "write the value as JSON: " + std::string(engine_info(out.engine).display) + " " +
                std::string(b.json_only_since) + " and later refuse the key=value form earlier releases read";
        }
      out.refused_values.push_back({std::string(flag), j.error().message, value.find('$') != std::string_view::npos, fix});
      into = json();
      return std::nullopt;
    }
    into = *j;
    return std::nullopt;
  };
  switch (f.action) {
    case Action::none: break;
    case Action::field:
      in.set(f.field, value);
      if (f.field == "kv_cache_dtype") in.kv_term = std::string(flag);  // messages name the flag as typed
      break;
    case Action::model: out.model = std::string(value); break;
    case Action::model_dtype: {
      const std::string v = kvdtype::detail::to_lower(value);
      if (v == "auto") in.model_dtype.clear();
      else in.model_dtype = v == "float" ? "float32" : std::string(value);
      break;
    }
    case Action::max_model_len: in.max_model_len = max_model_len(value); break;
    case Action::backend: c.backend = std::string(value); break;
    case Action::attention_config: {
      json j;
      if (auto e = checked_json(j)) return e;
      if (j.is_object() && j.contains("backend") && j["backend"].is_string())
        c.attention_config_backend = j["backend"].get<std::string>();
      if (j.is_object())
        for (const char* key : kQQuantizationOffKeys)
          if (j.contains(key) && j[key].is_boolean()) in.q_quantization = j[key].get<bool>() ? "no" : "yes";
      break;
    }
    case Action::prefill_backend: c.prefill_backend = std::string(value); break;
    case Action::decode_backend: c.decode_backend = std::string(value); break;
    case Action::quantization:
      out.quantization = std::string(value);
      in.weight_quantization = std::string(value);
      break;
    case Action::quantization_param_path:
      out.quantization_param_path = std::string(value);
      in.kv_scales = "yes";
      in.kv_scales_source = "file";
      break;
    case Action::calculate_kv_scales:
      if (!negated) {
        in.kv_scales = "yes";
        in.kv_scales_source = "computed";
      }
      break;
    case Action::dp_attention:
      if (!negated) in.flags |= flag_dp_attention;
      break;
    case Action::kv_transfer_config: {
      json j;
      if (auto e = checked_json(j)) return e;
      if (j.is_object() && j.contains("kv_connector") && j["kv_connector"].is_string() &&
          !j["kv_connector"].get<std::string>().empty()) {
        in.flags |= flag_kv_connector;
        // What the deployment checks pair servers by (vllm/config/kv_transfer.py KVTransferConfig).
        KvTransfer t;
        t.connector = j["kv_connector"].get<std::string>();
        in.kv_connector = t.connector;
        if (j.contains("kv_role") && j["kv_role"].is_string()) t.role = j["kv_role"].get<std::string>();
        if (j.contains("enable_permute_local_kv") && j["enable_permute_local_kv"].is_boolean())
          t.permute_local_kv = j["enable_permute_local_kv"].get<bool>();
        if (j.contains("kv_connector_extra_config") && j["kv_connector_extra_config"].is_object()) {
          const json& x = j["kv_connector_extra_config"];
          for (const char* key : {"remote_url", "lmcache.remote_url", "master_server_address", "mooncake_master"})
            if (x.contains(key) && x[key].is_string()) t.endpoint = x[key].get<std::string>();
        }
        out.kv_transfer = std::move(t);
      }
      break;
    }
    case Action::disaggregation_mode: {
      const std::string v = kvdtype::detail::to_lower(value);
      if (v == "prefill" || v == "decode") {
        in.flags |= flag_kv_connector;
        if (!out.kv_transfer) out.kv_transfer = KvTransfer{"mooncake", {}, {}, false};  // SGLang's default backend
        out.kv_transfer->role = v == "prefill" ? "kv_producer" : "kv_consumer";
      }
      break;
    }
    case Action::disaggregation_backend:
      c.disaggregation_backend = std::string(value);
      break;
    case Action::switch_yes: in.set(f.field, negated ? "no" : "yes"); break;
    case Action::switch_no: in.set(f.field, negated ? "yes" : "no"); break;
    case Action::kv_connector: {
      const std::string v = kvdtype::detail::to_lower(value);
      if (v != "null" && v != "none" && v != "0" && !v.empty()) in.flags |= flag_kv_connector;
      break;
    }
    case Action::speculative_config: {
      json j;
      if (auto e = checked_json(j)) return e;
      if (j.is_null()) break;
      if (!j.is_object()) {
        out.refused_values.push_back({std::string(flag), std::string(flag) + ": expected a JSON object", false});
        break;
      }
      c.spec.update(j);
      c.speculative = true;
      break;
    }
    case Action::speculative_model:
      c.spec_model = std::string(value);
      c.speculative = true;
      break;
    case Action::speculative_algorithm:
      c.spec_algorithm = std::string(value);
      c.speculative = true;
      break;
    case Action::speculative_draft_tp: c.spec_draft_tp = std::string(value); break;
    case Action::speculative_draft_backend: c.spec_draft_backend = std::string(value); break;
    case Action::json_checked: {
      json j;
      if (auto e = checked_json(j)) return e;
      break;
    }
    case Action::json_or_text:
      if (!value.empty() && value.front() == '{') {
        json j;
        if (auto e = checked_json(j)) return e;
      }
      break;
    case Action::config_file:
      out.ignored.push_back(std::string(flag) + " " + std::string(value) + " (file not read)");
      break;
    case Action::unmodelled: {
      // The row's field is "FACT|WHY": the fact names the words as typed.
      const std::string_view text = f.field;
      const std::size_t bar = text.find('|');
      std::string words = kvdtype::detail::printable(flag);
      if (!value.empty()) words += " " + kvdtype::detail::printable(value);
      out.unmodelled.push_back({std::string(text.substr(0, bar)) + " " + words,
                                bar == std::string_view::npos ? std::string() : std::string(text.substr(bar + 1))});
      break;
    }
    case Action::engine_option:
      // A switch given as --no-<flag> (BooleanOptionalAction) is kept as "no", so that the engine's
      // launch code can tell it from the switch itself (vLLM --no-enable-sleep-mode).
      out.engine_options.emplace_back(std::string(f.field), negated ? std::string("no") : std::string(value));
      break;
  }
  return std::nullopt;
}

// A word ambiguous in the newest release, read where the release is unknown: if the releases
// before the options it also matches (LaunchFlag::introduced_in) take it for one option, it is
// read as that one and the unknown release said (KVD080), never refused as if certain.
std::optional<detail::FlagPrefix> older_reading(Engine engine, std::string_view word, const detail::FlagPrefix& newest,
                                               std::string_view typed, LaunchCommand& out) {
  Version oldest;  // 0.0.0.0: before every row's introduced_in
  oldest.known = true;
  detail::FlagPrefix older = detail::find_launch_flag_prefix(engine, word, &oldest);
  if (older.row == nullptr) return std::nullopt;
  // The earliest release that registers one of the other options: from it on the word is refused.
  std::string since;
  std::optional<Version> first;
  std::string added;
  for (const std::string& m : newest.matches) {
    const LaunchFlag* row = detail::find_launch_flag(engine, m);
    if (row == nullptr || row->introduced_in.empty()) continue;
    added += (added.empty() ? "" : ", ") + m + " (" + std::string(row->introduced_in) + ")";
    const auto v = parse_version(engine, row->introduced_in);
    if (v.ok() && (!first || *v < *first)) first = *v, since = std::string(row->introduced_in);
  }
  out.unmodelled.push_back(
      {"the engine release (it decides what " + kvdtype::detail::printable(typed) + " names)",
       "releases before " + since + " take it for " + std::string(older.name) + "; later ones also register " + added +
           " and refuse it as ambiguous; give the release (an image tag or --engine-version) or write the option in "
           "full"});
  return older;
}

}  // namespace

std::optional<Error> read_flags(const std::vector<std::string>& w, const Located& at, LaunchCommand& out,
                                Collected& c) {
  const Engine engine = at.engine;
  // The release the command runs (its image tag, or the install its script makes): an option or
  // value form that differs by release is read as that release reads it.
  CommandRelease release(engine, at.engine_version);
  bool only_positionals = false;
  for (std::size_t k = at.args; k < w.size(); ++k) {
    const std::string& tok = w[k];
    if (only_positionals || !is_flag(tok)) {
      if (holds_options(tok)) {
        // `cmd "$ARGS"`: the quotes keep every option in one word, which no engine's parser splits
        // (argparse takes it as a positional it has no place for; llama.cpp as an invalid argument).
        out.refused_values.push_back(
            {"argument", "argument '" + shortened(tok) + "' (several options in one word)", false,
             "leave the variable unquoted ($ARGS), or build the command in an array and pass \"${ARGS[@]}\""});
        continue;
      }
      // A lone caret among the arguments: a cmd.exe line continuation the splitter did not take
      // as one (the text did not clearly read as cmd.exe: sources/shell/windows_lines.cpp). A
      // POSIX shell ends the command there and cmd.exe goes on with the next line: what the
      // server gets is not known, so it is said (KVD080), not guessed.
      if (tok == "^" && !only_positionals) {
        out.unmodelled.push_back({"the words after a line-end ^",
                                  "cmd.exe continues the command on the next line where a POSIX shell ends it; kvdtype "
                                  "read it as POSIX (a .bat or .cmd file is read as cmd.exe)"});
        continue;
      }
      if (at.positional_model && out.model.empty()) out.model = tok;
      else out.ignored.push_back(tok);
      continue;
    }
    if (tok == "--") {
      only_positionals = true;
      continue;
    }
    // Split --flag=value (argparse also allows -tp=8); -O3 is -O with its value attached (vLLM's; the registry row says which engines).
    std::string name = tok, inline_value;
    bool has_inline = false;
    if (const std::size_t eq = tok.find('='); eq != std::string::npos) {
      name = tok.substr(0, eq);
      inline_value = tok.substr(eq + 1);
      has_inline = true;
    } else if (tables::engine_tables(engine).behaviour.attached_optimization_level && tok.size() > 2 &&
               starts_with(tok, "-O") && tok[2] >= '0' && tok[2] <= '9') {
      name = "-O";
      inline_value = tok.substr(2);
      has_inline = true;
    }
    // vLLM's parser (FlexibleArgumentParser) and TensorRT-LLM spell flags with underscores;
    // the table uses dashes. SGLang would refuse an underscore spelling; reading it is harmless.
    std::string norm = name;
    for (std::size_t p = 2; p < norm.size() && starts_with(norm, "--"); ++p)
      if (norm[p] == '_') norm[p] = '-';
    // --speculative-config.method eagle3: a key of a JSON flag. vLLM's parser takes a dotted key
    // after any option that starts with a dash (`-cc.cudagraph_mode=FULL`, `-sc.method eagle3`:
    // vllm/utils/argparse_utils.py FlexibleArgumentParser.parse_args @00da11e3), except a word
    // starting `-O`, which its earlier branch turns into --optimization-level; a dot in a short
    // option is read as a key only where the alias is a JSON flag of the table.
    std::string dotted;
    if (const std::size_t dot = norm.find('.'); dot != std::string::npos && dot > 1) {
      if (starts_with(norm, "--")) {
        dotted = norm.substr(dot + 1);
        norm.resize(dot);
      } else if (!starts_with(norm, "-O")) {
        const LaunchFlag* alias = detail::find_launch_flag(engine, std::string_view(norm).substr(0, dot));
        if (alias != nullptr && alias->arity == Arity::json) {
          dotted = norm.substr(dot + 1);
          norm.resize(dot);
        }
      }
    }
    const LaunchFlag* f = detail::find_launch_flag(engine, norm);
    bool negated = false;
    // `--no-X`: the switch X turned off, where the engine registers X as a BooleanOptionalAction
    // (vLLM's config switches). Elsewhere (SGLang's and MLX-LM's store_true switches, llama.cpp's
    // table of exact spellings) `--no-X` is an option only with a row of its own; without one it
    // is an unknown flag, never the positive switch.
    if (f == nullptr && starts_with(norm, "--no-")) {
      const LaunchFlag* positive = detail::find_launch_flag(engine, "--" + norm.substr(5));
      if (positive != nullptr && detail::negatable(engine, *positive)) {
        f = positive;
        negated = true;
      }
    }
    // argparse's abbreviations, asked only on a miss (a command typed in full costs nothing more):
    // one long name of the table starts with the word: that flag; several: the engine refuses the
    // command ("ambiguous option"), a KVD151 finding, and the word is read as an unknown flag.
    if (f == nullptr && starts_with(norm, "--") && tables::engine_tables(engine).behaviour.long_option_prefixes) {
      detail::FlagPrefix p = detail::find_launch_flag_prefix(engine, norm, release.get());
      if (p.row == nullptr && p.matches.size() > 1 && release.get() == nullptr)
        if (auto older = older_reading(engine, norm, p, name, out)) p = std::move(*older);
      if (p.row != nullptr) {
        f = p.row;
        negated = p.negated;
      } else if (p.matches.size() > 1) {
        std::string could;
        for (const std::string& m : p.matches) could += (could.empty() ? "" : ", ") + m;
        out.refused_values.push_back({kvdtype::detail::printable(name),
                                      "ambiguous option: " + kvdtype::detail::printable(name) + " could match " + could,
                                      false, "write the option in full"});
      }
    }
    Arity arity = f ? f->arity : guess_arity(norm);
    if (!dotted.empty()) arity = Arity::value;
    std::string value;
    bool have_value = has_inline;
    if (has_inline) value = inline_value;
    auto next_is_value = [&] { return k + 1 < w.size() && !is_flag(w[k + 1]); };
    switch (arity) {
      case Arity::none: break;
      case Arity::optional:
        if (!have_value && next_is_value()) value = w[++k], have_value = true;
        break;
      case Arity::value:
      case Arity::json:
        if (!have_value) {
          if (next_is_value()) {
            value = w[++k];
            have_value = true;
          } else if (f != nullptr) {
            const std::string got = k + 1 < w.size() ? "it is followed by " + kvdtype::detail::printable(w[k + 1])
                                                    : "it ends the command";
            return bad(kvdtype::detail::printable(name) + " needs a value, but " + got);
          }
        }
        break;
      case Arity::list:
        if (!have_value && !next_is_value() && f != nullptr)
          return bad(kvdtype::detail::printable(name) + " needs at least one value");
        while (next_is_value()) {
          value += (value.empty() ? "" : " ") + w[++k];
          have_value = true;
        }
        break;
    }
    if (f == nullptr) {
      out.ignored.push_back(have_value && !has_inline ? tok + " " + value : tok);
      if (have_value && !has_inline) c.unknown_values.push_back(value);
      continue;
    }
    if (!dotted.empty()) {
      if (f->action == Action::speculative_config) {
        if (!set_dotted(c.spec, dotted, value))
          return bad(kvdtype::detail::printable(name) + ": key path deeper than " + std::to_string(kMaxFlagJsonDepth) +
                     " levels");
        c.speculative = true;
      } else if (f->action == Action::attention_config && dotted == "backend") {
        c.attention_config_backend = value;
      } else if (f->action == Action::attention_config && q_quantization_off_key(dotted)) {
        // vLLM's -ac.KEY=VALUE takes a JSON value; true/false (and 1/0, as its docs write) are read.
        const std::string v = kvdtype::detail::to_lower(value);
        if (v == "true" || v == "1") out.input.q_quantization = "no";
        else if (v == "false" || v == "0") out.input.q_quantization = "yes";
        else out.ignored.push_back(tok);
      } else if (f->arity != Arity::json) {
        out.ignored.push_back(tok);
      }
      continue;
    }
    if (auto e = apply(*f, name, value, negated, release, out, c)) return e;
  }
  return std::nullopt;
}

}  // namespace kvdtype::io::launch
