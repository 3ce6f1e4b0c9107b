// AMD GPUs from the KFD topology in sysfs, the same tree ROCm's runtime enumerates
// (/sys/class/kfd/kfd/topology/nodes/N). Reading it needs no ROCm installation and no device
// access rights beyond sysfs.
//
// Facts used (Linux drivers/gpu/drm/amd/amdkfd/kfd_topology.c node_show / mem_show):
//   nodes/N/properties       "key value" lines; GPU nodes have simd_count > 0 and a
//                            gfx_target_version (kfd_device.c: 90402 for MI300X, 90500 for MI355X)
//   nodes/N/name             the lower-cased amdgpu ASIC name; "ip discovery" for every chip the
//                            driver knows through IP discovery (MI300 and later), so not a product
//   nodes/N/mem_banks/M/properties   heap_type (1 = frame buffer public, 2 = private) and size_in_bytes
// A node the cgroup forbids reads as EPERM and is skipped.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "kvdtype/io/probe.hpp"
#include "kvdtype/target.hpp"

namespace kvdtype::io {

namespace {

namespace fs = std::filesystem;

using Properties = std::map<std::string, std::uint64_t, std::less<>>;

// sysfs files are small; a bounded read keeps a wrong root (a huge file) harmless.
std::optional<std::string> read_small(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text(64 * 1024, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) return std::nullopt;
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

Properties parse_properties(std::string_view text) {
  Properties out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t end = text.find('\n', i);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(i, end - i);
    i = end + 1;
    const std::size_t sp = line.find(' ');
    if (sp == std::string_view::npos || sp == 0) continue;
    std::uint64_t v = 0;
    bool digits = false;
    for (char c : line.substr(sp + 1)) {
      if (c < '0' || c > '9') {
        digits = false;
        break;
      }
      v = v * 10 + static_cast<std::uint64_t>(c - '0');
      digits = true;
    }
    if (digits) out.emplace(std::string(line.substr(0, sp)), v);
  }
  return out;
}

std::uint64_t get(const Properties& p, std::string_view key) {
  auto it = p.find(key);
  return it == p.end() ? 0 : it->second;
}

// Instinct product names by PCI device id, from libdrm's data/amdgpu.ids (the table rocm-smi and
// rocminfo use for "Marketing Name").
std::string_view instinct_name(std::uint64_t device_id) {
  switch (device_id) {
    case 0x74A0: return "AMD Instinct MI300A";
    case 0x74A1: return "AMD Instinct MI300X";
    case 0x74A2: return "AMD Instinct MI308X";
    case 0x74A5: return "AMD Instinct MI325X";
    case 0x74A8: return "AMD Instinct MI308X HF";
    case 0x74A9: return "AMD Instinct MI300X HF";
    case 0x74B5: return "AMD Instinct MI300X VF";
    case 0x74B6: return "AMD Instinct MI308X";
    case 0x74BD: return "AMD Instinct MI300X HF";
    case 0x75A0: return "AMD Instinct MI350X";
    case 0x75A3: return "AMD Instinct MI355X";
    case 0x75B0: return "AMD Instinct MI350X VF";
    case 0x75B3: return "AMD Instinct MI355X VF";
    default: return {};
  }
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\0')) s.pop_back();
  return s;
}

std::uint64_t frame_buffer_bytes(const fs::path& node) {
  std::uint64_t total = 0;
  std::error_code ec;
  for (fs::directory_iterator it(node / "mem_banks", ec), end; !ec && it != end; it.increment(ec)) {
    auto text = read_small(it->path() / "properties");
    if (!text) continue;
    const Properties p = parse_properties(*text);
    const std::uint64_t heap = get(p, "heap_type");
    if (heap == 1 || heap == 2) total += get(p, "size_in_bytes");  // HSA_MEM_HEAP_TYPE_FB_PUBLIC / _PRIVATE
  }
  return total;
}

}  // namespace

std::string gfx_from_target_version(std::uint64_t v) {
  // ROCR/libhsakmt: major = v / 10000 % 100, minor = v / 100 % 100, stepping = v % 100; the ISA
  // name writes minor and stepping as one hex digit each (90010 -> gfx90a, 100300 -> gfx1030).
  const std::uint64_t major = v / 10000, minor = (v / 100) % 100, stepping = v % 100;
  if (major == 0 || major > 99 || minor > 15 || stepping > 15) return {};
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "gfx" + std::to_string(major);
  out += kHex[minor];
  out += kHex[stepping];
  return out;
}

Result<std::vector<ProbedDevice>> read_kfd_topology(const std::filesystem::path& root) {
  std::error_code ec;
  if (!fs::is_directory(root, ec))
    return Error{ErrorCode::unsupported, root.string() + ": no KFD topology (no amdgpu driver loaded)"};
  std::vector<std::pair<std::uint64_t, fs::path>> nodes;
  for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string n = it->path().filename().string();
    if (n.empty() || !std::all_of(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; }) || n.size() > 9)
      continue;
    nodes.emplace_back(std::stoull(n), it->path());
  }
  if (ec) return Error{ErrorCode::unsupported, root.string() + ": cannot be listed (" + ec.message() + ")"};
  std::sort(nodes.begin(), nodes.end());

  std::vector<ProbedDevice> out;
  int index = 0;  // HIP numbers the GPU nodes in node order
  for (const auto& [number, node] : nodes) {
    auto text = read_small(node / "properties");
    if (!text) continue;
    const Properties p = parse_properties(*text);
    const std::uint64_t gfx_version = get(p, "gfx_target_version");
    if (get(p, "simd_count") == 0 || gfx_version == 0) continue;  // a CPU node
    const std::string gfx = gfx_from_target_version(gfx_version);
    if (gfx.empty()) continue;
    ProbedDevice d;
    d.index = index++;
    d.via = "kfd";
    auto t = parse_target(gfx);
    d.target = t.ok() && t->target != nullptr ? std::string(t->target->name) : gfx;
    d.name = std::string(instinct_name(get(p, "device_id")));
    if (d.name.empty()) {
      std::string asic = trimmed(read_small(node / "name").value_or(""));
      d.name = asic.empty() || asic == "ip discovery" ? "AMD " + gfx : "AMD " + asic + " (" + gfx + ")";
    }
    d.memory_bytes = frame_buffer_bytes(node);
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace kvdtype::io
