// Internal: request flag bits only vLLM's tables and launch code read. The public RequestFlag
// bits (kvdtype/vocabulary.hpp) take the low bits in order; these count down from the top so that
// a bit added there does not meet one here (static_assert below against the highest public bit).
#pragma once

#include <cstdint>

#include "kvdtype/vocabulary.hpp"

namespace kvdtype::tables {

/// vLLM launched with --enable-sleep-mode (vllm/engine/arg_utils.py; Python LLM(enable_sleep_mode=True)):
/// the CuMem allocator that lets LLM.sleep(level) / POST /sleep drop the weights (level 2) and the
/// KV cache. The sleep itself is a runtime call; the launch flag is what makes it possible. Set by
/// launch_vllm.cpp from the launch command; read by constraints_vllm.cpp.
inline constexpr std::uint32_t flag_vllm_sleep_mode = 1u << 31;
static_assert((flag_vllm_sleep_mode & static_cast<std::uint32_t>(flag_model_dtype_auto)) == 0 &&
                  static_cast<std::uint32_t>(flag_model_dtype_auto) < flag_vllm_sleep_mode,
              "a public RequestFlag reached the bits vLLM's tables keep for themselves");

}  // namespace kvdtype::tables
