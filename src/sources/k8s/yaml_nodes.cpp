// kvdtype's document tree (doc_tree.hpp) made from libfyaml's events in one pass (yaml_nodes.hpp).
#include "sources/k8s/yaml_nodes.hpp"

#include <libfyaml.h>

#include "common/text.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <new>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace kvdtype::io::yaml {

namespace {

struct TooManyNodes {};

// yaml-cpp's parser recursed once per nesting level and refused a document past 500 of them
// (its DepthGuard); libfyaml's events need no recursion, and the bound stays where it was so that
// a deep file gets the same answer.
constexpr std::size_t kMaxDepth = 500;

// libfyaml objects released on every path out.
struct ParserDeleter {
  void operator()(fy_parser* p) const { fy_parser_destroy(p); }
};
struct DiagDeleter {
  void operator()(fy_diag* d) const { fy_diag_destroy(d); }
};
struct EventFree {
  fy_parser* parser;
  void operator()(fy_event* e) const { fy_parser_event_free(parser, e); }
};

std::string_view text_of(fy_token* t) {
  if (t == nullptr) return {};
  std::size_t len = 0;
  const char* p = fy_token_get_text(t, &len);
  return p != nullptr ? std::string_view(p, len) : std::string_view();
}

// A single-quoted scalar as YAML 1.2 reads it (section 7.3.2) from the text between its quotes:
// '' is one quote; a line break with the white space around it folds to a space, and each
// empty line after the first break to a line break. libfyaml 0.7.12 formats a scalar of many
// '' escapes wrongly (docs/reliability.md, finding 36: the escapes past its iterator's first
// chunk stay doubled and the last line is lost, at the right length), so the reader folds every
// single-quoted scalar itself.
std::string fold_single_quoted(std::string_view raw) {
  const auto unescape = [](std::string_view s, std::string& out) {
    for (std::size_t i = 0; i < s.size(); ++i) {
      out += s[i];
      if (s[i] == '\'' && i + 1 < s.size() && s[i + 1] == '\'') ++i;
    }
  };
  constexpr std::string_view kBlank = " \t\r";
  std::string out;
  std::size_t breaks = 0;
  bool first = true;
  for (std::size_t pos = 0;;) {
    const std::size_t nl = raw.find('\n', pos);
    const bool last = nl == std::string_view::npos;
    std::string_view line = raw.substr(pos, last ? std::string_view::npos : nl - pos);
    if (!first) line.remove_prefix(std::min(line.find_first_not_of(kBlank), line.size()));
    if (!last) line.remove_suffix(line.size() - (line.find_last_not_of(kBlank) + 1));
    if (first) {
      unescape(line, out);
    } else if (line.empty() && !last) {
      ++breaks;
    } else {
      if (breaks == 0) out += ' ';
      else out.append(breaks, '\n');
      breaks = 0;
      unescape(line, out);
    }
    first = false;
    if (last) break;
    pos = nl + 1;
  }
  return out;
}

YAML::Mark to_mark(const fy_mark& fm) {
  YAML::Mark m;
  m.pos = static_cast<int>(fm.input_pos);
  m.line = fm.line;
  m.column = fm.column;
  return m;
}

// Where a node begins as yaml-cpp and go-yaml place it: at its first property (anchor or tag)
// when it has one; libfyaml's event starts at the content.
YAML::Mark mark_of(fy_event* e, fy_token* anchor, fy_token* tag) {
  const fy_mark* m = fy_event_start_mark(e);
  YAML::Mark best = m != nullptr ? to_mark(*m) : YAML::Mark::null_mark();
  if (tag != nullptr)
    if (const fy_mark* t = fy_token_start_mark(tag); t != nullptr && (m == nullptr || static_cast<int>(t->input_pos) < best.pos))
      best = to_mark(*t);
  // libfyaml's anchor token starts after its `&`.
  if (anchor != nullptr)
    if (const fy_mark* a = fy_token_start_mark(anchor); a != nullptr && a->column > 0 && (m == nullptr || static_cast<int>(a->input_pos) - 1 < best.pos)) {
      best = to_mark(*a);
      --best.pos;
      --best.column;
    }
  return best;
}

// A block scalar's node begins at its indicator (`|` or `>`), as yaml-cpp and go-yaml place it;
// libfyaml's event starts at the content below. The indicator is the last `|`/`>` before a
// comment on the last line above the content that is not blank (lines between are content).
YAML::Mark block_indicator(const std::string& text, YAML::Mark content) {
  if (content.pos <= 0 || static_cast<std::size_t>(content.pos) > text.size()) return content;
  std::size_t end = text.rfind('\n', static_cast<std::size_t>(content.pos) - 1);
  int line = content.line;
  while (end != std::string::npos) {
    const std::size_t begin = end == 0 ? 0 : (text.rfind('\n', end - 1) == std::string::npos ? 0 : text.rfind('\n', end - 1) + 1);
    --line;
    std::string_view l(text.data() + begin, end - begin);
    if (l.find_first_not_of(" \t\r") != std::string_view::npos) {
      for (std::size_t c = 0; c < l.size(); ++c)
        if (l[c] == '#' && (c == 0 || l[c - 1] == ' ' || l[c - 1] == '\t')) {
          l = l.substr(0, c);
          break;
        }
      const std::size_t at = l.find_last_of("|>");
      if (at == std::string_view::npos) return content;
      YAML::Mark m;
      m.pos = static_cast<int>(begin + at);
      m.line = line;
      m.column = static_cast<int>(at);
      return m;
    }
    if (begin == 0) break;
    end = begin - 1;
  }
  return content;
}

// The tag yaml-cpp's loader gives a node: the one written (resolved through %TAG and `!!`), else
// its non-specific tag, `!` for a quoted or block scalar and `?` for everything else.
std::string tag_of(fy_token* tag, bool plain) {
  if (tag != nullptr) return std::string(text_of(tag));
  return plain ? "?" : "!";
}

// What yaml-cpp 0.7 loads as a null node: an empty node, or a plain `~`/`null` with no tag.
bool is_null(std::string_view v) { return v.empty() || v == "~" || v == "null" || v == "Null" || v == "NULL"; }

// Where byte `pos` of `text` is, as yaml-cpp marks it (line and column from 0).
YAML::Mark mark_at(const std::string& text, std::size_t pos) {
  YAML::Mark m;
  m.pos = static_cast<int>(pos);
  const auto before = text.begin() + static_cast<std::ptrdiff_t>(pos);
  m.line = static_cast<int>(std::count(text.begin(), before, '\n'));
  const std::size_t line_start = pos == 0 ? std::string::npos : text.rfind('\n', pos - 1);
  m.column = static_cast<int>(line_start == std::string::npos ? pos : pos - line_start - 1);
  return m;
}

doc::Mark node_mark(const YAML::Mark& m) { return doc::Mark{m.line, m.column, m.pos}; }

// The events of a stream → one document's nodes at a time, as yaml-cpp's NodeBuilder linked its
// own (so that the documents are what LoadAll gave: marks, tags, anchors shared by their
// aliases), and the checks of the whole stream made on the same events.
class OnePass {
 public:
  OnePass(Documents& out, doc::Tree& tree, const std::string& text, std::size_t max_nodes, bool first_only)
      : out_(out), text_(text), max_nodes_(max_nodes), tree_(tree), first_only_(first_only) {}

  // An empty node has no text to be placed at: yaml-cpp and go-yaml (libyaml's parser) give it
  // the place of what follows it, the next event's start.
  void place_empty(fy_event* e) {
    if (empty_.empty()) return;
    const fy_mark* m = fy_event_start_mark(e);
    if (m == nullptr) return;
    for (doc::Value* n : empty_) n->mark = node_mark(to_mark(*m));
    empty_.clear();
  }

  // A fresh document (every document's nodes are made in the one tree of the stream).
  void begin() {
    root_ = nullptr;
    stack_.clear();
    empty_.clear();
    anchors_.clear();
    keys_.clear();
    frames_.clear();
    map_depth_ = 0;
  }
  [[nodiscard]] doc::Node root() const { return root_ != nullptr ? doc::Node(root_) : tree_.null(); }
  // Stop after the first document (what YAML::Load read of a text).
  [[nodiscard]] bool first_only() const { return first_only_; }

  void scalar(fy_event* e) {
    const fy_event_scalar_data& d = e->scalar;
    const fy_scalar_style style = fy_token_scalar_style(d.value);
    // A single-quoted scalar is folded here from its source, never formatted by libfyaml (finding 36).
    const std::string quoted = style == FYSS_SINGLE_QUOTED ? single_quoted_text(e) : std::string();
    const std::string_view value = style == FYSS_SINGLE_QUOTED ? std::string_view(quoted) : text_of(d.value);
    const bool plain = style == FYSS_PLAIN;
    YAML::Mark mark = mark_of(e, d.anchor, d.tag);
    const bool bare = d.anchor == nullptr && d.tag == nullptr;
    // libfyaml's quoted scalar starts inside its quote; yaml-cpp's node, as the text, at the quote.
    if ((style == FYSS_SINGLE_QUOTED || style == FYSS_DOUBLE_QUOTED) && bare && mark.column > 0) {
      --mark.column;
      --mark.pos;
    }
    if (style == FYSS_LITERAL || style == FYSS_FOLDED) refuse_unindented_block(e);
    if ((style == FYSS_LITERAL || style == FYSS_FOLDED) && bare) mark = block_indicator(text_, mark);
    if (plain && d.tag == nullptr && is_null(value)) {
      check(mark, nullptr);
      doc::Value& n = push(mark, d.anchor, doc::Kind::null, "");  // yaml-cpp gave a null no tag
      if (bare && value.empty()) empty_.push_back(&n);
      pop();
      return;
    }
    std::string text(value);
    // libfyaml ends a block scalar that runs to the end of a file with no final line break with
    // one anyway; YAML 1.2 (section 8.1.1.2, chomping) and yaml-cpp keep only the breaks written.
    if ((style == FYSS_LITERAL || style == FYSS_FOLDED) && !text.empty() && text.back() == '\n' && !text_.empty() &&
        text_.back() != '\n')
      if (const fy_mark* end = fy_event_end_mark(e); end != nullptr && end->input_pos >= text_.size()) text.pop_back();
    check(mark, &text);
    if (text == "<<") out_.merge_key = true;
    doc::Value& n = push(mark, d.anchor, doc::Kind::scalar, tag_of(d.tag, plain));
    n.text = tree_.keep(text);
    pop();
  }
  void alias(fy_event* e) {
    const YAML::Mark mark = mark_of(e, nullptr, nullptr);
    check(mark, nullptr);
    out_.aliases = true;
    const auto it = anchors_.find(std::string(text_of(e->alias.anchor)));
    if (it == anchors_.end()) throw YAML::ParserException(mark, "the alias names no anchor defined before it");
    push(*it->second);
    pop();
  }
  void collection_start(fy_event* e, bool map) {
    fy_token* anchor = map ? e->mapping_start.anchor : e->sequence_start.anchor;
    fy_token* tag = map ? e->mapping_start.tag : e->sequence_start.tag;
    const YAML::Mark mark = mark_of(e, anchor, tag);
    check(mark, nullptr);
    if (frames_.size() >= kMaxDepth) throw YAML::ParserException(mark, kTooDeep);
    fy_token* start = map ? e->mapping_start.mapping_start : e->sequence_start.sequence_start;
    const fy_token_type t = fy_token_get_type(start);
    const bool flow = t == FYTT_FLOW_MAPPING_START || t == FYTT_FLOW_SEQUENCE_START;
    const fy_mark* at = flow ? nullptr : fy_token_start_mark(start);
    frames_.push_back({map, true, at != nullptr ? at->column : -1, {}});
    (void)push(mark, anchor, map ? doc::Kind::map : doc::Kind::seq, tag_of(tag, true));
    if (map) ++map_depth_;
  }
  void collection_end(bool map) {
    if (!frames_.empty()) frames_.pop_back();
    if (map) --map_depth_;
    pop();
  }

 private:
  struct Frame {
    bool map = false;
    bool expecting_key = true;
    int column = -1;  // a block collection's indentation (its first key's or `-`'s column); -1 for flow
    std::unordered_set<std::string> keys;  // a mapping of many keys stays linear
  };

  // Finding 36: libfyaml 0.7.12 formats a single-quoted scalar of many '' escapes wrongly and
  // leaks the chunk it grew doing so; the text between the quotes (the token's marks) is folded
  // by fold_single_quoted() instead, as YAML 1.2 reads it. The scanner still decides where the
  // scalar starts and ends.
  std::string single_quoted_text(fy_event* e) const {
    const fy_mark* s = fy_token_start_mark(e->scalar.value);
    const fy_mark* end = fy_token_end_mark(e->scalar.value);
    if (s == nullptr || end == nullptr || s->input_pos > end->input_pos || end->input_pos > text_.size())
      throw YAML::ParserException(mark_of(e, nullptr, nullptr), "a single-quoted string whose place in the text libfyaml did not give");
    return fold_single_quoted(std::string_view(text_.data() + s->input_pos, end->input_pos - s->input_pos));
  }
  // A block scalar (`|`, `>`) whose first line that is not blank is indented no further than the
  // collection holding it: YAML ends the scalar before that line (YAML 1.2 section 8.1.1.1; go-yaml,
  // yaml-cpp and PyYAML read an empty scalar, or refuse what follows). libfyaml 0.7.12 (Debian 12)
  // takes the line into the scalar instead, and gets the text wrong: `k: |` over a sibling `j: x`
  // reads as "j: x", and a sequence item's `- |-` over a line at the `-` column gives text whose
  // length counts bytes it never wrote (uninitialised heap: two readings of one file differed;
  // found by the manifest_parse fuzzer, docs/reliability.md finding 35). Refused by line, never
  // read wrong. libfyaml's event starts at the line after the indicator; a document marker there
  // ends the scalar correctly and is left alone.
  void refuse_unindented_block(fy_event* e) {
    if (frames_.empty() || frames_.back().column < 0) return;
    const fy_mark* m = fy_event_start_mark(e);
    if (m == nullptr || m->input_pos > text_.size()) return;
    std::size_t pos = m->input_pos;
    if (m->column != 0) {  // not at a line's start: begin at the next line
      pos = text_.find('\n', pos);
      if (pos == std::string::npos) return;
      ++pos;
    }
    while (pos < text_.size()) {
      std::size_t end = text_.find('\n', pos);
      if (end == std::string::npos) end = text_.size();
      const std::string_view line(text_.data() + pos, end - pos);
      const std::size_t indent = std::min(line.find_first_not_of(' '), line.size());
      const bool blank = line.find_first_not_of(" \r") == std::string_view::npos;
      if (!blank) {
        if (indent == 0 && (line.starts_with("---") || line.starts_with("..."))) return;
        if (static_cast<int>(indent) <= frames_.back().column)
          throw YAML::ParserException(mark_at(text_, pos + indent),
                                      "a block scalar's first line is not indented past the " +
                                          std::string(frames_.back().map ? "mapping" : "sequence") + " holding it (column " +
                                          std::to_string(frames_.back().column + 1) +
                                          "): YAML ends the scalar there and libfyaml 0.7.12 misreads it; indent its "
                                          "lines, or write \"\" for an empty value");
        return;
      }
      pos = end + 1;
    }
  }

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

  // The tag as a view that lives as long as the tree: the two non-specific ones are literals.
  std::string_view kept_tag(const std::string& tag) {
    if (tag == "?") return "?";
    if (tag == "!") return "!";
    return tree_.keep(tag);
  }

  doc::Value& push(const YAML::Mark& mark, fy_token* anchor, doc::Kind kind, const std::string& tag) {
    doc::Value& n = *tree_.make(kind, node_mark(mark), kept_tag(tag)).value();
    // A later anchor of the same name takes over from here on (YAML 1.2 section 7.1).
    if (anchor != nullptr) anchors_[std::string(text_of(anchor))] = &n;
    push(n);
    return n;
  }
  // A node whose key is still to come is the key of the mapping on top.
  void push(doc::Value& n) {
    const bool is_key = !stack_.empty() && stack_.back()->kind == doc::Kind::map && keys_.size() < map_depth_;
    stack_.push_back(&n);
    if (is_key) keys_.emplace_back(&n, false);
  }
  // A node complete: the root, an item of a sequence, or a key (then its value) of a mapping.
  void pop() {
    doc::Value& n = *stack_.back();
    stack_.pop_back();
    if (stack_.empty()) {
      root_ = &n;
      return;
    }
    doc::Value& parent = *stack_.back();
    if (parent.kind == doc::Kind::seq) {
      tree_.push(doc::Node(&parent), doc::Node(&n));
    } else if (parent.kind == doc::Kind::map) {
      auto& [key, has_value] = keys_.back();
      if (!has_value) {
        has_value = true;
        return;
      }
      tree_.append(doc::Node(&parent), doc::Node(key), doc::Node(&n));
      keys_.pop_back();
    }
  }

  Documents& out_;
  const std::string& text_;
  std::size_t max_nodes_;
  std::vector<doc::Value*> empty_;  // empty nodes waiting for the next event's place
  std::vector<Frame> frames_;
  doc::Tree& tree_;
  bool first_only_ = false;
  doc::Value* root_ = nullptr;
  std::vector<doc::Value*> stack_;
  std::unordered_map<std::string, doc::Value*> anchors_;
  std::vector<std::pair<doc::Value*, bool>> keys_;  // a mapping's key waiting for its value
  std::size_t map_depth_ = 0;
};

// libfyaml's first error, as yaml-cpp's exception carried one: where, and what.
[[noreturn]] void throw_first_error(fy_diag* diag) {
  void* it = nullptr;
  if (fy_diag_error* err = fy_diag_errors_iterate(diag, &it)) {
    YAML::Mark m;  // libfyaml counts lines and columns from 1, yaml-cpp from 0
    m.line = err->line > 0 ? err->line - 1 : 0;
    m.column = err->column > 0 ? err->column - 1 : 0;
    throw YAML::ParserException(m, err->msg != nullptr ? err->msg : "not YAML");
  }
  throw YAML::ParserException(YAML::Mark::null_mark(), "not YAML");
}

// The first byte of `text` that begins no valid UTF-8 sequence; npos when the text is UTF-8.
std::size_t first_non_utf8(const std::string& text) {
  const std::string_view s(text);
  for (std::size_t i = 0; i < s.size();) {
    // Eight ASCII bytes at a time: a manifest is nearly all ASCII, and this runs on every byte.
    if (std::uint64_t word = 0; i + 8 <= s.size() && (std::memcpy(&word, s.data() + i, 8), (word & 0x8080808080808080ULL) == 0)) {
      i += 8;
      continue;
    }
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = kvdtype::detail::utf8_sequence_length(s.substr(i));
    if (n == 0) return i;
    i += n;
  }
  return std::string::npos;
}

}  // namespace

namespace {

// The pass of load_documents and load_first, into `tree`.
void read_stream(Documents& out, doc::Tree& tree, const std::string& text, std::size_t max_nodes, bool first_only) {
  // libfyaml ends its input at a NUL byte and would read the text before it as the whole file;
  // YAML allows none (YAML 1.2 section 5.1: printable characters only), and yaml-cpp refused it.
  if (const std::size_t nul = text.find('\0'); nul != std::string::npos)
    throw YAML::ParserException(mark_at(text, nul), "a NUL byte, which YAML text cannot hold");
  // Bytes that are not UTF-8: libfyaml (0.7.12, Debian 12) scans a directive line holding one
  // forever (`%\xBF`, found by the manifest_parse fuzzer; docs/reliability.md finding 34), and
  // kubectl's reader refuses such a file anyway. Refused before libfyaml reads a byte.
  if (const std::size_t bad = first_non_utf8(text); bad != std::string::npos) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    const auto b = static_cast<unsigned char>(text[bad]);
    throw YAML::ParserException(mark_at(text, bad), std::string("a byte 0x") + kHex[b >> 4] + kHex[b & 15] +
                                                        " that is not UTF-8 (YAML text is UTF-8; kubectl refuses it too)");
  }
  fy_diag_cfg dcfg{};
  fy_diag_cfg_default(&dcfg);
  dcfg.fp = nullptr;
  std::unique_ptr<fy_diag, DiagDeleter> diag(fy_diag_create(&dcfg));
  if (!diag) throw std::bad_alloc();
  fy_diag_set_collect_errors(diag.get(), true);
  // Events only: the reader's own checks find a key given twice, and its own bound the depth.
  // Flow collections may continue on lines indented no further than their key (`args: [` over a
  // `]` at the key's column): kubectl's reader (go-yaml, a libyaml port) and libyaml apply such
  // files, and libfyaml refuses them unless told to be as lenient (vllm-project/semantic-router
  // deploy/kubernetes/istio/vLlama3.yaml @3d48f8c9, a corpus row).
  fy_parse_cfg cfg{};
  cfg.flags = static_cast<fy_parse_cfg_flags>(FYPCF_QUIET | FYPCF_JSON_NONE | FYPCF_ALLOW_DUPLICATE_KEYS |
                                              FYPCF_DISABLE_DEPTH_LIMIT | FYPCF_SLOPPY_FLOW_INDENTATION);
  cfg.diag = diag.get();
  std::unique_ptr<fy_parser, ParserDeleter> parser(fy_parser_create(&cfg));
  if (!parser || fy_parser_set_string(parser.get(), text.data(), text.size()) != 0) throw std::bad_alloc();
  OnePass pass(out, tree, text, max_nodes, first_only);
  try {
    for (;;) {
      std::unique_ptr<fy_event, EventFree> e(fy_parser_parse(parser.get()), EventFree{parser.get()});
      if (!e) break;
      pass.place_empty(e.get());
      switch (e->type) {
        case FYET_DOCUMENT_START: pass.begin(); break;
        case FYET_DOCUMENT_END:
          out.docs.push_back(pass.root());
          if (pass.first_only()) return;
          break;
        case FYET_SCALAR: pass.scalar(e.get()); break;
        case FYET_ALIAS: pass.alias(e.get()); break;
        case FYET_MAPPING_START: pass.collection_start(e.get(), true); break;
        case FYET_SEQUENCE_START: pass.collection_start(e.get(), false); break;
        case FYET_MAPPING_END: pass.collection_end(true); break;
        case FYET_SEQUENCE_END: pass.collection_end(false); break;
        default: break;
      }
    }
  } catch (const TooManyNodes&) {
    out.docs.clear();
    out.too_many_nodes = true;
    return;
  }
  if (fy_parser_get_stream_error(parser.get())) throw_first_error(diag.get());
}

}  // namespace

Documents load_documents(const std::string& text, std::size_t max_nodes) {
  Documents out;
  out.tree = std::make_unique<doc::Tree>();
  read_stream(out, *out.tree, text, max_nodes, false);
  return out;
}

doc::Node load_first(const std::string& text, doc::Tree& tree) {
  Documents out;
  read_stream(out, tree, text, SIZE_MAX, true);
  return out.docs.empty() ? tree.null() : out.docs.front();
}

}  // namespace kvdtype::io::yaml
