// The built-in model catalogue: one row per Hugging Face model id people paste into launch
// commands, with the config.json facts the KV cache depends on (models.hpp). It is used when a
// model id is neither a local directory nor in the Hugging Face cache (sources/model/model_id.cpp); a
// config.json found on disk always wins over a row here.
//
// Sources. Every number is the model's own config.json on the Hub (huggingface.co/<id>, file
// config.json) or, for the parameter count, its model card. They were read (2026-12) through
// public copies that quote them, named per row:
//   KVC = a KV-cache calculator's embedded config table (public GitHub, "KV Cache Calculator -
//         Model Configurations": DeepSeek V3/R1/V3.1/V3.2, Qwen3-32B/235B/Coder-480B, Llama 3.1
//         70B/405B, GLM-4.5/4.5-Air/4.7/4.7-Flash/5, MiniMax-M2, Kimi K2)
//   TD  = kvdtype's own tests/data/models/* (written from the published configs, see its README)
//   GO  = gpt-oss configs quoted by transformers' GptOssConfig and openai/gpt-oss ports
//         (20b: 24 layers, 120b: 36 layers; 64 heads, 8 KV heads, head_dim 64, sliding_window 128
//         on alternating layers)
//   MM  = MiniMax-M2 config quoted by ModelCloud/GPTQModel hf_minimax_m2 and the transformers
//         model doc (230B total parameters)
//   QS  = Qwen3.5-27B as THUDM/slime scripts/models/qwen3.5-27B.sh writes it (64 layers, 24 heads,
//         4 KV groups, kv-channels 256) with full attention every 4th layer (full_attention_interval
//         4, as the Qwen3.5/3.6 27B configs declare)
//   HF  = the config.json on the Hub, numbers as in the transformers/vLLM model docs and the
//         model card (the long-standing Llama, Qwen2.5, Qwen3, Mistral, Gemma, Phi configs);
//         rows that say only "HF" were checked against the family's sibling rows and the
//         model cards' layer/head counts, not against a quoted copy of the file itself
// max_context is config.json's max_position_embeddings (HF), the context vLLM serves without
// --max-model-len; for the rows with YaRN scaling (DeepSeek V2/V3, Kimi K2, gpt-oss) it equals
// original_max_position_embeddings x factor, which is what vLLM derives (vllm/config/model.py
// _get_and_verify_max_len). Left 0 where the scaling makes vLLM's figure differ or the value was
// not confirmed (Gemma 3 with linear scaling, GLM-4.7/5, MiniMax-M2, Qwen3.5).
// Parameter counts are the model cards' totals; weight_bits is the published checkpoint's
// precision (DeepSeek V3 family, Kimi K2 and MiniMax-M2 ship fp8 block-quantized weights).
// gpt-oss (MXFP4 experts) and Kimi-K2-Thinking (int4) leave weight_bits 0: their byte size is
// not a simple bits x parameters product. Models whose config could not be confirmed (Gemma 4,
// Qwen3.5 MoE sizes, Mistral Small 3 / Large 2411, GLM-5's indexer top-k) are left out or leave
// the field 0.
#include "tables/models.hpp"

namespace kvdtype::tables {
namespace {

constexpr ModelRow kModels[] = {
    // ---- Meta Llama 3.x (GQA, 8 KV heads, bf16) -------------------------------------------
    {.id = "meta-llama/Meta-Llama-3-8B-Instruct", .model_type = "llama", .num_layers = 32, .num_heads = 32, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 8.03, .weight_bits = 16, .max_context = 8192, .source = "HF; TD llama3-8b"},
    {.id = "meta-llama/Meta-Llama-3-70B-Instruct", .model_type = "llama", .num_layers = 80, .num_heads = 64, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 70.6, .weight_bits = 16, .max_context = 8192, .source = "HF; TD llama3-70b"},
    {.id = "meta-llama/Llama-3.1-8B", .model_type = "llama", .num_layers = 32, .num_heads = 32, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 8.03, .weight_bits = 16, .max_context = 131072, .source = "HF"},
    {.id = "meta-llama/Llama-3.1-8B-Instruct", .model_type = "llama", .num_layers = 32, .num_heads = 32, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 8.03, .weight_bits = 16, .max_context = 131072, .source = "HF"},
    {.id = "meta-llama/Llama-3.1-70B", .model_type = "llama", .num_layers = 80, .num_heads = 64, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 70.6, .weight_bits = 16, .max_context = 131072, .source = "HF; KVC"},
    {.id = "meta-llama/Llama-3.1-70B-Instruct", .model_type = "llama", .num_layers = 80, .num_heads = 64, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 70.6, .weight_bits = 16, .max_context = 131072, .source = "KVC (hidden 8192 / 64 heads)"},
    {.id = "meta-llama/Llama-3.1-405B", .model_type = "llama", .num_layers = 126, .num_heads = 128, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 405.9, .weight_bits = 16, .max_context = 131072, .source = "KVC (hidden 16384 / 128 heads)"},
    {.id = "meta-llama/Llama-3.1-405B-Instruct", .model_type = "llama", .num_layers = 126, .num_heads = 128, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 405.9, .weight_bits = 16, .max_context = 131072, .source = "HF; KVC (as Llama-3.1-405B)"},
    {.id = "meta-llama/Llama-3.2-1B-Instruct", .model_type = "llama", .num_layers = 16, .num_heads = 32, .num_kv_heads = 8, .head_dim = 64, .dtype = "bfloat16", .params_b = 1.24, .weight_bits = 16, .max_context = 131072, .source = "HF"},
    {.id = "meta-llama/Llama-3.2-3B-Instruct", .model_type = "llama", .num_layers = 28, .num_heads = 24, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 3.21, .weight_bits = 16, .max_context = 131072, .source = "HF"},
    {.id = "meta-llama/Llama-3.3-70B-Instruct", .model_type = "llama", .num_layers = 80, .num_heads = 64, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 70.6, .weight_bits = 16, .max_context = 131072, .source = "HF"},
    {.id = "deepseek-ai/DeepSeek-R1-Distill-Llama-70B", .model_type = "llama", .num_layers = 80, .num_heads = 64, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 70.6, .weight_bits = 16, .max_context = 131072, .source = "HF (Llama-3.3-70B architecture)"},

    // ---- Qwen2.5 (GQA, bf16) -------------------------------------------------------------
    {.id = "Qwen/Qwen2.5-0.5B-Instruct", .model_type = "qwen2", .num_layers = 24, .num_heads = 14, .num_kv_heads = 2, .head_dim = 64, .dtype = "bfloat16", .params_b = 0.49, .weight_bits = 16, .max_context = 32768, .source = "HF model card (24 layers, 14 Q / 2 KV heads); Qwen/Qwen2.5-0.5B config.json as quoted publicly (hidden 896)"},
    {.id = "Qwen/Qwen2.5-1.5B-Instruct", .model_type = "qwen2", .num_layers = 28, .num_heads = 12, .num_kv_heads = 2, .head_dim = 128, .dtype = "bfloat16", .params_b = 1.54, .weight_bits = 16, .max_context = 32768, .source = "HF (hidden 1536 / 12 heads)"},
    {.id = "Qwen/Qwen2.5-3B-Instruct", .model_type = "qwen2", .num_layers = 36, .num_heads = 16, .num_kv_heads = 2, .head_dim = 128, .dtype = "bfloat16", .params_b = 3.09, .weight_bits = 16, .max_context = 32768, .source = "HF (hidden 2048 / 16 heads)"},
    {.id = "Qwen/Qwen2.5-7B-Instruct", .model_type = "qwen2", .num_layers = 28, .num_heads = 28, .num_kv_heads = 4, .head_dim = 128, .dtype = "bfloat16", .params_b = 7.61, .weight_bits = 16, .max_context = 32768, .source = "HF (hidden 3584 / 28 heads; k_proj 3584 -> 512 = 4 KV heads x 128 in a public layer dump)"},
    {.id = "Qwen/Qwen2.5-14B-Instruct", .model_type = "qwen2", .num_layers = 48, .num_heads = 40, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 14.7, .weight_bits = 16, .max_context = 32768, .source = "HF (hidden 5120 / 40 heads)"},
    {.id = "Qwen/Qwen2.5-32B-Instruct", .model_type = "qwen2", .num_layers = 64, .num_heads = 40, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 32.5, .weight_bits = 16, .max_context = 32768, .source = "HF (hidden 5120 / 40 heads)"},
    {.id = "Qwen/Qwen2.5-72B-Instruct", .model_type = "qwen2", .num_layers = 80, .num_heads = 64, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 72.7, .weight_bits = 16, .max_context = 32768, .source = "HF (hidden 8192 / 64 heads)"},
    {.id = "Qwen/Qwen2.5-Coder-32B-Instruct", .model_type = "qwen2", .num_layers = 64, .num_heads = 40, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 32.5, .weight_bits = 16, .max_context = 32768, .source = "HF (Qwen2.5-32B architecture)"},
    {.id = "Qwen/QwQ-32B", .model_type = "qwen2", .num_layers = 64, .num_heads = 40, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 32.5, .weight_bits = 16, .max_context = 40960, .source = "HF (Qwen2.5-32B architecture)"},
    {.id = "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B", .model_type = "qwen2", .num_layers = 64, .num_heads = 40, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 32.8, .weight_bits = 16, .max_context = 131072, .source = "HF (Qwen2.5-32B architecture)"},

    // ---- Qwen3 / Qwen3.5 -------------------------------------------------------------------
    {.id = "Qwen/Qwen3-0.6B", .model_type = "qwen3", .num_layers = 28, .num_heads = 16, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 0.6, .weight_bits = 16, .max_context = 40960, .source = "HF"},
    {.id = "Qwen/Qwen3-1.7B", .model_type = "qwen3", .num_layers = 28, .num_heads = 16, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 1.7, .weight_bits = 16, .max_context = 40960, .source = "HF"},
    {.id = "Qwen/Qwen3-4B", .model_type = "qwen3", .num_layers = 36, .num_heads = 32, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 4.0, .weight_bits = 16, .max_context = 40960, .source = "HF"},
    {.id = "Qwen/Qwen3-8B", .model_type = "qwen3", .num_layers = 36, .num_heads = 32, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 8.2, .weight_bits = 16, .max_context = 40960, .source = "HF; TD qwen3-8b"},
    {.id = "Qwen/Qwen3-14B", .model_type = "qwen3", .num_layers = 40, .num_heads = 40, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 14.8, .weight_bits = 16, .max_context = 40960, .source = "HF"},
    {.id = "Qwen/Qwen3-32B", .model_type = "qwen3", .num_layers = 64, .num_heads = 64, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 32.8, .weight_bits = 16, .max_context = 40960, .source = "KVC"},
    {.id = "Qwen/Qwen3-30B-A3B", .model_type = "qwen3_moe", .num_layers = 48, .num_heads = 32, .num_kv_heads = 4, .head_dim = 128, .dtype = "bfloat16", .params_b = 30.5, .weight_bits = 16, .max_context = 40960, .source = "HF; TD qwen3-30b-a3b"},
    {.id = "Qwen/Qwen3-235B-A22B", .model_type = "qwen3_moe", .num_layers = 94, .num_heads = 64, .num_kv_heads = 4, .head_dim = 128, .dtype = "bfloat16", .params_b = 235, .weight_bits = 16, .max_context = 40960, .source = "KVC"},
    {.id = "Qwen/Qwen3-Coder-480B-A35B-Instruct", .model_type = "qwen3_moe", .num_layers = 62, .num_heads = 96, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 480, .weight_bits = 16, .max_context = 262144, .source = "KVC"},
    {.id = "Qwen/Qwen3-Next-80B-A3B-Instruct", .model_type = "qwen3_next", .num_layers = 48, .kv_layers = 12, .num_heads = 16, .num_kv_heads = 2, .head_dim = 256, .dtype = "bfloat16", .params_b = 80, .weight_bits = 16, .max_context = 262144, .source = "HF; TD qwen3-next-80b-a3b (full attention every 4th layer)"},
    {.id = "Qwen/Qwen3.5-27B", .model_type = "qwen3_5", .num_layers = 64, .kv_layers = 16, .num_heads = 24, .num_kv_heads = 4, .head_dim = 256, .dtype = "bfloat16", .params_b = 27, .weight_bits = 16, .source = "QS"},

    // ---- DeepSeek (MLA; V3.2 adds the DSA indexer) ----------------------------------------
    {.id = "deepseek-ai/DeepSeek-V2", .model_type = "deepseek_v2", .num_layers = 60, .num_heads = 128, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .dtype = "bfloat16", .params_b = 236, .weight_bits = 16, .max_context = 163840, .source = "HF (DeepSeek-V2 paper: 60 layers, 128 heads, d_c 512, d_h^R 64)"},
    {.id = "deepseek-ai/DeepSeek-V2-Chat", .model_type = "deepseek_v2", .num_layers = 60, .num_heads = 128, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .dtype = "bfloat16", .params_b = 236, .weight_bits = 16, .max_context = 163840, .source = "HF (as DeepSeek-V2)"},
    {.id = "deepseek-ai/DeepSeek-V2-Lite", .model_type = "deepseek_v2", .num_layers = 27, .num_heads = 16, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .dtype = "bfloat16", .params_b = 15.7, .weight_bits = 16, .max_context = 163840, .source = "HF"},
    {.id = "deepseek-ai/DeepSeek-V2-Lite-Chat", .model_type = "deepseek_v2", .num_layers = 27, .num_heads = 16, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .dtype = "bfloat16", .params_b = 15.7, .weight_bits = 16, .max_context = 163840, .source = "HF (as DeepSeek-V2-Lite)"},
    {.id = "deepseek-ai/DeepSeek-V3", .model_type = "deepseek_v3", .num_layers = 61, .num_heads = 128, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .dtype = "bfloat16", .params_b = 671, .weight_bits = 8, .max_context = 163840, .source = "KVC; TD deepseek-v3 (61 layers, 128 heads, kv_lora_rank 512, qk_rope 64, qk_nope 128; fp8 weights)"},
    {.id = "deepseek-ai/DeepSeek-V3-0324", .model_type = "deepseek_v3", .num_layers = 61, .num_heads = 128, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .dtype = "bfloat16", .params_b = 671, .weight_bits = 8, .max_context = 163840, .source = "HF (as DeepSeek-V3)"},
    {.id = "deepseek-ai/DeepSeek-R1", .model_type = "deepseek_v3", .num_layers = 61, .num_heads = 128, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .dtype = "bfloat16", .params_b = 671, .weight_bits = 8, .max_context = 163840, .source = "KVC"},
    {.id = "deepseek-ai/DeepSeek-R1-0528", .model_type = "deepseek_v3", .num_layers = 61, .num_heads = 128, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .dtype = "bfloat16", .params_b = 671, .weight_bits = 8, .max_context = 163840, .source = "HF (as DeepSeek-R1)"},
    {.id = "deepseek-ai/DeepSeek-V3.1", .model_type = "deepseek_v3", .num_layers = 61, .num_heads = 128, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .dtype = "bfloat16", .params_b = 671, .weight_bits = 8, .max_context = 163840, .source = "HF; KVC (V3.1-Terminus)"},
    {.id = "deepseek-ai/DeepSeek-V3.1-Terminus", .model_type = "deepseek_v3", .num_layers = 61, .num_heads = 128, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .dtype = "bfloat16", .params_b = 671, .weight_bits = 8, .max_context = 163840, .source = "KVC"},
    {.id = "deepseek-ai/DeepSeek-V3.2-Exp", .model_type = "deepseek_v32", .num_layers = 61, .num_heads = 128, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .index_topk = 2048, .dtype = "bfloat16", .params_b = 671, .weight_bits = 8, .max_context = 163840, .source = "HF; TD deepseek-v3.2 (index_topk 2048)"},
    {.id = "deepseek-ai/DeepSeek-V3.2", .model_type = "deepseek_v32", .num_layers = 61, .num_heads = 128, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .index_topk = 2048, .dtype = "bfloat16", .params_b = 671, .weight_bits = 8, .max_context = 163840, .source = "KVC; TD deepseek-v3.2"},

    // ---- Moonshot Kimi K2 (DeepSeek V3 architecture, 64 heads) -----------------------------
    {.id = "moonshotai/Kimi-K2-Instruct", .model_type = "kimi_k2", .num_layers = 61, .num_heads = 64, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .dtype = "bfloat16", .params_b = 1000, .weight_bits = 8, .max_context = 131072, .source = "KVC; TD kimi-k2"},
    {.id = "moonshotai/Kimi-K2-Instruct-0905", .model_type = "kimi_k2", .num_layers = 61, .num_heads = 64, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .dtype = "bfloat16", .params_b = 1000, .weight_bits = 8, .max_context = 262144, .source = "HF (as Kimi-K2-Instruct)"},
    {.id = "moonshotai/Kimi-K2-Thinking", .model_type = "kimi_k2", .num_layers = 61, .num_heads = 64, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .qk_nope_head_dim = 128, .dtype = "bfloat16", .params_b = 1000, .weight_bits = 0, .max_context = 262144, .source = "HF (as Kimi-K2-Instruct; int4 weights: size not modelled)"},

    // ---- Z.ai GLM --------------------------------------------------------------------------
    {.id = "zai-org/GLM-4.5", .model_type = "glm4_moe", .num_layers = 92, .num_heads = 96, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 355, .weight_bits = 16, .max_context = 131072, .source = "KVC; zai-org/GLM-4.5 README (355B total)"},
    {.id = "zai-org/GLM-4.5-Air", .model_type = "glm4_moe", .num_layers = 46, .num_heads = 96, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 106, .weight_bits = 16, .max_context = 131072, .source = "KVC; zai-org/GLM-4.5 README (106B total)"},
    {.id = "zai-org/GLM-4.6", .model_type = "glm4_moe", .num_layers = 92, .num_heads = 96, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 355, .weight_bits = 16, .max_context = 202752, .source = "HF (GLM-4.5 architecture)"},
    {.id = "zai-org/GLM-4.7", .model_type = "glm4_moe", .num_layers = 92, .num_heads = 96, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 355, .weight_bits = 16, .source = "KVC"},
    {.id = "zai-org/GLM-4.7-Flash", .model_type = "glm4_moe_lite", .num_layers = 47, .num_heads = 20, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .dtype = "bfloat16", .source = "KVC (MLA: kv_lora_rank 512, qk_rope_head_dim 64)"},
    // GLM-5.3-Flash (glm5_next): 45 layers, three KDA linear-attention layers to one DSA layer (11
    // own a KV cache), a NoPE latent (qk_rope_head_dim 0, qk_nope_head_dim 256); numbers as
    // kvdtype's tests/data/models/README.md records them from the public ports (read 2026-10).
    {.id = "zai-org/GLM-5.3-Flash", .model_type = "glm_moe_dsa", .num_layers = 45, .kv_layers = 11, .num_heads = 64, .kv_lora_rank = 512, .qk_rope_head_dim = 0, .qk_nope_head_dim = 256, .index_topk = 2048, .dtype = "bfloat16", .source = "TD glm-5.3-flash-style (public glm5_next ports)"},
    {.id = "zai-org/GLM-5", .model_type = "glm_moe_dsa", .num_layers = 78, .num_heads = 64, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .dtype = "bfloat16", .source = "KVC (DSA; index_topk not confirmed)"},

    // ---- MiniMax ---------------------------------------------------------------------------
    {.id = "MiniMaxAI/MiniMax-M2", .model_type = "minimax_m2", .num_layers = 62, .num_heads = 48, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 230, .weight_bits = 8, .source = "MM; KVC"},

    // ---- Mistral / Mixtral -----------------------------------------------------------------
    {.id = "mistralai/Mistral-7B-Instruct-v0.3", .model_type = "mistral", .num_layers = 32, .num_heads = 32, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 7.25, .weight_bits = 16, .max_context = 32768, .source = "HF (hidden 4096 / 32 heads)"},
    {.id = "mistralai/Mistral-Nemo-Instruct-2407", .model_type = "mistral", .num_layers = 40, .num_heads = 32, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 12.2, .weight_bits = 16, .max_context = 1024000, .source = "Mistral-Nemo model card (40 layers, 32 heads, 8 KV heads, head dim 128); Mistral-Nemo-Base-2407 config.json as quoted publicly"},
    {.id = "mistralai/Mixtral-8x7B-Instruct-v0.1", .model_type = "mixtral", .num_layers = 32, .num_heads = 32, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 46.7, .weight_bits = 16, .max_context = 32768, .source = "HF; TD mixtral-8x7b"},
    {.id = "mistralai/Mixtral-8x22B-Instruct-v0.1", .model_type = "mixtral", .num_layers = 56, .num_heads = 48, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 141, .weight_bits = 16, .max_context = 65536, .source = "HF (hidden 6144 / 48 heads)"},

    // ---- Google Gemma 2 / 3 (local sliding-window layers alternate with global ones) -------
    {.id = "google/gemma-2-2b-it", .model_type = "gemma2", .num_layers = 26, .num_heads = 8, .num_kv_heads = 4, .head_dim = 256, .sliding_window = 4096, .dtype = "bfloat16", .params_b = 2.61, .weight_bits = 16, .max_context = 8192, .source = "HF"},
    {.id = "google/gemma-2-9b-it", .model_type = "gemma2", .num_layers = 42, .num_heads = 16, .num_kv_heads = 8, .head_dim = 256, .sliding_window = 4096, .dtype = "bfloat16", .params_b = 9.24, .weight_bits = 16, .max_context = 8192, .source = "HF"},
    {.id = "google/gemma-2-27b-it", .model_type = "gemma2", .num_layers = 46, .num_heads = 32, .num_kv_heads = 16, .head_dim = 128, .sliding_window = 4096, .dtype = "bfloat16", .params_b = 27.2, .weight_bits = 16, .max_context = 8192, .source = "HF"},
    {.id = "google/gemma-3-1b-it", .model_type = "gemma3_text", .num_layers = 26, .num_heads = 4, .num_kv_heads = 1, .head_dim = 256, .sliding_window = 512, .dtype = "bfloat16", .params_b = 1.0, .weight_bits = 16, .source = "HF (26 layers, 4 heads, 1 KV head, head_dim 256 as a public Gemma 3 port writes them; sliding_window 512 in the HF config, one port writes 1024)"},
    {.id = "google/gemma-3-4b-it", .model_type = "gemma3", .num_layers = 34, .num_heads = 8, .num_kv_heads = 4, .head_dim = 256, .sliding_window = 1024, .dtype = "bfloat16", .params_b = 4.3, .weight_bits = 16, .source = "HF (text_config)"},
    {.id = "google/gemma-3-12b-it", .model_type = "gemma3", .num_layers = 48, .num_heads = 16, .num_kv_heads = 8, .head_dim = 256, .sliding_window = 1024, .dtype = "bfloat16", .params_b = 12.2, .weight_bits = 16, .source = "HF (text_config)"},
    {.id = "google/gemma-3-27b-it", .model_type = "gemma3", .num_layers = 62, .num_heads = 32, .num_kv_heads = 16, .head_dim = 128, .sliding_window = 1024, .dtype = "bfloat16", .params_b = 27.4, .weight_bits = 16, .source = "HF (text_config); a public Gemma 3 port: 62 layers, 32 heads, 16 KV heads, head_dim 128, sliding_window 1024"},

    // ---- Microsoft Phi ---------------------------------------------------------------------
    {.id = "microsoft/Phi-3-mini-4k-instruct", .model_type = "phi3", .num_layers = 32, .num_heads = 32, .num_kv_heads = 32, .head_dim = 96, .dtype = "bfloat16", .params_b = 3.82, .weight_bits = 16, .max_context = 4096, .source = "HF (hidden 3072 / 32 heads); Phi-3 mini is full MHA (32 KV heads) per public ports"},
    {.id = "microsoft/phi-4", .model_type = "phi3", .num_layers = 40, .num_heads = 40, .num_kv_heads = 10, .head_dim = 128, .dtype = "bfloat16", .params_b = 14.7, .weight_bits = 16, .max_context = 16384, .source = "HF (hidden 5120 / 40 heads)"},
    {.id = "microsoft/Phi-4-mini-instruct", .model_type = "phi3", .num_layers = 32, .num_heads = 24, .num_kv_heads = 8, .head_dim = 128, .dtype = "bfloat16", .params_b = 3.84, .weight_bits = 16, .max_context = 131072, .source = "HF; pytorch/executorch examples/models/phi_4_mini/config/config.json (dim 3072, 24 heads, 8 KV heads, 32 layers)"},

    // ---- OpenAI gpt-oss (sliding window 128 on every other layer) ---------------------------
    {.id = "openai/gpt-oss-20b", .model_type = "gpt_oss", .num_layers = 24, .num_heads = 64, .num_kv_heads = 8, .head_dim = 64, .sliding_window = 128, .dtype = "bfloat16", .params_b = 21, .weight_bits = 0, .max_context = 131072, .source = "GO"},
    {.id = "openai/gpt-oss-120b", .model_type = "gpt_oss", .num_layers = 36, .num_heads = 64, .num_kv_heads = 8, .head_dim = 64, .sliding_window = 128, .dtype = "bfloat16", .params_b = 117, .weight_bits = 0, .max_context = 131072, .source = "GO"},
};

}  // namespace

std::span<const ModelRow> model_rows() noexcept { return kModels; }

}  // namespace kvdtype::tables
