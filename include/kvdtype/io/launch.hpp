// kvdtype/io/launch.hpp — real vLLM / SGLang launch commands, parsed, never executed.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kvdtype/engine.hpp"
#include "kvdtype/io/input.hpp"
#include "kvdtype/io/script.hpp"
#include "kvdtype/request.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io {

/// Split one command string as a POSIX shell would (quotes, backslashes, line continuations,
/// comments). Unbalanced quotes are an Error (bad_command). From a script of several commands,
/// the serving command is returned as the shell reaches it (kvdtype/io/script.hpp: the script's
/// own variables, arrays, functions expanded; nothing run), preceded by the NAME=value words that
/// `export` and assignment lines before it set (docs/inputs.md). Text with no serving command is
/// split without expanding anything.
[[nodiscard]] Result<std::vector<std::string>> split_command(std::string_view text);

/// How a server exchanges KV with others (disaggregated prefill/decode, a shared KV store):
/// vLLM `--kv-transfer-config`, SGLang `--disaggregation-mode` / `--disaggregation-transfer-backend`.
struct KvTransfer {
  std::string connector;  ///< vLLM kv_connector ("NixlConnector", …); SGLang the transfer backend ("mooncake", "nixl")
  std::string role;       ///< "kv_producer", "kv_consumer", "kv_both" (SGLang prefill → producer, decode → consumer)
  std::string endpoint;   ///< a shared store or peer named in the config, when one is
  bool permute_local_kv = false;  ///< vLLM enable_permute_local_kv: NIXL accepts a peer of the other layout
};

/// What a launch command says.
struct LaunchCommand {
  Engine engine = kDefaultEngine;
  RequestInput input;               ///< the settings the command makes (engine vocabulary kept verbatim)
  std::string model;                ///< MODEL / --model / --model-path as written
  std::vector<std::string> env;     ///< NAME=value assignments that were applied
  std::vector<std::string> ignored; ///< flags kept but not understood (never fatal)
  std::string quantization;         ///< --quantization
  std::string quantization_param_path;  ///< --quantization-param-path (KV scales file)
  std::string prefill_backend;          ///< SGLang --prefill-attention-backend when it differs from input.backend
                                        ///< (input.backend is the decode one); check it as a second request
  std::optional<RequestInput> draft;    ///< speculative decoding: the drafter's own request overrides
  std::string draft_model;              ///< the drafter's model, when named
  /// Engine-specific settings (llama.cpp -fa/-ngl, trtllm-serve --extra_llm_api_options, LMDeploy
  /// --quant-policy) as (name, value), read by that engine's launch code before the command is returned.
  std::vector<std::pair<std::string, std::string>> engine_options;
  std::string config_file;              ///< vLLM/SGLang `--config FILE` whose flags were merged in
  std::optional<KvTransfer> kv_transfer;  ///< set when the command moves KV to or from other servers
  /// Files the command names (`--config`, `--extra_llm_api_options`) left unopened because they
  /// are on the machine the command runs on (LaunchOptions::read_files false).
  std::vector<std::string> unread_files;
  /// Words the engine's parser refuses, as (flag, why, fix): JSON flag values
  /// (`--speculative-config`, `--kv-transfer-config` …) that are not JSON, and an argument that
  /// holds several options in one word (a quoted "$ARGS"). They are KVD151 findings — or, when the
  /// text still holds `$` (a variable nothing set), the value is unknown (KVD152). Either way the
  /// rest of the command is read.
  struct RefusedValue {
    std::string flag, why;
    bool unset = false;  ///< the text still holds `$`
    std::string fix;     ///< empty: write the value as the JSON the engine expects
  };
  std::vector<RefusedValue> refused_values;
  /// Words the engine reads that change the cache plan in a way kvdtype does not model (vLLM
  /// `--kv-cache-dtype-skip-layers`, llama.cpp `--rpc`): `fact` names what is unknown ("the
  /// per-layer cache of --kv-cache-dtype-skip-layers 0 1"), `why` what the engine does with it.
  /// Each is a KVD080 warning: the verdict is incomplete, never passed as fine.
  struct Unmodelled {
    std::string fact, why;
  };
  std::vector<Unmodelled> unmodelled;
};

/// How to read a launch command.
struct LaunchOptions {
  /// false when the command runs on another machine (a container of a manifest or of an
  /// admission review): the files it names are that machine's and are never opened here.
  bool read_files = true;
  /// Files the script that runs the command wrote before it (here-documents): a file named here
  /// is read from its text — even when read_files is false, since the script made it there.
  std::span<const ScriptFile> script_files;
  /// Reads a file a flag names (`--config`: InputKind::engine_config, `--extra_llm_api_options`:
  /// InputKind::trtllm_options): its text, or an Error holding only the path's problem ("no such
  /// file"). The pipeline passes its reader rows here, so that a check opens each file once;
  /// empty: the parser reads it through those rows itself.
  std::function<Result<std::string>(InputKind kind, const std::string& path)> read_named;
};

/// Parse argv of `vllm serve MODEL …`, `python -m vllm.entrypoints.openai.api_server --model …`,
/// `python3 -m sglang.launch_server --model-path …`, `trtllm-serve MODEL …`, `llama-server -m …`
/// (llama-cli, llama-bench), `lmdeploy serve api_server MODEL …` / `lmdeploy chat MODEL …`, with
/// leading NAME=value / `env NAME=value` and the engines' images after `docker run`.
/// A flag missing its value or an unknown program is an Error (bad_command).
[[nodiscard]] Result<LaunchCommand> parse_launch_command(std::span<const std::string> argv, LaunchOptions options = {});

/// Whether `argv` is a serving command kvdtype recognises (the program behind its wrappers),
/// without reading its flags or any file it names.
[[nodiscard]] bool is_serving_command(std::span<const std::string> argv);

/// How far `argv` was read, in one pass: whether it is a serving command kvdtype recognises, and
/// why it could not be read to its end when a reader limit stopped it (sh -c nested deeper than 4,
/// containers nested deeper than 16, more words than a command holds) or it is text a shell could
/// not run either (an unbalanced quote). A container whose command is `unreadable` is a finding
/// that fails closed, never skipped as "not a serving command" (docs/reliability.md).
struct CommandReading {
  bool serving = false;
  std::optional<std::string> unreadable;
};
[[nodiscard]] CommandReading read_command(std::span<const std::string> argv);

}  // namespace kvdtype::io
