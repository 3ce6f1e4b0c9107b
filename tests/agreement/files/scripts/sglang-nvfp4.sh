#!/bin/bash
export SGLANG_LOG_LEVEL=info
python3 -m sglang.launch_server --model-path Qwen/Qwen3-8B --kv-cache-dtype nvfp4 --port 30000
