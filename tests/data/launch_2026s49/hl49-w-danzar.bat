@echo off
chcp 65001 >nul
echo ========================================
echo DanzarAI - Manual Server Startup
echo ========================================
echo.

echo 🧹 Cleaning up existing processes...
for /f "tokens=5" %%a in ('netstat -aon ^| findstr :8083') do (
    echo Killing process %%a on port 8083
    taskkill /F /PID %%a 2>nul
)

timeout /t 2 /nobreak >nul

echo.
echo 🚀 Starting Required Servers...
echo.

echo    This may take 30-60 seconds to load the model...
start "Qwen2.5-VL Server" cmd /k "cd /d %~dp0llama-cpp-cuda && llama-server.exe --model ..\models-gguf\Qwen_Qwen2.5-VL-7B-Instruct-Q4_K_M.gguf --mmproj ..\models-gguf\Qwen2.5-VL-7B-Instruct-mmproj-f16.gguf --port 8083 --host 0.0.0.0 --n-gpu-layers 99 --ctx-size 4096 --threads 8"

echo.
timeout /t 15 /nobreak >nul

echo.
echo    - Qwen2.5-VL: http://localhost:8083
echo.
pause 