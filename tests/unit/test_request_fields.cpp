// The request-field table (src/core/request_fields.hpp) that the CLI's flags, the Python keywords and
// stub, the completion and the docs are generated from.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "kvdtype/request.hpp"
#include "core/request_fields.hpp"

namespace {

namespace fields = kvdtype::fields;

TEST(RequestFields, OneRowPerRequestInputFieldInItsOrder) {
  const auto names = kvdtype::RequestInput::fields();
  const auto rows = fields::all();
  ASSERT_EQ(rows.size(), names.size());
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i].name, names[i]);
  for (const fields::RequestField& f : rows) {
    EXPECT_FALSE(f.help.empty()) << f.name;
    EXPECT_FALSE(f.placeholder.empty()) << f.name;
    kvdtype::RequestInput in;
    EXPECT_TRUE(in.set(f.name, "1")) << f.name;
  }
}

TEST(RequestFields, EverySpellingFindsItsRow) {
  EXPECT_EQ(fields::find("kv_cache_dtype")->name, "kv_cache_dtype");
  EXPECT_EQ(fields::find("kv-cache-dtype")->name, "kv_cache_dtype");
  EXPECT_EQ(fields::find("--kv-cache-dtype")->name, "kv_cache_dtype");
  EXPECT_EQ(fields::find("-tp")->name, "tensor_parallel_size");
  EXPECT_EQ(fields::find("--tp-size")->name, "tensor_parallel_size");
  EXPECT_EQ(fields::find("--dp")->name, "data_parallel_size");
  EXPECT_EQ(fields::find("--dtype")->name, "model_dtype");
  EXPECT_EQ(fields::find("--attention-backend")->name, "backend");
  EXPECT_EQ(fields::find("--page-size")->name, "block_size");
  EXPECT_EQ(fields::find("--context-length")->name, "max_model_len");
  EXPECT_EQ(fields::find("--mem-fraction-static")->name, "gpu_memory_utilization");
  EXPECT_EQ(fields::find("--gpuu"), nullptr);
  EXPECT_EQ(fields::find("dtype"), nullptr) << "an alias is a flag spelling, not a field name";
}

TEST(RequestFields, AliasesAreUniqueAndNeverAnotherFieldsName) {
  std::set<std::string> seen;
  for (const fields::RequestField& f : fields::all()) seen.insert(fields::flag(f.name));
  for (const fields::RequestField& f : fields::all()) {
    std::string_view a = f.aliases;
    while (!a.empty()) {
      const std::size_t sp = a.find(' ');
      const std::string w(a.substr(0, sp));
      EXPECT_EQ(w[0], '-') << w;
      EXPECT_TRUE(seen.insert(w).second) << w << " names two fields";
      if (sp == std::string_view::npos) break;
      a.remove_prefix(sp + 1);
    }
  }
}

TEST(RequestFields, GroupsAndPythonTypes) {
  EXPECT_EQ(fields::title(fields::Group::engine), "Engine");
  EXPECT_EQ(fields::title(fields::Group::model), "Model geometry");
  EXPECT_EQ(fields::find("gpu")->group, fields::Group::hardware);
  EXPECT_EQ(fields::find("q_dtype")->group, fields::Group::dtypes);
  EXPECT_EQ(fields::find("max_model_len")->group, fields::Group::capacity);
  EXPECT_EQ(fields::python_type(fields::find("num_heads")->kind), "Union[int, str, None]");
  EXPECT_EQ(fields::python_type(fields::find("gpu")->kind), "Optional[str]");
}

TEST(RequestFields, MessagesWithoutFlagNames) {
  EXPECT_EQ(fields::without_flag_names("--gpu: unknown GPU 'H1000'"), "gpu: unknown GPU 'H1000'");
  EXPECT_EQ(fields::without_flag_names("--kv-cache-dtype 'fp9': no such dtype"), "kv_cache_dtype 'fp9': no such dtype");
  EXPECT_EQ(fields::without_flag_names("speculative drafter: --model-dtype: x"), "speculative drafter: model_dtype: x");
  // Not a request field, or inside a word: left alone.
  EXPECT_EQ(fields::without_flag_names("use --trust-remote-code"), "use --trust-remote-code");
  EXPECT_EQ(fields::without_flag_names("a--gpu b"), "a--gpu b");
  EXPECT_EQ(fields::without_flag_names("--gpu-memory-gib x"), "gpu_memory_gib x");
  EXPECT_EQ(fields::without_flag_names(""), "");
}

}  // namespace
