SGLANG_JIT_DEEPGEMM_PRECOMPILE=0 \
SGLANG_OPT_SWA_SPLIT_LEAF_ON_INSERT=1 \
SGLANG_OPT_USE_JIT_NORM=1 \
SGLANG_OPT_USE_JIT_INDEXER_METADATA=1 \
SGLANG_OPT_USE_TOPK_V2=1 \
SGLANG_OPT_USE_CUSTOM_ALL_REDUCE_V2=1 \
SGLANG_OPT_SWA_EVICT_DROP_PAGE_MARGIN=1 \
SGLANG_OPT_USE_FAST_MASK_EP=1 \
SGLANG_OPT_FIX_MEGA_MOE_MEMORY=1 \
SGLANG_OPT_FIX_NEXTN_MEGA_MOE=1 \
SGLANG_DEEPEP_NUM_MAX_DISPATCH_TOKENS_PER_RANK=0 \
NVSHMEM_DISABLE_IB=1 \
SGLANG_OPT_SWA_RELEASE_LEAF_LOCK_AFTER_WINDOW=1 \
SGLANG_OPT_USE_DEEPGEMM_MEGA_MOE=1 \
SGLANG_OPT_FIX_HASH_MEGA_MOE=1 \
SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK=8320 \
sglang serve \
  --trust-remote-code \
  --model-path deepseek-ai/DeepSeek-V4-Pro \
  --tp 8 \
  --dp 8 \
  --enable-dp-attention \
  --moe-a2a-backend deepep \
  --mem-fraction-static 0.835 \
  --cuda-graph-max-bs 544 \
  --swa-full-tokens-ratio 0.075 \
  --chunked-prefill-size 65536 \
  --tokenizer-worker-num 8 \
  --enable-prefill-delayer \
  --deepep-config '{"normal_dispatch":{"num_sms":96},"normal_combine":{"num_sms":96}}' \
  --tool-call-parser deepseekv4 \
  --reasoning-parser deepseek-v4 \
  --host 0.0.0.0 \
  --port 30000
