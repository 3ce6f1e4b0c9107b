# Founding report 2 — TurboQuant on A100 with a bf16 model (fixed by vllm-project/vllm#39988).
# Where: A100 (sm_80). --kv-cache-dtype turboquant_k8v4 makes the Triton store kernel convert K
# to fp8 in software (fp8e4b15), which only accepts fp16/fp32 input: a bf16 model fails to
# compile, surfacing as the unrelated "Unknown TurboQuant cache dtype: 'auto'". On sm_89+ the
# native fp8e4nv path is used and the bug does not occur.
# Check it:  kvdtype check --gpu A100 --command-file examples/launch/seed2_turboquant_a100_bf16.sh
# A sample launch command: text for `kvdtype check`, never executed by the build.
vllm serve meta-llama/Llama-3.1-8B-Instruct \
  --dtype bfloat16 \
  --kv-cache-dtype turboquant_k8v4 \
  --max-model-len 16384
