// The static reader of Ray Serve Python applications (src/sources/k8s/ray_python_app.cpp): what
// it reads, and that anything computed in Python leaves the application unread, never defaulted.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "sources/k8s/ray_python_app.hpp"

using kvdtype::io::manifest::EnvValue;
using kvdtype::io::manifest::read_python_app;

namespace {

kvdtype::io::manifest::EnvLookup env_of(std::map<std::string, std::string> set, std::string secret = {}) {
  return [set = std::move(set), secret = std::move(secret)](const std::string& name) {
    if (name == secret) return EnvValue{true, std::nullopt};
    const auto it = set.find(name);
    return it == set.end() ? EnvValue{} : EnvValue{true, it->second};
  };
}

constexpr const char* kBound = R"py(
import os
class D:
    def __init__(self, model: str, tp: int, kv):
        args = AsyncEngineArgs(
            model=model,  # the served model, (a comment with a paren
            tensor_parallel_size=tp,
            kv_cache_dtype=kv,
            enforce_eager=True,
            enable_chunked_prefill=False,
            dtype="bfloat16",
        )
deployment = D.bind(
    model=os.environ.get('MODEL_ID', "org/default"),
    tp=int(os.getenv("TP", "1")),
    kv=os.environ["KV_DTYPE"],
)
)py";

}  // namespace

TEST(RayPythonApp, KeywordsOfAsyncEngineArgsThroughBindAndTheEnvironment) {
  const auto a = read_python_app(kBound, "deployment", env_of({{"MODEL_ID", "org/m"}, {"KV_DTYPE", "fp8"}}));
  ASSERT_EQ(a.unread, "");
  EXPECT_EQ(a.model, "org/m");
  const std::vector<std::string> want = {"--tensor-parallel-size", "1", "--kv-cache-dtype", "fp8", "--enforce-eager",
                                         "--no-enable-chunked-prefill", "--dtype", "bfloat16"};
  EXPECT_EQ(a.flags, want);
  // The default of an unset variable is taken from the source, and said so.
  bool noted = false;
  for (const auto& n : a.notes) noted = noted || n.find("TP is not set in the manifest") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST(RayPythonApp, AnUnsetVariableWithoutDefaultIsNotGuessed) {
  const auto a = read_python_app(kBound, "deployment", env_of({}));
  EXPECT_NE(a.unread.find("KV_DTYPE"), std::string::npos) << a.unread;
}

TEST(RayPythonApp, AVariableFromASecretIsNotGuessed) {
  const auto a = read_python_app(kBound, "deployment", env_of({{"KV_DTYPE", "fp8"}}, "MODEL_ID"));
  EXPECT_NE(a.unread.find("valueFrom"), std::string::npos) << a.unread;
}

TEST(RayPythonApp, AValueComputedInPythonLeavesTheAppUnread) {
  const auto a = read_python_app("x = AsyncEngineArgs(model='m', kv_cache_dtype=pick())\napp = D.bind()\n", "app", env_of({}));
  EXPECT_NE(a.unread.find("kv_cache_dtype"), std::string::npos) << a.unread;
  EXPECT_NE(a.unread.find("pick()"), std::string::npos) << a.unread;
}

TEST(RayPythonApp, ADictOfCliFlagsForVllmsOwnParser) {
  const char* src = R"py(
def build_app(cli_args):
    engine_args = AsyncEngineArgs.from_cli_args(parse(cli_args))
    return D.bind(engine_args)

model = build_app(
    {"model": os.environ['MODEL_ID'], "kv-cache-dtype": "fp8_e5m2", "tensor-parallel-size": os.environ['TP']})
)py";
  const auto a = read_python_app(src, "model", env_of({{"MODEL_ID", "org/m"}, {"TP", "2"}}));
  ASSERT_EQ(a.unread, "");
  EXPECT_EQ(a.model, "org/m");
  const std::vector<std::string> want = {"--kv-cache-dtype", "fp8_e5m2", "--tensor-parallel-size", "2"};
  EXPECT_EQ(a.flags, want);
}

TEST(RayPythonApp, WhatItCannotFindIsNamed) {
  EXPECT_NE(read_python_app("other = D.bind()\n", "app", env_of({})).unread.find("assigns no `app"), std::string::npos);
  EXPECT_NE(read_python_app("a = AsyncEngineArgs(model='m')\nb = AsyncEngineArgs(model='n')\napp = D.bind()\n", "app", env_of({}))
                .unread.find("2 times"),
            std::string::npos);
  EXPECT_NE(read_python_app("app = D.bind()\n", "app", env_of({})).unread.find("neither"), std::string::npos);
  // A name mentioned only in a string or a comment is not a call.
  const auto a = read_python_app("# AsyncEngineArgs(model='x')\ns = \"AsyncEngineArgs(model='y')\"\napp = D.bind()\n", "app", env_of({}));
  EXPECT_NE(a.unread.find("neither"), std::string::npos) << a.unread;
}
