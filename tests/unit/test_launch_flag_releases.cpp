// Launch options by release (docs/inputs.md "Flags"): a flag row's introduced_in keeps it out of
// argparse's abbreviation rule for older releases, and vLLM's JSON-typed options took key=integer
// pairs before EngineBehaviour::json_only_since. Where the release is unknown, a reading some
// covered release takes is said (KVD080), never refused as if certain (KVD151).
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "kvdtype/engine.hpp"
#include "kvdtype/io/launch.hpp"
#include "sources/launch/launch_flags.hpp"
#include "tables/tables.hpp"

namespace {

using kvdtype::Engine;
using kvdtype::io::LaunchCommand;

LaunchCommand parse_ok(std::string_view text) {
  auto words = kvdtype::io::split_command(text);
  EXPECT_TRUE(words.ok());
  auto r = kvdtype::io::parse_launch_command(words.ok() ? *words : std::vector<std::string>{});
  EXPECT_TRUE(r.ok()) << text << "\n  -> " << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : LaunchCommand{};
}

bool unmodelled_has(const LaunchCommand& c, std::string_view word) {
  for (const auto& u : c.unmodelled)
    if ((u.fact + " " + u.why).find(word) != std::string::npos) return true;
  return false;
}

bool release_row(Engine e, std::string_view version) {
  for (const kvdtype::Release& r : kvdtype::tables::engine_tables(e).releases())
    if (r.version == version) return true;
  return false;
}

// The lint: a release a row or an engine row names is one of that engine's release rows.
TEST(LaunchFlagReleases, EveryIntroducedInNamesAReleaseRow) {
  int named = 0;
  for (const kvdtype::tables::EngineTables& row : kvdtype::tables::engine_registry()) {
    if (row.launch_flags == nullptr) continue;
    for (const kvdtype::tables::LaunchFlag& f : row.launch_flags()) {
      if (f.introduced_in.empty()) continue;
      ++named;
      EXPECT_TRUE(kvdtype::parse_version(row.info.id, f.introduced_in).ok()) << f.names;
      EXPECT_TRUE(release_row(row.info.id, f.introduced_in))
          << f.names << ": introduced_in " << f.introduced_in << " is no release row of " << row.info.name;
    }
    const std::string_view since = row.behaviour.json_only_since;
    if (!since.empty()) {
      EXPECT_TRUE(release_row(row.info.id, since)) << row.info.name << " json_only_since " << since;
      EXPECT_FALSE(row.behaviour.json_only_source.empty()) << row.info.name;
    }
  }
  EXPECT_GE(named, 3);  // SGLang's --speculative-draft-model, -attention-backend, -model-quantization
}

TEST(LaunchFlagReleases, PrefixLookupLeavesOutRowsALaterReleaseAdded) {
  const auto old = kvdtype::parse_version(Engine::sglang, "0.4.2");
  ASSERT_TRUE(old.ok());
  const auto then = kvdtype::io::detail::find_launch_flag_prefix(Engine::sglang, "--speculative-draft", &*old);
  ASSERT_NE(then.row, nullptr);
  EXPECT_EQ(then.name, "--speculative-draft-model-path");
  const auto now = kvdtype::io::detail::find_launch_flag_prefix(Engine::sglang, "--speculative-draft");
  EXPECT_EQ(now.row, nullptr);
  EXPECT_GE(now.matches.size(), 3u);
}

// sglang#3362: --speculative-draft on a release that had only --speculative-draft-model-path.
TEST(LaunchFlagReleases, SglangSpeculativeDraftByRelease) {
  const std::string args =
      " --model-path m --speculative-algo EAGLE --speculative-draft /d/eagle --tp 4";
  // Release unknown: read as the older releases read it, and the unknown release said.
  const LaunchCommand unknown = parse_ok("python -m sglang.launch_server" + args);
  EXPECT_TRUE(unknown.refused_values.empty());
  EXPECT_EQ(unknown.draft_model, "/d/eagle");
  EXPECT_TRUE(unmodelled_has(unknown, "--speculative-draft-model-path")) << "the older reading is named";
  EXPECT_TRUE(unmodelled_has(unknown, "0.5.2"));
  // 0.4.2 (the report's): one option, nothing to say.
  const LaunchCommand old = parse_ok("docker run lmsysorg/sglang:v0.4.2 python3 -m sglang.launch_server" + args);
  EXPECT_TRUE(old.refused_values.empty());
  EXPECT_TRUE(old.unmodelled.empty());
  EXPECT_EQ(old.draft_model, "/d/eagle");
  // A release with the later options: argparse refuses the word.
  const LaunchCommand newer = parse_ok("docker run lmsysorg/sglang:v0.5.9 python3 -m sglang.launch_server" + args);
  ASSERT_EQ(newer.refused_values.size(), 1u);
  EXPECT_NE(newer.refused_values[0].why.find("ambiguous option"), std::string::npos);
  EXPECT_TRUE(newer.draft_model.empty());
}

// vLLM 0.9's nullable_kvs fallback (the OME Llama-4 runtime on vllm/vllm-openai:v0.9.0.1).
TEST(LaunchFlagReleases, VllmKeyValueFormByRelease) {
  const std::string args = " python3 -m vllm.entrypoints.openai.api_server --model m --limit-mm-per-prompt image=10";
  const LaunchCommand old = parse_ok("docker run vllm/vllm-openai:v0.9.0.1" + args);
  EXPECT_TRUE(old.refused_values.empty());
  EXPECT_TRUE(old.unmodelled.empty());
  const LaunchCommand newer = parse_ok("docker run vllm/vllm-openai:v0.10.0" + args);
  ASSERT_EQ(newer.refused_values.size(), 1u);
  EXPECT_NE(newer.refused_values[0].fix.find("0.10.0"), std::string::npos);
  const LaunchCommand unknown = parse_ok(args.substr(1));
  EXPECT_TRUE(unknown.refused_values.empty());
  EXPECT_TRUE(unmodelled_has(unknown, "--limit-mm-per-prompt image=10"));
  // Key=integer pairs only: a word nullable_kvs refused is refused in every release.
  for (const char* bad : {"image", "image=ten", "image=1=2", "image=10,", "image=1__0"}) {
    const LaunchCommand c = parse_ok("docker run vllm/vllm-openai:v0.9.0.1 python3 -m vllm.entrypoints.openai.api_server --model m "
                                     "--limit-mm-per-prompt " +
                                     std::string(bad));
    EXPECT_EQ(c.refused_values.size(), 1u) << bad;
  }
  const LaunchCommand pairs =
      parse_ok("docker run vllm/vllm-openai:v0.9.2 python3 -m vllm.entrypoints.openai.api_server --model m "
               "--limit-mm-per-prompt 'Image = 2, video=-1,audio=1_0'");
  EXPECT_TRUE(pairs.refused_values.empty());
  // A release an install in the script names counts as the image's tag does.
  const LaunchCommand pinned = parse_ok("sh -c 'pip install vllm==0.9.1 && vllm serve m --limit-mm-per-prompt image=4'");
  EXPECT_TRUE(pinned.refused_values.empty());
  EXPECT_TRUE(pinned.unmodelled.empty());
}

// sglang#30805: DeepSeek V4's kernel choice, read as the DSA decode sub-backend the constraint
// rows of constraints_sglang.cpp key on.
TEST(LaunchFlagReleases, SglangDsv4AttnBackendIsRead) {
  const LaunchCommand c = parse_ok(
      "python3 -m sglang.launch_server --model-path m --attention-backend dsv4 --dsv4-attn-backend trtllm");
  EXPECT_EQ(c.input.backend, "dsv4");
  EXPECT_EQ(c.input.dsa_decode_backend, "trtllm");
  EXPECT_TRUE(c.ignored.empty());
}

}  // namespace
