// kvdtype/io/input.hpp — one input a check is given: its kind and its value.
//
// A CheckRequest holds one list of these (kvdtype/io/check_request.hpp) rather than a member
// per kind, so that a new kind of input is a reader and a row of the reader table, and the CLI
// flag, the Python keyword and the C number of each kind come from that row.
#pragma once

#include <string>

namespace kvdtype::io {

/// The kinds of input. Each has one row in the reader table. The first four and set_file are what
/// a caller names (a CLI flag --model, --command-file, --env, --manifest, --set-file, a Python
/// keyword, a C number);
/// the rest are read where something else names them (the launch command after `--`, the model
/// the command or --model names, the files a command's flags name, the webhook's request body)
/// and have no flag, keyword or C number. Appended only: the order is the table's.
enum class InputKind : unsigned char {
  model,             ///< a Hugging Face model directory or its config.json (one per request)
  command_file,      ///< a file holding launch commands or a script ("-": standard input)
  env,               ///< NAME=VALUE: expands $NAME in the command and is its environment
  manifest,          ///< Kubernetes YAML or compose files ("-": standard input), or a directory to walk
  launch_command,    ///< the workload's launch command: words after `--`, command text, or its script's
  model_config,      ///< a model directory or config.json the workload names (read for its geometry)
  gguf,              ///< a GGUF model file (llama.cpp): its metadata header
  hub_id,            ///< a Hugging Face Hub id (org/name): the local HF cache, else the built-in catalogue
  engine_config,     ///< `--config FILE` of vLLM or SGLang: a YAML (or JSON) file of flags
  trtllm_options,    ///< `--extra_llm_api_options FILE` of trtllm-serve: LLM API options
  admission_review,  ///< an admission.k8s.io AdmissionReview body (the webhook's request)
  set_file,          ///< KEY=FILE: Helm chart values KEY holds FILE's text (helm's --set-file), for the values --manifest reads
};

/// One input as the caller named it.
struct InputRef {
  InputKind kind;
  std::string value;  ///< a path ("-": standard input), or NAME=VALUE for InputKind::env
};

}  // namespace kvdtype::io
