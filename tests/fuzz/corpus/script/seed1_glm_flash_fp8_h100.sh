# Founding report 1 — uint8-for-fp8 (vllm-project/vllm#55221, fixed by #55222).
# Where: 1x H100 (sm_90). Model: GLM-4.7-Flash, an MLA model (bf16 weights), sparse attention.
# What happened: vLLM allocated the fp8 cache as torch.uint8 and handed that dtype to
# FlashInfer's MLA plan() as kv_data_type; FlashInfer only accepts float16, bfloat16 and
# float8_e4m3fn and died with "MLA kv_data_type torch.uint8 is not supported".
# Check it:  kvdtype check --gpu H100 --command-file examples/launch/seed1_glm_flash_fp8_h100.sh
#            kvdtype check --gpu H100 --attention sparse-mla --model-dtype bfloat16 \
#                --kv-cache-dtype fp8 --backend FLASHINFER_MLA_SPARSE_SM90 --kv-dtype uint8   (KVD020)
# A sample launch command: text for `kvdtype check`, never executed by the build.
VLLM_ATTENTION_BACKEND=FLASHINFER_MLA_SPARSE_SM90 \
vllm serve zai-org/GLM-4.7-Flash \
  --dtype bfloat16 \
  --kv-cache-dtype fp8 \
  --max-model-len 32768 \
  --gpu-memory-utilization 0.9
