vllm serve Qwen/Qwen3.5-122B-A10B-FP8 --port 8000 --gpu-memory-utilization 0.85 --max-model-len 32768 \
  --kv-cache-dtype fp8 --max-num-seqs 64 --no-enable-prefix-caching
