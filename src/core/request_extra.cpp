// make_request's part for issue 28's inputs (request_extra.hpp). The text members are kept as
// typed (names folded to lower case where the engines compare them so), and an unknown input
// stays unknown: no member is defaulted.
#include "core/request_extra.hpp"

#include <algorithm>
#include <charconv>
#include <string>

#include "common/text.hpp"
#include "core/request_fields.hpp"
#include "tables/rows/request_value.hpp"

namespace kvdtype::detail {
namespace {


std::string trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return printable(s);
}

// Copy `text` into a NUL-terminated member; a value too long is shortened in the middle so that
// both ends (a Hub org and a model name) stay readable.
template <std::size_t N>
void keep(std::array<char, N>& out, std::string text) {
  if (text.size() >= N) text = shorten_middle(text, N - 8);
  text.resize(std::min(text.size(), N - 1));
  std::copy_n(text.data(), text.size(), out.data());
  out[text.size()] = '\0';
}

void note_unlisted(Request& r, std::string_view field, std::string_view value) {
  std::string all(Request::text(r.unlisted));
  all += (all.empty() ? "" : "; ") + fields::flag(field) + " '" + std::string(value) + "'";
  keep(r.unlisted, all);
}

std::optional<Error> yes_no(std::string_view field, const std::string& text, Tri& out) {
  if (text.empty()) return std::nullopt;
  const std::string s = to_lower(trimmed(text));
  if (s == "yes" || s == "true" || s == "1" || s == "on") out = Tri::yes;
  else if (s == "no" || s == "false" || s == "0" || s == "off") out = Tri::no;
  else return fields::bad_value(field, text, "expected yes or no");
  return std::nullopt;
}

}  // namespace

std::optional<Error> read_request_extra(const RequestInput& in, Request& r) {
  // An empty field leaves its member as make_request() made it (empty): `keep` of "" writes the
  // terminator that is already there. Skipped without trimming and copying "" (most fields of a
  // request are empty).
  if (!in.model_architecture.empty()) keep(r.model_architecture, trimmed(in.model_architecture));
  if (!in.model_type.empty()) keep(r.model_type, to_lower(trimmed(in.model_type)));
  if (!in.speculative_model.empty()) keep(r.speculative_model, trimmed(in.speculative_model));
  if (!in.kv_connector.empty()) keep(r.kv_connector, trimmed(in.kv_connector));

  // Names an engine compares in lower case; outside kvdtype's lists they are a finding.
  struct Listed {
    const char* field;
    const std::string* text;
    char* out;
    std::size_t size;
  };
  for (const Listed& l : {Listed{"weight_quantization", &in.weight_quantization, r.weight_quantization.data(),
                                 r.weight_quantization.size()},
                          Listed{"speculative_method", &in.speculative_method, r.speculative_method.data(),
                                 r.speculative_method.size()},
                          Listed{"dsa_prefill_backend", &in.dsa_prefill_backend, r.dsa_prefill_backend.data(),
                                 r.dsa_prefill_backend.size()},
                          Listed{"dsa_decode_backend", &in.dsa_decode_backend, r.dsa_decode_backend.data(),
                                 r.dsa_decode_backend.size()}}) {
    if (l.text->empty()) continue;
    const std::string v = to_lower(trimmed(*l.text));
    if (v.empty()) continue;
    if (!tables::request_value_known(l.field, v)) note_unlisted(r, l.field, v);
    const std::size_t n = std::min(v.size(), l.size - 1);
    std::copy_n(v.data(), n, l.out);
    l.out[n] = '\0';
  }

  if (!in.kv_scale_layout.empty()) {
    const std::string s = to_lower(trimmed(in.kv_scale_layout));
    if (s == "k" || s == "k_only") r.kv_scale_layout = KvScaleLayout::k_only;
    else if (s == "v" || s == "v_only") r.kv_scale_layout = KvScaleLayout::v_only;
    else if (s == "both" || s == "kv") r.kv_scale_layout = KvScaleLayout::both;
    else if (s == "none") r.kv_scale_layout = KvScaleLayout::none;
    else return fields::bad_value("kv_scale_layout", in.kv_scale_layout, "expected k, v, both or none");
  }

  if (!in.kv_scales_source.empty()) {
    const std::string s = to_lower(trimmed(in.kv_scales_source));
    if (s == "checkpoint") r.kv_scales_source = KvScalesSource::checkpoint;
    else if (s == "file") r.kv_scales_source = KvScalesSource::file;
    else if (s == "computed") r.kv_scales_source = KvScalesSource::computed;
    else return fields::bad_value("kv_scales_source", in.kv_scales_source, "expected checkpoint, file or computed");
    // Scales from somewhere exist, unless the caller said otherwise (then the two disagree, and
    // the caller's kv_scales stands: nothing is guessed over a value given).
    if (r.kv_scales == Tri::unknown) r.kv_scales = Tri::yes;
  }

  if (!in.num_speculative_tokens.empty()) {
    const fields::RequestField* f = fields::find_name("num_speculative_tokens");
    std::uint32_t v = 0;
    const std::string& t = in.num_speculative_tokens;
    const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || p != t.data() + t.size() || v < f->lo || v > f->hi)
      return fields::bad_value("num_speculative_tokens", t,
                 "expected a whole number " + std::to_string(int(f->lo)) + ".." + std::to_string(int(f->hi)));
    r.num_speculative_tokens = v;
  }

  if (auto e = yes_no("hierarchical_cache", in.hierarchical_cache, r.hierarchical_cache)) return e;
  if (auto e = yes_no("chunked_prefix_cache", in.chunked_prefix_cache, r.chunked_prefix_cache)) return e;
  if (auto e = yes_no("cuda_graph", in.cuda_graph, r.cuda_graph)) return e;
  if (auto e = yes_no("remote_backend", in.remote_backend, r.remote_backend)) return e;
  if (auto e = yes_no("q_quantization", in.q_quantization, r.q_quantization)) return e;
  return std::nullopt;
}

}  // namespace kvdtype::detail
