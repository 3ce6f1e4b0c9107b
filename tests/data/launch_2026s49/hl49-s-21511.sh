python3 -m sglang.launch_server \
  --model DeepSeek-V3.2 \
  --tp 8 \
  --port 9000 --trust-remote-code \
  --nsa-prefill-backend tilelang --nsa-decode-backend tilelang \
  --disable-radix-cache --mem-fraction-static 0.85 --kv-cache-dtype fp8_e4m3
