// llama.cpp's releases are build numbers (b6325): parsing, order, printing and refusals, image
// tags, and the facts that changed across builds (rules KVD206-KVD208).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "sources/launch/launch_images.hpp"
#include "kvdtype/check.hpp"
#include "report_helpers.hpp"
#include "kvdtype/io/launch.hpp"
#include "tables/rows/release.hpp"

namespace {

using namespace kvdtype;
using kvdtype::test::launch;

Version build(std::string_view text) {
  auto r = parse_version(Engine::llamacpp, text);
  EXPECT_TRUE(r.ok()) << text << ": " << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Version{};
}

TEST(LlamaCppVersions, SpellingsOfOneBuild) {
  // The tag (b6325), the number `llama-server --version` prints (6325), any case of the b.
  EXPECT_EQ(build("b6325"), build("6325"));
  EXPECT_EQ(build("B6325"), build("b6325"));
  EXPECT_EQ(build("b06325"), build("b6325"));
  EXPECT_TRUE(build("b6325").build);
  EXPECT_TRUE(build("b6325").known);
  EXPECT_FALSE(build("b6325").pre_release);
  // The scheme-free parse (release tables, row fields) reads the tag spelling as the same build.
  auto plain = parse_version("b6325");
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(*plain, build("6325"));
}

TEST(LlamaCppVersions, PrintsAsTheTag) {
  EXPECT_EQ(to_string(build("6325")), "b6325");
  EXPECT_EQ(to_string(build("B11206")), "b11206");
  EXPECT_EQ(to_string(build("b1")), "b1");
  EXPECT_EQ(to_string(build("65535")), "b65535");
}

TEST(LlamaCppVersions, OrderByNumber) {
  EXPECT_LT(build("b999"), build("b6325"));  // numeric, not text, order
  EXPECT_LT(build("b6324"), build("b6325"));
  EXPECT_LT(build("b6325"), build("b11206"));
  EXPECT_FALSE(build("b6325") < build("b6325"));
  // A build without a row is a valid version between its neighbours (pip-order analogue).
  const Version between = build("b7000");
  EXPECT_EQ(find_release(Engine::llamacpp, between), nullptr);
  EXPECT_LT(build("b6358"), between);
  EXPECT_LT(between, build("b9437"));
  // The two schemes never compare equal (a build sorts after every PEP 440 version).
  auto pep = parse_version("6325.0");
  ASSERT_TRUE(pep.ok());
  EXPECT_NE(*pep, build("6325"));
}

TEST(LlamaCppVersions, PepVersionForLlamaCppIsRefusedNamingTheSpelling) {
  for (std::string_view bad : {"0.25.1", "v0.25.1", "1.0", "latest", "b", "b0", "0", "b65536", "b12x", "6325.1",
                               "b-6325", " b6325", "b6325 ", "bb6325", "", "b123456"}) {
    auto r = parse_version(Engine::llamacpp, bad);
    EXPECT_FALSE(r.ok()) << "'" << bad << "' parsed";
    if (!r.ok()) {
      EXPECT_EQ(r.error().code, ErrorCode::bad_value);
      EXPECT_NE(r.error().message.find("bNNNN"), std::string::npos) << r.error().message;
      EXPECT_NE(r.error().message.find("llama.cpp"), std::string::npos) << r.error().message;
      EXPECT_EQ(r.error().message.find('\n'), std::string::npos);
    }
  }
}

TEST(LlamaCppVersions, BuildNumberForAPepEngineIsRefused) {
  for (Engine e : {Engine::vllm, Engine::sglang, Engine::trtllm, Engine::lmdeploy}) {
    auto r = parse_version(e, "b6325");
    ASSERT_FALSE(r.ok()) << engine_info(e).name;
    EXPECT_NE(r.error().message.find("llama.cpp"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("0.25.1"), std::string::npos) << r.error().message;
    EXPECT_FALSE(parse_version(e, "6325").ok());  // a bare number is no PEP 440 release of theirs either
    EXPECT_TRUE(parse_version(e, "0.25.1").ok());
  }
}

TEST(LlamaCppVersions, EngineVersionFlag) {
  RequestInput in;
  in.engine = "llamacpp";
  in.engine_version = "0.25.1";
  auto r = make_request(in);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message.rfind("--engine-version: ", 0), 0u) << r.error().message;
  EXPECT_NE(r.error().message.find("b6325"), std::string::npos);
  in.engine_version = "6000";
  r = make_request(in);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(to_string(r->engine_version), "b6000");
  in.engine = "vllm";
  in.engine_version = "b6000";
  EXPECT_FALSE(make_request(in).ok());
}

TEST(LlamaCppVersions, ImageTags) {
  using io::detail::engine_version_from_image;
  constexpr Engine L = Engine::llamacpp;
  EXPECT_EQ(engine_version_from_image("ghcr.io/ggml-org/llama.cpp:server-cuda-b6239", L), "b6239");
  EXPECT_EQ(engine_version_from_image("ghcr.io/ggml-org/llama.cpp:full-b6239", L), "b6239");
  EXPECT_EQ(engine_version_from_image("ghcr.io/ggml-org/llama.cpp:light-b6239", L), "b6239");
  EXPECT_EQ(engine_version_from_image("ghcr.io/ggml-org/llama.cpp:server-vulkan-b6239", L), "b6239");
  EXPECT_EQ(engine_version_from_image("ghcr.io/ggml-org/llama.cpp:server-b11206", L), "b11206");
  // Tags that move with master name no build.
  EXPECT_EQ(engine_version_from_image("ghcr.io/ggml-org/llama.cpp:server-cuda", L), "");
  EXPECT_EQ(engine_version_from_image("ghcr.io/ggml-org/llama.cpp:server", L), "");
  EXPECT_EQ(engine_version_from_image("ghcr.io/ggml-org/llama.cpp:latest", L), "");
  EXPECT_EQ(engine_version_from_image("ghcr.io/ggml-org/llama.cpp", L), "");
  EXPECT_EQ(engine_version_from_image("ghcr.io/ggml-org/llama.cpp:server-cuda-bogus", L), "");
  // Another engine's image is not llama.cpp's.
  EXPECT_EQ(engine_version_from_image("vllm/vllm-openai:v0.25.1", L), "");
}

// ---- what changed across builds ---------------------------------------------------------------

Report check_llamacpp(std::string_view version, std::string_view fa, std::string_view k, std::string_view v) {
  RequestInput in;
  in.engine = "llamacpp";
  in.gpu = "RTX4090";
  in.engine_version = std::string(version);
  in.flash_attention = std::string(fa);
  in.kv_cache_dtype = std::string(k);
  in.v_cache_dtype = std::string(v);
  auto r = make_request(in);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? check(*r) : Report{};
}

bool fires(const Report& r, std::string_view code) {
  for (const Diagnostic& d : r.diagnostics)
    if (d.rule->code == code) return true;
  return false;
}

TEST(LlamaCppBuilds, QuantizedVWithoutFaIsRefusedBeforeFaAuto) {
  // b6324 and older: flash attention off unless -fa is given (PR #15434 came with b6325).
  for (std::string_view old : {"b3520", "b6000", "b6324"}) {
    const Report r = check_llamacpp(old, "", "q8_0", "q8_0");
    EXPECT_TRUE(fires(r, "KVD206")) << old;
    EXPECT_EQ(r.verdict(), Verdict::error) << old;
    EXPECT_FALSE(fires(r, "KVD203")) << old;  // no auto mode to resolve
  }
  for (std::string_view now : {"b6325", "b7000", "latest", ""}) {
    const Report r = check_llamacpp(now, "", "q8_0", "q8_0");
    EXPECT_FALSE(fires(r, "KVD206")) << now;
    EXPECT_NE(r.verdict(), Verdict::error) << now;
  }
  // Asked for explicitly, old builds are fine; a quantized K alone never needed it.
  EXPECT_FALSE(fires(check_llamacpp("b6000", "on", "q8_0", "q8_0"), "KVD206"));
  EXPECT_FALSE(fires(check_llamacpp("b6000", "", "q8_0", "f16"), "KVD206"));
  EXPECT_TRUE(fires(check_llamacpp("b6000", "off", "q8_0", "q8_0"), "KVD201"));
  // An old build without -fa does not use flash attention: a pair without a kernel is no news.
  const Report unsupported = check_llamacpp("b6000", "", "q5_0", "f16");
  EXPECT_FALSE(fires(unsupported, "KVD204"));
  EXPECT_TRUE(fires(check_llamacpp("b6325", "", "q5_0", "f16"), "KVD204"));
}

TEST(LlamaCppBuilds, TheLaunchParserKeepsHowFaWasSpelled) {
  EXPECT_TRUE(launch("llama-server -m m.gguf -fa").input.flags & flag_fa_bare);
  EXPECT_TRUE(launch("llama-server -fa -m m.gguf").input.flags & flag_fa_bare);
  EXPECT_TRUE(launch("llama-server -m m.gguf -fa on").input.flags & flag_fa_word);
  EXPECT_TRUE(launch("llama-server -m m.gguf --flash-attn auto").input.flags & flag_fa_word);
  const auto numeric = launch("llama-bench -m m.gguf -fa 1,0").input.flags;  // llama-bench's own syntax
  EXPECT_FALSE(numeric & (flag_fa_bare | flag_fa_word));
  EXPECT_FALSE(launch("llama-server -m m.gguf").input.flags & (flag_fa_bare | flag_fa_word));
  // Which tool runs: llama-bench by any path or a :full image's --bench; not the server.
  EXPECT_TRUE(launch("./build/bin/llama-bench -m m.gguf").input.flags & flag_llama_bench);
  EXPECT_TRUE(launch("docker run ghcr.io/ggml-org/llama.cpp:full-cuda-b9000 --bench -m /m.gguf").input.flags &
              flag_llama_bench);
  EXPECT_FALSE(launch("llama-server -m m.gguf -b 512").input.flags & flag_llama_bench);
  EXPECT_FALSE(launch("docker run ghcr.io/ggml-org/llama.cpp:server-cuda -m /m.gguf").input.flags & flag_llama_bench);
}

Report check_launch(std::string_view version, std::string_view text) {
  io::LaunchCommand l = launch(text);
  l.input.gpu = "RTX4090";
  if (!version.empty()) l.input.engine_version = std::string(version);
  auto r = make_request(l.input);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? check(*r) : Report{};
}

TEST(LlamaCppBuilds, LlamaBenchKeptFlashAttentionOffUntilB9437) {
  const char* cmd = "llama-bench -m m.gguf -ctk q8_0 -ctv q8_0";
  for (std::string_view old : {"b6000", "b6325", "b9436"}) EXPECT_TRUE(fires(check_launch(old, cmd), "KVD206")) << old;
  for (std::string_view now : {"b9437", "b11206", ""}) EXPECT_FALSE(fires(check_launch(now, cmd), "KVD206")) << now;
  // The server got auto at b6325; -fa 1 turns it on in llama-bench at any build.
  EXPECT_FALSE(fires(check_launch("b9000", "llama-server -m m.gguf -ctk q8_0 -ctv q8_0"), "KVD206"));
  EXPECT_FALSE(fires(check_launch("b9000", "llama-bench -m m.gguf -ctk q8_0 -ctv q8_0 -fa 1"), "KVD206"));
  // llama-bench's -fa is its own: neither spelling rule judges it.
  EXPECT_FALSE(fires(check_launch("b6000", "llama-bench -m m.gguf -fa 1,0"), "KVD207"));
  EXPECT_FALSE(fires(check_launch("b9000", "llama-bench -m m.gguf -ctk q8_0 -ctv q8_0 -fa 1"), "KVD208"));
}

TEST(LlamaCppBuilds, FaSyntaxFollowsTheBuild) {
  // -fa on: a stray word for a switch-only build, right from b6325.
  EXPECT_TRUE(fires(check_launch("b6000", "llama-server -m m.gguf -fa on"), "KVD207"));
  EXPECT_FALSE(fires(check_launch("b6325", "llama-server -m m.gguf -fa on"), "KVD207"));
  // A bare -fa: right before b6325, missing its value from it (and in the newest build, assumed
  // when no version is given).
  EXPECT_FALSE(fires(check_launch("b6000", "llama-server -fa -m m.gguf"), "KVD208"));
  EXPECT_TRUE(fires(check_launch("b6325", "llama-server -fa -m m.gguf"), "KVD208"));
  EXPECT_TRUE(fires(check_launch("", "llama-server -m m.gguf -fa"), "KVD208"));
  // The build from an image tag decides as --engine-version does.
  const Report tagged = check_launch(
      "", "docker run --gpus all ghcr.io/ggml-org/llama.cpp:server-cuda-b6000 -m /m.gguf -fa -ctk q8_0 -ctv q8_0");
  EXPECT_EQ(to_string(tagged.request.engine_version), "b6000");
  EXPECT_FALSE(fires(tagged, "KVD208"));
  EXPECT_FALSE(fires(tagged, "KVD206"));
  EXPECT_NE(tagged.verdict(), Verdict::error);
}

// -nkvo keeps the cache in host memory; with layers on the GPU its flash attention still runs
// there on copies of the cache's views. A quantized MLA cache's V copy took the non-contiguous
// conversion with the KV length as grid.y (at most 65535) until PR #19999 (b8183): KVD070 once the
// context can pass 65535 tokens (llama.cpp#19724 at b8094).
TEST(LlamaCppBuilds, HostCacheMlaPast65535TokensUntilB8183) {
  EXPECT_TRUE(launch("llama-server -m m.gguf -nkvo").input.flags & flag_no_kv_offload);
  EXPECT_TRUE(launch("llama-server -m m.gguf --no-kv-offload -ngl 99").input.flags & flag_no_kv_offload);
  EXPECT_FALSE(launch("llama-server -m m.gguf -nkvo -ngl 0").input.flags & flag_no_kv_offload);  // attention on the CPU
  EXPECT_FALSE(launch("llama-server -m m.gguf").input.flags & flag_no_kv_offload);
  EXPECT_EQ(launch("llama-server -m m.gguf -nkvo").input.backend, "CPU");  // the cache's own place is unchanged

  const auto at = [](std::string_view version, std::string_view text) {
    io::LaunchCommand l = launch(text);
    l.input.gpu = "RTX4090";
    l.input.attention = "mla";
    l.input.head_size = "576";
    l.input.engine_version = std::string(version);
    auto r = make_request(l.input);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? check(*r) : Report{};
  };
  const char* longq4 = "llama-server -m m.gguf -c 202752 -nkvo -ctk q4_0 -ctv q4_0 -fa on";
  const Report reported = at("b8094", longq4);
  EXPECT_TRUE(fires(reported, "KVD070"));
  EXPECT_EQ(reported.verdict(), Verdict::error);
  EXPECT_FALSE(fires(at("b8183", longq4), "KVD070"));
  EXPECT_NE(at("b8182", longq4).verdict(), Verdict::error);  // a build not placed: a warning that names the fix
  EXPECT_FALSE(fires(at("b8094", "llama-server -m m.gguf -c 65535 -nkvo -ctk q4_0 -ctv q4_0 -fa on"), "KVD070"));
  EXPECT_TRUE(fires(at("b8094", "llama-server -m m.gguf -c 65536 -nkvo -ctk q4_0 -ctv q4_0 -fa on"), "KVD070"));
  EXPECT_FALSE(fires(at("b8094", "llama-server -m m.gguf -c 202752 -ctk q4_0 -ctv q4_0 -fa on"), "KVD070"));
  EXPECT_FALSE(fires(at("b8094", "llama-server -m m.gguf -nkvo -ctk q4_0 -ctv q4_0 -fa on"), "KVD070"));  // no context given
}

// Tensor parallelism (-sm tensor): a quantized cache was refused from b8738 to b9454 (KVD209);
// from b9455 a pair the GPU has no flash-attention kernel for aborts instead of running on the
// CPU (KVD210), reported at b10441.
TEST(LlamaCppBuilds, TensorSplitAndTheQuantizedCache) {
  EXPECT_TRUE(launch("llama-server -m m.gguf -sm tensor").input.flags & flag_split_tensor);
  EXPECT_TRUE(launch("llama-server -m m.gguf --split-mode TENSOR").input.flags & flag_split_tensor);
  EXPECT_FALSE(launch("llama-server -m m.gguf -sm layer").input.flags & flag_split_tensor);
  EXPECT_TRUE(launch("llama-bench -m m.gguf -sm tensor,layer").input.flags & flag_split_tensor);  // the first is checked

  const char* q8 = "llama-server -m m.gguf -sm tensor -ctk q8_0 -ctv q8_0 -fa on";
  EXPECT_FALSE(fires(check_launch("b8737", q8), "KVD209"));
  for (std::string_view refused : {"b8738", "b9000", "b9454"}) EXPECT_TRUE(fires(check_launch(refused, q8), "KVD209")) << refused;
  for (std::string_view runs : {"b9455", "b10441", ""}) EXPECT_FALSE(fires(check_launch(runs, q8), "KVD209")) << runs;
  // A quantized V alone is refused as well, once; unquantized caches and -sm layer never.
  const Report v_only = check_launch("b9000", "llama-server -m m.gguf -sm tensor -ctv q4_0 -fa on");
  EXPECT_TRUE(fires(v_only, "KVD209"));
  EXPECT_EQ(std::count_if(v_only.diagnostics.begin(), v_only.diagnostics.end(),
                          [](const Diagnostic& d) { return d.rule->code == "KVD209"; }),
            1);
  EXPECT_FALSE(fires(check_launch("b9000", "llama-server -m m.gguf -sm tensor -ctk bf16 -ctv bf16 -fa on"), "KVD209"));
  EXPECT_FALSE(fires(check_launch("b9000", "llama-server -m m.gguf -sm layer -ctk q8_0 -ctv q8_0 -fa on"), "KVD209"));

  // From b9455: iq4_nl has no CUDA flash-attention kernel. The reported build is an error, other
  // builds (and no build) a warning naming the open fix; q8_0 (a kernel) and -sm layer (the CPU
  // runs the op: KVD202) never.
  const char* iq4 = "llama-server -m m.gguf -sm tensor -ctk iq4_nl -ctv iq4_nl -fa on";
  const Report reported = check_launch("b10441", iq4);
  EXPECT_TRUE(fires(reported, "KVD210"));
  EXPECT_EQ(reported.verdict(), Verdict::error);
  const Report unversioned = check_launch("", iq4);
  EXPECT_TRUE(fires(unversioned, "KVD210"));
  EXPECT_NE(unversioned.verdict(), Verdict::error);
  EXPECT_FALSE(fires(check_launch("b9000", iq4), "KVD210"));  // refused earlier, at context creation
  EXPECT_TRUE(fires(check_launch("b9000", iq4), "KVD209"));
  EXPECT_FALSE(fires(check_launch("b10441", q8), "KVD210"));
  const Report layer = check_launch("b10441", "llama-server -m m.gguf -sm layer -ctk iq4_nl -ctv iq4_nl -fa on");
  EXPECT_FALSE(fires(layer, "KVD210"));
  EXPECT_TRUE(fires(layer, "KVD202"));

  // Tensor split turns -fa auto into on (so no KVD203: auto never resolves to off there) and
  // refuses -fa off (KVD211).
  const Report automatic = check_launch("b10441", "llama-server -m m.gguf -sm tensor -ctk iq4_nl -ctv iq4_nl");
  EXPECT_TRUE(fires(automatic, "KVD210"));
  EXPECT_FALSE(fires(automatic, "KVD203"));
  EXPECT_TRUE(fires(check_launch("", "llama-server -m m.gguf -sm tensor -fa off"), "KVD211"));
  EXPECT_FALSE(fires(check_launch("", "llama-server -m m.gguf -sm layer -fa off"), "KVD211"));
  EXPECT_FALSE(fires(check_launch("", "llama-server -m m.gguf -sm tensor"), "KVD211"));
  // The enabling is a row (KVD212) bounded by the mode's first build, b8738: it fires only with
  // -fa auto, and before b8738 auto keeps its own answer (KVD203 for a pair without a kernel).
  EXPECT_TRUE(fires(check_launch("", "llama-server -m m.gguf -sm tensor"), "KVD212"));
  EXPECT_TRUE(fires(automatic, "KVD212"));
  EXPECT_FALSE(fires(check_launch("", "llama-server -m m.gguf -sm tensor -fa on"), "KVD212"));
  EXPECT_FALSE(fires(check_launch("", "llama-server -m m.gguf -sm layer"), "KVD212"));
  const Report before = check_launch("b8700", "llama-server -m m.gguf -sm tensor -ctk iq4_nl -ctv iq4_nl");
  EXPECT_FALSE(fires(before, "KVD212"));
  EXPECT_TRUE(fires(before, "KVD203"));
}

}  // namespace
