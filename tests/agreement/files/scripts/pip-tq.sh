#!/bin/sh
pip install vllm==0.25.1
vllm serve Qwen/Qwen3-8B --dtype bfloat16 --kv-cache-dtype turboquant_k8v4
