// Spot-checks: facts of the tables against quotes of the engines' own source at the release a
// row names (tests/data/spotchecks/<engine>.txt; the README there gives the format). The list is
// parsed out of the quote, so each answer is written once, in the engine's words.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/index.hpp"
#include "kvdtype/format.hpp"
#include "tables/rows/launch_flag.hpp"
#include "tables/tables.hpp"

namespace {

using namespace kvdtype;

const std::string kDir = std::string(KVDTYPE_TEST_DATA_DIR) + "/spotchecks/";

struct Fact {
  std::map<std::string, std::string> field;  // fact, engine, release, repo, path, at, check
  std::vector<std::string> snippet;
  int line = 0;
};

std::vector<Fact> read_facts(const std::string& file) {
  std::ifstream in(kDir + file);
  EXPECT_TRUE(in.good()) << file;
  std::vector<Fact> out;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    const auto colon = line.find(": ");
    if (colon == std::string::npos) {
      ADD_FAILURE() << file << ":" << n << ": not 'key: value'";
      continue;
    }
    const std::string key = line.substr(0, colon), value = line.substr(colon + 2);
    if (key == "fact") out.push_back({.line = n});
    if (out.empty()) continue;
    if (key == "snippet") out.back().snippet.push_back(value);
    else out.back().field[key] = value;
  }
  return out;
}

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> w;
  std::istringstream in{std::string(text)};
  for (std::string s; in >> s;) w.push_back(s);
  return w;
}

std::vector<std::string> all(const std::string& text, const std::regex& re, int group = 1) {
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[group].str());
  return out;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// What a quote lists, in the first shape it has: enum lines `NAME = 16` (LMDeploy's QuantPolicy,
// the values are the strings; `QuantPolicy.NAME` references resolve through them), quoted
// strings, GGML_TYPE_X (llama.cpp, lower-cased), QuantAlgo.X (TensorRT-LLM).
struct Quote {
  std::string text;
  std::map<std::string, std::string> enum_values;  // NAME -> value
  std::vector<std::string> items;
};

Quote parse(const Fact& f) {
  Quote q;
  for (const std::string& l : f.snippet) q.text += l + "\n";
  static const std::regex enum_line(R"(^\s*([A-Z][A-Z0-9_]*) = (\d+)\b)");
  for (const std::string& l : f.snippet) {
    std::smatch m;
    if (std::regex_search(l, m, enum_line)) q.enum_values[m[1].str()] = m[2].str();
  }
  const auto refs = all(q.text, std::regex(R"(QuantPolicy\.([A-Z0-9_]+))"));
  const auto quoted = all(q.text, std::regex(R"(["']([^"']+)["'])"));
  const auto ggml = all(q.text, std::regex(R"(GGML_TYPE_([A-Z0-9_]+))"));
  const auto algo = all(q.text, std::regex(R"(QuantAlgo\.([A-Z0-9_]+))"));
  if (!refs.empty()) {
    for (const std::string& r : refs) q.items.push_back(q.enum_values.count(r) ? q.enum_values[r] : "?" + r);
  } else if (!q.enum_values.empty() && quoted.empty()) {
    for (const auto& [name, value] : q.enum_values) q.items.push_back(value);
  } else if (!quoted.empty()) {
    q.items = quoted;
  } else if (!ggml.empty()) {
    for (const std::string& g : ggml) q.items.push_back(lower(g));
  } else {
    q.items = algo;
  }
  return q;
}

std::set<std::string> as_set(const std::vector<std::string>& v) { return {v.begin(), v.end()}; }

std::string text_of(const std::set<std::string>& s) {
  std::string out;
  for (const std::string& w : s) out += (out.empty() ? "" : " ") + w;
  return out;
}

// The release a fact stands for; "-": a row without a range (every release).
Version release_of(Engine e, const Fact& f) {
  const std::string r = f.field.at("release");
  if (r == "-") return {};
  auto v = parse_version(e, r);
  EXPECT_TRUE(v.ok()) << r;
  return v.ok() ? *v : Version{};
}

const CacheDtype* kv_row(Engine e, std::string_view word) {
  for (const CacheDtype& row : tables::engine_tables(e).vocabulary()) {
    if (row.name == word) return &row;
    for (const std::string& a : words_of(row.aliases))
      if (a == word) return &row;
  }
  return nullptr;
}

const Backend* backend_row(Engine e, std::string_view name) {
  for (const Backend& b : tables::engine_tables(e).backends()) {
    if (b.name == name) return &b;
    for (const std::string& a : words_of(b.aliases))
      if (a == name) return &b;
  }
  return nullptr;
}

// The user-facing strings of the release (names; all: names and aliases, internal rows too).
std::set<std::string> vocabulary_at(Engine e, const Version& v, bool with_aliases) {
  const detail::EngineIndex& ix = detail::engine_index(e);
  std::set<std::string> out;
  for (std::size_t i = 0; i < ix.vocabulary.size(); ++i) {
    const CacheDtype& row = ix.vocabulary[i];
    if (ix.vocabulary_ranges[i].at(v) != detail::ReleaseRange::In::yes) continue;
    if (row.internal && !with_aliases) continue;
    out.insert(std::string(row.name));
    if (with_aliases)
      for (const std::string& a : words_of(row.aliases)) out.insert(a);
  }
  return out;
}

// The element format a kv string names on an NVIDIA GPU.
std::string cuda_format(const CacheDtype& row) {
  switch (row.k_rule) {
    case FormatRule::fixed:
    case FormatRule::platform_fp8_on_rocm_else_fixed:
      return std::string(name(row.k_format));
    case FormatRule::platform_fp8_e4m3:
      return "float8_e4m3fn";
    default:
      return "(depends on the model)";
  }
}

void judge(Engine e, const Fact& f, const std::string& where) {
  const Quote q = parse(f);
  const std::vector<std::string> check = words_of(f.field.at("check"));
  std::map<std::string, std::string> enum_values = q.enum_values;
  ASSERT_FALSE(check.empty()) << where;
  // Checks of sizes and torch dtypes read their own shapes; the others compare the listed items.
  const bool own_shape = check[0] == "ggml_block" || (check[0] == "backend" && check.size() > 2 && check[2] != "kv");
  ASSERT_FALSE(q.items.empty() && !own_shape) << where << ": the quote lists nothing";
  const Version v = release_of(e, f);
  const std::set<std::string> quoted = as_set(q.items);

  if (check[0] == "vocabulary") {
    ASSERT_EQ(check.size(), 2u) << where;
    if (check[1] == "equals") {
      EXPECT_EQ(text_of(vocabulary_at(e, v, false)), text_of(quoted)) << where;
    } else {
      const auto have = vocabulary_at(e, v, true);
      for (const std::string& s : quoted) EXPECT_TRUE(have.count(s)) << where << ": " << s << " not in the table at this release";
    }
  } else if (check[0] == "backend") {
    ASSERT_GE(check.size(), 3u) << where;
    const Backend* b = backend_row(e, check[1]);
    ASSERT_NE(b, nullptr) << where << ": no backend row " << check[1];
    const std::string what = check[2];
    if (what == "kv") {
      ASSERT_EQ(check.size(), 4u) << where;
      const auto list = as_set(words_of(b->kv_cache_dtypes));
      if (check[3] == "equals") {
        EXPECT_EQ(text_of(list), text_of(quoted)) << where;
      }
      for (const std::string& s : quoted) {
        if (check[3] == "excludes") {
          EXPECT_FALSE(list.count(s)) << where << ": " << s;
        } else if (check[3] == "includes") {
          EXPECT_TRUE(list.count(s)) << where << ": " << s;
        }
      }
      // The release has each string, and the backend reads it there (no later kv_cache_dtypes_since).
      if (v.known && check[3] != "excludes") {
        const auto have = vocabulary_at(e, v, false);
        for (const std::string& s : quoted) EXPECT_TRUE(have.count(s)) << where << ": " << s << " not in the release";
        for (const std::string& since : words_of(b->kv_cache_dtypes_since)) {
          const auto colon = since.find(':');
          const std::string kv = since.substr(0, colon);
          std::string first = since.substr(colon + 1);
          if (const auto dots = first.find(".."); dots != std::string::npos) first = first.substr(dots + 2);
          auto fv = parse_version(e, first);
          ASSERT_TRUE(fv.ok()) << since;
          if (quoted.count(kv)) {
            EXPECT_FALSE(v < *fv) << where << ": " << kv << " only from " << first;
          }
        }
      }
    } else if (what == "model_dtypes") {
      // The value after "=", not the annotation (ClassVar[list[torch.dtype]]).
      const std::size_t eq = q.text.find(" = ");
      const auto torch = all(eq == std::string::npos ? q.text : q.text.substr(eq), std::regex(R"(torch\.([a-z0-9_]+))"));
      EXPECT_EQ(text_of(as_set(words_of(b->model_dtypes))), text_of(as_set(torch))) << where;
    } else if (what == "head_sizes" || what == "block_sizes") {
      std::set<std::string> ints;
      for (const std::string& inside : all(q.text, std::regex(R"(\[([^\]]*)\])")))
        for (const std::string& n : all(inside, std::regex(R"((\d+))"))) ints.insert(n);
      EXPECT_EQ(text_of(as_set(words_of(what == "head_sizes" ? b->head_sizes : b->block_sizes))), text_of(ints)) << where;
    } else {
      ADD_FAILURE() << where << ": unknown backend check " << what;
    }
  } else if (check[0] == "format") {
    const auto torch = all(q.text, std::regex(R"(torch\.([a-z0-9_]+))"));
    ASSERT_EQ(torch.size(), 1u) << where;
    for (const std::string& s : quoted) {
      const CacheDtype* row = kv_row(e, s);
      ASSERT_NE(row, nullptr) << where << ": " << s;
      EXPECT_EQ(cuda_format(*row), torch[0]) << where << ": " << s;
    }
  } else if (check[0] == "aliases") {
    // `_aliases = {p.name.lower(): p.value ...}`: each enum name, lower-cased, spells its value;
    // `_aliases['x'] = QuantPolicy.NAME.value`: x spells NAME's value.
    const auto explicit_aliases = all(q.text, std::regex(R"(\['([^']+)'\]\s*=\s*QuantPolicy\.([A-Z0-9_]+))"), 0);
    std::vector<std::pair<std::string, std::string>> pairs;  // alias, value
    if (q.text.find("p.name.lower()") != std::string::npos)
      for (const auto& [name, value] : q.enum_values) pairs.emplace_back(lower(name), value);
    for (const std::string& m : explicit_aliases) {
      std::smatch g;
      std::regex_search(m, g, std::regex(R"(\['([^']+)'\]\s*=\s*QuantPolicy\.([A-Z0-9_]+))"));
      pairs.emplace_back(g[1].str(), enum_values[g[2].str()]);
    }
    ASSERT_FALSE(pairs.empty()) << where;
    for (const auto& [alias, value] : pairs) {
      const CacheDtype* row = kv_row(e, alias);
      ASSERT_NE(row, nullptr) << where << ": " << alias;
      EXPECT_EQ(row->name, value) << where << ": " << alias;
    }
  } else if (check[0] == "ggml_block") {
    ASSERT_EQ(check.size(), 2u) << where;
    const auto n = all(q.text, std::regex(R"(#define QK\w+ (\d+))"));
    ASSERT_EQ(n.size(), 1u) << where;
    const CacheDtype* row = kv_row(e, check[1]);
    ASSERT_NE(row, nullptr) << where;
    EXPECT_EQ(std::to_string(format(row->k_format).block_size), n[0]) << where;
  } else if (check[0] == "default_kv") {
    ASSERT_EQ(q.items.size(), 1u) << where;
    EXPECT_EQ(tables::engine_tables(e).info.default_kv, q.items[0]) << where;
  } else if (check[0] == "backend_names") {
    for (const std::string& s : quoted) EXPECT_NE(backend_row(e, s), nullptr) << where << ": " << s;
  } else if (check[0] == "default_backend") {
    ASSERT_EQ(q.items.size(), 1u) << where;
    bool first = false;
    for (const SelectionOrder& o : tables::engine_tables(e).selection())
      if (!words_of(o.order).empty() && words_of(o.order)[0] == q.items[0]) first = true;
    EXPECT_TRUE(first) << where << ": no automatic order starts with " << q.items[0];
  } else if (check[0] == "flag") {
    std::set<std::string> spellings;
    for (const tables::LaunchFlag& lf : tables::engine_tables(e).launch_flags())
      for (const std::string& w : words_of(lf.names)) spellings.insert(w);
    for (std::string s : quoted) {
      if (!s.starts_with("-")) continue;  // help text, value hints
      std::replace(s.begin(), s.end(), '_', '-');
      EXPECT_TRUE(spellings.count(s)) << where << ": " << s;
    }
  } else {
    ADD_FAILURE() << where << ": unknown check " << check[0];
  }
}

void run(const std::string& file, Engine e) {
  const auto facts = read_facts(file);
  // The issue asks for at least ten facts per engine.
  EXPECT_GE(facts.size(), 10u) << file;
  for (const Fact& f : facts) {
    const std::string where = file + ":" + std::to_string(f.line) + " (" + f.field.at("fact") + ")";
    for (const char* key : {"engine", "release", "repo", "path", "at", "check"})
      ASSERT_TRUE(f.field.count(key)) << where << ": no " << key;
    ASSERT_FALSE(f.snippet.empty()) << where;
    EXPECT_EQ(f.field.at("engine"), engine_info(e).name) << where;
    judge(e, f, where);
  }
}

TEST(SpotChecks, VllmTablesAgreeWithItsSource) { run("vllm.txt", Engine::vllm); }
TEST(SpotChecks, SglangTablesAgreeWithItsSource) { run("sglang.txt", Engine::sglang); }
TEST(SpotChecks, TrtllmTablesAgreeWithItsSource) { run("trtllm.txt", Engine::trtllm); }
TEST(SpotChecks, LmdeployTablesAgreeWithItsSource) { run("lmdeploy.txt", Engine::lmdeploy); }
TEST(SpotChecks, LlamacppTablesAgreeWithItsSource) { run("llamacpp.txt", Engine::llamacpp); }

// The parser itself: a quote of a different list fails the comparison (the check can fail).
TEST(SpotChecks, AQuoteThatDisagreesFails) {
  Fact f;
  f.snippet = {R"(choices=["auto", "fp8_e5m2", "fp8_e4m3", "mxfp8"],)"};
  f.field["release"] = "0.5.4";
  const Quote q = parse(f);
  EXPECT_EQ(text_of(as_set(q.items)), "auto fp8_e4m3 fp8_e5m2 mxfp8");
  auto v = parse_version(Engine::sglang, "0.5.4");
  ASSERT_TRUE(v.ok());
  EXPECT_NE(text_of(vocabulary_at(Engine::sglang, *v, false)), text_of(as_set(q.items)));
  Fact g;
  g.snippet = {"FP8 = 16", "QuantPolicy.FP8: torch.float8_e4m3fn,"};
  EXPECT_EQ(parse(g).items, std::vector<std::string>{"16"});
}

}  // namespace
