// Internal (io): what a script reader knows while it walks a script (kvdtype/io/script.hpp):
// variables, arrays, the positional parameters, the files the script wrote — and word expansion
// over them, as a POSIX shell (with bash arrays) expands, without running anything.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/io/script.hpp"
#include "sources/shell/shell.hpp"

namespace kvdtype::io::detail {

struct ShellState {
  std::map<std::string, std::string, std::less<>> scalars;
  std::map<std::string, std::vector<std::string>, std::less<>> arrays;
  std::vector<std::string> positional;  ///< $1 …
  bool positional_known = false;        ///< false at a script's top level run without arguments given
  std::vector<ScriptFile> files;        ///< what the script wrote, in order; a path written twice keeps its last text
  std::string base_dir;                 ///< files beside the script may be read ("" none)
  std::size_t temp_files = 0;           ///< `$(mktemp)` made so far: each names a file of its own
  /// Bytes every expansion, file and environment copy may still produce (shared by a whole
  /// script: `A=$A$A` forty times would otherwise ask for 2^40 bytes).
  std::size_t budget = 0;
  bool over_budget = false;

  /// The text of a file the script wrote, else of a regular file beside the script (relative
  /// paths inside base_dir only, at most 1 MiB); nullopt when neither.
  [[nodiscard]] std::optional<std::string> file_text(std::string_view path);
  void write_file(const std::string& path, std::string text, bool append);
  /// Spend `n` bytes of the budget; false (and over_budget) when it ran out.
  bool spend(std::size_t n);
};

/// How a word is expanded.
enum class Expansion {
  fields,  ///< a command's word: quotes removed, unquoted expansions split into words, "$@" many words
  single,  ///< an assignment's value or a redirection target: one word, no splitting
  body,    ///< a here-document body: only `$`, backquotes and `\` act, quotes are text
  cooked,  ///< a word already split by the caller (after `--`): only `$` acts
};

/// `raw` (as written in the script) expanded. Unknown variables and command substitutions stay
/// as written. Empty on budget exhaustion (state.over_budget says so).
[[nodiscard]] std::vector<std::string> expand_word(std::string_view raw, ShellState& state, Expansion how);

/// The one string of Expansion::single / Expansion::body.
[[nodiscard]] std::string expand_one(std::string_view raw, ShellState& state, Expansion how);

/// The folder a script-folder idiom names (`dirname "$0"`, `cd "$(dirname "${BASH_SOURCE[0]}")" && pwd`,
/// … as the text inside `$( … )`): state.base_dir, with `/..` per folder above it; nullopt when
/// `inner` is not one of them or the script has no folder (sources/shell/script_dir.cpp).
[[nodiscard]] std::optional<std::string> script_folder_substitution(std::string_view inner, const ShellState& state);

/// The elements of an array literal's inside (`a "b c" $D` of `X=(a "b c" $D)`).
[[nodiscard]] std::vector<std::string> array_elements(std::string_view inside, ShellState& state);

/// One item of a `case` (sources/shell/script_case.cpp): its patterns (the words before `)`,
/// quotes removed, `a|b` as two) and the steps it guards, [begin, end).
struct CaseItem {
  std::vector<std::string> patterns;
  std::size_t line = 0;
  std::size_t begin = 0, end = 0;
};
struct CaseBlock {
  std::string word;  ///< WORD of `case WORD in`, as written
  std::vector<CaseItem> items;
  std::size_t close = 0;  ///< the index of `esac` (or the end of the range when it is missing)
};
/// The `case` whose head is steps[head], up to its `esac` before `end`.
[[nodiscard]] CaseBlock case_block(const std::vector<ScriptStep>& steps, std::size_t head, std::size_t end);
/// Whether `word` matches one of the patterns as the shell matches them (`*`, `?`, `[…]`).
[[nodiscard]] bool case_pattern_matches(const std::vector<std::string>& patterns, std::string_view word);

/// An llm-d-benchmark scenario in environment form (sources/shell/llmd_scenario.cpp): the
/// script set LLMDBENCH_VLLM_* or LLMDBENCH_DEPLOY_MODEL_LIST.
[[nodiscard]] bool is_llmd_scenario(const ShellState& state);
/// The vLLM commands of its pods, as llm-d-benchmark's setup/ rendered them from the script's
/// final variables (and the files it wrote); each command's notes say which pool.
[[nodiscard]] std::vector<ScriptCommand> llmd_scenario_commands(ShellState& state);

}  // namespace kvdtype::io::detail
