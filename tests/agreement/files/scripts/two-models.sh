#!/bin/bash
# Two independent servers on one node.
vllm serve meta-llama/Llama-3.1-8B-Instruct --port 8000 --kv-cache-dtype fp8 --gpu-memory-utilization 0.45 &
vllm serve Qwen/Qwen3-8B --port 8001 --gpu-memory-utilization 0.45 &
wait
