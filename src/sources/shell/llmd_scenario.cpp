// llm-d-benchmark scenarios in environment form: a script that exports LLMDBENCH_* variables
// (some of them naming $(mktemp) files it fills with heredocs) and starts no server itself.
// llm-d-benchmark's setup/ turned such a scenario into vLLM pods; this reads the pods' vLLM
// commands out of the script's final variables, as that harness rendered them, without running
// anything (sources/shell/script_state.hpp, detail::llmd_scenario_commands).
//
// Source: llm-d/llm-d-benchmark @3045e869 (the last commit with setup/; 022737aa removed it):
// - setup/env.sh: the defaults of every LLMDBENCH_* variable (the table kDefaults below copies
//   the values of the ones that reach a vLLM command or its environment);
// - setup/steps/09_deploy_via_modelservice.py: one llm-d-modelservice values file per model with
//   a `decode` and a `prefill` pool (`replicas` LLMDBENCH_VLLM_MODELSERVICE_<POOL>_REPLICAS,
//   `parallelism` {data, dataLocal, tensor}, one container "vllm" with `modelCommand`
//   <POOL>_MODEL_COMMAND and `args` from <POOL>_EXTRA_ARGS, `env` from <POOL>_ENVVARS_TO_YAML);
// - setup/functions.py: render_string (REPLACE_ENV_NAME[++++default=V] → the variable's value,
//   `____` → a space), add_command_line_options (a value naming a readable file is that file's
//   text; step 09 turns `[--a____v____--b]` into the args list `--a`, `v`, `--b`: split at `--`,
//   each piece its first two words; a value that is no list is one command line) and
//   add_additional_env_to_yaml (a readable file is a YAML env list, else a comma list of
//   variable names whose LLMDBENCH_VLLM_<ROLE>_VLLM_ prefix becomes VLLM_);
// - setup/steps/06_deploy_vllm_standalone_models.py: LLMDBENCH_VLLM_STANDALONE_ARGS rendered the
//   same way (`PREPROCESS ; vllm serve MODEL …`) as the standalone pod's shell command.
// The modelservice chart renders the pool's command (llm-d-incubation/llm-d-modelservice
// templates/_helpers.tpl, as src/sources/k8s/manifest_charts.cpp reads it): vllmServe →
// `vllm serve MODEL --tensor-parallel-size N (N > 1) … --served-model-name NAME` + args; custom →
// the args as the command; the model from modelArtifacts.uri pvc://PVC/models/NAME mounted at
// /model-cache.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "common/text.hpp"
#include "sources/shell/script_state.hpp"

namespace kvdtype::io::detail {
namespace {

constexpr std::string_view kSource = "llm-d/llm-d-benchmark @3045e869 setup/env.sh, steps/09_deploy_via_modelservice.py";

// setup/env.sh @3045e869: the defaults that reach a vLLM command or its environment. A value may
// name another variable as ${NAME}, as env.sh's own defaults do.
constexpr std::pair<std::string_view, std::string_view> kDefaults[] = {
    {"LLMDBENCH_DEPLOY_METHODS", "modelservice"},
    {"LLMDBENCH_DEPLOY_MODEL_LIST", "facebook/opt-125m"},
    {"LLMDBENCH_VLLM_COMMON_REPLICAS", "1"},
    {"LLMDBENCH_VLLM_COMMON_TENSOR_PARALLELISM", "1"},
    {"LLMDBENCH_VLLM_COMMON_ACCELERATOR_MEM_UTIL", "0.95"},
    {"LLMDBENCH_VLLM_COMMON_MAX_MODEL_LEN", "16384"},
    {"LLMDBENCH_VLLM_COMMON_BLOCK_SIZE", "64"},
    {"LLMDBENCH_VLLM_COMMON_INFERENCE_PORT", "8000"},
    {"LLMDBENCH_VLLM_COMMON_METRICS_PORT", "8200"},
    {"LLMDBENCH_VLLM_COMMON_PVC_NAME", "model-pvc"},
    {"LLMDBENCH_VLLM_COMMON_VLLM_LOAD_FORMAT", "auto"},
    {"LLMDBENCH_VLLM_COMMON_MODEL_LOADER_EXTRA_CONFIG", "{}"},
    {"LLMDBENCH_VLLM_COMMON_ENVVARS_TO_YAML",
     "LLMDBENCH_VLLM_COMMON_VLLM_WORKER_MULTIPROC_METHOD,LLMDBENCH_VLLM_COMMON_VLLM_LOGGING_LEVEL,"
     "LLMDBENCH_VLLM_COMMON_VLLM_CACHE_ROOT,LLMDBENCH_VLLM_COMMON_VLLM_ALLOW_LONG_MAX_MODEL_LEN,"
     "LLMDBENCH_VLLM_COMMON_VLLM_SERVER_DEV_MODE,LLMDBENCH_VLLM_COMMON_VLLM_LOAD_FORMAT"},
    {"LLMDBENCH_VLLM_STANDALONE_PREPROCESS", "${LLMDBENCH_VLLM_COMMON_PREPROCESS}"},
    {"LLMDBENCH_VLLM_STANDALONE_ENVVARS_TO_YAML", "${LLMDBENCH_VLLM_COMMON_ENVVARS_TO_YAML}"},
    {"LLMDBENCH_VLLM_STANDALONE_ARGS",
     "REPLACE_ENV_LLMDBENCH_VLLM_STANDALONE_PREPROCESS____;____vllm____serve____REPLACE_ENV_LLMDBENCH_DEPLOY_CURRENT_MODEL"
     "____--no-enable-prefix-caching____--load-format____REPLACE_ENV_LLMDBENCH_VLLM_COMMON_VLLM_LOAD_FORMAT____--port____"
     "REPLACE_ENV_LLMDBENCH_VLLM_COMMON_INFERENCE_PORT____--max-model-len____REPLACE_ENV_LLMDBENCH_VLLM_COMMON_MAX_MODEL_LEN"
     "____--no-enable-log-requests____--gpu-memory-utilization____REPLACE_ENV_LLMDBENCH_VLLM_COMMON_ACCELERATOR_MEM_UTIL"
     "____--tensor-parallel-size____REPLACE_ENV_LLMDBENCH_VLLM_COMMON_TENSOR_PARALLELISM"},
    {"LLMDBENCH_VLLM_MODELSERVICE_DECODE_REPLICAS", "${LLMDBENCH_VLLM_COMMON_REPLICAS}"},
    {"LLMDBENCH_VLLM_MODELSERVICE_DECODE_TENSOR_PARALLELISM", "1"},
    {"LLMDBENCH_VLLM_MODELSERVICE_DECODE_DATA_PARALLELISM", "1"},
    {"LLMDBENCH_VLLM_MODELSERVICE_DECODE_DATA_LOCAL_PARALLELISM", "1"},
    {"LLMDBENCH_VLLM_MODELSERVICE_DECODE_MODEL_COMMAND", "vllmServe"},
    {"LLMDBENCH_VLLM_MODELSERVICE_DECODE_EXTRA_ARGS",
     "[--no-enable-log-requests____--max-model-len____REPLACE_ENV_LLMDBENCH_VLLM_COMMON_MAX_MODEL_LEN____"
     "--tensor-parallel-size____REPLACE_ENV_LLMDBENCH_VLLM_MODELSERVICE_DECODE_TENSOR_PARALLELISM]"},
    {"LLMDBENCH_VLLM_MODELSERVICE_DECODE_ENVVARS_TO_YAML", "${LLMDBENCH_VLLM_COMMON_ENVVARS_TO_YAML}"},
    {"LLMDBENCH_VLLM_MODELSERVICE_PREFILL_REPLICAS", "${LLMDBENCH_VLLM_COMMON_REPLICAS}"},
    {"LLMDBENCH_VLLM_MODELSERVICE_PREFILL_TENSOR_PARALLELISM", "1"},
    {"LLMDBENCH_VLLM_MODELSERVICE_PREFILL_DATA_PARALLELISM", "1"},
    {"LLMDBENCH_VLLM_MODELSERVICE_PREFILL_DATA_LOCAL_PARALLELISM", "1"},
    {"LLMDBENCH_VLLM_MODELSERVICE_PREFILL_MODEL_COMMAND", "vllmServe"},
    {"LLMDBENCH_VLLM_MODELSERVICE_PREFILL_EXTRA_ARGS",
     "[--no-enable-log-requests____--max-model-len____REPLACE_ENV_LLMDBENCH_VLLM_COMMON_MAX_MODEL_LEN____"
     "--tensor-parallel-size____REPLACE_ENV_LLMDBENCH_VLLM_MODELSERVICE_PREFILL_TENSOR_PARALLELISM]"},
    {"LLMDBENCH_VLLM_MODELSERVICE_PREFILL_ENVVARS_TO_YAML", "${LLMDBENCH_VLLM_COMMON_ENVVARS_TO_YAML}"},
};

std::string_view trim_words(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\\')) s.remove_suffix(1);
  return s;
}

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at <= s.size();) {
    const std::size_t end = std::min(s.find(sep, at), s.size());
    if (const std::string_view part = trim_words(s.substr(at, end - at)); !part.empty()) out.emplace_back(part);
    at = end + 1;
  }
  return out;
}

void replace_all(std::string& s, std::string_view from, std::string_view to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
}

class Scenario {
 public:
  explicit Scenario(ShellState& st) : st_(st) {}

  // The variable's value: what the script (or its environment) set, else env.sh's default; a
  // name neither knows stays `${NAME}`, an unknown value the check names (KVD152).
  std::string get(std::string_view name, int depth = 0) {
    if (auto it = st_.scalars.find(name); it != st_.scalars.end()) return it->second;
    if (name == "LLMDBENCH_DEPLOY_CURRENT_MODEL") return model_;
    for (const auto& [n, v] : kDefaults) {
      if (n != name) continue;
      std::string value(v);
      if (value.starts_with("${") && value.ends_with("}") && depth < 4) return get(value.substr(2, value.size() - 3), depth + 1);
      return value;
    }
    return "${" + std::string(name) + "}";
  }

  // functions.py render_string: REPLACE_ENV_NAME (with an optional ++++default=V) → the value.
  std::string render(std::string text) {
    replace_all(text, "____", " ");
    constexpr std::string_view kMark = "REPLACE_ENV_";
    for (std::size_t at = text.find(kMark); at != std::string::npos; at = text.find(kMark, at)) {
      std::size_t end = at + kMark.size();
      while (end < text.size() && ((text[end] >= 'A' && text[end] <= 'Z') || (text[end] >= '0' && text[end] <= '9') || text[end] == '_')) ++end;
      const std::string name = text.substr(at + kMark.size(), end - at - kMark.size());
      std::string fallback;
      bool has_fallback = false;
      if (text.compare(end, 12, "++++default=") == 0) {
        std::size_t stop = end + 12;
        while (stop < text.size() && text[stop] != ' ' && text[stop] != '"' && text[stop] != '\n') ++stop;
        fallback = text.substr(end + 12, stop - end - 12);
        has_fallback = true;
        end = stop;
      }
      std::string value = get(name);
      if (value.starts_with("${") && has_fallback) value = fallback;
      text.replace(at, end - at, value);
      at += value.size();
    }
    return text;
  }

  // add_command_line_options / add_additional_env_to_yaml: a value naming a file the script
  // wrote (or one beside it) stands for that file's text.
  std::string text_of(const std::string& value) {
    if (auto t = st_.file_text(value)) return *t;
    return value;
  }

  // The pool's environment: NAME=value words, from a YAML env list or a comma list of names.
  std::vector<std::string> environment(const std::string& value) {
    std::vector<std::string> env;
    if (auto text = st_.file_text(value)) {
      try {
        const YAML::Node list = YAML::Load(render(*text));
        if (list.IsSequence())
          for (const YAML::Node& e : list)
            if (e.IsMap() && e["name"] && e["value"] && e["value"].IsScalar())
              env.push_back(e["name"].as<std::string>() + "=" + e["value"].as<std::string>());
      } catch (const YAML::Exception&) {
        notes_.push_back("its environment file " + value + " is not a YAML list: its variables are not read");
      }
      return env;
    }
    for (const std::string& var : split(value, ',')) {
      std::string name = var;
      for (std::string_view role : {"COMMON", "STANDALONE", "MODELSERVICE_PREFILL", "MODELSERVICE_DECODE"})
        if (const std::string p = "LLMDBENCH_VLLM_" + std::string(role) + "_VLLM_"; name.starts_with(p)) name = "VLLM_" + name.substr(p.size());
      if (!name.starts_with("VLLM_")) continue;  // the harness's own variables reach no engine setting
      const std::string v = get(var);
      if (!v.starts_with("${")) env.push_back(name + "=" + render(v));
    }
    return env;
  }

  // Step 09's args list of `[--a____v____--b____'{json}']`.
  static std::vector<std::string> list_args(std::string text) {
    text.erase(std::remove(text.begin(), text.end(), '['), text.end());
    text.erase(std::remove(text.begin(), text.end(), ']'), text.end());
    std::vector<std::string> out;
    std::size_t at = text.find("--");
    while (at != std::string::npos) {
      const std::size_t next = text.find(" --", at + 2);
      const std::string piece(trim_words(std::string_view(text).substr(at + 2, next == std::string::npos ? std::string::npos : next - at - 2)));
      const std::size_t space = piece.find(' ');
      out.push_back("--" + piece.substr(0, space));
      if (space != std::string::npos) {
        std::string value(trim_words(std::string_view(piece).substr(space + 1)));
        value = value.substr(0, value.find(' '));
        while (!value.empty() && value.back() == '"') value.pop_back();
        if (value.size() >= 2 && value.front() == '\'' && value.back() == '\'') value = value.substr(1, value.size() - 2);
        if (!value.empty()) out.push_back(value);
      }
      at = next == std::string::npos ? next : next + 1;
    }
    return out;
  }

  // The serving commands of one command line (custom commands, the standalone pod's script).
  std::vector<ScriptCommand> commands_of(const std::string& line) {
    auto read = serving_commands(line, {}, {});
    if (!read.ok()) {
      notes_.push_back("its command is not readable: " + read.error().message);
      return {};
    }
    return std::move(read).value();
  }

  void pool(std::string_view role, std::vector<ScriptCommand>& out) {
    const std::string p = "LLMDBENCH_VLLM_MODELSERVICE_" + std::string(role) + "_";
    const std::string where = "llm-d-benchmark scenario: the " + kvdtype::detail::to_lower(role) + " pool of " + model_ + " (" + std::string(kSource) + ")";
    if (get(p + "REPLICAS") == "0") {
      skipped_.push_back(where + ": " + p + "REPLICAS is 0");
      return;
    }
    const std::string how = get(p + "MODEL_COMMAND");
    const std::string args = render(text_of(get(p + "EXTRA_ARGS")));
    std::vector<ScriptCommand> made;
    if (how == "vllmServe") {
      ScriptCommand c;
      c.words = {"vllm", "serve", "/model-cache/models/" + model_};
      for (const auto& [key, flag] : {std::pair{"TENSOR_PARALLELISM", "--tensor-parallel-size"},
                                      std::pair{"DATA_PARALLELISM", "--data-parallel-size"},
                                      std::pair{"DATA_LOCAL_PARALLELISM", "--data-parallel-size-local"}})
        if (const std::string v = get(p + key); v != "1" && v != "0" && !v.empty()) c.words.insert(c.words.end(), {flag, v});
      c.words.insert(c.words.end(), {"--served-model-name", model_});
      std::vector<std::string> extra = args.find('[') != std::string::npos || args.find("--") == 0 ? list_args(args) : commands_words(args);
      c.words.insert(c.words.end(), extra.begin(), extra.end());
      made.push_back(std::move(c));
    } else if (how == "custom") {
      made = commands_of(args);
    } else {
      notes_.push_back(where + ": modelCommand " + how + " runs the image's own entrypoint, which the scenario does not name; not read");
      return;
    }
    const std::vector<std::string> env = environment(get(p + "ENVVARS_TO_YAML"));
    for (ScriptCommand& c : made) {
      c.words.insert(c.words.begin(), env.begin(), env.end());
      c.line = 1;
      c.files = st_.files;
      c.notes.push_back(where + ", modelCommand " + how);
      out.push_back(std::move(c));
    }
  }

  void standalone(std::vector<ScriptCommand>& out) {
    std::vector<ScriptCommand> made = commands_of(render(text_of(get("LLMDBENCH_VLLM_STANDALONE_ARGS"))));
    const std::vector<std::string> env = environment(get("LLMDBENCH_VLLM_STANDALONE_ENVVARS_TO_YAML"));
    for (ScriptCommand& c : made) {
      c.words.insert(c.words.begin(), env.begin(), env.end());
      c.line = 1;
      c.notes.push_back("llm-d-benchmark scenario: the standalone pod of " + model_ +
                        " (llm-d/llm-d-benchmark @3045e869 setup/env.sh, steps/06_deploy_vllm_standalone_models.py)");
      out.push_back(std::move(c));
    }
  }

  std::vector<ScriptCommand> read() {
    std::vector<ScriptCommand> out;
    const std::vector<std::string> methods = split(get("LLMDBENCH_DEPLOY_METHODS"), ',');
    const std::vector<std::string> models = split(get("LLMDBENCH_DEPLOY_MODEL_LIST"), ',');
    for (const std::string& model : models) {
      model_ = model;
      for (const std::string& m : methods) {
        if (m == "modelservice") {
          pool("PREFILL", out);
          pool("DECODE", out);
        } else if (m == "standalone") {
          standalone(out);
        }
      }
    }
    for (ScriptCommand& c : out) {
      c.notes.insert(c.notes.end(), notes_.begin(), notes_.end());
      c.notes.insert(c.notes.end(), skipped_.begin(), skipped_.end());
    }
    return out;
  }

 private:
  // Args that are one command line rather than a list (`--a v --b`): its words.
  std::vector<std::string> commands_words(const std::string& line) {
    auto read = serving_commands("vllm serve m " + line, {}, {});
    if (!read.ok() || read->empty()) return split(line, ' ');
    std::vector<std::string> w = std::move(read->front().words);
    return {w.begin() + std::min<std::size_t>(3, w.size()), w.end()};
  }

  ShellState& st_;
  std::string model_;
  std::vector<std::string> notes_, skipped_;
};

}  // namespace

bool is_llmd_scenario(const ShellState& state) {
  for (const auto& [name, value] : state.scalars)
    if (name.starts_with("LLMDBENCH_VLLM_") || name == "LLMDBENCH_DEPLOY_MODEL_LIST") return true;
  return false;
}

std::vector<ScriptCommand> llmd_scenario_commands(ShellState& state) { return Scenario(state).read(); }

}  // namespace kvdtype::io::detail
