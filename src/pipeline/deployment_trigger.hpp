// Internal: a deployment rule's trigger run as a deployment (`kvdtype rules --lint`, tests).
#pragma once

#include <string_view>

#include "kvdtype/io/workloads.hpp"
#include "kvdtype/result.hpp"

namespace kvdtype::io {

/// Whether a trigger describes several servers: `check … -- <command> ;; check … -- <command>`.
[[nodiscard]] bool is_deployment_trigger(std::string_view trigger) noexcept;

/// Each piece's flags (before `--`) as explicit fields and its launch command, checked together.
[[nodiscard]] Result<Checks> run_deployment_trigger(std::string_view trigger);

}  // namespace kvdtype::io
