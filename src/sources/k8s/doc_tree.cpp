// kvdtype's document tree (doc_tree.hpp): the arena's making and writing of nodes.
#include "sources/k8s/doc_tree.hpp"

#include <cstring>
#include <new>

namespace kvdtype::io::doc {

Node Tree::make(Kind kind, Mark mark, std::string_view tag) {
  Value* v = new (mem_.allocate(sizeof(Value), alignof(Value))) Value{};
  v->kind = kind;
  v->mark = mark;
  v->tag = tag;
  return Node(v);
}

std::string_view Tree::keep(std::string_view text) {
  if (text.empty()) return {};
  char* p = static_cast<char*>(mem_.allocate(text.size(), 1));
  std::memcpy(p, text.data(), text.size());
  return {p, text.size()};
}

Node Tree::scalar(std::string_view text, Mark mark, std::string_view tag) {
  Node n = make(Kind::scalar, mark, tag);
  n.value()->text = keep(text);
  return n;
}

Entry* Tree::entry(Value* key, Value* value) {
  return new (mem_.allocate(sizeof(Entry), alignof(Entry))) Entry{key, value, nullptr};
}

void Tree::link(Value* parent, Entry* e) {
  if (parent->last != nullptr) parent->last->next = e;
  else parent->first = e;
  parent->last = e;
  ++parent->count;
}

void Tree::push(Node seq, Node item) {
  if (!seq.is_seq() || !item) return;
  link(seq.value(), entry(nullptr, item.value()));
}

void Tree::append(Node map, Node key, Node value) {
  if (!map.is_map() || !key || !value) return;
  link(map.value(), entry(key.value(), value.value()));
}

void Tree::set(Node map, std::string_view key, Node value) {
  if (!map.is_map() || !value) return;
  for (Entry* e = map.value()->first; e != nullptr; e = e->next)
    if (e->key->kind == Kind::scalar && e->key->text == key) {
      e->value = value.value();
      return;
    }
  append(map, scalar(key), value);
}

Node Tree::map_at(Node map, std::string_view key) {
  if (const Node m = map.find_child(key); m.is_map()) return m;
  const Node m = this->map();
  set(map, key, m);
  return m;
}

bool Tree::remove(Node map, std::string_view key) {
  if (!map.is_map()) return false;
  Value* m = map.value();
  Entry* before = nullptr;
  for (Entry* e = m->first; e != nullptr; before = e, e = e->next) {
    if (e->key->kind != Kind::scalar || e->key->text != key) continue;
    (before != nullptr ? before->next : m->first) = e->next;
    if (m->last == e) m->last = before;
    --m->count;
    return true;
  }
  return false;
}

void Tree::set_scalar(Node n, std::string_view text) {
  if (!n) return;
  Value* v = n.value();
  v->kind = Kind::scalar;
  v->text = keep(text);
  v->tag = {};
  v->mark = Mark{};
  v->first = v->last = nullptr;
  v->count = 0;
}

Node Tree::clone(Node n) {
  if (!n) return Node();
  const Value& from = *n.value();
  Node out = make(from.kind, from.mark, keep(from.tag));
  out.value()->text = keep(from.text);
  for (const Entry* e = from.first; e != nullptr; e = e->next) {
    if (from.kind == Kind::map) append(out, clone(Node(e->key)), clone(Node(e->value)));
    else push(out, clone(Node(e->value)));
  }
  return out;
}

Node descend(Node from, std::initializer_list<std::string_view> keys) {
  for (std::string_view k : keys) {
    from = from.find_child(k);
    if (!from) break;
  }
  return from;
}

}  // namespace kvdtype::io::doc
