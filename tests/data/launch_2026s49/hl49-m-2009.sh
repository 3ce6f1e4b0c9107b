model_name=InternVL2-40B-AWQ
lmdeploy serve api_server $model_name --backend turbomind --model-format awq  --server-port 12315 --session-len 20000 --tp 4 --server-name 0.0.0.0  # --model-name $model_name
