vllm serve $(cat model --kv-cache-dtype fp8
