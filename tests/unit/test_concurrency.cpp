// Many threads × many checks on the shared tables give exactly the single-threaded answers
// (run under ThreadSanitizer by scripts/test.sh), and the same input always renders to the
// same bytes.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "kvdtype/check.hpp"
#include "kvdtype/guard.hpp"
#include "kvdtype/io/render.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace {

using namespace kvdtype;

// A spread of requests over engines, targets, strings and attention kinds.
std::vector<Request> requests() {
  std::vector<Request> out;
  for (const EngineInfo& e : engines()) {
    if (!e.has_tables) continue;
    for (const Target& t : targets())
      for (const CacheDtype& c : cache_dtypes(e.id))
        for (Attention a : {Attention::gqa, Attention::mla, Attention::sparse_mla}) {
          Request r;
          r.engine = e.id;
          r.target = &t;
          r.kv_cache_dtype = &c;
          r.model_dtype = FormatId::bfloat16;
          r.attention = a;
          r.geometry.head_size = a == Attention::gqa ? 128 : 576;
          r.geometry.num_kv_heads = 8;
          r.geometry.num_layers = 32;
          r.q_dtype = FormatId::bfloat16;
          r.kv_dtype = FormatId::uint8;
          out.push_back(r);
        }
  }
  return out;
}

std::string answer(const Request& r) {
  const Report rep = check(r);
  std::string s = io::render_report(rep, io::OutputFormat::json);
  const Guard g(rep.plan);
  for (unsigned f = 0; f < kFormatCount; ++f) s += g.ok(Role::kv_data_type, static_cast<FormatId>(f)) ? '1' : '0';
  return s;
}

TEST(Concurrency, ManyThreadsGiveTheSingleThreadedAnswers) {
  const std::vector<Request> reqs = requests();
  ASSERT_GT(reqs.size(), 500u);
  std::vector<std::string> expected;
  expected.reserve(reqs.size());
  for (const Request& r : reqs) expected.push_back(answer(r));

  constexpr int kThreads = 8;
  std::vector<std::size_t> mismatches(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      // Each thread walks the requests from a different start so they collide on rows.
      for (std::size_t k = 0; k < reqs.size(); ++k) {
        const std::size_t i = (k * 7 + static_cast<std::size_t>(t) * 131) % reqs.size();
        if (answer(reqs[i]) != expected[i]) ++mismatches[static_cast<std::size_t>(t)];
      }
    });
  }
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(mismatches[static_cast<std::size_t>(t)], 0u) << "thread " << t;
}

TEST(Concurrency, SameInputGivesByteIdenticalOutputInEveryFormat) {
  const std::vector<Request> reqs = requests();
  for (std::size_t i = 0; i < reqs.size(); i += 17) {
    const Report a = check(reqs[i]);
    const Report b = check(reqs[i]);
    for (io::OutputFormat f : {io::OutputFormat::text, io::OutputFormat::json, io::OutputFormat::markdown})
      EXPECT_EQ(io::render_report(a, f), io::render_report(b, f));
  }
}

}  // namespace
