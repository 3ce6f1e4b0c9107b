// .kvdtype.toml / [tool.kvdtype] (config.hpp). toml++ header-only: nothing is loaded at run time
// (the CLI's start-up cost stays its own, docs/performance.md).
#define TOML_HEADER_ONLY 1
#include "config.hpp"

#include "bindings/face.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <sstream>

#include "kvdtype/io/pipeline.hpp"
#include "kvdtype/io/suppressions.hpp"
#include "kvdtype/rule.hpp"

namespace kvdtype::cli {
namespace {

namespace fs = std::filesystem;

// Every key the file takes, in the order the error message lists them.
constexpr std::string_view kKeys[] = {"engine", "engine-version", "gpu",     "fail-on",  "format",
                                      "ignore", "per-file-ignores", "include", "exclude", "max-files"};
constexpr std::size_t kMaxConfigBytes = 1u << 20;

std::string keys_list() {
  std::string s;
  for (std::string_view k : kKeys) s += (s.empty() ? "" : ", ") + std::string(k);
  return s;
}

Error bad(const fs::path& file, const std::string& what) {
  return Error{ErrorCode::bad_value, file.string() + ": " + what};
}

Result<std::string> string_value(const fs::path& file, std::string_view key, const toml::node& n) {
  if (const auto* s = n.as_string()) return std::string(s->get());
  return bad(file, "'" + std::string(key) + "' must be a string");
}

Result<std::vector<std::string>> strings(const fs::path& file, const std::string& key, const toml::node& n) {
  const auto* a = n.as_array();
  if (a == nullptr) return bad(file, "'" + key + "' must be an array of strings");
  std::vector<std::string> out;
  for (const toml::node& e : *a) {
    const auto* s = e.as_string();
    if (s == nullptr) return bad(file, "'" + key + "' must be an array of strings");
    out.emplace_back(s->get());
  }
  return out;
}

// Rule codes: each must name a rule (its nearest codes otherwise, as --ignore says).
std::optional<Error> check_codes(const fs::path& file, const std::string& key, const std::vector<std::string>& codes) {
  for (const std::string& c : codes)
    if (auto r = parse_rule_code(c); !r.ok()) return bad(file, "'" + key + "': " + r.error().message);
  return std::nullopt;
}

Result<Config> read_table(const fs::path& file, const toml::table& t) {
  Config c;
  c.path = file;
  for (const auto& [k, v] : t) {
    const std::string key(k.str());
    if (key == "engine" || key == "engine-version" || key == "gpu") {
      auto s = string_value(file, key, v);
      if (!s.ok()) return s.error();
      std::string field = key;
      std::replace(field.begin(), field.end(), '-', '_');
      c.fields[field] = *s;
    } else if (key == "fail-on") {
      auto s = string_value(file, key, v);
      if (!s.ok()) return s.error();
      if (auto f = io::parse_fail_on(*s); !f.ok()) return bad(file, "'fail-on': " + f.error().message.substr(f.error().message.find('\'')));
      c.fail_on = *s;
    } else if (key == "format") {
      auto s = string_value(file, key, v);
      if (!s.ok()) return s.error();
      if (auto f = io::parse_output_format(*s); !f.ok()) return bad(file, "'format': " + f.error().message);
      c.format = *s;
    } else if (key == "ignore" || key == "include" || key == "exclude") {
      auto list = strings(file, key, v);
      if (!list.ok()) return list.error();
      if (key == "ignore") {
        if (auto e = check_codes(file, key, *list)) return *e;
        c.ignore = *list;
      } else {
        (key == "include" ? c.include : c.exclude) = *list;
      }
    } else if (key == "per-file-ignores") {
      const auto* table = v.as_table();
      if (table == nullptr) return bad(file, "'per-file-ignores' must be a table of glob = [\"KVDnnn\", …]");
      for (const auto& [glob, codes] : *table) {
        const std::string where = "per-file-ignores '" + std::string(glob.str()) + "'";
        auto list = strings(file, where, codes);
        if (!list.ok()) return list.error();
        if (auto e = check_codes(file, where, *list)) return *e;
        c.per_path_ignores.emplace_back(std::string(glob.str()), std::move(list).value());
      }
    } else if (key == "max-files") {
      const auto* i = v.as_integer();
      if (i == nullptr || i->get() < 1) return bad(file, "'max-files' must be a whole number of 1 or more");
      c.max_files = static_cast<std::size_t>(i->get());
    } else {
      return bad(file, "unknown key '" + key + "'; valid: " + keys_list());
    }
  }
  return c;
}

// The file's table: the whole file, or [tool.kvdtype] of a pyproject.toml (nullptr when it has none).
Result<std::optional<Config>> read_file(const fs::path& file, bool required) {
  auto text = io::detail::read_regular_file(file, kMaxConfigBytes, "a kvdtype configuration");
  if (!text.ok()) return text.error();
  toml::table doc;
  try {
    doc = toml::parse(*text, file.string());
  } catch (const toml::parse_error& e) {
    return bad(file, "not TOML (line " + std::to_string(e.source().begin.line) + "): " + std::string(e.description()));
  }
  if (file.filename() == "pyproject.toml") {
    const toml::node_view<toml::node> tool = doc["tool"]["kvdtype"];
    if (!tool) {
      if (required) return bad(file, "no [tool.kvdtype] table");
      return std::optional<Config>();
    }
    if (!tool.is_table()) return bad(file, "[tool.kvdtype] must be a table");
    auto c = read_table(file, *tool.as_table());
    if (!c.ok()) return c.error();
    return std::optional<Config>(std::move(c).value());
  }
  auto c = read_table(file, doc);
  if (!c.ok()) return c.error();
  return std::optional<Config>(std::move(c).value());
}

// A result's file, relative to the configuration's directory (as its globs are written).
std::string relative_to(const fs::path& dir, const std::string& file) {
  std::error_code ec;
  const fs::path rel = fs::relative(fs::absolute(file, ec), dir, ec);
  if (ec || rel.empty()) return file;
  return rel.generic_string();
}

void ignore_in(io::Checked& checked, const Config& config, const std::string& file) {
  if (file.empty() || file == "-") return;
  const std::string rel = relative_to(config.path.parent_path(), file);
  std::vector<io::Suppression> found;
  for (const auto& [glob, codes] : config.per_path_ignores) {
    if (!io::detail::glob_matches(glob, rel)) continue;
    io::Suppression s;
    s.codes = codes;
    s.reason = "per-file-ignores \"" + glob + "\"";
    s.origin = "config";
    s.file = config.path.string();
    s.report_unused = false;
    found.push_back(std::move(s));
  }
  io::apply_suppressions(checked, found);
}

}  // namespace

Result<Config> load_config(const fs::path& start, const std::string& explicit_file, bool isolated) {
  if (!explicit_file.empty()) {
    auto c = read_file(explicit_file, true);
    if (!c.ok()) return Error{c.error().code, "--config " + c.error().message};
    return **c;
  }
  if (isolated) return Config{};
  std::error_code ec;
  fs::path dir = fs::absolute(start, ec);
  if (ec) return Config{};
  for (;;) {
    for (const char* name : {".kvdtype.toml", "pyproject.toml"}) {
      const fs::path file = dir / name;
      if (!fs::exists(file, ec)) continue;
      auto c = read_file(file, false);
      if (!c.ok()) return c.error();
      if (*c) return **c;
    }
    if (!dir.has_parent_path() || dir.parent_path() == dir) return Config{};
    dir = dir.parent_path();
  }
}

void apply_per_path_ignores(io::CheckOutcome& outcome, const Config& config, const io::CheckRequest& request) {
  if (config.per_path_ignores.empty()) return;
  if (outcome.one) {
    const std::vector<std::string> files = request.values(io::InputKind::command_file);
    const std::string file = outcome.source ? outcome.source->file : files.empty() ? "" : files.front();
    ignore_in(*outcome.one, config, file);
  }
  if (outcome.several)
    for (io::WorkloadResult& r : outcome.several->results)
      if (r.checked) ignore_in(*r.checked, config, r.source.file);
}

}  // namespace kvdtype::cli
