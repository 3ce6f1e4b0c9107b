CMD=(
  vllm serve "$M" # c
  --kv-cache-dtype fp8
)
CMD+=(--max-model-len 4096)
"${CMD[@]}"
