LMDEPLOY_DP_MASTER_ADDR=172.16.4.52 \
LMDEPLOY_DP_MASTER_PORT=29555 \
lmdeploy serve api_server \
    deepseek-ai/DeepSeek-V3 \
    --backend pytorch \
    --ep 16 \
    --dp 16  \
    --proxy-url http://172.16.4.52:23333 \
    --nnodes 2 \
    --node-rank 0
