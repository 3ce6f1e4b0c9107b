// Internal: the probe's driver entry points as plain function pointers, so that the logic can be
// tested with fakes and built without CUDA headers. Signatures are the public ones of cuda.h and
// nvml.h (CUresult and nvmlReturn_t are C enums, passed as int; CUdevice is an int; nvmlDevice_t
// is an opaque pointer). 0 is success in both.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "kvdtype/io/probe.hpp"

namespace kvdtype::io::detail {

/// cuDeviceGetAttribute attribute numbers (cuda.h CUdevice_attribute).
inline constexpr int kCuAttrComputeCapabilityMajor = 75;
inline constexpr int kCuAttrComputeCapabilityMinor = 76;
/// CUresult values the probe names in its notes.
inline constexpr int kCudaErrorNoDevice = 100;

struct CudaDriverApi {
  int (*init)(unsigned int flags) = nullptr;                          ///< cuInit
  int (*device_get_count)(int* count) = nullptr;                      ///< cuDeviceGetCount
  int (*device_get)(int* device, int ordinal) = nullptr;              ///< cuDeviceGet
  int (*device_get_name)(char* name, int len, int device) = nullptr;  ///< cuDeviceGetName
  int (*device_get_attribute)(int* value, int attribute, int device) = nullptr;  ///< cuDeviceGetAttribute
  int (*device_total_mem)(std::size_t* bytes, int device) = nullptr;  ///< cuDeviceTotalMem_v2
};

/// nvml.h nvmlMemory_t (version 1).
struct NvmlMemory {
  unsigned long long total = 0, free = 0, used = 0;
};

struct NvmlApi {
  int (*init)() = nullptr;                                         ///< nvmlInit_v2
  int (*shutdown)() = nullptr;                                     ///< nvmlShutdown
  int (*device_get_count)(unsigned int* count) = nullptr;          ///< nvmlDeviceGetCount_v2
  int (*device_get_handle_by_index)(unsigned int index, void** device) = nullptr;  ///< nvmlDeviceGetHandleByIndex_v2
  int (*device_get_name)(void* device, char* name, unsigned int length) = nullptr;  ///< nvmlDeviceGetName
  int (*device_get_cuda_compute_capability)(void* device, int* major, int* minor) = nullptr;
  int (*device_get_memory_info)(void* device, NvmlMemory* memory) = nullptr;  ///< nvmlDeviceGetMemoryInfo
};

/// NVIDIA devices through the CUDA driver. Returns false when the driver did not answer (then NVML
/// is worth asking); true when it did, including "no device".
bool probe_cuda(const CudaDriverApi& api, std::vector<ProbedDevice>& out, std::vector<std::string>& notes);

/// NVIDIA devices through NVML. Returns false when NVML did not answer.
bool probe_nvml(const NvmlApi& api, std::vector<ProbedDevice>& out, std::vector<std::string>& notes);

/// The canonical target of an NVIDIA compute capability ("sm_90"); a capability missing from the
/// target table is kept as "sm_<cc>" with a note.
std::string nvidia_target(int major, int minor, std::vector<std::string>& notes);

/// Where probe() looks. Null APIs mean "library not present" (the note says why).
struct ProbeSources {
  const CudaDriverApi* cuda = nullptr;
  const NvmlApi* nvml = nullptr;
  std::filesystem::path kfd_nodes = "/sys/class/kfd/kfd/topology/nodes";
  std::vector<std::string> notes;  ///< what happened while loading the libraries
};

/// probe() with its sources given: NVIDIA (driver, else NVML), then AMD (KFD), else one cpu device.
ProbeResult probe_with(const ProbeSources& sources);

}  // namespace kvdtype::io::detail
