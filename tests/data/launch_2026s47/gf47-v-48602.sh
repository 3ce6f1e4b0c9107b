export VLLM_SM120_REFERENCE_DEEPSEEK_V4_ATTENTION=1
export VLLM_SM120_REFERENCE_TOPK_CHUNK_SIZE=256
export VLLM_SM120_REFERENCE_QUERY_CHUNK_SIZE=128
export VLLM_ENABLE_CUDA_COMPATIBILITY=1
export VLLM_CUDA_COMPATIBILITY_PATH="${CONDA_PREFIX}/cuda-compat"
export VLLM_ATTENTION_BACKEND=FLASHMLA
vllm serve \
 /data/nfs_63_200g/DeepSeek-V4-Flash/ \
 --trust-remote-code \
 --enforce-eager  \
 --kv-cache-dtype fp8 \
 --block-size 256 \
 --tensor-parallel-size 8 \
 --tokenizer-mode deepseek_v4 \
 --tool-call-parser deepseek_v4 \
 --enable-auto-tool-choice \
 --reasoning-parser deepseek_v4 \
 --host 0.0.0.0 --port 8005 \
 --served-model-name VLLM-MODEL \
 --gpu-memory-utilization 0.9 \
 --max-num-seqs 64 \
 --max-model-len 512000  \
 --compilation-config '{"cudagraph_mode":"FULL_AND_PIECEWISE", "custom_ops":["all"]}' \
 --async-scheduling \
 --enable-prefix-caching \
 --load-format auto \
 --pipeline-parallel-size 1 \
 --data-parallel-size 1 \
 --max-cudagraph-capture-size 256
