// Internal: POSIX-shell word splitting for launch scripts, without executing or expanding anything.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/result.hpp"

namespace kvdtype::io::detail {

/// The end of the note a script reader writes for a file it sources but cannot read: what that
/// file sets is unknown, so the command's environment is only partly known.
inline constexpr std::string_view kEnvironmentPartlyUnknown = " (the variables it sets are unknown)";

/// Whether the script notes say the environment is only partly known (an unread sourced file).
[[nodiscard]] bool environment_partly_unknown(std::span<const std::string> script_notes) noexcept;

/// A systemd service unit (a [Service] section, headers before anything else) as the shell
/// script it amounts to, line for line: Environment= as export, EnvironmentFile= as `.`,
/// ExecStart= as the command; every other line blank. nullopt: `text` is no unit.
[[nodiscard]] std::optional<std::string> systemd_unit_as_script(std::string_view text);

/// The most words a launch script (all its commands together) or one launch command may hold.
/// Real serving commands have tens to a few hundred; a limit keeps memory proportional to a
/// small input (every word is a string in a vector, then a JSON string under --verbose).
inline constexpr std::size_t kMaxCommandWords = 16384;

/// The Windows shell a command is written for, when it is one (sources/shell/windows_lines.cpp).
enum class WindowsShell : unsigned char { unknown, cmd, powershell };

/// The shell a command file's name says it is for: .bat and .cmd cmd.exe, .ps1 PowerShell.
[[nodiscard]] WindowsShell windows_shell_of_file(std::string_view path) noexcept;

/// `text` rewritten for the POSIX splitter when it is a cmd.exe or PowerShell command: its line
/// continuations (`^`, a backtick) as `\`-newlines, its literal backslashes escaped. `shell`
/// unknown: only where the shape is clear (a marked line end followed by a line that starts with
/// an option); nullopt when the text is not such a command.
[[nodiscard]] std::optional<std::string> posix_from_windows(std::string_view text, WindowsShell shell);

/// One simple command of a script: its words, in order, with `NAME=value` prefixes kept as words.
using ShellCommand = std::vector<std::string>;

/// Split `text` into the simple commands a POSIX shell would run, in order. Commands are
/// separated by newlines, `;`, `&`, `&&`, `||` and `|`; redirections (`> log`, `2>&1`, `<in`) are
/// dropped with their targets; `#` at the start of a word starts a comment. Quotes and
/// backslashes are removed as the shell would, but `$VAR`, `${…}`, `$(…)`, backquotes and globs
/// stay literal (a `$(…)` with spaces stays one word). Here-document bodies are not commands;
/// `NAME=( … )` is one word. Unbalanced quotes or substitutions are an
/// Error (bad_command) naming the line and column where the unclosed construct began; so is a
/// script of more than kMaxCommandWords words.
[[nodiscard]] Result<std::vector<ShellCommand>> split_commands(std::string_view text);

/// The same, with the 1-based line where each command begins in `lines` (one per command).
[[nodiscard]] Result<std::vector<ShellCommand>> split_commands(std::string_view text, std::vector<std::size_t>& lines);

/// A redirection of a simple command: the operator (`>`, `>>`, `<`, `2>`'s `>` …) and its target
/// word as written (quotes and `$` kept: the script reader expands it).
struct Redirect {
  std::string op;
  std::string target;
};

/// A here-document (`<<EOF` … `EOF`): its body, and whether the shell expands `$` in it (the
/// delimiter was not quoted).
struct HereDoc {
  std::string body;
  bool expands = true;
};

/// One simple command with what a script reader needs beyond its words: the same words as
/// written (quotes, backslashes and `$` kept, for expansion with quoting respected), its
/// redirections, the bodies of its here-documents, and whether it is `NAME()` — the head of a
/// function definition whose body follows. `NAME=( … )` (a bash array) is one word, written
/// and cooked alike.
struct ScriptStep {
  ShellCommand words;
  ShellCommand raw;
  std::size_t line = 1;
  std::vector<Redirect> redirects;
  std::vector<HereDoc> heredocs;
  bool defines_function = false;
  /// The operator that ended the command: `)` ends a `case` pattern list (`a|b)`: `|` before
  /// it), `;` `&` `|` and a newline (`\n`) others. A script reader needs it to tell a case
  /// item's patterns from its commands: the splitter has no grammar of its own.
  char ended_by = '\n';
  /// `;;` follows the command (or, for `;;` alone on a line, the command before it): the
  /// case item ends here.
  bool ends_case_item = false;
};

/// The steps of a script, in order, as split_commands() splits it (same errors, same word cap).
[[nodiscard]] Result<std::vector<ScriptStep>> split_script(std::string_view text);

/// Whether `word` is `$NAME` or `${NAME}` alone: a plain reference to one variable (not
/// `${A:-x}`, `$1` or `$(cmd)`).
[[nodiscard]] bool is_variable_reference(std::string_view word) noexcept;

/// Whether `word` is a shell assignment `NAME=value` (NAME a valid variable name).
[[nodiscard]] bool is_assignment(std::string_view word) noexcept;

}  // namespace kvdtype::io::detail
