// The runtime guard: the founding bugs are refused exactly, the legitimate dtypes pass, the
// expected cache widths hold, and — over many plans from check() — every role × every format
// agrees with a slow reference predicate written here from the guard's documented semantics.
#include <gtest/gtest.h>

#include <initializer_list>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "kvdtype/check.hpp"
#include "kvdtype/guard.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace {

using namespace kvdtype;
using Args = std::initializer_list<std::pair<const char*, const char*>>;

Report run(Args args) {
  RequestInput in;
  for (const auto& [k, v] : args) EXPECT_TRUE(in.set(k, v)) << k;
  auto req = make_request(in);
  EXPECT_TRUE(req.ok()) << (req.ok() ? "" : req.error().message);
  if (!req.ok()) return {};
  return check(*req);
}

FormatId fmt(std::string_view n) {
  auto f = parse_format(n);
  EXPECT_TRUE(f.ok()) << n;
  return f.ok() ? *f : FormatId::count_;
}

std::string refusal(const Guard& g, Role role, std::string_view dtype) {
  const auto f = g.check(role, fmt(dtype));
  if (!f) return "ok";
  return f->rule ? std::string(f->rule->code) : std::string("refused without a rule");
}

const Args kSeed1 = {{"engine", "vllm"}, {"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"},
                     {"kv-cache-dtype", "fp8"}, {"backend", "FLASHINFER_MLA_SPARSE_SM90"}};
const Args kSeed3 = {{"engine", "vllm"}, {"gpu", "MI300X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"},
                     {"kv-cache-dtype", "fp8"}, {"backend", "ROCM_AITER_MLA"}};

// ---- the founding bugs ---------------------------------------------------------------------

TEST(Guard, FoundingUint8DeclaredToFlashInferMlaIsKvd020) {
  const Guard g(run(kSeed1).plan);
  EXPECT_EQ(refusal(g, Role::kv_data_type, "uint8"), "KVD020");
  EXPECT_EQ(refusal(g, Role::kv_data_type, "float8_e4m3fn"), "ok");
  // vLLM's uint8 allocation of the fp8 cache is legitimate storage.
  EXPECT_EQ(refusal(g, Role::k_cache, "uint8"), "ok");
  EXPECT_EQ(refusal(g, Role::v_cache, "uint8"), "ok");
  EXPECT_EQ(refusal(g, Role::k_cache, "float8_e4m3fn"), "ok");
  EXPECT_EQ(refusal(g, Role::q, "bfloat16"), "ok");
  const auto f = g.check(Role::kv_data_type, FormatId::uint8);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->role, Role::kv_data_type);
  EXPECT_EQ(f->got, FormatId::uint8);
  EXPECT_EQ(f->want, FormatId::float8_e4m3fn);
}

TEST(Guard, FoundingUint8DeclaredToDenseMlaIsRefused) {
  const Guard g(run({{"gpu", "H200"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"kv-cache-dtype", "fp8"},
                     {"backend", "FLASHMLA"}})
                    .plan);
  EXPECT_EQ(refusal(g, Role::kv_data_type, "uint8"), "KVD020");
  EXPECT_EQ(refusal(g, Role::kv_data_type, "float8_e4m3fn"), "ok");
  EXPECT_EQ(refusal(g, Role::k_cache, "uint8"), "ok");
}

TEST(Guard, FoundingBf16QueryOnAiterMlaFp8IsKvd030) {
  const Guard g(run(kSeed3).plan);
  EXPECT_EQ(refusal(g, Role::q, "bfloat16"), "KVD030");
  EXPECT_EQ(refusal(g, Role::q, "float16"), "KVD030");
  EXPECT_EQ(refusal(g, Role::q, "float8_e4m3fnuz"), "ok");
  // An fp8 Q of the other encoding: same bits, different numbers.
  EXPECT_EQ(refusal(g, Role::q, "float8_e4m3fn"), "KVD032");
}

TEST(Guard, FoundingOcpFp8OnFnuzPlanIsKvd022) {
  const Guard g(run(kSeed3).plan);
  EXPECT_EQ(refusal(g, Role::k_cache, "float8_e4m3fn"), "KVD022");
  EXPECT_EQ(refusal(g, Role::v_cache, "float8_e4m3fn"), "KVD022");
  EXPECT_EQ(refusal(g, Role::k_cache, "float8_e4m3fnuz"), "ok");
  EXPECT_EQ(refusal(g, Role::k_cache, "uint8"), "ok");
  EXPECT_EQ(refusal(g, Role::kv_data_type, "float8_e4m3fnuz"), "ok");
  EXPECT_NE(refusal(g, Role::kv_data_type, "float8_e4m3fn"), "ok");
}

TEST(Guard, Mi355xIsOcp) {
  const Guard g(run({{"gpu", "MI355X"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"kv-cache-dtype", "fp8"},
                     {"backend", "ROCM_AITER_MLA"}})
                    .plan);
  EXPECT_EQ(refusal(g, Role::q, "float8_e4m3fn"), "ok");
  EXPECT_EQ(refusal(g, Role::q, "bfloat16"), "KVD030");
  EXPECT_EQ(refusal(g, Role::k_cache, "float8_e4m3fnuz"), "KVD022");
}

TEST(Guard, UnquantizedMhaAcceptsTheModelDtypeOnly) {
  const Guard g(run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                     {"num-kv-heads", "8"}})
                    .plan);
  EXPECT_EQ(refusal(g, Role::q, "bfloat16"), "ok");
  EXPECT_EQ(refusal(g, Role::q, "float16"), "KVD031");
  EXPECT_EQ(refusal(g, Role::k_cache, "bfloat16"), "ok");
  EXPECT_EQ(refusal(g, Role::k_cache, "float16"), "KVD022");
  // A byte view of a 16-bit cache is not the element type.
  EXPECT_EQ(refusal(g, Role::k_cache, "uint8"), "KVD022");
  EXPECT_EQ(refusal(g, Role::kv_data_type, "bfloat16"), "ok");
  EXPECT_EQ(refusal(g, Role::kv_data_type, "uint8"), "KVD020");
}

TEST(Guard, DefaultAndUnresolvedPlansAcceptEverything) {
  const Guard empty{};
  const Guard from_empty_plan{Plan{}};
  for (const Format& f : formats())
    for (std::size_t r = 0; r < kRoleCount; ++r) {
      EXPECT_TRUE(empty.ok(static_cast<Role>(r), f.id));
      EXPECT_TRUE(from_empty_plan.ok(static_cast<Role>(r), f.id));
      EXPECT_FALSE(from_empty_plan.check(static_cast<Role>(r), f.id));
    }
}

TEST(Guard, RoleNames) {
  for (std::size_t r = 0; r < kRoleCount; ++r) {
    auto parsed = parse_role(name(static_cast<Role>(r)));
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(*parsed, static_cast<Role>(r));
  }
  EXPECT_EQ(*parse_role("k"), Role::k_cache);
  EXPECT_EQ(*parse_role("v"), Role::v_cache);
  EXPECT_EQ(*parse_role("kv_dtype"), Role::kv_data_type);
  EXPECT_EQ(*parse_role("KV_DATA_TYPE"), Role::kv_data_type);
  const auto bad = parse_role("kv_cache");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, ErrorCode::unknown_name);
}

// ---- expected_last_dim ---------------------------------------------------------------------------

TEST(Guard, ExpectedLastDimMhaBf16) {
  const Guard g(run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"head-size", "128"},
                     {"num-kv-heads", "8"}})
                    .plan);
  EXPECT_EQ(g.expected_last_dim(Role::k_cache, FormatId::bfloat16, 128), 128u);
  EXPECT_EQ(g.expected_last_dim(Role::v_cache, FormatId::bfloat16, 128), 128u);
  EXPECT_EQ(g.expected_last_dim(Role::k_cache, FormatId::uint8, 128), 256u);  // a byte view
  EXPECT_EQ(g.expected_last_dim(Role::k_cache, FormatId::float32, 128), 64u);
  EXPECT_EQ(g.expected_last_dim(Role::k_cache, FormatId::bfloat16, 0), std::nullopt);  // unknown head size
  EXPECT_EQ(g.expected_last_dim(Role::q, FormatId::bfloat16, 128), std::nullopt);
  EXPECT_EQ(g.expected_last_dim(Role::kv_data_type, FormatId::bfloat16, 128), std::nullopt);
}

TEST(Guard, ExpectedLastDimFp8StoredAsUint8) {
  const Guard g(run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "mla"}, {"kv-cache-dtype", "fp8"},
                     {"backend", "FLASHMLA"}, {"head-size", "576"}})
                    .plan);
  EXPECT_EQ(g.expected_last_dim(Role::k_cache, FormatId::uint8, 576), 576u);
  EXPECT_EQ(g.expected_last_dim(Role::k_cache, FormatId::float8_e4m3fn, 576), 576u);
  EXPECT_EQ(g.expected_last_dim(Role::k_cache, FormatId::bfloat16, 576), 288u);
}

TEST(Guard, ExpectedLastDimFp8DsMlaIs656) {
  const Report r = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "sparse-mla"},
                        {"kv-cache-dtype", "fp8_ds_mla"}, {"head-size", "576"}});
  const Guard g(r.plan);
  // 512 fp8 NoPE values + 4 fp32 tile scales + 64 bf16 RoPE values.
  EXPECT_EQ(g.expected_last_dim(Role::k_cache, FormatId::uint8, 576), 512u + 4 * 4 + 64 * 2);
  EXPECT_EQ(g.expected_last_dim(Role::k_cache, FormatId::bfloat16, 576), std::nullopt);
  EXPECT_EQ(r.plan.bytes_per_token_per_layer, 656u);
  // The record may be declared as raw bytes to the kernel where the backend says so; the cache
  // tensor itself is uint8 either way.
  EXPECT_TRUE(g.ok(Role::k_cache, FormatId::uint8));
}

TEST(Guard, ExpectedLastDimTurboQuantSlots) {
  // One slot per KV head: K (fp8 bytes, or packed bits + a 2-byte fp16 norm) then V (packed
  // bits + 2-byte fp16 scale + 2-byte fp16 zero), rounded up to an even byte count.
  struct Case {
    const char* kv;
    std::uint32_t slot;  // for head size 128, worked by hand
  };
  for (const Case c : {Case{"turboquant_k8v4", 128 + (64 + 4)}, Case{"turboquant_4bit_nc", (64 + 2) + (64 + 4)},
                       Case{"turboquant_k3v4_nc", (48 + 2) + (64 + 4)}, Case{"turboquant_3bit_nc", (48 + 2) + (48 + 4)}}) {
    SCOPED_TRACE(c.kv);
    const Report r = run({{"gpu", "H100"}, {"model-dtype", "bfloat16"}, {"attention", "gqa"}, {"kv-cache-dtype", c.kv},
                          {"head-size", "128"}, {"num-kv-heads", "8"}});
    const Guard g(r.plan);
    EXPECT_EQ(g.expected_last_dim(Role::k_cache, FormatId::uint8, 128), c.slot);
    EXPECT_EQ(c.slot % 2, 0u);
    // The resolver computes the bytes independently: 8 heads × one slot.
    if (r.plan.bytes_per_token_per_layer) {
      EXPECT_EQ(*r.plan.bytes_per_token_per_layer, 8 * c.slot);
    }
    EXPECT_EQ(g.expected_last_dim(Role::k_cache, FormatId::bfloat16, 128), std::nullopt);
    EXPECT_TRUE(g.ok(Role::k_cache, FormatId::uint8));
    EXPECT_TRUE(g.ok(Role::v_cache, FormatId::uint8));
  }
}

// ---- sweep against a reference -------------------------------------------------------------------

// The guard's contract, restated as sets of names (slow on purpose, and independent of the
// bit masks): what each role may legitimately be, given the plan.
std::set<std::string> reference_accepted(const Plan& p, Role role, bool& everything) {
  everything = false;
  std::set<std::string> ok;
  auto add = [&](const std::optional<FormatId>& f) {
    if (f) ok.insert(std::string(name(*f)));
  };
  switch (role) {
    case Role::q:
      // The Q the kernel expects; a backend that quantizes Q itself also takes the model's
      // own 16-bit dtype (the plan's q_tolerated).
      if (!p.q) everything = true;
      add(p.q);
      add(p.q_tolerated);
      break;
    case Role::k_cache:
    case Role::v_cache: {
      // The element type, the allocation type, and for an element of 8 bits or fewer a byte
      // container, uint8 or int8 (how vLLM allocates fp8 caches; FlashMLA reads int8 views).
      const TensorPlan& t = role == Role::k_cache ? p.k : p.v;
      if (!t.format) everything = true;
      add(t.format);
      add(t.storage);
      if (t.format && format(*t.format).bits <= 8) ok.insert({"uint8", "int8"});
      break;
    }
    case Role::kv_data_type:
      // The element type; raw bytes only where the backend reads packed records.
      if (!p.kv_data_type) everything = true;
      add(p.kv_data_type);
      if (p.backend && p.backend->kv_declared == KvDeclared::element_or_bytes) ok.insert({"uint8", "int8"});
      break;
  }
  return ok;
}

// The rule a refusal must name.
std::string reference_rule(const Plan& p, Role role, FormatId got) {
  auto is_fp8 = [](FormatId f) { return format(f).is_float8(); };
  auto is_bytes = [](FormatId f) { return f == FormatId::uint8 || f == FormatId::int8; };
  switch (role) {
    case Role::q:
      if (!is_fp8(*p.q)) return "KVD031";
      return is_fp8(got) ? "KVD032" : "KVD030";
    case Role::kv_data_type: return is_bytes(got) && !is_bytes(*p.kv_data_type) ? "KVD020" : "KVD021";
    case Role::k_cache:
    case Role::v_cache: return "KVD022";
  }
  return "?";
}

std::optional<FormatId> planned(const Plan& p, Role role) {
  switch (role) {
    case Role::q: return p.q;
    case Role::k_cache: return p.k.format;
    case Role::v_cache: return p.v.format;
    case Role::kv_data_type: return p.kv_data_type;
  }
  return std::nullopt;
}

struct Sweep {
  std::size_t plans = 0, comparisons = 0, refusals = 0;
};

void compare(const Report& r, Sweep& s) {
  const Plan& p = r.plan;
  const Guard g(p);
  ++s.plans;
  for (std::size_t ri = 0; ri < kRoleCount; ++ri) {
    const Role role = static_cast<Role>(ri);
    bool everything = false;
    const std::set<std::string> ok = reference_accepted(p, role, everything);
    for (const Format& f : formats()) {
      ++s.comparisons;
      const bool want = everything || ok.count(std::string(f.name)) != 0;
      const bool got = g.ok(role, f.id);
      if (want != got) {
        ADD_FAILURE() << "role " << name(role) << ", format " << f.name << ": guard says " << got << ", reference "
                      << want << " (backend " << (p.backend ? p.backend->name : "none") << ", cache "
                      << (p.cache_dtype ? p.cache_dtype->name : "none") << ", target "
                      << (p.target ? p.target->name : "none") << ")";
        continue;
      }
      const auto failure = g.check(role, f.id);
      ASSERT_EQ(failure.has_value(), !got);
      if (!failure) continue;
      ++s.refusals;
      ASSERT_NE(failure->rule, nullptr);
      EXPECT_EQ(failure->rule->code, reference_rule(p, role, f.id)) << name(role) << " " << f.name;
      EXPECT_EQ(failure->role, role);
      EXPECT_EQ(failure->got, f.id);
      EXPECT_EQ(failure->want, planned(p, role));
    }
  }
}

TEST(Guard, SweepAgreesWithReference) {
  Sweep s;
  const char* gpus[] = {"H100", "A100", "L40S", "B200", "RTX 5090", "MI300X", "MI355X", "gfx1201", "sm_75", "cpu", ""};
  const char* model_dtypes[] = {"bfloat16", "float16", "float32", ""};
  const char* attentions[] = {"gqa", "mha", "mla", "sparse-mla", ""};
  for (const EngineInfo& e : engines()) {
    if (!e.has_tables) continue;
    std::vector<std::string> kvs;
    for (const CacheDtype& c : cache_dtypes(e.id)) kvs.emplace_back(c.name);
    std::vector<std::string> backs{""};
    for (const Backend& b : backends(e.id)) backs.emplace_back(b.name);
    std::size_t i = 0;
    for (const char* gpu : gpus)
      for (const std::string& kv : kvs)
        for (const char* md : model_dtypes)
          for (const char* att : attentions) {
            // Every backend with automatic selection; the explicit backends cycle through the
            // combinations so each meets many (the full product is needlessly large).
            for (std::size_t b = 0; b < 2; ++b) {
              const std::string& backend = b == 0 ? backs[0] : backs[1 + (i++ % (backs.size() - 1))];
              RequestInput in;
              in.engine = std::string(e.name);
              in.gpu = gpu;
              in.kv_cache_dtype = kv;
              in.model_dtype = md;
              in.attention = att;
              in.backend = backend;
              in.head_size = att[0] == 'm' && att[1] == 'l' ? "576" : "128";
              in.num_kv_heads = "8";
              auto req = make_request(in);
              if (!req.ok()) continue;  // e.g. an engine's string it refuses outright
              compare(check(*req), s);
              if (HasFatalFailure() || HasFailure()) return;
            }
          }
  }
  RecordProperty("plans", static_cast<int>(s.plans));
  EXPECT_GT(s.plans, 1000u);
  EXPECT_GT(s.refusals, 1000u);
  std::printf("guard sweep: %zu plans, %zu comparisons, %zu refusals\n", s.plans, s.comparisons, s.refusals);
}

// The guard and check() agree on the founding field: over many plans, declaring a KV dtype the
// guard refuses makes check() reject the request with the guard's rule, and declaring one it
// accepts raises neither KVD020 nor KVD021.
TEST(Guard, AgreesWithCheckOnDeclaredKvDtype) {
  std::size_t compared = 0;
  for (const EngineInfo& e : engines()) {
    if (!e.has_tables) continue;
    for (const char* gpu : {"H100", "A100", "MI300X", "MI355X", "B200"})
      for (const CacheDtype& c : cache_dtypes(e.id))
        for (const char* att : {"gqa", "mla", "sparse-mla"}) {
          RequestInput in;
          in.engine = std::string(e.name);
          in.gpu = gpu;
          in.kv_cache_dtype = std::string(c.name);
          in.model_dtype = "bfloat16";
          in.attention = att;
          in.head_size = att[0] == 'g' ? "128" : "576";
          auto req = make_request(in);
          if (!req.ok()) continue;
          const Report plain = check(*req);
          if (!plain.plan.backend) continue;
          const Guard g(plain.plan);
          // Pin the backend so that declaring a dtype cannot change the selection.
          in.backend = std::string(plain.plan.backend->name);
          for (const Format& f : formats()) {
            in.kv_dtype = std::string(f.name);
            auto declared = make_request(in);
            ASSERT_TRUE(declared.ok()) << declared.error().message;
            const Report r = check(*declared);
            const auto failure = g.check(Role::kv_data_type, f.id);
            ++compared;
            if (failure) {
              EXPECT_TRUE(r.fired(failure->rule->code))
                  << f.name << " declared to " << in.backend << " (" << c.name << ", " << gpu << ")";
              EXPECT_EQ(r.verdict(), Verdict::error);
            } else {
              EXPECT_FALSE(r.fired("KVD020") || r.fired("KVD021"))
                  << f.name << " declared to " << in.backend << " (" << c.name << ", " << gpu << ")";
            }
            if (HasFailure()) return;
          }
        }
  }
  EXPECT_GT(compared, 1000u);
}

}  // namespace
