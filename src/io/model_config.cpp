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
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/json_depth.hpp"

#include "common/text.hpp"

namespace kvdtype::io {

namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

Error bad(std::string_view where, std::string_view problem) {
  return Error{ErrorCode::bad_file, std::string(where) + ": " + std::string(problem)};
}

// A path in a one-line message: control bytes escaped, never cut (the file name is at the end).
std::string shown(const fs::path& p) {
  std::string out;
  for (unsigned char c : p.string()) {
    if (c < 0x20 || c == 0x7f) {
      char buf[5];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

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
  if (detail::json_nests_deeper_than(text, kMaxConfigDepth))
    return bad(where, "nested deeper than " + std::to_string(kMaxConfigDepth) + " levels");
  try {
    json j = json::parse(text);
    return j;
  } catch (const std::exception& e) {
    return bad(where, json_problem(e));
  }
}

// ---------------------------------------------------------------------------------------------
// Reading keys.

/// Where the decoder's keys live: its own object first, the top level second.
struct Keys {
  const json* text = nullptr;
  const json* top = nullptr;

  [[nodiscard]] const json* find(std::string_view key) const {
    for (const json* o : {text, top}) {
      if (o == nullptr || !o->is_object()) continue;
      auto it = o->find(key);
      if (it != o->end() && !it->is_null()) return &*it;
    }
    return nullptr;
  }
  [[nodiscard]] bool has(std::string_view key) const { return find(key) != nullptr; }

  /// A non-negative integer (JSON 64.0 accepted), or nullopt.
  [[nodiscard]] std::optional<std::uint64_t> uint(std::string_view key) const {
    const json* v = find(key);
    if (v == nullptr) return std::nullopt;
    if (v->is_number_unsigned()) return v->get<std::uint64_t>();
    if (v->is_number_integer()) {
      const auto i = v->get<std::int64_t>();
      return i >= 0 ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(i)) : std::nullopt;
    }
    if (v->is_number_float()) {
      const double d = v->get<double>();
      if (d >= 0 && d < 1e18 && d == static_cast<double>(static_cast<std::uint64_t>(d)))
        return static_cast<std::uint64_t>(d);
    }
    return std::nullopt;
  }
  [[nodiscard]] std::optional<std::uint64_t> first_uint(std::initializer_list<std::string_view> keys) const {
    for (std::string_view k : keys)
      if (auto v = uint(k)) return v;
    return std::nullopt;
  }
  [[nodiscard]] std::string str(std::string_view key) const {
    const json* v = find(key);
    return v != nullptr && v->is_string() ? v->get<std::string>() : std::string();
  }
};

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
  if (auto interval = k.uint("full_attention_interval"); interval && *interval > 0) return num_layers / *interval;
  // Jamba: attention at layers i with i % period == offset.
  // Counted, not looped: num_hidden_layers comes from the file and may be 10^18.
  if (auto period = k.uint("attn_layer_period"), offset = k.uint("attn_layer_offset"); period && offset && *period > 0) {
    if (*offset >= *period || *offset >= num_layers) return 0;
    return (num_layers - *offset - 1) / *period + 1;
  }
  return std::nullopt;
}

// The checkpoint's own KV quantization, as the engines' string ("fp8", "nvfp4"); empty when the
// checkpoint declares none (or one kvdtype does not model, such as INT8).
std::string from_algo(std::string algo) {
  algo = kvdtype::detail::to_lower(algo);
  if (algo == "fp8" || algo == "fp8_e4m3" || algo == "float8_e4m3fn") return "fp8";
  if (algo == "nvfp4" || algo == "fp4") return "nvfp4";
  return {};
}

std::string checkpoint_kv(const json* quant_config, const json* hf_quant) {
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
    const std::string type = s->value("type", std::string());
    if (type == "float" && bits.is_number()) {
      if (bits.get<double>() == 8) return "fp8";
      if (bits.get<double>() == 4) return "nvfp4";
    }
    return {};
  }
  // AMD Quark: kv_cache_group names the layer patterns whose output is the cache; their
  // output_tensors dtype says the format.
  if (q.value("quant_method", std::string()) == "quark") {
    auto group = q.find("kv_cache_group");
    const json* layers = object_at(q, "layer_quant_config");
    if (group == q.end() || !group->is_array() || group->empty() || layers == nullptr) return {};
    for (const json& pattern : *group) {
      if (!pattern.is_string()) continue;
      const json* cfg = object_at(*layers, pattern.get<std::string>());
      if (cfg == nullptr) continue;
      const json* out = object_at(*cfg, "output_tensors");
      if (out != nullptr && out->value("dtype", std::string()).rfind("fp8", 0) == 0) return "fp8";
    }
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// Files.

Result<std::string> read_bounded(const fs::path& p, std::size_t limit) {
  std::error_code ec;
  const fs::file_status st = fs::status(p, ec);
  if (ec || !fs::exists(st)) return bad(shown(p), "no such file");
  if (fs::is_directory(st)) return bad(shown(p), "is a directory, not a file");
  if (!fs::is_regular_file(st)) return bad(shown(p), "not a regular file");
  const std::uintmax_t size = fs::file_size(p, ec);
  if (!ec && size > limit)
    return bad(shown(p), "larger than " + std::to_string(limit >> 20) + " MiB; not a model config");
  std::ifstream in(p, std::ios::binary);
  if (!in) return bad(shown(p), "cannot be opened (permission?)");
  std::string text;
  text.resize(limit + 1);
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > limit) return bad(shown(p), "larger than " + std::to_string(limit >> 20) + " MiB; not a model config");
  return text;
}

// The total weight size from the safetensors index. Its `metadata.total_size` sits at the start
// of the file; the weight map after it can be many MiB, so only the head is read.
std::optional<double> weight_gib(const fs::path& dir) {
  std::error_code ec;
  const fs::path index = dir / "model.safetensors.index.json";
  if (fs::is_regular_file(index, ec)) {
    std::ifstream in(index, std::ios::binary);
    std::string head(64 * 1024, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
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

std::string gib_text(double gib) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", gib);
  return buf;
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
    const Keys k{decoder_object(top), &top};
    out.model_type = top.value("model_type", std::string());
    if (out.model_type.empty()) out.model_type = k.str("model_type");
    if (auto it = top.find("architectures"); it != top.end() && it->is_array() && !it->empty() && (*it)[0].is_string())
      out.architecture = (*it)[0].get<std::string>();

    RequestInput& in = out.input;
    // transformers >= 4.56 writes "dtype"; older files "torch_dtype".
    std::string dtype = k.str("torch_dtype");
    if (dtype.empty()) dtype = k.str("dtype");
    if (!dtype.empty() && !kvdtype::detail::iequals(dtype, "auto")) in.model_dtype = dtype;

    const auto heads = k.first_uint({"num_attention_heads", "n_head", "num_heads", "n_heads"});
    auto kv_heads = k.first_uint({"num_key_value_heads", "num_kv_heads", "n_head_kv", "multi_query_group_num"});
    if (!kv_heads && k.find("multi_query") != nullptr && k.find("multi_query")->is_boolean() &&
        k.find("multi_query")->get<bool>())
      kv_heads = 1;
    const auto layers = k.first_uint({"num_hidden_layers", "n_layer", "num_layers", "n_layers"});
    const auto hidden = k.first_uint({"hidden_size", "n_embd", "d_model"});
    const auto kv_lora = k.uint("kv_lora_rank");
    const auto rope = k.uint("qk_rope_head_dim");
    const auto nope = k.uint("qk_nope_head_dim");
    const auto topk = k.uint("index_topk");

    if (heads) in.num_heads = num(*heads);
    if (layers) in.num_layers = num(*layers);

    const bool mla = kv_lora && *kv_lora > 0;
    if (mla) {
      // DeepSeek V3.2 and GLM-5 style DSA: an indexer picks index_topk tokens per query.
      const bool sparse = topk.has_value() || out.model_type == "deepseek_v32" || out.model_type == "glm_moe_dsa";
      in.attention = sparse ? "sparse-mla" : "mla";
      in.kv_lora_rank = num(*kv_lora);
      in.qk_rope_head_dim = num(rope.value_or(0));
      if (nope) in.qk_nope_head_dim = num(*nope);
      if (topk) in.index_topk = num(*topk);
      in.head_size = num(*kv_lora + rope.value_or(0));
      in.num_kv_heads = "1";  // one latent vector per token, shared by every head
    } else if (heads) {
      const std::uint64_t kvh = kv_heads.value_or(*heads);  // transformers' default: one KV head per head
      in.num_kv_heads = num(kvh);
      in.attention = kvh == 1 && *heads > 1 ? "mqa" : (kvh == *heads ? "mha" : "gqa");
      std::optional<std::uint64_t> head = k.uint("head_dim");
      if ((!head || *head == 0) && hidden && *heads > 0) head = *hidden / *heads;
      if (head && *head > 0) in.head_size = num(*head);
      if (auto v = k.uint("v_head_dim"); v && head && *v != *head && *v > 0) in.head_size_v = num(*v);
    }
    if (auto n = kv_layers(k, layers.value_or(0)); n && (!layers || *n <= *layers)) in.num_kv_layers = num(*n);

    const json* quant = nullptr;
    for (const json* o : {k.text, &top})
      if (o != nullptr && (quant = object_at(*o, "quantization_config")) != nullptr) break;
    const std::string ckv = checkpoint_kv(quant, hf_quant.is_object() ? &hf_quant : nullptr);
    if (!ckv.empty()) {
      in.checkpoint_kv_cache_dtype = ckv;
      in.kv_scales = "yes";  // a checkpoint that declares KV quantization ships its scales
    }
    return out;
  } catch (const std::exception& e) {
    return bad(where, std::string("cannot be read: ") + e.what());
  }
}

Result<ModelConfig> read_model_config(const std::filesystem::path& path) {
  try {
    std::error_code ec;
    fs::path config = path;
    fs::path dir;
    if (fs::is_directory(path, ec)) {
      dir = path;
      config = path / "config.json";
      if (!fs::exists(config, ec)) return bad(shown(path), "a directory without config.json");
    } else {
      dir = path.parent_path();
      if (dir.empty()) dir = ".";
      // llama.cpp's GGUF files carry their configuration in a binary header.
      std::ifstream probe(path, std::ios::binary);
      char magic[4] = {};
      if (probe.read(magic, 4) && std::string_view(magic, 4) == "GGUF") return read_gguf_config(path);
    }
    auto text = read_bounded(config, kMaxConfigBytes);
    if (!text.ok()) return text.error();
    std::string hf_quant_text;
    const fs::path hf_quant = dir / "hf_quant_config.json";
    if (fs::exists(hf_quant, ec)) {
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
    if (auto gib = weight_gib(dir)) out.input.weight_gib = gib_text(*gib);
    return out;
  } catch (const std::exception& e) {
    return bad(shown(path), std::string("cannot be read: ") + e.what());
  }
}

}  // namespace kvdtype::io
