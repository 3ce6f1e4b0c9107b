// Shared pieces of the CLI: output options, bad-input reporting and exit statuses.
#pragma once

#include <CLI/CLI.hpp>
#include <deque>
#include <string>
#include <vector>

#include "kvdtype/io/render.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::cli {

/// Exit statuses of CONTRACT.md.
inline constexpr int kAccepted = 0;
inline constexpr int kRejected = 1;
inline constexpr int kBadInput = 2;

/// Options every subcommand takes.
struct Output {
  std::string format = "text";
  std::string color = "auto";
  /// The parsed --format (valid after validate()).
  io::OutputFormat parsed = io::OutputFormat::text;
  io::TextStyle style;
  /// Parse --format/--color; false (after printing one line) when they are bad.
  bool validate();
};

void add_output_options(CLI::App& sub, Output& out);

/// Print "kvdtype: <message>" on stderr as one line (newlines folded) and return kBadInput.
int bad_input(const std::string& message);
int bad_input(const Error& error);

/// kBadInput (after printing one line) when an option of `sub` was given an empty value
/// (`--gpu ""`: usually an unset shell variable), else 0.
int refuse_empty_values(const CLI::App& sub);

/// Write `text` to stdout in one piece (nothing half-written on failure).
void emit(const std::string& text);

/// Storage for a subcommand's options for the life of the process (CLI11 keeps pointers to
/// them); freed at exit so that leak checkers stay quiet.
template <class T>
T& keep() {
  static std::deque<T> store;  // a deque never moves what it holds
  return store.emplace_back();
}

/// Subcommands. Each registers itself and sets `run` to its body.
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};
Command add_check(CLI::App& app, bool resolve_only, const std::vector<std::string>& launch);
Command add_formats(CLI::App& app);
Command add_targets(CLI::App& app);
Command add_backends(CLI::App& app);
Command add_rules(CLI::App& app);
Command add_explain(CLI::App& app);
Command add_matrix(CLI::App& app);
Command add_probe(CLI::App& app);

}  // namespace kvdtype::cli
