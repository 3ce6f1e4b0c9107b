# Founding report 3 — Q/KV dtype mismatch on ROCm AITER MLA.
# Where: 8x MI300X (gfx942), DeepSeek V3 (MLA), fp8 KV cache, data-parallel attention.
# What happened: AITER MLA with an fp8 cache quantises Q to fp8 (float8_e4m3fnuz on gfx942) as
# well, but the metadata call was given Q as bf16; the kernel chose a wrong tile layout and
# faulted during CUDA-graph capture under DP attention (TP8 hid it through a special branch).
# Check it:  kvdtype check --gpu MI300X --command-file examples/launch/seed3_aiter_mla_fp8_mi300x.sh
#            kvdtype check --gpu MI300X --attention mla --model-dtype bfloat16 --kv-cache-dtype fp8 \
#                --backend ROCM_AITER_MLA --q-dtype bfloat16 --data-parallel-size 8              (KVD030)
# A sample launch command: text for `kvdtype check`, never executed by the build.
VLLM_ROCM_USE_AITER=1 \
vllm serve deepseek-ai/DeepSeek-V3 \
  --dtype bfloat16 \
  --kv-cache-dtype fp8 \
  --data-parallel-size 8 \
  --enable-expert-parallel \
  --trust-remote-code
