// The GPU probe: gfx_target_version decoding, recorded KFD sysfs trees (tests/data/probe), the
// NVIDIA paths with fake drivers, and the H200 fixture recorded on a real machine.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "platform/probe_internal.hpp"
#include "kvdtype/io/probe.hpp"
#include "kvdtype/target.hpp"

namespace {

namespace fs = std::filesystem;
using kvdtype::io::gfx_from_target_version;
using kvdtype::io::ProbedDevice;
using kvdtype::io::read_kfd_topology;
namespace d = kvdtype::io::detail;

fs::path probe_data() { return fs::path(KVDTYPE_TEST_DATA_DIR) / "probe"; }

TEST(ProbeGfx, TargetVersionEncoding) {
  // Values the kernel assigns (drivers/gpu/drm/amd/amdkfd/kfd_device.c) and their ISA names.
  EXPECT_EQ(gfx_from_target_version(90402), "gfx942");   // MI300X / MI325X
  EXPECT_EQ(gfx_from_target_version(90500), "gfx950");   // MI350X / MI355X
  EXPECT_EQ(gfx_from_target_version(90010), "gfx90a");   // MI210 / MI250
  EXPECT_EQ(gfx_from_target_version(90008), "gfx908");   // MI100
  EXPECT_EQ(gfx_from_target_version(100300), "gfx1030");
  EXPECT_EQ(gfx_from_target_version(110000), "gfx1100");
  EXPECT_EQ(gfx_from_target_version(110001), "gfx1101");
  EXPECT_EQ(gfx_from_target_version(120001), "gfx1201");
  EXPECT_EQ(gfx_from_target_version(0), "");
  EXPECT_EQ(gfx_from_target_version(91700), "");   // minor 17 has no hex digit
  EXPECT_EQ(gfx_from_target_version(90416), "");   // stepping 16 neither
  EXPECT_EQ(gfx_from_target_version(42), "");
}

TEST(ProbeKfd, Mi300x) {
  auto r = read_kfd_topology(probe_data() / "mi300x" / "nodes");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->size(), 8u);
  for (std::size_t i = 0; i < r->size(); ++i) {
    const ProbedDevice& g = (*r)[i];
    EXPECT_EQ(g.index, static_cast<int>(i));
    EXPECT_EQ(g.target, "gfx942");
    EXPECT_EQ(g.name, "AMD Instinct MI300X");  // device id 0x74a1; the node's own name is "ip discovery"
    EXPECT_EQ(g.memory_bytes, 205822885888u);
    EXPECT_EQ(g.via, "kfd");
  }
  // The name is one parse_target understands, and it agrees with the gfx target.
  auto t = kvdtype::parse_target((*r)[0].name);
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->target->name, "gfx942");
}

TEST(ProbeKfd, Mi355x) {
  auto r = read_kfd_topology(probe_data() / "mi355x" / "nodes");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->size(), 8u);
  EXPECT_EQ((*r)[7].target, "gfx950");
  EXPECT_EQ((*r)[7].name, "AMD Instinct MI355X");
  EXPECT_EQ((*r)[7].memory_bytes, 309220868096u);
  auto t = kvdtype::parse_target((*r)[0].name);
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->target->name, "gfx950");
}

TEST(ProbeKfd, MixedMachine) {
  auto r = read_kfd_topology(probe_data() / "mixed" / "nodes");
  ASSERT_TRUE(r.ok()) << r.error().message;
  // CPU node 0, an unknown-stepping node 3 and a node 11 without properties are skipped.
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].index, 0);
  EXPECT_EQ((*r)[0].target, "gfx90a");
  EXPECT_EQ((*r)[0].name, "AMD aldebaran (gfx90a)");
  EXPECT_EQ((*r)[0].memory_bytes, 68702699520u);
  EXPECT_EQ((*r)[1].index, 1);
  EXPECT_EQ((*r)[1].name, "AMD gfx1100");
  EXPECT_EQ((*r)[1].memory_bytes, 48301604864u);  // public + private frame buffer banks
  const kvdtype::Target* t = kvdtype::find_target((*r)[1].target);
  if (t == nullptr) {
    EXPECT_EQ((*r)[1].target, "gfx1100");  // kept raw when the table lacks it
  }
}

TEST(ProbeKfd, MissingRootIsAnError) {
  auto r = read_kfd_topology(probe_data() / "no-such-dir");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("no KFD topology"), std::string::npos);
}

// ----------------------------------------------------------------------------------------------
// A fake CUDA driver and a fake NVML.

struct FakeGpu {
  std::string name;
  int major = 0, minor = 0;
  std::size_t bytes = 0;
};

struct FakeDriver {
  int init_rc = 0;
  std::vector<FakeGpu> gpus;
  int init_calls = 0;
};
FakeDriver g_fake;

int fake_init(unsigned int) {
  ++g_fake.init_calls;
  return g_fake.init_rc;
}
int fake_count(int* n) {
  *n = static_cast<int>(g_fake.gpus.size());
  return 0;
}
int fake_get(int* dev, int ordinal) {
  if (ordinal < 0 || ordinal >= static_cast<int>(g_fake.gpus.size())) return 101;  // CUDA_ERROR_INVALID_DEVICE
  *dev = ordinal;
  return 0;
}
int fake_name(char* out, int len, int dev) {
  std::snprintf(out, static_cast<std::size_t>(len), "%s", g_fake.gpus[static_cast<std::size_t>(dev)].name.c_str());
  return 0;
}
int fake_attr(int* v, int attr, int dev) {
  const FakeGpu& g = g_fake.gpus[static_cast<std::size_t>(dev)];
  if (attr == d::kCuAttrComputeCapabilityMajor) *v = g.major;
  else if (attr == d::kCuAttrComputeCapabilityMinor) *v = g.minor;
  else return 1;
  return 0;
}
int fake_mem(std::size_t* bytes, int dev) {
  *bytes = g_fake.gpus[static_cast<std::size_t>(dev)].bytes;
  return 0;
}

d::CudaDriverApi fake_cuda() {
  d::CudaDriverApi a;
  a.init = fake_init;
  a.device_get_count = fake_count;
  a.device_get = fake_get;
  a.device_get_name = fake_name;
  a.device_get_attribute = fake_attr;
  a.device_total_mem = fake_mem;
  return a;
}

int nvml_init() { return 0; }
int nvml_shutdown() { return 0; }
int nvml_count(unsigned int* n) {
  *n = static_cast<unsigned int>(g_fake.gpus.size());
  return 0;
}
int nvml_handle(unsigned int i, void** dev) {
  *dev = reinterpret_cast<void*>(static_cast<std::uintptr_t>(i + 1));
  return 0;
}
std::size_t nvml_index(void* dev) { return reinterpret_cast<std::uintptr_t>(dev) - 1; }
int nvml_name(void* dev, char* out, unsigned int len) {
  std::snprintf(out, len, "%s", g_fake.gpus[nvml_index(dev)].name.c_str());
  return 0;
}
int nvml_cc(void* dev, int* major, int* minor) {
  *major = g_fake.gpus[nvml_index(dev)].major;
  *minor = g_fake.gpus[nvml_index(dev)].minor;
  return 0;
}
int nvml_mem(void* dev, d::NvmlMemory* m) {
  m->total = g_fake.gpus[nvml_index(dev)].bytes;
  return 0;
}

d::NvmlApi fake_nvml() {
  d::NvmlApi a;
  a.init = nvml_init;
  a.shutdown = nvml_shutdown;
  a.device_get_count = nvml_count;
  a.device_get_handle_by_index = nvml_handle;
  a.device_get_name = nvml_name;
  a.device_get_cuda_compute_capability = nvml_cc;
  a.device_get_memory_info = nvml_mem;
  return a;
}

constexpr std::size_t kMiB = 1024 * 1024;

class ProbeNvidia : public ::testing::Test {
 protected:
  void SetUp() override { g_fake = FakeDriver{}; }
  static d::ProbeSources sources(const d::CudaDriverApi* cuda, const d::NvmlApi* nvml) {
    d::ProbeSources s;
    s.cuda = cuda;
    s.nvml = nvml;
    s.kfd_nodes = probe_data() / "no-such-dir";
    return s;
  }
};

TEST_F(ProbeNvidia, DriverReportsEightH200) {
  for (int i = 0; i < 8; ++i) g_fake.gpus.push_back({"NVIDIA H200", 9, 0, 143771 * kMiB});
  const auto cuda = fake_cuda();
  const kvdtype::io::ProbeResult r = d::probe_with(sources(&cuda, nullptr));
  ASSERT_EQ(r.devices.size(), 8u);
  EXPECT_EQ(r.devices[3].index, 3);
  EXPECT_EQ(r.devices[3].name, "NVIDIA H200");
  EXPECT_EQ(r.devices[3].target, "sm_90");
  EXPECT_EQ(r.devices[3].memory_bytes, 143771 * kMiB);
  EXPECT_EQ(r.devices[3].via, "libcuda");
}

TEST_F(ProbeNvidia, CapabilitiesMapToCanonicalTargets) {
  g_fake.gpus = {{"NVIDIA A100-SXM4-80GB", 8, 0, 80 * 1024 * kMiB},
                 {"NVIDIA L40S", 8, 9, 46068 * kMiB},
                 {"NVIDIA B200", 10, 0, 183359 * kMiB},
                 {"NVIDIA GeForce RTX 5090", 12, 0, 32607 * kMiB},
                 {"Future GPU", 19, 7, 1}};
  const auto cuda = fake_cuda();
  const kvdtype::io::ProbeResult r = d::probe_with(sources(&cuda, nullptr));
  ASSERT_EQ(r.devices.size(), 5u);
  EXPECT_EQ(r.devices[0].target, "sm_80");
  EXPECT_EQ(r.devices[1].target, "sm_89");
  EXPECT_EQ(r.devices[2].target, "sm_100");
  EXPECT_EQ(r.devices[3].target, "sm_120");
  EXPECT_EQ(r.devices[4].target, "sm_197");  // unknown to the table: kept, with a note
  bool noted = false;
  for (const auto& n : r.notes) noted = noted || n.find("sm_197") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST_F(ProbeNvidia, NoDeviceMeansCpuAndNoNvmlCall) {
  g_fake.init_rc = d::kCudaErrorNoDevice;
  g_fake.gpus = {{"NVIDIA H100 80GB HBM3", 9, 0, 81559 * kMiB}};  // NVML would report it; it is not asked
  const auto cuda = fake_cuda();
  const auto nvml = fake_nvml();
  const kvdtype::io::ProbeResult r = d::probe_with(sources(&cuda, &nvml));
  ASSERT_EQ(r.devices.size(), 1u);
  EXPECT_EQ(r.devices[0].target, "cpu");
  EXPECT_EQ(r.devices[0].via, "cpu");
}

TEST_F(ProbeNvidia, FailingDriverFallsBackToNvml) {
  g_fake.init_rc = 35;  // CUDA_ERROR_INSUFFICIENT_DRIVER
  g_fake.gpus = {{"NVIDIA H100 80GB HBM3", 9, 0, 81559 * kMiB}};
  const auto cuda = fake_cuda();
  const auto nvml = fake_nvml();
  const kvdtype::io::ProbeResult r = d::probe_with(sources(&cuda, &nvml));
  ASSERT_EQ(r.devices.size(), 1u);
  EXPECT_EQ(r.devices[0].via, "nvml");
  EXPECT_EQ(r.devices[0].target, "sm_90");
  EXPECT_EQ(r.devices[0].name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(r.devices[0].memory_bytes, 81559 * kMiB);
  ASSERT_FALSE(r.notes.empty());
  EXPECT_NE(r.notes[0].find("cuInit failed (error 35)"), std::string::npos);
}

TEST_F(ProbeNvidia, MissingLibrariesAndPartialApis) {
  d::ProbeSources s = sources(nullptr, nullptr);
  s.notes = {"libcuda.so.1: cannot open shared object file"};
  kvdtype::io::ProbeResult r = d::probe_with(s);
  ASSERT_EQ(r.devices.size(), 1u);
  EXPECT_EQ(r.devices[0].target, "cpu");
  EXPECT_EQ(r.notes.front(), "libcuda.so.1: cannot open shared object file");
  // An API without entry points answers nothing and crashes nothing.
  d::CudaDriverApi empty;
  r = d::probe_with(sources(&empty, nullptr));
  EXPECT_EQ(r.devices.size(), 1u);
  // A device whose attribute query fails keeps its name, without a target.
  g_fake.gpus = {{"NVIDIA H200", 9, 0, 1}};
  d::CudaDriverApi no_attr = fake_cuda();
  no_attr.device_get_attribute = nullptr;
  r = d::probe_with(sources(&no_attr, nullptr));
  ASSERT_EQ(r.devices.size(), 1u);
  EXPECT_EQ(r.devices[0].target, "");
  EXPECT_EQ(r.devices[0].name, "NVIDIA H200");
}

TEST_F(ProbeNvidia, NvidiaAndAmdTogether) {
  g_fake.gpus = {{"NVIDIA H200", 9, 0, 143771 * kMiB}};
  const auto cuda = fake_cuda();
  d::ProbeSources s = sources(&cuda, nullptr);
  s.kfd_nodes = probe_data() / "mixed" / "nodes";
  const kvdtype::io::ProbeResult r = d::probe_with(s);
  ASSERT_EQ(r.devices.size(), 3u);
  EXPECT_EQ(r.devices[0].via, "libcuda");
  EXPECT_EQ(r.devices[1].via, "kfd");
  EXPECT_EQ(r.devices[1].index, 0);  // each vendor numbers its own devices
}

TEST(ProbeThisMachine, NeverEmptyNeverThrows) {
  const kvdtype::io::ProbeResult r = kvdtype::io::probe();
  ASSERT_FALSE(r.devices.empty());
  for (const auto& dev : r.devices) {
    EXPECT_FALSE(dev.via.empty());
    EXPECT_FALSE(dev.name.empty());
  }
}

// ----------------------------------------------------------------------------------------------
// The fixture recorded on a real H200 machine by scripts/device/probe_h200.sh.

struct SmiRow {
  std::string name;
  int major = 0, minor = 0;
  std::uint64_t mib = 0;
};

std::string trim(std::string s) {
  while (!s.empty() && (s.front() == ' ')) s.erase(s.begin());
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.pop_back();
  return s;
}

std::vector<SmiRow> read_smi(const fs::path& p) {
  std::ifstream in(p);
  std::vector<SmiRow> rows;
  std::string line;
  std::getline(in, line);  // header: name, compute_cap, memory.total [MiB]
  while (std::getline(in, line)) {
    if (trim(line).empty()) continue;
    std::stringstream ss(line);
    std::string name, cc, mem;
    std::getline(ss, name, ',');
    std::getline(ss, cc, ',');
    std::getline(ss, mem, ',');
    SmiRow r;
    r.name = trim(name);
    cc = trim(cc);
    const std::size_t dot = cc.find('.');
    r.major = std::stoi(cc.substr(0, dot));
    r.minor = dot == std::string::npos ? 0 : std::stoi(cc.substr(dot + 1));
    r.mib = std::stoull(trim(mem));
    rows.push_back(r);
  }
  return rows;
}

std::vector<ProbedDevice> read_probe_lines(const fs::path& p) {
  std::ifstream in(p);
  std::vector<ProbedDevice> out;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("device ", 0) != 0) continue;
    ProbedDevice dev;
    auto field = [&](const std::string& key) {
      const std::size_t at = line.find(" " + key + "=");
      if (at == std::string::npos) return std::string();
      const std::size_t start = at + key.size() + 2;
      if (key == "name") return line.substr(start);
      return line.substr(start, line.find(' ', start) - start);
    };
    dev.index = std::stoi(field("index"));
    dev.via = field("via");
    dev.target = field("target");
    dev.memory_bytes = std::stoull(field("memory_bytes"));
    dev.name = field("name");
    out.push_back(dev);
  }
  return out;
}

TEST(ProbeH200Fixture, MatchesNvidiaSmi) {
  const fs::path smi = probe_data() / "h200_nvidia_smi.csv", probe = probe_data() / "h200_probe.txt";
  if (!fs::exists(smi) || !fs::exists(probe))
    GTEST_SKIP() << "no H200 fixture yet (run scripts/device/probe_h200.sh on the H200 machine)";
  const std::vector<SmiRow> rows = read_smi(smi);
  const std::vector<ProbedDevice> recorded = read_probe_lines(probe);
  ASSERT_FALSE(rows.empty());
  ASSERT_EQ(recorded.size(), rows.size()) << "the probe saw as many GPUs as nvidia-smi";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    SCOPED_TRACE(rows[i].name);
    // The probe on the machine agreed with nvidia-smi ...
    EXPECT_EQ(recorded[i].name, rows[i].name);
    EXPECT_EQ(recorded[i].target, "sm_" + std::to_string(rows[i].major * 10 + rows[i].minor));
    const double smi_bytes = static_cast<double>(rows[i].mib) * kMiB;
    EXPECT_LT(std::fabs(static_cast<double>(recorded[i].memory_bytes) - smi_bytes) / smi_bytes, 0.01);
    EXPECT_TRUE(recorded[i].via == "libcuda" || recorded[i].via == "nvml") << recorded[i].via;
    // ... and the same driver answers, replayed through the fake, give the same device here.
    g_fake = FakeDriver{};
    g_fake.gpus = {{rows[i].name, rows[i].major, rows[i].minor, recorded[i].memory_bytes}};
    const auto cuda = fake_cuda();
    std::vector<ProbedDevice> replay;
    std::vector<std::string> notes;
    ASSERT_TRUE(d::probe_cuda(cuda, replay, notes));
    ASSERT_EQ(replay.size(), 1u);
    EXPECT_EQ(replay[0].target, recorded[i].target);
    EXPECT_EQ(replay[0].name, recorded[i].name);
    // The H200's name is a product kvdtype knows, on the same target.
    auto t = kvdtype::parse_target(rows[i].name);
    ASSERT_TRUE(t.ok()) << t.error().message;
    EXPECT_EQ(t->target->name, recorded[i].target);
  }
}

}  // namespace
