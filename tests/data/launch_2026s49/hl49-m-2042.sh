lmdeploy serve api_server /root/data/models/InternVL2-26B-int8 \
--backend pytorch \
--chat-template /root/lhd/inference/intervl2/chat_template.json \
--server-port 8001 \
--tp 8 \
--model-format awq
