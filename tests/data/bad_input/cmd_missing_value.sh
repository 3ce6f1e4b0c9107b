vllm serve m \
  --kv-cache-dtype
