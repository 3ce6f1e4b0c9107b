@echo off
chcp 65001 >nul
cd /d "D:\llama.cpp"

echo.
echo    Prompt Cache: 16384 MiB
echo.

.\llama-server.exe ^
  --model "D:\GGUF\unsloth\Qwen3-30B-A3B-128K-GGUF\Qwen3-30B-A3B-128K-UD-Q4_K_XL.gguf" ^
  --ctx-size 8192 ^
  --n-gpu-layers 49 ^
  --cache-ram 16384 ^
  --threads 12 ^
  --port 6008 ^
  --host 0.0.0.0

if %errorlevel% neq 0 (
    echo.
    pause
)