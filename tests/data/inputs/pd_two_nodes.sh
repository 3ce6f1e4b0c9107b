#!/bin/bash
# Disaggregated prefill/decode on two nodes: the same model, two servers.
set -euo pipefail
MODEL=${MODEL:-meta-llama/Llama-3.1-70B-Instruct}
KV_DTYPE=fp8
TP=4
export VLLM_USE_V1=1

# prefill node
CUDA_VISIBLE_DEVICES=0,1,2,3 vllm serve "$MODEL" \
  --kv-cache-dtype "${KV_DTYPE}" \
  --tensor-parallel-size $TP \
  --kv-transfer-config '{"kv_connector":"NixlConnector","kv_role":"kv_both"}' \
  --port 8100 &

# decode node
CUDA_VISIBLE_DEVICES=4,5,6,7 vllm serve "$MODEL" \
  --kv-cache-dtype auto \
  --tensor-parallel-size ${DECODE_TP:-3} \
  --kv-transfer-config '{"kv_connector":"NixlConnector","kv_role":"kv_both"}' \
  --port 8200 &
wait
