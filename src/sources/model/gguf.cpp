// GGUF model files (llama.cpp's format), read for what the KV cache depends on: the metadata
// header only (llama.cpp src/llama-arch.cpp key names, ggml/docs/gguf.md layout), never the tensors.
//
// Layout: "GGUF", uint32 version (2 or 3), uint64 tensor count, uint64 key-value count, then
// per key a uint64-length string, a uint32 value type and the value (arrays: uint32 element type,
// uint64 count, elements). Keys read: general.architecture, {arch}.block_count,
// {arch}.attention.head_count, {arch}.attention.head_count_kv (a number or one per layer; layers
// with 0 KV heads hold no cache), {arch}.embedding_length, {arch}.attention.key_length /
// value_length, {arch}.attention.kv_lora_rank and {arch}.rope.dimension_count (MLA).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "common/text.hpp"
#include "sources/files/read_file.hpp"
#include "sources/model/gguf.hpp"
#include "kvdtype/io/model_config.hpp"

namespace kvdtype::io {
namespace {

namespace fs = std::filesystem;

// Bounds: a real header has a few dozen keys and the tokenizer's arrays (≈ 256 k strings).
constexpr std::uint64_t kMaxKeys = 1u << 16;
constexpr std::uint64_t kMaxKeyBytes = 1u << 16;
constexpr std::uint64_t kMaxStringBytes = 1u << 26;
constexpr std::uint64_t kMaxArrayCount = 1u << 26;
// String arrays are walked element by element (each has its own length): vocabularies hold at most
// a few hundred thousand tokens (Gemma's 262 144), so 4 M is generous and keeps the walk under a second.
constexpr std::uint64_t kMaxStringArrayCount = 1u << 22;

enum GgufType : std::uint32_t {
  u8 = 0, i8 = 1, u16 = 2, i16 = 3, u32 = 4, i32 = 5, f32 = 6, boolean = 7, string = 8, array = 9,
  u64 = 10, i64 = 11, f64 = 12,
};

std::uint64_t scalar_size(std::uint32_t t) {
  switch (t) {
    case u8: case i8: case boolean: return 1;
    case u16: case i16: return 2;
    case u32: case i32: case f32: return 4;
    case u64: case i64: case f64: return 8;
    default: return 0;
  }
}

// Every length is checked against the bytes left in the file before it is used: a 30-byte file
// claiming a 64 MiB string must not allocate it, and a length near 2^64 must not become a
// negative seek (back over the same bytes, 2^26 times: a hang).
//
// The file is read through the one safe reader (sources/files/read_file.hpp: non-blocking, regular files
// only), buffered: a declared 2^26 empty strings must not cost a system call each (with a
// stream's tellg + seekg per element they took 17–36 s). The position is counted here, and a
// skip inside the buffer moves in it.
struct Reader {
  detail::RegularFile& in;
  std::uint64_t size = 0;  // of the file
  std::uint64_t pos = 0;   // bytes consumed so far
  bool ok = true;

  std::uint64_t left() const { return pos >= size ? 0 : size - pos; }

  template <class T>
  T read() {
    T v{};
    if (!in.read(reinterpret_cast<char*>(&v), sizeof v)) ok = false;
    pos += sizeof v;
    return v;  // GGUF is little-endian, as every target kvdtype runs on
  }
  std::string read_string(std::uint64_t max) {
    const auto n = read<std::uint64_t>();
    if (!ok || n > max || n > left()) return ok = false, std::string();
    std::string s(n, '\0');
    if (n && !in.read(s.data(), static_cast<std::size_t>(n))) ok = false;
    pos += n;
    return s;
  }
  void skip(std::uint64_t n) {
    if (n > left()) {
      ok = false;
      return;
    }
    if (!in.skip(n)) ok = false;
    pos += n;
  }
  // An integer value of any integer type; nullopt for other types (skipped).
  std::optional<std::uint64_t> integer(std::uint32_t t) {
    switch (t) {
      case u8: return read<std::uint8_t>();
      case i8: return static_cast<std::uint64_t>(std::max<std::int8_t>(0, read<std::int8_t>()));
      case u16: return read<std::uint16_t>();
      case i16: return static_cast<std::uint64_t>(std::max<std::int16_t>(0, read<std::int16_t>()));
      case u32: return read<std::uint32_t>();
      case i32: return static_cast<std::uint64_t>(std::max<std::int32_t>(0, read<std::int32_t>()));
      case u64: return read<std::uint64_t>();
      case i64: return static_cast<std::uint64_t>(std::max<std::int64_t>(0, read<std::int64_t>()));
      default: return std::nullopt;
    }
  }
};

Error bad_gguf(const fs::path& p, std::string_view why) {
  return Error{ErrorCode::bad_file, kvdtype::detail::printable(p.string()) + ": " + std::string(why)};
}

}  // namespace

Result<ModelConfig> read_gguf_config(const std::filesystem::path& path) {
  auto opened = detail::RegularFile::open(path, "a GGUF model file");
  if (!opened.ok()) return opened.error();
  detail::RegularFile f = std::move(opened).value();
  std::array<char, 4> magic{};
  const bool whole = f.read(magic.data(), 4);
  if (!whole || std::memcmp(magic.data(), "GGUF", 4) != 0) return bad_gguf(path, "not a GGUF file (no GGUF magic)");
  return detail::read_gguf_header(f, path);
}

Result<ModelConfig> detail::read_gguf_header(detail::RegularFile& f, const std::filesystem::path& path) {
  Reader r{f, f.size()};
  r.pos = 4;  // the magic, read by the caller
  const auto version = r.read<std::uint32_t>();
  if (!r.ok || version < 2 || version > 3) return bad_gguf(path, "GGUF version " + std::to_string(version) + " (2 or 3 are read)");
  r.read<std::uint64_t>();  // tensor count: the tensors are not read
  const auto n_kv = r.read<std::uint64_t>();
  if (!r.ok) return bad_gguf(path, "truncated GGUF header (it ends before the key count)");
  if (n_kv > kMaxKeys) return bad_gguf(path, "implausible GGUF key count (" + std::to_string(n_kv) + ")");

  std::string arch;
  std::map<std::string, std::uint64_t> ints;                // scalar integers by key
  std::map<std::string, std::vector<std::uint64_t>> lists;  // integer arrays by key (per-layer values)
  for (std::uint64_t k = 0; k < n_kv && r.ok; ++k) {
    const std::string key = r.read_string(kMaxKeyBytes);
    const auto type = r.read<std::uint32_t>();
    if (!r.ok) break;
    if (type == string) {
      const std::string value = r.read_string(kMaxStringBytes);
      if (key == "general.architecture") arch = value;
    } else if (type == array) {
      const auto elem = r.read<std::uint32_t>();
      const auto count = r.read<std::uint64_t>();
      if (!r.ok || count > kMaxArrayCount) return bad_gguf(path, "implausible GGUF array in " + kvdtype::detail::printable(key));
      // Each element takes at least one byte (a string: its 8-byte length).
      if (count > r.left()) return bad_gguf(path, "truncated GGUF metadata");
      if (elem == string) {
        if (count > kMaxStringArrayCount)
          return bad_gguf(path, "implausible GGUF string array in " + kvdtype::detail::printable(key) + " (" +
                               std::to_string(count) + " strings)");
        for (std::uint64_t i = 0; i < count && r.ok; ++i) r.skip(r.read<std::uint64_t>());
      } else if (scalar_size(elem) == 0) {
        return bad_gguf(path, "unsupported GGUF array type in " + kvdtype::detail::printable(key));
      } else if (key.find(".attention.head_count") != std::string::npos && count <= 65536) {
        std::vector<std::uint64_t> v;
        for (std::uint64_t i = 0; i < count && r.ok; ++i) {
          auto x = r.integer(elem);
          if (!x) r.skip(scalar_size(elem));
          v.push_back(x.value_or(0));
        }
        lists[key] = std::move(v);
      } else {
        r.skip(count * scalar_size(elem));
      }
    } else if (const std::uint64_t size = scalar_size(type); size != 0) {
      if (auto x = r.integer(type)) ints[key] = *x;
      else r.skip(size);
    } else {
      return bad_gguf(path, "unknown GGUF value type " + std::to_string(type) + " at " + kvdtype::detail::printable(key));
    }
  }
  if (!r.ok) return bad_gguf(path, "truncated GGUF metadata");
  if (arch.empty()) return bad_gguf(path, "GGUF metadata without general.architecture");

  ModelConfig out;
  out.path = path.string();
  out.model_type = arch;
  out.architecture = arch;
  RequestInput& in = out.input;
  auto get = [&](const std::string& suffix) -> std::optional<std::uint64_t> {
    if (auto it = ints.find(arch + "." + suffix); it != ints.end()) return it->second;
    return std::nullopt;
  };
  // A per-layer list: the largest value, and how many layers have a non-zero one.
  auto per_layer = [&](const std::string& suffix, std::uint64_t& count) -> std::optional<std::uint64_t> {
    if (auto it = lists.find(arch + "." + suffix); it != lists.end() && !it->second.empty()) {
      count = static_cast<std::uint64_t>(std::count_if(it->second.begin(), it->second.end(), [](auto x) { return x != 0; }));
      return *std::max_element(it->second.begin(), it->second.end());
    }
    return get(suffix);
  };
  const auto layers = get("block_count");
  std::uint64_t kv_layers = 0, unused = 0;
  const auto heads = per_layer("attention.head_count", unused);
  const auto kv_heads = per_layer("attention.head_count_kv", kv_layers);
  const auto hidden = get("embedding_length");
  auto key_len = get("attention.key_length");
  const auto value_len = get("attention.value_length");
  const auto lora = get("attention.kv_lora_rank");
  const auto rope = get("rope.dimension_count");
  auto text = [](std::uint64_t v) { return std::to_string(v); };
  if (layers) in.num_layers = text(*layers);
  if (kv_layers && layers && kv_layers < *layers) in.num_kv_layers = text(kv_layers);
  if (heads && *heads) in.num_heads = text(*heads);
  if (lora && *lora) {
    // DeepSeek-style MLA: llama.cpp caches the compressed latent plus the RoPE part, one "head".
    in.attention = "mla";
    in.kv_lora_rank = text(*lora);
    if (rope) in.qk_rope_head_dim = text(*rope);
  } else {
    if (kv_heads && *kv_heads) in.num_kv_heads = text(*kv_heads);
    if (!key_len && hidden && heads && *heads) key_len = *hidden / *heads;
    if (key_len) in.head_size = text(*key_len);
    if (value_len && key_len && *value_len != *key_len) in.head_size_v = text(*value_len);
    if (heads && kv_heads && *kv_heads) in.attention = *kv_heads == *heads ? "mha" : (*kv_heads == 1 ? "mqa" : "gqa");
  }
  return out;
}

}  // namespace kvdtype::io
