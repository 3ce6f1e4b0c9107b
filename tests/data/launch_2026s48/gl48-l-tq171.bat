@echo off
set CUDA_DEVICE_ORDER=PCI_BUS_ID

start /affinity FFF0 /b /wait F:\ai_system\llama-cpp-turboquant-cuda\build_vs\bin\Release\llama-server.exe ^
  -m F:\ai_models\Qwen3.6\27B\Qwen3.6-27B-NEO-CODE-HERE-2T-OT-IQ3_M-MTP.gguf ^
  --mmproj F:\ai_models\Qwen3.6\27B\mmproj\Qwen3.6-27B-uncensored-heretic-v2-Native-MTP-Preserved.mmproj-Q8_0.gguf ^
  --image-min-tokens 1024 ^
  --spec-type draft-mtp ^
  --spec-draft-n-max 2 ^
  -ngl 99 ^
  -ts 50,50 ^
  --threads 12 ^
  -c 204800 ^
  -n 10240 ^
  -b 2048 ^
  -ub 128 ^
  -np 1 ^
  -ctk turbo4 ^
  -ctv turbo3 ^
  -fa on ^
  --temp 0.7 ^
  --top-k 30 ^
  --top-p 0.95 ^
  --min-p 0.00 ^
  --presence_penalty 1.51 ^
  --repeat-penalty 1.01^
  --frequency-penalty 0.1 ^
  --xtc-probability 0 ^
  --mirostat 0 ^
  --samplers "top_k;top_p;min_p;temperature" ^
  --reasoning on ^
  --reasoning-budget 4096 ^
  --seed -1 ^
  --host 0.0.0.0 ^
  --port 8000 ^
  --jinja ^
  --chat-template-file F:\ai_models\Qwen3.6\27B\chat_template.jinja ^
  --ctx-checkpoints 2 ^
  --warmup ^
  --mlock
