// Hugging Face model configs (kvdtype/io/model_config.hpp): config.json (+ hf_quant_config.json,
// + the safetensors index for the weight size), read for what the KV cache depends on.
//
// What is read, key by key, and what is assumed is documented in docs/inputs.md. In short:
//   - multimodal wrappers keep the decoder in `text_config` (or `language_config`, `llm_config`,
//     `thinker_config.text_config`); keys are looked up there first, then at the top level;
//   - MLA models (`kv_lora_rank`) cache one latent vector per token: head_size is
//     kv_lora_rank + qk_rope_head_dim, num_kv_heads is 1, and `head_dim` / `v_head_dim` (the
//     decompressed widths) are not the cache's;
//   - hybrid models: only layers that own a KV cache count (sliding-window layers do, linear /
//     Mamba / recurrent layers do not).
#include "kvdtype/io/model_config.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <nlohmann/json.hpp>

#include "sources/files/json_depth.hpp"
#include "sources/files/read_file.hpp"
#include "sources/model/gguf.hpp"

#include "common/text.hpp"
#include "kvdtype/rule.hpp"
#include "tables/rule_id.hpp"

namespace kvdtype::io {

namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

Error bad(std::string_view where, std::string_view problem) {
  return Error{ErrorCode::bad_file, std::string(where) + ": " + std::string(problem)};
}

// A path in a one-line message: escaped by the common rule, never cut (the file name is at the end).
std::string shown(const fs::path& p) { return detail::shown_path(p); }

std::string json_problem(const std::exception& e) {
  std::string m = e.what();
  if (m.rfind("[json.exception.", 0) == 0) {
    const std::size_t close = m.find("] ");
    if (close != std::string::npos) m.erase(0, close + 2);
  }
  // "…; last read: '<raw bytes>'" repeats the file (possibly binary): the position suffices.
  if (const std::size_t last = m.find("; last read"); last != std::string::npos) m.resize(last);
  for (char& ch : m)
    if (static_cast<unsigned char>(ch) < 0x20 || static_cast<unsigned char>(ch) >= 0x7f) ch = '?';
  return "invalid JSON: " + m;
}

Result<json> parse_bounded(std::string_view text, std::string_view where) {
  if (text.size() > kMaxConfigBytes)
    return bad(where, "larger than " + std::to_string(kMaxConfigBytes >> 20) + " MiB; not a model config");
  if (text.find('\0') != std::string_view::npos) return bad(where, "binary data (a NUL byte); not a JSON config");
  switch (detail::json_shape(text, kMaxConfigDepth, kMaxConfigValues)) {
    case detail::JsonShape::too_deep:
      return bad(where, "nested deeper than " + std::to_string(kMaxConfigDepth) + " levels");
    case detail::JsonShape::too_many_values:
      return bad(where, "more than " + std::to_string(kMaxConfigValues) + " JSON values; not a model config");
    case detail::JsonShape::ok: break;
  }
  try {
    json j = json::parse(text);
    return j;
  } catch (const std::exception& e) {
    return bad(where, json_problem(e));
  }
}

// ---------------------------------------------------------------------------------------------
// Reading keys.

// Bounds of what a model can hold, the same as make_request's (request.cpp): a value beyond them
// is a broken file (KVD084), reported as such rather than refused later as a bad flag.
constexpr std::uint64_t kMaxHeads = 65536, kMaxHeadSize = 65536, kMaxLayers = 100000, kMaxTopk = 1u << 24;
constexpr std::uint64_t kUnbounded = UINT64_MAX;

/// Where the decoder's keys live: its own object first, the top level second. Keys are always
/// string literals (static: ConfigProblem::key points at them). Every malformed value read is
/// recorded once in `problems` and read as absent.
struct Keys {
  const json* text = nullptr;
  const json* top = nullptr;
  std::vector<ConfigProblem>* problems = nullptr;

  [[nodiscard]] const json* find(std::string_view key) const {
    for (const json* o : {text, top}) {
      if (o == nullptr || !o->is_object()) continue;
      auto it = o->find(key);
      if (it != o->end() && !it->is_null()) return &*it;
    }
    return nullptr;
  }
  /// Whether `key` is written, as null, where find() found nothing.
  [[nodiscard]] bool null(std::string_view key) const {
    if (find(key) != nullptr) return false;
    for (const json* o : {text, top}) {
      if (o == nullptr || !o->is_object()) continue;
      auto it = o->find(key);
      if (it != o->end() && it->is_null()) return true;
    }
    return false;
  }
  [[nodiscard]] bool has(std::string_view key) const { return find(key) != nullptr; }

  // The code is a RuleId: one that is no rule does not compile, so add_config_problems never meets it.
  void record(tables::RuleId code, std::string_view key, std::uint64_t number = 0) const {
    if (problems == nullptr) return;
    for (const ConfigProblem& p : *problems)
      if (p.key == key) return;
    problems->push_back({code.code, key, number});
  }

  /// A whole number in [0, max] (JSON 64.0 accepted), or nullopt. A negative number (KVD082), a
  /// fraction (KVD083), a number above `max` (KVD084) or another JSON type (KVD085) is recorded.
  [[nodiscard]] std::optional<std::uint64_t> uint(std::string_view key, std::uint64_t max = kUnbounded) const {
    const json* v = find(key);
    if (v == nullptr) return std::nullopt;
    if (v->is_number_unsigned()) {
      const auto u = v->get<std::uint64_t>();
      if (u <= max) return u;
      record("KVD084", key, u);
      return std::nullopt;
    }
    if (v->is_number_integer()) {  // signed: only negative values are stored this way
      record("KVD082", key);
      return std::nullopt;
    }
    if (v->is_number_float()) {
      const double d = v->get<double>();
      if (!(d >= 0)) record("KVD082", key);
      else if (d != std::floor(d)) record("KVD083", key);
      else if (d > static_cast<double>(max) || d >= 1.8e19) record("KVD084", key, d < 1.8e19 ? static_cast<std::uint64_t>(d) : 0);
      else return static_cast<std::uint64_t>(d);
      return std::nullopt;
    }
    record("KVD085", key);  // a string ("32"), a boolean, an array or an object
    return std::nullopt;
  }
  [[nodiscard]] std::optional<std::uint64_t> first_uint(std::initializer_list<std::string_view> keys,
                                                        std::uint64_t max) const {
    for (std::string_view k : keys)
      if (auto v = uint(k, max)) return v;
    return std::nullopt;
  }
  /// A required count: null (with no alias giving a value) is recorded as KVD086.
  [[nodiscard]] std::optional<std::uint64_t> required_uint(std::initializer_list<std::string_view> keys,
                                                           std::uint64_t max) const {
    if (auto v = first_uint(keys, max)) return v;
    for (std::string_view k : keys)
      if (null(k)) {
        record("KVD086", k);
        break;
      }
    return std::nullopt;
  }
  /// A string, or empty; another JSON type is recorded (KVD085).
  [[nodiscard]] std::string str(std::string_view key) const {
    const json* v = find(key);
    if (v == nullptr) return {};
    if (v->is_string()) return v->get<std::string>();
    record("KVD085", key);
    return {};
  }
};

// A string member of a JSON object, or empty; another type is recorded (KVD085) under `path`,
// the key's full static name ("quantization_config.kv_cache_scheme.type").
std::string string_member(const json& obj, std::string_view key, std::string_view path, const Keys& k) {
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return {};
  if (it->is_string()) return it->get<std::string>();
  k.record("KVD085", path);
  return {};
}

const json* object_at(const json& j, std::string_view key) {
  auto it = j.find(key);
  return it != j.end() && it->is_object() ? &*it : nullptr;
}

const json* decoder_object(const json& top) {
  for (std::string_view k : {"text_config", "language_config", "llm_config"})
    if (const json* o = object_at(top, k)) return o;
  if (const json* thinker = object_at(top, "thinker_config"))
    if (const json* o = object_at(*thinker, "text_config")) return o;
  return nullptr;
}

std::string num(std::uint64_t v) { return std::to_string(v); }

// Layer kinds that hold no KV cache. Everything else (full, sliding, chunked, sparse attention)
// has one.
bool layer_without_kv(std::string kind) {
  kind = kvdtype::detail::to_lower(kind);
  static constexpr std::string_view kNone[] = {"linear_attention", "linear", "mamba", "mamba2", "ssm", "conv",
                                               "short_conv", "recurrent", "rnn", "kda", "gated_deltanet",
                                               "gated_delta_net", "lightning_attention", "mlp", "moe", "none"};
  return std::any_of(std::begin(kNone), std::end(kNone), [&](std::string_view k) { return kind == k; });
}

// Layers that own a KV cache, when the config describes a per-layer pattern.
std::optional<std::uint64_t> kv_layers(const Keys& k, std::uint64_t num_layers) {
  for (std::string_view key : {"layer_types", "layers_block_type"}) {
    const json* list = k.find(key);
    if (list == nullptr || !list->is_array()) continue;
    std::uint64_t n = 0;
    for (const json& e : *list)
      if (e.is_string() && !layer_without_kv(e.get<std::string>())) ++n;
    return n;
  }
  // MiniMax: attn_type_list, 1 = softmax attention, 0 = lightning (linear) attention.
  if (const json* list = k.find("attn_type_list"); list != nullptr && list->is_array()) {
    std::uint64_t n = 0;
    for (const json& e : *list)
      if (e.is_number() && e.get<double>() == 1) ++n;
    return n;
  }
  // Nemotron-H: one character per layer, '*' is attention (M mamba, - MLP, E MoE).
  if (const std::string p = k.str("hybrid_override_pattern"); !p.empty())
    return static_cast<std::uint64_t>(std::count(p.begin(), p.end(), '*'));
  if (num_layers == 0) return std::nullopt;
  // Qwen3-Next / Qwen3.5: every interval-th layer is full attention, the rest linear.
  if (auto interval = k.uint("full_attention_interval", kMaxLayers); interval && *interval > 0) return num_layers / *interval;
  // Jamba: attention at layers i with i % period == offset.
  // Counted, not looped: num_hidden_layers comes from the file and may be 10^18.
  if (auto period = k.uint("attn_layer_period", kMaxLayers), offset = k.uint("attn_layer_offset", kMaxLayers);
      period && offset && *period > 0) {
    if (*offset >= *period || *offset >= num_layers) return 0;
    return (num_layers - *offset - 1) / *period + 1;
  }
  return std::nullopt;
}

// The per-layer groups of a hybrid model as --layer-groups spells them (request_layers.cpp),
// read from the keys the families write; empty when the config has no per-layer pattern or names
// a layer kind kvdtype does not know (then nothing is said about the groups: unknown, not full).
//   - layer_types (Gemma 3/4, gpt-oss, Qwen3-Next / Qwen3.5, Granite 4 hybrid, MiniMax M2 …) and
//     layers_block_type (Jamba, Nemotron-H exports): one word per layer;
//   - Gemma 4: full-attention layers have global_head_dim and num_global_key_value_heads, and the
//     last num_kv_shared_layers layers reuse an earlier layer's cache (they own none);
//   - hybrid_override_pattern (Nemotron-H): '*' attention, 'M' Mamba, '-' MLP, 'E' MoE;
//   - full_attention_interval (Qwen3-Next), attn_layer_period/offset (Jamba), attn_type_list
//     (MiniMax: 1 softmax, 0 lightning attention);
//   - Falcon-H1 runs attention and a Mamba mixer side by side in every layer.
struct Groups {
  std::string text;             // empty: no per-layer plan
  std::uint64_t attention = 0;  // layers that own a KV cache (full + sliding)
};
Groups layer_groups(const Keys& k, std::uint64_t num_layers, std::string_view model_type, std::uint64_t sliding) {
  struct Counts {
    std::uint64_t full = 0, sliding = 0, linear = 0, mamba = 0;
  } n;
  bool listed = false;
  for (std::string_view key : {"layer_types", "layers_block_type"}) {
    const json* list = k.find(key);
    if (list == nullptr || !list->is_array() || list->empty()) continue;
    listed = true;
    std::uint64_t owners = list->size();
    if (auto shared = k.uint("num_kv_shared_layers", kMaxLayers); shared && *shared < owners) owners -= *shared;
    std::uint64_t i = 0;
    for (const json& e : *list) {
      if (!e.is_string()) return {};
      const std::string w = kvdtype::detail::to_lower(e.get<std::string>());
      const bool owns = i++ < owners;
      if (w == "full_attention" || w == "attention" || w == "global" || w == "full") n.full += owns;
      else if (w == "sliding_attention" || w == "sliding" || w == "local" || w == "swa") n.sliding += owns;
      else if (w == "linear_attention" || w == "linear" || w == "gated_deltanet" || w == "gated_delta_net" ||
               w == "kda" || w == "lightning_attention" || w == "conv" || w == "short_conv" || w == "recurrent" ||
               w == "rnn")
        ++n.linear;
      else if (w == "mamba" || w == "mamba2" || w == "ssm") ++n.mamba;
      else if (w != "mlp" && w != "moe" && w != "none") return {};
    }
    break;
  }
  if (!listed) {
    if (const json* list = k.find("attn_type_list"); list != nullptr && list->is_array() && !list->empty()) {
      for (const json& e : *list) {
        if (!e.is_number()) return {};
        (e.get<double>() == 1 ? n.full : n.linear) += 1;
      }
    } else if (const std::string p = k.str("hybrid_override_pattern"); !p.empty()) {
      for (char c : p) {
        if (c == '*') ++n.full;
        else if (c == 'M') ++n.mamba;
        else if (c != '-' && c != 'E') return {};
      }
    } else if (num_layers == 0) {
      return {};
    } else if (auto interval = k.uint("full_attention_interval", kMaxLayers); interval && *interval > 0) {
      n.full = num_layers / *interval;
      n.linear = num_layers - n.full;
    } else if (auto period = k.uint("attn_layer_period", kMaxLayers), offset = k.uint("attn_layer_offset", kMaxLayers);
               period && offset && *period > 0) {
      n.full = *offset >= *period || *offset >= num_layers ? 0 : (num_layers - *offset - 1) / *period + 1;
      n.mamba = num_layers - n.full;
    } else if (model_type == "falcon_h1") {
      n.full = n.mamba = num_layers;
    } else {
      return {};
    }
  }
  // Only a pattern with more than one kind is a per-layer plan; one kind is the single group.
  const int kinds = (n.full != 0) + (n.sliding != 0) + (n.linear != 0) + (n.mamba != 0);
  if (kinds < 2) return {};
  std::string out;
  auto add = [&](std::string_view kind, std::uint64_t layers, std::string shape) {
    if (layers == 0) return;
    out += (out.empty() ? "" : ",") + std::string(kind) + ":" + num(layers) + shape;
  };
  std::string full_shape;
  if (auto h = k.uint("global_head_dim", kMaxHeadSize); h && *h > 0) full_shape += ":h" + num(*h);
  if (auto kv = k.uint("num_global_key_value_heads", kMaxHeads); kv && *kv > 0) full_shape += ":kv" + num(*kv);
  add("full", n.full, full_shape);
  add("sliding", n.sliding, sliding ? ":w" + num(sliding) : "");
  add("linear", n.linear, "");
  add("mamba", n.mamba, "");
  return {out, n.full + n.sliding};
}

// The checkpoint's own KV quantization, as the engines' string ("fp8", "nvfp4"); empty when the
// checkpoint declares none (or one kvdtype does not model, such as INT8).
std::string from_algo(std::string algo) {
  algo = kvdtype::detail::to_lower(algo);
  if (algo == "fp8" || algo == "fp8_e4m3" || algo == "float8_e4m3fn") return "fp8";
  if (algo == "nvfp4" || algo == "fp4") return "nvfp4";
  return {};
}

std::string checkpoint_kv(const json* quant_config, const json* hf_quant, const Keys& k) {
  // ModelOpt: hf_quant_config.json {"quantization": {"kv_cache_quant_algo": "FP8"}}.
  if (hf_quant != nullptr) {
    if (const json* q = object_at(*hf_quant, "quantization")) {
      auto it = q->find("kv_cache_quant_algo");
      if (it != q->end() && it->is_string()) return from_algo(it->get<std::string>());
    }
  }
  if (quant_config == nullptr) return {};
  const json& q = *quant_config;
  // ModelOpt exports also copy it into config.json's quantization_config.
  if (auto it = q.find("kv_cache_quant_algo"); it != q.end() && it->is_string()) return from_algo(it->get<std::string>());
  // compressed-tensors: kv_cache_scheme {"num_bits": 8, "type": "float"} is FP8 (E4M3),
  // {"num_bits": 4, "type": "float"} is NVFP4.
  if (const json* s = object_at(q, "kv_cache_scheme")) {
    const json bits = s->value("num_bits", json());
    const std::string type = string_member(*s, "type", "quantization_config.kv_cache_scheme.type", k);
    if (type == "float" && bits.is_number()) {
      if (bits.get<double>() == 8) return "fp8";
      if (bits.get<double>() == 4) return "nvfp4";
    }
    return {};
  }
  // AMD Quark: kv_cache_group names the layer patterns whose output is the cache; their
  // output_tensors dtype says the format.
  if (string_member(q, "quant_method", "quantization_config.quant_method", k) == "quark") {
    auto group = q.find("kv_cache_group");
    const json* layers = object_at(q, "layer_quant_config");
    if (group == q.end() || !group->is_array() || group->empty() || layers == nullptr) return {};
    for (const json& pattern : *group) {
      if (!pattern.is_string()) continue;
      const json* cfg = object_at(*layers, pattern.get<std::string>());
      if (cfg == nullptr) continue;
      const json* out = object_at(*cfg, "output_tensors");
      if (out != nullptr &&
          string_member(*out, "dtype", "quantization_config.layer_quant_config.*.output_tensors.dtype", k).rfind("fp8", 0) == 0)
        return "fp8";
    }
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// Files.

Result<std::string> read_bounded(const fs::path& p, std::size_t limit) {
  return detail::read_regular_file(p, limit, "a model config");
}

// The total weight size from the safetensors index. Its `metadata.total_size` sits at the start
// of the file; the weight map after it can be many MiB, so only the head is read.
std::optional<double> weight_gib(const fs::path& dir) {
  std::error_code ec;
  const fs::path index = dir / "model.safetensors.index.json";
  if (fs::is_regular_file(index, ec)) {
    // Non-blocking, regular files only (read_file.hpp): the index is a convenience, never a hang.
    auto read = detail::read_file_head(index, 64 * 1024);
    const std::string head = read.ok() ? *read : std::string();
    const std::size_t key = head.find("\"total_size\"");
    if (key != std::string::npos) {
      std::size_t i = head.find(':', key);
      if (i != std::string::npos) {
        ++i;
        while (i < head.size() && (head[i] == ' ' || head[i] == '\n' || head[i] == '\r' || head[i] == '\t')) ++i;
        std::uint64_t v = 0;
        std::size_t digits = 0;
        while (i < head.size() && head[i] >= '0' && head[i] <= '9' && digits < 19) {
          v = v * 10 + static_cast<std::uint64_t>(head[i] - '0');
          ++i;
          ++digits;
        }
        if (digits > 0 && v > 0) return static_cast<double>(v) / (1024.0 * 1024 * 1024);
      }
    }
  }
  // No index: the sizes of the safetensors files themselves (headers are a rounding error).
  std::uint64_t total = 0;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& f = it->path();
    if (f.extension() == ".safetensors" && it->is_regular_file(ec)) total += it->file_size(ec);
  }
  if (total > 0) return static_cast<double>(total) / (1024.0 * 1024 * 1024);
  return std::nullopt;
}

}  // namespace

Result<ModelConfig> parse_model_config(std::string_view json_text, std::string_view where,
                                       std::string_view hf_quant_config_text) {
  try {
    auto parsed = parse_bounded(json_text, where);
    if (!parsed.ok()) return parsed.error();
    const json& top = *parsed;
    if (!top.is_object()) return bad(where, "not a JSON object (a config.json is one)");

    json hf_quant;
    if (!hf_quant_config_text.empty()) {
      const std::string hf_where = std::string(where) + " (hf_quant_config.json)";
      auto q = parse_bounded(hf_quant_config_text, hf_where);
      if (!q.ok()) return q.error();
      if (!q->is_object()) return bad(hf_where, "not a JSON object");
      hf_quant = *q;
    }

    ModelConfig out;
    out.path = std::string(where);
    const Keys k{decoder_object(top), &top, &out.problems};
    out.model_type = string_member(top, "model_type", "model_type", k);
    if (out.model_type.empty()) out.model_type = k.str("model_type");
    if (auto it = top.find("architectures"); it != top.end() && it->is_array() && !it->empty() && (*it)[0].is_string())
      out.architecture = (*it)[0].get<std::string>();

    RequestInput& in = out.input;
    // The model's identity as request fields (issue 28): engines route and gate on them.
    in.model_architecture = out.architecture;
    in.model_type = out.model_type;
    // transformers >= 4.56 writes "dtype"; older files "torch_dtype".
    std::string dtype = k.str("torch_dtype");
    if (dtype.empty()) dtype = k.str("dtype");
    if (!dtype.empty() && !kvdtype::detail::iequals(dtype, "auto")) in.model_dtype = dtype;

    // A value that is present but malformed is recorded (out.problems, KVD082–KVD086) and read
    // as absent: the check then rejects the config by those rules rather than checking less.
    const auto heads = k.required_uint({"num_attention_heads", "n_head", "num_heads", "n_heads"}, kMaxHeads);
    auto kv_heads =
        k.first_uint({"num_key_value_heads", "num_kv_heads", "n_head_kv", "multi_query_group_num"}, kMaxHeads);
    if (!kv_heads && k.find("multi_query") != nullptr && k.find("multi_query")->is_boolean() &&
        k.find("multi_query")->get<bool>())
      kv_heads = 1;
    const auto layers = k.required_uint({"num_hidden_layers", "n_layer", "num_layers", "n_layers"}, kMaxLayers);
    const auto hidden = k.required_uint({"hidden_size", "n_embd", "d_model"}, kUnbounded);
    const auto kv_lora_given = k.uint("kv_lora_rank", kMaxHeadSize);
    const auto rope = k.uint("qk_rope_head_dim", kMaxHeadSize);
    const auto nope = k.uint("qk_nope_head_dim", kMaxHeadSize);
    const auto topk = k.uint("index_topk", kMaxTopk);
    // The cached latent width, kv_lora_rank + qk_rope_head_dim, is a head size too.
    const bool latent_too_wide = kv_lora_given && *kv_lora_given + rope.value_or(0) > kMaxHeadSize;
    if (latent_too_wide) k.record("KVD084", "kv_lora_rank", *kv_lora_given);
    const std::uint64_t kv_lora = latent_too_wide ? 0 : kv_lora_given.value_or(0);  // 0: not MLA

    if (heads) in.num_heads = num(*heads);
    if (layers) in.num_layers = num(*layers);
    // The model's own context: vLLM derives max_model_len from these keys when --max-model-len
    // is not given (vllm/config/model.py _get_and_verify_max_len, the smallest key present).
    out.max_context = k.first_uint({"max_position_embeddings", "n_positions", "max_seq_len", "seq_length",
                                    "max_sequence_length", "max_seq_length"}, kUnbounded).value_or(0);

    const bool mla = kv_lora > 0;
    if (mla) {
      // DeepSeek V3.2 and GLM-5 style DSA: an indexer picks index_topk tokens per query.
      const bool sparse = topk.has_value() || out.model_type == "deepseek_v32" || out.model_type == "glm_moe_dsa";
      in.attention = sparse ? "sparse-mla" : "mla";
      in.kv_lora_rank = num(kv_lora);
      in.qk_rope_head_dim = num(rope.value_or(0));
      if (nope) in.qk_nope_head_dim = num(*nope);
      if (topk) in.index_topk = num(*topk);
      in.head_size = num(kv_lora + rope.value_or(0));
      in.num_kv_heads = "1";  // one latent vector per token, shared by every head
    } else if (heads) {
      const std::uint64_t kvh = kv_heads.value_or(*heads);  // transformers' default: one KV head per head
      in.num_kv_heads = num(kvh);
      in.attention = kvh == 1 && *heads > 1 ? "mqa" : (kvh == *heads ? "mha" : "gqa");
      std::uint64_t head = k.uint("head_dim", kMaxHeadSize).value_or(0);  // 0: not given
      if (head == 0 && hidden && *heads > 0) {
        head = *hidden / *heads;
        if (head > kMaxHeadSize) {  // hidden_size / num_attention_heads: wider than any head
          k.record("KVD084", "hidden_size", *hidden);
          head = 0;
        }
      }
      if (head > 0) in.head_size = num(head);
      if (auto v = k.uint("v_head_dim", kMaxHeadSize); v && head > 0 && *v != head && *v > 0) in.head_size_v = num(*v);
    }
    if (auto n = kv_layers(k, layers.value_or(0)); n && (!layers || *n <= *layers)) in.num_kv_layers = num(*n);
    // Per-layer plans (issue 28). The window is said only where sliding layers exist: Qwen2-style
    // configs write sliding_window with use_sliding_window false, and no layer slides.
    // Read without recording: a null or odd sliding_window was never a problem of the file.
    const json* sw = k.find("sliding_window");
    const std::uint64_t window =
        sw != nullptr && sw->is_number_unsigned() && sw->get<std::uint64_t>() <= UINT32_MAX ? sw->get<std::uint64_t>() : 0;
    const Groups groups = layer_groups(k, layers.value_or(0), out.model_type, window);
    // Groups and the KV-layer count come from the same list; where they differ (Gemma 4's shared
    // layers own no cache), the groups' attention layers are the count.
    if (!groups.text.empty() && (!layers || groups.attention <= *layers)) {
      in.layer_groups = groups.text;
      in.num_kv_layers = num(groups.attention);
      if (window != 0 && groups.text.find("sliding:") != std::string::npos) in.sliding_window = num(window);
    }
    // gpt-oss's attention adds a learned sink logit per head (vLLM gpt_oss.py OAIAttention sinks).
    if (out.model_type == "gpt_oss" || out.architecture == "GptOssForCausalLM") in.attention_sinks = "yes";

    const json* quant = nullptr;
    for (const json* o : {k.text, &top})
      if (o != nullptr && (quant = object_at(*o, "quantization_config")) != nullptr) break;
    // The weight quantization method as the engines read it (vLLM get_quant_config /
    // SGLang _parse_quant_hf_config take quantization_config.quant_method).
    if (quant != nullptr) in.weight_quantization = string_member(*quant, "quant_method", "quantization_config.quant_method", k);
    const std::string ckv = checkpoint_kv(quant, hf_quant.is_object() ? &hf_quant : nullptr, k);
    if (!ckv.empty()) {
      in.checkpoint_kv_cache_dtype = ckv;
      in.kv_scales = "yes";  // a checkpoint that declares KV quantization ships its scales
      in.kv_scales_source = "checkpoint";  // a launch flag naming a scales file overlays this
    }
    return out;
  } catch (const std::exception& e) {
    return bad(where, "cannot be read: " + kvdtype::detail::escape_text(e.what()));
  }
}

void add_config_problems(Report& report, std::span<const ConfigProblem> problems) {
  if (problems.empty()) return;
  // Errors first, then by code (check()'s order); the config's problems win a place over
  // the least severe diagnostics when the report is full.
  std::vector<Diagnostic> all;
  for (const ConfigProblem& p : problems) {
    const Rule* rule = find_rule(p.code);
    if (rule == nullptr) continue;
    all.push_back({rule, rule->severity, Evidence{.detail = p.key, .number = p.value}});
  }
  all.insert(all.end(), report.diagnostics.begin(), report.diagnostics.end());
  std::stable_sort(all.begin(), all.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (a.severity != b.severity) return a.severity > b.severity;
    return a.rule->code < b.rule->code;
  });
  // A report that was full stays marked truncated: `all` is then longer than the capacity.
  report.diagnostics.clear();
  for (const Diagnostic& d : all) report.diagnostics.push_back(d);
}

Result<ModelConfig> read_model_config(const std::filesystem::path& path) {
  try {
    std::error_code ec;
    fs::path config = path;
    fs::path dir;
    const bool directory = fs::is_directory(path, ec);
    if (directory) {
      dir = path;
      config = path / "config.json";
      // Nothing of that name at all (a dangling link or a link loop is reported when read).
      if (!fs::exists(fs::symlink_status(config, ec))) return bad(shown(path), "a directory without config.json");
    } else {
      dir = path.parent_path();
      if (dir.empty()) dir = ".";
    }
    Result<std::string> text = std::string();
    if (directory) {
      text = read_bounded(config, kMaxConfigBytes);
    } else {
      // One open (read_file.hpp: regular files only, never blocking) tells llama.cpp's GGUF
      // files, whose configuration is a binary header, by their magic, and reads anything else
      // whole as a config.
      auto opened = detail::RegularFile::open(config, "a model config");
      if (!opened.ok()) return opened.error();
      detail::RegularFile file = std::move(opened).value();
      std::string head(4, '\0');
      head.resize(file.read_some(head.data(), head.size()));
      if (head == "GGUF") return detail::read_gguf_header(file, path);
      text = file.rest(std::move(head), config, kMaxConfigBytes, "a model config");
    }
    if (!text.ok()) return text.error();
    std::string hf_quant_text;
    const fs::path hf_quant = dir / "hf_quant_config.json";
    if (fs::exists(fs::symlink_status(hf_quant, ec))) {
      auto q = read_bounded(hf_quant, kMaxConfigBytes);
      if (!q.ok()) return q.error();
      hf_quant_text = std::move(*q);
      if (hf_quant_text.empty()) return bad(shown(hf_quant), "empty file");
      // Checked here so that an error names this file rather than config.json.
      auto checked = parse_bounded(hf_quant_text, shown(hf_quant));
      if (!checked.ok()) return checked.error();
      if (!checked->is_object()) return bad(shown(hf_quant), "not a JSON object");
    }
    if (text->empty()) return bad(shown(config), "empty file");
    auto cfg = parse_model_config(*text, shown(config), hf_quant_text);
    if (!cfg.ok()) return cfg.error();
    ModelConfig out = std::move(cfg).value();
    if (auto gib = weight_gib(dir)) out.input.weight_gib = kvdtype::detail::gib(*gib, 3);
    return out;
  } catch (const std::exception& e) {
    return bad(shown(path), std::string("cannot be read: ") + e.what());
  }
}

}  // namespace kvdtype::io
