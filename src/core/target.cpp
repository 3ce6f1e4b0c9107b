// Target lookup and GPU-name parsing. The rules are described for users in docs/targets.md;
// in short:
//   1. The whole text may be an architecture: cpu, sm_90 / sm90 / sm_90a / sm_100f /
//      compute_90a / cuda:90, a capability 9.0 or 90 (NVIDIA only: 11.0 and 12.0 mean sm_110 and
//      sm_120, never an RDNA card), or a gfx name with feature suffixes (gfx942:sramecc+:xnack-,
//      also behind rocminfo's amdgcn-amd-amdhsa-- prefix or Triton's hip:).
//   2. Otherwise it is a product name: words are matched against the product rows. Vendor and
//      brand words, memory sizes, memory types and form factors may appear anywhere; every other
//      word must belong to the product. A word that fits nothing is an error, never ignored:
//      "H100 foo" is refused rather than read as an H100.
//   3. Memory size and form factor pick among a model's variants (A100-SXM4-40GB -> the 40 GB
//      row); without them the model's first row is taken.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/text.hpp"
#include "kvdtype/target.hpp"
#include "tables/tables.hpp"

namespace kvdtype {

std::span<const Target> targets() noexcept { return tables::target_rows(); }

std::span<const Product> products() noexcept { return tables::product_rows(); }

const Target* find_target(std::string_view canonical_name) noexcept {
  for (const Target& t : targets())
    if (t.name == canonical_name) return &t;
  return nullptr;
}

namespace detail {
namespace {

// Why parse_one refused a name, beyond "no product fits": what classify_unparsed_gpu() tells apart.
enum class Refused : std::uint8_t { unknown, arch, ambiguous, too_long };

// Longer input is not a GPU name; refusing it early bounds every buffer below.
constexpr std::size_t kMaxText = 256;
constexpr std::size_t kMaxWords = 48;
constexpr std::size_t kMaxKeyWords = 8;

// Words that say who made the card or which brand line it is; they never tell products apart,
// but the product must be that vendor's ("AMD H100" is refused).
struct VendorWord {
  std::string_view word;
  Vendor vendor;
};
constexpr VendorWord kVendorWords[] = {
    {"nvidia", Vendor::nvidia},     {"geforce", Vendor::nvidia}, {"tesla", Vendor::nvidia},
    {"amd", Vendor::amd},           {"radeon", Vendor::amd},     {"instinct", Vendor::amd},
    {"apple", Vendor::apple},       {"intel", Vendor::intel},    {"qualcomm", Vendor::qualcomm},
    {"snapdragon", Vendor::qualcomm}, {"arm", Vendor::arm},      {"immortalis", Vendor::arm},
    {"huawei", Vendor::huawei},     {"ascend", Vendor::huawei},
    // Cloud TPUs: "TPU v5e", "Google TPU v6e", jax's device_kind "TPU7x" all name the product after it.
    {"google", Vendor::google},     {"tpu", Vendor::google},     {"cloud", Vendor::google},
};
// Words that describe packaging, memory technology or the driver's decoration of a name.
constexpr std::string_view kNoiseWords[] = {
    "gpu",    "graphics", "accelerator", "generation", "edition", "workstation", "server",
    "dual",   "slot",     "vf",          "ac",         "hgx",     "dgx",         "jetson",
    "agx",    "developer", "kit",        "superchip",  "maxq",    "hbm",         "hbm2",
    "hbm2e",  "hbm3",     "hbm3e",       "gddr6",      "gddr6x",  "gddr7",       "lpddr5x",
    "shared",  // GPU Feature Discovery appends -SHARED to a time-sliced GPU's product label
    "tm",      // "AMD Radeon(TM) 8060S Graphics", as Windows drivers and llama.cpp print APU names
    "r",       // "Intel(R) Arc(TM) A770 Graphics", "Qualcomm(R) Adreno(TM) X1-85 GPU"
    "igpu",    // OpenVINO's "Intel(R) Arc(TM) 140V GPU (8GB) (iGPU)"
    // Vulkan drivers' own names around the product: Mesa's Turnip prefixes Adreno names
    // ("Turnip Adreno (TM) X1-85"), Mesa's ANV appends the chip family ("(DG2)", "(BMG)", "(LNL)").
    "turnip", "mesa", "dg2", "bmg", "lnl",
};
// A Mesa driver's bracketed suffix naming the driver and the chip ("AMD Radeon RX 7900 XTX
// (RADV NAVI31)", NVK's "(NVK AD102)"): the chip code names no product row, so the group is
// dropped as a whole when its first word is one of these.
constexpr std::string_view kDriverGroups[] = {"radv", "nvk"};
// Kubernetes node-label keys whose value is a GPU name: GPU Feature Discovery's product label
// (the NVML name with blanks turned into '-'; NVIDIA k8s-device-plugin internal/lm/resource.go)
// and the ROCm node labeller's (sysfs product_name with blanks turned into '_' and brackets
// dropped; ROCm k8s-device-plugin cmd/k8s-node-labeller). "key=value" and "key: value" are read
// as the value alone.
constexpr std::string_view kLabelKeys[] = {
    "nvidia.com/gpu.product",
    "amd.com/gpu.product-name",
    "beta.amd.com/gpu.product-name",
};
// Form factors choose between variants of one model but never change its architecture.
constexpr std::string_view kFormWords[] = {"sxm", "sxm2", "sxm4", "sxm5", "sxm6", "pcie", "nvl", "oam"};
// Brand-line words that are part of a product name but which people often leave out ("4090").
constexpr std::string_view kOptionalWords[] = {"rtx", "rx"};
constexpr std::string_view kMemoryUnits[] = {"gb", "g", "gib"};

template <std::size_t N>
bool in(std::string_view word, const std::string_view (&list)[N]) noexcept {
  for (std::string_view w : list)
    if (w == word) return true;
  return false;
}

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
bool is_alpha(char c) noexcept { return c >= 'a' && c <= 'z'; }
char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool all_digits(std::string_view s) noexcept {
  if (s.empty()) return false;
  for (char c : s)
    if (!is_digit(c)) return false;
  return true;
}

unsigned to_uint(std::string_view digits) noexcept {  // callers bound the length
  unsigned v = 0;
  for (char c : digits) v = v * 10 + static_cast<unsigned>(c - '0');
  return v;
}

// ---- architecture names -----------------------------------------------------------------------

struct Arch {
  enum Status : std::uint8_t { none, found, bad } kind = none;
  const Target* target = nullptr;
  unsigned cc = 0;  // the NVIDIA capability read, when there was one (for suggestions)
};

const Target* nvidia_by_cc(unsigned cc) noexcept {
  if (cc == 101) cc = 110;  // Thor was sm_101 / capability 10.1 before PTX ISA 9.0 / CUDA 13
  for (const Target& t : targets())
    if (t.vendor == Vendor::nvidia && t.cc() == cc) return &t;
  return nullptr;
}

// "90", "90a", "100f": a capability x10 with an optional arch-specific (a, from sm_90) or
// family (f, from sm_100) suffix, as in sm_XX / compute_XX.
Arch nvidia_arch(std::string_view s) noexcept {
  char suffix = 0;
  if (!s.empty() && (s.back() == 'a' || s.back() == 'f')) {
    suffix = s.back();
    s.remove_suffix(1);
  }
  if (s.size() < 2 || s.size() > 3 || !all_digits(s)) return {Arch::bad};
  const unsigned cc = to_uint(s);
  if ((suffix == 'a' && cc < 90) || (suffix == 'f' && cc < 100)) return {Arch::bad, nullptr, cc};
  const Target* t = nvidia_by_cc(cc);
  return t ? Arch{Arch::found, t, cc} : Arch{Arch::bad, nullptr, cc};
}

// "gfx942", "gfx90a:xnack+", "gfx942:sramecc+:xnack-".
Arch amd_arch(std::string_view s) noexcept {
  const std::size_t colon = s.find(':');
  const std::string_view name = s.substr(0, colon);
  if (name.size() < 5 || name.size() > 8) return {Arch::bad};
  for (char c : name.substr(3))
    if (!is_digit(c) && !is_alpha(c)) return {Arch::bad};
  if (colon != std::string_view::npos) {
    std::string_view features = s.substr(colon + 1);
    while (true) {  // each feature is name+ or name-
      const std::size_t next = features.find(':');
      const std::string_view f = features.substr(0, next);
      if (f.size() < 2 || (f.back() != '+' && f.back() != '-')) return {Arch::bad};
      for (char c : f.substr(0, f.size() - 1))
        if (!is_digit(c) && !is_alpha(c) && c != '_') return {Arch::bad};
      if (next == std::string_view::npos) break;
      features.remove_prefix(next + 1);
    }
  }
  for (const Target& t : targets())
    if (t.vendor == Vendor::amd && t.name == name) return {Arch::found, &t};
  return {Arch::bad};
}

bool starts_with(std::string_view s, std::string_view p) noexcept { return s.substr(0, p.size()) == p; }

// The targets named by their canonical name alone (Apple, Intel, Ascend, Adreno, Mali: "apple9",
// "bmg_g21", "ascend910b"), also behind the prefixes their tools print: ggml-metal's
// "MTLGPUFamilyApple9" and DPC++'s "intel_gpu_bmg_g21". A prefixed name that is no row is refused
// (an architecture name is exact); a bare word that is no row is left to the product names.
Arch named_arch(std::string_view s) noexcept {
  bool prefixed = false;
  for (std::string_view prefix : {std::string_view("mtlgpufamily"), std::string_view("intel_gpu_")}) {
    if (starts_with(s, prefix) && s.size() > prefix.size()) {
      s.remove_prefix(prefix.size());
      prefixed = true;
    }
  }
  for (const Target& t : targets())
    if (t.vendor != Vendor::nvidia && t.vendor != Vendor::amd && t.vendor != Vendor::cpu && t.name == s)
      return {Arch::found, &t};
  return prefixed ? Arch{Arch::bad} : Arch{};
}

// `s` is lower-case. A bare capability ("9.0", "90") is accepted only when it is the whole text:
// inside a product name a number is part of that name.
Arch parse_arch(std::string_view s, bool whole) noexcept {
  if (s == "cpu") return {Arch::found, find_target("cpu")};
  if (const Arch named = named_arch(s); named.kind != Arch::none) return named;
  if (starts_with(s, "cuda:")) return nvidia_arch(s.substr(5));
  if (starts_with(s, "hip:")) return starts_with(s.substr(4), "gfx") ? amd_arch(s.substr(4)) : Arch{Arch::bad};
  if (starts_with(s, "amdgcn-amd-amdhsa--")) s.remove_prefix(19);
  if (starts_with(s, "gfx")) return amd_arch(s);
  for (std::string_view prefix : {std::string_view("compute_"), std::string_view("compute"),
                                  std::string_view("sm_"), std::string_view("sm")}) {
    if (starts_with(s, prefix) && s.size() > prefix.size() && is_digit(s[prefix.size()]))
      return nvidia_arch(s.substr(prefix.size()));
  }
  if (!whole) return {};
  if (all_digits(s)) return s.size() <= 3 ? nvidia_arch(s) : Arch{};  // "4090" is a product
  const std::size_t dot = s.find('.');
  if (dot != std::string_view::npos) {
    const std::string_view major = s.substr(0, dot), minor = s.substr(dot + 1);
    if (major.empty() || major.size() > 2 || !all_digits(major) || minor.size() != 1 || !all_digits(minor))
      return {};
    const unsigned cc = to_uint(major) * 10 + to_uint(minor);
    const Target* t = nvidia_by_cc(cc);
    return t ? Arch{Arch::found, t, cc} : Arch{Arch::bad, nullptr, cc};
  }
  return {};
}

// ---- words --------------------------------------------------------------------------------------

enum class Kind : std::uint8_t {
  model,   ///< must belong to the product
  family,  ///< an architecture family ("Blackwell"): part of the name or the target's family
  memory,  ///< "80GB": picks a variant
  form,    ///< "SXM4": picks a variant
  noise,   ///< vendor, brand, memory type: ignored (the vendor must agree)
};

struct Word {
  std::string_view text;
  Kind kind = Kind::model;
  std::optional<Vendor> vendor;  // a vendor or brand word: whose
  std::uint16_t gb = 0;
};

std::optional<Vendor> vendor_word(std::string_view word) noexcept {
  for (const VendorWord& v : kVendorWords)
    if (v.word == word) return v.vendor;
  return std::nullopt;
}

template <std::size_t N>
struct Words {
  std::array<Word, N> w{};
  std::size_t n = 0;
  bool overflow = false;
  void push(Word word) noexcept {
    if (n < N)
      w[n++] = word;
    else
      overflow = true;
  }
};

bool is_family_word(std::string_view word) noexcept {
  for (const Target& t : targets()) {
    if (t.vendor == Vendor::cpu || t.family.size() != word.size()) continue;
    if (iequals(t.family, word)) return true;
  }
  return false;
}

// Cuts a word where letters meet digits ("mi300x" -> mi 300 x), so that "RTX4090", "RTX 4090"
// and "rtx-4090" are the same words. Anything else (punctuation, non-ASCII) stays a word of its
// own, which no product has. A piece that is a vendor word is one ("Ascend910B3", as torch_npu
// names the NPU, is Ascend + 910B3).
template <std::size_t N>
void push_model_pieces(std::string_view raw, Words<N>& out) noexcept {
  auto cls = [](char c) { return is_digit(c) ? 0 : is_alpha(c) ? 1 : 2; };
  std::size_t start = 0;
  for (std::size_t i = 1; i <= raw.size(); ++i) {
    if (i == raw.size() || cls(raw[i]) != cls(raw[start])) {
      const std::string_view piece = raw.substr(start, i - start);
      if (const auto v = vendor_word(piece); v && piece.size() < raw.size())
        out.push({piece, Kind::noise, v});
      else
        out.push({piece, Kind::model});
      start = i;
    }
  }
}

// Mali's shader-core count ("Mali-G720-Immortalis MC12"): the configuration, not the product.
bool is_core_count(std::string_view word) noexcept {
  return word.size() > 2 && word.size() <= 4 && word[0] == 'm' && word[1] == 'c' && all_digits(word.substr(2));
}

// Classifies the raw words of a lower-case name. `input` is false for product rows: there,
// family words are plain model words (an "Ada" in a row's name is required).
template <std::size_t R, std::size_t N>
void classify(const Words<R>& raw, bool input, Words<N>& out) noexcept {
  for (std::size_t i = 0; i < raw.n; ++i) {
    const std::string_view word = raw.w[i].text;
    const std::string_view next = i + 1 < raw.n ? raw.w[i + 1].text : std::string_view();
    if (word == "max" && next == "q") {  // "Max-Q" arrives as two words
      out.push({word, Kind::noise});
      ++i;
      continue;
    }
    if (is_digit(word.front())) {
      std::size_t d = 0;
      while (d < word.size() && is_digit(word[d])) ++d;
      const std::string_view unit = word.substr(d);
      if (d <= 4 && (in(unit, kMemoryUnits) || (unit.empty() && in(next, kMemoryUnits)))) {
        out.push({word, Kind::memory, std::nullopt, static_cast<std::uint16_t>(to_uint(word.substr(0, d)))});
        if (unit.empty()) ++i;
        continue;
      }
    }
    if (const auto v = vendor_word(word)) {
      out.push({word, Kind::noise, v});
    } else if (in(word, kNoiseWords) || is_core_count(word)) {
      out.push({word, Kind::noise});
    } else if (in(word, kFormWords)) {
      out.push({word, Kind::form});
    } else if (input && is_family_word(word)) {
      out.push({word, Kind::family});
    } else {
      push_model_pieces(word, out);
    }
  }
}

bool is_chunk_separator(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ';' || c == '(' || c == ')' ||
         c == '[' || c == ']' || c == '"' || c == '\'';
}

template <std::size_t N>
void split_words(std::string_view chunk, Words<N>& out) noexcept {
  std::size_t start = 0;
  for (std::size_t i = 0; i <= chunk.size(); ++i) {
    if (i == chunk.size() || chunk[i] == '-' || chunk[i] == '_') {
      if (i > start) out.push({chunk.substr(start, i - start)});
      start = i + 1;
    }
  }
}

// ---- the product index, built once ----------------------------------------------------------------

struct Key {
  const Product* product = nullptr;
  const Target* target = nullptr;
  std::string lower;  // the row's name in lower case; the words below point into it
  std::array<std::string_view, kMaxKeyWords> words{};
  std::array<bool, kMaxKeyWords> optional{};
  std::size_t n = 0;
  std::uint16_t gb = 0;
  std::string_view form;
};

struct Index {
  std::vector<Key> keys;
  std::vector<std::string_view> names;  // every target and product name, for suggestions
};

// One product row's key. `key` must not move afterwards: its words point into key.lower.
void build_key(const Product& p, Key& key) {
  key.product = &p;
  key.target = find_target(p.target);
  key.lower = to_lower(p.name.substr(0, kMaxText));
  Words<kMaxWords> raw, words;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= key.lower.size(); ++i) {
    if (i == key.lower.size() || is_chunk_separator(key.lower[i])) {
      if (i > start) split_words(std::string_view(key.lower).substr(start, i - start), raw);
      start = i + 1;
    }
  }
  classify(raw, /*input=*/false, words);
  for (std::size_t i = 0; i < words.n; ++i) {
    const Word& w = words.w[i];
    if (w.kind == Kind::memory && key.gb == 0) key.gb = w.gb;
    if (w.kind == Kind::form && key.form.empty()) key.form = w.text;
    if (w.kind == Kind::model && key.n < kMaxKeyWords) {
      key.optional[key.n] = in(w.text, kOptionalWords);
      key.words[key.n++] = w.text;
    }
  }
}

Index build_index() {
  Index idx;
  idx.keys.resize(products().size());  // sized once: the views below must not move
  for (std::size_t k = 0; k < products().size(); ++k) build_key(products()[k], idx.keys[k]);
  for (const Target& t : targets()) idx.names.push_back(t.name);
  for (const Product& p : products()) idx.names.push_back(p.name);
  return idx;
}

const Index& index() {
  static const Index idx = build_index();
  return idx;
}

// ---- matching ---------------------------------------------------------------------------------------

enum class Fit : std::uint8_t { none, partial, full };

struct FitResult {
  Fit fit = Fit::none;
  std::string_view stray;  // the first word that did not fit (partial)
};

bool family_of(const Target& t, std::string_view word) noexcept { return iequals(t.family, word); }

// Whether `text` holds `lower_word` (lower case) in any case.
bool icontains(std::string_view text, std::string_view lower_word) noexcept {
  if (lower_word.size() > text.size()) return false;
  for (std::size_t at = 0; at + lower_word.size() <= text.size(); ++at) {
    std::size_t i = 0;
    while (i < lower_word.size() && lower(text[at + i]) == lower_word[i]) ++i;
    if (i == lower_word.size()) return true;
  }
  return false;
}

template <std::size_t N>
FitResult fit(const Words<N>& in, const Key& key, const Target* asserted) noexcept {
  std::array<bool, N> used{};
  for (std::size_t j = 0; j < key.n; ++j) {
    bool found = false;
    for (std::size_t i = 0; i < in.n && !found; ++i) {
      const Word& w = in.w[i];
      if (!used[i] && (w.kind == Kind::model || w.kind == Kind::family) && w.text == key.words[j])
        used[i] = found = true;
    }
    if (!found && !key.optional[j]) return {};
  }
  for (std::size_t i = 0; i < in.n; ++i) {
    const Word& w = in.w[i];
    if (used[i]) continue;
    const bool stray = (w.kind == Kind::model) || (w.kind == Kind::family && !family_of(*key.target, w.text)) ||
                       (w.vendor && *w.vendor != key.target->vendor);
    if (stray) return {Fit::partial, w.text};
  }
  if (asserted != nullptr && asserted != key.target) return {Fit::partial, asserted->name};
  return {Fit::full, {}};
}

// Suggestions, best first: products sharing the most words with the text ("RTX 6000" -> the two
// RTX 6000 products, "W7900" -> Radeon PRO W7900), then names by edit distance.
template <std::size_t N>
std::string suggestions(std::string_view text, const Words<N>* words) {
  const Index& idx = index();
  std::vector<std::string_view> ranked;
  if (words != nullptr) {
    std::vector<std::pair<int, std::string_view>> shared;
    for (const Key& key : idx.keys) {
      int score = 0;
      for (std::size_t j = 0; j < key.n; ++j) {
        for (std::size_t i = 0; i < words->n; ++i) {
          const Word& w = words->w[i];
          if ((w.kind == Kind::model || w.kind == Kind::family) && w.text == key.words[j]) {
            score += key.optional[j] ? 1 : 2;
            break;
          }
        }
      }
      if (score >= 2) shared.emplace_back(score, key.product->name);
    }
    std::stable_sort(shared.begin(), shared.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (std::size_t i = 0; i < shared.size() && i < 3; ++i) ranked.push_back(shared[i].second);
  }
  std::string out;
  for (std::string_view name : ranked) out += (out.empty() ? "" : ", ") + std::string(name);
  if (ranked.empty()) out = nearest(text, idx.names, 3);
  return out;
}

// A capability that names no NVIDIA target: targets with that capability on any vendor first
// ("9.4" -> gfx942), then the NVIDIA targets closest to it.
std::string cc_suggestions(unsigned cc) {
  std::vector<std::pair<unsigned, std::string_view>> ranked;
  for (const Target& t : targets()) {
    if (t.cc() == 0) continue;  // the CPU and the vendors without a capability
    const unsigned dist = t.cc() > cc ? t.cc() - cc : cc - t.cc();
    if (t.vendor == Vendor::nvidia || dist == 0) ranked.emplace_back(dist * 2 + (t.vendor == Vendor::nvidia ? 1 : 0), t.name);
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string out;
  for (std::size_t i = 0; i < ranked.size() && i < 3; ++i) out += (i ? ", " : "") + std::string(ranked[i].second);
  return out;
}

template <std::size_t N = 1>
Error unknown(std::string_view text, std::string_view detail_text = {}, const Words<N>* words = nullptr) {
  std::string msg = "unknown GPU '" + printable(text) + "'";
  if (!detail_text.empty()) msg += " (" + std::string(detail_text) + ")";
  const std::string near = suggestions(text, words);
  if (!near.empty()) msg += "; nearest: " + near;
  return Error{ErrorCode::unknown_name, std::move(msg)};
}

Error unknown_arch(std::string_view text, unsigned cc) {
  std::string msg = "unknown GPU '" + printable(text) + "'";
  const std::string near = cc != 0 ? cc_suggestions(cc) : suggestions<1>(text, nullptr);
  if (!near.empty()) msg += "; nearest: " + near;
  return Error{ErrorCode::unknown_name, std::move(msg)};
}

// Blanks out each "(radv ...)" / "(nvk ...)" group of the lower-cased name in place.
void drop_driver_groups(char* s, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) {
    if (s[i] != '(') continue;
    const std::string_view rest(s + i + 1, n - i - 1);
    for (std::string_view g : kDriverGroups) {
      if (!starts_with(rest, g) || (rest.size() > g.size() && rest[g.size()] != ' ' && rest[g.size()] != ')')) continue;
      const std::size_t close = rest.find(')');
      const std::size_t end = close == std::string_view::npos ? n : i + 1 + close + 1;
      for (std::size_t j = i; j < end; ++j) s[j] = ' ';
      break;
    }
  }
}

// One name without '/' alternatives. `text` is trimmed and at most kMaxText long.
Result<TargetMatch> parse_one(std::string_view text, Refused& why) {
  why = Refused::unknown;
  if (text.empty())
    return Error{ErrorCode::unknown_name,
                 "unknown GPU '' (empty); give an architecture (sm_90, gfx942), a product (H100, MI300X) or cpu"};
  std::array<char, kMaxText> buf{};
  for (std::size_t i = 0; i < text.size(); ++i) buf[i] = lower(text[i]);
  drop_driver_groups(buf.data(), text.size());
  const std::string_view low(buf.data(), text.size());

  // Chunks are separated by blanks and brackets; each may be an architecture name.
  Words<kMaxWords> raw;
  const Target* asserted = nullptr;
  std::size_t chunks = 0, start = 0;
  std::array<std::string_view, kMaxWords> chunk_list{};
  for (std::size_t i = 0; i <= low.size(); ++i) {
    if (i == low.size() || is_chunk_separator(low[i])) {
      if (i > start) {
        if (chunks == kMaxWords) {
          why = Refused::too_long;
          return unknown<1>(text, "too many words");
        }
        chunk_list[chunks++] = low.substr(start, i - start);
      }
      start = i + 1;
    }
  }
  for (std::size_t c = 0; c < chunks; ++c) {
    const Arch arch = parse_arch(chunk_list[c], /*whole=*/chunks == 1);
    if (arch.kind == Arch::bad) {
      why = Refused::arch;
      return unknown_arch(text, arch.cc);
    }
    if (arch.kind == Arch::found) {
      if (asserted != nullptr && asserted != arch.target) {
        why = Refused::arch;
        return unknown<1>(text, "names both " + std::string(asserted->name) + " and " + std::string(arch.target->name));
      }
      asserted = arch.target;
      continue;
    }
    split_words(chunk_list[c], raw);
  }
  if (raw.overflow) {
    why = Refused::too_long;
    return unknown<1>(text, "too many words");
  }
  if (raw.n == 0) {
    if (asserted != nullptr) return TargetMatch{asserted, nullptr};
    return unknown<1>(text);
  }

  Words<kMaxWords * 4> words;  // splitting at letter/digit boundaries multiplies words
  classify(raw, /*input=*/true, words);
  if (words.overflow) {
    why = Refused::too_long;
    return unknown<1>(text, "too many words");
  }

  std::uint16_t want_gb = 0;
  std::string_view want_form;
  for (std::size_t i = 0; i < words.n; ++i) {
    if (words.w[i].kind == Kind::memory && want_gb == 0) want_gb = words.w[i].gb;
    if (words.w[i].kind == Kind::form && want_form.empty()) want_form = words.w[i].text;
  }
  // The products that fit every word, in table order: the first is kept unless a later one
  // matches the memory size or form factor better (ties keep the earlier row: the model's
  // default variant); two of different targets are ambiguous.
  struct Best {
    const Product* product = nullptr;
    const Target* target = nullptr;
    int score = -1;
  } best;
  std::optional<Error> ambiguous;
  const auto full_fit = [&](const Key& key) {
    if (best.product != nullptr && best.target != key.target) {
      why = Refused::ambiguous;
      ambiguous = Error{ErrorCode::unknown_name,
                        "ambiguous GPU '" + printable(text) + "': it fits " + std::string(best.product->name) + " (" +
                            std::string(best.target->name) + ") and " + std::string(key.product->name) + " (" +
                            std::string(key.target->name) + "); add the word that tells them apart"};
      return false;
    }
    const bool gb_match = want_gb != 0 && key.gb == want_gb;
    const bool form_match = !want_form.empty() && starts_with(key.form, want_form);
    const int score = (gb_match ? 2 : 0) + (form_match ? 1 : 0);
    if (score > best.score) best = {key.product, key.target, score};
    return true;
  };
  // A product fits fully only if each model word of the text is one of its words, and so a piece
  // of its lower-cased name. The rows whose names hold every such word are keyed here, one at a
  // time; the full product index (every row keyed, ~2,500 instructions a row) is built only when
  // none fits: for the error's "does not fit" and suggestions, which need every row.
  bool any_model_word = false;
  for (std::size_t i = 0; i < words.n; ++i) any_model_word = any_model_word || words.w[i].kind == Kind::model;
  if (any_model_word) {
    for (const Product& p : products()) {
      const std::string_view name = p.name.substr(0, kMaxText);
      bool candidate = true;
      for (std::size_t i = 0; i < words.n && candidate; ++i)
        candidate = words.w[i].kind != Kind::model || icontains(name, words.w[i].text);
      if (!candidate) continue;
      Key key;
      build_key(p, key);
      if (key.target == nullptr || fit(words, key, asserted).fit != Fit::full) continue;
      if (!full_fit(key)) return *ambiguous;
    }
    if (best.product != nullptr) return TargetMatch{best.target, best.product};
  }
  const Index& idx = index();
  const Key* first_partial = nullptr;
  std::string_view stray;
  for (const Key& key : idx.keys) {
    if (key.target == nullptr) continue;  // a row naming an unknown target; the unit tests catch it
    const FitResult r = fit(words, key, asserted);
    if (r.fit == Fit::partial && first_partial == nullptr) {
      first_partial = &key;
      stray = r.stray;
    }
    if (r.fit == Fit::full && !full_fit(key)) return *ambiguous;
  }
  if (best.product != nullptr) return TargetMatch{best.target, best.product};
  if (first_partial != nullptr) {
    std::string msg = "unknown GPU '" + printable(text) + "' ('" + printable(stray) + "' does not fit " +
                      std::string(first_partial->product->name) + "); nearest: ";
    std::size_t listed = 0;
    for (const Key& key : idx.keys) {  // the products whose words were all there
      if (listed == 3 || key.target == nullptr || fit(words, key, nullptr).fit == Fit::none) continue;
      msg += (listed++ ? ", " : "") + std::string(key.product->name);
    }
    return Error{ErrorCode::unknown_name, std::move(msg)};
  }
  return unknown(text, {}, &words);
}

}  // namespace
}  // namespace detail

namespace detail {
namespace {

// "nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3" -> "NVIDIA-H100-80GB-HBM3".
std::string_view strip_label_key(std::string_view t) noexcept {
  for (std::string_view key : kLabelKeys) {
    if (t.size() <= key.size() || !iequals(t.substr(0, key.size()), key)) continue;
    const char sep = t[key.size()];
    if (sep == '=' || sep == ':') return trim(t.substr(key.size() + 1));
  }
  return t;
}

}  // namespace
}  // namespace detail

namespace detail {
namespace {

Result<TargetMatch> parse_all(std::string_view text, Refused& why) {
  why = Refused::unknown;
  const std::string_view t = strip_label_key(trim(text));
  if (t.size() > kMaxText) {
    why = Refused::too_long;
    return Error{ErrorCode::unknown_name, "unknown GPU '" + printable(t) + "' (longer than 256 characters)"};
  }
  // "AMD Instinct MI250X/MI250": HIP names two boards at once; every alternative must parse and
  // all must be the same architecture.
  if (t.find('/') == std::string_view::npos) return parse_one(t, why);
  std::string_view rest = t;
  std::optional<TargetMatch> first;
  while (true) {
    const std::size_t slash = rest.find('/');
    const std::string_view part = trim(rest.substr(0, slash));
    Result<TargetMatch> r = parse_one(part, why);
    if (!r) return Error{r.error().code, "in '" + printable(t) + "': " + r.error().message};
    if (first && first->target != r->target) {
      why = Refused::ambiguous;
      return Error{ErrorCode::unknown_name, "ambiguous GPU '" + printable(t) + "': " + std::string(first->target->name) +
                                                " or " + std::string(r->target->name)};
    }
    if (!first) first = *r;
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  return *first;
}

}  // namespace
}  // namespace detail

Result<TargetMatch> parse_target(std::string_view text) {
  // The last few names each thread parsed, with their answers: a webhook or a fleet manifest asks
  // about the same node-selector value for every container and every review, and one parse is
  // ~44 K instructions (the product keys and the fuzzy match of an unknown name). The answer is a
  // pure function of the text and the static tables, so a remembered one is the same answer.
  struct ParsedTarget {
    std::string text;
    Result<TargetMatch> answer;
  };
  static constexpr std::size_t kRemembered = 8;
  static constexpr std::size_t kLongestRemembered = 128;
  thread_local std::vector<ParsedTarget> remembered;
  thread_local std::size_t next_slot = 0;
  for (const ParsedTarget& p : remembered)
    if (p.text == text) return p.answer;
  detail::Refused why{};
  Result<TargetMatch> answer = detail::parse_all(text, why);
  if (text.size() <= kLongestRemembered) {
    if (remembered.size() < kRemembered) remembered.push_back({std::string(text), answer});
    else remembered[next_slot] = {std::string(text), answer};
    next_slot = (next_slot + 1) % kRemembered;
  }
  return answer;
}

namespace detail {
namespace {

// Characters a GPU name as tools print it is made of: ASCII letters, digits, blanks and
// - _ . ( ) / , + : ' " [ ] (drivers spell the trademark signs "(TM)" and "(R)"). Anything else is
// shell or typing debris ($ ` ; * ? | & < >) or a look-alike (Cyrillic H, full-width digits, a
// zero-width space, a bidirectional override), never part of a name.
bool name_char(char c) noexcept {
  const char l = lower(c);
  if (is_digit(l) || is_alpha(l)) return true;
  for (char ok : std::string_view(" -_.()/,+:'\"[]"))
    if (c == ok) return true;
  return false;
}

// An architecture spelling (sm_90, compute_90, cuda:90, hip:gfx942, gfx942, amdgcn-..., a
// capability 9.0, a bare number, MTLGPUFamilyApple9, intel_gpu_pvc): the list of architectures is
// exact, so such a spelling that names none is a typo, not new hardware.
bool arch_spelling(std::string_view low) noexcept {
  for (std::string_view p : {"sm_", "compute_", "cuda:", "hip:", "gfx", "amdgcn-", "mtlgpufamily", "intel_gpu_"})
    if (starts_with(low, p)) return true;
  if (low.size() > 2 && low[0] == 's' && low[1] == 'm' && is_digit(low[2])) return true;
  return false;
}

// A capability as the whole name: "9.4", "99.99", "1.2.3", "9.", or a number of up to three
// digits ("0", "95"); a longer number is a product's ("4090").
bool capability_spelling(std::string_view low) noexcept {
  bool dot = false;
  for (char c : low) {
    if (c == '.') dot = true;
    else if (!is_digit(c)) return false;
  }
  return dot || low.size() <= 3;
}

}  // namespace
}  // namespace detail

// docs/targets.md, "Unknown hardware". Malformed: empty, longer than 256 characters, a control
// character or a character no GPU name has, no letter or no digit (a vendor or brand line alone
// names no GPU: "NVIDIA", "RTX", "Intel Arc Graphics"), a word that is a command-line flag
// ("H100 --kv-cache-dtype fp8": a quoting mistake), an empty '/' alternative, more words than any
// name has. Misspelled: an architecture spelling that names no architecture (sm_80a, gfx906, 9.4),
// or a name two products fit (RTX 6000). Otherwise the name is hardware kvdtype has not heard of.
namespace {

// A name that is a known product's word with one key doubled, one doubled key pressed once, or
// two neighbouring keys swapped ("H1000", "H10", "H010" for H100) is a typo of that product,
// refused with the nearest names. Any other difference ("RTX 9090", "B770", "MI300" without its
// X or A, "Ascend910") may be hardware kvdtype has not heard of: an unknown GPU, not bad input.
bool one_typo_apart(std::string_view a, std::string_view b) noexcept {
  if (a == b) return false;
  if (a.size() == b.size()) {
    std::size_t i = 0;
    while (a[i] == b[i]) ++i;
    return i + 1 < a.size() && a[i] == b[i + 1] && a[i + 1] == b[i] && a.substr(i + 2) == b.substr(i + 2);
  }
  if (a.size() + 1 != b.size() && b.size() + 1 != a.size()) return false;
  const std::string_view shorter = a.size() < b.size() ? a : b;
  const std::string_view longer = a.size() < b.size() ? b : a;
  std::size_t i = 0;
  while (i < shorter.size() && shorter[i] == longer[i]) ++i;
  const bool doubled = (i > 0 && longer[i] == longer[i - 1]) || (i + 1 < longer.size() && longer[i] == longer[i + 1]);
  return doubled && shorter.substr(i) == longer.substr(i + 1);
}

// The words of a name that tell products apart: lower-case runs of letters and digits holding a digit.
std::vector<std::string> model_words(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  bool digit = false;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? detail::lower(text[i]) : ' ';
    if (detail::is_alpha(c) || detail::is_digit(c)) {
      cur += c;
      digit = digit || detail::is_digit(c);
      continue;
    }
    if (digit) out.push_back(cur);
    cur.clear();
    digit = false;
  }
  return out;
}

bool typo_of_known_name(std::string_view text) {
  const std::vector<std::string> words = model_words(text);
  if (words.empty()) return false;
  for (std::string_view name : detail::index().names)
    for (const std::string& known : model_words(name))
      for (const std::string& w : words)
        if (one_typo_apart(w, known)) return true;
  return false;
}

}  // namespace

UnparsedGpu classify_unparsed_gpu(std::string_view text) {
  const std::string_view t = detail::strip_label_key(detail::trim(text));
  if (t.empty() || t.size() > detail::kMaxText) return UnparsedGpu::malformed;
  bool letter = false, digit = false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f || !detail::name_char(c)) return UnparsedGpu::malformed;
    const char l = detail::lower(c);
    letter = letter || detail::is_alpha(l);
    digit = digit || detail::is_digit(l);
    if (c == '-' && (i == 0 || t[i - 1] == ' ')) return UnparsedGpu::malformed;  // a flag, or a negative number
  }
  detail::Refused why{};
  if (detail::parse_all(t, why).ok()) return UnparsedGpu::known;  // "4090" has no letter, and is known
  if (!letter || !digit || why == detail::Refused::too_long) return UnparsedGpu::malformed;
  // Each '/' alternative must hold a name, and none may be an architecture spelling (whole, or one
  // of its blank-separated chunks) that names nothing.
  std::string_view rest = t;
  while (true) {
    const std::size_t slash = rest.find('/');
    const std::string_view part = detail::trim(rest.substr(0, slash));
    if (part.empty()) return UnparsedGpu::malformed;
    const std::string low = detail::to_lower(part);
    std::size_t start = 0;
    for (std::size_t i = 0; i <= low.size(); ++i) {
      if (i < low.size() && !detail::is_chunk_separator(low[i])) continue;
      const std::string_view chunk = std::string_view(low).substr(start, i - start);
      const bool whole = chunk.size() == low.size();
      if (!chunk.empty() && (detail::arch_spelling(chunk) || (whole && detail::capability_spelling(chunk))) &&
          detail::parse_arch(chunk, whole).kind != detail::Arch::found)
        return UnparsedGpu::misspelled;
      start = i + 1;
    }
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  switch (why) {
    case detail::Refused::too_long: return UnparsedGpu::malformed;
    case detail::Refused::arch:
    case detail::Refused::ambiguous: return UnparsedGpu::misspelled;
    case detail::Refused::unknown: break;
  }
  return typo_of_known_name(t) ? UnparsedGpu::misspelled : UnparsedGpu::unknown;
}

std::string_view name(Vendor v) noexcept {
  switch (v) {
    case Vendor::nvidia: return "nvidia";
    case Vendor::amd: return "amd";
    case Vendor::cpu: return "cpu";
    case Vendor::apple: return "apple";
    case Vendor::intel: return "intel";
    case Vendor::qualcomm: return "qualcomm";
    case Vendor::arm: return "arm";
    case Vendor::huawei: return "huawei";
    case Vendor::google: return "google";
  }
  return "cpu";
}

std::string_view name(Fp8Flavour f) noexcept {
  switch (f) {
    case Fp8Flavour::none: return "none";
    case Fp8Flavour::ocp: return "ocp";
    case Fp8Flavour::fnuz: return "fnuz";
  }
  return "none";
}

}  // namespace kvdtype
