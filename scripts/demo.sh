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

for f in examples/launch/*.sh; do
  [[ -f "$f" ]] || continue
  echo "== launch command: $f"
  run check --command-file "$f"
done
exit 0
