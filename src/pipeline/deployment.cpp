// Servers that exchange KV, checked together (io::check_deployment; rules KVD300–KVD306).
//
// Two servers exchange KV when their launch commands name the same connector (vLLM
// `--kv-transfer-config` kv_connector, SGLang `--disaggregation-transfer-backend`) and the same
// shared endpoint when one is named, and one produces what the other consumes (kv_producer /
// kv_consumer / kv_both; SGLang prefill / decode). Each such pair is compared on what the KV
// bytes mean: element formats, scales, block sizes, layout, cache geometry and model, heads per
// rank, and, for a connector whose handshake hashes its peers (vLLM's NixlConnector), the factors
// of that hash. What is particular to an engine (its layout variable, that connector) is a field
// of its registry row (tables/tables.hpp EngineBehaviour), not a test for the engine here.
#include <algorithm>
#include <string>
#include <vector>

#include "common/text.hpp"
#include "tables/rule_id.hpp"
#include "tables/tables.hpp"
#include "kvdtype/io/workloads.hpp"
#include "tables/rows/backend.hpp"
#include "tables/rows/cache_dtype.hpp"

namespace kvdtype::io {
namespace {

struct Peer {
  std::size_t index = 0;
  const Report* report = nullptr;
  const LaunchCommand* launch = nullptr;
  std::string group;  // engine + connector + endpoint
  bool produces = false, consumes = false;
};

std::string who(const WorkloadResult& r, std::size_t i) {
  std::string s = "[" + std::to_string(i) + "]";
  const Source& src = r.source;
  if (!src.name.empty()) s += " " + src.name;
  else if (!src.file.empty()) s += " " + src.file;
  if (!src.container.empty()) s += "/" + src.container;
  if (r.checked && r.checked->report.plan.target) s += " on " + std::string(r.checked->report.plan.target->name);
  return s;
}

const tables::EngineBehaviour& behaviour(const Peer& p) { return tables::engine_tables(p.launch->engine).behaviour; }

// The peer's connector is its engine's hashed-handshake connector (vLLM's NixlConnector).
bool is_nixl(const Peer& p) {
  const std::string_view connector = behaviour(p).hashed_handshake_connector;
  return !connector.empty() && kvdtype::detail::iequals(p.launch->kv_transfer->connector, connector);
}

std::string env_value(const LaunchCommand& l, std::string_view name) {
  std::string v;
  for (const std::string& e : l.env)
    if (e.size() > name.size() && e.compare(0, name.size(), name) == 0 && e[name.size()] == '=') v = e.substr(name.size() + 1);
  return v;
}

bool mla(const Report& r) { return r.request.attention == Attention::mla || r.request.attention == Attention::sparse_mla; }

std::string format_text(const std::optional<FormatId>& f) { return f ? std::string(name(*f)) : std::string("unknown"); }

std::string version_text(const Version& v) {
  return std::to_string(v.major) + "." + std::to_string(v.minor) + "." + std::to_string(v.patch);
}

// A model named two ways is the same model: a trailing slash or a different case of a hub id
// does not make it another one. Local paths are compared as written.
std::string model_key(std::string m) {
  while (!m.empty() && m.back() == '/') m.pop_back();
  return kvdtype::detail::to_lower(m);
}

struct Pair {
  const Peer& w;  // writes the KV (producer)
  const Peer& r;  // reads it (consumer)
  std::string names;
};

// The code is a RuleId: a code that is no rule does not compile (never a silently dropped finding).
void add(std::vector<DeploymentDiagnostic>& out, const Pair& p, tables::RuleId code, std::string message, std::string fix,
         std::optional<Severity> severity = std::nullopt) {
  DeploymentDiagnostic d;
  d.rule = rule(code);
  d.severity = severity.value_or(d.rule->severity);
  d.message = std::move(message);
  d.fix = std::move(fix);
  d.results = {std::min(p.w.index, p.r.index), std::max(p.w.index, p.r.index)};
  out.push_back(std::move(d));
}

void check_pair(const Pair& p, std::vector<DeploymentDiagnostic>& out) {
  const Report& a = *p.w.report;
  const Report& b = *p.r.report;
  const Plan& pa = a.plan;
  const Plan& pb = b.plan;

  // KVD300: the same bytes read as another element format.
  bool formats_differ = false;
  for (int kv = 0; kv < 2; ++kv) {
    const TensorPlan& ta = kv == 0 ? pa.k : pa.v;
    const TensorPlan& tb = kv == 0 ? pb.k : pb.v;
    if (!ta.format || !tb.format || *ta.format == *tb.format) continue;
    formats_differ = true;
    add(out, p, "KVD300",
        p.names + ": " + (kv == 0 ? "K" : "V") + " is written as " + format_text(ta.format) + " and read as " + format_text(tb.format) +
            " (kv-cache " + std::string(pa.cache_dtype ? pa.cache_dtype->name : "?") + " vs " +
            std::string(pb.cache_dtype ? pb.cache_dtype->name : "?") + "): the connector copies bytes, so every value read differs",
        "give both pools a kv-cache dtype with the same element format on their GPUs (a 16-bit cache, or GPUs with the same fp8 "
        "flavour: OCP e4m3fn on NVIDIA and MI350, e4m3fnuz on MI300)");
    break;  // K and V differ together in practice; one finding per pair
  }

  // KVD302: the same format scaled differently.
  if (!formats_differ && pa.k.format && pb.k.format) {
    if (pa.scales.kind != pb.scales.kind) {
      add(out, p, "KVD302",
          p.names + ": KV scales are " + std::string(name(pa.scales.kind)) + " on the writer and " + std::string(name(pb.scales.kind)) +
              " on the reader",
          "use the same kv-cache dtype (and so the same scaling scheme) on both pools");
    } else if (pa.scales.kind == ScaleKind::per_tensor && a.request.kv_scales != Tri::unknown && b.request.kv_scales != Tri::unknown &&
               a.request.kv_scales != b.request.kv_scales) {
      add(out, p, "KVD302",
          p.names + ": one pool quantizes with calibrated per-tensor KV scales, the other with 1.0; the reader dequantizes with "
                    "its own scale",
          "load the same KV scales on both pools (the same checkpoint, the same --quantization-param-path or "
          "--calculate-kv-scales on both)",
          Severity::warning);
    }
  }

  // KVD303: block (page) sizes.
  if (a.request.block_size != 0 && b.request.block_size != 0 && a.request.block_size != b.request.block_size) {
    add(out, p, "KVD303",
        p.names + ": block sizes " + std::to_string(a.request.block_size) + " and " + std::to_string(b.request.block_size) +
            " differ; a transfer maps blocks one to one unless the connector rescales them",
        "give both pools the same --block-size (SGLang --page-size)");
  }

  // KVD304: HND vs NHD (the engine's layout variable, vLLM's VLLM_KV_CACHE_LAYOUT); MLA caches
  // have no head axis to permute.
  const std::string_view layout = behaviour(p.w).kv_layout_variable;
  if (!layout.empty() && p.w.launch->engine == p.r.launch->engine && !mla(a) && !mla(b)) {
    std::string la = env_value(*p.w.launch, layout);
    std::string lb = env_value(*p.r.launch, layout);
    for (std::string* s : {&la, &lb})
      for (char& ch : *s) ch = static_cast<char>(ch >= 'a' && ch <= 'z' ? ch - 32 : ch);
    if (!la.empty() && !lb.empty() && la != lb && !(is_nixl(p.r) && p.r.launch->kv_transfer->permute_local_kv) &&
        !(is_nixl(p.w) && p.w.launch->kv_transfer->permute_local_kv)) {
      add(out, p, "KVD304",
          p.names + ": KV cache layouts differ (" + std::string(layout) + " " + la + " vs " + lb + ")",
          "use one layout on both pools, or set \"enable_permute_local_kv\": true in the decode pool's --kv-transfer-config");
    }
  }

  // KVD305: model identity and cache geometry.
  {
    std::string diffs;
    const std::string ma = model_key(p.w.launch->model), mb = model_key(p.r.launch->model);
    if (!ma.empty() && !mb.empty() && ma != mb) diffs += "model " + p.w.launch->model + " vs " + p.r.launch->model;
    auto cmp = [&](const char* what, std::uint32_t x, std::uint32_t y) {
      if (x != 0 && y != 0 && x != y)
        diffs += (diffs.empty() ? "" : ", ") + std::string(what) + " " + std::to_string(x) + " vs " + std::to_string(y);
    };
    const Geometry& ga = a.request.geometry;
    const Geometry& gb = b.request.geometry;
    cmp("KV heads", ga.num_kv_heads, gb.num_kv_heads);
    cmp("head size", ga.head_size, gb.head_size);
    cmp("layers", ga.num_kv_layers ? ga.num_kv_layers : ga.num_layers, gb.num_kv_layers ? gb.num_kv_layers : gb.num_layers);
    cmp("MLA latent rank", ga.kv_lora_rank, gb.kv_lora_rank);
    if (a.request.attention != Attention::unknown && b.request.attention != Attention::unknown && mla(a) != mla(b))
      diffs += (diffs.empty() ? "" : ", ") + std::string("attention ") + std::string(name(a.request.attention)) + " vs " +
               std::string(name(b.request.attention));
    if (!diffs.empty())
      add(out, p, "KVD305", p.names + ": the pools do not serve the same model or cache shape (" + diffs + ")",
          "serve the same model (same checkpoint and revision) in every pool that shares KV");
  }

  // KVD306: heads per rank. vLLM's NixlConnector cannot read KV that the prefill side
  // replicated across ranks (KV heads < prefill TP) into a decode side with fewer ranks.
  if (is_nixl(p.w) && is_nixl(p.r) && !mla(a) && !mla(b)) {
    const std::uint32_t tw = std::max<std::uint32_t>(1, a.request.tensor_parallel_size);
    const std::uint32_t tr = std::max<std::uint32_t>(1, b.request.tensor_parallel_size);
    const std::uint32_t heads = a.request.geometry.num_kv_heads ? a.request.geometry.num_kv_heads : b.request.geometry.num_kv_heads;
    if (heads != 0 && tw > tr && heads < tw) {
      add(out, p, "KVD306",
          p.names + ": the prefill side replicates " + std::to_string(heads) + " KV heads over TP " + std::to_string(tw) +
              " ranks and the decode side has TP " + std::to_string(tr) + "; NIXL cannot split replicated heads into fewer ranks",
          "give the decode pool at least the prefill pool's tensor parallelism, or prefill with TP ≤ " + std::to_string(heads));
    }
  }

  // KVD301: vLLM NIXL's handshake compares a hash of these factors and refuses a peer whose
  // hash differs (vllm/distributed/kv_transfer/kv_connector/v1/nixl/metadata.py
  // compute_nixl_compatibility_hash): the pair never transfers.
  if (is_nixl(p.w) && is_nixl(p.r)) {
    std::string diffs;
    auto note = [&](const std::string& d) { diffs += (diffs.empty() ? "" : ", ") + d; };
    const Version& va = a.request.engine_version;
    const Version& vb = b.request.engine_version;
    const std::string engine(engine_info(p.w.launch->engine).display);
    if (va.known && vb.known && (va < vb || vb < va)) note(engine + " " + version_text(va) + " vs " + version_text(vb));
    if (a.request.model_dtype && b.request.model_dtype && *a.request.model_dtype != *b.request.model_dtype)
      note("dtype " + std::string(name(*a.request.model_dtype)) + " vs " + std::string(name(*b.request.model_dtype)));
    if (pa.requested && pb.requested && pa.requested->name != pb.requested->name)
      note("kv-cache dtype " + std::string(pa.requested->name) + " vs " + std::string(pb.requested->name));
    if (pa.backend && pb.backend && pa.backend->name != pb.backend->name)
      note("attention backend " + std::string(pa.backend->name) + " vs " + std::string(pb.backend->name));
    if (!diffs.empty())
      add(out, p, "KVD301", p.names + ": NIXL's compatibility hash differs (" + diffs + "): the handshake refuses the peer",
          "run the same " + engine + " release with the same --dtype, --kv-cache-dtype and attention backend on both pools");
  }
}

}  // namespace

std::vector<DeploymentDiagnostic> check_deployment(std::span<const WorkloadResult> results) {
  std::vector<Peer> peers;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const WorkloadResult& r = results[i];
    if (!r.checked || !r.checked->launch || !r.checked->launch->kv_transfer) continue;
    const LaunchCommand& l = *r.checked->launch;
    const KvTransfer& t = *l.kv_transfer;
    Peer p;
    p.index = i;
    p.report = &r.checked->report;
    p.launch = &l;
    p.group = std::string(engine_info(l.engine).name) + "|" + kvdtype::detail::to_lower(t.connector) + "|" + t.endpoint;
    const std::string role = kvdtype::detail::to_lower(t.role);
    p.produces = role.empty() || role == "kv_producer" || role == "kv_both";
    p.consumes = role.empty() || role == "kv_consumer" || role == "kv_both";
    peers.push_back(std::move(p));
  }
  std::vector<DeploymentDiagnostic> out;
  for (std::size_t x = 0; x < peers.size(); ++x) {
    for (std::size_t y = x + 1; y < peers.size(); ++y) {
      const Peer& a = peers[x];
      const Peer& b = peers[y];
      if (a.group != b.group) continue;
      // One container checked on several targets (the fleet view) is alternatives, not peers.
      const Source& sa = results[a.index].source;
      const Source& sb = results[b.index].source;
      if (!sa.gpu.empty() && sa.file == sb.file && sa.document == sb.document && sa.name == sb.name &&
          sa.container == sb.container && sa.line == sb.line)
        continue;
      const Peer* w = nullptr;
      const Peer* rd = nullptr;
      if (a.produces && b.consumes) w = &a, rd = &b;
      else if (b.produces && a.consumes) w = &b, rd = &a;
      else continue;
      const std::string names = who(results[w->index], w->index) + " → " + who(results[rd->index], rd->index);
      check_pair(Pair{*w, *rd, names}, out);
    }
  }
  return out;
}

}  // namespace kvdtype::io
