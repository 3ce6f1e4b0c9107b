// yaml-cpp nodes made from events in one pass (yaml_nodes.hpp).
#include "sources/k8s/yaml_nodes.hpp"

#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <sstream>
#include <unordered_set>
#include <utility>

namespace kvdtype::io::yaml {
struct HandleTag;
}

// A YAML::Node on a node of a memory can only be made by yaml-cpp's own friends (its
// constructor from a node and a memory is private, and so are a handle's node and memory);
// every specialization of YAML::as_if is one. This one makes handles and looks up children.
template <>
struct YAML::as_if<kvdtype::io::yaml::HandleTag, void> {
  static YAML::Node handle(YAML::detail::node& n, const YAML::detail::shared_memory_holder& memory) {
    return YAML::Node(n, memory);
  }
  // `n` is a valid, defined map. Its entries as the Node iterator visits them (pairs with an
  // undefined key or value are passed over by both).
  static YAML::Node child(const YAML::Node& n, std::string_view key) {
    const YAML::detail::node& map = *n.m_pNode;
    for (auto it = map.begin(); it != map.end(); ++it) {
      const YAML::detail::node* k = (*it).first;
      if (k->type() == YAML::NodeType::Scalar && k->scalar() == key)
        return YAML::Node(const_cast<YAML::detail::node&>(*(*it).second), n.m_pMemory);  // a handle is not const
    }
    return YAML::Node(YAML::NodeType::Undefined);
  }
};

namespace kvdtype::io::yaml {

NodeMaker::NodeMaker() : memory_(std::make_shared<YAML::detail::memory_holder>()) {}

YAML::detail::node& NodeMaker::make() { return memory_->create_node(); }

YAML::Node NodeMaker::handle(YAML::detail::node& n) const { return YAML::as_if<HandleTag, void>::handle(n, memory_); }

YAML::Node find_child(const YAML::Node& n, std::string_view key) {
  if (!n || !n.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
  return YAML::as_if<HandleTag, void>::child(n, key);
}

namespace {

struct TooManyNodes {};

// One document's events → its nodes, linked as yaml-cpp's NodeBuilder links them (so that the
// documents are what LoadAll gives: marks, tags, styles, anchors shared by their aliases), and
// the checks of the whole stream made on the same events.
class OnePass final : public YAML::EventHandler {
 public:
  OnePass(Documents& out, std::size_t max_nodes) : out_(out), max_nodes_(max_nodes) {}

  // A fresh document: a memory of its own, as LoadAll's builder per document.
  void begin() {
    maker_.emplace();
    root_ = nullptr;
    stack_.clear();
    anchors_.assign(1, nullptr);  // anchors count from 1
    keys_.clear();
    map_depth_ = 0;
  }
  [[nodiscard]] YAML::Node root() const { return root_ != nullptr ? maker_->handle(*root_) : YAML::Node(); }
  [[nodiscard]] const YAML::Mark& start() const { return start_; }

  void OnDocumentStart(const YAML::Mark& mark) override {
    start_ = mark;
    frames_.clear();
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    check(mark, nullptr);
    push(mark, anchor).set_null();
    pop();
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    check(mark, nullptr);
    out_.aliases = true;
    push(*anchors_.at(anchor));
    pop();
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, const std::string& value) override {
    check(mark, &value);
    if (value == "<<") out_.merge_key = true;
    YAML::detail::node& n = push(mark, anchor);
    n.set_scalar(value);
    n.set_tag(tag);
    pop();
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, YAML::EmitterStyle::value style) override {
    check(mark, nullptr);
    frames_.push_back({false, true, {}});
    YAML::detail::node& n = push(mark, anchor);
    n.set_tag(tag);
    n.set_type(YAML::NodeType::Sequence);
    n.set_style(style);
  }
  void OnSequenceEnd() override {
    if (!frames_.empty()) frames_.pop_back();
    pop();
  }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, YAML::EmitterStyle::value style) override {
    check(mark, nullptr);
    frames_.push_back({true, true, {}});
    YAML::detail::node& n = push(mark, anchor);
    n.set_type(YAML::NodeType::Map);
    n.set_tag(tag);
    n.set_style(style);
    ++map_depth_;
  }
  void OnMapEnd() override {
    if (!frames_.empty()) frames_.pop_back();
    --map_depth_;
    pop();
  }

 private:
  struct Frame {
    bool map = false;
    bool expecting_key = true;
    std::unordered_set<std::string> keys;  // a mapping of many keys stays linear
  };

  // The checks, on a node beginning at `mark`: the bound (stop now, not at the document's end),
  // and, as a key of the enclosing mapping, whether the key was given before.
  void check(const YAML::Mark& mark, const std::string* key_text) {
    if (++out_.nodes > max_nodes_) throw TooManyNodes{};
    out_.deepest = std::max(out_.deepest, frames_.size());
    if (frames_.empty() || !frames_.back().map) return;
    Frame& f = frames_.back();
    if (f.expecting_key && key_text != nullptr && !f.keys.insert(*key_text).second && out_.duplicate_line == 0) {
      out_.duplicate_line = mark.line + 1;
      out_.duplicate_key = *key_text;
    }
    f.expecting_key = !f.expecting_key;
  }

  YAML::detail::node& push(const YAML::Mark& mark, YAML::anchor_t anchor) {
    YAML::detail::node& n = maker_->make();
    n.set_mark(mark);
    if (anchor != 0) anchors_.push_back(&n);  // the parser numbers anchors in order
    push(n);
    return n;
  }
  // A node whose key is still to come is the key of the mapping on top.
  void push(YAML::detail::node& n) {
    const bool is_key = !stack_.empty() && stack_.back()->type() == YAML::NodeType::Map && keys_.size() < map_depth_;
    stack_.push_back(&n);
    if (is_key) keys_.emplace_back(&n, false);
  }
  // A node complete: the root, an item of a sequence, or a key (then its value) of a mapping.
  void pop() {
    YAML::detail::node& n = *stack_.back();
    stack_.pop_back();
    if (stack_.empty()) {
      root_ = &n;
      return;
    }
    YAML::detail::node& parent = *stack_.back();
    if (parent.type() == YAML::NodeType::Sequence) {
      parent.push_back(n, maker_->memory());
    } else if (parent.type() == YAML::NodeType::Map) {
      auto& [key, has_value] = keys_.back();
      if (!has_value) {
        has_value = true;
        return;
      }
      parent.insert(*key, n, maker_->memory());
      keys_.pop_back();
    }
  }

  Documents& out_;
  std::size_t max_nodes_;
  YAML::Mark start_;
  std::vector<Frame> frames_;
  std::optional<NodeMaker> maker_;
  YAML::detail::node* root_ = nullptr;
  std::vector<YAML::detail::node*> stack_;
  std::vector<YAML::detail::node*> anchors_;
  std::vector<std::pair<YAML::detail::node*, bool>> keys_;  // a mapping's key waiting for its value
  std::size_t map_depth_ = 0;
};

}  // namespace

Documents load_documents(const std::string& text, std::size_t max_nodes) {
  Documents out;
  std::istringstream in(text);
  YAML::Parser parser(in);
  OnePass pass(out, max_nodes);
  int last = -1;
  try {
    for (pass.begin(); parser.HandleNextDocument(pass); pass.begin()) {
      if (pass.start().pos == last) {
        out.stuck_line = pass.start().line + 1;
        return out;
      }
      last = pass.start().pos;
      out.docs.push_back(pass.root());
    }
  } catch (const TooManyNodes&) {
    out.docs.clear();
    out.too_many_nodes = true;
  }
  return out;
}

}  // namespace kvdtype::io::yaml
