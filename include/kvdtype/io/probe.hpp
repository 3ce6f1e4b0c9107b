// kvdtype/io/probe.hpp — which GPUs this machine has, without a build-time CUDA or ROCm
// dependency: the NVIDIA driver library loaded at run time (NVML as a fallback), the AMD KFD
// topology in sysfs, otherwise cpu.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "kvdtype/result.hpp"

namespace kvdtype::io {

struct ProbedDevice {
  int index = 0;
  std::string name;            ///< "NVIDIA H200"
  std::string target;          ///< canonical target, "sm_90"
  std::uint64_t memory_bytes = 0;
  std::string via;             ///< "libcuda", "nvml", "kfd", "cpu"
};

struct ProbeResult {
  std::vector<ProbedDevice> devices;  ///< never empty: a machine without GPUs has one "cpu" device
  std::vector<std::string> notes;     ///< what was tried and why it did not answer
};

/// Probe this machine. Never fails; never aborts the process.
[[nodiscard]] ProbeResult probe();

/// The KFD topology under `root` (normally /sys/class/kfd/kfd/topology/nodes): one device per
/// GPU node, from its gfx_target_version. Exposed for tests with recorded sysfs trees.
[[nodiscard]] Result<std::vector<ProbedDevice>> read_kfd_topology(const std::filesystem::path& root);

/// gfx_target_version (e.g. 90402) → "gfx942"; empty when malformed.
[[nodiscard]] std::string gfx_from_target_version(std::uint64_t v);

}  // namespace kvdtype::io
