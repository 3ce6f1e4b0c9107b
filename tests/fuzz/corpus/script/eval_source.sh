set -- org/m fp8
eval "vllm serve $1 --kv-cache-dtype $2"
A=$(cat c.yaml)
source env.sh
./wrap.sh python3 -m sglang.launch_server --model-path m
