// Engine config files (sources/launch/engine_config_file.hpp), read with yaml-cpp.
//
// vLLM (vllm/utils/argparse_utils.py FlexibleArgumentParser.load_config_file): the file must end
// in .yaml or .yml; each top-level key becomes `--key`; a true boolean is a bare switch, a false
// one is left out; a list is the flag followed by its items; anything else is `--key str(value)`.
// Keys may use dashes or underscores (the parser normalises underscores). The inserted flags come
// before the command line's, so an explicit flag on the command line wins.
// SGLang (python/sglang/srt/server_args_config_parser.py ConfigArgumentMerger, docs "Server
// Arguments"): a YAML (newer releases: or JSON) map of the same flag names, inserted after the
// subcommand "to maintain proper precedence: CLI > Config > Defaults".
#include "sources/launch/engine_config_file.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include "common/text.hpp"
#include "sources/files/read_file.hpp"
#include "sources/readers.hpp"
#include "tables/tables.hpp"

namespace kvdtype::io::detail {
namespace {

constexpr std::size_t kMaxConfigFileBytes = 1u << 20;

Error bad(const std::string& path, const std::string& why) {
  return Error{ErrorCode::bad_file, "--config " + kvdtype::detail::printable(path) + ": " + why};
}

bool starts_with(std::string_view s, std::string_view p) noexcept { return s.substr(0, p.size()) == p; }

// YAML aliases let a few bytes repeat a list many times, and lists of aliases multiply (9 levels
// of 10: 10^9 values from 500 bytes). The words a file gives are bounded by its own size instead.
struct Budget {
  std::size_t left;
  bool exceeded = false;
  bool spend(std::size_t n) {
    if (n > left) exceeded = true;
    else left -= n;
    return !exceeded;
  }
};

nlohmann::json to_json(const YAML::Node& n, int depth, Budget& budget) {
  if (depth > 32 || !budget.spend(1 + (n.IsScalar() ? n.Scalar().size() : 0))) return nullptr;
  switch (n.Type()) {
    case YAML::NodeType::Map: {
      nlohmann::json j = nlohmann::json::object();
      for (const auto& kv : n) {
        j[kv.first.as<std::string>()] = to_json(kv.second, depth + 1, budget);
        if (budget.exceeded) break;
      }
      return j;
    }
    case YAML::NodeType::Sequence: {
      nlohmann::json j = nlohmann::json::array();
      for (const auto& e : n) {
        j.push_back(to_json(e, depth + 1, budget));
        if (budget.exceeded) break;
      }
      return j;
    }
    case YAML::NodeType::Scalar: {
      const std::string s = n.Scalar();
      if (n.Tag() == "!") return s;  // quoted in the file: a string
      if (s == "true" || s == "True") return true;
      if (s == "false" || s == "False") return false;
      try {
        std::size_t used = 0;
        const long long i = std::stoll(s, &used);
        if (used == s.size()) return i;
        const double d = std::stod(s, &used);
        if (used == s.size()) return d;
      } catch (const std::exception&) {
      }
      return s;
    }
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined: break;
  }
  return nullptr;
}

// YAML 1.1 booleans as PyYAML's safe_load reads them (an unquoted scalar only).
std::optional<bool> yaml_bool(const YAML::Node& n) {
  if (!n.IsScalar() || n.Tag() == "!") return std::nullopt;
  const std::string s = kvdtype::detail::to_lower(n.Scalar());
  if (s == "true" || s == "yes" || s == "on") return true;
  if (s == "false" || s == "no" || s == "off") return false;
  return std::nullopt;
}

}  // namespace

Result<std::vector<std::string>> config_file_words(const std::string& path, Engine engine, std::span<const ScriptFile> files,
                                                   const LaunchOptions& options) {
  const std::string ext = path.substr(path.rfind('.') == std::string::npos ? path.size() : path.rfind('.') + 1);
  // YAML is a superset of JSON: one parser reads both.
  const tables::EngineTables& row = tables::engine_tables(engine);
  const bool json_too = row.behaviour.config_files == tables::ConfigFiles::yaml_or_json;
  if (ext != "yaml" && ext != "yml" && !(json_too && ext == "json"))
    return bad(path, std::string(row.info.display) +
                         (json_too ? " reads .yaml, .yml or .json config files" : " only reads .yaml / .yml config files"));
  std::string text;
  if (const ScriptFile* written = find_script_file(files, path)) {
    if (written->text.size() > kMaxConfigFileBytes) return bad(path, "written by the script, larger than 1 MiB");
    text = written->text;
  } else {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return bad(path, "no such file (it may set --kv-cache-dtype: cannot check without it)");
    if (std::filesystem::is_directory(path, ec)) return bad(path, "is a directory, not a config file");
    // Through its row (sources/readers.hpp), once per check, by the one file reader
    // (read_file.hpp): a FIFO named cfg.yaml blocked in open(), and a 1 MiB buffer was allocated
    // and zeroed for every file, however small.
    auto read = read_named_file(options, InputKind::engine_config, path);
    if (!read.ok()) return bad(path, read.error().message);
    text = std::move(read).value();
  }
  if (text.find('\0') != std::string::npos) return bad(path, "binary data, not YAML");
  std::vector<std::string> out;
  Budget budget{4 * text.size() + 4096};
  auto word = [&](std::string w) {
    budget.spend(w.size() + 1);
    out.push_back(std::move(w));
  };
  try {
    const YAML::Node root = YAML::Load(text);
    if (root.IsNull()) return out;  // an empty file sets nothing
    if (!root.IsMap()) return bad(path, "not a YAML map of flags (key: value)");
    for (const auto& kv : root) {
      if (!kv.first.IsScalar()) return bad(path, "a key that is not a flag name");
      std::string key = kv.first.Scalar();
      while (starts_with(key, "-")) key.erase(0, 1);
      if (key.empty()) return bad(path, "an empty key");
      const YAML::Node& v = kv.second;
      const std::string flag = "--" + key;
      if (v.IsNull()) continue;
      if (const auto b = yaml_bool(v)) {
        if (*b) word(flag);
      } else if (v.IsSequence()) {
        if (v.size() == 0) continue;
        word(flag);
        for (const auto& item : v) {
          word(item.IsScalar() ? item.Scalar() : to_json(item, 0, budget).dump());
          if (budget.exceeded) break;
        }
      } else {
        word(flag);
        word(v.IsScalar() ? v.Scalar() : to_json(v, 0, budget).dump());
      }
      if (budget.exceeded) return bad(path, "its values expand to more than 4 times its size (YAML aliases repeating a list?)");
    }
  } catch (const YAML::Exception& e) {
    // yaml-cpp's message may quote a raw byte of the file ("unknown escape character: ").
    return bad(path, "invalid YAML at line " + std::to_string(e.mark.line + 1) + ": " + kvdtype::detail::printable(e.msg));
  } catch (const std::exception& e) {
    return bad(path, "cannot be read: " + kvdtype::detail::printable(e.what()));
  }
  return out;
}

Result<std::vector<std::string>> splice_config_files(std::vector<std::string> w, std::size_t args_at,
                                                     bool positional_model, Engine engine, std::string* file_read,
                                                     std::vector<std::string>* unread, std::span<const ScriptFile> files,
                                                     bool open_files, const LaunchOptions& options) {
  if (tables::engine_tables(engine).behaviour.config_files == tables::ConfigFiles::none) return w;
  std::vector<std::string> inserted;
  bool found = false;
  for (std::size_t k = args_at; k < w.size();) {
    std::string file;
    std::size_t take = 0;
    if (w[k] == "--config") {
      if (k + 1 >= w.size() || starts_with(w[k + 1], "-"))
        return Error{ErrorCode::bad_command, "--config needs a file, but " +
                                                 std::string(k + 1 >= w.size() ? "it ends the command" : "it is followed by a flag")};
      file = w[k + 1];
      take = 2;
    } else if (starts_with(w[k], "--config=")) {
      file = w[k].substr(9);
      take = 1;
    }
    if (take == 0) {
      ++k;
      continue;
    }
    // vLLM asserts a single --config; SGLang reads one file. A second is refused as vLLM does.
    if (found) return Error{ErrorCode::bad_command, "more than one --config file (the engine reads one)"};
    found = true;
    // A path still holding `$` was never set (`--config $CFG`): the file is unknown, as one on
    // another machine is — never "no such file".
    const bool unset = file.find('$') != std::string::npos;
    if ((!open_files || unset) && unread != nullptr && find_script_file(files, file) == nullptr) {
      unread->push_back("--config " + file);
      w.erase(w.begin() + static_cast<std::ptrdiff_t>(k), w.begin() + static_cast<std::ptrdiff_t>(k + take));
      continue;
    }
    auto words = config_file_words(file, engine, files, options);
    if (!words.ok()) return words.error();
    inserted = std::move(words).value();
    if (file_read != nullptr) *file_read = file;
    w.erase(w.begin() + static_cast<std::ptrdiff_t>(k), w.begin() + static_cast<std::ptrdiff_t>(k + take));
  }
  if (!found || inserted.empty()) return w;
  std::size_t at = args_at;
  if (positional_model && at < w.size() && !starts_with(w[at], "-")) ++at;  // after `serve MODEL`
  w.insert(w.begin() + static_cast<std::ptrdiff_t>(at), inserted.begin(), inserted.end());
  return w;
}

}  // namespace kvdtype::io::detail
