// The installed engine read as a second source (issue 25 item 2): the Python tokenizer, the fact
// readers on real snippets of three releases per engine (tests/data/installed/README.md names
// each snippet's repository, path and commit), the diff against the tables, and a fake installed
// vLLM newer than the tables judged by its own lists.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <deque>
#include <cstdlib>
#include <optional>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "kvdtype/io/findings.hpp"
#include "kvdtype/io/installed_source.hpp"
#include "kvdtype/io/pipeline.hpp"
#include "sources/installed/python_facts.hpp"
#include "sources/installed/python_tokens.hpp"

namespace {

namespace fs = std::filesystem;
namespace py = kvdtype::detail::py;
using namespace kvdtype;
using Strings = std::vector<std::string>;

const fs::path kSnippets = fs::path(KVDTYPE_TEST_DATA_DIR) / "installed";

// Tokens view their source text: the sources are kept for the whole test program.
std::vector<py::Token> tokens(const std::string& text) {
  static std::deque<std::string> sources;
  const std::string& src = sources.emplace_back(text);
  auto t = py::tokenize(src);
  EXPECT_TRUE(t.ok()) << (t.ok() ? "" : t.error().message);
  return t.ok() ? *t : std::vector<py::Token>{};
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// ---- the tokenizer -------------------------------------------------------------------------

TEST(PythonTokens, StringsWithPrefixesTripleQuotesAndEscapes) {
  const auto t = tokens("a = [r'x\\'y', b\"by\", f\"{v}\", '''one ' \"two\"\nthree''', \"tab\\tq\\\"\"]\n");
  std::vector<const py::Token*> s;
  for (const py::Token& x : t)
    if (x.kind == py::Tok::string) s.push_back(&x);
  ASSERT_EQ(s.size(), 5U);
  EXPECT_EQ(s[0]->value, "x\\'y");  // raw: the backslash stays, the quote does not end it
  EXPECT_TRUE(s[1]->bytes);
  EXPECT_TRUE(s[2]->formatted);
  EXPECT_EQ(s[3]->value, "one ' \"two\"\nthree");
  EXPECT_EQ(s[4]->value, "tab\tq\"");
}

TEST(PythonTokens, CommentsBracketsAndContinuationsMakeOneLogicalLine) {
  const auto t = tokens("x = [  # it's a comment with a quote\n  \"a\",\n  \"b\"]\ny = 1 + \\\n  2\n");
  int newlines = 0;
  for (const py::Token& x : t) newlines += x.kind == py::Tok::newline;
  EXPECT_EQ(newlines, 2);  // the list's line breaks and the backslash join lines
  ASSERT_FALSE(t.empty());
  EXPECT_EQ(t.back().kind, py::Tok::newline);
  auto r = py::module_strings(t, "x");
  ASSERT_TRUE(r.list);
  EXPECT_EQ(r.list->values, (Strings{"a", "b"}));
  EXPECT_EQ(r.list->line, 1U);
}

TEST(PythonTokens, IndentationIsRecordedPerLogicalLine) {
  const auto t = tokens("class A:\n    x = [\n1]\n    def f(self):\n        return 2\n");
  int checked = 0;
  for (const py::Token& x : t) {
    if (x.kind == py::Tok::number && x.text == "1") {
      EXPECT_EQ(x.indent, 4U);  // inside x's logical line, whatever column it sits at
      ++checked;
    }
    if (x.kind == py::Tok::name && x.text == "return") {
      EXPECT_EQ(x.indent, 8U);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 2);
}

TEST(PythonTokens, BadInputIsAnErrorNamingTheLine) {
  auto a = py::tokenize("x = 1\ny = 'open\n");
  ASSERT_FALSE(a.ok());
  EXPECT_NE(a.error().message.find("line 2: unterminated string"), std::string::npos) << a.error().message;
  auto b = py::tokenize("x = [1, 2)\n");
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().message.find("unbalanced ')'"), std::string::npos);
  auto c = py::tokenize("x = (1,\n");
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().message.find("'(' never closed"), std::string::npos);
  auto d = py::tokenize("'''never ends\n\n");
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.error().message.find("line 1"), std::string::npos);
}

TEST(PythonTokens, LimitsAreEnforced) {
  auto big = py::tokenize(std::string(100, 'x'), {.max_bytes = 99, .max_tokens = 1000});
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().message.find("larger than 99 bytes"), std::string::npos);
  auto many = py::tokenize("a b c d e f\n", {.max_bytes = 1000, .max_tokens = 4});
  ASSERT_FALSE(many.ok());
  EXPECT_NE(many.error().message.find("more than 4 tokens"), std::string::npos);
}

// ---- unknown shapes: a problem with its line, never a guess --------------------------------

TEST(PythonFacts, UnknownShapesAreProblemsNotGuesses) {
  auto star = py::literal_alias(tokens("\n\nCacheDType = Literal[*BASE, \"x\"]\n"), "CacheDType");
  EXPECT_FALSE(star.list);
  EXPECT_FALSE(star.missing);
  EXPECT_EQ(star.problem_line, 3U);
  EXPECT_NE(star.problem.find("is not a string literal"), std::string::npos) << star.problem;

  auto call = py::literal_alias(tokens("CacheDType = make_literal()\n"), "CacheDType");
  EXPECT_NE(call.problem.find("not a Literal[...]"), std::string::npos);

  auto fstr = py::module_strings(tokens("X = [f\"fp{n}\"]\n"), "X");
  EXPECT_FALSE(fstr.list);
  EXPECT_FALSE(fstr.problem.empty());

  auto computed = py::option_choices(tokens("p.add_argument(\"--kv-cache-dtype\", choices=list(KINDS))\n"), "--kv-cache-dtype", "");
  EXPECT_FALSE(computed.list);
  EXPECT_FALSE(computed.problem.empty());

  auto absent = py::literal_alias(tokens("Other = Literal[\"a\"]\n"), "CacheDType");
  EXPECT_TRUE(absent.missing);

  // A head-size method with logic is a problem, never the first list it returns.
  const auto cls = py::backend_classes(tokens(
      "class B:\n    @staticmethod\n    def get_name() -> str:\n        return \"B\"\n"
      "    @classmethod\n    def get_supported_head_sizes(cls):\n        if x:\n            return [64]\n        return [64, 128]\n"));
  ASSERT_EQ(cls.size(), 1U);
  EXPECT_FALSE(cls[0].head_sizes.list);
  EXPECT_EQ(cls[0].head_sizes.problem_line, 6U);
}

TEST(PythonFacts, DictKeysAndModuleChoices) {
  auto d = py::module_strings(tokens("STR_DTYPE_TO_TORCH_DTYPE = {\n  \"half\": torch.half,\n  \"fp8\": torch.uint8,\n}\n"),
                              "STR_DTYPE_TO_TORCH_DTYPE");
  ASSERT_TRUE(d.list);
  EXPECT_EQ(d.list->values, (Strings{"half", "fp8"}));
}

// ---- real snippets: vLLM ---------------------------------------------------------------------

struct VllmSnapshot {
  const char* dir;
  Strings strings;
  unsigned strings_line;
  const char* strings_file;
};

TEST(InstalledSnippets, VllmCacheDTypeOfThreeReleases) {
  const VllmSnapshot snaps[] = {
      {"2025-07-19_d1fb65bde", {"auto", "fp8", "fp8_e4m3", "fp8_e5m2", "fp8_inc"}, 1571, "vllm/config.py"},
      {"2025-12-15_87b4d1557", {"auto", "bfloat16", "fp8", "fp8_e4m3", "fp8_e5m2", "fp8_inc", "fp8_ds_mla"}, 23, "vllm/config/cache.py"},
      {"2026-08-06_81be2e09a",
       {"auto", "float16", "bfloat16", "fp8", "fp8_e4m3", "fp8_e5m2", "fp8_inc", "fp8_ds_mla", "turboquant_k8v4",
        "turboquant_4bit_nc", "turboquant_k3v4_nc", "turboquant_3bit_nc", "int4_per_token_head", "int8_per_token_head",
        "fp8_per_token_head", "nvfp4"},  // nvfp4_ds_mla and nvfp4_4over6 came after this commit
       19, "vllm/config/cache.py"},
  };
  for (const VllmSnapshot& s : snaps) {
    auto f = io::read_installed_source(Engine::vllm, (kSnippets / "vllm" / s.dir).string());
    ASSERT_TRUE(f.ok()) << s.dir << ": " << f.error().message;
    ASSERT_TRUE(f->vocabulary) << s.dir;
    EXPECT_EQ(f->vocabulary->values, s.strings) << s.dir;
    EXPECT_EQ(f->vocabulary->file, s.strings_file) << s.dir;
    EXPECT_EQ(f->vocabulary->line, s.strings_line) << s.dir;
  }
}

const io::InstalledBackend* backend(const io::InstalledFacts& f, std::string_view name) {
  for (const io::InstalledBackend& b : f.backends)
    if (b.name == name) return &b;
  return nullptr;
}

TEST(InstalledSnippets, VllmBackendClassesOfThreeReleases) {
  // v0.9/v0.10 era: a backend class with a literal head-size list and no declared kv list (the
  // class attributes came with vllm#24794).
  auto a = io::read_installed_source(Engine::vllm, (kSnippets / "vllm" / "2025-07-19_d1fb65bde").string());
  ASSERT_TRUE(a.ok());
  const io::InstalledBackend* old = backend(*a, "FLASHINFER_VLLM_V1");
  ASSERT_NE(old, nullptr);
  EXPECT_FALSE(old->kv_cache_dtypes);
  ASSERT_TRUE(old->head_sizes);
  EXPECT_EQ(old->head_sizes->values, (Strings{"64", "128", "256"}));
  EXPECT_EQ(old->head_sizes->line, 50U);

  // 2025-12: FLASHINFER declares its lists; FLASH_ATTN declares none and decides in methods.
  auto b = io::read_installed_source(Engine::vllm, (kSnippets / "vllm" / "2025-12-15_87b4d1557").string());
  ASSERT_TRUE(b.ok());
  const io::InstalledBackend* fi = backend(*b, "FLASHINFER");
  ASSERT_NE(fi, nullptr);
  ASSERT_TRUE(fi->kv_cache_dtypes);
  EXPECT_EQ(fi->kv_cache_dtypes->values, (Strings{"auto", "fp8", "fp8_e4m3", "fp8_e5m2"}));
  EXPECT_EQ(fi->kv_cache_dtypes->line, 280U);
  ASSERT_TRUE(fi->model_dtypes);
  EXPECT_EQ(fi->model_dtypes->values, (Strings{"float16", "bfloat16"}));
  ASSERT_TRUE(fi->block_sizes);
  EXPECT_EQ(fi->block_sizes->values, (Strings{"16", "32", "64"}));
  ASSERT_TRUE(fi->head_sizes);
  EXPECT_EQ(fi->head_sizes->values, (Strings{"64", "128", "256"}));
  EXPECT_TRUE(fi->gates.empty());
  const io::InstalledBackend* fa = backend(*b, "FLASH_ATTN");
  ASSERT_NE(fa, nullptr);
  EXPECT_FALSE(fa->kv_cache_dtypes);
  EXPECT_EQ(fa->gates, (Strings{"supports_head_size (line 142)", "supports_kv_cache_dtype (line 146)"}));

  // 2026-08: FLASHINFER takes nvfp4 behind a supports_kv_cache_dtype override; heads up to 512.
  auto h = io::read_installed_source(Engine::vllm, (kSnippets / "vllm" / "2026-08-06_81be2e09a").string());
  ASSERT_TRUE(h.ok());
  const io::InstalledBackend* fi2 = backend(*h, "FLASHINFER");
  ASSERT_NE(fi2, nullptr);
  ASSERT_TRUE(fi2->kv_cache_dtypes);
  EXPECT_EQ(fi2->kv_cache_dtypes->values, (Strings{"auto", "float16", "bfloat16", "fp8", "fp8_e4m3", "fp8_e5m2", "nvfp4"}));
  EXPECT_EQ(fi2->gates, (Strings{"supports_kv_cache_dtype (line 447)"}));
  ASSERT_TRUE(fi2->head_sizes);
  EXPECT_EQ(fi2->head_sizes->values, (Strings{"64", "128", "256", "512"}));
  EXPECT_EQ(fi2->head_sizes->line, 459U);
  const io::InstalledBackend* fa2 = backend(*h, "FLASH_ATTN");
  ASSERT_NE(fa2, nullptr);
  ASSERT_TRUE(fa2->kv_cache_dtypes);
  EXPECT_EQ(fa2->kv_cache_dtypes->values, (Strings{"auto", "float16", "bfloat16", "fp8", "fp8_e4m3"}));
  EXPECT_EQ(fa2->kv_cache_dtypes->file, "vllm/v1/attention/backends/flash_attn.py");
  EXPECT_EQ(fa2->gates.size(), 2U);  // the list is declared, not the whole truth
}

TEST(InstalledSnippets, VllmStorageMapOfThreeReleases) {
  const std::tuple<const char*, const char*, unsigned, std::size_t> snaps[] = {
      {"2025-07-19_d1fb65bde", "vllm/utils/__init__.py", 174, 8},
      {"2025-12-15_87b4d1557", "vllm/utils/torch_utils.py", 28, 11},
      {"2026-08-06_81be2e09a", "vllm/utils/torch_utils.py", 33, 19},
  };
  for (const auto& [dir, file, line, entries] : snaps) {
    auto f = io::read_installed_source(Engine::vllm, (kSnippets / "vllm" / dir).string());
    ASSERT_TRUE(f.ok()) << dir;
    ASSERT_TRUE(f->storage) << dir;
    EXPECT_EQ(f->storage->file, file) << dir;
    EXPECT_EQ(f->storage->line, line) << dir;
    EXPECT_EQ(f->storage->values.size(), entries) << dir;
    EXPECT_NE(std::find(f->storage->values.begin(), f->storage->values.end(), "fp8_e4m3=uint8"), f->storage->values.end()) << dir;
    EXPECT_NE(std::find(f->storage->values.begin(), f->storage->values.end(), "fp8_inc=float8_e4m3fn"), f->storage->values.end()) << dir;
  }
  // The newest: the tables' storage rules agree with the installed map for every string both name.
  auto h = io::read_installed_source(Engine::vllm, (kSnippets / "vllm" / "2026-08-06_81be2e09a").string());
  ASSERT_TRUE(h.ok());
  const io::InstalledDiff d = io::diff_installed(*h);
  EXPECT_EQ(d.storage_at, "vllm/utils/torch_utils.py:33");
  EXPECT_TRUE(d.storage.empty()) << d.storage.front();
  // A map entry that is no dtype name is a problem, not a guess.
  auto bad = py::string_map(tokens("M = {\"fp8\": pick(8)}\n"), "M");
  EXPECT_FALSE(bad.list);
  EXPECT_EQ(bad.problem_line, 1U);
}

// ---- real snippets: SGLang and llama.cpp ---------------------------------------------------

TEST(InstalledSnippets, SglangChoicesOfThreeReleases) {
  const Strings six = {"auto", "fp8_e5m2", "fp8_e4m3", "bf16", "bfloat16", "fp4_e2m1"};
  struct Snap {
    const char* dir;
    Strings strings;
    unsigned line;
    std::size_t backends;
    const char* newest_backend;
  } snaps[] = {
      {"v0.5.5_0c006b88", six, 2044, 17, "intel_xpu"},
      {"2026-02-17_34d975b1", six, 3062, 17, "intel_xpu"},
      {"2026-07-20_8905cbd42", {"auto", "fp8_e5m2", "fp8_e4m3", "mxfp8", "bf16", "bfloat16", "nvfp4", "fp4_mx_block16", "fp4_e2m1"}, 616, 22,
       "tokenspeed_mla"},
  };
  for (const Snap& s : snaps) {
    auto f = io::read_installed_source(Engine::sglang, (kSnippets / "sglang" / s.dir).string());
    ASSERT_TRUE(f.ok()) << s.dir << ": " << f.error().message;
    ASSERT_TRUE(f->vocabulary) << s.dir;
    EXPECT_EQ(f->vocabulary->values, s.strings) << s.dir;
    EXPECT_EQ(f->vocabulary->line, s.line) << s.dir;
    EXPECT_EQ(f->backends.size(), s.backends) << s.dir;
    EXPECT_NE(backend(*f, s.newest_backend), nullptr) << s.dir;
    EXPECT_NE(backend(*f, "fa3"), nullptr) << s.dir;
    EXPECT_TRUE(f->notes.empty()) << s.dir << ": " << (f->notes.empty() ? "" : f->notes.front());
  }
}

TEST(InstalledSnippets, LlamaCppKvCacheTypesOfThreeBuilds) {
  const Strings nine = {"f32", "f16", "bf16", "q8_0", "q4_0", "q4_1", "iq4_nl", "q5_0", "q5_1"};
  const std::pair<const char*, unsigned> builds[] = {{"b4317", 148}, {"b5709", 819}, {"b8914", 384}};
  for (const auto& [tag, line] : builds) {
    auto f = io::read_installed_source(Engine::llamacpp, (kSnippets / "llamacpp" / tag).string());
    ASSERT_TRUE(f.ok()) << tag << ": " << f.error().message;
    ASSERT_TRUE(f->vocabulary) << tag;
    EXPECT_EQ(f->vocabulary->values, nine) << tag;
    EXPECT_EQ(f->vocabulary->line, line) << tag;
  }
  // A commented-out entry is not an entry.
  auto r = py::ggml_type_list("const std::vector<ggml_type> kv_cache_types = {\n  GGML_TYPE_F16, // GGML_TYPE_Q2_K,\n  /* GGML_TYPE_Q3_K, */ GGML_TYPE_Q8_0,\n};\n",
                              "kv_cache_types");
  ASSERT_TRUE(r.list);
  EXPECT_EQ(r.list->values, (Strings{"f16", "q8_0"}));
}

TEST(InstalledSnippets, AWrongRootIsAnError) {
  auto f = io::read_installed_source(Engine::vllm, (kSnippets / "sglang" / "v0.5.5_0c006b88").string());
  ASSERT_FALSE(f.ok());
  EXPECT_NE(f.error().message.find("holds none of the vLLM source files"), std::string::npos) << f.error().message;
  auto t = io::read_installed_source(Engine::trtllm, kSnippets.string());
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.error().message.find("no rows for"), std::string::npos);
}

// ---- the diff against the tables ---------------------------------------------------------------

TEST(InstalledDiff, NamesWhatTheTablesLackAndWhatTheReleaseLacks) {
  auto b = io::read_installed_source(Engine::vllm, (kSnippets / "vllm" / "2025-12-15_87b4d1557").string());
  ASSERT_TRUE(b.ok());
  const io::InstalledDiff d = io::diff_installed(*b);
  EXPECT_TRUE(d.strings.added.empty());
  EXPECT_NE(std::find(d.strings.removed.begin(), d.strings.removed.end(), "nvfp4"), d.strings.removed.end());
  EXPECT_EQ(d.vocabulary_at, "vllm/config/cache.py:23");
  bool flash_attn_gated = false;
  for (const auto& c : d.changed)
    if (c.name == "FLASH_ATTN") flash_attn_gated = !c.gates.empty();
  EXPECT_TRUE(flash_attn_gated);

  // SGLang v0.5.5 lacks three strings kvdtype accepts for every release (issue 25).
  auto s = io::read_installed_source(Engine::sglang, (kSnippets / "sglang" / "v0.5.5_0c006b88").string());
  ASSERT_TRUE(s.ok());
  const io::InstalledDiff sd = io::diff_installed(*s);
  EXPECT_EQ(sd.strings.removed, (Strings{"mxfp8", "nvfp4", "fp4_mx_block16"}));
  // "nsa" is the dsa row's alias: neither added nor removed.
  EXPECT_EQ(std::find(sd.backends.added.begin(), sd.backends.added.end(), "nsa"), sd.backends.added.end());

  const std::string text = io::render_installed_diff(sd, false);
  EXPECT_NE(text.find("kv-cache strings (sglang/srt/server_args.py:2044): -mxfp8 -nvfp4 -fp4_mx_block16"), std::string::npos) << text;
  const std::string json = io::render_installed_diff(sd, true);
  EXPECT_NE(json.find("\"kind\": \"kvdtype.installed-diff/v1\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"fp4_mx_block16\""), std::string::npos);
}

// ---- a fake installed vLLM newer than the tables ---------------------------------------------

class FakeVenv : public ::testing::Test {
 protected:
  void SetUp() override {
    root = fs::temp_directory_path() / ("kvdtype-installed-src-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root);
    if (const char* v = std::getenv("VIRTUAL_ENV")) saved = v;
  }
  void TearDown() override {
    if (saved) ::setenv("VIRTUAL_ENV", saved->c_str(), 1);
    else ::unsetenv("VIRTUAL_ENV");
    fs::remove_all(root);
  }
  // A venv holding vLLM `version` built from the 2026-08 snippets; its CacheDType is the
  // snippet's with fp8_inc taken out and one string of its own put in.
  void install(const std::string& version) {
    const fs::path site = root / "lib" / "python3.12" / "site-packages";
    const fs::path snap = kSnippets / "vllm" / "2026-08-06_81be2e09a";
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(snap)) {
      if (!e.is_regular_file()) continue;
      const fs::path to = site / e.path().lexically_relative(snap);
      fs::create_directories(to.parent_path());
      std::string text = slurp(e.path());
      if (to.filename() == "cache.py") {
        const std::string old = "    \"fp8_inc\",\n";
        const std::size_t at = text.find(old);
        ASSERT_NE(at, std::string::npos);
        text.replace(at, old.size(), "    \"int2_per_token_head\",\n");
      }
      std::ofstream(to, std::ios::binary) << text;
    }
    fs::create_directories(site / ("vllm-" + version + ".dist-info"));
    std::ofstream(site / ("vllm-" + version + ".dist-info") / "METADATA") << "Metadata-Version: 2.1\nName: vllm\nVersion: " << version << "\n\n";
    ::setenv("VIRTUAL_ENV", root.c_str(), 1);
  }
  static io::CheckInput request(const std::string& kv) {
    io::CheckInput in;
    in.fields.engine = "vllm";
    in.fields.engine_version = "auto";
    in.fields.gpu = "H100";
    in.fields.model_dtype = "bfloat16";
    in.fields.kv_cache_dtype = kv;
    return in;
  }
  static bool noted(const io::Checked& c, std::string_view what) {
    for (const std::string& n : c.extras.notes)
      if (n.find(what) != std::string::npos) return true;
    return false;
  }
  static const io::InputDiagnostic* input_finding(const io::Checked& c, std::string_view code) {
    for (const io::InputDiagnostic& d : c.extras.input_diagnostics)
      if (d.rule != nullptr && d.rule->code == code) return &d;
    return nullptr;
  }
  fs::path root;
  std::optional<std::string> saved;
};

TEST_F(FakeVenv, AStringOnlyTheInstalledListHasIsAcceptedWithANote) {
  install("0.34.0");
  auto c = io::check_input(request("int2_per_token_head"));
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_TRUE(noted(*c, "'int2_per_token_head' is accepted by the installed vLLM 0.34.0")) << c->extras.notes.size();
  EXPECT_TRUE(noted(*c, "vllm/config/cache.py:19"));
  const io::InputDiagnostic* skipped = input_finding(*c, "KVD080");
  ASSERT_NE(skipped, nullptr);  // its formats are unknown: incomplete, never a silent yes
  EXPECT_EQ(skipped->severity, Severity::warning);
  EXPECT_EQ(input_finding(*c, "KVD001"), nullptr);
  EXPECT_EQ(io::verdict(io::findings(*c)), Verdict::incomplete);
}

TEST_F(FakeVenv, AStringTheInstalledListLacksIsRejected) {
  install("0.34.0");
  auto c = io::check_input(request("fp8_inc"));  // in the tables, not in this release's CacheDType
  ASSERT_TRUE(c.ok()) << c.error().message;
  const io::InputDiagnostic* refused = input_finding(*c, "KVD001");
  ASSERT_NE(refused, nullptr);
  EXPECT_NE(refused->message.find("vllm/config/cache.py:19"), std::string::npos) << refused->message;
  EXPECT_NE(refused->message.find("vLLM 0.34.0"), std::string::npos);
  EXPECT_EQ(io::verdict(io::findings(*c)), Verdict::error);
}

TEST_F(FakeVenv, AStringBothKnowIsJudgedByTheTablesWithTheSourceNoted) {
  install("0.34.0");
  auto c = io::check_input(request("fp8_e4m3"));
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_TRUE(noted(*c, "kv-cache dtype 'fp8_e4m3' is one of the installed vLLM 0.34.0's strings"));
  EXPECT_EQ(input_finding(*c, "KVD001"), nullptr);
  EXPECT_EQ(input_finding(*c, "KVD080"), nullptr);
  EXPECT_NE(c->report.plan.requested, nullptr);  // the tables' row planned it
}

TEST_F(FakeVenv, AReleaseTheTablesKnowIsJudgedByTheTablesAlone) {
  install("0.31.0");
  auto c = io::check_input(request("fp8_inc"));
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_FALSE(noted(*c, "installed source"));
  EXPECT_EQ(input_finding(*c, "KVD001"), nullptr);
}

}  // namespace
