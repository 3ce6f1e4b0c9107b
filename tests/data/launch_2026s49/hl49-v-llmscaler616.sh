export VLLM_OFFLOAD_WEIGHTS_BEFORE_QUANT=0
VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 \
VLLM_WORKER_MULTIPROC_METHOD=spawn \
vllm serve \
    --model /llm/models/Qwen3.6-27B \
    --served-model-name Qwen3.6-27B \
    --dtype=float16 \
    --enforce-eager \
    --port 8000 \
    --host 0.0.0.0 \
    --trust-remote-code \
    --disable-sliding-window \
    --gpu-memory-util=0.8 \
    --max-num-batched-tokens=8192 \
    --max-model-len=131072 \
    --block-size 64 \
    --quantization sym_int4 \
    -tp=1
