// The rule table: one row per rule, codes never reused. Each row has a page
// docs/rules/<code>.md and a trigger (kvdtype arguments) that `kvdtype rules --lint` and the
// tests run to prove the rule fires. Placeholders are listed in docs/rules/README.md.
#include "tables/rule_id.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

using enum Severity;

constexpr Rule kRules[] = {
    // ---- the kv-cache string itself ------------------------------------------------------
    {.code = "KVD001", .severity = error,
     .title = "unknown kv-cache dtype",
     .message = "'{value}' is not a {engine} kv-cache dtype",
     .fix = "use one of the engine's strings: {detail}",
     .source = "vllm/config/cache.py CacheDType; sglang server_args.py --kv-cache-dtype choices",
     .trigger = "check --engine vllm --gpu H100 --kv-cache-dtype fp9"},
    {.code = "KVD002", .severity = error,
     .title = "deprecated kv-cache dtype",
     .message = "{engine} no longer accepts --kv-cache-dtype {kv_cache_dtype}: {detail}",
     .fix = "use --kv-cache-dtype {value}",
     .source = "sglang mem_cache/kv_cache_dtype.py (fp4_e2m1 raises, use fp4_mx_block16)",
     .trigger = "check --engine sglang --gpu B200 --model-dtype bfloat16 --kv-cache-dtype fp4_e2m1"},
    {.code = "KVD003", .severity = error,
     .title = "kv-cache dtype not available here",
     .message = "{engine} refuses --kv-cache-dtype {kv_cache_dtype} on {target}: {detail}",
     .fix = "pick a kv-cache dtype the engine supports on {target}, or a GPU that supports {kv_cache_dtype}",
     .source = "engine config validators (see the constraint row's source)",
     .trigger = "check --engine sglang --gpu H100 --model-dtype bfloat16 --kv-cache-dtype nvfp4"},
    {.code = "KVD004", .severity = info,
     .title = "auto follows the checkpoint's KV quantization",
     .message = "--kv-cache-dtype auto becomes {cache_dtype} because the checkpoint declares {value} KV quantization",
     .fix = "pass the engine's 16-bit kv-cache string (vLLM: bfloat16 or float16; SGLang: bfloat16) to keep a 16-bit cache",
     .source = "vllm/utils/torch_utils.py resolve_kv_cache_dtype_string; sglang kv_cache_quant_algo handling",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --kv-cache-dtype auto --checkpoint-kv-cache-dtype fp8"},

    // ---- the engine release (src/tables/releases_<engine>.cpp; docs/engines/) -------------
    {.code = "KVD005", .severity = error,
     .title = "kv-cache dtype not in this engine release",
     .message = "--kv-cache-dtype {kv_cache_dtype} in {engine} {engine_version}: {detail} {value}",
     .fix = "use a {engine} release that has {kv_cache_dtype} ({value} or later), or a kv-cache dtype this release has",
     .source = "the kv-cache string's release range (cache_dtypes_<engine>.cpp introduced_in / removed_in)",
     .trigger = "check --engine vllm --engine-version 0.19.1 --gpu A100 --model-dtype bfloat16 --kv-cache-dtype turboquant_k8v4"},
    {.code = "KVD006", .severity = error,
     .title = "attention backend not in this engine release",
     .message = "attention backend {backend} in {engine} {engine_version}: {detail} {value}",
     .fix = "use a {engine} release that has {backend} ({value} or later), or another backend (--backend auto: the release's own choice)",
     .source = "the backend's release range (backends_<engine>.cpp introduced_in / removed_in)",
     .trigger = "check --engine vllm --engine-version 0.19.1 --gpu A100 --model-dtype bfloat16 --kv-cache-dtype turboquant_k8v4 --backend TURBOQUANT"},
    {.code = "KVD008", .severity = error,
     .title = "backend does not read this kv-cache dtype in this engine release",
     .message = "{backend} and --kv-cache-dtype {kv_cache_dtype} in {engine} {engine_version}: {detail} {value}",
     .fix = "use a {engine} release from {value} on, or another backend or kv-cache dtype",
     .source = "the backend row's kv_cache_dtypes_since (backends_<engine>.cpp)",
     .trigger = "check --engine vllm --engine-version 0.9.2 --gpu H100 --model-dtype bfloat16 --attention mla --kv-cache-dtype fp8 --backend FLASHMLA"},
    {.code = "KVD007", .severity = info,
     .title = "engine version not in kvdtype's release table",
     .message = "{engine} {engine_version} is not a release kvdtype knows (nearest known releases: {detail} before it, {value} after it); release facts are judged by its place in the version order (pip's; llama.cpp: the build number)",
     .fix = "check the version string (kvdtype releases --engine {engine_name} lists the known releases); dev builds and newer releases are judged by their position",
     .source = "src/tables/releases_<engine>.cpp",
     .trigger = "check --engine vllm --engine-version 0.25.7 --gpu H100 --model-dtype bfloat16 --kv-cache-dtype fp8"},

    // ---- the backend's declared support ------------------------------------------------
    {.code = "KVD010", .severity = error,
     .title = "backend does not accept this kv-cache dtype",
     .message = "{backend} does not accept --kv-cache-dtype {kv_cache_dtype} (it accepts: {value})",
     .fix = "use --kv-cache-dtype from {value}, or a backend that accepts {kv_cache_dtype}",
     .source = "the backend row's kv_cache_dtypes (vLLM supported_kv_cache_dtypes)",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention mla --kv-cache-dtype fp8 --backend FLASH_ATTN_MLA",
     .value_list = BackendList::kv_cache_dtypes},
    {.code = "KVD011", .severity = error,
     .title = "backend does not accept this model dtype",
     .message = "{backend} does not run {model_dtype} models (it accepts: {value})",
     .fix = "serve with --dtype from {value}, or pick another backend",
     .source = "the backend row's model_dtypes (vLLM supported_dtypes)",
     .trigger = "check --engine vllm --gpu H100 --model-dtype float32 --attention gqa --kv-cache-dtype auto --backend FLASH_ATTN",
     .value_list = BackendList::model_dtypes},
    {.code = "KVD012", .severity = error,
     .title = "backend does not serve this attention kind",
     .message = "{backend} serves {value} attention, not {attention}",
     .fix = "let the engine choose (--backend auto) or pick a {attention} backend",
     .source = "the backend row's attention kinds (vLLM is_mla / is_sparse)",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention gqa --kv-cache-dtype auto --backend FLASHMLA",
     .value_list = BackendList::attention},
    {.code = "KVD013", .severity = error,
     .title = "backend does not support this head size",
     .message = "{backend} does not support head size {number} (supported: {backend_head_sizes})",
     .fix = "pick a backend that supports head size {number}",
     .source = "the backend row's head sizes (vLLM get_supported_head_sizes)",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention gqa --head-size 72 --kv-cache-dtype auto --backend FLASHINFER"},
    {.code = "KVD014", .severity = error,
     .title = "backend does not run on this GPU",
     .message = "{backend} does not run on {target} (it needs {backend_targets})",
     .fix = "pick a backend built for {target}, or run on {backend_targets}",
     .source = "the backend row's platform and compute-capability range (vLLM supports_compute_capability)",
     .trigger = "check --engine vllm --gpu A100 --model-dtype bfloat16 --attention mla --kv-cache-dtype auto --backend CUTLASS_MLA"},
    {.code = "KVD015", .severity = error,
     .title = "backend does not support this block size",
     .message = "{backend} does not support block size {number} (supported: multiples of {backend_block_sizes})",
     .fix = "use a --block-size that is a multiple of {backend_block_sizes}, or leave the block size to the engine",
     .source = "the backend row's kernel block sizes (vLLM get_supported_kernel_block_sizes)",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention mla --kv-cache-dtype auto --backend FLASHMLA --block-size 16"},
    {.code = "KVD016", .severity = error,
     .title = "no backend can serve this",
     .message = "no {engine} attention backend can serve this request on {target}: {skipped}",
     .fix = "change what the first skipped candidate needs (see why each was skipped), e.g. another --kv-cache-dtype",
     .source = "vllm/platforms/cuda.py get_attn_backend_cls ('No valid attention backend found')",
     .trigger = "check --engine vllm --gpu A100 --model-dtype bfloat16 --attention sparse-mla --kv-cache-dtype fp8"},
    {.code = "KVD017", .severity = error,
     .title = "backend cannot serve this combination",
     .message = "{backend} cannot serve --kv-cache-dtype {kv_cache_dtype} on {target}: {detail}",
     .fix = "pick another backend or kv-cache dtype (see the source for what the kernel supports)",
     .source = "per-backend supports_combination / validate_configuration (see the constraint row's source)",
     .trigger = "check --engine vllm --gpu A100 --model-dtype bfloat16 --attention gqa --kv-cache-dtype fp8 --backend FLASH_ATTN"},
    {.code = "KVD018", .severity = info,
     .title = "backend rewrites the kv-cache dtype",
     .message = "{backend} turns --kv-cache-dtype {kv_cache_dtype} into {cache_dtype} after selection",
     .fix = "nothing to do; size capacity with {cache_dtype} ({detail})",
     .source = "vllm mla_attention.py _canonicalize_sparse_mla_kv_cache_dtype",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention sparse-mla --head-size 576 --kv-cache-dtype fp8 --backend FLASHMLA_SPARSE"},

    // ---- dtypes handed to the kernel ------------------------------------------------
    {.code = "KVD020", .severity = error,
     .title = "fp8 KV declared to the kernel as a byte container",
     .message = "the KV dtype declared to {backend} is {got}, a byte container; the kernel needs the element type {want}",
     .fix = "declare kv_data_type={want} (view the {got} cache as {want}); keep {got} only as the storage dtype",
     .source = "vllm-project/vllm#55221, fix vllm-project/vllm#55222; flashinfer mla/_core.py plan() dtype allow-list",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention sparse-mla --kv-cache-dtype fp8 --backend FLASHINFER_MLA_SPARSE_SM90 --kv-dtype uint8"},
    {.code = "KVD021", .severity = error,
     .title = "KV declared as a different element format",
     .message = "the KV dtype declared to {backend} is {got}, but the cache holds {want}; the kernel would misread every value",
     .fix = "declare kv_data_type={want}",
     .source = "fn vs fnuz: vllm tests/v1/attention/test_attention_backends.py (e4m3fn bytes read as fnuz give NaNs); ROCm/aiter dtypes.py",
     .trigger = "check --engine vllm --gpu MI300X --model-dtype bfloat16 --attention mla --kv-cache-dtype fp8 --backend ROCM_AITER_MLA --kv-dtype float8_e4m3fn"},
    {.code = "KVD022", .severity = error,
     .title = "cache tensor allocated with an incompatible dtype",
     .message = "the cache tensor is allocated as {got}, which cannot hold {want} elements ({detail})",
     .fix = "allocate the cache as {want} or as a byte container (uint8) of the same size",
     .source = "vllm/utils/torch_utils.py STR_DTYPE_TO_TORCH_DTYPE; vllm/v1/kv_cache_interface.py page sizes",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention gqa --kv-cache-dtype fp8 --kv-storage-dtype bfloat16"},
    {.code = "KVD023", .severity = error,
     .title = "auto resolves to a checkpoint kv-cache dtype the backend does not accept",
     .message = "--kv-cache-dtype auto follows the checkpoint into {value}, which {backend} does not accept",
     .fix = "pass --kv-cache-dtype with a 16-bit dtype to override the checkpoint, or pick a backend that accepts {value}",
     .source = "vLLM resolves auto to the checkpoint's kv_cache_quant_algo / kv_cache_scheme before validating the backend; vllm-project/vllm#45312",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention gqa --head-size 64 --checkpoint-kv-cache-dtype nvfp4 --kv-cache-dtype auto --backend TRITON_ATTN"},

    // ---- Q dtype ---------------------------------------------------------------------
    {.code = "KVD030", .severity = error,
     .title = "Q must be fp8 with this fp8 cache",
     .message = "{backend} expects the query in {want} with a {kv_cache_dtype} cache, but the Q dtype handed to it is {got}",
     .fix = "quantize Q to {want} before the kernel and size its metadata with q_dtype={want}",
     .source = "vllm-project/vllm#47276 (ROCm AITER MLA fault), #46997; vllm cutlass_mla.py q/kv dtype assert; flash-attention hopper/flash_api.cpp (q and k same dtype)",
     .trigger = "check --engine vllm --gpu MI300X --model-dtype bfloat16 --attention mla --kv-cache-dtype fp8 --backend ROCM_AITER_MLA --q-dtype bfloat16"},
    {.code = "KVD031", .severity = error,
     .title = "Q must stay 16-bit with this cache",
     .message = "{backend} expects a 16-bit query ({want}) and dequantizes the cache itself, but the Q dtype handed to it is {got}",
     .fix = "hand the kernel Q in {want}; do not quantize Q for this backend",
     .source = "flashinfer FA2 (no fp8 tensor-core path, vllm-project/vllm#8173); vllm triton_mla.py supports_quant_query_input=False; FlashMLA sparse decode needs bf16 Q",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention mla --kv-cache-dtype fp8 --backend TRITON_MLA --q-dtype float8_e4m3fn"},
    {.code = "KVD032", .severity = error,
     .title = "Q in the other fp8 flavour",
     .message = "the Q dtype handed to {backend} is {got}, but this target's fp8 is {want}",
     .fix = "quantize Q to {want}",
     .source = "ROCm/aiter aiter/utility/dtypes.py (fp8 is fnuz on gfx942, fn on gfx950)",
     .trigger = "check --engine vllm --gpu MI300X --model-dtype bfloat16 --attention mla --kv-cache-dtype fp8 --backend ROCM_AITER_MLA --q-dtype float8_e4m3fn"},

    // ---- formats the target / path cannot handle ---------------------------------------
    {.code = "KVD040", .severity = error,
     .title = "e4m3 through Triton on a GPU without fp8e4nv",
     .message = "{backend} runs Triton kernels that load or store {want}, but Triton offers no fp8e4nv on {target} (compute capability below 8.9)",
     .fix = "use a 16-bit cache on {target} (--kv-cache-dtype auto) or a backend that dequantizes fp8 outside Triton; fp8_e5m2 helps only where the engine really stores e5m2 (SGLang's triton backend does, vLLM's Triton kernels store e4m3 for every fp8 string)",
     .source = "triton third_party/nvidia/backend/compiler.py supported_fp8_dtypes; vllm triton_attn.py 'requires SM89+'; vllm-project/vllm#35720",
     .trigger = "check --engine vllm --gpu A100 --model-dtype float16 --attention gqa --kv-cache-dtype fp8 --backend TRITON_ATTN"},
    {.code = "KVD041", .severity = error,
     .title = "format not available on this target and path",
     .message = "{backend} needs {want} natively on {target}, which has no such hardware path ({detail})",
     .fix = "use a 16-bit cache on {target}, or a backend with a software path",
     .source = "target feature table (native fp8 flavour) and the backend's fp8 path",
     .trigger = "check --engine vllm --gpu MI250X --model-dtype bfloat16 --attention mla --kv-cache-dtype fp8 --backend ROCM_AITER_MLA"},
    {.code = "KVD042", .severity = error,
     .title = "TurboQuant fp8 keys from bf16 through Triton's software fp8e4b15",
     .message = "{backend} casts {model_dtype} keys straight to fp8e4b15 on {target}; Triton's software converter takes only fp16/fp32, so kernel compilation fails ({detail})",
     .fix = "use a vLLM build that contains {fix_pr} ({fixed_in}; it widens keys to fp32 before the cast), or serve with --dtype float16",
     .source = "vllm-project/vllm#39992, fix vllm-project/vllm#39988",
     .trigger = "check --engine vllm --gpu A100 --model-dtype bfloat16 --kv-cache-dtype turboquant_k8v4"},
    {.code = "KVD043", .severity = error,
     .title = "TurboQuant backend without a TurboQuant cache",
     .message = "{backend} only serves turboquant_* caches, but the kv-cache dtype is {kv_cache_dtype} (the engine fails with \"Unknown TurboQuant cache dtype: '{kv_cache_dtype}'\")",
     .fix = "use --kv-cache-dtype turboquant_k8v4 (or another turboquant_* preset), or another backend",
     .source = "vllm turboquant/config.py from_cache_dtype; vllm-project/vllm#47609, #50533",
     .trigger = "check --engine vllm --gpu A100 --model-dtype bfloat16 --kv-cache-dtype auto --backend TURBOQUANT"},

    // ---- fn vs fnuz and portability ---------------------------------------------------
    {.code = "KVD050", .severity = warning,
     .title = "scales calibrated for e4m3fn on an fnuz target",
     .message = "the checkpoint's KV scales were calibrated for float8_e4m3fn (max 448) but {target} stores {k_format} (max 240)",
     .fix = "make sure the engine rescales them (vLLM doubles k/v scales on FNUZ platforms) or recalibrate for {k_format}",
     .source = "vllm model_executor/layers/quantization/kv_cache.py (FNUZ scale adjustment); ml_dtypes float8.h maxima",
     .trigger = "check --engine vllm --gpu MI300X --model-dtype bfloat16 --attention gqa --kv-cache-dtype fp8 --kv-scales yes"},
    {.code = "KVD051", .severity = info,
     .title = "cache bytes are specific to this target",
     .message = "{k_format} caches written on {target} are not byte-compatible with {value} GPUs",
     .fix = "do not move raw KV blocks (disaggregated prefill, offload, LMCache) between these GPU kinds without converting",
     .source = "ml_dtypes float8.h (fn vs fnuz encodings); vllm triton_turboquant_decode.py _use_fp8_e4b15",
     .trigger = "check --engine vllm --gpu MI300X --model-dtype bfloat16 --attention gqa --kv-cache-dtype fp8"},

    // ---- silent substitutions and scales ----------------------------------------------
    {.code = "KVD060", .severity = warning,
     .title = "engine silently substitutes the backend",
     .message = "{engine} replaces the requested backend with {value}: {detail}",
     .fix = "request {value} explicitly, or change --kv-cache-dtype",
     .source = "sglang server_args (fa3 + fp8_e5m2 switches to triton)",
     .trigger = "check --engine sglang --gpu H100 --model-dtype bfloat16 --attention gqa --kv-cache-dtype fp8_e5m2 --backend fa3"},
    {.code = "KVD061", .severity = warning,
     .title = "engine silently substitutes the element format",
     .message = "--kv-cache-dtype {kv_cache_dtype} asks for {got}, but {detail} stores {want}",
     .fix = "ask for what you get: --kv-cache-dtype {value}",
     .source = "sglang kv_cache_dtype.py (fp8_e5m2 → platform fp8 on HIP); vllm ops/triton_reshape_and_cache_flash.py (every fp8 as the platform e4m3)",
     .trigger = "check --engine sglang --gpu MI300X --model-dtype bfloat16 --attention gqa --kv-cache-dtype fp8_e5m2"},
    {.code = "KVD062", .severity = info,
     .title = "fp8 cache without calibrated scales",
     .message = "no calibrated KV scales are known: {engine} uses scale 1.0 for the {kv_cache_dtype} cache",
     .fix = "if accuracy drops, use a checkpoint with k_scale/v_scale (vLLM also offers --calculate-kv-scales; SGLang --quantization-param-path)",
     .source = "sglang docs quantized_kv_cache.md ('Defaulting to scaling factors of 1.0'); vllm docs quantized KV cache",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention gqa --kv-cache-dtype fp8 --kv-scales no"},
    {.code = "KVD063", .severity = error,
     .title = "fp8_e5m2 cache with an fp8 checkpoint",
     .message = "--kv-cache-dtype {kv_cache_dtype} cannot use the checkpoint's {value} KV scales (they are e4m3 scales)",
     .fix = "use --kv-cache-dtype fp8 (e4m3) with this checkpoint",
     .source = "vllm-project/vllm#8409 ('fp8_e5m2 kv-cache is not supported with fp8 checkpoints'); vllm model_executor/layers/attention/attention.py _init_kv_cache_quant",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention gqa --kv-cache-dtype fp8_e5m2 --checkpoint-kv-cache-dtype fp8"},

    // ---- known engine bugs and model dtype ---------------------------------------------
    {.code = "KVD070", .severity = error,
     .title = "known engine bug for this combination",
     .message = "{backend} with --kv-cache-dtype {kv_cache_dtype} on {target} hits a known bug: {detail}",
     .fix = "use a {engine} build that contains {fix_pr} ({fixed_in}), or avoid the combination",
     .source = "the constraint row's source (issue and fixing PR)",
     .trigger = "check --engine vllm --engine-version 0.23.0 --gpu MI300X --model-dtype bfloat16 --attention mla --kv-cache-dtype fp8 --backend ROCM_AITER_MLA --data-parallel-size 8"},
    {.code = "KVD071", .severity = warning,
     .title = "known silent-accuracy issue",
     .message = "{backend} with --kv-cache-dtype {kv_cache_dtype} on {target} is reported to return wrong values: {detail}",
     .fix = "verify accuracy (e.g. GSM8K) before serving, or use a 16-bit cache for this path",
     .source = "the constraint row's source",
     .trigger = "check --engine sglang --gpu H100 --model-dtype bfloat16 --attention gqa --kv-cache-dtype fp8_e4m3 --backend fa3"},
    {.code = "KVD080", .severity = warning,
     .title = "input unknown: checks skipped",
     .message = "{detail} unknown: the checks that need it were skipped",
     .fix = "pass {value} (or --model / a launch command) for a complete check",
     .source = "CONTRACT.md: an input left out is unknown, not wrong",
     .trigger = "check --engine vllm --kv-cache-dtype fp8"},
    {.code = "KVD081", .severity = error,
     .title = "model dtype not supported on this GPU",
     .message = "{target} has no native {model_dtype} arithmetic; {engine} refuses an explicit --dtype {model_dtype} there (with --dtype auto, vLLM from 0.9.0 runs a bfloat16 checkpoint in float16 instead)",
     .fix = "serve with --dtype float16",
     .source = "vllm/platforms/cuda.py supported_dtypes (bf16 needs SM80+); LLVM NVPTXSubtarget.h hasBF16Math",
     .trigger = "check --engine vllm --gpu T4 --model-dtype bfloat16 --kv-cache-dtype auto"},
    {.code = "KVD087", .severity = info,
     .title = "engine runs the checkpoint in another dtype",
     .message = "{target} has no native {got} arithmetic: with --dtype auto, {engine} runs this {got} checkpoint in {want} (it logs a warning); the Q and an auto cache are {want}",
     .fix = "to keep {got}, serve on a GPU with bfloat16 arithmetic (SM80 or newer); to choose yourself, pass --dtype float16 or --dtype float32",
     .source = "vllm/config/model.py _resolve_auto_dtype (the platform's supported_dtypes, less float16 for _FLOAT16_NOT_SUPPORTED_MODELS); vllm-project/vllm#17265; the engine row's auto_dtype_fallback_since",
     .trigger = "check --gpu T4 -- vllm serve Qwen/Qwen2.5-0.5B-Instruct"},

    // ---- per-layer plans (issue 28: hybrid models' layer groups, the drafter's own cache) ------
    {.code = "KVD090", .severity = error,
     .title = "backend does not support a layer group's head size",
     .message = "{backend} does not support head size {number}, which the model's {detail} layers have (supported: {backend_head_sizes})",
     .fix = "pick a backend that supports every layer group's head size (kvdtype backends --engine {engine})",
     .source = "the backend row's head sizes (vLLM get_supported_head_sizes; one backend serves every attention layer of the model)",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention gqa --head-size 256 --num-kv-heads 8 --layer-groups full:10:h512,sliding:50:w1024 --kv-cache-dtype auto --backend FLASH_ATTN"},
    {.code = "KVD091", .severity = warning,
     .title = "quantized cache leaves the model's state layers as they are",
     .message = "--kv-cache-dtype {kv_cache_dtype} quantizes the attention layers' cache only: the model's {number} {detail} layers keep their recurrent state in the engine's state dtype (the model dtype, {model_dtype}, unless set apart), so the memory saved is the attention layers' share, less than the cache's bytes ratio",
     .fix = "expect a smaller capacity gain than the bytes ratio (the per-layer plan lists each group's bytes); the state's dtype is a setting of its own (vLLM --mamba-cache-dtype / --mamba-ssm-cache-dtype, SGLang --mamba-ssm-dtype)",
     .source = "vllm/config/cache.py mamba_cache_dtype, mamba_ssm_cache_dtype ('auto': the model dtype); vllm/model_executor/layers/mamba/mamba_utils.py MambaStateDtypeCalculator; vllm-project/vllm#55196",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention gqa --head-size 256 --num-kv-heads 2 --layer-groups full:12,linear:36 --kv-cache-dtype fp8"},
    {.code = "KVD092", .severity = info,
     .title = "drafter keeps its cache in another dtype",
     .message = "the speculative drafter keeps its cache in {value} while the target's is {cache_dtype}: the engine holds pages of two element widths",
     .fix = "nothing to do if intended (the drafter's own findings are listed under it); leave the drafter's kv_cache_dtype out to have it follow the target's",
     .source = "vllm/config/speculative.py SpeculativeConfig.kv_cache_dtype (vllm-project/vllm#48787: the drafter follows --kv-cache-dtype unless it is set)",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention gqa --head-size 128 --num-kv-heads 8 --kv-cache-dtype fp8 --speculative-method eagle3 --speculative-kv-cache-dtype bfloat16"},

    // ---- classes learnt from real reports (docs/failure-classes.md) ----------------------------
    {.code = "KVD100", .severity = error,
     .title = "16-bit cache in the other 16-bit format: bits copied, not converted",
     .message = "{engine} stores the {model_dtype} keys and values into a {k_format} cache without converting them ({detail}); every cached value is read back as the wrong 16-bit format: fluent garbage, no error",
     .fix = "use --kv-cache-dtype auto (the model dtype), or serve the model with --dtype {k_format}",
     .source = "vllm-project/vllm#54338 (csrc/attention/dtype_fp8.cuh maps auto/float16/bfloat16 alike to kAuto)",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --attention gqa --kv-cache-dtype float16"},
    {.code = "KVD101", .severity = error,
     .title = "no compiled kernel for this combination",
     .message = "{backend} runs the {value} kernels on {target}, and none exists for this combination: {detail}",
     .fix = "pick a backend or kv-cache dtype whose kernels are built for {target} (kernel table: src/tables/kernels.cpp)",
     .source = "src/tables/kernels.cpp (library build facts with their sources)",
     .trigger = "check --engine sglang --gpu sm_120 --model-dtype bfloat16 --attention mla --kv-cache-dtype fp8_e4m3 --backend trtllm_mla"},
    {.code = "KVD102", .severity = warning,
     .title = "engine silently runs something else",
     .message = "{backend} with --kv-cache-dtype {kv_cache_dtype} on {target} does not run what it says: {detail}",
     .fix = "expect the fallback (memory, speed, accuracy) or avoid it as the constraint's source describes",
     .source = "the constraint row's source",
     .trigger = "check --engine sglang --gpu H200 --model-dtype bfloat16 --attention mla --head-size 576 --kv-cache-dtype fp8_e4m3 --backend flashinfer"},
    {.code = "KVD103", .severity = error,
     .title = "kv-cache dtype spelled differently from the engine's choice",
     .message = "{engine} compares --kv-cache-dtype exactly (argparse choices) and refuses the launch command's spelling ('invalid choice'); it accepts '{value}'",
     .fix = "write --kv-cache-dtype {value} in the launch command",
     .source = "vllm engine/arg_utils.py (Literal CacheDType -> argparse choices); sglang arg_groups/fields/memory.py (kv_cache_dtype choices)",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 -- vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype FP8"},
    // Issue 28 (vLLM): a backend's head-size list changed between releases, as its kv strings did
    // (KVD008): the backend row's head_sizes_since.
    {.code = "KVD104", .severity = error,
     .title = "backend does not serve this head size in this engine release",
     .message = "{backend} does not serve head size {number} in {engine} {engine_version}: {detail} {value}",
     .fix = "use a {engine} release from {value} on, or another backend",
     .source = "the backend row's head_sizes_since (backends_<engine>.cpp)",
     .trigger = "check --engine vllm --engine-version 0.19.1 --gpu B200 --model-dtype bfloat16 --attention gqa --head-size 512 --kv-cache-dtype auto --backend FLASHINFER"},
    // Issue 28 (vLLM): two fp8 encodings of one byte: the kernel that writes the cache stores one,
    // the kernels that read it decode the other (a reinterpretation, not a conversion).
    {.code = "KVD105", .severity = error,
     .title = "fp8 cache written in one fp8 encoding and read in the other",
     .message = "{backend} writes the --kv-cache-dtype {kv_cache_dtype} cache on {target} in one fp8 encoding and reads it back in the other ({detail}): every cached value is reinterpreted, fluent garbage, no error",
     .fix = "use --kv-cache-dtype fp8 (e4m3), or a block size whose cache writer honours {kv_cache_dtype}",
     .source = "the constraint row's source (vllm-project/vllm#54341)",
     .trigger = "check --engine vllm --engine-version 0.28.0 --gpu MI250X --model-dtype bfloat16 --attention gqa --head-size 128 --block-size 64 --kv-cache-dtype fp8_e5m2 --backend ROCM_ATTN"},
    {.code = "KVD106", .severity = warning,
     .title = "quantized cache saves no memory in the backend's packed layout",
     .message = "{backend} packs each token's K and V heads into 32-bit words: with this model's KV heads per rank the {kv_cache_dtype} cache takes {number} B/token/layer, as many as a {model_dtype} cache, so it adds no capacity",
     .fix = "expect no capacity gain from --kv-cache-dtype {kv_cache_dtype} here; more KV heads per rank (a smaller tensor-parallel size, a model with more KV heads) let the narrow element pay off",
     .source = "vllm-project/tpu-inference tpu_inference/kernels/ragged_paged_attention/v3/kernel.py and kernel_hd64.py get_kv_cache_shape, runner/kv_cache.py get_attention_page_size_bytes (v0.20.0 to v0.27.0); tpu-inference#3126",
     .trigger = "check --engine vllm --gpu v5e --model-dtype bfloat16 --attention gqa --head-size 256 --num-heads 8 --num-kv-heads 1 --kv-cache-dtype fp8"},
    // ---- llama.cpp (KVD200-KVD219) -------------------------------------------------------
    {.code = "KVD200", .severity = error,
     .title = "llama.cpp has no such cache type",
     .message = "{engine} has no cache type '{refused}': its argument parser stops with \"Unsupported cache type\"",
     .fix = "use one of f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1 for -ctk/-ctv (there is no fp8 cache type)",
     .source = "llama.cpp common/arg.cpp kv_cache_types and kv_cache_type_from_str",
     .trigger = "check --gpu H100 -- llama-server -m model.gguf --cache-type-k fp8"},
    {.code = "KVD201", .severity = error,
     .title = "quantized V cache without flash attention",
     .message = "the V cache is {value}, a quantized type, but flash attention is off: without it llama.cpp stores V "
                "transposed and refuses a quantized V cache (\"V cache quantization requires flash_attn\")",
     .fix = "turn flash attention on (-fa on, or leave -fa auto), or keep V in f16 (-ctv f16)",
     .source = "llama.cpp src/llama-context.cpp (quantized V requires flash attention); ggml-org/llama.cpp#10378, PR #21586",
     .trigger = "check --engine llamacpp --gpu RTX4090 --kv-cache-dtype q8_0 --v-cache-dtype q8_0 --flash-attention off"},
    {.code = "KVD202", .severity = warning,
     .title = "no flash-attention kernel here: the op runs on the CPU",
     .message = "{backend} has no flash-attention kernel for {value} (K {cache_dtype}, V {v_cache_dtype}): {detail}, "
                "silently and many times slower",
     .fix = "use a K/V pair the backend has (kvdtype backends --engine llamacpp; on CUDA f16, bf16, q8_0 or q4_0 for both "
            "K and V), or a build with -DGGML_CUDA_FA_ALL_QUANTS=ON (--backend CUDA_FA_ALL_QUANTS)",
     .source = "llama.cpp ggml/src/ggml-cuda/fattn.cu ggml_cuda_get_best_fattn_kernel / ggml_cuda_flash_attn_ext_supported",
     .trigger = "check --engine llamacpp --gpu RTX4090 --kv-cache-dtype q5_0 --flash-attention on"},
    {.code = "KVD203", .severity = error,
     .title = "flash attention turned off under a quantized V cache",
     .message = "{backend} has no flash-attention kernel for {value} (K {cache_dtype}, V {v_cache_dtype}), so -fa auto "
                "resolves to off, and then llama.cpp refuses the quantized V cache (\"quantized V cache was requested, "
                "but this requires Flash Attention\")",
     .fix = "use a K/V pair the backend has (on CUDA one type for K and V: f16, bf16, q8_0 or q4_0; set -ctk as well as -ctv), "
            "build with -DGGML_CUDA_FA_ALL_QUANTS=ON, or force -fa on to run attention on the CPU",
     .source = "llama.cpp src/llama-context.cpp (auto flash attention resolution); ggml-org/llama.cpp#28524",
     .trigger = "check --engine llamacpp --gpu H100 --kv-cache-dtype f16 --v-cache-dtype q4_0"},
    {.code = "KVD204", .severity = info,
     .title = "flash attention turned off for this K/V pair",
     .message = "{backend} has no flash-attention kernel for {value} (K {cache_dtype}, V {v_cache_dtype}), so -fa auto "
                "resolves to off; the cache still works without it",
     .fix = "to keep flash attention, use a pair the backend has (kvdtype backends --engine llamacpp)",
     .source = "llama.cpp src/llama-context.cpp (\"Flash Attention was auto, set to disabled\"); ggml-cuda/fattn.cu",
     .trigger = "check --engine llamacpp --gpu RTX4090 --kv-cache-dtype q5_0 --v-cache-dtype f16"},

    {.code = "KVD205", .severity = error,
     .title = "llama.cpp has no such flash-attention mode",
     .message = "{engine} -fa/--flash-attn takes on, off or auto, not '{refused}'",
     .fix = "pass -fa on, -fa off or -fa auto (the default in current builds)",
     .source = "llama.cpp common/arg.cpp --flash-attn (\"unknown value for --flash-attn\")",
     .trigger = "check --gpu RTX4090 -- llama-server -m model.gguf -fa maybe"},
    {.code = "KVD206", .severity = error,
     .title = "quantized V cache on a build whose flash attention is off by default",
     .message = "the V cache is {v_format}, a quantized type, and flash attention is not asked for: in llama.cpp "
                "{engine_version} {detail}, so the context is refused (\"V cache quantization requires flash_attn\")",
     .fix = "turn flash attention on (llama-server/llama-cli before b6325: a bare -fa; llama-bench: -fa 1), keep V "
            "in f16 (-ctv f16), or run a build whose default is auto (b6325; llama-bench b9437)",
     .source = "ggml-org/llama.cpp PR #15434 (-fa auto the default, merged 2025-08-30, first tag b6325); PR #23714 "
               "(llama-bench, first tag b9437); ggml-org/llama.cpp#10378 (the refusal without -fa)",
     .trigger = "check --engine llamacpp --engine-version b6000 --gpu RTX4090 --kv-cache-dtype q8_0 "
                "--v-cache-dtype q8_0"},
    {.code = "KVD207", .severity = error,
     .title = "-fa takes no value in this llama.cpp build",
     .message = "llama.cpp {engine_version} has -fa as a bare switch (on/off/auto values came in b6325): the word "
                "after it is taken as an argument it does not know, and the server stops",
     .fix = "write a bare -fa to turn flash attention on (leave it out for off), or run b6325 or newer",
     .source = "ggml-org/llama.cpp PR #15434 (-fa on|off|auto, first tag b6325); PR #5021 (-fa as a switch)",
     .trigger = "check --engine-version b6000 --gpu RTX4090 -- llama-server -m model.gguf -fa on"},
    {.code = "KVD208", .severity = error,
     .title = "-fa needs a value in this llama.cpp build",
     .message = "from b6325 llama.cpp's -fa takes on, off or auto: a bare -fa stops the server (\"expected value "
                "for argument\", or the next flag is taken as its value: \"unknown value for --flash-attn\")",
     .fix = "write -fa on (or leave -fa out: auto is the default); give --engine-version for a build before b6325, "
            "where the bare switch was right",
     .source = "ggml-org/llama.cpp PR #15434 (first tag b6325); defilantech/LLMKube#147; yazon/flexllama#15",
     .trigger = "check --engine-version b6325 --gpu RTX4090 -- llama-server -m model.gguf -fa"},

    // Tensor parallelism (-sm tensor, PR ggml-org/llama.cpp#19378): ggml's meta backend splits the
    // KV cache across the GPUs. Constraint rows in backends_llamacpp.cpp bound both by build.
    {.code = "KVD209", .severity = error,
     .title = "tensor split mode refuses a quantized KV cache in this llama.cpp build",
     .message = "llama.cpp {engine_version} stops context creation under -sm tensor with a quantized K or V cache (K "
                "{cache_dtype}, V {v_cache_dtype}): \"simultaneous use of SPLIT_MODE_TENSOR and KV cache quantization "
                "not implemented\"; {detail}",
     .fix = "keep K and V in f16, bf16 or f32 with -sm tensor, use -sm layer, or run b9455 or newer (PR #23792)",
     .source = "ggml-org/llama.cpp src/llama-context.cpp llama_init_from_model (the guard of PR #19378, first tag "
               "b8738; removed by PR #23792, first tag b9455); #21788, #23567",
     .trigger = "check --engine-version b9000 --gpu RTX4090 -- llama-server -m model.gguf -sm tensor -ctk q8_0 -ctv q8_0 "
                "-fa on"},
    {.code = "KVD210", .severity = error,
     .title = "tensor split mode aborts on a flash-attention op without a GPU kernel",
     .message = "{backend} has no flash-attention kernel for K {cache_dtype} / V {v_cache_dtype} at this head size, and "
                "with -sm tensor ggml's meta backend cannot hand the op to the CPU as -sm layer does (KVD202): {detail}",
     .fix = "use a K/V pair the backend has (on CUDA/HIP f16, bf16, q8_0 or q4_0 for both), -sm layer, or a build with "
            "-DGGML_CUDA_FA_ALL_QUANTS=ON for q4_1, q5_0 and q5_1 (PR ggml-org/llama.cpp#27248, open, would fall back "
            "instead)",
     .source = "ggml-org/llama.cpp#27116 (b10441, iq4_nl); stew675/llama-cpp-rdna-boosts#21 (q4_1, iq4_nl, q5_0, q5_1 "
               "abort, f32 f16 bf16 q4_0 q8_0 run); PR #27248 (open)",
     .trigger = "check --engine-version b10441 --gpu RTX4090 -- llama-server -m model.gguf -sm tensor -ctk iq4_nl "
                "-ctv iq4_nl -fa on"},

    {.code = "KVD211", .severity = error,
     .title = "tensor split mode needs flash attention",
     .message = "-sm tensor with -fa off: {detail}",
     .fix = "leave -fa at auto (tensor split turns it on) or pass -fa on, or use -sm layer",
     .source = "ggml-org/llama.cpp src/llama-context.cpp llama_init_from_model (SPLIT_MODE_TENSOR); docs/multi-gpu.md "
               "(PR #22729)",
     .trigger = "check --gpu RTX4090 -- llama-server -m model.gguf -sm tensor -fa off"},
    {.code = "KVD212", .severity = info,
     .title = "tensor split mode turns -fa auto on",
     .message = "-sm tensor with -fa auto (the default): llama.cpp {engine_version} {detail}, so the flash-attention "
                "coverage of K {cache_dtype} / V {v_cache_dtype} is judged as with -fa on",
     .fix = "nothing to change; pass -fa on to say so, or use -sm layer to let auto decide",
     .source = "ggml-org/llama.cpp src/llama-context.cpp llama_init_from_model (SPLIT_MODE_TENSOR: \"enabling flash_attn "
               "since it is required for SPLIT_MODE_TENSOR\"); PR #19378 (first tag b8738)",
     .trigger = "check --gpu RTX4090 -- llama-server -m model.gguf -sm tensor"},
    {.code = "KVD213", .severity = error,
     .title = "an MLA model needs the same K and V cache types",
     .message = "K {cache_dtype} and V {v_cache_dtype} differ on a model whose V is a view of its K cache (MLA): "
                "llama.cpp {engine_version} {detail}",
     .fix = "give -ctv the same type as -ctk (V defaults to f16 even when only -ctk is given), or leave both at f16",
     .source = "ggml-org/llama.cpp PR #25871 (merged 2026-07-18; llama_init_from_model refuses type_k != type_v "
               "when hparams.is_mla() or the arch is DeepSeek V4); ggml-org/llama.cpp#26382 (b10216, closed as "
               "intended)",
     .trigger = "check --engine-version b10216 --gpu RTX4090 --attention mla -- llama-server -m model.gguf -ctk q8_0"},
    {.code = "KVD214", .severity = error,
     .title = "the backend cannot write this cache type: ggml aborts at context creation",
     .message = "{backend} has no kernel that writes K {cache_dtype} / V {v_cache_dtype} rows into the cache it holds: "
                "{detail}",
     .fix = "keep K and V in f16 (or f32) on this backend, keep the cache in host memory (--no-kv-offload), or run a "
            "build whose backend writes the type (Vulkan: from b4497, PR ggml-org/llama.cpp#11166; OpenCL: q8_0 and q4_0 "
            "from b9828, PR #25069)",
     .source = "ggml-org/ggml src/ggml-backend.cpp ggml_backend_sched_backend_id_from_cur (\"pre-allocated tensor ... "
               "in a buffer ... that cannot run the operation\"); src/ggml-opencl/ggml-opencl.cpp supports_op "
               "GGML_OP_SET_ROWS, ggml-vulkan.cpp supports_op GGML_OP_CPY; ggml-org/llama.cpp#19393 (b7949)",
     .trigger = "check --gpu adreno_x1 --backend OPENCL -- llama-cli -m model.gguf -ctk q5_0 -ctv q5_0"},

    // ---- TensorRT-LLM (KVD220-KVD239) ----------------------------------------------------
    {.code = "KVD220", .severity = error,
     .title = "TensorRT-LLM has no such KV-cache dtype",
     .message = "{engine} --kv-cache-dtype '{refused}' is not one of {values}",
     .fix = "set --kv-cache-dtype to one of {values}",
     .source = "TensorRT-LLM docs/source/features/quantization.md (KvCacheConfig.dtype)",
     .trigger = "check --gpu H100 -- trtllm-serve meta-llama/Llama-3.1-8B-Instruct --kv_cache_dtype int4"},
    {.code = "KVD221", .severity = warning,
     .title = "INT8 KV cache from a legacy checkpoint",
     .message = "{detail}: TensorRT-LLM's current (PyTorch) flow documents FP8 and NVFP4 KV caches only; INT8 KV belongs "
                "to the legacy TensorRT-engine flow",
     .fix = "re-quantize the checkpoint with an FP8 KV cache (ModelOpt --kv_cache_qformat fp8) or set "
            "kv_cache_config.dtype fp8",
     .source = "TensorRT-LLM docs/source/features/quantization.md; tensorrt_llm/quantization/mode.py INT8_KV_CACHE",
     .trigger = "check --engine trtllm --gpu A100 --model-dtype float16 --checkpoint-kv-cache-dtype INT8"},
    {.code = "KVD222", .severity = warning,
     .title = "no fused kernel here: the engine falls back to a slower one",
     .message = "{backend} has no {value} kernel for this combination on {target} and quietly runs a slower "
                "generic one: {detail}",
     .fix = "expect lower throughput, or pick a head size / kv-cache dtype / GPU the fused kernels cover "
            "(kernel table: src/tables/kernels.cpp)",
     .source = "src/tables/kernels.cpp (fallback rows with their sources); TensorRT-LLM "
               "cpp/tensorrt_llm/common/attentionOp.cpp enqueueGeneration (XQA first, else MMHA)",
     .trigger = "check --engine trtllm --gpu H100 --model-dtype bfloat16 --attention gqa --head-size 104 --kv-cache-dtype fp8"},
    {.code = "KVD223", .severity = warning,
     .title = "fp8 KV makes TensorRT-LLM's context attention FP8 (fp8 Q), which this GPU lacks",
     .message = "with kv_cache_config.dtype {kv_cache_dtype} on {target}, {engine}'s {backend} backend runs context "
                "attention as FP8 FMHA, quantizing Q to float8_e4m3fn: {detail}",
     .fix = "on {target} set kv_cache_config.enable_block_reuse: false and leave chunked prefill off (context "
            "attention then reads 16-bit Q, K and V), or keep a 16-bit cache; FP8 FMHA needs SM89, SM90, SM100, "
            "SM103, SM120 or SM121",
     .source = "TensorRT-LLM cpp/tensorrt_llm/thop/attentionOp.cpp (mFP8ContextFMHA = fp8 output || fp4 output || "
               "(FP8 KV && use_paged_context_fmha)); cpp/tensorrt_llm/common/attentionOp.cpp initialize() "
               "('FP8 FMHA can only be enabled on sm_89, sm_90, sm_100f, sm_120 or sm_121'); "
               "tensorrt_llm/llmapi/llm_args.py KvCacheConfig.enable_block_reuse default True",
     .trigger = "check --engine trtllm --gpu A100 --model-dtype bfloat16 --attention gqa --kv-cache-dtype fp8"},

    // ---- MLX-LM (KVD290-KVD299) ----------------------------------------------------------
    {.code = "KVD290", .severity = error,
     .title = "mlx_lm.server has no KV-cache flags",
     .message = "{detail}: argparse stops the server (\"unrecognized arguments\", exit 2) before a model is loaded",
     .fix = "drop the KV-cache flags from mlx_lm.server (its cache stays in the model dtype), or run mlx_lm.generate, "
            "which has --kv-bits, --kv-group-size, --quantized-kv-start and --max-kv-size",
     .source = "ml-explore/mlx-lm mlx_lm/server.py main() (v0.31.3, d78bf58e); ml-explore/mlx-lm#1043 (request, "
               "closed); PRs #1073, #1353, #1476, #1854 (closed unmerged)",
     .trigger = "check --gpu \"M2 Ultra\" -- mlx_lm.server --model mlx-community/Qwen3-8B-4bit --kv-bits 4"},
    {.code = "KVD291", .severity = error,
     .title = "MLX-LM cannot quantize a rotating KV cache",
     .message = "{engine} {engine_version} with --max-kv-size and --kv-bits: {detail}; generation stops once the "
                "prompt reaches --quantized-kv-start tokens",
     .fix = "drop --max-kv-size (a plain KVCache is quantized) or drop --kv-bits; models that build their own cache "
            "(make_cache) ignore --max-kv-size",
     .source = "ml-explore/mlx-lm mlx_lm/models/cache.py RotatingKVCache.to_quantized; generate.py "
               "maybe_quantize_kv_cache; ml-explore/mlx-lm#1573",
     .trigger = "check --gpu \"M2 Ultra\" --model-dtype bfloat16 -- mlx_lm.generate --model m --kv-bits 8 "
                "--max-kv-size 4096"},
    {.code = "KVD292", .severity = warning,
     .title = "MLX-LM leaves a rotating KV cache unquantized",
     .message = "{engine} {engine_version} with --max-kv-size and --kv-bits: {detail}; the cache is not the "
                "{kv_cache_dtype} kvdtype sized",
     .fix = "drop --max-kv-size to get the quantized cache, or size the cache in the model dtype",
     .source = "ml-explore/mlx-examples commit d119af9f (PR #1157) mlx_lm/utils.py maybe_quantize_kv_cache",
     .trigger = "check --engine-version 0.22.0 --gpu \"M2 Ultra\" --model-dtype bfloat16 -- mlx_lm.generate --model m "
                "--kv-bits 8 --max-kv-size 4096"},
    {.code = "KVD293", .severity = error,
     .title = "MLX cannot quantize the KV cache at this width or group size",
     .message = "{engine} {refused}: mx.quantize (affine) takes bits 2, 3, 4, 5, 6, 8 and group sizes 32, 64, 128, "
                "and raises at the first quantization step",
     .fix = "use --kv-bits 8 or 4 (or 2, 3, 5, 6) with --kv-group-size 32, 64 or 128 (64 is the default)",
     .source = "MLX docs mlx.core.quantize (affine mode); ml-explore/mlx-lm mlx_lm/generate.py --kv-bits (type=int, "
               "no choices)",
     .trigger = "check --gpu \"M2 Ultra\" -- mlx_lm.generate --model m --kv-bits 7"},
    {.code = "KVD294", .severity = error,
     .title = "MLX has no build for this GPU",
     .message = "{engine} runs on MLX, which is built for Apple silicon (Metal), NVIDIA GPUs (CUDA) and CPUs only: "
                "{target} cannot run it{detail}",
     .fix = "run MLX-LM on a Mac with Apple silicon (or an NVIDIA GPU with mlx[cuda12]); on this GPU use llama.cpp "
            "(kvdtype check --engine llamacpp) instead",
     .source = "MLX docs, Build and Install (ml-explore.github.io/mlx/build/html/install.html)",
     .trigger = "check --gpu \"Arc A770 16GB\" -- mlx_lm.generate --model m --kv-bits 4"},

    // ---- LMDeploy (KVD240-KVD259) --------------------------------------------------------
    {.code = "KVD240", .severity = error,
     .title = "LMDeploy has no such quant policy",
     .message = "{engine} --quant-policy {refused} is invalid: the policies are {values}; TurboMind does not take "
                "the FP8 ones",
     .fix = "use --quant-policy 0, 4 or 8 (TurboMind and PyTorch), or 16 or 17 with --backend pytorch",
     .source = "lmdeploy/cli/utils.py quant_policy (\"invalid quant_policy\"); lmdeploy/messages.py QuantPolicy",
     .trigger = "check --gpu A100 -- lmdeploy serve api_server internlm/internlm2_5-7b-chat --quant-policy 3"},
    // ---- Ollama (KVD260-KVD279) ----------------------------------------------------------
    {.code = "KVD260", .severity = error,
     .title = "Ollama has no such cache type",
     .message = "{engine} does not know OLLAMA_KV_CACHE_TYPE '{refused}': from 0.30.0 it passes the value to llama-server "
                "(--cache-type-k/--cache-type-v), which stops with \"Unsupported cache type\"; releases before 0.30.0 "
                "logged \"kv cache type not supported by model\" and silently ran an f16 cache",
     .fix = "set OLLAMA_KV_CACHE_TYPE to f16, q8_0 or q4_0 (any release; 0.30.0 and newer also take f32, bf16, q4_1, "
            "iq4_nl, q5_0, q5_1), together with OLLAMA_FLASH_ATTENTION=1 for a quantized type",
     .source = "ollama/ollama fs/ggml/ggml.go SupportsKVCacheType; llm/server.go @v0.24.0; llm/llama_server.go "
               "@fb3076099 (PR #16031); llama.cpp common/arg.cpp kv_cache_type_from_str",
     .trigger = "check --gpu RTX4090 -- env OLLAMA_KV_CACHE_TYPE=fp8 ollama serve"},
    {.code = "KVD261", .severity = warning,
     .title = "Ollama silently keeps an f16 cache: flash attention is off",
     .message = "{engine} {engine_version} runs an f16 cache instead of OLLAMA_KV_CACHE_TYPE={kv_cache_dtype}: a quantized "
                "cache needs flash attention, and {detail}",
     .fix = "set OLLAMA_FLASH_ATTENTION=1 where the server starts (systemd: Environment=\"OLLAMA_FLASH_ATTENTION=1\"; "
            "docker: -e OLLAMA_FLASH_ATTENTION=1), or size memory for an f16 cache",
     .source = "ollama/ollama llm/server.go @v0.5.0 lines 217-243, @v0.13.5 lines 193-256, @v0.24.0 lines 193-271; "
               "ollama/ollama#8921, #11619, #13337",
     .trigger = "check --engine-version 0.12.4 --gpu RTX4090 -- env OLLAMA_KV_CACHE_TYPE=q8_0 ollama serve"},
    {.code = "KVD262", .severity = warning,
     .title = "Ollama silently keeps an f16 cache: the type is not one it takes",
     .message = "{engine} {engine_version} runs an f16 cache instead of OLLAMA_KV_CACHE_TYPE={kv_cache_dtype}: {detail}",
     .fix = "use q8_0 or q4_0 (with OLLAMA_FLASH_ATTENTION=1), or run Ollama 0.30.0 or newer, which passes the type "
            "to llama-server",
     .source = "ollama/ollama fs/ggml/ggml.go SupportsKVCacheType (@v0.5.0 llm/ggml.go … @v0.24.0)",
     .trigger = "check --engine-version 0.12.4 --gpu RTX4090 -- env OLLAMA_KV_CACHE_TYPE=q5_0 OLLAMA_FLASH_ATTENTION=1 ollama serve"},
    {.code = "KVD263", .severity = error,
     .title = "quantized Ollama cache with flash attention off: llama-server refuses it",
     .message = "{detail}, and llama-server refuses a quantized V cache ({kv_cache_dtype}) without flash attention "
                "(\"V cache quantization requires flash_attn\"): the model does not load",
     .fix = "set OLLAMA_FLASH_ATTENTION=1 (or leave it unset: auto), or set OLLAMA_KV_CACHE_TYPE=f16",
     .source = "ollama/ollama llm/llama_server.go @fb3076099 lines 394-398, 596-622; llama.cpp src/llama-context.cpp "
               "(quantized V requires flash attention)",
     .trigger = "check --gpu RTX4090 -- env OLLAMA_KV_CACHE_TYPE=q8_0 OLLAMA_FLASH_ATTENTION=0 ollama serve"},
    {.code = "KVD264", .severity = error,
     .title = "Ollama's flash-attention auto turns off under this quantized cache",
     .message = "OLLAMA_KV_CACHE_TYPE={kv_cache_dtype} on {target}: {detail}; llama-server then refuses the quantized V "
                "cache (\"quantized V cache was requested, but this requires Flash Attention\")",
     .fix = "use q8_0 or q4_0, which the CUDA/ROCm kernels have, or set OLLAMA_FLASH_ATTENTION=1 to run the attention "
            "on the CPU (slow)",
     .source = "ollama/ollama llm/llama_server.go @fb3076099 LlamaServerFlashAttention; llama.cpp "
               "ggml/src/ggml-cuda/fattn.cu ggml_cuda_get_best_fattn_kernel; src/llama-context.cpp",
     .trigger = "check --gpu RTX4090 -- env OLLAMA_KV_CACHE_TYPE=q5_0 ollama serve"},
    {.code = "KVD265", .severity = warning,
     .title = "no flash-attention kernel for this Ollama cache: the attention runs on the CPU",
     .message = "OLLAMA_KV_CACHE_TYPE={kv_cache_dtype} on {target}: {detail}, so ggml runs the flash-attention op on "
                "the CPU, silently and many times slower",
     .fix = "use q8_0 or q4_0, which the CUDA/ROCm kernels have",
     .source = "llama.cpp ggml/src/ggml-cuda/fattn.cu ggml_cuda_flash_attn_ext_supported; ollama/ollama "
               "llm/llama_server.go @fb3076099",
     .trigger = "check --gpu RTX4090 -- env OLLAMA_KV_CACHE_TYPE=q5_0 OLLAMA_FLASH_ATTENTION=1 ollama serve"},
    // llama.cpp (and the llama-server Ollama bundles): a flash-attention shape without a kernel.
    {.code = "KVD266", .severity = error,
     .title = "flash attention turned off for this head shape under a quantized V cache",
     .message = "{backend} has no flash-attention kernel for this model's head shape: {detail}, so -fa auto resolves to "
                "off, and llama.cpp then refuses the quantized V cache (\"quantized V cache was requested, but this "
                "requires Flash Attention\")",
     .fix = "keep V in f16 (-ctv f16) for this model, or force -fa on to run the attention on the CPU (slow)",
     .source = "llama.cpp ggml/src/ggml-cuda/fattn.cu @00a2d609 ggml_cuda_get_best_fattn_kernel (the GQA-ratio gates of "
               "head sizes 192, 320, 512 and 576); src/llama-context.cpp (auto flash attention resolution)",
     .trigger = "check --engine llamacpp --gpu RTX4090 --attention gqa --head-size 192 --head-size-v 128 --num-heads 20 "
                "--num-kv-heads 4 --kv-cache-dtype q8_0 --v-cache-dtype q8_0"},
    // ---- the inputs themselves: launch commands, scripts, model ids, start-up sizes ---------
    // Fired by the io pipeline (src/pipeline/inputs_check.cpp), which writes the message itself; the
    // templates here are what `kvdtype rules` shows.
    {.code = "KVD151", .severity = error,
     .title = "bad value in the launch command",
     .message = "a value in the launch command (or its --config file) is one the engine refuses",
     .fix = "correct the value in the launch command",
     .source = "the engine's argument parser (vllm/engine/arg_utils.py, sglang server_args.py)",
     .trigger = "check --gpu H100 -- vllm serve meta-llama/Llama-3.1-8B-Instruct --dtype bf17"},
    {.code = "KVD152", .severity = warning,
     .title = "variable not set: value unknown",
     .message = "a launch-command value names a shell variable that nothing sets, so it is unknown",
     .fix = "set the variable in the script or pass --env NAME=VALUE",
     .source = "POSIX XCU 2.6.2 parameter expansion; kvdtype docs/inputs.md (Scripts)",
     .trigger = "check --gpu H100 -- vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype $KV_DTYPE"},
    {.code = "KVD153", .severity = info,
     .title = "model not found: geometry unknown",
     .message = "the model is not a local directory, not in the Hugging Face cache and not in kvdtype's catalogue",
     .fix = "pass --model /path/to/the/model, or --attention and the geometry flags",
     .source = "huggingface_hub cache layout (models--ORG--NAME/snapshots); kvdtype src/tables/models.cpp",
     .trigger = "check --gpu H100 -- vllm serve example-org/not-a-known-model --kv-cache-dtype fp8"},
    {.code = "KVD154", .severity = error,
     .title = "tensor parallel size does not divide the attention heads",
     .message = "{engine} refuses to start: the attention heads must be divisible by the tensor parallel size",
     .fix = "use a --tensor-parallel-size that divides the number of attention heads",
     .source = "vllm/config/model.py ModelConfig.verify_with_parallel_config",
     .trigger = "check --gpu H100 --num-heads 40 --num-kv-heads 8 --head-size 128 --tensor-parallel-size 3"},
    {.code = "KVD155", .severity = error,
     .title = "max-model-len does not fit in the KV cache",
     .message = "{engine} refuses to start: one request of --max-model-len tokens needs more KV cache than is left after the weights",
     .fix = "lower --max-model-len, raise --tensor-parallel-size or --gpu-memory-utilization, or use an fp8 KV cache",
     .source = "vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory",
     .trigger = "check --gpu L40S -- vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 1000000"},
    {.code = "KVD156", .severity = warning,
     .title = "suppression that silences nothing",
     .message = "a `# kvdtype: ignore[...]` comment, a kvdtype.io/ignore annotation or a per-path ignore names no rule, or a rule this workload does not report",
     .fix = "remove the code from the suppression, or put the suppression where the finding is",
     .source = "kvdtype docs/suppressions.md; ruff's unused-noqa (RUF100) for the same idea",
     .trigger = "check --engine vllm --gpu H100 --model-dtype bfloat16 --kv-cache-dtype auto --suppress 'KVD070: no such bug here'"},

    // ---- several servers that exchange KV (deployment diagnostics; pipeline/deployment.cpp) --------
    // Triggers are two `check … -- <launch command>` joined by " ;; ": the lint checks them as
    // one deployment.
    {.code = "KVD300", .severity = error,
     .title = "pools exchanging KV read its bytes as another element format",
     .message = "the writing and the reading server of one KV transfer hold the cache in different element formats (float8_e4m3fn vs float8_e4m3fnuz, fp8e4b15 vs float8_e4m3fn, e4m3 vs e5m2, bf16 vs fp16)",
     .fix = "give both pools a kv-cache dtype with the same element format on their GPUs",
     .source = "vllm/distributed/kv_transfer/kv_connector/v1/nixl/metadata.py compute_nixl_compatibility_hash (hashes the cache_dtype string, not the element format); sglang/srt/disaggregation/base/conn.py KVArgs (pointers, lengths, page size: no dtype)",
     .trigger = "check --gpu H100 -- vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype fp8 --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_producer\"}' ;; check --gpu MI300X -- vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype fp8 --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_consumer\"}'"},
    {.code = "KVD301", .severity = error,
     .title = "NIXL handshake refuses the peer",
     .message = "vLLM's NixlConnector compares a compatibility hash (vLLM version, model, dtype, KV heads, head size, layers, attention backend, kv-cache dtype string) and the pools differ in it",
     .fix = "run the same vLLM release with the same --dtype, --kv-cache-dtype and attention backend in every pool",
     .source = "vllm/distributed/kv_transfer/kv_connector/v1/nixl/metadata.py compute_nixl_compatibility_hash, NixlHandshakePayload",
     .trigger = "check --gpu H100 -- vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype fp8 --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_producer\"}' ;; check --gpu H100 -- vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype fp8_e4m3 --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_consumer\"}'"},
    {.code = "KVD302", .severity = error,
     .title = "pools exchanging KV scale it differently",
     .message = "the cache bytes are the same format but the pools quantize them with different scales (scheme, or calibrated vs 1.0)",
     .fix = "use the same kv-cache dtype and the same KV scales in every pool",
     .source = "vllm/distributed/kv_transfer/kv_connector/v1/nixl/metadata.py NixlAgentMetadata (block addresses and lengths; no KV scales travel); sglang/srt/disaggregation/base/conn.py KVArgs (no scales)",
     .trigger = "check --gpu H100 --kv-scales yes -- vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype fp8 --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_producer\"}' ;; check --gpu H100 --kv-scales no -- vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype fp8 --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_consumer\"}'"},
    {.code = "KVD303", .severity = warning,
     .title = "pools exchanging KV use different block sizes",
     .message = "the pools page the cache in blocks of different sizes",
     .fix = "give every pool the same --block-size (SGLang --page-size)",
     .source = "vllm NIXL base_worker.py _validate_remote_agent_handshake (block_size_ratio; equal sizes required with the hybrid allocator); sglang KVArgs.page_size",
     .trigger = "check --gpu H100 -- vllm serve meta-llama/Llama-3.1-8B-Instruct --block-size 16 --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_producer\"}' ;; check --gpu H100 -- vllm serve meta-llama/Llama-3.1-8B-Instruct --block-size 32 --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_consumer\"}'"},
    {.code = "KVD304", .severity = error,
     .title = "pools exchanging KV use different cache layouts",
     .message = "one pool lays the cache out HND and the other NHD",
     .fix = "use one VLLM_KV_CACHE_LAYOUT everywhere, or enable_permute_local_kv in the decode pool's --kv-transfer-config",
     .source = "vllm NIXL worker _validate_remote_agent_handshake (kv_cache_layout must match unless enable_permute_local_kv; MLA exempt); vllm/envs.py VLLM_KV_CACHE_LAYOUT",
     .trigger = "check --gpu H100 -- env VLLM_KV_CACHE_LAYOUT=HND vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_producer\"}' ;; check --gpu H100 -- env VLLM_KV_CACHE_LAYOUT=NHD vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_consumer\"}'"},
    {.code = "KVD305", .severity = error,
     .title = "pools exchanging KV serve different models",
     .message = "the pools serve different models, or the same name with a different cache shape (KV heads, head size, layers, MLA latent)",
     .fix = "serve the same checkpoint and revision in every pool that shares KV",
     .source = "vllm NIXL compute_nixl_compatibility_hash (model, num_kv_heads, head_size, layers); LMCache and Mooncake stores key chunks by token hash, not by model",
     .trigger = "check --gpu H100 -- vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_producer\"}' ;; check --gpu H100 -- vllm serve Qwen/Qwen2.5-7B-Instruct --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_consumer\"}'"},
    {.code = "KVD306", .severity = error,
     .title = "prefill replicates KV heads the decode side cannot split",
     .message = "the prefill pool has more tensor-parallel ranks than KV heads (heads replicated) and more ranks than the decode pool",
     .fix = "give the decode pool at least the prefill pool's tensor parallelism, or prefill with TP at most the KV head count",
     .source = "vllm NIXL base_worker.py _validate_remote_agent_handshake (assert not (tp_ratio < 0 and is_kv_replicated))",
     .trigger = "check --gpu H100 --num-kv-heads 8 -- vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 16 --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_producer\"}' ;; check --gpu H100 --num-kv-heads 8 -- vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 4 --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_consumer\"}'"},
    // ---- malformed values inside a checked model config (sources/model/model_config.cpp) -------------
    // Triggers carry the config as --model-json TEXT: `rules --lint` reads it as the config.json
    // of `check --model` (docs/rules/README.md).
    {.code = "KVD082", .severity = error,
     .title = "model config: negative count or size",
     .message = "the model config's {detail} is negative; a count or size of a model is a whole number of 0 or more",
     .fix = "correct {detail} in the model's config.json (kvdtype read it as unknown)",
     .source = "transformers configuration classes (e.g. models/llama/configuration_llama.py LlamaConfig): head and layer counts and sizes are int",
     .trigger = "check --gpu H100 --model-json '{\"num_attention_heads\": 32, \"num_hidden_layers\": -5, \"hidden_size\": 4096}'"},
    {.code = "KVD083", .severity = error,
     .title = "model config: fractional count or size",
     .message = "the model config's {detail} is not a whole number",
     .fix = "correct {detail} in the model's config.json (kvdtype read it as unknown)",
     .source = "transformers configuration classes (e.g. models/llama/configuration_llama.py LlamaConfig): head and layer counts and sizes are int",
     .trigger = "check --gpu H100 --model-json '{\"num_attention_heads\": 32.5, \"num_hidden_layers\": 32, \"hidden_size\": 4096}'"},
    {.code = "KVD084", .severity = error,
     .title = "model config: count or size beyond any model",
     .message = "the model config's {detail} is larger than any model's (heads and head sizes at most 65536, layers at most 100000)",
     .fix = "correct {detail} in the model's config.json (kvdtype read it as unknown)",
     .source = "kvdtype's geometry bounds (src/core/request.cpp make_request), the same for flags and configs",
     .trigger = "check --gpu H100 --model-json '{\"num_attention_heads\": 32, \"num_hidden_layers\": 100000000000000000, \"hidden_size\": 4096}'"},
    {.code = "KVD085", .severity = error,
     .title = "model config: value of the wrong JSON type",
     .message = "the model config's {detail} has the wrong JSON type (counts and sizes are numbers; model_type and dtype are strings)",
     .fix = "correct {detail} in the model's config.json (kvdtype read it as unknown)",
     .source = "transformers configuration classes: model_type and torch_dtype/dtype are str, counts and sizes int",
     .trigger = "check --gpu H100 --model-json '{\"num_attention_heads\": [32], \"num_hidden_layers\": 32, \"hidden_size\": 4096}'"},
    {.code = "KVD086", .severity = error,
     .title = "model config: required count is null",
     .message = "the model config's {detail} is null; every decoder config gives its heads, layers and hidden size",
     .fix = "set {detail} in the model's config.json (kvdtype read it as unknown)",
     .source = "transformers configuration classes: num_attention_heads, num_hidden_layers and hidden_size have int values (no None default)",
     .trigger = "check --gpu H100 --model-json '{\"num_attention_heads\": 32, \"num_hidden_layers\": null, \"hidden_size\": 4096}'"},
};

// Retired codes (their pages are gone; the replacing rule's page says what they were).
constexpr RetiredRule kRetired[] = {
    {.retired = "KVD150", .now = "KVD103",
     .why = "a wrong-case --kv-cache-dtype in a launch command was reported twice, by the launch "
            "reader (KVD150) and by the check (KVD103); the check's rule stays, as every face reaches it"},
};

consteval bool retired_rows_valid() {
  for (const RetiredRule& r : kRetired) {
    if (known_rule_code(r.retired) || !known_rule_code(r.now)) return false;
  }
  return true;
}
static_assert(retired_rows_valid(), "a retired code is a rule row again, or it names no rule");

}  // namespace

std::span<const Rule> rule_rows() noexcept { return kRules; }
std::span<const RetiredRule> retired_rule_rows() noexcept { return kRetired; }

}  // namespace kvdtype::tables
