// The GPU probe (kvdtype/io/probe.hpp): NVIDIA through the driver library loaded at run time, AMD
// through the KFD topology (probe_kfd.cpp), otherwise the CPU. No CUDA or ROCm header or library
// is needed to build kvdtype; a machine without them gets a `cpu` device and notes saying why.
#include <dlfcn.h>

#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "platform/probe_internal.hpp"
#include "kvdtype/io/probe.hpp"
#include "kvdtype/target.hpp"

namespace kvdtype::io {

namespace detail {

namespace {

std::string code(int rc) { return "error " + std::to_string(rc); }

// Driver strings are fixed-size C buffers; keep what precedes the first NUL, without trailing blanks.
std::string c_string(const char* buf, std::size_t cap) {
  std::size_t n = 0;
  while (n < cap && buf[n] != '\0') ++n;
  std::string s(buf, n);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n')) s.pop_back();
  return s;
}

}  // namespace

std::string nvidia_target(int major, int minor, std::vector<std::string>& notes) {
  const std::string raw = "sm_" + std::to_string(major * 10 + minor);
  auto t = parse_target(raw);
  if (t.ok() && t->target != nullptr) return std::string(t->target->name);
  notes.push_back("compute capability " + std::to_string(major) + "." + std::to_string(minor) + " (" + raw +
                  ") is not in kvdtype's target table");
  return raw;
}

bool probe_cuda(const CudaDriverApi& api, std::vector<ProbedDevice>& out, std::vector<std::string>& notes) {
  if (!api.init || !api.device_get_count || !api.device_get) {
    notes.push_back("libcuda: missing entry points");
    return false;
  }
  const int rc = api.init(0);
  if (rc == kCudaErrorNoDevice) {
    notes.push_back("libcuda: no CUDA device (cuInit returned CUDA_ERROR_NO_DEVICE)");
    return true;
  }
  if (rc != 0) {
    notes.push_back("libcuda: cuInit failed (" + code(rc) + ")");
    return false;
  }
  int count = 0;
  if (const int c = api.device_get_count(&count); c != 0) {
    notes.push_back("libcuda: cuDeviceGetCount failed (" + code(c) + ")");
    return false;
  }
  for (int i = 0; i < count; ++i) {
    int dev = 0;
    if (api.device_get(&dev, i) != 0) {
      notes.push_back("libcuda: device " + std::to_string(i) + " could not be opened");
      continue;
    }
    ProbedDevice d;
    d.index = i;
    d.via = "libcuda";
    char name[256] = {};
    if (api.device_get_name && api.device_get_name(name, static_cast<int>(sizeof name - 1), dev) == 0)
      d.name = c_string(name, sizeof name);
    if (d.name.empty()) d.name = "NVIDIA GPU " + std::to_string(i);
    int major = -1, minor = -1;
    if (api.device_get_attribute && api.device_get_attribute(&major, kCuAttrComputeCapabilityMajor, dev) == 0 &&
        api.device_get_attribute(&minor, kCuAttrComputeCapabilityMinor, dev) == 0 && major > 0 && minor >= 0) {
      d.target = nvidia_target(major, minor, notes);
    } else {
      notes.push_back("libcuda: device " + std::to_string(i) + ": no compute capability");
    }
    std::size_t bytes = 0;
    if (api.device_total_mem && api.device_total_mem(&bytes, dev) == 0) d.memory_bytes = bytes;
    out.push_back(std::move(d));
  }
  return true;
}

bool probe_nvml(const NvmlApi& api, std::vector<ProbedDevice>& out, std::vector<std::string>& notes) {
  if (!api.init || !api.device_get_count || !api.device_get_handle_by_index) {
    notes.push_back("nvml: missing entry points");
    return false;
  }
  if (const int rc = api.init(); rc != 0) {
    notes.push_back("nvml: nvmlInit_v2 failed (" + code(rc) + ")");
    return false;
  }
  unsigned int count = 0;
  bool answered = true;
  if (const int rc = api.device_get_count(&count); rc != 0) {
    notes.push_back("nvml: nvmlDeviceGetCount_v2 failed (" + code(rc) + ")");
    answered = false;
    count = 0;
  }
  for (unsigned int i = 0; i < count; ++i) {
    void* dev = nullptr;
    if (api.device_get_handle_by_index(i, &dev) != 0) {
      notes.push_back("nvml: device " + std::to_string(i) + " could not be opened");
      continue;
    }
    ProbedDevice d;
    d.index = static_cast<int>(i);
    d.via = "nvml";
    char name[256] = {};  // NVML_DEVICE_NAME_V2_BUFFER_SIZE is 96
    if (api.device_get_name && api.device_get_name(dev, name, sizeof name - 1) == 0) d.name = c_string(name, sizeof name);
    if (d.name.empty()) d.name = "NVIDIA GPU " + std::to_string(i);
    int major = -1, minor = -1;
    if (api.device_get_cuda_compute_capability && api.device_get_cuda_compute_capability(dev, &major, &minor) == 0 &&
        major > 0 && minor >= 0) {
      d.target = nvidia_target(major, minor, notes);
    } else {
      notes.push_back("nvml: device " + std::to_string(i) + ": no compute capability");
    }
    NvmlMemory mem;
    if (api.device_get_memory_info && api.device_get_memory_info(dev, &mem) == 0) d.memory_bytes = mem.total;
    out.push_back(std::move(d));
  }
  if (api.shutdown) api.shutdown();
  return answered;
}

namespace {

// The CPU as the device of last resort: its model name and the machine's memory.
ProbedDevice cpu_device() {
  ProbedDevice d;
  d.target = "cpu";
  d.via = "cpu";
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; d.name.empty() && std::getline(cpuinfo, line);) {
    if (line.rfind("model name", 0) == 0) {
      const std::size_t colon = line.find(':');
      if (colon != std::string::npos) d.name = line.substr(line.find_first_not_of(' ', colon + 1));
    }
  }
  if (d.name.empty()) d.name = "CPU";
  std::ifstream meminfo("/proc/meminfo");
  for (std::string line; std::getline(meminfo, line);) {
    if (line.rfind("MemTotal:", 0) == 0) {
      try {
        d.memory_bytes = std::stoull(line.substr(9)) * 1024;  // the kernel reports kB (KiB)
      } catch (const std::exception&) {
      }
      break;
    }
  }
  return d;
}

}  // namespace

ProbeResult probe_with(const ProbeSources& sources) {
  ProbeResult r;
  r.notes = sources.notes;
  bool answered = false;
  if (sources.cuda != nullptr) answered = probe_cuda(*sources.cuda, r.devices, r.notes);
  if (!answered && sources.nvml != nullptr) probe_nvml(*sources.nvml, r.devices, r.notes);
  auto amd = read_kfd_topology(sources.kfd_nodes);
  if (amd.ok()) {
    for (ProbedDevice& d : amd.value()) {
      if (d.target.rfind("gfx", 0) == 0 && !find_target(d.target))
        r.notes.push_back(d.target + " is not in kvdtype's target table");
      r.devices.push_back(std::move(d));
    }
  } else {
    r.notes.push_back("kfd: " + amd.error().message);
  }
  if (r.devices.empty()) {
    r.notes.push_back("no GPU found; reporting the CPU");
    r.devices.push_back(cpu_device());
  }
  return r;
}

}  // namespace detail

namespace {

// dlsym's object pointer into a function pointer (the POSIX guarantee, without a cast warning).
template <class F>
bool symbol(void* lib, const char* name, F& out) {
  void* p = dlsym(lib, name);
  if (p == nullptr) return false;
  static_assert(sizeof(F) == sizeof(void*));
  std::memcpy(&out, &p, sizeof p);
  return true;
}

// dlerror() already names the library ("libcuda.so.1: cannot open shared object file: …").
std::string dl_problem(const char* lib) {
  const char* e = dlerror();
  return e != nullptr ? std::string(e) : std::string(lib) + ": cannot be loaded";
}

}  // namespace

ProbeResult probe() {
  detail::ProbeSources src;
  detail::CudaDriverApi cuda;
  detail::NvmlApi nvml;
  try {
    // The handles stay open for the life of the process: unloading a driver library after
    // cuInit/nvmlInit gains nothing and has crashed processes at exit.
    if (void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL); lib != nullptr) {
      bool ok = symbol(lib, "cuInit", cuda.init) && symbol(lib, "cuDeviceGetCount", cuda.device_get_count) &&
                symbol(lib, "cuDeviceGet", cuda.device_get) && symbol(lib, "cuDeviceGetName", cuda.device_get_name) &&
                symbol(lib, "cuDeviceGetAttribute", cuda.device_get_attribute) &&
                symbol(lib, "cuDeviceTotalMem_v2", cuda.device_total_mem);
      if (ok) src.cuda = &cuda;
      else src.notes.push_back("libcuda.so.1: missing entry points");
    } else {
      src.notes.push_back(dl_problem("libcuda.so.1"));
    }
    if (void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL); lib != nullptr) {
      bool ok = symbol(lib, "nvmlInit_v2", nvml.init) && symbol(lib, "nvmlShutdown", nvml.shutdown) &&
                symbol(lib, "nvmlDeviceGetCount_v2", nvml.device_get_count) &&
                symbol(lib, "nvmlDeviceGetHandleByIndex_v2", nvml.device_get_handle_by_index) &&
                symbol(lib, "nvmlDeviceGetName", nvml.device_get_name) &&
                symbol(lib, "nvmlDeviceGetCudaComputeCapability", nvml.device_get_cuda_compute_capability) &&
                symbol(lib, "nvmlDeviceGetMemoryInfo", nvml.device_get_memory_info);
      if (ok) src.nvml = &nvml;
      else src.notes.push_back("libnvidia-ml.so.1: missing entry points");
    } else {
      src.notes.push_back(dl_problem("libnvidia-ml.so.1"));
    }
    return detail::probe_with(src);
  } catch (const std::exception& e) {
    ProbeResult r;
    r.notes.push_back(std::string("probe failed: ") + e.what());
    r.devices.push_back(ProbedDevice{0, "CPU", "cpu", 0, "cpu"});
    return r;
  }
}

}  // namespace kvdtype::io
