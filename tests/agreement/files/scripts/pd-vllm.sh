#!/bin/bash
# Disaggregated prefill/decode on one H100 node: NIXL moves the KV from the prefill to the decode server.
set -e
MODEL=meta-llama/Llama-3.1-8B-Instruct
CUDA_VISIBLE_DEVICES=0 vllm serve $MODEL --port 8100 --kv-cache-dtype fp8 \
  --kv-transfer-config '{"kv_connector":"NixlConnector","kv_role":"kv_both"}' &
CUDA_VISIBLE_DEVICES=1 vllm serve $MODEL --port 8200 --kv-cache-dtype auto \
  --kv-transfer-config '{"kv_connector":"NixlConnector","kv_role":"kv_both"}' &
wait
