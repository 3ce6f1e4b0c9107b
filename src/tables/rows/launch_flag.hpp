// The row type of each engine's launch-flag table (src/tables/engines/<engine>/launch_flags_<engine>.cpp):
// what each engine's launch flags are, as data; src/sources/launch/launch_read_flags.cpp reads commands with them.
//
// The parser must know which flags take a value: otherwise `--trust-remote-code MODEL` would
// swallow the model path as the flag's value. Unknown flags are never fatal; the rules for them
// are in src/sources/launch/launch.cpp (a `--enable-…`, `--disable-…` or `--no-…` flag takes no value, any
// other flag takes the next word unless it starts with a dash).
#pragma once

#include <cstdint>
#include <string_view>

namespace kvdtype::tables {

/// How many words a flag consumes after it.
enum class Arity : std::uint8_t {
  value,     ///< exactly one (`--flag V` or `--flag=V`)
  none,      ///< a switch (argparse store_true / BooleanOptionalAction)
  optional,  ///< argparse nargs="?": one if the next word is not a flag
  json,      ///< one, parsed as JSON (a malformed value is bad_command naming the flag)
  list,      ///< argparse nargs="+": every following word that is not a flag
};

/// What kvdtype does with the value.
enum class Action : std::uint8_t {
  none,                  ///< understood, does not affect the KV cache (--port, --host, …)
  field,                 ///< copied verbatim into RequestInput::<field>
  model,                 ///< the model path
  model_dtype,           ///< --dtype: "auto" is left empty, "float" becomes "float32"
  max_model_len,         ///< a length; vLLM also accepts 128k / 1M / -1
  backend,               ///< the attention backend
  attention_config,      ///< vLLM JSON {"backend": …}
  prefill_backend,       ///< SGLang: prefill-only backend
  decode_backend,        ///< SGLang: decode-only backend (wins over --attention-backend)
  quantization,
  quantization_param_path,  ///< a KV scales file: scales are calibrated
  calculate_kv_scales,      ///< vLLM computes per-tensor KV scales from the first batches
  dp_attention,             ///< SGLang --enable-dp-attention
  kv_transfer_config,       ///< vLLM JSON: a KV connector when it names one
  kv_connector,             ///< any value but "null"/"0" configures a KV connector
  speculative_config,       ///< vLLM JSON {"method", "model", "draft_tensor_parallel_size", …}
  speculative_model,        ///< a drafter's model path (vLLM < 0.9 --speculative-model, SGLang)
  speculative_algorithm,    ///< SGLang --speculative-algorithm
  speculative_draft_tp,     ///< vLLM < 0.9 --speculative-draft-tensor-parallel-size
  speculative_draft_backend,  ///< SGLang --speculative-draft-attention-backend
  json_checked,             ///< JSON that does not affect the cache, validated only
  json_or_text,             ///< JSON when it starts with '{', otherwise free text (vLLM -O 3)
  config_file,              ///< a YAML file of more flags: not read, reported in `ignored`
  engine_option,            ///< kept as (field, value) in LaunchCommand::engine_options for the engine's own
                            ///< launch code (launch_llamacpp.cpp, launch_trtllm.cpp, launch_lmdeploy.cpp)
  disaggregation_mode,      ///< SGLang prefill/decode (null = off): a KV connector with a role
  disaggregation_backend,   ///< SGLang --disaggregation-transfer-backend (mooncake, nixl, …)
  switch_yes,               ///< a switch that sets RequestInput::<field> to "yes" ("no" when negated)
  switch_no,                ///< a switch that sets RequestInput::<field> to "no" (--enforce-eager → cuda_graph)
  unmodelled,               ///< changes the cache plan in a way kvdtype does not model: `field` holds
                            ///< "FACT|WHY" (what is unknown, what the engine does), a KVD080 warning
                            ///< (LaunchCommand::unmodelled); the verdict is incomplete
};

/// One flag of one engine.
struct LaunchFlag {
  std::string_view names;   ///< every spelling, words; dashes (an underscore spelling is normalised)
  Arity arity = Arity::value;
  Action action = Action::none;
  std::string_view field;   ///< RequestInput field for Action::field
  std::string_view source;  ///< where the spelling and arity were read
  /// A switch registered with argparse's store_true in an engine whose switches otherwise take
  /// `--no-<name>` (EngineBehaviour::negatable_switches): its `--no-` form is no option.
  bool store_true = false;
  /// The first release that registers the row's names (a release row of the engine's table,
  /// checked by the lint); empty: every release kvdtype covers has them. Only argparse's
  /// abbreviation rule reads it: a row an older release lacks joins no ambiguity there
  /// (launch_read_flags.cpp; SGLang 0.4.x took --speculative-draft as the draft model's path).
  std::string_view introduced_in;
};

}  // namespace kvdtype::tables
