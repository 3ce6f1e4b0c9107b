// Shared by the unit tests: build a Report from flag-style arguments and read it back; read a
// launch command.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kvdtype/check.hpp"
#include "kvdtype/io/launch.hpp"
#include "tables/rows/backend.hpp"

namespace kvdtype::test {

using Args = std::initializer_list<std::pair<const char*, const char*>>;

/// DeepSeek-V3 (MLA, 61 layers, 641.3 GiB of weights) under vLLM on eight H200s, with cache `kv`.
inline RequestInput deepseek_v3_h200(std::string kv) {
  RequestInput in;
  in.engine = "vllm";
  in.gpu = "H200";
  in.kv_cache_dtype = std::move(kv);
  in.model_dtype = "bfloat16";
  in.attention = "mla";
  in.num_heads = "128";
  in.num_kv_heads = "1";
  in.kv_lora_rank = "512";
  in.qk_rope_head_dim = "64";
  in.qk_nope_head_dim = "128";
  in.num_layers = "61";
  in.tensor_parallel_size = "8";
  in.weight_gib = "641.3";
  return in;
}

/// check() of the request the arguments describe, for `engine`; a bad argument fails the test.
inline Report run_engine(const char* engine, Args args) {
  RequestInput in;
  in.engine = engine;
  for (const auto& [k, v] : args) EXPECT_TRUE(in.set(k, v)) << k;
  auto req = make_request(in);
  EXPECT_TRUE(req.ok()) << (req.ok() ? "" : req.error().message);
  if (!req.ok()) return {};
  return check(*req);
}

/// The launch command `text` reads as; a command that does not parse fails the test.
inline io::LaunchCommand launch(std::string_view text) {
  auto words = io::split_command(text);
  EXPECT_TRUE(words.ok());
  if (!words.ok()) return {};
  auto r = io::parse_launch_command(*words);
  EXPECT_TRUE(r.ok()) << text << " -> " << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : io::LaunchCommand{};
}

/// Whether a word the launch reader left unread (LaunchCommand::ignored) contains `word`.
inline bool ignored_has(const io::LaunchCommand& c, std::string_view word) {
  for (const std::string& w : c.ignored)
    if (w.find(word) != std::string::npos) return true;
  return false;
}

// The word after `flag` in a command's words ("" when there is none).
inline std::string after(const std::vector<std::string>& w, std::string_view flag) {
  const auto it = std::find(w.begin(), w.end(), flag);
  return it == w.end() || it + 1 == w.end() ? std::string() : *(it + 1);
}

inline std::string backend(const Report& r) { return r.plan.backend ? std::string(r.plan.backend->name) : "none"; }
inline std::string fmt(const std::optional<FormatId>& f) { return f ? std::string(name(*f)) : "unknown"; }

/// The highest severity `code` fired with in `r`, or nothing when it did not fire.
inline std::optional<Severity> severity(const Report& r, std::string_view code) {
  std::optional<Severity> out;
  for (const Diagnostic& d : r.diagnostics)
    if (d.rule->code == code && (!out || d.severity > *out)) out = d.severity;
  return out;
}

}  // namespace kvdtype::test
