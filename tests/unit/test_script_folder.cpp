// The script-folder idioms (sources/shell/script_dir.cpp): `$(dirname "$0")`,
// `$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)` and their kin name the script's own folder, so
// that the helpers a script sources from there are read; nothing else is, and nothing is run.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "../cli/temp_dir.hpp"
#include "kvdtype/io/script.hpp"
#include "report_helpers.hpp"

using kvdtype::test::after;

using namespace kvdtype;
using namespace kvdtype::io;

namespace {


bool any_note(const ScriptCommand& c, const std::string& part) {
  return std::any_of(c.notes.begin(), c.notes.end(), [&](const std::string& n) { return n.find(part) != std::string::npos; });
}

// helpers.sh beside the script defines the function that starts the server.
constexpr const char* kHelpers = "KV=fp8_e5m2\nstart_server() {\n  vllm serve \"$1\" --kv-cache-dtype \"$KV\"\n}\n";

// The script `text` in `sub/` of a fresh folder holding `sub/helpers.sh`: its one command.
ScriptCommand read_in_sub(test::TempDir& dir, const std::string& text) {
  std::filesystem::create_directories(dir.dir() / "sub");
  dir.write("sub/helpers.sh", kHelpers);
  const std::string script = dir.write("sub/run.sh", text);
  auto r = serving_commands(text, {}, script_options(script));
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  if (!r.ok() || r->size() != 1) {
    ADD_FAILURE() << "expected one command";
    return {};
  }
  return (*r)[0];
}

}  // namespace

class ScriptFolderIdiom : public testing::TestWithParam<const char*> {};

TEST_P(ScriptFolderIdiom, NamesTheScriptsFolder) {
  test::TempDir dir("script-folder");
  const ScriptCommand c = read_in_sub(dir, std::string("D=") + GetParam() + "\n. \"${D}/helpers.sh\"\nstart_server org/m\n");
  EXPECT_EQ(after(c.words, "serve"), "org/m");
  EXPECT_EQ(after(c.words, "--kv-cache-dtype"), "fp8_e5m2");  // set by the sourced file, which defines start_server
  EXPECT_FALSE(any_note(c, "helpers.sh"));                     // no "not read" note
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, ScriptFolderIdiom,
    testing::Values("$(dirname \"$0\")", "$(dirname $0)", "\"$(dirname \"${BASH_SOURCE[0]}\")\"", "$(dirname -- \"$BASH_SOURCE\")",
                    "$(cd \"$(dirname \"$0\")\" && pwd)", "$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\"; pwd -P)",
                    "$( cd -- \"$( dirname -- \"${BASH_SOURCE[0]}\" )\" &> /dev/null && pwd )",
                    "$(cd \"$(dirname \"$0\")\" >/dev/null 2>&1 && pwd)", "$(dirname \"$(readlink -f \"$0\")\")",
                    "$(dirname \"$(realpath \"${BASH_SOURCE[0]}\")\")", "$(realpath \"$(dirname \"$0\")\")",
                    "${D:-$(cd \"$(dirname \"$0\")\" && pwd)}",
                    "`dirname $0`"));  // backquotes are the same substitution

// Mooncake's shape: the folder above the script's, then back down into it by name.
TEST(ScriptFolder, UpAndBackDownIntoTheScriptsFolder) {
  test::TempDir dir("script-folder-up");
  for (const char* base : {"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && cd .. && pwd)", "$(cd \"$(dirname \"$0\")/..\" && pwd)",
                           "$(cd \"$(dirname \"$0\")\"/.. && pwd)"}) {
    const ScriptCommand c = read_in_sub(dir, std::string("BASE_DIR=${BASE_DIR:-") + base + "}\n. ${BASE_DIR}/sub/helpers.sh\nstart_server org/m\n");
    EXPECT_EQ(after(c.words, "--kv-cache-dtype"), "fp8_e5m2") << base;
  }
}

// The folder above the script's is named, but nothing there is read: only what comes back inside.
TEST(ScriptFolder, NothingAboveTheScriptsFolderIsRead) {
  test::TempDir dir("script-folder-above");
  dir.write("secret.sh", "KV=leaked\n");
  const ScriptCommand c =
      read_in_sub(dir, "D=$(cd \"$(dirname \"$0\")/..\" && pwd)\n. \"$D/secret.sh\"\n. \"$D/sub/../secret.sh\"\nvllm serve m --kv-cache-dtype $KV\n");
  EXPECT_EQ(after(c.words, "--kv-cache-dtype"), "$KV");
  EXPECT_TRUE(any_note(c, "secret.sh: not beside the script or not readable"));
}

// Other substitutions are not the script's folder: they stay as written and the file is said unread.
TEST(ScriptFolder, OtherShapesStayUnknown) {
  test::TempDir dir("script-folder-other");
  for (const char* other : {"$(cd /opt && pwd)", "$(dirname \"$1\")", "$(dirname \"$(which vllm)\")",
                            "$(cd \"$(dirname \"$0\")\" && git rev-parse --show-toplevel)", "$(dirname \"$0\" | sed s/x/y/)",
                            "$(cd \"$(dirname \"$0\")\" && cd /etc && pwd)", "$(dirname \"$0\")/../x", "$(readlink \"$0\")"}) {
    const ScriptCommand c = read_in_sub(dir, std::string("D=") + other + "\n. \"$D/helpers.sh\"\nvllm serve m --kv-cache-dtype $KV\n");
    EXPECT_EQ(after(c.words, "--kv-cache-dtype"), "$KV") << other;
    EXPECT_TRUE(any_note(c, "helpers.sh: not beside the script or not readable")) << other;
  }
}

// A script with no folder (a string, stdin): the idiom names nothing, and the source is said unread.
TEST(ScriptFolder, AScriptWithoutAFolderKnowsNone) {
  auto r = serving_commands("D=$(dirname \"$0\")\n. \"$D/helpers.sh\"\nvllm serve m --kv-cache-dtype $KV\n", {}, {});
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ(after((*r)[0].words, "--kv-cache-dtype"), "$KV");
  EXPECT_TRUE(any_note((*r)[0], "helpers.sh: not read here"));
}

// A helper the idiom points at that is not there is said, never passed over.
TEST(ScriptFolder, AMissingHelperIsSaid) {
  test::TempDir dir("script-folder-missing");
  const ScriptCommand c = read_in_sub(dir, "D=$(dirname \"$0\")\nsource \"$D/absent.sh\"\nvllm serve m --kv-cache-dtype fp8\n");
  EXPECT_TRUE(any_note(c, "absent.sh: not beside the script or not readable"));
}

// `docker exec [OPTIONS] CONTAINER CMD`: CMD is read, with the exec's -e in front and a note on
// the container; an option outside Docker's exec reference reads nothing.
TEST(ScriptFolder, DockerExecRunsItsCommand) {
  auto r = serving_commands("C=\"docker exec -e HF_HUB_OFFLINE=1 -w /w ctr bash -c\"\n${C} \"vllm serve m --kv-cache-dtype fp8 > /log 2>&1 &\"\n"
                            "docker exec --bogus ctr vllm serve other\n",
                            {}, {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->size(), 1u);
  const ScriptCommand& c = (*r)[0];
  // The exec's -e comes in front of the command it runs (after the script's own variables).
  const auto env = std::find(c.words.begin(), c.words.end(), "HF_HUB_OFFLINE=1");
  ASSERT_NE(env, c.words.end());
  ASSERT_LT(env + 1, c.words.end());
  EXPECT_EQ(*(env + 1), "bash");
  EXPECT_TRUE(any_note(c, "docker exec in container ctr"));
}

// An eval'd string that does not split (built around a substitution left as written) is said
// unread; the rest of the script is still read.
TEST(ScriptFolder, AnEvalThatDoesNotSplitIsSaidAndTheRestRead) {
  auto r = serving_commands("eval 'echo $(oops'\nvllm serve m --kv-cache-dtype fp8\n", {}, {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->size(), 1u);
  EXPECT_TRUE(any_note((*r)[0], "eval of a string not read"));
}
