// Model ids (kvdtype/io/model_id.hpp): the Hugging Face cache, then the built-in catalogue.
//
// The cache layout is huggingface_hub's: <cache>/models--ORG--NAME/refs/main holds the commit of
// the main branch, <cache>/models--ORG--NAME/snapshots/<commit>/ holds the files (symlinks into
// blobs/). Nothing is downloaded and nothing outside the cache directory is read.
#include "kvdtype/io/model_id.hpp"
#include "sources/model/model_id.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "common/text.hpp"
#include "sources/files/read_file.hpp"
#include "kvdtype/io/model_config.hpp"
#include "tables/models.hpp"

namespace kvdtype::io {
namespace {

namespace fs = std::filesystem;

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::string(v) : std::string();
}

std::string decimal(std::uint64_t v) { return std::to_string(v); }

// The row's facts into `in` (a fresh RequestInput).
void from_row(const tables::ModelRow& m, RequestInput& in) {
  in.model_dtype = std::string(m.dtype);
  // The model's identity, as config.json's reading gives it (engines gate on it: vLLM's float16
  // exclusions under --dtype auto, per-architecture rows).
  in.model_type = std::string(m.model_type);
  in.num_heads = decimal(m.num_heads);
  in.num_layers = decimal(m.num_layers);
  if (m.kv_layers) in.num_kv_layers = decimal(m.kv_layers);
  if (m.kv_lora_rank) {
    // The same reading as model_config.cpp: one latent vector (kv_lora_rank + qk_rope_head_dim)
    // per token; DSA models (index_topk, deepseek_v32, glm_moe_dsa) are sparse MLA.
    const bool sparse = m.index_topk || m.model_type == "deepseek_v32" || m.model_type == "glm_moe_dsa";
    in.attention = sparse ? "sparse-mla" : "mla";
    in.kv_lora_rank = decimal(m.kv_lora_rank);
    in.qk_rope_head_dim = decimal(m.qk_rope_head_dim);
    if (m.qk_nope_head_dim) in.qk_nope_head_dim = decimal(m.qk_nope_head_dim);
    if (m.index_topk) in.index_topk = decimal(m.index_topk);
    in.head_size = decimal(m.kv_lora_rank + m.qk_rope_head_dim);
    in.num_kv_heads = "1";
  } else {
    in.num_kv_heads = decimal(m.num_kv_heads);
    in.attention = m.num_kv_heads == 1 && m.num_heads > 1 ? "mqa" : m.num_kv_heads == m.num_heads ? "mha" : "gqa";
    in.head_size = decimal(m.head_dim);
  }
  // What the catalogue says of the layers (issue 28): the local layers' window, and gpt-oss's
  // learned attention sinks (the same reading as model_config.cpp).
  if (m.sliding_window) in.sliding_window = decimal(m.sliding_window);
  if (m.model_type == "gpt_oss") in.attention_sinks = "yes";
  if (m.params_b > 0 && m.weight_bits > 0)
    in.weight_gib = kvdtype::detail::gib(m.params_b * 1e9 * m.weight_bits / 8.0 / (1024.0 * 1024 * 1024), 3);
}

// models--ORG--NAME, compared case-insensitively when the exact name is absent (ids are
// case-insensitive on the Hub, directories are not).
std::optional<fs::path> cached_repo(const fs::path& cache, std::string_view id) {
  std::string dir = "models--";
  for (char c : id) dir += c == '/' ? std::string("--") : std::string(1, c);
  std::error_code ec;
  if (fs::is_directory(cache / dir, ec)) return cache / dir;
  for (fs::directory_iterator it(cache, ec), end; !ec && it != end; it.increment(ec))
    if (kvdtype::detail::iequals(it->path().filename().string(), dir) && it->is_directory(ec)) return it->path();
  return std::nullopt;
}

// The snapshot refs/main names, else the only (or the newest) snapshot holding a config.json.
std::optional<fs::path> snapshot(const fs::path& repo) {
  std::error_code ec;
  // Through the one bounded reader: a refs/main that is a FIFO or a link to /dev/zero is refused
  // at once (a commit id is 40 hex characters; 256 bytes is plenty) and the snapshots are used.
  std::string commit;
  if (auto ref = detail::read_file_head(repo / "refs" / "main", 256); ref.ok()) {
    commit = ref->substr(0, ref->find('\n'));
    while (!commit.empty() && (commit.back() == '\r' || commit.back() == ' ')) commit.pop_back();
    if (!commit.empty() && commit.find('/') == std::string::npos && commit != ".." &&
        fs::exists(repo / "snapshots" / commit / "config.json", ec))
      return repo / "snapshots" / commit;
  }
  std::optional<fs::path> best;
  fs::file_time_type best_time{};
  for (fs::directory_iterator it(repo / "snapshots", ec), end; !ec && it != end; it.increment(ec)) {
    if (!fs::exists(it->path() / "config.json", ec)) continue;
    const auto t = fs::last_write_time(it->path(), ec);
    if (!best || t > best_time) best = it->path(), best_time = t;
  }
  return best;
}

}  // namespace

std::string ResolvedModel::note() const {
  if (source == ModelSource::hf_cache) return "model: " + id + " from the HF cache at " + path;
  for (const tables::ModelRow& m : tables::model_rows())
    if (m.id == id) return "model: " + id + " from the built-in catalogue (" + std::string(m.source) + ")";
  return "model: " + id + " from the built-in catalogue";
}

bool looks_like_model_id(std::string_view t) noexcept {
  if (t.empty() || t.size() > 200) return false;
  const char first = t.front();
  if (first == '.' || first == '-' || first == '/' || first == '~') return false;
  int slashes = 0;
  for (char c : t) {
    if (c == '/') {
      ++slashes;
      continue;
    }
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    if (!ok) return false;
  }
  return slashes <= 1 && t.back() != '/' && t.find("..") == std::string_view::npos && t.find("/.") == std::string_view::npos;
}

std::vector<std::string> hf_cache_dirs() {
  std::vector<std::string> out;
  auto add = [&](const std::string& d) {
    if (!d.empty() && std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
  };
  add(env("HF_HUB_CACHE"));
  if (const std::string home = env("HF_HOME"); !home.empty()) add(home + "/hub");
  if (const std::string xdg = env("XDG_CACHE_HOME"); !xdg.empty()) add(xdg + "/huggingface/hub");
  if (const std::string home = env("HOME"); !home.empty()) add(home + "/.cache/huggingface/hub");
  return out;
}

Result<std::optional<ResolvedModel>> resolve_model_id(std::string_view id, bool search_hf_cache) {
  std::optional<ResolvedModel> out;
  if (auto e = detail::resolve_model_id_into(id, search_hf_cache, out)) return *e;
  return out;
}

namespace detail {

std::optional<Error> resolve_model_id_into(std::string_view id, bool search_hf_cache, std::optional<ResolvedModel>& out) {
  out.reset();
  if (!looks_like_model_id(id)) return std::nullopt;
  if (search_hf_cache && id.find('/') != std::string_view::npos) {
    for (const std::string& cache : hf_cache_dirs()) {
      const auto repo = cached_repo(cache, id);
      if (!repo) continue;
      const auto snap = snapshot(*repo);
      if (!snap) continue;
      auto cfg = read_model_config(*snap);
      if (!cfg.ok()) return cfg.error();
      ResolvedModel& r = out.emplace();
      r.source = ModelSource::hf_cache;
      r.id = std::string(id);
      r.path = cfg->path;
      r.input = cfg->input;
      r.hybrid = !r.input.num_kv_layers.empty() && r.input.num_kv_layers != r.input.num_layers;
      r.max_context = cfg->max_context;
      return std::nullopt;
    }
  }
  for (const tables::ModelRow& m : tables::model_rows()) {
    if (m.id.size() != id.size() || !kvdtype::detail::iequals(m.id, id)) continue;
    // Made in place: the row's RequestInput written where the caller keeps it.
    ResolvedModel& r = out.emplace();
    r.source = ModelSource::catalogue;
    r.id = std::string(m.id);
    from_row(m, r.input);
    r.sliding_window = m.sliding_window;
    r.hybrid = m.kv_layers != 0;
    r.max_context = m.max_context;
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace detail

std::vector<std::string_view> catalogue_model_ids() {
  std::vector<std::string_view> out;
  for (const tables::ModelRow& m : tables::model_rows()) out.push_back(m.id);
  return out;
}

}  // namespace kvdtype::io
