// The request-field table (request_fields.hpp). Engine spellings are the ones vLLM's and
// SGLang's parsers register for the same setting, as src/tables/engines/<engine>/launch_flags_<engine>.cpp records them with
// their sources (vllm/engine/arg_utils.py EngineArgs.add_cli_args: -tp, -dp, --dtype,
// --attention-backend, --max-model-len; sglang/srt/server_args.py ServerArgs: --tp-size/--tp,
// --dp-size/--dp, --page-size, --context-length, --mem-fraction-static). An alias means the
// same field only where both engines mean the same thing by it; SGLang's --mem-fraction-static
// (weights + KV pool) is read as the launch parser reads it, as the utilization.
#include "core/request_fields.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "common/text.hpp"
#include "core/index.hpp"
#include "kvdtype/engine.hpp"

namespace kvdtype::fields {

namespace {

using G = Group;
using K = Kind;

constexpr RequestField kFields[] = {
    {"engine", &RequestInput::engine, G::engine, K::text, "ENGINE", {}, ""},  // help: every registry engine (fields())
    {"engine_version", &RequestInput::engine_version, G::engine, K::text, "VERSION",
     "engine release: 0.25.1, v0.31.0rc1, 0.4.8.post1, a llama.cpp build b6325, latest (newest known) or auto "
     "(installed metadata)", ""},
    {"gpu", &RequestInput::gpu, G::hardware, K::text, "GPU",
     "sm_90, 9.0, H100, 'NVIDIA H100 80GB HBM3', gfx942, MI300X, cpu, or auto (probe this machine)", ""},
    {"kv_cache_dtype", &RequestInput::kv_cache_dtype, G::engine, K::text, "CACHE_DTYPE",
     "the engine's kv-cache string, verbatim (auto, fp8, fp8_e4m3, turboquant_k8v4, …)", ""},
    {"v_cache_dtype", &RequestInput::v_cache_dtype, G::engine, K::text, "CACHE_DTYPE",
     "the V cache's own string where the engine sets V apart (llama.cpp -ctv; default f16)", ""},
    {"flash_attention", &RequestInput::flash_attention, G::engine, K::text, "on|off|auto", "flash attention (llama.cpp -fa)", ""},
    {"model_dtype", &RequestInput::model_dtype, G::model, K::text, "DTYPE", "bfloat16, float16, float32", "--dtype"},
    {"attention", &RequestInput::attention, G::model, K::text, "KIND", "mha, gqa, mqa, mla, sparse-mla", ""},
    {"backend", &RequestInput::backend, G::engine, K::text, "BACKEND", "attention backend in engine spelling, or auto", "--attention-backend"},
    {"q_dtype", &RequestInput::q_dtype, G::dtypes, K::text, "DTYPE", "the Q dtype handed to the kernel", ""},
    {"kv_dtype", &RequestInput::kv_dtype, G::dtypes, K::text, "DTYPE", "the KV element dtype declared to the kernel (its kv_data_type)", ""},
    {"kv_storage_dtype", &RequestInput::kv_storage_dtype, G::dtypes, K::text, "DTYPE", "the dtype the cache tensor is allocated with", ""},
    {"checkpoint_kv_cache_dtype", &RequestInput::checkpoint_kv_cache_dtype, G::model, K::text, "CACHE_DTYPE", "the checkpoint's own KV quantization (fp8, nvfp4)",
     ""},
    {"kv_scales", &RequestInput::kv_scales, G::model, K::yes_no, "yes|no", "calibrated KV scales exist", ""},
    {"tensor_parallel_size", &RequestInput::tensor_parallel_size, G::engine, K::integer, "INT", "tensor parallelism", "-tp --tp --tp-size", 1, 65536},
    {"data_parallel_size", &RequestInput::data_parallel_size, G::engine, K::integer, "INT", "data parallelism", "-dp --dp --dp-size", 1, 65536},
    {"decode_context_parallel_size", &RequestInput::decode_context_parallel_size, G::engine, K::integer, "INT",
     "decode context parallelism: each token's KV on one of this many ranks of the TP group", "-dcp --dcp-size", 1, 65536},
    // llama.cpp --rpc (common/arg.cpp, GGML_USE_RPC): the launch reader sets it (launch_llamacpp.cpp).
    {"remote_backend", &RequestInput::remote_backend, G::engine, K::yes_no, "yes|no",
     "layers and their KV cache also on remote machines (llama.cpp --rpc, ggml-rpc rpc-server)", ""},
    {"block_size", &RequestInput::block_size, G::engine, K::integer, "INT", "KV block (page) size", "--page-size", 1, 65536},
    {"num_heads", &RequestInput::num_heads, G::model, K::integer, "INT", "query heads", "", 1, 65536},
    {"num_kv_heads", &RequestInput::num_kv_heads, G::model, K::integer, "INT", "KV heads", "", 1, 65536},
    {"head_size", &RequestInput::head_size, G::model, K::integer, "INT", "head size (MLA: kv_lora_rank + qk_rope_head_dim, 576 for DeepSeek V3)",
     "", 1, 65536},
    {"head_size_v", &RequestInput::head_size_v, G::model, K::integer, "INT", "V head size when it differs from K", "", 1, 65536},
    {"num_layers", &RequestInput::num_layers, G::model, K::integer, "INT", "decoder layers", "", 1, 100000},
    {"num_kv_layers", &RequestInput::num_kv_layers, G::model, K::integer, "INT", "layers with a KV cache (hybrid models)", "", 1, 100000},
    {"kv_lora_rank", &RequestInput::kv_lora_rank, G::model, K::integer, "INT", "MLA latent rank", "", 1, 65536},
    {"qk_rope_head_dim", &RequestInput::qk_rope_head_dim, G::model, K::integer, "INT", "MLA RoPE dims", "", 0, 65536},
    {"qk_nope_head_dim", &RequestInput::qk_nope_head_dim, G::model, K::integer, "INT", "MLA NoPE dims", "", 0, 65536},
    {"index_topk", &RequestInput::index_topk, G::model, K::integer, "INT", "sparse MLA indexer top-k", "", 1, 1u << 24},
    {"gpu_memory_gib", &RequestInput::gpu_memory_gib, G::hardware, K::number, "GIB", "GPU memory per device, GiB (default: the product's)", "", 0.001, 1e6},
    {"gpu_memory_utilization", &RequestInput::gpu_memory_utilization, G::capacity, K::number, "FLOAT", "fraction of GPU memory the engine may use",
     "--mem-fraction-static", 0.001, 1.0},
    {"max_model_len", &RequestInput::max_model_len, G::capacity, K::integer, "INT", "context length", "--context-length", 1, double(std::uint64_t{1} << 40)},
    {"weight_gib", &RequestInput::weight_gib, G::capacity, K::number, "GIB", "model weights, GiB (whole model)", "", 0.0, 1e7},
    // Issue 28: what the engines also decide on. Spellings: vllm/engine/arg_utils.py (--quantization,
    // --speculative-config, --kv-transfer-config, --enforce-eager); sglang/srt/server_args.py
    // (--speculative-algorithm, --speculative-draft-model-path, --nsa-prefill-backend and
    // --nsa-decode-backend, renamed --dsa-*, --enable-hierarchical-cache, --disable-cuda-graph).
    {"model_architecture", &RequestInput::model_architecture, G::model, K::text, "ARCH",
     "the model's architecture, config.json architectures[0] (DeepseekV32ForCausalLM)", ""},
    {"model_type", &RequestInput::model_type, G::model, K::text, "TYPE", "config.json model_type (deepseek_v32, qwen3_moe)", ""},
    {"weight_quantization", &RequestInput::weight_quantization, G::model, K::text, "METHOD",
     "weight quantization method (awq, gptq, fp8, compressed-tensors, modelopt_fp4, …; config.json "
     "quantization_config.quant_method)",
     "--quantization"},
    {"kv_scale_layout", &RequestInput::kv_scale_layout, G::model, K::text, "k|v|both|none",
     "which calibrated KV scales the checkpoint carries (k_scale / v_scale tensors)", ""},
    {"kv_scales_source", &RequestInput::kv_scales_source, G::model, K::text, "checkpoint|file|computed",
     "where the KV scales come from: the checkpoint's tensors, a file (--quantization-param-path) or computed "
     "(vLLM --calculate-kv-scales); implies kv_scales=yes",
     ""},
    {"speculative_method", &RequestInput::speculative_method, G::serving, K::text, "METHOD",
     "speculative decoding method (eagle, eagle3, mtp, ngram, draft_model, …; SGLang EAGLE, NEXTN, …)",
     "--speculative-algorithm"},
    {"num_speculative_tokens", &RequestInput::num_speculative_tokens, G::serving, K::integer, "INT",
     "draft tokens per step (vLLM num_speculative_tokens, SGLang --speculative-num-steps)", "", 1, 1024},
    {"speculative_model", &RequestInput::speculative_model, G::serving, K::text, "MODEL", "the drafter's model (path or Hub id)",
     "--speculative-draft-model-path"},
    {"kv_connector", &RequestInput::kv_connector, G::serving, K::text, "CONNECTOR",
     "KV connector (vLLM kv_connector: NixlConnector, LMCacheConnectorV1, …; SGLang transfer backend: mooncake, nixl)", ""},
    {"dsa_prefill_backend", &RequestInput::dsa_prefill_backend, G::serving, K::text, "BACKEND",
     "SGLang DSA (sparse MLA) prefill kernel: flashmla_sparse, flashmla_kv, flashmla_auto, flashinfer_sparse_mla, fa3, "
     "tilelang, aiter, trtllm",
     "--nsa-prefill-backend"},
    {"dsa_decode_backend", &RequestInput::dsa_decode_backend, G::serving, K::text, "BACKEND",
     "SGLang DSA (sparse MLA) decode kernel, same names", "--nsa-decode-backend"},
    {"hierarchical_cache", &RequestInput::hierarchical_cache, G::serving, K::yes_no, "yes|no",
     "hierarchical KV cache (host-memory offload; SGLang --enable-hierarchical-cache)", ""},
    {"chunked_prefix_cache", &RequestInput::chunked_prefix_cache, G::serving, K::yes_no, "yes|no",
     "SGLang's chunked prefix cache for MLA models (no: --disable-chunked-prefix-cache; SGLang also turns it off "
     "itself on a backend outside its list)", ""},
    {"cuda_graph", &RequestInput::cuda_graph, G::serving, K::yes_no, "yes|no",
     "CUDA graphs captured (no: vLLM --enforce-eager, SGLang --disable-cuda-graph)", ""},
    // vLLM's FlashInfer builder keeps Q in the model dtype when attention_config
    // disable_flashinfer_q_quantization is set (vllm/v1/attention/backends/flashinfer.py
    // FlashInferMetadataBuilder: q_data_type), the switch vllm-project/vllm#47847 runs with.
    {"q_quantization", &RequestInput::q_quantization, G::dtypes, K::yes_no, "yes|no",
     "the engine quantizes Q to the fp8 cache's format where the backend does (no: vLLM attention_config "
     "disable_flashinfer_q_quantization)", ""},
    // Issue 28's per-layer plans (request_layers.cpp). Read from config.json where the model
    // says so (sources/model/model_config.cpp: layer_types, layers_block_type,
    // hybrid_override_pattern, sliding_window, head_dim / global_head_dim; gpt-oss implies sinks);
    // the drafter's string is vLLM's speculative_config.kv_cache_dtype (vllm-project/vllm#48787).
    {"attention_sinks", &RequestInput::attention_sinks, G::model, K::yes_no, "yes|no",
     "attention layers carry learned sinks (gpt-oss, GptOssForCausalLM: implied by the architecture)", ""},
    {"sliding_window", &RequestInput::sliding_window, G::model, K::integer, "INT",
     "tokens a sliding-window layer attends to (config.json sliding_window)", "", 1, double(std::uint64_t{1} << 32) - 1},
    {"layer_groups", &RequestInput::layer_groups, G::model, K::text, "GROUPS",
     "per-layer groups of a hybrid model, KIND:LAYERS[:hHEAD][:kvHEADS][:wWINDOW] comma-separated, KIND full, "
     "sliding, linear or mamba (full:10:h512,sliding:50:h256:w1024; config.json layer_types)", ""},
    {"speculative_kv_cache_dtype", &RequestInput::speculative_kv_cache_dtype, G::serving, K::text, "CACHE_DTYPE",
     "the drafter's own kv-cache string (vLLM speculative_config.kv_cache_dtype); default: the target's", ""},
};

bool same_name(std::string_view table, std::string_view spelled) noexcept {
  if (table.size() != spelled.size()) return false;
  for (std::size_t i = 0; i < table.size(); ++i)
    if (table[i] != (spelled[i] == '-' ? '_' : spelled[i])) return false;
  return true;
}

bool flag_char(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'; }

// The table as shown: the engine field's help lists every engine of the registry, the default
// (Engine{}) marked, so that a new engine shows in help, the .pyi stub and docs without an edit.
std::span<const RequestField> fields() noexcept {
  static const std::string engine_help = [] {
    std::string out;
    for (const EngineInfo& e : engines())
      out += (out.empty() ? "" : ", ") + std::string(e.name) + (e.id == Engine{} ? " (default)" : "");
    return out;
  }();
  static const auto table = [] {
    std::array<RequestField, std::size(kFields)> t{};
    std::copy(std::begin(kFields), std::end(kFields), t.begin());
    for (RequestField& f : t)
      if (f.name == "engine") f.help = engine_help;
    return t;
  }();
  return table;
}

}  // namespace

std::span<const RequestField> all() noexcept { return fields(); }

const RequestField* find(std::string_view spelling) noexcept {
  for (const RequestField& f : fields())
    if (!spelling.empty() && spelling[0] == '-' && detail::has_word(f.aliases, spelling)) return &f;
  return find_name(spelling);
}

const RequestField* find_name(std::string_view spelling) noexcept {
  while (!spelling.empty() && spelling.front() == '-') spelling.remove_prefix(1);
  // The rows by the length of their names, in table order, built once: make_request() and the
  // launch readers ask by name hundreds of times per workload (a tenth of a webhook review when
  // each asked the whole table); a name is compared with the few rows of its length only.
  static constexpr std::size_t kLengths = 64;
  static const auto by_length = [] {
    std::array<std::vector<const RequestField*>, kLengths + 1> out;  // the last: kLengths and longer
    for (const RequestField& f : fields()) out[std::min(f.name.size(), kLengths)].push_back(&f);
    return out;
  }();
  for (const RequestField* f : by_length[std::min(spelling.size(), kLengths)])
    if (same_name(f->name, spelling)) return f;
  return nullptr;
}

std::string flag(std::string_view name) {
  std::string out = "--";
  for (char c : name) out += c == '_' ? '-' : c;
  return out;
}

Error bad_value(std::string_view field, std::string_view value, std::string_view why) {
  return Error{ErrorCode::bad_value, flag(field) + " '" + detail::printable(value) + "': " + std::string(why)};
}

std::string_view title(Group group) noexcept {
  switch (group) {
    case G::engine: return "Engine";
    case G::hardware: return "Hardware";
    case G::model: return "Model geometry";
    case G::dtypes: return "Kernel dtypes";
    case G::capacity: return "Capacity";
    case G::serving: return "Serving features";
  }
  return "Other";
}

std::string_view python_type(Kind kind) noexcept {
  switch (kind) {
    case K::text: return "Optional[str]";
    case K::integer: return "Union[int, str, None]";
    case K::number: return "Union[float, int, str, None]";
    case K::yes_no: return "Union[bool, str, None]";
  }
  return "Any";
}

std::string without_flag_names(std::string_view message) {
  std::string out;
  out.reserve(message.size());
  std::size_t i = 0;
  while (i < message.size()) {
    // A flag starts a word: "--name" after the start, a space or an opening quote/bracket.
    const bool word_start = i == 0 || message[i - 1] == ' ' || message[i - 1] == '(' || message[i - 1] == '\'';
    if (word_start && message.compare(i, 2, "--") == 0) {
      std::size_t j = i + 2;
      while (j < message.size() && flag_char(message[j])) ++j;
      const std::string_view word = message.substr(i + 2, j - i - 2);
      const RequestField* f = find(word);
      if (f != nullptr && same_name(f->name, word)) {
        out += f->name;
        i = j;
        continue;
      }
      out.append(message.substr(i, j - i));
      i = j;
      continue;
    }
    out += message[i++];
  }
  return out;
}

}  // namespace kvdtype::fields
