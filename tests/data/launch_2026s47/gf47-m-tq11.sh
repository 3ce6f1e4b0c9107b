while true; do
  echo "Starting MLX Server..."
  /Users/a1/miniconda3/bin/mlx_lm.server \
    --model "/Users/a1/.lmstudio/models/catalystsec/GLM-5.1-4bit" \
    --trust-remote-code \
    --host 127.0.0.1 \
    --port 1234 \
    --max-tokens 205536 \
    --prompt-cache-bytes 70G \
    --prompt-cache-size 20 \
    --prompt-concurrency 2 \
    --decode-concurrency 2
  echo "Server stopped. Restarting in 3 seconds..."
  sleep 3
done
