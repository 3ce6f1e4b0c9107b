// The lookup behind launch_flags.hpp: an engine's flag table comes from its registry row (the
// rows are in src/tables/engines/<engine>/launch_flags_<engine>.cpp), never from a switch here.
#include <array>
#include <string>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sources/launch/launch_flags.hpp"
#include "tables/tables.hpp"
#include "tables/words.hpp"

namespace kvdtype::io::detail {

std::span<const LaunchFlag> launch_flags(Engine engine) noexcept {
  for (const tables::EngineTables& row : tables::engine_registry())
    if (row.info.id == engine && row.launch_flags != nullptr) return row.launch_flags();
  return {};
}

namespace {

using FlagNames = std::unordered_map<std::string_view, const LaunchFlag*>;

// The first row of `rows` that has `name` among its names: the table's own order decides.
const LaunchFlag* search(std::span<const LaunchFlag> rows, std::string_view name) noexcept {
  for (const LaunchFlag& f : rows) {
    bool named = false;
    tables::for_each_word(f.names, [&](std::string_view w) { named = named || w == name; });
    if (named) return &f;
  }
  return nullptr;
}

// One engine's flag names, each to the row search() finds for it (the first row keeps a name).
FlagNames index_of(std::span<const LaunchFlag> rows) {
  FlagNames names;
  for (const LaunchFlag& f : rows) tables::for_each_word(f.names, [&](std::string_view w) { names.emplace(w, &f); });
  return names;
}

// Per engine: a process that looks many flags up (the webhook, a manifest of many workloads)
// answers from a hash index of the engine's names, made once and never freed; one that looks up
// a few (a CLI check of one command: a handful) searches the rows, which costs less than making
// the index of one engine (~40 K instructions for vLLM's) and far less than every engine's
// (docs/performance.md, eleventh round: the row search was 11 K instructions of a webhook review).
constexpr std::uint32_t kSearchesBeforeIndex = 64;
constexpr std::size_t kMaxEngines = 16;
struct EngineFlags {
  std::atomic<std::uint32_t> searches{0};
  std::once_flag once;
  std::atomic<const FlagNames*> index{nullptr};
};

}  // namespace

const LaunchFlag* find_launch_flag(Engine engine, std::string_view name) noexcept {
  static std::array<EngineFlags, kMaxEngines> engines;
  const auto id = static_cast<std::size_t>(engine);
  if (id >= kMaxEngines) return search(launch_flags(engine), name);
  EngineFlags& e = engines[id];
  const FlagNames* index = e.index.load(std::memory_order_acquire);
  if (index == nullptr) {  // the rows are looked up (a registry scan) only on this path
    const std::span<const LaunchFlag> rows = launch_flags(engine);
    if (e.searches.fetch_add(1, std::memory_order_relaxed) < kSearchesBeforeIndex) return search(rows, name);
    std::call_once(e.once, [&] { e.index.store(new FlagNames(index_of(rows)), std::memory_order_release); });
    index = e.index.load(std::memory_order_acquire);
  }
  const auto it = index->find(name);
  return it == index->end() ? nullptr : it->second;
}

bool negatable(Engine engine, const LaunchFlag& row) noexcept {
  return row.arity == tables::Arity::none && !row.store_true &&
         tables::engine_tables(engine).behaviour.negatable_switches;
}

// Whether `row` is an option of the release `at` (nullptr: the newest). A row whose
// introduced_in does not parse counts as registered: the lint (test_launch_flag_releases.cpp)
// keeps every introduced_in a release row of its engine.
namespace {
bool registered(Engine engine, const LaunchFlag& row, const Version* at) {
  if (at == nullptr || row.introduced_in.empty()) return true;
  const auto since = parse_version(engine, row.introduced_in);
  return !since.ok() || *since <= *at;
}
}  // namespace

FlagPrefix find_launch_flag_prefix(Engine engine, std::string_view prefix, const Version* at) {
  FlagPrefix out;
  if (prefix.size() <= 2 || prefix.substr(0, 2) != "--") return out;  // argparse abbreviates long options only
  // `--no-…` can only abbreviate a negation (or a row spelled `--no-…`): the positive names are
  // skipped then, and the negations are looked at only then.
  const bool no_form = prefix.size() > 5 && prefix.substr(0, 5) == "--no-";
  auto consider = [&](const LaunchFlag& f, std::string_view spelled, std::string option, bool negated) {
    if (option.size() <= prefix.size() || std::string_view(option).substr(0, prefix.size()) != prefix) return;
    for (const std::string& seen : out.matches)
      if (seen == option) return;  // a name in two rows is one option string
    out.matches.push_back(std::move(option));
    if (out.row == nullptr) out.row = &f, out.name = spelled, out.negated = negated;
  };
  for (const LaunchFlag& f : launch_flags(engine)) {
    if (!registered(engine, f, at)) continue;
    const bool negations = no_form && negatable(engine, f);
    tables::for_each_word(f.names, [&](std::string_view w) {
      consider(f, w, std::string(w), false);
      if (negations && w.substr(0, 2) == "--") consider(f, w, "--no-" + std::string(w.substr(2)), true);
    });
  }
  if (out.matches.size() != 1) out.row = nullptr, out.name = {}, out.negated = false;
  return out;
}

}  // namespace kvdtype::io::detail
