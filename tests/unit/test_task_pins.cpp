// A SkyPilot task that installs the engine in `setup` (pip install vllm==X, uv pip install
// "sglang[all]==X") runs that release: it is the workload's engine version where no image tag
// says one (src/sources/k8s/manifest_tasks.cpp pinned_releases).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "kvdtype/io/manifest.hpp"

namespace {

using namespace kvdtype::io;

bool noted(const Workload& w, const std::string& text) {
  return std::any_of(w.notes.begin(), w.notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

ManifestWorkloads read(const std::string& yaml) {
  auto r = read_manifest(yaml, "task.yaml", CheckInput{});
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : ManifestWorkloads{};
}

TEST(TaskPins, SetupPinsTheEngineRelease) {
  const auto m = read("resources: {accelerators: H100:1}\nsetup: |\n  pip install --upgrade pip\n  pip install vllm==0.10.1\n"
                      "run: |\n  vllm serve Qwen/Qwen2.5-3B-Instruct --kv-cache-dtype fp8\n");
  ASSERT_EQ(m.workloads.size(), 1u);
  EXPECT_EQ(m.workloads[0].input.defaults.engine_version, "0.10.1");
  EXPECT_TRUE(noted(m.workloads[0], "engine version: 0.10.1, the release the task's setup installs"));
}

TEST(TaskPins, TheCommandsEngineIsTheOnePinned) {
  // uv, an extra, quotes; a vLLM pin does not apply to an SGLang server.
  const auto m = read("setup: |\n  uv pip install \"sglang[all]==0.4.2.post4\" --find-links https://example.invalid/whl\n"
                      "  pip install vllm==0.10.1\nrun: |\n  python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-3B-Instruct\n");
  ASSERT_EQ(m.workloads.size(), 1u);
  EXPECT_EQ(m.workloads[0].input.defaults.engine_version, "0.4.2.post4");
}

TEST(TaskPins, ARangePinsNothingAndAFieldStays) {
  const auto range = read("setup: pip install 'vllm>=0.10.0'\nrun: vllm serve Qwen/Qwen2.5-3B-Instruct\n");
  ASSERT_EQ(range.workloads.size(), 1u);
  EXPECT_EQ(range.workloads[0].input.defaults.engine_version, "");
  EXPECT_FALSE(noted(range.workloads[0], "engine version:"));
  // The pin says more than a default the caller gave; an explicit --engine-version (a field)
  // stays, and wins over every default.
  CheckInput base;
  base.defaults.engine_version = "0.9.0";
  base.fields.engine_version = "0.11.0";
  auto r = read_manifest("setup: pip install vllm==0.10.1\nrun: vllm serve Qwen/Qwen2.5-3B-Instruct\n", "t.yaml", base);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->workloads.size(), 1u);
  EXPECT_EQ(r->workloads[0].input.defaults.engine_version, "0.10.1");
  EXPECT_EQ(r->workloads[0].input.fields.engine_version, "0.11.0");
}

}  // namespace
