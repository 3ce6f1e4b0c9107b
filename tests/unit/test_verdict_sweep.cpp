// Checks run as soon as their facts are known, and nothing is passed unchecked: every rule's
// trigger (the arguments that fire it, src/tables/rules.cpp) is run again with the GPU, the
// model dtype and the engine release taken away in turn. Without the GPU or the model dtype the
// rule either still fires, or the result says the fact was missing (verdict "incomplete",
// KVD080) — never a plain "ok" that hides a skipped check; rules whose facts do not include the
// GPU must fire without one. Without the
// release (the newest is assumed) only rules about a release may stop.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "pipeline/deployment_trigger.hpp"
#include "kvdtype/io/check_request.hpp"
#include "kvdtype/io/findings.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/rule.hpp"

namespace kvdtype {
namespace {

// Rules whose trigger facts do not include the GPU: each fires with --gpu taken away. (A rule
// about what a backend accepts needs the GPU: without it no backend is selected. KVD001's trigger
// is kvdtype's own bad flag, exit 2; inside a launch command it fires without a GPU, which
// tests/agreement's corpus shows on every face.)
const std::set<std::string> kFireWithoutGpu = {
    "KVD002", "KVD005", "KVD063", "KVD103", "KVD151", "KVD154", "KVD201", "KVD206", "KVD207", "KVD208",
};
// Rules that are about a release: taking the release away (the newest is assumed) may end them.
const std::set<std::string> kReleaseBound = {"KVD005", "KVD006", "KVD007", "KVD008", "KVD070", "KVD104", "KVD206", "KVD207", "KVD208", "KVD209", "KVD210", "KVD240", "KVD261", "KVD262", "KVD291", "KVD292"};

struct Trigger {
  io::CheckRequest request;
  bool usable = false;
};

Trigger parse(const Rule& r) {
  Trigger t;
  if (r.trigger.empty() || io::is_deployment_trigger(r.trigger) || r.trigger.find("--model-json") != std::string_view::npos)
    return t;
  auto words = io::split_command(r.trigger);
  if (!words.ok()) return t;
  std::vector<std::string> flags = *words, command;
  if (const auto dash = std::find(flags.begin(), flags.end(), "--"); dash != flags.end()) {
    command.assign(dash + 1, flags.end());
    flags.erase(dash, flags.end());
  }
  // request_from_args reads the launch command too; the pipeline must read it itself here, so
  // the flags and the command are handed over apart, as the CLI does.
  auto fields = io::request_from_args(flags);
  if (!fields.ok()) return t;
  t.request.fields = *fields;
  t.request.command = command;
  t.request.allow_empty = true;
  t.usable = true;
  return t;
}

struct Seen {
  bool fired = false;
  Verdict verdict = Verdict::ok;
  bool failed = false;
};

Seen run(const io::CheckRequest& req, std::string_view code) {
  const io::CheckOutcome out = io::run_check(req);
  Seen s;
  if (out.failure) {
    s.failed = true;
    return s;
  }
  const auto found = out.several ? io::findings(*out.several) : io::findings(*out.one);
  s.verdict = io::verdict(found);
  s.fired = std::any_of(found.begin(), found.end(), [&](const io::Finding& f) { return f.code() == code; });
  return s;
}

TEST(VerdictSweep, EveryTriggerFiresAsItStands) {
  int n = 0;
  for (const Rule& r : rules()) {
    Trigger t = parse(r);
    if (!t.usable) continue;
    const Seen s = run(t.request, r.code);
    if (s.failed) continue;  // a trigger that is kvdtype's own bad flag (--kv-cache-dtype fp9): exit 2 by contract
    ++n;
    EXPECT_TRUE(s.fired) << r.code << ": " << r.trigger;
  }
  EXPECT_GT(n, 50);
}

TEST(VerdictSweep, WithoutTheGpuARuleFiresOrTheResultIsIncomplete) {
  std::set<std::string> fired_without;
  for (const Rule& r : rules()) {
    Trigger t = parse(r);
    if (!t.usable || t.request.fields.gpu.empty()) continue;
    if (run(t.request, r.code).failed) continue;  // kvdtype's own bad flag: exit 2 with or without a GPU
    t.request.fields.gpu.clear();
    const Seen s = run(t.request, r.code);
    ASSERT_FALSE(s.failed) << r.code;
    if (s.fired) fired_without.insert(std::string(r.code));
    EXPECT_TRUE(s.fired || s.verdict == Verdict::incomplete || s.verdict == Verdict::error)
        << r.code << " without --gpu: neither fired nor incomplete (verdict " << name(s.verdict) << "): " << r.trigger;
  }
  for (const std::string& code : kFireWithoutGpu)
    EXPECT_TRUE(fired_without.count(code)) << code << " does not need the GPU but did not fire without it";
}

TEST(VerdictSweep, WithoutTheModelDtypeARuleFiresOrTheResultIsIncomplete) {
  int n = 0;
  for (const Rule& r : rules()) {
    Trigger t = parse(r);
    if (!t.usable || t.request.fields.model_dtype.empty() || run(t.request, r.code).failed) continue;
    t.request.fields.model_dtype.clear();
    const Seen s = run(t.request, r.code);
    ASSERT_FALSE(s.failed) << r.code;
    ++n;
    EXPECT_TRUE(s.fired || s.verdict == Verdict::incomplete || s.verdict == Verdict::error)
        << r.code << " without --model-dtype: neither fired nor incomplete (verdict " << name(s.verdict) << "): " << r.trigger;
  }
  EXPECT_GT(n, 20);
}

TEST(VerdictSweep, WithoutTheReleaseOnlyReleaseRulesStop) {
  for (const Rule& r : rules()) {
    Trigger t = parse(r);
    if (!t.usable || t.request.fields.engine_version.empty() || kReleaseBound.count(std::string(r.code))) continue;
    if (run(t.request, r.code).failed) continue;
    t.request.fields.engine_version.clear();
    const Seen s = run(t.request, r.code);
    ASSERT_FALSE(s.failed) << r.code;
    EXPECT_TRUE(s.fired) << r.code << " stopped firing without --engine-version: " << r.trigger;
  }
}

}  // namespace
}  // namespace kvdtype
