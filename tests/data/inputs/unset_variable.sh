#!/bin/sh
exec vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype "$KV_CACHE_DTYPE" --port 8000
