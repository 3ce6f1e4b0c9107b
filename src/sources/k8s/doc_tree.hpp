// Internal (io): kvdtype's own document tree, the one the manifest reader walks.
//
// Both readers of a Kubernetes object build it in one pass: YAML text through libfyaml's events
// (load_documents, yaml_nodes.hpp) and the webhook's JSON body through nlohmann's SAX reader
// (review_reader.hpp). `kvdtype check --manifest` and `kvdtype serve` therefore walk the same
// node type, and one verdict follows for one object. It replaced yaml-cpp nodes (session 44): a
// yaml-cpp node was a `node`, a `node_ref`, a `node_data`, their shared_ptr blocks and an entry
// in its memory's std::set (about 500 bytes and four allocations), and every handle a
// shared_ptr copy; here a node is one arena allocation, freed with its tree at once, and a handle
// is a pointer.
//
// What a node holds is what the walk reads: its kind (map with its keys in the order written,
// sequence, scalar, null), a scalar's text, its tag as yaml-cpp's loader gave it ("?" for a plain
// scalar or any collection without a tag, "!" for a quoted or block scalar, the resolved tag
// when one was written, "" for what JSON and the walk itself make), and where it begins (line
// and column from 0; -1 when it has no place in a text). A map keeps every entry it is given,
// a key given twice included (the readers refuse or replace those before the walk): lookup by
// key finds the first, as yaml-cpp's did. Aliases are the anchored node itself, shared.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory_resource>
#include <string>
#include <string_view>

namespace kvdtype::io::doc {

/// Where a node begins: line and column from 0, as yaml-cpp's marks (and libfyaml's, less one);
/// -1 for a node no text placed (made from JSON, or by the walk).
struct Mark {
  int line = -1;
  int column = -1;
  int pos = -1;  ///< the byte offset
};

enum class Kind : std::uint8_t { null, scalar, map, seq };

struct Value;

/// One entry of a map (its key and value) or a sequence (its value; no key).
struct Entry {
  Value* key = nullptr;
  Value* value = nullptr;
  Entry* next = nullptr;
};

/// A node, owned by its Tree's arena. Read through Node.
struct Value {
  Kind kind = Kind::null;
  Mark mark;
  std::string_view tag;   ///< see the header comment
  std::string_view text;  ///< a scalar's text
  Entry* first = nullptr;
  Entry* last = nullptr;
  std::size_t count = 0;  ///< entries
};

class Node;

/// What iterating a node gives: for a sequence, the item itself (its `first` and `second` are
/// undefined); for a map, `first` (the key) and `second` (the value), the item itself undefined.
struct Item;

/// A handle on a node: a pointer, undefined (false) when null. Reading an undefined node gives
/// nothing: no kind, no text, no children.
class Node {
 public:
  class Iterator;
  Node() = default;
  explicit Node(Value* v) : v_(v) {}

  [[nodiscard]] explicit operator bool() const { return v_ != nullptr; }
  [[nodiscard]] bool is_map() const { return v_ != nullptr && v_->kind == Kind::map; }
  [[nodiscard]] bool is_seq() const { return v_ != nullptr && v_->kind == Kind::seq; }
  [[nodiscard]] bool is_scalar() const { return v_ != nullptr && v_->kind == Kind::scalar; }
  [[nodiscard]] bool is_null() const { return v_ != nullptr && v_->kind == Kind::null; }
  /// A scalar's text; empty for anything else.
  [[nodiscard]] std::string_view text() const { return is_scalar() ? v_->text : std::string_view(); }
  /// A scalar's text as a string (empty for anything else).
  [[nodiscard]] std::string str() const { return std::string(text()); }
  [[nodiscard]] std::string_view tag() const { return v_ != nullptr ? v_->tag : std::string_view(); }
  [[nodiscard]] Mark mark() const { return v_ != nullptr ? v_->mark : Mark{}; }
  /// Entries of a map or items of a sequence; 0 for anything else.
  [[nodiscard]] std::size_t size() const { return is_map() || is_seq() ? v_->count : 0; }
  /// The value under the scalar key `key` (its first entry); undefined when this is no map or has none.
  [[nodiscard]] Node find_child(std::string_view key) const;
  /// The item at `index` of a sequence; undefined past its end or when this is no sequence.
  [[nodiscard]] Node at(std::size_t index) const;
  /// Whether both handles name one node (an alias and its anchor do).
  [[nodiscard]] bool is(const Node& other) const { return v_ == other.v_; }
  [[nodiscard]] Value* value() const { return v_; }

  [[nodiscard]] Iterator begin() const;
  [[nodiscard]] Iterator end() const;

 private:
  Value* v_ = nullptr;
};

struct Item : Node {
  Node first, second;
};

class Node::Iterator {
 public:
  Iterator() = default;
  Iterator(Entry* e, bool map) : e_(e), map_(map) { load(); }
  const Item& operator*() const { return item_; }
  const Item* operator->() const { return &item_; }
  Iterator& operator++() {
    e_ = e_->next;
    load();
    return *this;
  }
  bool operator==(const Iterator& o) const { return e_ == o.e_; }

 private:
  void load() {
    if (e_ == nullptr) return;
    if (map_) {
      item_.first = Node(e_->key);
      item_.second = Node(e_->value);
    } else {
      static_cast<Node&>(item_) = Node(e_->value);
    }
  }
  Entry* e_ = nullptr;
  bool map_ = false;
  Item item_;
};

inline Node::Iterator Node::begin() const { return is_map() || is_seq() ? Iterator(v_->first, is_map()) : Iterator(); }
inline Node::Iterator Node::end() const { return Iterator(); }

inline Node Node::find_child(std::string_view key) const {
  if (!is_map()) return Node();
  for (const Entry* e = v_->first; e != nullptr; e = e->next)
    if (e->key->kind == Kind::scalar && e->key->text == key) return Node(e->value);
  return Node();
}

inline Node Node::at(std::size_t index) const {
  if (!is_seq()) return Node();
  for (Entry* e = v_->first; e != nullptr; e = e->next, --index)
    if (index == 0) return Node(e->value);
  return Node();
}

/// The arena that owns nodes, their text and their entries, all released with it. Not movable
/// (handles point into it): hold it by unique_ptr where it must travel.
class Tree {
 public:
  Tree() : mem_(initial_, sizeof(initial_)) {}
  Tree(const Tree&) = delete;
  Tree& operator=(const Tree&) = delete;

  [[nodiscard]] Node make(Kind kind, Mark mark = {}, std::string_view tag = {});
  [[nodiscard]] Node map() { return make(Kind::map); }
  [[nodiscard]] Node seq() { return make(Kind::seq); }
  [[nodiscard]] Node null() { return make(Kind::null); }
  /// A scalar of `text` (copied here), with no place and the tag "".
  [[nodiscard]] Node scalar(std::string_view text, Mark mark = {}, std::string_view tag = {});
  /// `text` copied into the arena.
  [[nodiscard]] std::string_view keep(std::string_view text);

  /// `item` at the end of the sequence `seq`.
  void push(Node seq, Node item);
  /// A new entry at the end of the map `map` (no lookup: a key already there stays, first).
  void append(Node map, Node key, Node value);
  /// `map[key] = value` as the walk writes it: the value of the first entry of that scalar key
  /// replaced, else a new entry (a scalar key made here) at the end.
  void set(Node map, std::string_view key, Node value);
  /// The map under `key` of `map`, made (empty, at the end) when there is none or it is no map.
  [[nodiscard]] Node map_at(Node map, std::string_view key);
  /// The first entry of the scalar key `key` removed; false when there was none.
  bool remove(Node map, std::string_view key);
  /// `n` becomes the scalar `text` in place (every holder of it sees the new text), with no
  /// place and the tag "": what assigning a string to a yaml-cpp node did.
  void set_scalar(Node n, std::string_view text);
  /// A deep copy of `n` made here (what is shared inside `n` is copied once for each holder).
  [[nodiscard]] Node clone(Node n);

 private:
  [[nodiscard]] Entry* entry(Value* key, Value* value);
  void link(Value* parent, Entry* e);
  alignas(std::max_align_t) std::byte initial_[2048];
  std::pmr::monotonic_buffer_resource mem_;
};

/// The value under `keys` in turn from `from`; undefined where one is missing.
[[nodiscard]] Node descend(Node from, std::initializer_list<std::string_view> keys);

}  // namespace kvdtype::io::doc
