# server
  python3 -m sglang.launch_server \
      --model-path Qwen/Qwen3.5-35B-A3B-FP8 \
      --kv-cache-dtype nvfp4 \
      --prefill-attention-backend flashinfer \
      --decode-attention-backend trtllm_mha \
      --disable-radix-cache \
      --port 8005
