// kvdtype/io/input.hpp — one input a check is given: its kind and its value.
//
// A CheckRequest holds one list of these (kvdtype/io/check_request.hpp) rather than a member
// per kind, so that a new kind of input is a reader and a row of the reader table, and the CLI
// flag, the Python keyword and the C number of each kind come from that row.
#pragma once

#include <string>

namespace kvdtype::io {

/// The kinds of input. Each has one row in the reader table, which names its CLI flag
/// (--model, --command-file, --env, --manifest), its Python keyword and its C number.
enum class InputKind : unsigned char {
  model,         ///< a Hugging Face model directory or its config.json (one per request)
  command_file,  ///< a file holding launch commands or a script ("-": standard input)
  env,           ///< NAME=VALUE: expands $NAME in the command and is its environment
  manifest,      ///< Kubernetes YAML or compose files ("-": standard input), or a directory to walk
};

/// One input as the caller named it.
struct InputRef {
  InputKind kind;
  std::string value;  ///< a path ("-": standard input), or NAME=VALUE for InputKind::env
};

}  // namespace kvdtype::io
