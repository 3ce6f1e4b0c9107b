SERVER_ARGS=(
  --model-path black-forest-labs/FLUX.2-klein-4B
  --text-encoder-cpu-offload
  --pin-cpu-memory
  --num-gpus 1
  --ulysses-degree=1
  --ring-degree=1
  --port 30010
)

sglang serve "${SERVER_ARGS[@]}"
