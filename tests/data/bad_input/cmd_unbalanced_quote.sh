vllm serve 'meta-llama/Llama-3.1-8B --kv-cache-dtype fp8
