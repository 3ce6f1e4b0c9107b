vllm serve m --speculative-config '{"method": "eagle3", "model":'
