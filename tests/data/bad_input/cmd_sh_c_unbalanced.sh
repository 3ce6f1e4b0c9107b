bash -c 'vllm serve m --kv-cache-dtype "fp8'
