// Launch commands (kvdtype/io/launch.hpp): a shell line or script in, the settings it makes out.
//
// Nothing is executed or expanded. The program is recognised through the usual wrappers
// (`NAME=value`, `env`, `nohup`, `exec`, `sudo`, `numactl`, `taskset`, `docker run IMAGE`), then
// its flags are read with the engine's own table (launch_flags.cpp). What kvdtype reads and what
// it leaves alone is described in docs/inputs.md.
#include "kvdtype/io/launch.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/json_depth.hpp"

#include "common/text.hpp"
#include "io/launch_engines.hpp"
#include "io/engine_config_file.hpp"
#include "io/launch_flags.hpp"
#include "io/launch_images.hpp"
#include "io/shell.hpp"
#include "kvdtype/backend.hpp"
#include "kvdtype/cache_dtype.hpp"

namespace kvdtype::io {

namespace {

using detail::Action;
using detail::Arity;
using detail::LaunchFlag;
using json = nlohmann::json;

bool starts_with(std::string_view s, std::string_view p) noexcept { return s.substr(0, p.size()) == p; }

std::string_view basename(std::string_view path) noexcept {
  const std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

bool is_number(std::string_view s) noexcept {
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  if (s.empty()) return false;
  bool digit = false;
  for (char c : s) {
    if (c >= '0' && c <= '9') digit = true;
    else if (c != '.') return false;
  }
  return digit;
}

// A word that is not a flag: argparse treats "-1" as a value, and "-" alone as a value too.
bool is_flag(std::string_view w) noexcept { return w.size() > 1 && w[0] == '-' && !is_number(w); }

bool is_python(std::string_view base) noexcept {
  if (!starts_with(base, "python")) return false;
  for (char c : base.substr(6))
    if (!((c >= '0' && c <= '9') || c == '.')) return false;
  return true;
}

// vLLM's environment booleans: `os.getenv(NAME, default).lower() in ("true", "1")` (vllm/envs.py).
bool env_true(std::string_view value) {
  const std::string v = kvdtype::detail::to_lower(value);
  return v == "true" || v == "1";
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

Error bad(std::string message) { return Error{ErrorCode::bad_command, std::move(message)}; }

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

// Speculative methods whose drafter has no attention layers of its own (nothing to check).
bool drafter_without_attention(std::string_view method) {
  const std::string m = kvdtype::detail::to_lower(method);
  return m == "ngram" || m == "ngram_gpu" || m == "suffix" || m == "medusa" || m == "mlp_speculator" ||
         m == "lookahead";
}

// The drafter lives in the target checkpoint (MTP / NextN layers) unless a path is given.
bool drafter_in_target(std::string_view method) {
  const std::string m = kvdtype::detail::to_lower(method);
  return m == "mtp" || m == "nextn" || (m.size() > 4 && m.substr(m.size() - 4) == "_mtp");
}

// ---------------------------------------------------------------------------------------------
// Finding the serving program behind the wrappers.

struct Located {
  Engine engine = Engine::vllm;
  std::size_t args = 0;          // index of the first argument after the program (and subcommand)
  bool positional_model = false; // `vllm serve MODEL`, `trtllm-serve MODEL`
  std::string engine_version;    // from a docker image tag
};

// numactl/taskset options that take a separate value.
bool wrapper_option_takes_value(std::string_view prog, std::string_view opt) {
  if (opt.find('=') != std::string_view::npos) return false;
  if (prog == "numactl")
    return opt == "-N" || opt == "-m" || opt == "-C" || opt == "-p" || opt == "-i" || opt == "-P" ||
           opt == "--cpunodebind" || opt == "--membind" || opt == "--physcpubind" || opt == "--preferred" ||
           opt == "--interleave";
  if (prog == "sudo") return opt == "-u" || opt == "-g" || opt == "-C" || opt == "-D" || opt == "-h";
  return false;
}

// `docker run` switches; every other option takes a value unless written --opt=value.
bool docker_switch(std::string_view opt) {
  static constexpr std::string_view kSwitches[] = {"--rm", "--privileged", "--init", "--detach", "--interactive",
                                                   "--tty", "--read-only", "--publish-all", "--sig-proxy",
                                                   "--no-healthcheck", "--oom-kill-disable"};
  for (std::string_view s : kSwitches)
    if (opt == s) return true;
  // Bundled one-letter switches: -it, -d, -itd, -P.
  if (opt.size() >= 2 && opt[0] == '-' && opt[1] != '-') {
    for (char c : opt.substr(1))
      if (c != 'i' && c != 't' && c != 'd' && c != 'P') return false;
    return true;
  }
  return false;
}

Result<Located> locate(const std::vector<std::string>& w, std::size_t i, std::vector<std::string>& env);

// Containers nest (`docker run A docker run B vllm serve …`) at most this deep; a command nested
// deeper is hostile input, refused with a clear line rather than walked.
constexpr std::size_t kMaxContainerNesting = 16;

// One `docker run [options] IMAGE` level: the image and the index of the first word after it.
struct Container {
  std::string image;
  std::size_t after = 0;
};

// `docker run [options] IMAGE [command …]` starting at w[i] (docker / podman): the environment
// comes from -e/--env; the image and where its command starts go into `out`.
std::optional<Error> read_docker(const std::vector<std::string>& w, std::size_t& i, std::vector<std::string>& env,
                                 Container& out) {
  ++i;  // docker / podman
  while (i < w.size() && w[i] != "run" && w[i] != "create") {
    if (!is_flag(w[i])) return bad("docker " + kvdtype::detail::printable(w[i]) + " is not a serving command");
    ++i;
  }
  if (i >= w.size()) return bad("docker without run");
  ++i;
  for (; i < w.size(); ++i) {
    const std::string& o = w[i];
    if (!is_flag(o)) {
      out.image = o;
      ++i;
      break;
    }
    std::string value;
    const std::size_t eq = o.find('=');
    const std::string_view name = std::string_view(o).substr(0, eq);
    if (eq != std::string::npos) {
      value = o.substr(eq + 1);
    } else if (!docker_switch(o)) {
      if (i + 1 >= w.size()) return bad("docker option " + kvdtype::detail::printable(o) + " needs a value");
      value = w[++i];
    }
    if ((name == "-e" || name == "--env") && detail::is_assignment(value)) env.push_back(value);
  }
  if (out.image.empty()) return bad("docker run without an image");
  out.after = i;
  return std::nullopt;
}

Result<Located> locate_program(const std::vector<std::string>& w, std::size_t i);

// The serving program behind the wrappers. Iterative, never recursive: wrappers and containers
// are walked in one loop, so 40 000 nested `docker run IMAGE` cost no stack.
// A container's command is what runs; when it is not a serving command kvdtype knows, the
// innermost container whose image is vLLM's runs the image's own `vllm serve` entrypoint with the
// words after the image as its arguments (vllm/vllm-openai and rocm/vllm images).
Result<Located> locate(const std::vector<std::string>& w, std::size_t i, std::vector<std::string>& env) {
  std::vector<Container> containers;
  std::optional<Error> failed;
  while (true) {
    if (i < w.size() && (basename(w[i]) == "docker" || basename(w[i]) == "podman")) {
      if (containers.size() >= kMaxContainerNesting)
        return bad("containers nested more than " + std::to_string(kMaxContainerNesting) +
                   " deep (docker run … docker run …); not a serving command");
      Container c;
      if (auto e = read_docker(w, i, env, c)) {
        failed = std::move(e);
        break;
      }
      containers.push_back(std::move(c));
      // Images whose entrypoint is the server take its flags right after the image (llama.cpp :server).
      if (i >= w.size() || is_flag(w[i])) {
        const std::string& image = containers.back().image;
        if (auto entry = detail::locate_engine_image(w, image, i)) {
          if (!entry->ok()) return entry->error();
          return Located{(*entry)->engine, (*entry)->args, (*entry)->positional_model,
                         detail::engine_version_from_image(image, (*entry)->engine)};
        }
      }
      if (i >= w.size()) {
        failed = bad("docker image " + kvdtype::detail::printable(containers.back().image) +
                     " has no serving command after it");
        break;
      }
      continue;
    }
    // Wrappers that run the rest of the line: skip them and their options.
    const std::size_t before = i;
    while (i < w.size()) {
      const std::string& word = w[i];
      const std::string_view base = basename(word);
      if (detail::is_assignment(word)) {
        env.push_back(word);
        ++i;
      } else if (base == "env") {
        ++i;
        while (i < w.size() && is_flag(w[i])) {
          if ((w[i] == "-u" || w[i] == "--unset" || w[i] == "-C" || w[i] == "--chdir") && i + 1 < w.size()) ++i;
          ++i;  // `env -u NAME` removes NAME, which nothing here reads: ignored
        }
      } else if (base == "exec" || base == "nohup" || base == "time" || base == "command" || base == "stdbuf") {
        ++i;
        while (i < w.size() && is_flag(w[i])) ++i;  // time -p, stdbuf -oL
      } else if (base == "sudo" || base == "numactl") {
        const std::string prog(base);
        ++i;
        while (i < w.size() && is_flag(w[i])) i += wrapper_option_takes_value(prog, w[i]) ? 2 : 1;
      } else if (base == "taskset") {
        ++i;
        while (i < w.size() && is_flag(w[i])) ++i;
        ++i;  // the CPU mask or list
      } else if (base == "uv" && i + 1 < w.size() && w[i + 1] == "run") {
        i += 2;
      } else {
        break;
      }
    }
    if (i < w.size() && i != before && (basename(w[i]) == "docker" || basename(w[i]) == "podman")) continue;
    auto found = locate_program(w, i);
    if (found.ok()) {
      // The version: the program's own, else the innermost container's image tag that has one.
      Located l = *found;
      for (auto c = containers.rbegin(); c != containers.rend() && l.engine_version.empty(); ++c)
        l.engine_version = detail::engine_version_from_image(c->image, l.engine);
      return l;
    }
    failed = found.error();
    break;
  }
  for (auto c = containers.rbegin(); c != containers.rend(); ++c) {
    if (c->image.find("vllm") == std::string::npos) continue;
    Located l{Engine::vllm, c->after, true, {}};
    for (auto t = c; t != containers.rend() && l.engine_version.empty(); ++t)
      l.engine_version = detail::engine_version_from_image(t->image, Engine::vllm);
    return l;
  }
  return *failed;
}

// The program at w[i], once the wrappers are skipped.
Result<Located> locate_program(const std::vector<std::string>& w, std::size_t i) {
  if (i >= w.size()) return bad("no program in the command (only environment settings)");
  const std::string_view prog = basename(w[i]);
  auto sub = [&](std::size_t k) -> std::string_view { return k < w.size() ? std::string_view(w[k]) : ""; };
  if (prog == "vllm") {
    if (sub(i + 1) != "serve")
      return bad("vllm " + kvdtype::detail::printable(sub(i + 1)) + " is not a serving command (expected vllm serve)");
    return Located{Engine::vllm, i + 2, true, {}};
  }
  if (prog == "sglang") {
    if (sub(i + 1) != "serve")
      return bad("sglang " + kvdtype::detail::printable(sub(i + 1)) +
                 " is not a serving command (expected sglang serve)");
    return Located{Engine::sglang, i + 2, false, {}};
  }
  if (prog == "trtllm-serve") {
    std::size_t k = i + 1;
    if (sub(k) == "serve") ++k;
    return Located{Engine::trtllm, k, true, {}};
  }
  if (is_python(prog)) {
    std::size_t k = i + 1;
    std::string module;
    while (k < w.size()) {
      const std::string& o = w[k];
      if (o == "-m") {
        if (k + 1 < w.size()) module = w[k + 1];
        k += 2;
        break;
      }
      if (starts_with(o, "-m") && o.size() > 2) {
        module = o.substr(2);
        ++k;
        break;
      }
      if (!is_flag(o)) break;  // a script file: not a module we know
      k += (o == "-X" || o == "-W") ? 2 : 1;
    }
    if (module == "vllm.entrypoints.openai.api_server") return Located{Engine::vllm, k, false, {}};
    if (module == "vllm.entrypoints.cli.main" && sub(k) == "serve") return Located{Engine::vllm, k + 1, true, {}};
    if (module == "sglang.launch_server") return Located{Engine::sglang, k, false, {}};
    if (module.empty())
      return bad("python without -m: not a serving command kvdtype knows (" + kvdtype::detail::printable(sub(k)) + ")");
    return bad("python -m " + kvdtype::detail::printable(module) +
               " is not a serving module kvdtype knows (vllm.entrypoints.openai.api_server, sglang.launch_server)");
  }
  if (auto more = detail::locate_engine_program(w, i)) {  // engines of launch_<engine>.cpp
    if (!more->ok()) return more->error();
    return Located{(*more)->engine, (*more)->args, (*more)->positional_model, {}};
  }
  return bad("unknown program '" + kvdtype::detail::printable(w[i]) +
             "' (expected vllm serve, python -m vllm.entrypoints.openai.api_server, sglang serve, "
             "python -m sglang.launch_server, trtllm-serve, llama-server, llama-cli, llama-bench or "
             "lmdeploy serve api_server)");
}

// ---------------------------------------------------------------------------------------------
// Reading the flags.

struct Collected {
  std::string backend, attention_config_backend, prefill_backend, decode_backend;
  std::string spec_algorithm, spec_model, spec_draft_tp, spec_draft_backend;
  json spec = json::object();
  bool speculative = false;
  std::vector<std::string> unknown_values;  // values taken by unknown flags (for the model fix-up)
  std::string disaggregation_backend;        // SGLang, applied once the mode is known
};

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

std::optional<Error> apply(const LaunchFlag& f, std::string_view flag, std::string_view value, bool negated,
                           LaunchCommand& out, Collected& c) {
  RequestInput& in = out.input;
  auto checked_json = [&](json& into) -> std::optional<Error> {
    auto j = parse_json(flag, value);
    if (!j.ok()) return j.error();
    into = *j;
    return std::nullopt;
  };
  switch (f.action) {
    case Action::none: break;
    case Action::field: in.set(f.field, value); break;
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
      break;
    }
    case Action::prefill_backend: c.prefill_backend = std::string(value); break;
    case Action::decode_backend: c.decode_backend = std::string(value); break;
    case Action::quantization: out.quantization = std::string(value); break;
    case Action::quantization_param_path:
      out.quantization_param_path = std::string(value);
      in.kv_scales = "yes";
      break;
    case Action::calculate_kv_scales:
      if (!negated) in.kv_scales = "yes";
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
    case Action::kv_connector: {
      const std::string v = kvdtype::detail::to_lower(value);
      if (v != "null" && v != "none" && v != "0" && !v.empty()) in.flags |= flag_kv_connector;
      break;
    }
    case Action::speculative_config: {
      json j;
      if (auto e = checked_json(j)) return e;
      if (j.is_null()) break;
      if (!j.is_object()) return bad(std::string(flag) + ": expected a JSON object");
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
    case Action::engine_option: out.engine_options.emplace_back(std::string(f.field), std::string(value)); break;
  }
  return std::nullopt;
}

std::optional<Error> read_flags(const std::vector<std::string>& w, const Located& at, LaunchCommand& out,
                                Collected& c) {
  const Engine engine = at.engine;
  bool only_positionals = false;
  for (std::size_t k = at.args; k < w.size(); ++k) {
    const std::string& tok = w[k];
    if (only_positionals || !is_flag(tok)) {
      if (at.positional_model && out.model.empty()) out.model = tok;
      else out.ignored.push_back(tok);
      continue;
    }
    if (tok == "--") {
      only_positionals = true;
      continue;
    }
    // Split --flag=value (argparse also allows -tp=8); -O3 is vLLM's -O with its value attached.
    std::string name = tok, inline_value;
    bool has_inline = false;
    if (const std::size_t eq = tok.find('='); eq != std::string::npos) {
      name = tok.substr(0, eq);
      inline_value = tok.substr(eq + 1);
      has_inline = true;
    } else if (engine == Engine::vllm && tok.size() > 2 && starts_with(tok, "-O") && tok[2] >= '0' && tok[2] <= '9') {
      name = "-O";
      inline_value = tok.substr(2);
      has_inline = true;
    }
    // vLLM's parser (FlexibleArgumentParser) and TensorRT-LLM spell flags with underscores;
    // the table uses dashes. SGLang would refuse an underscore spelling; reading it is harmless.
    std::string norm = name;
    for (std::size_t p = 2; p < norm.size() && starts_with(norm, "--"); ++p)
      if (norm[p] == '_') norm[p] = '-';
    // --speculative-config.method eagle3: a key of a JSON flag.
    std::string dotted;
    if (starts_with(norm, "--")) {
      if (const std::size_t dot = norm.find('.'); dot != std::string::npos) {
        dotted = norm.substr(dot + 1);
        norm.resize(dot);
      }
    }
    const LaunchFlag* f = detail::find_launch_flag(engine, norm);
    bool negated = false;
    if (f == nullptr && starts_with(norm, "--no-")) {
      const LaunchFlag* positive = detail::find_launch_flag(engine, "--" + norm.substr(5));
      if (positive != nullptr && positive->arity == Arity::none) {
        f = positive;
        negated = true;
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
      } else if (f->arity != Arity::json) {
        out.ignored.push_back(tok);
      }
      continue;
    }
    if (auto e = apply(*f, name, value, negated, out, c)) return e;
  }
  return std::nullopt;
}

void apply_environment(const std::vector<std::string>& env, Engine engine, LaunchCommand& out, Collected& c) {
  std::optional<bool> aiter, mha, mla;
  std::string env_backend;
  for (const std::string& a : env) {
    const std::size_t eq = a.find('=');
    const std::string_view name = std::string_view(a).substr(0, eq), value = std::string_view(a).substr(eq + 1);
    if (name == "VLLM_ATTENTION_BACKEND") env_backend = std::string(value);
    else if (name == "VLLM_ROCM_USE_AITER") aiter = env_true(value);
    else if (name == "VLLM_ROCM_USE_AITER_MHA") mha = env_true(value);
    else if (name == "VLLM_ROCM_USE_AITER_MLA") mla = env_true(value);
    else if (name == "LMCACHE_REMOTE_URL" && out.kv_transfer && out.kv_transfer->endpoint.empty())
      out.kv_transfer->endpoint = std::string(value);
  }
  out.env = env;
  if (engine != Engine::vllm) return;
  // The MHA and MLA switches default to on; they only matter once AITER itself is on.
  if (aiter.value_or(false)) {
    out.input.flags |= flag_rocm_aiter;
    if (mha.value_or(true)) out.input.flags |= flag_rocm_aiter_mha;
    if (mla.value_or(true)) out.input.flags |= flag_rocm_aiter_mla;
  }
  // The flag wins over the (older) environment variable.
  if (c.backend.empty()) c.backend = c.attention_config_backend;
  if (c.backend.empty()) c.backend = env_backend;
}

void finish(LaunchCommand& out, Collected& c, const Located& at) {
  RequestInput& in = out.input;
  switch (at.engine) {
    case Engine::vllm:
      in.backend = c.backend;
      break;  // data-parallel attention follows from --data-parallel-size (make_request decides)
    case Engine::sglang: {
      // The decode backend is the one that reads the cache on every step; a different prefill
      // backend is reported beside it for a second check.
      const std::string decode = !c.decode_backend.empty() ? c.decode_backend : c.backend;
      const std::string prefill = !c.prefill_backend.empty() ? c.prefill_backend : c.backend;
      in.backend = decode;
      if (!prefill.empty() && !kvdtype::detail::iequals(prefill, decode)) out.prefill_backend = prefill;
      break;
    }
    case Engine::trtllm:
    case Engine::llamacpp:
    case Engine::lmdeploy: in.backend = c.backend.empty() ? in.backend : c.backend; break;
  }
  if (!at.engine_version.empty()) in.engine_version = at.engine_version;
  // vLLM and SGLang take --kv-cache-dtype through argparse `choices`: an exact comparison.
  if ((at.engine == Engine::vllm || at.engine == Engine::sglang) && !in.kv_cache_dtype.empty()) {
    const auto row = parse_cache_dtype(at.engine, in.kv_cache_dtype);
    if (row.ok() && (*row)->name != in.kv_cache_dtype) in.flags |= flag_kv_spelling;
  }
  if (out.kv_transfer && !c.disaggregation_backend.empty()) out.kv_transfer->connector = c.disaggregation_backend;

  // A positional model swallowed by an unknown flag taken for a value-flag: when the command
  // never names a model otherwise, the first such value that looks like a path is the model.
  if (out.model.empty() && at.positional_model) {
    for (const std::string& v : c.unknown_values) {
      if (v.find('/') != std::string::npos) {
        out.model = v;
        break;
      }
    }
  }

  if (!c.speculative) return;
  in.flags |= flag_speculative;
  std::string method = c.spec_algorithm;
  if (method.empty() && c.spec.contains("method") && c.spec["method"].is_string())
    method = c.spec["method"].get<std::string>();
  std::string draft_model = c.spec_model;
  if (draft_model.empty() && c.spec.contains("model") && c.spec["model"].is_string())
    draft_model = c.spec["model"].get<std::string>();
  if (method.empty() && !draft_model.empty()) method = "draft_model";
  if (drafter_without_attention(method)) return;

  RequestInput d;
  d.engine = in.engine;
  d.flags = flag_speculative;
  if (draft_model.empty() && drafter_in_target(method)) draft_model = out.model;
  std::string draft_tp = c.spec_draft_tp;
  if (c.spec.contains("draft_tensor_parallel_size")) {
    const json& t = c.spec["draft_tensor_parallel_size"];
    if (t.is_number_unsigned()) draft_tp = std::to_string(t.get<std::uint64_t>());
    else if (t.is_string()) draft_tp = t.get<std::string>();
  }
  d.tensor_parallel_size = draft_tp;
  // Not a vLLM SpeculativeConfig key upstream (the drafter takes the target's --dtype), but
  // forks add it; when present it is the drafter's own activation dtype.
  if (c.spec.contains("dtype") && c.spec["dtype"].is_string()) {
    const std::string v = kvdtype::detail::to_lower(c.spec["dtype"].get<std::string>());
    if (v != "auto") d.model_dtype = v == "float" ? "float32" : v;
  }
  d.backend = c.spec_draft_backend;
  out.draft_model = draft_model;
  out.draft = std::move(d);
}

// `sh -c 'script'` (also bash/zsh/dash, and -lc, -ec …): the script is the command. Kubernetes
// manifests and `docker run IMAGE bash -c '…'` launch servers this way.
std::optional<std::size_t> shell_script_at(const std::vector<std::string>& w) {
  for (std::size_t k = 0; k + 2 < w.size(); ++k) {
    const std::string_view base = basename(w[k]);
    if (base != "sh" && base != "bash" && base != "zsh" && base != "dash") continue;
    const std::string& o = w[k + 1];
    if (o.size() >= 2 && o[0] == '-' && o[1] != '-' && o.back() == 'c') return k;
  }
  return std::nullopt;
}

Result<std::vector<std::string>> expand_shell_scripts(std::vector<std::string> w) {
  for (int nested = 0; nested < 4; ++nested) {
    const auto k = shell_script_at(w);
    if (!k) break;
    auto inner = split_command(w[*k + 2]);
    if (!inner.ok()) return Error{ErrorCode::bad_command, "sh -c script: " + inner.error().message};
    w.resize(*k);  // words after the script are its $0, $1 …: not the server's
    w.insert(w.end(), inner->begin(), inner->end());
  }
  return w;
}

bool is_launch(const std::vector<std::string>& words) {
  auto w = expand_shell_scripts(words);
  std::vector<std::string> env;
  return w.ok() && locate(*w, 0, env).ok();
}

}  // namespace

bool is_serving_command(std::span<const std::string> argv) {
  try {
    return !argv.empty() && is_launch(std::vector<std::string>(argv.begin(), argv.end()));
  } catch (const std::exception&) {
    return false;
  }
}

Result<LaunchCommand> parse_launch_command(std::span<const std::string> argv) {
  try {
    if (argv.empty()) return bad("empty command");
    // A `sh -c 'pip install vllm==X && vllm serve …'` script names the release it installs.
    std::string script;
    if (const auto k = shell_script_at(std::vector<std::string>(argv.begin(), argv.end()))) script = argv[*k + 2];
    if (argv.size() > detail::kMaxCommandWords)
      return bad("more than " + std::to_string(detail::kMaxCommandWords) + " words; not a launch command");
    auto expanded = expand_shell_scripts(std::vector<std::string>(argv.begin(), argv.end()));
    if (!expanded.ok()) return expanded.error();
    const std::vector<std::string> w = std::move(expanded).value();
    if (w.empty()) return bad("empty command");
    std::vector<std::string> env;
    auto at = locate(w, 0, env);
    if (!at.ok()) return at.error();
    LaunchCommand out;
    // --config FILE: its flags go in where the engine puts them (engine_config_file.hpp).
    auto spliced = detail::splice_config_files(w, at->args, at->positional_model, at->engine, &out.config_file);
    if (!spliced.ok()) return spliced.error();
    const std::vector<std::string>& words = *spliced;
    out.engine = at->engine;
    out.input.engine = std::string(engine_info(at->engine).name);
    Collected c;
    if (auto e = read_flags(words, *at, out, c)) return *e;
    apply_environment(env, at->engine, out, c);
    finish(out, c, *at);
    if (out.input.engine_version.empty() && !script.empty())
      out.input.engine_version = detail::engine_version_from_install(script, at->engine);
    if (auto e = detail::finish_engine_launch(out)) return *e;  // engine-specific reading (launch_<engine>.cpp)
    return out;
  } catch (const std::exception& e) {
    // Only allocation can throw past the JSON handling above; report, never propagate.
    return bad(std::string("cannot read the command: ") + e.what());
  }
}

Result<std::vector<std::string>> split_command(std::string_view text) {
  try {
    auto commands = detail::split_commands(text);
    if (!commands.ok()) return commands.error();
    // In a script, `export NAME=value` lines and bare assignment lines set the environment of the
    // serving command that follows: they are returned in front of it as NAME=value words.
    std::vector<std::string> environment;
    const detail::ShellCommand* last_other = nullptr;
    for (const detail::ShellCommand& cmd : *commands) {
      if (cmd.front() == "export" || cmd.front() == "declare" || cmd.front() == "typeset") {
        for (std::size_t i = 1; i < cmd.size(); ++i)
          if (detail::is_assignment(cmd[i])) environment.push_back(cmd[i]);
        continue;
      }
      if (std::all_of(cmd.begin(), cmd.end(), [](const std::string& x) { return detail::is_assignment(x); })) {
        environment.insert(environment.end(), cmd.begin(), cmd.end());
        continue;
      }
      if (is_launch(cmd)) {
        std::vector<std::string> out = environment;
        out.insert(out.end(), cmd.begin(), cmd.end());
        return out;
      }
      last_other = &cmd;
    }
    std::vector<std::string> out = environment;
    if (last_other != nullptr) out.insert(out.end(), last_other->begin(), last_other->end());
    return out;
  } catch (const std::exception& e) {
    return bad(std::string("cannot split the command: ") + e.what());
  }
}

}  // namespace kvdtype::io
