// Shared pieces of the CLI: output options, bad-input reporting and exit statuses.
//
// The CLI is a library (kvdtype_cli_lib) with one entry, kvdtype::cli::main(): the `kvdtype`
// executable and the Python module's kvdtype._cli_main() (`python3 -m kvdtype`) both call it,
// so both parse the same flags and print the same output with the same exit statuses.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/io/render.hpp"
#include "kvdtype/result.hpp"
#include "kvdtype/rule.hpp"

namespace kvdtype::cli {

/// Exit statuses of CONTRACT.md.
inline constexpr int kAccepted = 0;
inline constexpr int kRejected = 1;
inline constexpr int kBadInput = 2;

/// The exit statuses as help and the man page show them.
inline constexpr const char* kExitStatusHelp =
    "Exit status: 0 accepted (warnings allowed), 1 rejected (an error diagnostic), 2 bad input "
    "(kvdtype's own flags, unreadable files).";

/// Run the command line: `args` are the words after the program name. Prints to stdout/stderr
/// and returns the exit status; never exits the process.
int main(std::span<const std::string> args);

/// Every engine's name, as `--engine` help lists them: "vllm, sglang, … or lmdeploy" (engine_choices.cpp).
std::string engine_choices();

/// Options every subcommand takes.
struct Output {
  std::string format = "text";
  std::string color = "auto";
  std::string min_severity = "info";
  std::string file;  ///< --output FILE; empty or "-": stdout
  bool quiet = false;
  /// The formats this subcommand writes, and its name for messages ("kvdtype formats").
  std::vector<io::OutputFormat> accepted;
  std::string who;
  /// The parsed --format (valid after validate()).
  io::OutputFormat parsed = io::OutputFormat::text;
  io::TextStyle style;
  /// The parsed --min-severity / --quiet (valid after validate()).
  Severity shown = Severity::info;
  /// Parse --format/--color/--min-severity; false (after printing one line) when they are bad,
  /// among them a format this subcommand does not write.
  bool validate();
  /// Write `text` to --output's file (a temporary file beside it, renamed over it: a reader never
  /// sees half a report) or to stdout, and return `status`; kBadInput after one line on stderr
  /// when the file cannot be written.
  [[nodiscard]] int write(const std::string& text, int status) const;
};

/// --format, --output and --color for `sub`: the formats it accepts are the output-format table's
/// rows that serve its name (io::formats_for), so the help, the check and the refusal agree.
void add_output_options(CLI::App& sub, Output& out);

/// --quiet and --min-severity: which diagnostics a report shows (the verdict and the exit status
/// still count every one).
void add_severity_options(CLI::App& sub, Output& out);

/// Every request field of the field table (src/core/request_fields.hpp) as a flag of `sub`, with its
/// engine spellings, placeholder and help group; `set` receives the field name and the value.
void add_request_flags(CLI::App& sub, std::function<void(std::string_view field, const std::string& value)> set);

/// Print "kvdtype: <message>" on stderr as one line (newlines folded) and return kBadInput.
int bad_input(const std::string& message);
int bad_input(const Error& error);

/// kBadInput (after printing one line) when an option of `sub` was given an empty value
/// (`--gpu ""`: usually an unset shell variable), else 0.
int refuse_empty_values(const CLI::App& sub);

/// Write `text` to stdout in one piece (nothing half-written on failure).
void emit(const std::string& text);

/// What a subcommand's options live in for one run of main(): CLI11 keeps pointers to them.
class Arena {
 public:
  template <class T>
  T& make() {
    auto owned = std::make_shared<T>();
    T& ref = *owned;
    items_.push_back(std::move(owned));
    return ref;
  }

 private:
  std::vector<std::shared_ptr<void>> items_;
};

/// The arena of the main() call in progress (one per thread).
Arena& arena();

/// Storage for a subcommand's options for the life of the current main() call.
template <class T>
T& keep() {
  return arena().template make<T>();
}

/// Subcommands. Each registers itself and sets `run` to its body.
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
  bool light = false;  ///< registered without its options (see make_program)
};
/// Whether `sub`, just added with its name and description, stops there (a light Command):
/// only the subcommand the command line names registers its options. Registering every
/// subcommand's options was half of a cold `kvdtype check`'s instructions (CLI11 compares every
/// new option name with every earlier one; docs/performance.md). Help lists a light subcommand
/// by its name and description, which it has; everything registers for --help-all and for the
/// generators (make_program without words).
[[nodiscard]] bool light(const CLI::App& sub);
/// Whether the long flag `name` ("--kv-cache-dtype") must be registered: a word of the command
/// line in progress names it (`--name` or `--name=VALUE`), or everything registers (no words,
/// --help-all, or --help/-h, whose text lists every flag). The request fields' flags are about a
/// hundred; registering all of them was a quarter of a cold `kvdtype check`'s instructions
/// (docs/performance.md). run() parses again with everything when a parse fails or leaves
/// words over, so that errors and their "did you mean" see every flag.
[[nodiscard]] bool flag_named(std::string_view name);
/// flag_named() for a CLI11 name list ("--fail-on", "-o,--output"): true when a long name is
/// named, and always for a list with a short name (single-dash letters combine, "-qv": a word
/// need not spell them). Options registered only when named follow flag_named()'s reasoning:
/// each one costs CLI11's comparison with every earlier option at every start.
[[nodiscard]] bool option_named(std::string_view names);
/// Whether option `name` of `sub` was given (false as well where it was not registered).
[[nodiscard]] bool option_given(const CLI::App& sub, const std::string& name);
/// The Command of a light subcommand.
[[nodiscard]] inline Command light_command(CLI::App* sub) { return Command{sub, nullptr, true}; }
Command add_check(CLI::App& app, bool resolve_only, const std::vector<std::string>& launch);
Command add_formats(CLI::App& app);
Command add_targets(CLI::App& app);
Command add_backends(CLI::App& app);
Command add_rules(CLI::App& app);
Command add_explain(CLI::App& app);
Command add_matrix(CLI::App& app);
Command add_probe(CLI::App& app);
Command add_releases(CLI::App& app);
/// `releases --diff-installed PATH|auto`: the tables against an installed engine's own source
/// (cmd_installed.cpp), in text or JSON.
int diff_installed(Engine engine, const std::string& path, const Output& out);
/// `serve`, listed in the help: the kvdtype executable replaces itself with kvdtype-serve before
/// parsing (main.cpp, exec_serve), so its run is reached only where no such program is beside
/// the running one (`python3 -m kvdtype serve`), and says so.
Command add_serve(CLI::App& app);

/// The whole command line, built but not parsed: for main() and for the generators (man page
/// help, bash completion) that walk it.
struct Program {
  Arena arena;
  std::vector<std::string> launch;  ///< the words after `--`
  CLI::App app{"kvdtype: resolve and check KV-cache dtype flags before any kernel runs", "kvdtype"};
  std::vector<Command> commands;
  /// Some subcommands were not made (make_program: the words named one, no help was asked):
  /// run() parses again with everything whenever it would show or name them.
  bool partial = false;
};
/// `args`: the words of the command line before `--`, for registering only what they can use:
/// the options of the subcommands they name (every subcommand's for --help-all, or when `args`
/// is null).
std::unique_ptr<Program> make_program(const std::vector<std::string>* args = nullptr);

/// A bash completion script for `program` (subcommands, their flags and engine spellings, and
/// the values of flags with a fixed set of them).
[[nodiscard]] std::string bash_completion(Program& program);
/// `kvdtype serve …`: replaces this process with kvdtype-serve (same directory, same arguments).
int exec_serve(int argc, char** argv);

}  // namespace kvdtype::cli
