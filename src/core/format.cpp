// Format lookups: by id, by any ecosystem's name, by DLPack type. The name index is built once
// (thread-safe static initialisation) and then searched without allocating, because engines
// call parse_format() on their launch path and the guard calls it per tensor.
#include "kvdtype/format.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <string>
#include <vector>

#include "common/text.hpp"
#include "core/format_names.hpp"
#include "tables/tables.hpp"

namespace kvdtype {

namespace detail {
namespace {

using FI = FormatId;

// Short spellings that are no ecosystem's dtype name but that people type. Each names exactly one
// format. Deliberately absent: "fp8", "fp8_e4m3", "e4m3": engines mean float8_e4m3fn by them while
// ml_dtypes' float8_e4m3 is the IEEE-style format; the engines' kv-cache tables resolve those.
constexpr FormatSpelling kAliases[] = {
    {"float", FI::float32},
    {"half", FI::float16},
    {"fp8_e4m3fn", FI::float8_e4m3fn},
    {"fp8_e4m3fnuz", FI::float8_e4m3fnuz},
    {"fp8_e5m2", FI::float8_e5m2},
    {"fp8_e5m2fnuz", FI::float8_e5m2fnuz},
    // Triton's tl.* attribute names (the dtype's own name is the row's triton field)
    {"float8e4nv", FI::float8_e4m3fn},
    {"float8e4b8", FI::float8_e4m3fnuz},
    {"float8e5", FI::float8_e5m2},
    {"float8e5b16", FI::float8_e5m2fnuz},
    {"float8e4b15", FI::float8_e4m3b15},
    // the FormatId spelling of the row whose canonical name differs from it
    {"float8_e4m3b15", FI::float8_e4m3b15},
};

// Module prefixes stripped before the lookup: torch.float8_e4m3fn, tl.float8e4nv, np.float16 …
constexpr std::string_view kPrefixes[] = {"torch.", "triton.language.", "tl.", "numpy.", "np.",
                                          "ml_dtypes."};

constexpr std::string_view kDLPackPrefix = "dlpack:";
constexpr std::size_t kMaxNameLength = 64;  // longer input names nothing

// DLPack's generic codes need a bit width to name a format, so their enum names are reached only
// through the "dlpack:" spelling.
constexpr bool dlpack_name_is_specific(const Format& f) {
  return f.names.dlpack_code > 2 && !f.names.dlpack.empty();
}

std::vector<FormatSpelling> collect_spellings() {
  std::vector<FormatSpelling> out;
  for (const Format& f : tables::format_rows()) {
    const FormatNames& n = f.names;
    for (std::string_view s : {f.name, n.torch, n.cuda, n.hip, n.triton, n.onnx, n.safetensors, n.ggml,
                               n.numpy})
      if (!s.empty()) out.push_back({s, f.id});
    if (dlpack_name_is_specific(f)) out.push_back({n.dlpack, f.id});
  }
  for (const FormatSpelling& a : kAliases) out.push_back(a);
  return out;
}

struct IndexEntry {
  std::string key;  // lower case
  FormatId id;
};

const std::vector<IndexEntry>& name_index() {
  static const std::vector<IndexEntry> index = [] {
    std::vector<IndexEntry> v;
    for (const FormatSpelling& s : format_spellings()) v.push_back({to_lower(s.name), s.id});
    std::stable_sort(v.begin(), v.end(), [](const IndexEntry& a, const IndexEntry& b) { return a.key < b.key; });
    // Duplicates for the same format collapse; a key naming two formats keeps its first row
    // (tests/unit/test_formats.cpp fails on such a table).
    v.erase(std::unique(v.begin(), v.end(), [](const IndexEntry& a, const IndexEntry& b) { return a.key == b.key; }),
            v.end());
    return v;
  }();
  return index;
}

std::optional<FormatId> find_in_index(std::string_view lowered) noexcept {
  // A process's first lookups scan the spellings in table order (the first spelling of the name
  // wins, as in the index): sorting every spelling's lower-cased copy costs ~160,000 instructions,
  // more than a short-lived `kvdtype check` spends on anything else but its index. From the
  // fifth lookup on (the guard per tensor, a manifest of many containers) the sorted index.
  static std::atomic<unsigned> scans{0};
  if (scans.load(std::memory_order_relaxed) < 4) {
    scans.fetch_add(1, std::memory_order_relaxed);
    for (const FormatSpelling& s : format_spellings())
      if (iequals(s.name, lowered)) return s.id;
    return std::nullopt;
  }
  const auto& index = name_index();
  const auto it = std::lower_bound(index.begin(), index.end(), lowered,
                                   [](const IndexEntry& e, std::string_view k) { return std::string_view(e.key) < k; });
  if (it == index.end() || it->key != lowered) return std::nullopt;
  return it->id;
}

std::optional<unsigned> parse_unsigned(std::string_view s) noexcept {
  unsigned v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

// "dlpack:<code>:<bits>[:<lanes>]", <code> a number or a DLPack enum name ("dlpack:kDLInt:8").
std::optional<FormatId> find_dlpack_spelling(std::string_view rest) noexcept {
  std::array<std::string_view, 3> parts{};
  std::size_t count = 0;
  while (count < parts.size()) {
    const std::size_t colon = rest.find(':');
    parts[count++] = rest.substr(0, colon);
    if (colon == std::string_view::npos) {
      rest = {};
      break;
    }
    rest.remove_prefix(colon + 1);
  }
  if (!rest.empty() || count < 2) return std::nullopt;

  std::optional<unsigned> code = parse_unsigned(parts[0]);
  if (!code) {
    for (const Format& f : tables::format_rows())
      if (!f.names.dlpack.empty() && iequals(f.names.dlpack, parts[0])) code = static_cast<unsigned>(f.names.dlpack_code);
  }
  const std::optional<unsigned> bits = parse_unsigned(parts[1]);
  const std::optional<unsigned> lanes = count == 3 ? parse_unsigned(parts[2]) : std::optional<unsigned>(1);
  if (!code || !bits || !lanes || *code > 255 || *bits > 255 || *lanes > 65535) return std::nullopt;
  return format_from_dlpack(static_cast<std::uint8_t>(*code), static_cast<std::uint8_t>(*bits),
                            static_cast<std::uint16_t>(*lanes));
}

// Names worth suggesting after a typo: the canonical names, Triton's and GGML's, and the aliases.
const std::vector<std::string_view>& suggestion_candidates() {
  static const std::vector<std::string_view> candidates = [] {
    std::vector<std::string_view> v;
    for (const Format& f : tables::format_rows())
      for (std::string_view s : {f.name, f.names.triton, f.names.ggml})
        if (!s.empty()) v.push_back(s);
    for (const FormatSpelling& a : kAliases) v.push_back(a.name);
    return v;
  }();
  return candidates;
}

constexpr Format kUnknownFormat{.id = FormatId::count_, .name = "unknown"};

}  // namespace

std::span<const FormatSpelling> format_spellings() {
  static const std::vector<FormatSpelling> spellings = collect_spellings();
  return spellings;
}

std::span<const FormatSpelling> format_aliases() noexcept { return kAliases; }

std::optional<FormatId> find_format(std::string_view any_name) noexcept {
  if (any_name.empty() || any_name.size() > kMaxNameLength) return std::nullopt;
  std::array<char, kMaxNameLength> buffer{};
  for (std::size_t i = 0; i < any_name.size(); ++i) {
    const char c = any_name[i];
    buffer[i] = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  std::string_view lowered(buffer.data(), any_name.size());

  if (lowered.starts_with(kDLPackPrefix)) return find_dlpack_spelling(lowered.substr(kDLPackPrefix.size()));
  for (std::string_view prefix : kPrefixes) {
    if (lowered.starts_with(prefix)) {
      lowered.remove_prefix(prefix.size());
      break;
    }
  }
  return find_in_index(lowered);
}

}  // namespace detail

std::span<const Format> formats() noexcept { return tables::format_rows(); }

const Format& format(FormatId id) noexcept {
  const auto rows = tables::format_rows();
  const auto i = static_cast<std::size_t>(id);
  return i < rows.size() ? rows[i] : detail::kUnknownFormat;
}

std::string_view name(FormatId id) noexcept { return format(id).name; }

Result<FormatId> parse_format(std::string_view any_name) {
  if (const auto id = detail::find_format(any_name)) return *id;
  return Error{ErrorCode::unknown_name, "unknown format '" + detail::printable(any_name) +
                                            "'; nearest: " + nearest_format_names(any_name)};
}

std::optional<FormatId> format_from_dlpack(std::uint8_t code, std::uint8_t bits, std::uint16_t lanes) noexcept {
  for (const Format& f : tables::format_rows()) {
    if (f.names.dlpack_code != code || f.bits != bits) continue;
    const std::uint16_t expected_lanes = f.kind == FormatKind::packed ? f.block_size : 1;
    if (lanes == expected_lanes) return f.id;
  }
  return std::nullopt;
}

std::optional<DLPackType> dlpack_type(FormatId id) noexcept {
  const Format& f = format(id);
  if (f.names.dlpack_code < 0) return std::nullopt;
  return DLPackType{.code = static_cast<std::uint8_t>(f.names.dlpack_code),
                    .bits = static_cast<std::uint8_t>(f.bits),
                    .lanes = static_cast<std::uint16_t>(f.kind == FormatKind::packed ? f.block_size : 1)};
}

std::string nearest_format_names(std::string_view bad, std::size_t max) {
  return detail::nearest(bad, detail::suggestion_candidates(), max);
}

}  // namespace kvdtype
