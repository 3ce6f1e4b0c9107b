// One SAX pass over an AdmissionReview (review_reader.hpp).
//
// A stack of frames follows the containers being read; each has a role: the envelope, the
// request, request.kind, a container of request.object being converted, or one skipped whole.
// Values of request.object become nodes of kvdtype's document tree (doc_tree.hpp) as they
// complete, so the only copy of the object is the one the manifest reader walks, the same node
// type `check --manifest` walks. Every node is made in one arena, freed at once (until session 44
// they were yaml-cpp nodes: making, linking and freeing them was most of a review's reading). A
// key given twice replaces the earlier value, as a JSON DOM (and kubectl) would read it, so the
// review judges what the API server stored.
#include "sources/k8s/review_reader.hpp"

#include <nlohmann/json.hpp>

#include "kvdtype/io/suppressions.hpp"
#include "sources/k8s/doc_tree.hpp"
#include "sources/k8s/json_scan.hpp"
#include "sources/k8s/json_scanner.hpp"

#include <array>
#include <functional>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

namespace kvdtype::io {
namespace {

using Json = nlohmann::json;

// Keys the manifest reader never looks at are not converted: an object as the API server sends
// it carries managedFields, status, probes, volumes … that can be most of its size. `resources`
// is read: kthena's model-booster controller decides on a worker's nvidia.com/gpu limit whether
// to put `pip install … &&` before the engine (manifest_kthena.cpp), and the webhook must build
// the command `check --manifest` builds.
bool unread_key(std::string_view k) {
  static constexpr std::string_view kUnread[] = {
      "managedFields", "status", "annotations", "labels", "ownerReferences", "finalizers", "volumes", "volumeMounts",
      "livenessProbe", "readinessProbe", "startupProbe", "securityContext", "ports", "tolerations",
      "lifecycle", "ephemeralContainers", "topologySpreadConstraints", "selector", "strategy",
      "updateStrategy", "volumeClaimTemplates", "imagePullSecrets", "dnsConfig", "readinessGates"};
  // Most keys are none of them: a key whose length and first byte no name has is answered by
  // one look-up, not 24 comparisons (docs/performance.md, twelfth round).
  static constexpr auto kFirst = [] {
    std::array<std::uint32_t, 128> t{};  // bit n: a name of length n (< 32) starts with this byte
    for (std::string_view u : kUnread) t[static_cast<unsigned char>(u[0])] |= 1u << u.size();
    return t;
  }();
  const auto c = k.empty() ? 0u : static_cast<unsigned char>(k[0]);
  if (c >= 128 || k.size() >= 32 || (kFirst[c] & (1u << k.size())) == 0) return false;
  for (std::string_view u : kUnread)
    if (k == u) return true;
  return false;
}

enum class Role { skip, envelope, request, request_kind, build };

struct Frame {
  Role role = Role::skip;
  bool is_object = false;
  bool object_root = false;  // request.object itself
  bool metadata = false;     // request.object.metadata: name and generateName are kept
  bool annotations = false;  // request.object.metadata.annotations: only kvdtype.io/ignore is kept
  // The key whose value is being read (objects): a view of the body where the key lies there
  // as it reads (no escape), else of key_text, which holds it (docs/performance.md, twelfth round).
  std::string_view key;
  std::string key_text;
  bool key_owned = false;  // `key` views key_text (re-pointed when the frames move)
  doc::Node node;  // build frames: the map or sequence being made
  // Build objects: how many keys were attached, and past kReviewLinearKeys the keys seen so far.
  // An object of a Pod has a handful of keys, which are found again faster in the node's own
  // entries than in a hashed set (its buckets and one node per key were ~10 K instructions a
  // review); a large object still finds a key given twice in constant time.
  std::size_t key_count = 0;
  std::unique_ptr<std::unordered_set<std::string>> keys;  // made when the object passes kReviewLinearKeys

  // Made ready for a new container, keeping the key's buffer and any set made earlier (the
  // frames are reused, not moved on every push and pop: docs/performance.md, eleventh round;
  // they move only when their vector grows, and open() re-points the keys they hold then).
  void reset(bool object) {
    role = Role::skip;
    is_object = object;
    object_root = metadata = annotations = false;
    key = {};
    key_owned = false;
    node = doc::Node();
    key_count = 0;
    if (keys) keys->clear();
  }
};

constexpr std::size_t kReviewLinearKeys = 16;

class Reader final : public nlohmann::json_sax<Json> {
 public:
  // `body`: the text the events come from, which outlives the reading (a key that is a view of
  // it is kept as a view).
  Reader(ReviewRead& out, int max_depth, std::string_view body) : out_(out), body_(body), max_depth_(max_depth) {
    frames_.reserve(16);  // the depth of a Pod's containers' fields, without moving a frame
  }

  bool null() override { return value({}, Scalar::null); }
  bool boolean(bool b) override { return scalar(b ? "true" : "false"); }
  // Numbers as a JSON DOM would print them, which is how YAML reads them back (integers as
  // std::to_string prints them, the same digits).
  bool number_integer(number_integer_t v) override { return scalar(std::to_string(v)); }
  bool number_unsigned(number_unsigned_t v) override { return scalar(std::to_string(v)); }
  bool number_float(number_float_t v, const string_t&) override { return scalar(Json(v).dump()); }
  bool string(string_t& s) override { return value(s, Scalar::string); }
  bool binary(binary_t&) override { return value({}, Scalar::null); }  // not in JSON text
  bool start_object(std::size_t) override { return open(true); }
  bool start_array(std::size_t) override { return open(false); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& k) override { return key_view_event(k); }
  // The scanner's events with the text where it lies (json_scanner.hpp): not copied into a
  // std::string first.
  bool string_view_event(std::string_view s) { return value(s, Scalar::string); }
  bool key_view_event(std::string_view k) {
    Frame& f = top();
    f.key_owned = !(std::less_equal<>()(body_.data(), k.data()) &&
                    std::less_equal<>()(k.data() + k.size(), body_.data() + body_.size()));
    if (f.key_owned) {  // unescaped into the scanner's buffer, or nlohmann's token: copied
      f.key_text.assign(k.data(), k.size());
      f.key = f.key_text;
    } else {
      f.key = k;
    }
    forget(f, k);
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    out_.problem = ReviewRead::Problem::not_json;
    return false;
  }

  /// request.object as the manifest reader walks it; undefined when there is none.
  [[nodiscard]] doc::Node object() const { return object_; }
  /// The tree request.object's nodes are made in (handed to the caller with the object).
  [[nodiscard]] std::unique_ptr<doc::Tree> take_tree() { return std::move(tree_); }

 private:
  // What value() is given: a JSON string (which the envelope's and metadata's fields keep),
  // another scalar's text (a number, a boolean), or a null.
  enum class Scalar { string, other, null };
  bool scalar(const std::string& text) { return value(text, Scalar::other); }

  // The frames in use are frames_[0, open_): a frame closed stays in the vector to be reused
  // with its key's buffer, so opening and closing a container moves nothing.
  [[nodiscard]] Frame& top() { return frames_[open_ - 1]; }
  [[nodiscard]] const Frame& top() const { return frames_[open_ - 1]; }

  // A key given again: what its earlier value set is forgotten.
  void forget(const Frame& f, std::string_view k) {
    if (f.role == Role::envelope) {
      if (k == "kind") out_.kind.clear();
      else if (k == "apiVersion") out_.api_version.clear();
      else if (k == "request") {
        out_.has_request = false;
        out_.uid.clear(), out_.operation.clear(), out_.namespace_.clear(), out_.name.clear(), out_.request_kind.clear();
        forget_object();
      }
    } else if (f.role == Role::request) {
      if (k == "uid") out_.uid.clear();
      else if (k == "operation") out_.operation.clear();
      else if (k == "namespace") out_.namespace_.clear();
      else if (k == "name") out_.name.clear();
      else if (k == "kind") out_.request_kind.clear();
      else if (k == "object") forget_object();
    } else if (f.role == Role::request_kind && k == "kind") {
      out_.request_kind.clear();
    } else if (f.role == Role::build && f.object_root && k == "metadata") {
      out_.metadata_name.clear(), out_.metadata_generate_name.clear();
    } else if (f.role == Role::build && f.metadata) {
      if (k == "name") out_.metadata_name.clear();
      else if (k == "generateName") out_.metadata_generate_name.clear();
    }
  }

  void forget_object() {
    out_.has_object = false;
    out_.metadata_name.clear(), out_.metadata_generate_name.clear();
    out_.object_error.clear();
    drop_object();
    budget_ = kMaxObjectValues;
  }

  // The object's nodes released at once, with their tree (the frames' handles on them are
  // dropped first or never read again).
  void drop_object() {
    object_ = doc::Node();
    if (!built_) return;  // nothing made yet (the usual case: one request.object)
    tree_ = std::make_unique<doc::Tree>();
    built_ = false;
  }

  // One more converted value, or the object is dropped.
  bool take() {
    if (budget_ > 0) {
      --budget_;
      return true;
    }
    for (std::size_t i = 0; i < open_; ++i) {
      Frame& f = frames_[i];
      if (f.role == Role::build) {
        f.role = Role::skip;
        f.node = doc::Node();
        f.keys.reset();
      }
    }
    drop_object();
    out_.object_error = "more than " + std::to_string(kMaxObjectValues) + " values in the object";
    return false;
  }

  // Whether a value of the innermost frame is converted.
  [[nodiscard]] bool building() const {
    const Frame& p = top();
    if (p.role != Role::build) return false;
    if (p.annotations) return p.key == kIgnoreAnnotation;  // the object's suppressions (io/suppressions.hpp)
    if (p.metadata && p.key == "annotations") return true;
    return !(p.is_object && unread_key(p.key));
  }

  // A complete value joins its parent: an item, or the value of the parent's current key (whose
  // node is made here, a scalar as a JSON key is).
  void attach(Frame& parent, doc::Node n) {
    if (!parent.is_object) {
      tree_->push(parent.node, n);
      return;
    }
    if (seen_before(parent)) tree_->remove(parent.node, parent.key);
    tree_->append(parent.node, tree_->scalar(parent.key), n);
  }

  // Whether the parent object's current key was attached before (a key given twice), counting
  // the key as attached.
  static bool seen_before(Frame& parent) {
    if (parent.key_count < kReviewLinearKeys) {
      if (parent.node.find_child(parent.key)) return true;
      ++parent.key_count;
      return false;
    }
    if (parent.key_count == kReviewLinearKeys) {  // the set takes over with the keys so far
      if (!parent.keys) parent.keys = std::make_unique<std::unordered_set<std::string>>();
      for (const auto& kv : parent.node)
        if (kv.first.is_scalar()) parent.keys->insert(kv.first.str());
      ++parent.key_count;
    }
    return !parent.keys->insert(std::string(parent.key)).second;
  }

  // A scalar (`text`) or a null.
  bool value(std::string_view text, Scalar what) {
    if (open_ == 0) return true;  // a scalar body: not an AdmissionReview
    Frame& p = top();
    if (what == Scalar::string && (p.role != Role::build || p.metadata)) {
      const std::string_view k = p.key;
      if (p.role == Role::envelope && k == "kind") out_.kind = text;
      else if (p.role == Role::envelope && k == "apiVersion") out_.api_version = text;
      else if (p.role == Role::request && k == "uid") out_.uid = text;
      else if (p.role == Role::request && k == "operation") out_.operation = text;
      else if (p.role == Role::request && k == "namespace") out_.namespace_ = text;
      else if (p.role == Role::request && k == "name") out_.name = text;
      else if (p.role == Role::request_kind && k == "kind") out_.request_kind = text;
      else if (p.metadata && k == "name") out_.metadata_name = text;
      else if (p.metadata && k == "generateName") out_.metadata_generate_name = text;
    }
    if (!building() || !take()) return true;
    built_ = true;
    attach(p, what != Scalar::null ? tree_->scalar(text) : tree_->null());
    return true;
  }

  bool open(bool is_object) {
    if (++depth_ > max_depth_) {
      out_.problem = ReviewRead::Problem::too_deep;
      return false;
    }
    if (open_ == frames_.size()) {
      frames_.emplace_back();
      // The frames may have moved: a key held in a frame's own text is viewed there again.
      for (std::size_t i = 0; i < open_; ++i)
        if (frames_[i].key_owned) frames_[i].key = frames_[i].key_text;
    }
    Frame& f = frames_[open_];
    f.reset(is_object);
    if (open_ == 0) {
      out_.is_object = is_object;
      f.role = is_object ? Role::envelope : Role::skip;
    } else {
      const Frame& p = frames_[open_ - 1];
      if (p.role == Role::envelope && p.key == "request" && is_object) {
        f.role = Role::request;
        out_.has_request = true;
      } else if (p.role == Role::request && p.key == "kind" && is_object) {
        f.role = Role::request_kind;
      } else if (p.role == Role::request && p.key == "object" && is_object) {
        forget_object();
        out_.has_object = true;
        f.object_root = true;
        f.role = take() ? Role::build : Role::skip;
      } else if (building() && take()) {
        f.role = Role::build;
        f.metadata = p.object_root && p.key == "metadata" && is_object;
        f.annotations = p.metadata && p.key == "annotations" && is_object;
      }
    }
    if (f.role == Role::build) {
      built_ = true;
      f.node = is_object ? tree_->map() : tree_->seq();
    }
    ++open_;
    return true;
  }

  bool close() {
    --depth_;
    Frame& f = frames_[--open_];
    if (f.role == Role::build) {
      if (f.object_root) object_ = f.node;
      else attach(frames_[open_ - 1], f.node);
    }
    return true;
  }

  ReviewRead& out_;
  std::string_view body_;
  // The arena every node of request.object is made in.
  std::unique_ptr<doc::Tree> tree_ = std::make_unique<doc::Tree>();
  bool built_ = false;  // a node was made in tree_
  doc::Node object_;
  int max_depth_;
  int depth_ = 0;
  std::size_t budget_ = kMaxObjectValues;
  std::vector<Frame> frames_;  // reused: frames_[0, open_) are the containers open
  std::size_t open_ = 0;
};

}  // namespace

ReviewRead read_review(std::string_view body, int max_depth) {
  // The body through kvdtype's scanner first (json_scan.hpp): the same events nlohmann's
  // sax_parse() gives for the JSON it reads, without nlohmann's lexer. A body outside what it
  // reads (a \u escape, UTF-8, a float, invalid JSON …) is read again from the start through
  // sax_parse() with a fresh reader, which decides it exactly as before.
  for (const bool scanned : {true, false}) {
    ReviewRead out;
    Reader reader(out, max_depth, body);
    try {
      if (scanned) {
        // The scanner called on the Reader itself (final): its events inlined (json_scanner.hpp).
        const JsonScan r = json_scan_detail::Scanner<Reader>(body, reader).run();
        if (r == JsonScan::unsupported) continue;
        if (r == JsonScan::stopped && out.problem == ReviewRead::Problem::none) out.problem = ReviewRead::Problem::not_json;
      } else if (!Json::sax_parse(body, &reader, Json::input_format_t::json, /*strict=*/true) &&
                 out.problem == ReviewRead::Problem::none) {
        out.problem = ReviewRead::Problem::not_json;
      }
    } catch (const std::exception&) {
      if (scanned) continue;  // sax_parse decides it, as it always did
      out.problem = ReviewRead::Problem::not_json;
    }
    if (out.problem == ReviewRead::Problem::none && reader.object()) {
      out.object = reader.object();
      out.tree = reader.take_tree();
    }
    return out;
  }
  return {};  // not reached: the second pass always returns
}

}  // namespace kvdtype::io
