// --engine-version auto (installed distribution metadata, in fake install trees written here) and
// the release a launch command names (official image tags, pinned installs).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "sources/launch/launch_images.hpp"
#include "kvdtype/io/installed_version.hpp"
#include "kvdtype/io/launch.hpp"
#include "tables/rows/image.hpp"

namespace {

namespace fs = std::filesystem;
using namespace kvdtype;

// A fresh directory per test under the system temp dir.
class FakeInstall : public ::testing::Test {
 protected:
  void SetUp() override {
    root = fs::temp_directory_path() / ("kvdtype-installed-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root);
    fs::create_directories(root);
  }
  void TearDown() override { fs::remove_all(root); }
  void write(const fs::path& rel, const std::string& text) {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel, std::ios::binary) << text;
  }
  // Only the roots a test names: never the machine's own site-packages.
  io::InstallSearch only(std::optional<std::string> venv, std::optional<std::string> conda = std::nullopt) {
    io::InstallSearch s;
    s.virtual_env = std::move(venv);
    s.conda_prefix = std::move(conda);
    s.system_prefixes.clear();
    return s;
  }
  fs::path root;
};

TEST_F(FakeInstall, DistInfoInAVenv) {
  write("venv/lib/python3.11/site-packages/vllm-0.25.1.dist-info/METADATA",
        "Metadata-Version: 2.1\nName: vllm\nVersion: 0.25.1\nSummary: x\n\nVersion: 9.9.9 (body, not header)\n");
  auto r = io::installed_engine_version(Engine::vllm, only((root / "venv").string()));
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->version, "0.25.1");
  EXPECT_EQ(r->distribution, "vllm");
  EXPECT_NE(r->metadata.find("vllm-0.25.1.dist-info"), std::string::npos);
}

TEST_F(FakeInstall, NamesAreNormalizedAndCheckedAgainstTheHeader) {
  // A wheel's directory spelling and a CRLF METADATA; a look-alike distribution is not vllm.
  write("venv/lib/python3.12/site-packages/vllm_flash_attn-2.6.2.dist-info/METADATA", "Name: vllm-flash-attn\nVersion: 2.6.2\n");
  write("venv/lib/python3.12/site-packages/Tensorrt_LLM-1.2.0rc1.dist-info/METADATA", "Name: tensorrt-llm\r\nVersion: 1.2.0rc1\r\n");
  EXPECT_FALSE(io::installed_engine_version(Engine::vllm, only((root / "venv").string())).ok());
  auto t = io::installed_engine_version(Engine::trtllm, only((root / "venv").string()));
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->version, "1.2.0rc1");
}

TEST_F(FakeInstall, EggInfoFileAndDirectory) {
  write("conda/lib/python3.10/site-packages/sglang-0.5.14-py3.10.egg-info/PKG-INFO", "Name: sglang\nVersion: 0.5.14\n");
  auto r = io::installed_engine_version(Engine::sglang, only(std::nullopt, (root / "conda").string()));
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->version, "0.5.14");
  write("sys/lib/python3/dist-packages/vllm-0.9.2.egg-info", "Metadata-Version: 1.2\nName: vllm\nVersion: 0.9.2+cu126\n");
  io::InstallSearch s = only(std::nullopt);
  s.system_prefixes = {(root / "sys").string()};
  auto q = io::installed_engine_version(Engine::vllm, s);
  ASSERT_TRUE(q.ok()) << q.error().message;
  EXPECT_EQ(q->version, "0.9.2+cu126");
}

TEST_F(FakeInstall, VenvWinsOverCondaAndSystem) {
  write("venv/lib/python3.11/site-packages/vllm-0.27.0.dist-info/METADATA", "Name: vllm\nVersion: 0.27.0\n");
  write("conda/lib/python3.11/site-packages/vllm-0.24.0.dist-info/METADATA", "Name: vllm\nVersion: 0.24.0\n");
  write("sys/lib/python3.11/dist-packages/vllm-0.20.0.dist-info/METADATA", "Name: vllm\nVersion: 0.20.0\n");
  io::InstallSearch s = only((root / "venv").string(), (root / "conda").string());
  s.system_prefixes = {(root / "sys").string()};
  EXPECT_EQ(io::installed_engine_version(Engine::vllm, s)->version, "0.27.0");
  s.virtual_env.reset();
  EXPECT_EQ(io::installed_engine_version(Engine::vllm, s)->version, "0.24.0");
  s.conda_prefix.reset();
  EXPECT_EQ(io::installed_engine_version(Engine::vllm, s)->version, "0.20.0");
}

TEST_F(FakeInstall, NotFoundAndBadVersionAreErrorsSayingWhere) {
  auto none = io::installed_engine_version(Engine::vllm, only((root / "empty").string()));
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find((root / "empty").string()), std::string::npos) << none.error().message;
  write("venv/lib/python3.11/site-packages/vllm-dev.dist-info/METADATA", "Name: vllm\nVersion: main\n");
  auto bad = io::installed_engine_version(Engine::vllm, only((root / "venv").string()));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("main"), std::string::npos) << bad.error().message;
  EXPECT_FALSE(io::installed_engine_version(Engine::llamacpp, only((root / "venv").string())).ok());
}

// METADATA is read through the one safe reader: a FIFO there is no header, never a wait.
TEST_F(FakeInstall, AMetadataFifoIsNoHeaderNotAWait) {
  const fs::path dir = root / "venv/lib/python3.11/site-packages/vllm-0.24.0.dist-info";
  fs::create_directories(dir);
  ASSERT_EQ(::mkfifo((dir / "METADATA").c_str(), 0600), 0);
  EXPECT_FALSE(io::installed_engine_version(Engine::vllm, only((root / "venv").string())).ok());
  // The FIFO's directory sorts first; the next candidate is read.
  write("venv/lib/python3.11/site-packages/vllm-0.25.1.dist-info/METADATA", "Name: vllm\nVersion: 0.25.1\n");
  auto r = io::installed_engine_version(Engine::vllm, only((root / "venv").string()));
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->version, "0.25.1");
}

TEST_F(FakeInstall, AutoReplacesTheInputAndSaysWhere) {
  write("venv/lib/python3.11/site-packages/vllm-0.25.1.dist-info/METADATA", "Name: vllm\nVersion: 0.25.1\n");
  RequestInput in;
  in.engine_version = "auto";
  auto note = io::resolve_auto_engine_version(in, only((root / "venv").string()));
  ASSERT_TRUE(note.ok()) << note.error().message;
  EXPECT_EQ(in.engine_version, "0.25.1");
  EXPECT_NE(note->find("METADATA"), std::string::npos);
  RequestInput given;
  given.engine_version = "0.24.0";
  EXPECT_EQ(*io::resolve_auto_engine_version(given, only((root / "venv").string())), "");
  EXPECT_EQ(given.engine_version, "0.24.0");
}

TEST(ImageTags, OfficialImagesNameTheirRelease) {
  using io::detail::engine_version_from_image;
  EXPECT_EQ(engine_version_from_image("vllm/vllm-openai:v0.25.1", Engine::vllm), "0.25.1");
  EXPECT_EQ(engine_version_from_image("docker.io/vllm/vllm-openai:v0.10.1.1", Engine::vllm), "0.10.1.1");
  EXPECT_EQ(engine_version_from_image("vllm/vllm-openai-rocm:v0.24.0", Engine::vllm), "0.24.0");
  EXPECT_EQ(engine_version_from_image("vllm/vllm-openai:v0.31.0rc1", Engine::vllm), "0.31.0rc1");
  EXPECT_EQ(engine_version_from_image("vllm/vllm-openai:latest", Engine::vllm), "latest");
  EXPECT_EQ(engine_version_from_image("vllm/vllm-openai", Engine::vllm), "latest");
  EXPECT_EQ(engine_version_from_image("rocm/vllm:rocm6.4.1_vllm_0.9.1_20250715", Engine::vllm), "0.9.1");
  EXPECT_EQ(engine_version_from_image("lmsysorg/sglang:v0.5.14-cu126", Engine::sglang), "0.5.14");
  EXPECT_EQ(engine_version_from_image("lmsysorg/sglang:v0.4.8.post1-cu126", Engine::sglang), "0.4.8.post1");
  EXPECT_EQ(engine_version_from_image("lmsysorg/sglang:v0.5.1-rocm630-mi30x", Engine::sglang), "0.5.1");
  // Not a release: a digest, a nightly, a model-named build, someone else's image, the other engine.
  EXPECT_EQ(engine_version_from_image("vllm/vllm-openai@sha256:819ec9c0", Engine::vllm), "");
  EXPECT_EQ(engine_version_from_image("vllm/vllm-openai:v0.25.1@sha256:819ec9c0", Engine::vllm), "");
  EXPECT_EQ(engine_version_from_image("vllm/vllm-openai:nightly", Engine::vllm), "");
  EXPECT_EQ(engine_version_from_image("vllm/vllm-openai:glm53-flash", Engine::vllm), "");
  EXPECT_EQ(engine_version_from_image("myorg/vllm-custom:1.2", Engine::vllm), "");
  EXPECT_EQ(engine_version_from_image("lmsysorg/sglang:v0.5.14-cu126", Engine::vllm), "");
}

// Every image row (src/tables/engines/<engine>/images_<engine>.cpp): its published example tag names a release through the row's
// own tag rule, and only for its own engine (a TagRule::none row's tag names none).
TEST(ImageTags, EveryImageRowsExampleNamesARelease) {
  using io::detail::engine_version_from_image;
  ASSERT_FALSE(images().empty());
  for (const Image& row : images()) {
    const std::string image = std::string(row.repository) + ":" + std::string(row.example);
    const std::string v = engine_version_from_image(image, row.engine);
    if (row.tag == TagRule::none) {  // the tags are the image's own releases: none names the engine's
      EXPECT_EQ(v, "") << image;
      EXPECT_EQ(io::detail::official_image(io::detail::image_repository(image)), &row) << image;
      continue;
    }
    EXPECT_FALSE(v.empty()) << image;
    EXPECT_NE(v, "latest") << image;
    EXPECT_TRUE(parse_version(row.engine, v).ok()) << image << " -> " << v;
    for (const EngineInfo& e : engines()) {
      if (e.id == row.engine) continue;
      EXPECT_EQ(engine_version_from_image(image, e.id), "") << image << " as " << e.name;
    }
    EXPECT_EQ(io::detail::official_image(io::detail::image_repository(image)), &row) << image;
  }
}

TEST(ImageTags, RegistryHostsAndMirrorsButNotLookAlikes) {
  using io::detail::engine_version_from_image;
  using io::detail::image_repository;
  using io::detail::official_image;
  EXPECT_EQ(image_repository("docker.io/VLLM/vllm-openai:v0.25.1@sha256:ab"), "vllm/vllm-openai");
  EXPECT_EQ(engine_version_from_image("harbor.corp:5000/proxy/vllm/vllm-openai:v0.25.1", Engine::vllm), "0.25.1");
  EXPECT_EQ(engine_version_from_image("ghcr.io/ggml-org/llama.cpp:server-cuda-b6325", Engine::llamacpp), "b6325");
  EXPECT_EQ(engine_version_from_image("ggml-org/llama.cpp:full-b6325", Engine::llamacpp), "b6325");
  EXPECT_EQ(engine_version_from_image("ghcr.io/ggml-org/llama.cpp:server-cuda", Engine::llamacpp), "");  // moves with master
  EXPECT_EQ(engine_version_from_image("nvcr.io/nvidia/tensorrt-llm/release:1.3.0rc5", Engine::trtllm), "1.3.0rc5");
  EXPECT_EQ(engine_version_from_image("openmmlab/lmdeploy:v0.6.0-cu12", Engine::lmdeploy), "0.6.0");
  EXPECT_EQ(official_image("myorg/vllm-openai"), nullptr);  // same last name, another publisher
  EXPECT_EQ(official_image("vllm/vllm-openai-custom"), nullptr);
  ASSERT_NE(official_image("vllm/vllm-openai"), nullptr);
  EXPECT_EQ(official_image("vllm/vllm-openai")->entrypoint, "vllm serve");
  ASSERT_NE(official_image("rocm/vllm"), nullptr);
  EXPECT_EQ(official_image("rocm/vllm")->entrypoint, "");  // a dev image: the command is given
  // The entrypoint of a container given no command: official rows, and copies that keep the name.
  using io::detail::image_with_entrypoint;
  ASSERT_NE(image_with_entrypoint("vllm/vllm-openai-rocm"), nullptr);
  EXPECT_EQ(image_with_entrypoint("vllm/vllm-openai-rocm")->repository, "vllm/vllm-openai-rocm");
  ASSERT_NE(image_with_entrypoint("myorg/vllm-openai"), nullptr);
  EXPECT_EQ(image_with_entrypoint("myorg/vllm-openai")->entrypoint, "vllm serve");
  EXPECT_EQ(image_with_entrypoint("rocm/vllm"), nullptr);
  EXPECT_EQ(image_with_entrypoint("lmsysorg/sglang"), nullptr);
  EXPECT_EQ(image_with_entrypoint("myorg/vllm-custom"), nullptr);
}

TEST(ImageTags, LaunchCommandsCarryTheVersion) {
  auto parse = [](const std::string& text) {
    auto w = io::split_command(text);
    EXPECT_TRUE(w.ok());
    auto l = io::parse_launch_command(*w);
    EXPECT_TRUE(l.ok()) << (l.ok() ? "" : l.error().message);
    return l.ok() ? *l : io::LaunchCommand{};
  };
  EXPECT_EQ(parse("docker run --gpus all vllm/vllm-openai:v0.25.1 --model m").input.engine_version, "0.25.1");
  EXPECT_EQ(parse("docker run vllm/vllm-openai:latest m").input.engine_version, "latest");
  EXPECT_EQ(parse("podman run lmsysorg/sglang:v0.4.8.post1-cu126 python3 -m sglang.launch_server --model-path m")
                .input.engine_version,
            "0.4.8.post1");
  EXPECT_EQ(parse("bash -c 'pip install vllm==0.26.0 && vllm serve m'").input.engine_version, "0.26.0");
  EXPECT_EQ(parse("sh -c 'pip install \"sglang[all]==0.5.15\"; python3 -m sglang.launch_server --model-path m'")
                .input.engine_version,
            "0.5.15");
  // A pin of another distribution names no engine release.
  EXPECT_EQ(parse("bash -c 'pip install vllm-flash-attn==2.6.2 && vllm serve m'").input.engine_version, "");
}

TEST(ImageTags, PinnedInstallsInScripts) {
  const std::string script =
      "#!/bin/bash\nset -e\npython -m pip install --upgrade pip\nuv pip install 'vllm[flashinfer]==0.25.1' torch==2.9\n"
      "vllm serve m --kv-cache-dtype fp8\n";
  EXPECT_EQ(io::engine_version_pinned_in(script, Engine::vllm), "0.25.1");
  EXPECT_EQ(io::engine_version_pinned_in(script, Engine::sglang), "");
  EXPECT_EQ(io::engine_version_pinned_in("pip3 install tensorrt-llm==1.2.0rc1\n", Engine::trtllm), "1.2.0rc1");
  EXPECT_EQ(io::engine_version_pinned_in("pip install vllm>=0.25\n", Engine::vllm), "");  // a range names no release
  EXPECT_EQ(io::engine_version_pinned_in("pip install 'unclosed\n", Engine::vllm), "");
}

}  // namespace
