// The fuzzed entry points of the input readers that came after the first round: Kubernetes
// manifests and compose files, engines' config files (vLLM/SGLang --config, TensorRT-LLM
// --extra_llm_api_options), GGUF headers, model ids, AdmissionReview bodies, and the code-scanning
// renderers (SARIF, GitHub workflow commands) of checks built from fuzzed workloads.
// Included by entry_points.hpp (its helpers: require, require_error_message, check_and_render).
//
// The readers of engine config files and GGUF headers take a path, as the launch parser and the
// model reader call them: the input is written to a file in a private scratch directory and read
// back through the same path, so that the file-reading code is fuzzed too.
#pragma once

#include <stdlib.h>  // mkdtemp

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "bindings/admission.hpp"
#include "sources/launch/engine_config_file.hpp"
#include "sources/k8s/review_reader.hpp"
#include "kvdtype/io/manifest.hpp"
#include "kvdtype/io/model_config.hpp"
#include "kvdtype/io/model_id.hpp"
#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/workloads.hpp"

namespace kvdtype::fuzz {

// ---- a scratch directory for the readers that take a path -------------------------------------

// A fake Hugging Face hub cache with one model (huggingface_hub's layout), so that model ids reach
// the cache path as well as the catalogue. A small GQA config, as tests/data/models holds.
inline constexpr std::string_view kCachedModelId = "fuzz-org/Tiny-GQA-Chat";
inline constexpr std::string_view kCachedConfig =
    R"({"architectures": ["LlamaForCausalLM"], "model_type": "llama", "torch_dtype": "bfloat16",)"
    R"( "hidden_size": 2048, "num_attention_heads": 16, "num_key_value_heads": 4, "num_hidden_layers": 8})";

inline void write_file(const std::filesystem::path& p, std::string_view bytes) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  f.close();
  if (!f) throw std::runtime_error("fuzz: cannot write " + p.string());
}

// Created once per process (removed at exit), with the fake cache in hub/.
inline const std::filesystem::path& scratch_dir() {
  static const std::filesystem::path* dir = [] {
    std::string tmpl = (std::filesystem::temp_directory_path() / "kvdtype-fuzz-XXXXXX").string();
    if (::mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("fuzz: mkdtemp failed");
    auto* p = new std::filesystem::path(tmpl);  // never destroyed: the atexit handler reads it
    const std::filesystem::path repo = *p / "hub" / "models--fuzz-org--Tiny-GQA-Chat";
    std::filesystem::create_directories(repo / "refs");
    std::filesystem::create_directories(repo / "snapshots" / "c0ffee");
    write_file(repo / "refs" / "main", "c0ffee\n");
    write_file(repo / "snapshots" / "c0ffee" / "config.json", kCachedConfig);
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(scratch_dir(), ec);
    });
    return p;
  }();
  return *dir;
}

// `bytes` as the file `name` in the scratch directory; its path.
inline std::string scratch_file(const std::string& name, std::string_view bytes) {
  const std::filesystem::path p = scratch_dir() / name;
  write_file(p, bytes);
  return p.string();
}

// ---- workloads: the same reading twice, and what a face does with them --------------------------

inline bool same_source(const io::Source& a, const io::Source& b) {
  return a.file == b.file && a.document == b.document && a.line == b.line && a.kind == b.kind && a.name == b.name &&
         a.container == b.container && a.gpu == b.gpu;
}

inline void require_same_workloads(const std::vector<io::Workload>& a, const std::vector<io::Workload>& b,
                                   std::string_view where) {
  require(a.size() == b.size(), std::string(where) + ": two readings give different workload counts");
  for (std::size_t i = 0; i < a.size(); ++i) {
    require(same_source(a[i].source, b[i].source), std::string(where) + ": two readings give different sources");
    require(a[i].input.command == b[i].input.command && a[i].input.command_text == b[i].input.command_text &&
                a[i].input.fields.gpu == b[i].input.fields.gpu && a[i].notes == b[i].notes,
            std::string(where) + ": two readings give different workloads");
  }
}

// Every workload checked (the fleet split first), then kvdtype.checks/v1 and the text output.
inline io::Checks check_and_render_workloads(std::vector<io::Workload> workloads) {
  auto fleet = io::expand_fleet(std::move(workloads));
  if (!fleet.ok()) {
    require_error_message(fleet.error(), "expand_fleet");
    return {};
  }
  io::Checks checks = io::check_workloads(*fleet);
  for (const io::WorkloadResult& r : checks.results) {
    require(r.checked.has_value() != r.input_error.has_value(), "check_workloads: neither or both of a report and an error");
    if (r.input_error) require_error_message(*r.input_error, "check_workloads (input error)");
  }
  const std::string json = io::render_checks(checks, io::OutputFormat::json);
  const auto j = nlohmann::json::parse(json, nullptr, false);
  require(!j.is_discarded() && j.is_object(), "render_checks: invalid JSON");
  require(j.value("schema", "") == "kvdtype.checks/v1", "render_checks: wrong schema");
  require(j.value("verdict", "") == std::string(name(checks.verdict())), "render_checks: verdict differs");
  require(json == io::render_checks(checks, io::OutputFormat::json), "render_checks: two renderings differ");
  for (const auto fmt : {io::OutputFormat::text, io::OutputFormat::markdown})
    require(terminal_safe(io::render_checks(checks, fmt)), "render_checks: text output not terminal-safe");
  return checks;
}

// ---- Kubernetes manifests and compose files (io::read_manifest) ----------------------------------
// The input is the file; the workloads it holds are checked and rendered. `compose` is the same
// entry point with compose files for seeds.
inline void manifest(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = as_text(data, size);
  io::CheckInput base;
  base.defaults.gpu = "H100";  // where no node selector names one: reach the checks
  const auto m = io::read_manifest(text, "manifest.yaml", base);
  const auto again = io::read_manifest(text, "manifest.yaml", base);
  require_same_outcome(m, again, "read_manifest");
  if (!m.ok()) return require_error_message(m.error(), "read_manifest");
  require(m->skipped == again->skipped, "read_manifest: two readings skip different containers");
  require_same_workloads(m->workloads, again->workloads, "read_manifest");
  for (const io::Workload& w : m->workloads) {
    require(w.source.file == "manifest.yaml", "read_manifest: a workload from another file");
    require(w.source.line >= 0, "read_manifest: a negative line");
    require(!w.input.command.empty(), "read_manifest: a workload without a command");
  }
  check_and_render_workloads(m->workloads);
}

inline void compose(const std::uint8_t* data, std::size_t size) { manifest(data, size); }

// Parse-only: read_manifest twice, no check (thousands of executions a second where the
// round trip above runs every workload through the pipeline and the renderers).
inline void manifest_parse(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = as_text(data, size);
  const auto m = io::read_manifest(text, "m.yaml", {});
  const auto again = io::read_manifest(text, "m.yaml", {});
  require_same_outcome(m, again, "read_manifest");
  if (!m.ok()) return require_error_message(m.error(), "read_manifest");
  require(m->skipped == again->skipped, "read_manifest: two readings skip different containers");
  require_same_workloads(m->workloads, again->workloads, "read_manifest");
}

// Parse-only: the webhook's one-pass reading of a body (sources/k8s/review_reader.hpp), twice.
inline void admission_parse(const std::uint8_t* data, std::size_t size) {
  const std::string_view body = as_text(data, size);
  const io::ReviewRead a = io::read_review(body, 100);
  const io::ReviewRead b = io::read_review(body, 100);
  require(a.problem == b.problem && a.uid == b.uid && a.kind == b.kind && a.has_object == b.has_object &&
              a.object_error == b.object_error,
          "read_review: two readings differ");
  require(a.problem != io::ReviewRead::Problem::none || a.is_object || !a.has_request, "read_review: a request outside an object");
  // A body that is not JSON keeps no object, even when request.object had begun (its tree is
  // dropped with the rest); a body read whole keeps the object it announced.
  if (a.problem == io::ReviewRead::Problem::none && a.has_object && a.object_error.empty())
    require(static_cast<bool>(a.object), "read_review: an object read as nothing");
}

// ---- engine config files: vLLM / SGLang --config, TensorRT-LLM --extra_llm_api_options ------------
// Byte 0 picks the engine and the file's extension; the rest is the file. The launch parser reads it
// as the engine would, then the request it makes is checked and rendered.
inline void engine_config(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const std::string_view text = as_text(data + 1, size - 1);
  std::vector<std::string> argv;
  std::string file;
  Engine engine = Engine::vllm;
  switch (data[0] % 4) {
    case 0: file = scratch_file("config.yaml", text); argv = {"vllm", "serve", "m", "--config", file}; break;
    case 1:
      engine = Engine::sglang;
      file = scratch_file("config.yaml", text);
      argv = {"python3", "-m", "sglang.launch_server", "--model-path", "m", "--config", file};
      break;
    case 2:
      engine = Engine::sglang;
      file = scratch_file("config.json", text);
      argv = {"python3", "-m", "sglang.launch_server", "--model-path", "m", "--config=" + file};
      break;
    default:
      engine = Engine::trtllm;
      file = scratch_file("options.yml", text);
      argv = {"trtllm-serve", "m", "--extra_llm_api_options", file};
      break;
  }
  if (engine != Engine::trtllm) {
    const auto words = io::detail::config_file_words(file, engine);
    require_same_outcome(words, io::detail::config_file_words(file, engine), "config_file_words");
    if (!words.ok()) {
      require_error_message(words.error(), "config_file_words");
    } else {
      require(*words == *io::detail::config_file_words(file, engine), "config_file_words: two readings differ");
      require(words->empty() || words->front().rfind("--", 0) == 0, "config_file_words: does not start with a flag");
    }
  }
  const auto cmd = io::parse_launch_command(argv);
  require_same_outcome(cmd, io::parse_launch_command(argv), "parse_launch_command (config file)");
  if (!cmd.ok()) return require_error_message(cmd.error(), "parse_launch_command (config file)");
  RequestInput in = cmd->input;
  if (in.gpu.empty()) in.gpu = "H100";
  const auto r = make_request(in);
  if (!r.ok()) return require_error_message(r.error(), "make_request (config file)");
  check_and_render(*r);
}

// ---- GGUF headers (io::read_gguf_config, and read_model_config's dispatch on the magic) -----------
inline void gguf(const std::uint8_t* data, std::size_t size) {
  const std::string path = scratch_file("model.gguf", as_text(data, size));
  const auto cfg = io::read_gguf_config(path);
  require_same_outcome(cfg, io::read_gguf_config(path), "read_gguf_config");
  const auto via_reader = io::read_model_config(path);
  require(cfg.ok() == via_reader.ok() || size < 4 || std::string_view(as_text(data, 4)) != "GGUF",
          "read_model_config: a GGUF file read differently than by read_gguf_config");
  if (!cfg.ok()) return require_error_message(cfg.error(), "read_gguf_config");
  RequestInput in = cfg->input;
  in.engine = "llama.cpp";
  in.gpu = "H100";
  const auto r = make_request(in);
  if (!r.ok()) return require_error_message(r.error(), "make_request (GGUF)");
  check_and_render(*r);
}

// ---- model ids (io::looks_like_model_id, io::resolve_model_id: a fake HF cache, the catalogue) ----
// HF_HUB_CACHE pointed at the fake cache while it lives (the regression test shares its process
// with other tests), then restored.
class FakeHfCache {
 public:
  FakeHfCache() {
    if (const char* v = std::getenv("HF_HUB_CACHE")) saved_ = v, had_ = true;
    ::setenv("HF_HUB_CACHE", (scratch_dir() / "hub").c_str(), 1);
  }
  ~FakeHfCache() {
    if (had_) ::setenv("HF_HUB_CACHE", saved_.c_str(), 1);
    else ::unsetenv("HF_HUB_CACHE");
  }
  FakeHfCache(const FakeHfCache&) = delete;
  FakeHfCache& operator=(const FakeHfCache&) = delete;

 private:
  std::string saved_;
  bool had_ = false;
};

inline void model_id(const std::uint8_t* data, std::size_t size) {
  const FakeHfCache cache;
  const std::string_view id = as_text(data, size);
  const bool looks = io::looks_like_model_id(id);
  if (looks) {
    // Nothing that could leave the cache directory or name another path.
    require(id.find("..") == std::string_view::npos && id.front() != '/' && id.front() != '.' && id.front() != '~' &&
                std::count(id.begin(), id.end(), '/') <= 1 && id.find('\\') == std::string_view::npos &&
                id.find('\0') == std::string_view::npos,
            "looks_like_model_id: accepted a path");
  }
  const auto r = io::resolve_model_id(id);
  const auto again = io::resolve_model_id(id);
  require_same_outcome(r, again, "resolve_model_id");
  if (!r.ok()) return require_error_message(r.error(), "resolve_model_id");
  require(r->has_value() == again->has_value(), "resolve_model_id: two lookups disagree");
  if (!r->has_value()) return;
  require(looks, "resolve_model_id: resolved an id that does not look like one");
  const io::ResolvedModel& m = **r;
  require((*again)->id == m.id && (*again)->source == m.source, "resolve_model_id: two lookups disagree");
  require(one_printable_line(m.note()), "ResolvedModel::note: not one printable line");
  RequestInput in = m.input;
  in.gpu = "H100";
  in.kv_cache_dtype = "fp8";
  const auto req = make_request(in);
  if (!req.ok()) return require_error_message(req.error(), "make_request (model id)");
  check_and_render(*req);
}

// ---- AdmissionReview bodies (kvdtype serve's POST /validate: serve::review) ------------------------
// Byte 0 sets the server's policy (--fail-on warning, --ignore, a default --gpu); the rest is the body.
inline void admission(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  serve::Policy policy;
  policy.fail_on = (data[0] & 1) != 0 ? kvdtype::Verdict::warn : kvdtype::Verdict::error;
  if (data[0] & 2) policy.ignore = {"KVD001", "KVD010", "KVD062", "KVD300"};
  if (data[0] & 4) policy.base.defaults.gpu = "H100";
  if (data[0] & 8) policy.base.defaults.engine_version = "0.10.0";
  const std::string_view body = as_text(data + 1, size - 1);
  const serve::Outcome o = serve::review(body, policy);
  const serve::Outcome again = serve::review(body, policy);
  require(o.http_status == again.http_status && o.body == again.body && o.decision == again.decision &&
              o.codes == again.codes,
          "review: two reviews of the same body differ");
  const auto j = nlohmann::json::parse(o.body, nullptr, false);
  require(!j.is_discarded() && j.is_object(), "review: the answer is not a JSON object");
  if (o.http_status != 200) {
    require(o.http_status == 400 && o.decision == "bad_request", "review: a refusal other than 400 bad_request");
    require(j.contains("error") && j["error"].is_string() && !o.error.empty(), "review: a 400 without an error");
    return;
  }
  require(j.value("kind", "") == "AdmissionReview", "review: the answer is not an AdmissionReview");
  require(j.contains("response") && j["response"].is_object(), "review: an answer without a response");
  const auto& response = j["response"];
  require(response.value("uid", "") == o.uid && !o.uid.empty(), "review: the answer's uid is not the request's");
  require(response.contains("allowed") && response["allowed"].is_boolean(), "review: allowed is not a boolean");
  const bool allowed = response["allowed"].get<bool>();
  require(allowed == (o.decision != "denied"), "review: allowed and the decision disagree");
  require(o.decision == "allowed" || o.decision == "warned" || o.decision == "denied", "review: unknown decision");
  if (!allowed) {
    require(response.contains("status") && response["status"].value("code", 0) == 403, "review: a denial without 403");
    require(response["status"].value("message", "").rfind("kvdtype rejected", 0) == 0, "review: a denial without its reason");
  }
  if (response.contains("warnings")) {
    require(response["warnings"].is_array() && !response["warnings"].empty() && response["warnings"].size() <= 16,
            "review: warnings not a list of 1 to 16");
    for (const auto& w : response["warnings"])
      require(w.is_string() && w.get<std::string>().size() <= 120, "review: a warning longer than Kubernetes shows");
  }
  require(o.decision != "warned" || response.contains("warnings"), "review: warned without warnings");
  for (const std::string& code : o.codes) require(find_rule(code) != nullptr, "review: an unknown rule code " + code);
}

// ---- SARIF and GitHub workflow commands of checks built from fuzzed workloads --------------------
// Byte 0: bit 0 reads the text as a manifest (else as a script of launch commands), bit 1 names
// two GPUs (the fleet view). Then the file name (any bytes, up to a NUL), then the text.
inline void sarif(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  std::string_view rest = as_text(data + 1, size - 1);
  const std::size_t nul = rest.find('\0');
  const std::string file(rest.substr(0, std::min<std::size_t>(nul, 512)));
  const std::string_view text = nul == std::string_view::npos ? std::string_view() : rest.substr(nul + 1);
  io::CheckInput base;
  base.defaults.gpu = (data[0] & 2) ? "H100,MI300X" : "H100";
  std::vector<io::Workload> workloads;
  if (data[0] & 1) {
    const auto m = io::read_manifest(text, file, base);
    if (!m.ok()) return require_error_message(m.error(), "read_manifest");
    workloads = m->workloads;
  } else {
    base.command_text = std::string(text);
    const auto s = io::script_workloads(base, file);
    const auto again = io::script_workloads(base, file);
    require_same_outcome(s, again, "script_workloads");
    if (!s.ok()) return require_error_message(s.error(), "script_workloads");
    require_same_workloads(*s, *again, "script_workloads");
    workloads = *s;
  }
  const io::Checks checks = check_and_render_workloads(std::move(workloads));

  // SARIF 2.1.0: valid JSON; every result names a rule of tool.driver.rules by id and index.
  const std::string sarif = io::render_sarif(checks);
  require(sarif == io::render_sarif(checks), "render_sarif: two renderings differ");
  const auto j = nlohmann::json::parse(sarif, nullptr, false);
  require(!j.is_discarded() && j.value("version", "") == "2.1.0", "render_sarif: invalid JSON or version");
  require(j["runs"].is_array() && j["runs"].size() == 1, "render_sarif: not one run");
  const auto& run = j["runs"][0];
  const auto& rules = run["tool"]["driver"]["rules"];
  const auto& results = run["results"];
  require(rules.is_array() && results.is_array(), "render_sarif: rules or results missing");
  for (const auto& res : results) {
    const std::string level = res.value("level", "");
    require(level == "error" || level == "warning" || level == "note", "render_sarif: unknown level");
    require(res["message"]["text"].is_string() && !res["message"]["text"].get<std::string>().empty(),
            "render_sarif: a result without a message");
    if (res.contains("ruleId")) {
      const auto i = res.value("ruleIndex", std::size_t{0});
      require(i < rules.size() && rules[i]["id"] == res["ruleId"], "render_sarif: ruleIndex does not name ruleId");
    }
    if (res.contains("locations")) {
      const auto& loc = res["locations"][0]["physicalLocation"];
      require(loc["artifactLocation"]["uri"].is_string(), "render_sarif: a location without a uri");
      if (loc.contains("region")) require(loc["region"].value("startLine", 0) >= 1, "render_sarif: startLine below 1");
    }
  }

  // GitHub: one workflow command per finding (the same findings as SARIF's results), then the
  // summary; nothing a file name or message holds can start another command or reach the
  // terminal raw.
  const std::string gh = io::render_github(checks);
  require(gh == io::render_github(checks), "render_github: two renderings differ");
  require(!gh.empty() && gh.back() == '\n', "render_github: not newline-terminated");
  require(terminal_safe(gh), "render_github: output not terminal-safe");
  std::vector<std::string_view> lines;
  for (std::size_t at = 0; at < gh.size();) {
    const std::size_t nl = gh.find('\n', at);
    lines.push_back(std::string_view(gh).substr(at, nl - at));
    at = nl + 1;
  }
  require(lines.size() == results.size() + 1, "render_github: not one line per SARIF result plus the summary");
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const std::string_view l = lines[i];
    require(l.rfind("::error ", 0) == 0 || l.rfind("::warning ", 0) == 0 || l.rfind("::notice ", 0) == 0,
            "render_github: a line that is not a workflow command");
    require(l.find("::", 2) != std::string_view::npos, "render_github: a command without its message");
    require(l.find('\r') == std::string_view::npos, "render_github: a raw CR");
  }
  require(lines.back().rfind("kvdtype: ", 0) == 0, "render_github: no summary line");
}

}  // namespace kvdtype::fuzz
