// A SkyPilot task's `run` sees SKYPILOT_NUM_GPUS_PER_NODE, the count resources.accelerators asks
// for (src/sources/k8s/manifest_tasks.cpp accelerator_count): known where every alternative asks
// the same count, unknown where they differ.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "kvdtype/io/manifest.hpp"
#include "report_helpers.hpp"

using kvdtype::test::after;

namespace {

using namespace kvdtype::io;


std::string tp_of(const std::string& accelerators) {
  auto r = read_manifest("resources:\n  accelerators: " + accelerators +
                             "\nrun: |\n  vllm serve Qwen/Qwen2.5-3B-Instruct --tensor-parallel-size $SKYPILOT_NUM_GPUS_PER_NODE\n",
                         "task.yaml", CheckInput{});
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  if (!r.ok() || r->workloads.size() != 1) return "?";
  return after(r->workloads[0].input.command, "--tensor-parallel-size");
}

TEST(TaskGpusPerNode, TheCountOfTheAcceleratorsIsTheVariable) {
  EXPECT_EQ(tp_of("H100:8"), "8");
  EXPECT_EQ(tp_of("{H200:8, H100:8, A100-80GB:8}"), "8");
  EXPECT_EQ(tp_of("{H100: 4}"), "4");
  EXPECT_EQ(tp_of("L4"), "1");
}

TEST(TaskGpusPerNode, AlternativesOfDifferentCountsLeaveItUnknown) {
  EXPECT_EQ(tp_of("{L4:4, A100:1, H100:1}"), "$SKYPILOT_NUM_GPUS_PER_NODE");
  EXPECT_EQ(tp_of("{ H100:8, H100:12, H200:8 }"), "$SKYPILOT_NUM_GPUS_PER_NODE");
  EXPECT_EQ(tp_of("{L4: 4, H100: 1}"), "$SKYPILOT_NUM_GPUS_PER_NODE");
}

}  // namespace
