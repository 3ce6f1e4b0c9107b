// A tiny driver for kvdtype::io::probe(), built by scripts/device/probe_h200.sh on a GPU machine
// when the full CLI cannot be built there. Its output is the fixture format that
// tests/unit/test_probe.cpp reads (tests/data/probe/h200_probe.txt):
//   device index=<i> via=<libcuda|nvml|kfd|cpu> target=<sm_90> memory_bytes=<n> name=<rest of line>
//   note <text>
#include <cstdio>

#include "kvdtype/io/probe.hpp"

int main() {
  const kvdtype::io::ProbeResult r = kvdtype::io::probe();
  for (const auto& d : r.devices)
    std::printf("device index=%d via=%s target=%s memory_bytes=%llu name=%s\n", d.index, d.via.c_str(),
                d.target.c_str(), static_cast<unsigned long long>(d.memory_bytes), d.name.c_str());
  for (const auto& n : r.notes) std::printf("note %s\n", n.c_str());
  return 0;
}
