trtllm-serve "nvidia/NVIDIA-Nemotron-Nano-9B-v2-NVFP4" \
  --extra_llm_api_options ./extra-llm-api-config.yml \
  --max_num_tokens 30000 \
  --max_seq_len 30000 \
  --max_batch_size 1 \
  --port 8000 --host 0.0.0.0
