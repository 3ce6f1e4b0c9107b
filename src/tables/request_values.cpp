// The known names of issue 28's enumerated request fields (tables/rows/request_value.hpp), the
// union over the engines that spell them: each row names the engine files it was read from.
#include "tables/rows/request_value.hpp"


namespace kvdtype::tables {
namespace {

constexpr RequestValues kValues[] = {
    {"weight_quantization",
     // vLLM QuantizationMethods and older names still written in recipes; SGLang's choices;
     // config.json quant_method values the Hugging Face quantizers write.
     "awq auto_awq awq_marlin cpu_awq fp8 fbgemm_fp8 fp_quant modelopt modelopt_fp4 modelopt_fp8 modelopt_mxfp8 "
     "modelopt_mixed gguf gptq auto_gptq gptq_marlin marlin humming compressed-tensors bitsandbytes experts_int8 quark "
     "moe_wna16 torchao inc mxfp4 gpt_oss_mxfp4 deepseek_v4_fp8 online fp8_per_tensor fp8_per_block fp8_per_channel "
     "int8_per_channel_weight_only nvfp4_per_token mxfp8 petit_nvfp4 nvfp4_online w8a8_int8 w8a8_fp8 w4afp8 qoq "
     "auto-round modelslim ptpc_fp8 hqq aqlm eetq bitnet ascend w4a16_awq w4a8_awq",
     "",
     "vllm/model_executor/layers/quantization/__init__.py QuantizationMethods; vllm-ascend's registry "
     "(ascend, compressed-tensors); sglang/srt/server_args.py QUANTIZATION_CHOICES; transformers "
     "utils/quantization_config.py QuantizationMethod; TensorRT-LLM tensorrt_llm/quantization/mode.py QuantAlgo "
     "(W4A16_AWQ, W4A8_AWQ: hf_quant_config.json quant_algo, lower-cased)"},
    {"speculative_method",
     // vLLM SpeculativeMethod (with every *_mtp model type of MTPModelTypes); SGLang
     // --speculative-algorithm (EAGLE EAGLE3 NEXTN STANDALONE NGRAM), lower-cased.
     "ngram ngram_gpu medusa mlp_speculator draft_model suffix eagle eagle3 extract_hidden_states mtp dflash "
     "custom_class nextn standalone dspark",
     "_mtp",
     "vllm/config/speculative.py SpeculativeMethod, MTPModelTypes; sglang/srt/speculative/spec_info.py "
     "SpeculativeAlgorithm; dspark: vLLM's DeepSeek-V4 drafter method ('method': 'dspark', vllm-project/vllm#50720 "
     "on the 0.26.0 wheel, #51538)"},
    // flashinfer_sparse_mla (SGLang #26928, SM120 sparse MLA through FlashInfer) is a choice by
    // v0.5.20, whose image accepts it and then gates it to GlmMoeDsa architectures (#40286);
    // flashmla_sparse_q8 is in the choices of a later main snapshot (arg_groups ExecKernel).
    {"dsa_prefill_backend", "flashmla_sparse flashmla_sparse_q8 flashmla_kv flashmla_auto flashinfer_sparse_mla fa3 tilelang aiter trtllm", "",
     "sglang/srt/server_args.py NSA_CHOICES (--nsa-prefill-backend; trtllm added 2026); sglang/srt/arg_groups "
     "ExecKernel.dsa_prefill_backend choices (main, late 2026); sgl-project/sglang#40286 (v0.5.20)"},
    {"dsa_decode_backend", "flashmla_sparse flashmla_sparse_q8 flashmla_kv flashmla_auto flashinfer_sparse_mla fa3 tilelang aiter trtllm flashmla auto", "",
     "sglang/srt/server_args.py NSA_CHOICES (--nsa-decode-backend); sglang/srt/arg_groups ExecKernel.dsa_decode_backend "
     "choices (main, late 2026); sgl-project/sglang#40286 (v0.5.20); flashmla and auto: --dsv4-attn-backend, which "
     "launch_flags_sglang.cpp reads into this field (arg_groups/fields/exec_.py dsv4_attn_backend, sgl-project/sglang#30805)"},
};

// Whether `word` is one of the space-separated words of `list`.
bool listed(std::string_view list, std::string_view word) noexcept {
  while (!list.empty()) {
    const std::size_t sp = list.find(' ');
    if (list.substr(0, sp) == word) return true;
    if (sp == std::string_view::npos) break;
    list.remove_prefix(sp + 1);
  }
  return false;
}

bool ends_with(std::string_view s, std::string_view end) noexcept {
  return s.size() > end.size() && s.substr(s.size() - end.size()) == end;
}

}  // namespace

std::span<const RequestValues> request_values() noexcept { return kValues; }

bool request_value_known(std::string_view field, std::string_view value) noexcept {
  for (const RequestValues& row : kValues) {
    if (row.field != field) continue;
    if (listed(row.words, value)) return true;
    std::string_view s = row.suffixes;
    while (!s.empty()) {
      const std::size_t sp = s.find(' ');
      if (ends_with(value, s.substr(0, sp))) return true;
      if (sp == std::string_view::npos) break;
      s.remove_prefix(sp + 1);
    }
    return false;
  }
  return true;
}

}  // namespace kvdtype::tables
