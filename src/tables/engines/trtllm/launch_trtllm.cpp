// TensorRT-LLM launch commands: `trtllm-serve [serve] MODEL … --extra_llm_api_options FILE.yml`
// (tensorrt_llm/commands/serve.py). The YAML file holds LLM API arguments; kvdtype reads the ones
// that decide the KV cache: kv_cache_config.dtype, attn_backend, tensor_parallel_size,
// max_seq_len, quant_config.kv_cache_quant_algo and speculative_config.decoding_type. An options
// file that cannot be read is bad input naming the file (it may set the cache dtype: never a silent
// default). Nothing is executed.
//
// Layer `sources` kept in the engine's folder (docs/layers.md); reached through the registry row's
// launch hooks (sources/launch/launch_engines.hpp).
#include <cctype>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include <yaml-cpp/yaml.h>

#include "common/text.hpp"
#include "sources/launch/launch_engines.hpp"
#include "sources/files/read_file.hpp"
#include "sources/readers.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace kvdtype::io::detail {
namespace {

constexpr std::size_t kMaxOptionsBytes = 1 << 20;
constexpr int kMaxOptionsDepth = 64;

Error bad_file(const std::string& path, const std::string& why) {
  return Error{ErrorCode::bad_command, "--extra_llm_api_options " + kvdtype::detail::printable(path) + ": " + why};
}

// yaml-cpp parses recursively: a hostile file nested thousands of levels deep would exhaust the
// stack. Flow nesting ([ {) and block indentation are bounded before it parses.
bool nests_too_deep(const std::string& text) {
  int flow = 0;
  char quote = 0;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (c == '[' || c == '{') {
      if (++flow > kMaxOptionsDepth) return true;
    } else if (c == ']' || c == '}') --flow;
    else if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
      line_start = i + 1;
    } else if (c == '\n') line_start = i + 1;
    else if (c != ' ' && c != '-' && i - line_start > 2 * kMaxOptionsDepth) return true;  // indentation depth
  }
  return false;
}

std::string scalar(const YAML::Node& n) { return n && n.IsScalar() ? n.Scalar() : std::string(); }

// The LLM API's KvCacheConfig.dtype: auto, fp8, nvfp4 (lower-case; pydantic compares strings).
void set_kv_dtype(RequestInput& in, const std::string& value) {
  const CacheDtype* row = find_cache_dtype(Engine::trtllm, kvdtype::detail::to_lower(value));
  if (row == nullptr || row->internal) {
    refuse(in, "KVD220", value);
    in.kv_cache_dtype.clear();
    return;
  }
  in.kv_cache_dtype = std::string(row->name);
}

std::optional<Error> read_options(const std::string& path, LaunchCommand& out, const LaunchOptions& options) {
  const std::span<const ScriptFile> files = options.script_files;
  std::string text;
  if (const ScriptFile* written = find_script_file(files, path)) {  // the launching script wrote it
    if (written->text.size() > kMaxOptionsBytes) return bad_file(path, "written by the script, larger than 1 MiB");
    text = written->text;
  } else {
    // Through its row (sources/readers.hpp), once per check, by the one file reader
    // (read_file.hpp): a FIFO must not block, /proc is refused.
    auto read = read_named_file(options, InputKind::trtllm_options, path);
    if (!read.ok()) return bad_file(path, read.error().message);
    text = std::move(read).value();
  }
  if (nests_too_deep(text)) return bad_file(path, "nested deeper than " + std::to_string(kMaxOptionsDepth) + " levels");
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    return bad_file(path, "not valid YAML (" + kvdtype::detail::printable(e.msg) + " at line " +
                              std::to_string(e.mark.line + 1) + ")");
  }
  if (root.IsNull()) return std::nullopt;  // an empty file sets nothing
  if (!root.IsMap()) return bad_file(path, "expected a mapping of LLM API options");
  RequestInput& in = out.input;
  try {
    // The LLM API's arguments forbid unknown keys (pydantic extra="forbid"): a top-level
    // kv_cache_dtype stops trtllm-serve with a ValidationError instead of setting the cache
    // (NVIDIA/TensorRT-LLM#18901 fixed documentation samples that wrote it so). Read as a cache
    // dtype it would hide that; ignored, the check would report the wrong cache.
    if (root["kv_cache_dtype"])
      return bad_file(path, "kv_cache_dtype is not an LLM API option and TensorRT-LLM refuses unknown keys: "
                            "write kv_cache_config: {dtype: ...} (or trtllm-serve --kv_cache_dtype)");
    if (const YAML::Node kv = root["kv_cache_config"]; kv && kv.IsMap()) {
      if (const YAML::Node d = kv["dtype"]; d) {
        if (!d.IsScalar()) return bad_file(path, "kv_cache_config.dtype is not a string");
        in.kv_term = "kv_cache_config.dtype";  // messages name the key path, not a flag
        set_kv_dtype(in, d.Scalar());
      }
    }
    if (const std::string b = scalar(root["attn_backend"]); !b.empty()) in.backend = b;
    if (const std::string tp = scalar(root["tensor_parallel_size"]); !tp.empty()) in.tensor_parallel_size = tp;
    if (const std::string len = scalar(root["max_seq_len"]); !len.empty()) in.max_model_len = len;
    if (const YAML::Node q = root["quant_config"]; q && q.IsMap()) {
      if (const std::string algo = scalar(q["kv_cache_quant_algo"]); !algo.empty()) in.checkpoint_kv_cache_dtype = algo;
    }
    // speculative_config: {decoding_type: …} (llm_args.py DecodingBaseConfig.from_dict dispatches on
    // it). The PyTorch flow's EAGLE is EAGLE-3 (docs features/speculative-decoding: EAGLE 3 in the
    // one-model and two-model tables; 'Eagle' with eagle3_one_model in the tech-blog configs), later
    // also spelled Eagle3. Only the method is read: the drafter shares the target's KV pool.
    if (const YAML::Node s = root["speculative_config"]; s && s.IsMap()) {
      const std::string t = kvdtype::detail::to_lower(scalar(s["decoding_type"]));
      if (t == "eagle" || t == "eagle3") in.speculative_method = "eagle3";
      else if (t == "mtp" || t == "ngram" || t == "medusa") in.speculative_method = t;
      else if (t == "drafttarget") in.speculative_method = "draft_model";
    }
    if (const std::string runtime = scalar(root["backend"]); !runtime.empty())
      out.engine_options.emplace_back("runtime", runtime);
    // AutoDeploy's long form of attn_backend (the shortcut wins when both are given, as
    // llm_args.py update_transforms_with_shortcuts does); read only under --backend _autodeploy.
    if (const YAML::Node t = root["transforms"]; t && t.IsMap()) {
      if (const YAML::Node ica = t["insert_cached_attention"]; ica && ica.IsMap())
        if (const std::string b = scalar(ica["backend"]); !b.empty()) out.engine_options.emplace_back("ad_attention", b);
    }
  } catch (const YAML::Exception& e) {
    return bad_file(path, kvdtype::detail::printable(e.msg));
  }
  return std::nullopt;
}

// AutoDeploy swaps the model's attention for one of its own cached-attention ops; kvdtype names
// them AD_<OP> (backends_trtllm.cpp). attn_backend, when given, is AutoDeploy's shortcut for
// transforms.insert_cached_attention.backend and wins over it; with neither, config/default.yaml's
// flashinfer. Under this flow the PyTorch flow's TRTLLM / FLASHINFER / VANILLA never run.
void name_autodeploy_op(RequestInput& in, const std::string& transforms_backend) {
  std::string op = !in.backend.empty() ? in.backend : transforms_backend;
  if (op.empty()) op = "flashinfer";
  for (char& c : op) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  in.backend = "AD_" + op;
}

std::optional<Error> finish_trtllm(LaunchCommand& out, const LaunchOptions& options) {
  RequestInput& in = out.input;
  if (!in.kv_cache_dtype.empty()) set_kv_dtype(in, in.kv_cache_dtype);  // --kv_cache_dtype (newer releases)
  // Copy: read_options may append to engine_options.
  const auto engine_options = out.engine_options;
  for (const auto& [name, value] : engine_options)
    if (name == "extra_llm_api_options") {
      // Not opened on another machine's behalf, nor under a name still holding `$` (unset).
      if ((!options.read_files || value.find('$') != std::string::npos) &&
          find_script_file(options.script_files, value) == nullptr) {
        out.unread_files.push_back("--extra_llm_api_options " + value);
        continue;
      }
      if (auto e = read_options(value, out, options)) return e;
    }
  bool autodeploy = false;
  std::string ad_attention;
  for (const auto& [name, value] : out.engine_options) {
    if (name == "ad_attention") ad_attention = value;
    if (name != "runtime") continue;
    const std::string runtime = kvdtype::detail::to_lower(value);
    if (runtime == "_autodeploy") autodeploy = true;
    else if (runtime != "pytorch")
      out.ignored.push_back("--backend " + value + " (only the PyTorch and AutoDeploy flows' attention backends are modelled)");
  }
  if (autodeploy) name_autodeploy_op(in, ad_attention);
  return std::nullopt;
}

}  // namespace
}  // namespace kvdtype::io::detail

namespace kvdtype::tables {

extern const EngineLaunchHooks trtllm_launch_hooks;  // the registry row's (engine_trtllm.cpp)
const EngineLaunchHooks trtllm_launch_hooks{.finish = io::detail::finish_trtllm};

}  // namespace kvdtype::tables
