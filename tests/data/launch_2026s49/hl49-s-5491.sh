python -m sglang.launch_server --model /mnt/data/open_source/QwQ-32B/Qwen__QwQ-32B/   --served-model-name Qwen-32B --speculative-algorithm EAGLE \
    --speculative-draft-model-path /mnt/train/eagle/EAGLE-1/ckpt_2/state_1/ --speculative-num-steps 3 \
    --speculative-eagle-topk 2 --speculative-num-draft-tokens 8 --cuda-graph-max-bs 8 --port 9123 --tensor-parallel-size 2 --mem-fraction-static 0.8 --attention-backend fa3 --enable-torch-compile --max-running-requests 100
