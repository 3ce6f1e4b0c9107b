// The container image's programs (tools/image/) run as they will in the image: statically
// linked (no program interpreter, so nothing on the host's library path is used), and the same
// files that the image test (check_image.sh) finds in the image start and answer a review.
// `podman run` is refused on the build machines, so the programs are run here directly.
#include <elf.h>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server.hpp"

namespace {

using namespace kvdtype::test;
using Json = nlohmann::json;

// Whether `path` is a 64-bit ELF executable without a PT_INTERP segment (no dynamic loader).
// Any read failure answers false: a file not read is not taken for static.
bool is_static_elf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  Elf64_Ehdr eh{};
  if (!in.read(reinterpret_cast<char*>(&eh), sizeof eh)) return false;
  if (std::string(reinterpret_cast<const char*>(eh.e_ident), 4) != "\x7f" "ELF" || eh.e_ident[EI_CLASS] != ELFCLASS64)
    return false;
  if (eh.e_phnum == 0 || eh.e_phentsize != sizeof(Elf64_Phdr)) return false;
  for (int i = 0; i < eh.e_phnum; ++i) {
    Elf64_Phdr ph{};
    in.seekg(static_cast<std::streamoff>(eh.e_phoff + static_cast<Elf64_Off>(i) * sizeof ph));
    if (!in.read(reinterpret_cast<char*>(&ph), sizeof ph)) return false;
    if (ph.p_type == PT_INTERP || ph.p_type == PT_DYNAMIC) return false;
  }
  return true;
}

std::string image_bin(const char* name) { return std::string(KVDTYPE_IMAGE_DIR) + "/bin/" + name; }

TEST(ImagePrograms, BothAreStatic) {
  EXPECT_TRUE(is_static_elf(image_bin("kvdtype"))) << image_bin("kvdtype");
  EXPECT_TRUE(is_static_elf(image_bin("kvdtype-serve"))) << image_bin("kvdtype-serve");
  // The ordinary build's CLI is dynamic (glibc): the check above can tell the two apart.
  EXPECT_FALSE(is_static_elf(KVDTYPE_DYNAMIC_CLI));
}

TEST(ImagePrograms, TheCliRunsAndKnowsItsVersion) {
  const Ran v = run({image_bin("kvdtype"), "--version"});
  EXPECT_EQ(v.exit_code, 0) << v.err;
  EXPECT_EQ(v.out, std::string("kvdtype ") + KVDTYPE_VERSION + "\n");
  const Ran c = run({image_bin("kvdtype"), "check", "--gpu", "T4", "--", "vllm", "serve", "Qwen/Qwen2.5-3B-Instruct", "--dtype", "bfloat16"});
  EXPECT_EQ(c.exit_code, 1) << c.out << c.err;
  EXPECT_NE(c.out.find("KVD081"), std::string::npos) << c.out;
}

TEST(ImagePrograms, TheWebhookStartsAndAnswersReviews) {
  // KVDTYPE_CLI is the image's kvdtype: `kvdtype serve` executes the kvdtype-serve beside it.
  Server s;
  ASSERT_TRUE(s.up()) << s.log();
  EXPECT_EQ(curl_get(s, "/healthz").status, 200);
  const Json spec = {{"nodeSelector", {{"nvidia.com/gpu.product", "Tesla-T4"}}},
                     {"containers", Json::array({{{"name", "c"},
                                                  {"image", "vllm/vllm-openai:v0.27.0"},
                                                  {"command", Json::array({"vllm", "serve"})},
                                                  {"args", Json::array({"Qwen/Qwen2.5-3B-Instruct", "--dtype", "bfloat16"})}}})}};
  const Json pod = {{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", {{"name", "p"}, {"namespace", "llm"}}}, {"spec", spec}};
  const Http h = curl_post(s, "/validate", review_body(pod.dump(), "u-image"));
  ASSERT_EQ(h.status, 200) << h.body;
  const Json r = Json::parse(h.body)["response"];
  EXPECT_EQ(r["uid"], "u-image");
  EXPECT_EQ(r["allowed"], false);
  EXPECT_NE(r["status"]["message"].get<std::string>().find("KVD081"), std::string::npos) << h.body;
  EXPECT_EQ(s.stop(), 0) << s.log();
}

}  // namespace
