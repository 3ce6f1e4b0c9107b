cat > c.yaml <<EOF
kv-cache-dtype: $DT
EOF
serve() { vllm serve m --config c.yaml "$@"; }
for t in 1 2; do serve -tp $t; done
