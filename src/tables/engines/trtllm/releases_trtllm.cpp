// TensorRT-LLM releases that a fact in the tables names or that a public record places in time,
// oldest first. The version fields of the TensorRT-LLM tables must name a row here.
//
// TensorRT-LLM publishes many release candidates (1.2.0rc1 … rc6, 1.3.0rc20 …) as tags, wheels
// and nvcr.io/nvidia/tensorrt-llm/release images; pip orders them before their final release
// (1.2.0rc6 < 1.2.0). Only releases a cited record names are listed; the others (0.18 … 0.20,
// 1.0.0, 1.1.0 …) exist but are not rows until a fact needs them, and pip's order places any of
// them correctly. Publication dates were not established for most rows (left empty).
//
// What changed across these releases, as far as the tables model it:
//   - NVFP4 KV cache (KvCacheConfig.dtype "nvfp4"): merged with NVIDIA/TensorRT-LLM#6244 (reviews
//     2025-08-28, merged by 2025-09-01); 0.21.0 has no way to select it (#7988, 2025-09-25);
//     the 1.2.0rc6 documentation lists it. Which of 1.0.0 / 1.1.0 / the early 1.2.0 candidates
//     first shipped it was not established.
#include "tables/rows/release.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {
namespace {

constexpr Release kRows[] = {
    {.engine = Engine::trtllm, .version = "0.10.0", .note = "date not established",
     .source = "NVIDIA/TensorRT-LLM#1864 (2024-06-28 report on TensorRT-LLM v0.10.0)"},
    {.engine = Engine::trtllm, .version = "0.13.0", .note = "date not established",
     .source = "NVIDIA/TensorRT-LLM#2447 (2024-11-14 report naming 0.13.0 and 0.14.0)"},
    {.engine = Engine::trtllm, .version = "0.14.0", .note = "date not established",
     .source = "NVIDIA/TensorRT-LLM#2447"},
    {.engine = Engine::trtllm, .version = "0.17.0", .date = "2025-01-30",
     .note = "release PR opened 2025-01-30, notes updated 01-31; first release with the PyTorch workflow "
             "(experimental; FP16/BF16/FP8 KV cache)",
     .source = "NVIDIA/TensorRT-LLM#2725 ('TensorRT-LLM v0.17 Release')"},
    {.engine = Engine::trtllm, .version = "0.19.0", .note = "date not established",
     .source = "NVIDIA/TensorRT-LLM#4218 (2025-05-12 report pinning tensorrt-llm==0.19.0)"},
    {.engine = Engine::trtllm, .version = "0.20.0", .note = "date not established; FP8 FMHA on sm_120 works",
     .source = "NVIDIA/TensorRT-LLM#2855 (closed 2025-07-31: 'the issue is verified fixed in v0.20.0')"},
    {.engine = Engine::trtllm, .version = "0.21.0", .note = "date not established; no NVFP4 KV option",
     .source = "NVIDIA/TensorRT-LLM#7988 (2025-09-25: 0.21.0 supports FP8/BF16 KV only)"},
    {.engine = Engine::trtllm, .version = "1.0.0rc6", .note = "release candidate; date not established",
     .source = "NVIDIA/TensorRT-LLM#7842 (2025-09-18 report: 'TensorRT-LLM version: 1.0.0rc6')"},
    {.engine = Engine::trtllm, .version = "1.1.0rc1", .note = "release candidate; date not established",
     .source = "a public DGX Spark smoke test of nvcr.io/nvidia/tensorrt-llm/release:1.1.0rc1 (gpt-oss attention sinks assert)"},
    {.engine = Engine::trtllm, .version = "1.2.0rc0", .note = "release candidate; date not established",
     .source = "NVIDIA/TensorRT-LLM#8125 (2025-10-02 report on the image nvcr.io/nvidia/tensorrt-llm/release:1.2.0rc0)"},
    {.engine = Engine::trtllm, .version = "1.2.0rc1", .note = "release candidate; date not established",
     .source = "NVIDIA/TensorRT-LLM#9253 (2025-11-18: tag 1.2.0rc1, image nvcr.io/nvidia/tensorrt-llm/release:1.2.0rc1)"},
    {.engine = Engine::trtllm, .version = "1.2.0rc3", .note = "release candidate; date not established; main's "
             "version became 1.2.0rc3 with commit c836ae5aaa of 2025-11-07",
     .source = "NVIDIA/TensorRT-LLM main commit c836ae5aaa ('[None][chore] Bump version to 1.2.0rc3 (#9004)', 2025-11-07)"},
    {.engine = Engine::trtllm, .version = "1.2.0rc6", .note = "release candidate; date not established",
     .source = "nvidia.github.io/TensorRT-LLM 1.2.0rc6 documentation (features/quantization: NVFP4 KV cache)"},
    {.engine = Engine::trtllm, .version = "1.2.0", .note = "date not established",
     .source = "a public DGX Spark smoke test of nvcr.io/nvidia/tensorrt-llm/release:1.2.0 (gpt-oss runs on sm_121)"},
    {.engine = Engine::trtllm, .version = "1.3.0rc20", .note = "release candidate; date not established",
     .source = "ai-dynamo/aiconfigurator#1356 (collector upgraded to TensorRT-LLM 1.3.0rc20)"},
    {.engine = Engine::trtllm, .version = "1.3.0rc27", .note = "release candidate; date not established",
     .source = "nvidia.github.io/TensorRT-LLM 1.3.0rc27 documentation (quantization support matrix)"},
    {.engine = Engine::trtllm, .version = "1.4.0rc4", .note = "release candidate; date not established",
     .source = "nvidia.github.io/TensorRT-LLM 1.4.0rc4 documentation (quantization support matrix)"},
};

}  // namespace

std::span<const Release> trtllm_releases() noexcept { return kRows; }

}  // namespace kvdtype::tables
