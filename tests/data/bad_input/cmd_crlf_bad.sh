vllm serve m \
  --kv-cache-dtype fp9
