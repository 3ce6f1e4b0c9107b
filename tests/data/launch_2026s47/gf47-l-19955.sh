# Aiming for 4GB free on the RTX, to actually end up with ~1GB, necessary for KDE, otherwise I get display issues...
./llama-server \
    -m /home/user/.lmstudio/models/unsloth/Qwen3.5-35B-A3B-GGUF/Qwen3.5-35B-A3B-UD-Q8_K_XL.gguf \
    --mmproj /home/user/.lmstudio/models/unsloth/Qwen3.5-35B-A3B-GGUF/mmproj-F32.gguf \
   --port 1234 --host 0.0.0.0 -fa on --no-mmap --fit-target 4096,256 \
  -b 2048 -ub 2048 -c 100000 \
  --temp 0.6 --top-k 20 --top-p 0.95 --min-p 0.00
