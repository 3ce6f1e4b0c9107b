// The format table: one row per FormatId, in enum order. A row states the defining parameters
// (bits, exponent and mantissa widths, bias, how Inf/NaN/-0 are encoded) and the format's names;
// derive() computes max/min/epsilon from them, so no numeric constant below is typed by hand.
// docs/formats.md explains the naming rules and how to add a row; tests/unit/test_formats.cpp
// checks the derived numbers against independently known constants.
//
// Conventions every row follows:
//   * `name` is the PyTorch / ml_dtypes spelling where one exists, otherwise a name in the same
//     style that says what the format is (float8_e4m3b15fn, nvfp4, q8_0 …).
//   * A names.* field holds one ecosystem's own spelling, or is empty. parse_format() indexes them
//     all (case-insensitively), except DLPack's generic kDLInt/kDLUInt/kDLFloat, which need the
//     bit width and are reached through "dlpack:<code>:<bits>" instead.
//   * Block rows: `bits` is the element width; bytes_per_block counts the elements and the scales
//     stored in the block. Scales kept outside the block (NVFP4's per-tensor fp32) are not counted.
#include <cstddef>
#include <span>

#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

// ---- derivation of the numeric facts (ml_dtypes style) -------------------------------------

constexpr double pow2(int e) {
  double r = 1.0;
  for (; e > 0; --e) r *= 2.0;
  for (; e < 0; ++e) r /= 2.0;  // exact: every power of two down to 2^-1074 is a double
  return r;
}

// Largest finite magnitude: the top exponent field and the largest mantissa that are not
// reserved for Inf/NaN.
constexpr double largest_finite(const Format& f) {
  const int m = f.mantissa_bits;
  int top_field = (1 << f.exponent_bits) - 1;
  double top_significand = 2.0 - pow2(-m);  // 1.11…1
  if (f.inf == InfEncoding::ieee || f.nan == NanEncoding::ieee) {
    top_field -= 1;  // IEEE: the whole top exponent is Inf/NaN
  } else if (f.nan == NanEncoding::all_ones || f.nan == NanEncoding::all_ones_unsigned) {
    if (m == 0) top_field -= 1;            // E8M0: the all-ones code is the top exponent itself
    else top_significand = 2.0 - pow2(1 - m);  // OCP E4M3: only S.1111.111 is NaN
  }
  // fnuz (NaN at the negative-zero code) and finite-only formats use every top-exponent code.
  return pow2(top_field - f.exponent_bias) * top_significand;
}

constexpr Format derive(Format f) {
  switch (f.kind) {
    case FormatKind::integer: {
      const double half_range = pow2(f.bits - (f.is_signed ? 1 : 0));
      f.max_finite = half_range - 1.0;
      f.min_finite = f.is_signed ? -half_range : 0.0;
      break;
    }
    case FormatKind::floating:
    case FormatKind::packed: {
      const bool has_subnormals = f.mantissa_bits > 0;
      f.max_finite = largest_finite(f);
      // Without a mantissa (E8M0) exponent field 0 is an ordinary power of two, not a subnormal.
      f.min_normal = has_subnormals ? pow2(1 - f.exponent_bias) : pow2(-f.exponent_bias);
      f.min_subnormal = has_subnormals ? pow2(1 - f.exponent_bias - f.mantissa_bits) : 0.0;
      f.epsilon = pow2(-f.mantissa_bits);
      // An unsigned float without a zero code (E8M0) bottoms out at its smallest power of two.
      f.min_finite = f.is_signed ? -f.max_finite : f.min_normal;
      break;
    }
    case FormatKind::block:
      break;  // the element and scale rows carry the numbers
  }
  return f;
}

// ---- the rows ------------------------------------------------------------------------------

using enum FormatKind;
using FI = FormatId;

constexpr Format kFormats[] = {
    // ---- 16/32-bit floats ----------------------------------------------------------------
    derive({
        .id = FI::float32, .name = "float32", .kind = floating, .bits = 32,
        .exponent_bits = 8, .mantissa_bits = 23, .exponent_bias = 127,
        .inf = InfEncoding::ieee, .nan = NanEncoding::ieee, .has_negative_zero = true,
        .names = {.torch = "float32", .cuda = "float", .hip = "float", .triton = "fp32",
                  .dlpack = "kDLFloat", .dlpack_code = 2, .onnx = "FLOAT", .onnx_value = 1,
                  .safetensors = "F32", .ggml = "f32", .ggml_id = 0, .numpy = "float32"},
        .description = "IEEE 754 binary32; the accumulator, and the safe intermediate before any "
                       "software fp8 conversion",
        .source = "IEEE 754-2019 3.6 binary32; dmlc/dlpack include/dlpack/dlpack.h kDLFloat; "
                  "onnx/onnx onnx/onnx.in.proto FLOAT=1; ggml-org/ggml include/ggml.h GGML_TYPE_F32",
    }),
    derive({
        .id = FI::float16, .name = "float16", .kind = floating, .bits = 16,
        .exponent_bits = 5, .mantissa_bits = 10, .exponent_bias = 15,
        .inf = InfEncoding::ieee, .nan = NanEncoding::ieee, .has_negative_zero = true,
        .names = {.torch = "float16", .cuda = "__half", .hip = "__half", .triton = "fp16",
                  .dlpack = "kDLFloat", .dlpack_code = 2, .onnx = "FLOAT16", .onnx_value = 10,
                  .safetensors = "F16", .ggml = "f16", .ggml_id = 1, .numpy = "float16"},
        .description = "IEEE 754 binary16 (half); a model dtype and the input Triton's software "
                       "fp8e4b15 converter expects",
        .source = "IEEE 754-2019 3.6 binary16; dlpack.h kDLFloat; onnx.in.proto FLOAT16=10; "
                  "ggml.h GGML_TYPE_F16",
    }),
    derive({
        .id = FI::bfloat16, .name = "bfloat16", .kind = floating, .bits = 16,
        .exponent_bits = 8, .mantissa_bits = 7, .exponent_bias = 127,
        .inf = InfEncoding::ieee, .nan = NanEncoding::ieee, .has_negative_zero = true,
        .names = {.torch = "bfloat16", .cuda = "__nv_bfloat16", .hip = "__hip_bfloat16",
                  .triton = "bf16", .dlpack = "kDLBfloat", .dlpack_code = 4, .onnx = "BFLOAT16",
                  .onnx_value = 16, .safetensors = "BF16", .ggml = "bf16", .ggml_id = 30,
                  .numpy = "bfloat16"},
        .description = "brain float: the top 16 bits of a binary32; the usual model dtype on "
                       "sm_80+ and gfx9",
        .source = "ml_dtypes README (bfloat16); dlpack.h kDLBfloat=4; onnx.in.proto BFLOAT16=16; "
                  "ggml.h GGML_TYPE_BF16=30",
    }),

    // ---- ml_dtypes narrow floats ---------------------------------------------------------
    derive({
        .id = FI::float8_e3m4, .name = "float8_e3m4", .kind = floating, .bits = 8,
        .exponent_bits = 3, .mantissa_bits = 4, .exponent_bias = 3,
        .inf = InfEncoding::ieee, .nan = NanEncoding::ieee, .has_negative_zero = true,
        .names = {.dlpack = "kDLFloat8_e3m4", .dlpack_code = 7, .numpy = "float8_e3m4"},
        .description = "IEEE-style E3M4 (Inf and NaNs at the top exponent); ml_dtypes only, no "
                       "engine stores KV in it",
        .source = "jax-ml/ml_dtypes ml_dtypes/include/float8.h float8_e3m4 (CHANGELOG 0.5.0); "
                  "dlpack.h kDLFloat8_e3m4=7 (DLPack 1.1, PR 158)",
    }),
    derive({
        .id = FI::float8_e4m3, .name = "float8_e4m3", .kind = floating, .bits = 8,
        .exponent_bits = 4, .mantissa_bits = 3, .exponent_bias = 7,
        .inf = InfEncoding::ieee, .nan = NanEncoding::ieee, .has_negative_zero = true,
        .names = {.dlpack = "kDLFloat8_e4m3", .dlpack_code = 8, .numpy = "float8_e4m3"},
        .description = "IEEE-style E4M3 (max 240, has Inf); NOT the OCP E4M3 that engines call "
                       "fp8_e4m3 (that is float8_e4m3fn)",
        .source = "ml_dtypes float8.h float8_e4m3 (CHANGELOG 0.5.0); dlpack.h kDLFloat8_e4m3=8",
    }),
    derive({
        .id = FI::float8_e4m3fn, .name = "float8_e4m3fn", .kind = floating, .bits = 8,
        .exponent_bits = 4, .mantissa_bits = 3, .exponent_bias = 7,
        .inf = InfEncoding::none, .nan = NanEncoding::all_ones, .has_negative_zero = true,
        .names = {.torch = "float8_e4m3fn", .cuda = "__nv_fp8_e4m3", .hip = "__hip_fp8_e4m3",
                  .triton = "fp8e4nv", .dlpack = "kDLFloat8_e4m3fn", .dlpack_code = 10,
                  .onnx = "FLOAT8E4M3FN", .onnx_value = 17, .safetensors = "F8_E4M3",
                  .numpy = "float8_e4m3fn"},
        .description = "OCP FP8 E4M3: no Inf, NaN only at S.1111.111, max 448; vLLM's fp8 / "
                       "fp8_e4m3 KV cache on NVIDIA, gfx950 and gfx12",
        .source = "OCP OFP8 spec rev 1.0 (2023-12-01) section 5.3; ml_dtypes float8.h "
                  "float8_e4m3fn; CUDA cuda_fp8.h __nv_fp8_e4m3; triton python/triton/language/"
                  "core.py fp8e4nv (bias 7); dlpack.h =10; onnx.in.proto =17; safetensors "
                  "safetensors/src/tensor.rs Dtype::F8_E4M3",
    }),
    derive({
        .id = FI::float8_e4m3fnuz, .name = "float8_e4m3fnuz", .kind = floating, .bits = 8,
        .exponent_bits = 4, .mantissa_bits = 3, .exponent_bias = 8,
        .inf = InfEncoding::none, .nan = NanEncoding::negative_zero, .has_negative_zero = false,
        .names = {.torch = "float8_e4m3fnuz", .hip = "__hip_fp8_e4m3_fnuz", .triton = "fp8e4b8",
                  .dlpack = "kDLFloat8_e4m3fnuz", .dlpack_code = 11, .onnx = "FLOAT8E4M3FNUZ",
                  .onnx_value = 18, .safetensors = "F8_E4M3FNUZ", .numpy = "float8_e4m3fnuz"},
        .description = "FNUZ E4M3 (bias 8, single NaN 0x80, no -0, max 240); the native fp8 of "
                       "gfx942 (MI300), so vLLM's fp8 there; bytes differ from float8_e4m3fn",
        .source = "arXiv 2206.02915 (Graphcore/AMD 8-bit formats); ml_dtypes float8.h "
                  "float8_e4m3fnuz; ROCm/HIP docs/reference/fp8_numbers.rst; triton core.py "
                  "fp8e4b8; dlpack.h =11; onnx.in.proto =18; safetensors PR 711",
    }),
    derive({
        .id = FI::float8_e4m3b11fnuz, .name = "float8_e4m3b11fnuz", .kind = floating, .bits = 8,
        .exponent_bits = 4, .mantissa_bits = 3, .exponent_bias = 11,
        .inf = InfEncoding::none, .nan = NanEncoding::negative_zero, .has_negative_zero = false,
        .names = {.dlpack = "kDLFloat8_e4m3b11fnuz", .dlpack_code = 9,
                  .numpy = "float8_e4m3b11fnuz"},
        .description = "FNUZ E4M3 with bias 11 (max 30); ml_dtypes/XLA only. Not Triton's "
                       "fp8e4b15 (bias 15, no NaN), whatever the similar name suggests",
        .source = "ml_dtypes float8.h float8_e4m3b11fnuz (renamed from float8_e4m3b11 in 0.2.0); "
                  "dlpack.h kDLFloat8_e4m3b11fnuz=9",
    }),
    derive({
        .id = FI::float8_e5m2, .name = "float8_e5m2", .kind = floating, .bits = 8,
        .exponent_bits = 5, .mantissa_bits = 2, .exponent_bias = 15,
        .inf = InfEncoding::ieee, .nan = NanEncoding::ieee, .has_negative_zero = true,
        .names = {.torch = "float8_e5m2", .cuda = "__nv_fp8_e5m2", .hip = "__hip_fp8_e5m2",
                  .triton = "fp8e5", .dlpack = "kDLFloat8_e5m2", .dlpack_code = 12,
                  .onnx = "FLOAT8E5M2", .onnx_value = 19, .safetensors = "F8_E5M2",
                  .numpy = "float8_e5m2"},
        .description = "OCP FP8 E5M2 (IEEE-style Inf/NaN, max 57344); vLLM's fp8_e5m2 KV cache",
        .source = "OCP OFP8 spec rev 1.0 section 5.3; ml_dtypes float8.h float8_e5m2; CUDA "
                  "cuda_fp8.h __nv_fp8_e5m2; triton core.py fp8e5; dlpack.h =12; onnx.in.proto =19",
    }),
    derive({
        .id = FI::float8_e5m2fnuz, .name = "float8_e5m2fnuz", .kind = floating, .bits = 8,
        .exponent_bits = 5, .mantissa_bits = 2, .exponent_bias = 16,
        .inf = InfEncoding::none, .nan = NanEncoding::negative_zero, .has_negative_zero = false,
        .names = {.torch = "float8_e5m2fnuz", .hip = "__hip_fp8_e5m2_fnuz", .triton = "fp8e5b16",
                  .dlpack = "kDLFloat8_e5m2fnuz", .dlpack_code = 13, .onnx = "FLOAT8E5M2FNUZ",
                  .onnx_value = 20, .safetensors = "F8_E5M2FNUZ", .numpy = "float8_e5m2fnuz"},
        .description = "FNUZ E5M2 (bias 16, single NaN 0x80, no -0); gfx942's native bf8",
        .source = "arXiv 2206.02915; ml_dtypes float8.h float8_e5m2fnuz; triton core.py fp8e5b16; "
                  "dlpack.h =13; onnx.in.proto =20",
    }),
    derive({
        .id = FI::float8_e8m0fnu, .name = "float8_e8m0fnu", .kind = floating, .bits = 8,
        .is_signed = false, .exponent_bits = 8, .mantissa_bits = 0, .exponent_bias = 127,
        .inf = InfEncoding::none, .nan = NanEncoding::all_ones_unsigned, .has_negative_zero = false,
        .names = {.torch = "float8_e8m0fnu", .cuda = "__nv_fp8_e8m0", .dlpack = "kDLFloat8_e8m0fnu",
                  .dlpack_code = 14, .onnx = "FLOAT8E8M0", .onnx_value = 24,
                  .safetensors = "F8_E8M0", .numpy = "float8_e8m0fnu"},
        .description = "MX block scale: unsigned powers of two 2^-127..2^127, 0xFF NaN, no zero",
        .source = "OCP Microscaling Formats (MX) v1.0 section 5.4 (E8M0); ml_dtypes float8.h "
                  "float8_e8m0fnu; CUDA cuda_fp8.h __nv_fp8_e8m0 (CUDA 12.8+); dlpack.h =14; "
                  "onnx.in.proto FLOAT8E8M0=24",
    }),
    derive({
        .id = FI::float6_e2m3fn, .name = "float6_e2m3fn", .kind = floating, .bits = 6,
        .exponent_bits = 2, .mantissa_bits = 3, .exponent_bias = 1,
        .inf = InfEncoding::none, .nan = NanEncoding::none, .has_negative_zero = true,
        .names = {.cuda = "__nv_fp6_e2m3", .hip = "__hip_fp6_e2m3", .dlpack = "kDLFloat6_e2m3fn",
                  .dlpack_code = 15, .onnx = "FLOAT6E2M3", .onnx_value = 27,
                  .safetensors = "F6_E2M3", .numpy = "float6_e2m3fn"},
        .description = "MX FP6 element E2M3 (finite only, max 7.5); one per byte in ml_dtypes",
        .source = "OCP MX v1.0 section 5.3.2; ml_dtypes ml_dtypes/include/mxfloat.h float6_e2m3fn; "
                  "CUDA cuda_fp6.h; dlpack.h =15; ONNX FLOAT6E2M3=27 (onnx PR 8349, in the 1.23.1 "
                  "wheel); safetensors PR 611",
    }),
    derive({
        .id = FI::float6_e3m2fn, .name = "float6_e3m2fn", .kind = floating, .bits = 6,
        .exponent_bits = 3, .mantissa_bits = 2, .exponent_bias = 3,
        .inf = InfEncoding::none, .nan = NanEncoding::none, .has_negative_zero = true,
        .names = {.cuda = "__nv_fp6_e3m2", .hip = "__hip_fp6_e3m2", .dlpack = "kDLFloat6_e3m2fn",
                  .dlpack_code = 16, .onnx = "FLOAT6E3M2", .onnx_value = 28,
                  .safetensors = "F6_E3M2", .numpy = "float6_e3m2fn"},
        .description = "MX FP6 element E3M2 (finite only, max 28)",
        .source = "OCP MX v1.0 section 5.3.2; ml_dtypes mxfloat.h float6_e3m2fn; CUDA cuda_fp6.h; "
                  "dlpack.h =16; ONNX FLOAT6E3M2=28 (onnx PR 8349)",
    }),
    derive({
        .id = FI::float4_e2m1fn, .name = "float4_e2m1fn", .kind = floating, .bits = 4,
        .exponent_bits = 2, .mantissa_bits = 1, .exponent_bias = 1,
        .inf = InfEncoding::none, .nan = NanEncoding::none, .has_negative_zero = true,
        .names = {.cuda = "__nv_fp4_e2m1", .hip = "__hip_fp4_e2m1", .dlpack = "kDLFloat4_e2m1fn",
                  .dlpack_code = 17, .onnx = "FLOAT4E2M1", .onnx_value = 23, .safetensors = "F4",
                  .numpy = "float4_e2m1fn"},
        .description = "FP4 E2M1 (values 0, 0.5, 1, 1.5, 2, 3, 4, 6): the element of MXFP4 and "
                       "NVFP4; one value per byte in ml_dtypes, two in torch's float4_e2m1fn_x2",
        .source = "OCP MX v1.0 section 5.3.3; ml_dtypes mxfloat.h float4_e2m1fn; CUDA cuda_fp4.h; "
                  "dlpack.h =17 (bits must be 4); onnx.in.proto FLOAT4E2M1=23; safetensors "
                  "tensor.rs Dtype::F4",
    }),

    // ---- narrow floats engines use that ml_dtypes lacks ----------------------------------
    derive({
        .id = FI::float8_e4m3b15, .name = "float8_e4m3b15fn", .kind = floating, .bits = 8,
        .exponent_bits = 4, .mantissa_bits = 3, .exponent_bias = 15,
        .inf = InfEncoding::none, .nan = NanEncoding::none, .has_negative_zero = true,
        .names = {.triton = "fp8e4b15"},
        .description = "Triton's fp8e4b15: E4M3 with fp16's bias 15, every code a finite number "
                       "(max 1.875, -0 kept); Triton's software encoder saturates at 1.75. vLLM "
                       "TurboQuant keys below sm_89. Not float8_e4m3b11fnuz",
        .source = "triton-lang/triton 0c5ad3eb third_party/nvidia/language/cuda/utils.py: "
                  "convert_fp8e4b15_to_float16 (bits 6..0 become fp16 bits 13..7: no Inf, no NaN, "
                  "0x7F = 1.875), convert_float16_to_fp8e4b15 (|x| clamped to fp16 0x3F00 = 1.75 "
                  "by min.f16x2, NaN and Inf included; +0x80 rounds ties away; sign ORed back), "
                  "convert_custom_float8 (fp32 cut to fp16 toward zero first; fp16/fp32 input "
                  "only); python/triton/language/core.py dtype fp8e4b15 exponent_bias 15; "
                  "semantic.py cast -> codegen_fns['convert_custom_types']; "
                  "third_party/nvidia/backend/compiler.py get_codegen_implementation",
    }),
    derive({
        .id = FI::float4_e2m1fn_x2, .name = "float4_e2m1fn_x2", .kind = packed, .bits = 4,
        .exponent_bits = 2, .mantissa_bits = 1, .exponent_bias = 1,
        .inf = InfEncoding::none, .nan = NanEncoding::none, .has_negative_zero = true,
        .block_size = 2, .element = FI::float4_e2m1fn, .bytes_per_block = 1,
        .names = {.torch = "float4_e2m1fn_x2", .cuda = "__nv_fp4x2_e2m1",
                  .hip = "__hip_fp4x2_e2m1", .dlpack_code = 17},
        .description = "PyTorch's packed pair of E2M1 in one byte (itemsize 1, first element in "
                       "the low nibble); DLPack exports it as kDLFloat4_e2m1fn bits 4 lanes 2",
        .source = "pytorch/pytorch torch/headeronly/core/ScalarType.h Float4_e2m1fn_x2=45 "
                  "(torch 2.8+); dlpack.h: sub-byte types pack little bit-endian; PyTorch DLPack "
                  "exporters map it to kDLFloat4_e2m1fn, bits 4, lanes 2",
    }),

    // ---- integers and bytes ------------------------------------------------------------
    derive({
        .id = FI::int8, .name = "int8", .kind = integer, .bits = 8,
        .names = {.torch = "int8", .cuda = "int8_t", .hip = "int8_t", .triton = "i8",
                  .dlpack = "kDLInt", .dlpack_code = 0, .onnx = "INT8", .onnx_value = 3,
                  .safetensors = "I8", .ggml = "i8", .ggml_id = 24, .numpy = "int8"},
        .description = "two's complement byte; the element of int8 KV caches (per-token-head "
                       "scales) and of q8_0",
        .source = "dlpack.h kDLInt; onnx.in.proto INT8=3; ggml.h GGML_TYPE_I8=24",
    }),
    derive({
        .id = FI::uint8, .name = "uint8", .kind = integer, .bits = 8, .is_signed = false,
        .names = {.torch = "uint8", .cuda = "uint8_t", .hip = "uint8_t", .triton = "u8",
                  .dlpack = "kDLUInt", .dlpack_code = 1, .onnx = "UINT8", .onnx_value = 2,
                  .safetensors = "U8", .numpy = "uint8"},
        .description = "unsigned byte, and the byte container engines allocate fp8/fp4 caches in "
                       "(vLLM torch.uint8 KV tensors); a storage dtype, never the logical format",
        .source = "dlpack.h kDLUInt; onnx.in.proto UINT8=2; vLLM STR_DTYPE_TO_TORCH_DTYPE maps fp8 "
                  "kv-cache strings to torch.uint8 (vllm/utils/torch_utils.py)",
    }),
    derive({
        .id = FI::int4, .name = "int4", .kind = integer, .bits = 4,
        .names = {.torch = "int4", .dlpack = "kDLInt", .dlpack_code = 0, .onnx = "INT4",
                  .onnx_value = 22, .numpy = "int4"},
        .description = "4-bit two's complement (-8..7); one per byte in ml_dtypes, packed in "
                       "ONNX and in engines' int4 KV caches",
        .source = "ml_dtypes ml_dtypes/include/intn.h int4; onnx.in.proto INT4=22; torch.int4 "
                  "placeholder dtype (ScalarType Int4)",
    }),
    derive({
        .id = FI::uint4, .name = "uint4", .kind = integer, .bits = 4, .is_signed = false,
        .names = {.torch = "uint4", .dlpack = "kDLUInt", .dlpack_code = 1, .onnx = "UINT4",
                  .onnx_value = 21, .numpy = "uint4"},
        .description = "4-bit unsigned (0..15); the element of asymmetric 4-bit KV caches "
                       "(scale and zero point)",
        .source = "ml_dtypes intn.h uint4; onnx.in.proto UINT4=21; torch.uint4 placeholder dtype",
    }),

    // ---- block formats: block_size elements share a scale ------------------------------
    derive({
        .id = FI::nvfp4, .name = "nvfp4", .kind = block, .bits = 4,
        .block_size = 16, .element = FI::float4_e2m1fn, .scale = FI::float8_e4m3fn,
        .bytes_per_block = 9,
        .names = {.ggml = "nvfp4", .ggml_id = 40},
        .description = "NVIDIA NVFP4: 16 E2M1 values + one E4M3 scale used as unsigned UE4M3 "
                       "(9 bytes), times one fp32 per-tensor scale kept outside the blocks; "
                       "ggml's NVFP4 groups four such blocks into 36 bytes",
        .source = "NVIDIA blog 'Introducing NVFP4' (2025, cited by pytorch/ao PR 3049); CUDA "
                  "cuda_fp4.h; ggml-org/ggml include/ggml.h GGML_TYPE_NVFP4=40, "
                  "src/ggml-common.h block_nvfp4; vLLM --kv-cache-dtype nvfp4 (vllm/config/cache.py)",
    }),
    derive({
        .id = FI::mxfp8_e4m3, .name = "mxfp8_e4m3", .kind = block, .bits = 8,
        .block_size = 32, .element = FI::float8_e4m3fn, .scale = FI::float8_e8m0fnu,
        .bytes_per_block = 33,
        .names = {},
        .description = "OCP MXFP8 with E4M3 elements: 32 values share one E8M0 scale (33 bytes)",
        .source = "OCP Microscaling Formats (MX) v1.0 section 5 (k = 32, scale E8M0)",
    }),
    derive({
        .id = FI::mxfp8_e5m2, .name = "mxfp8_e5m2", .kind = block, .bits = 8,
        .block_size = 32, .element = FI::float8_e5m2, .scale = FI::float8_e8m0fnu,
        .bytes_per_block = 33,
        .names = {},
        .description = "OCP MXFP8 with E5M2 elements: 32 values share one E8M0 scale (33 bytes)",
        .source = "OCP MX v1.0 section 5",
    }),
    derive({
        .id = FI::mxfp6_e2m3, .name = "mxfp6_e2m3", .kind = block, .bits = 6,
        .block_size = 32, .element = FI::float6_e2m3fn, .scale = FI::float8_e8m0fnu,
        .bytes_per_block = 25,
        .names = {},
        .description = "OCP MXFP6 with E2M3 elements: 32 x 6 bits + one E8M0 scale (25 bytes)",
        .source = "OCP MX v1.0 section 5",
    }),
    derive({
        .id = FI::mxfp6_e3m2, .name = "mxfp6_e3m2", .kind = block, .bits = 6,
        .block_size = 32, .element = FI::float6_e3m2fn, .scale = FI::float8_e8m0fnu,
        .bytes_per_block = 25,
        .names = {},
        .description = "OCP MXFP6 with E3M2 elements: 32 x 6 bits + one E8M0 scale (25 bytes)",
        .source = "OCP MX v1.0 section 5",
    }),
    derive({
        .id = FI::mxfp4, .name = "mxfp4", .kind = block, .bits = 4,
        .block_size = 32, .element = FI::float4_e2m1fn, .scale = FI::float8_e8m0fnu,
        .bytes_per_block = 17,
        .names = {.ggml = "mxfp4", .ggml_id = 39},
        .description = "OCP MXFP4: 32 E2M1 values + one E8M0 scale (17 bytes)",
        .source = "OCP MX v1.0 section 5; ggml.h GGML_TYPE_MXFP4=39, ggml-common.h block_mxfp4",
    }),
    derive({
        .id = FI::q8_0, .name = "q8_0", .kind = block, .bits = 8,
        .block_size = 32, .element = FI::int8, .scale = FI::float16, .bytes_per_block = 34,
        .names = {.ggml = "q8_0", .ggml_id = 8},
        .description = "GGML Q8_0: fp16 scale d + 32 int8 (34 bytes); llama.cpp --cache-type-k",
        .source = "ggml-org/ggml src/ggml-common.h block_q8_0; ggml.h GGML_TYPE_Q8_0=8; "
                  "llama.cpp common/arg.cpp kv_cache_types",
    }),
    derive({
        .id = FI::q4_0, .name = "q4_0", .kind = block, .bits = 4,
        .block_size = 32, .element = FI::int4, .scale = FI::float16, .bytes_per_block = 18,
        .names = {.ggml = "q4_0", .ggml_id = 2},
        .description = "GGML Q4_0: fp16 scale d + 32 nibbles q, value (q - 8) * d (18 bytes)",
        .source = "ggml-common.h block_q4_0; ggml.h GGML_TYPE_Q4_0=2",
    }),
    derive({
        .id = FI::q4_1, .name = "q4_1", .kind = block, .bits = 4,
        .block_size = 32, .element = FI::uint4, .scale = FI::float16, .bytes_per_block = 20,
        .names = {.ggml = "q4_1", .ggml_id = 3},
        .description = "GGML Q4_1: fp16 scale d and min m + 32 nibbles q, value q * d + m "
                       "(20 bytes)",
        .source = "ggml-common.h block_q4_1; ggml.h GGML_TYPE_Q4_1=3",
    }),
    derive({
        .id = FI::q5_0, .name = "q5_0", .kind = block, .bits = 5,
        .block_size = 32, .scale = FI::float16, .bytes_per_block = 22,
        .names = {.ggml = "q5_0", .ggml_id = 6},
        .description = "GGML Q5_0: fp16 d + 4 bytes of fifth bits + 16 bytes of nibbles, value "
                       "(q - 16) * d (22 bytes)",
        .source = "ggml-common.h block_q5_0; ggml.h GGML_TYPE_Q5_0=6",
    }),
    derive({
        .id = FI::q5_1, .name = "q5_1", .kind = block, .bits = 5,
        .block_size = 32, .scale = FI::float16, .bytes_per_block = 24,
        .names = {.ggml = "q5_1", .ggml_id = 7},
        .description = "GGML Q5_1: fp16 d and m + 4 + 16 bytes of 5-bit q, value q * d + m "
                       "(24 bytes)",
        .source = "ggml-common.h block_q5_1; ggml.h GGML_TYPE_Q5_1=7",
    }),
    derive({
        .id = FI::iq4_nl, .name = "iq4_nl", .kind = block, .bits = 4,
        .block_size = 32, .scale = FI::float16, .bytes_per_block = 18,
        .names = {.ggml = "iq4_nl", .ggml_id = 20},
        .description = "GGML IQ4_NL: fp16 d + 32 nibbles indexing a fixed non-linear 16-entry "
                       "int8 codebook (18 bytes)",
        .source = "ggml-common.h block_iq4_nl and kvalues_iq4nl; ggml.h GGML_TYPE_IQ4_NL=20",
    }),
};

constexpr bool rows_in_enum_order() {
  if (std::size(kFormats) != kFormatCount) return false;
  for (std::size_t i = 0; i < std::size(kFormats); ++i)
    if (static_cast<std::size_t>(kFormats[i].id) != i) return false;
  return true;
}
static_assert(rows_in_enum_order(), "kFormats must hold one row per FormatId, in enum order");

}  // namespace

std::span<const Format> format_rows() noexcept { return kFormats; }

}  // namespace kvdtype::tables
