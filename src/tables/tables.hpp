// Internal: the accessor of every table. Each table file defines its rows and one function
// here; lookup code in src/ dispatches on the engine. Nothing outside src/ includes this.
#pragma once

#include <span>

#include "kvdtype/backend.hpp"
#include "kvdtype/cache_dtype.hpp"
#include "kvdtype/engine.hpp"
#include "kvdtype/format.hpp"
#include "kvdtype/release.hpp"
#include "kvdtype/rule.hpp"
#include "kvdtype/target.hpp"

namespace kvdtype::tables {

std::span<const Format> format_rows() noexcept;        // formats.cpp
std::span<const Target> target_rows() noexcept;        // targets.cpp
std::span<const Product> product_rows() noexcept;      // products.cpp
std::span<const EngineInfo> engine_rows() noexcept;    // engines.cpp
std::span<const Rule> rule_rows() noexcept;            // rules.cpp

std::span<const CacheDtype> vllm_cache_dtypes() noexcept;        // cache_dtypes_vllm.cpp
std::span<const Backend> vllm_backends() noexcept;               // backends_vllm.cpp
std::span<const SelectionOrder> vllm_selection() noexcept;       // selection_vllm.cpp
std::span<const Constraint> vllm_constraints() noexcept;         // constraints_vllm.cpp

std::span<const CacheDtype> sglang_cache_dtypes() noexcept;      // cache_dtypes_sglang.cpp
std::span<const Backend> sglang_backends() noexcept;             // backends_sglang.cpp
std::span<const SelectionOrder> sglang_selection() noexcept;     // selection_sglang.cpp
std::span<const Constraint> sglang_constraints() noexcept;       // constraints_sglang.cpp

std::span<const Release> vllm_releases() noexcept;               // releases_vllm.cpp
std::span<const Release> sglang_releases() noexcept;             // releases_sglang.cpp

}  // namespace kvdtype::tables
