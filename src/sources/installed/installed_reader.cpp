// read_installed_source (kvdtype/io/installed_source.hpp): the installed-sources table's rows
// applied under one root. Files are read through the one safe reader with a size cap and
// tokenized with a token cap; a directory walk is bounded in files and depth. Anything that
// cannot be read becomes a note naming the file and line, never a default.
#include <algorithm>
#include <filesystem>
#include <set>

#include "common/text.hpp"
#include "kvdtype/io/installed_source.hpp"
#include "sources/files/read_file.hpp"
#include "sources/installed/installed_rows.hpp"
#include "sources/installed/python_facts.hpp"

namespace kvdtype::io {
namespace {

namespace fs = std::filesystem;
using kvdtype::detail::InstalledFact;
using kvdtype::detail::InstalledSourceRow;

constexpr std::size_t kMaxFileBytes = 4u << 20;  // vLLM's largest module is about 300 KiB
constexpr std::size_t kMaxWalkedFiles = 20000;   // a vllm/models tree holds a few thousand
constexpr int kMaxWalkDepth = 12;

std::vector<std::string_view> words(std::string_view s) { return kvdtype::detail::split_words(s); }

struct Reader {
  fs::path root;
  InstalledFacts& facts;

  std::string rel(const fs::path& p) const { return p.lexically_relative(root).generic_string(); }

  // The file's text, or a note and nullopt.
  std::optional<std::string> text(const fs::path& p) {
    auto r = detail::read_regular_file_problem(p, kMaxFileBytes, "an engine source file");
    if (!r.ok()) {
      facts.notes.push_back("could not read " + rel(p) + ": " + r.error().message);
      return std::nullopt;
    }
    return std::move(*r);
  }

  std::optional<std::vector<kvdtype::detail::py::Token>> tokens(const fs::path& p, const std::string& src) {
    auto t = kvdtype::detail::py::tokenize(src);
    if (!t.ok()) {
      facts.notes.push_back("could not read " + rel(p) + ": " + t.error().message);
      return std::nullopt;
    }
    return std::move(*t);
  }

  std::optional<InstalledList> found(const kvdtype::detail::py::Read& r, const fs::path& p, std::string_view what) {
    if (r.list) return InstalledList{r.list->values, rel(p), r.list->line};
    if (!r.missing) facts.notes.push_back("could not read " + std::string(what) + " in " + rel(p) + ":" + std::to_string(r.problem_line) + " (" + r.problem + ")");
    return std::nullopt;
  }

  // The existing files of a row's paths (directories are not files here).
  std::vector<fs::path> files(const InstalledSourceRow& row) const {
    std::vector<fs::path> out;
    std::error_code ec;
    for (std::string_view w : words(row.paths))
      if (!w.ends_with('/') && fs::is_regular_file(root / fs::path(std::string(w)), ec)) out.push_back(root / fs::path(std::string(w)));
    return out;
  }

  void vocabulary(const InstalledSourceRow& row) {
    const std::vector<fs::path> candidates = files(row);
    const std::string what = row.fact == InstalledFact::vocabulary_literal ? std::string(row.name) + " (the kv-cache strings)"
                             : row.fact == InstalledFact::vocabulary_ggml  ? std::string(row.name) + " (the -ctk/-ctv types)"
                                                                           : std::string(row.option) + " choices";
    for (const fs::path& p : candidates) {
      auto src = text(p);
      if (!src) return;
      kvdtype::detail::py::Read r;
      if (row.fact == InstalledFact::vocabulary_ggml) {
        r = kvdtype::detail::py::ggml_type_list(*src, row.name);
      } else {
        auto t = tokens(p, *src);
        if (!t) return;
        r = row.fact == InstalledFact::vocabulary_literal ? kvdtype::detail::py::literal_alias(*t, row.name)
                                                          : kvdtype::detail::py::option_choices(*t, row.option, row.name);
      }
      if (!r.missing) {
        facts.vocabulary = found(r, p, what);
        return;
      }
    }
    facts.notes.push_back("could not read " + what + ": not found in " + std::string(row.paths) + " under " + root.string());
  }

  void storage_map(const InstalledSourceRow& row) {
    for (const fs::path& p : files(row)) {
      auto src = text(p);
      if (!src) return;
      auto t = tokens(p, *src);
      if (!t) return;
      const kvdtype::detail::py::Read r = kvdtype::detail::py::string_map(*t, row.name);
      if (r.missing) continue;
      facts.storage = found(r, p, row.name);
      return;
    }
    facts.notes.push_back("could not read " + std::string(row.name) + ": not found in " + std::string(row.paths));
  }

  void backend_choices(const InstalledSourceRow& row) {
    for (const fs::path& p : files(row)) {
      auto src = text(p);
      if (!src) return;
      auto t = tokens(p, *src);
      if (!t) return;
      kvdtype::detail::py::Read r = kvdtype::detail::py::option_choices(*t, row.option, row.name);
      if (r.missing && !row.list.empty()) r = kvdtype::detail::py::module_strings(*t, row.list);
      if (r.missing) continue;
      if (auto l = found(r, p, std::string(row.option) + " choices"))
        for (std::string& name : l->values) facts.backends.push_back(InstalledBackend{.name = std::move(name), .file = l->file, .line = l->line});
      return;
    }
    facts.notes.push_back("could not read " + std::string(row.option) + " choices: not found in " + std::string(row.paths));
  }

  void backend_classes(const InstalledSourceRow& row) {
    std::vector<fs::path> py;
    std::error_code ec;
    for (std::string_view w : words(row.paths)) {
      if (!w.ends_with('/')) continue;
      const fs::path dir = root / fs::path(std::string(w));
      if (!fs::is_directory(dir, ec)) continue;  // vllm/models/ exists only in newer releases
      fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
      for (; !ec && it != end; it.increment(ec)) {
        if (it.depth() > kMaxWalkDepth) {
          it.disable_recursion_pending();
          continue;
        }
        if (it->is_symlink(ec)) {
          it.disable_recursion_pending();  // never follow a link out of the package
          continue;
        }
        if (it->path().extension() == ".py" && it->is_regular_file(ec)) py.push_back(it->path());
        if (py.size() > kMaxWalkedFiles) {
          facts.notes.push_back("could not read every backend class: more than " + std::to_string(kMaxWalkedFiles) + " files under " + rel(dir));
          break;
        }
      }
    }
    std::sort(py.begin(), py.end());  // a stable order: the first declaration of a name wins
    std::set<std::string> seen;
    for (const fs::path& p : py) {
      auto src = text(p);
      if (!src || src->find("def get_name") == std::string::npos) continue;  // no backend class can be here
      auto t = tokens(p, *src);
      if (!t) continue;
      for (kvdtype::detail::py::BackendClass& c : kvdtype::detail::py::backend_classes(*t)) {
        if (!seen.insert(c.name).second) {
          facts.notes.push_back("backend " + c.name + " declared again by " + c.class_name + " in " + rel(p) + ":" +
                                std::to_string(c.line) + "; the first declaration is used");
          continue;
        }
        InstalledBackend b{.name = c.name, .file = rel(p), .line = c.line, .gates = c.gates};
        b.kv_cache_dtypes = found(c.kv_cache_dtypes, p, c.name + " supported_kv_cache_dtypes");
        b.model_dtypes = found(c.model_dtypes, p, c.name + " supported_dtypes");
        b.head_sizes = found(c.head_sizes, p, c.name + " head sizes");
        b.block_sizes = found(c.block_sizes, p, c.name + " kernel block sizes");
        facts.backends.push_back(std::move(b));
      }
    }
    if (facts.backends.empty()) facts.notes.push_back("could not read any backend class under " + std::string(row.paths));
  }
};

}  // namespace

Result<InstalledFacts> read_installed_source(Engine engine, const std::string& root) {
  try {
    InstalledFacts facts{.engine = engine, .root = root};
    Reader reader{.root = fs::path(root), .facts = facts};
    bool any_row = false, any_path = false;
    std::error_code ec;
    for (const InstalledSourceRow& row : kvdtype::detail::installed_source_rows()) {
      if (row.engine != engine_info(engine).name) continue;
      any_row = true;
      for (std::string_view w : words(row.paths))
        if (fs::exists(reader.root / fs::path(std::string(w)), ec)) any_path = true;
    }
    if (!any_row)
      return Error{ErrorCode::unsupported, "the installed-sources table has no rows for " + std::string(engine_info(engine).name) +
                                               " (it reads vllm, sglang and llama.cpp)"};
    if (!any_path)
      return Error{ErrorCode::bad_file, root + ": holds none of the " + std::string(engine_info(engine).display) +
                                            " source files kvdtype reads (a site-packages directory, or a llama.cpp source tree)"};
    for (const InstalledSourceRow& row : kvdtype::detail::installed_source_rows()) {
      if (row.engine != engine_info(engine).name) continue;
      switch (row.fact) {
        case InstalledFact::vocabulary_literal:
        case InstalledFact::vocabulary_choices:
        case InstalledFact::vocabulary_ggml: reader.vocabulary(row); break;
        case InstalledFact::backend_classes: reader.backend_classes(row); break;
        case InstalledFact::backend_choices: reader.backend_choices(row); break;
        case InstalledFact::storage_map: reader.storage_map(row); break;
      }
    }
    return facts;
  } catch (const std::exception& e) {
    return Error{ErrorCode::bad_file, root + ": " + e.what()};
  }
}

}  // namespace kvdtype::io
