#!/usr/bin/env bash
# Set up, build the CLI, and run it on the bundled examples: the three reports kvdtype was
# founded on, as flags and as the launch commands people actually type.
set -uo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh || exit 2
cmake --preset release -DKVDTYPE_BUILD_TESTS=OFF -DKVDTYPE_BUILD_EXAMPLES=OFF >/dev/null || exit 2
cmake --build --preset release --target kvdtype_cli >/dev/null || exit 2
kvdtype=./build/release/tools/kvdtype/kvdtype

run() {
  printf '\n$ kvdtype %s\n' "$*"
  "$kvdtype" "$@"
  printf '(exit %d)\n' "$?"
}

echo "== 1. fp8 KV declared to an MLA kernel as uint8 (vLLM, H100, GLM-5.3-Flash style sparse MLA)"
run check --gpu H100 --model-dtype bfloat16 --attention sparse-mla --head-size 512 --kv-cache-dtype fp8 \
  --backend FLASHINFER_MLA_SPARSE_SM90 --kv-dtype uint8
echo "== ... while uint8 *storage* is what vLLM legitimately allocates"
run check --gpu H100 --model-dtype bfloat16 --attention mla --head-size 576 --kv-cache-dtype fp8 \
  --backend FLASHMLA --kv-storage-dtype uint8

echo "== 2. TurboQuant k8v4 on A100 with a bf16 model (Triton's software fp8e4b15)"
run check --gpu A100 --model-dtype bfloat16 --kv-cache-dtype turboquant_k8v4
echo "== ... fine on H100"
run check --gpu H100 --model-dtype bfloat16 --kv-cache-dtype turboquant_k8v4

echo "== 3. ROCm AITER MLA with an fp8 cache: Q must be fp8 too (MI300X: fnuz)"
run check --gpu MI300X --model-dtype bfloat16 --attention mla --kv-cache-dtype fp8 \
  --backend ROCM_AITER_MLA --q-dtype bfloat16 --data-parallel-size 8

# The founding launch commands as people paste them, each with the GPU its report ran on (the
# file names say it: the checks that need the GPU run only when it is known).
for pair in seed1_glm_flash_fp8_h100.sh:H100 seed2_turboquant_a100_bf16.sh:A100 seed3_aiter_mla_fp8_mi300x.sh:MI300X; do
  f=examples/launch/${pair%%:*}
  echo "== launch command: $f on ${pair##*:}"
  run check --gpu "${pair##*:}" --command-file "$f"
done
echo "== the same command without a GPU: INCOMPLETE (exit 0), never ACCEPTED for what was not checked"
run check --command-file examples/launch/seed1_glm_flash_fp8_h100.sh
echo "== ... and failing under --fail-on incomplete (exit 1)"
run check --fail-on incomplete --command-file examples/launch/seed1_glm_flash_fp8_h100.sh
exit 0
