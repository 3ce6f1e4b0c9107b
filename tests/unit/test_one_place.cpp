// One place per fact: the one file reader for every input (GGUF's streaming walk included), the
// one request-field table RequestInput itself reads, and the one GiB formatter.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/text.hpp"
#include "sources/files/read_file.hpp"
#include "kvdtype/io/model_config.hpp"
#include "kvdtype/request.hpp"
#include "core/request_fields.hpp"

namespace {

namespace fs = std::filesystem;
using kvdtype::io::detail::RegularFile;

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("kvdtype-one-place-" + std::to_string(::getpid()));
  TempDir() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

TEST(RegularFile, ReadsAndSkipsAcrossItsBuffer) {
  TempDir d;
  std::string bytes(200000, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i % 251);
  std::ofstream(d.path / "f", std::ios::binary) << bytes;
  auto opened = RegularFile::open(d.path / "f", "a test file");
  ASSERT_TRUE(opened.ok()) << opened.error().message;
  RegularFile f = std::move(opened).value();
  EXPECT_EQ(f.size(), bytes.size());
  std::string got(10, '\0');
  ASSERT_TRUE(f.read(got.data(), got.size()));
  EXPECT_EQ(got, bytes.substr(0, 10));
  ASSERT_TRUE(f.skip(100));  // inside the buffer
  ASSERT_TRUE(f.read(got.data(), got.size()));
  EXPECT_EQ(got, bytes.substr(110, 10));
  ASSERT_TRUE(f.skip(100000));  // past the buffer: a seek
  ASSERT_TRUE(f.read(got.data(), got.size()));
  EXPECT_EQ(got, bytes.substr(100120, 10));
  std::string across(70000, '\0');  // longer than one buffer fill
  ASSERT_TRUE(f.read(across.data(), across.size()));
  EXPECT_EQ(across, bytes.substr(100130, 70000));
  std::string rest(bytes.size() - 170130 + 1, '\0');
  EXPECT_FALSE(f.read(rest.data(), rest.size()));  // one byte more than is left
}

TEST(RegularFile, RefusesWhatReadRegularFileRefuses) {
  TempDir d;
  ASSERT_EQ(::mkfifo((d.path / "p").c_str(), 0600), 0);
  auto fifo = RegularFile::open(d.path / "p", "a test file");  // would block in open() without O_NONBLOCK
  ASSERT_FALSE(fifo.ok());
  EXPECT_NE(fifo.error().message.find("FIFO"), std::string::npos) << fifo.error().message;
  EXPECT_NE(RegularFile::open("/dev/zero", "x").error().message.find("character device"), std::string::npos);
  EXPECT_NE(RegularFile::open("/proc/self/status", "x").error().message.find("pseudo-file"), std::string::npos);
  EXPECT_NE(RegularFile::open(d.path / "none", "x").error().message.find("no such file"), std::string::npos);
}

// A FIFO named as a GGUF file blocked for ever in std::ifstream's open; it goes through the one
// reader now and is refused at once, by name.
TEST(Gguf, AFifoIsRefusedNotWaitedOn) {
  TempDir d;
  const fs::path fifo = d.path / "model.gguf";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto r = kvdtype::io::read_gguf_config(fifo);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("FIFO"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("model.gguf"), std::string::npos) << r.error().message;
  auto missing = kvdtype::io::read_gguf_config(d.path / "none.gguf");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("no such file"), std::string::npos) << missing.error().message;
}

TEST(ReadInputFile, FileByTheOneReaderWithItsBound) {
  TempDir d;
  using kvdtype::io::detail::read_input_file;
  std::ofstream(d.path / "m.yaml") << "kind: Pod\n";
  auto ok = read_input_file((d.path / "m.yaml").string(), 64, "a manifest");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(*ok, "kind: Pod\n");
  auto big = read_input_file((d.path / "m.yaml").string(), 4, "a manifest");
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().message.find("larger than 4 bytes; not a manifest"), std::string::npos) << big.error().message;
  ASSERT_EQ(::mkfifo((d.path / "p").c_str(), 0600), 0);
  auto fifo = read_input_file((d.path / "p").string(), 64, "a manifest");
  ASSERT_FALSE(fifo.ok());
  EXPECT_NE(fifo.error().message.find("FIFO"), std::string::npos);
}

// RequestInput::set/get/overlay read the one field table: every row names its own member.
TEST(RequestFields, EveryRowOwnsOneDistinctMember) {
  const auto rows = kvdtype::fields::all();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    kvdtype::RequestInput in;
    ASSERT_TRUE(in.set(rows[i].name, "v" + std::to_string(i))) << rows[i].name;
    EXPECT_EQ(in.*(rows[i].member), "v" + std::to_string(i)) << rows[i].name;
    const std::string* got = in.get(rows[i].name);
    ASSERT_NE(got, nullptr) << rows[i].name;
    EXPECT_EQ(got, &(in.*(rows[i].member))) << rows[i].name;
    for (std::size_t j = 0; j < rows.size(); ++j) {
      if (j == i) continue;
      EXPECT_TRUE((in.*(rows[j].member)).empty()) << rows[i].name << " also set " << rows[j].name;
    }
  }
  kvdtype::RequestInput base, over;
  over.set("kv_cache_dtype", "fp8");
  base.set("gpu", "H100");
  base.overlay(over);
  EXPECT_EQ(base.kv_cache_dtype, "fp8");
  EXPECT_EQ(base.gpu, "H100");
}

TEST(RequestFields, EngineAliasesAreNotFieldNames) {
  kvdtype::RequestInput in;
  EXPECT_FALSE(in.set("--dtype", "bfloat16"));  // the CLI's alias, not a RequestInput field
  EXPECT_FALSE(in.set("-tp", "2"));
  EXPECT_EQ(in.get("--context-length"), nullptr);
  EXPECT_TRUE(in.set("--model-dtype", "bfloat16"));
  EXPECT_EQ(in.model_dtype, "bfloat16");
}

TEST(RequestFields, NumericRowsCarryTheBoundsMakeRequestApplies) {
  for (const kvdtype::fields::RequestField& f : kvdtype::fields::all()) {
    const bool numeric = f.kind == kvdtype::fields::Kind::integer || f.kind == kvdtype::fields::Kind::number;
    if (numeric) {
      EXPECT_LT(f.lo, f.hi) << f.name;
    } else {
      EXPECT_EQ(f.lo, f.hi) << f.name;
    }
  }
  kvdtype::RequestInput in;
  in.num_layers = "100001";
  auto r = kvdtype::make_request(in);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "--num-layers '100001': out of range (expected 1..100000)");
  in.num_layers = "";
  in.gpu_memory_utilization = "1.5";
  r = kvdtype::make_request(in);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "--gpu-memory-utilization '1.5': out of range (expected 0.001000..1.000000)");
  in.gpu_memory_utilization = "";
  in.qk_rope_head_dim = "0";
  in.max_model_len = "1099511627776";
  EXPECT_TRUE(kvdtype::make_request(in).ok());
  in.max_model_len = "1099511627777";
  r = kvdtype::make_request(in);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "--max-model-len '1099511627777': out of range (expected 1..1099511627776)");
}

TEST(Gib, OneFormatterForFieldsAndMessages) {
  EXPECT_EQ(kvdtype::detail::gib(1.5, 3), "1.500");
  EXPECT_EQ(kvdtype::detail::gib(12.346, 2), "12.35");
  EXPECT_EQ(kvdtype::detail::gib(0, 2), "0.00");
}

}  // namespace
