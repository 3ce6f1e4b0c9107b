// Internal (io): the webhook body's JSON scanner (json_scan.hpp) as a template on its handler:
// scan_json() is it for any nlohmann SAX handler; the review reader (review_reader.cpp) uses it
// with its own final handler type, whose events are then called directly, not through
// json_sax's virtual functions, and inlined (docs/performance.md, twelfth round). One scanner,
// so both read exactly the same events.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "sources/k8s/json_scan.hpp"

namespace kvdtype::io {
namespace json_scan_detail {

// JSON's whitespace, as nlohmann's lexer skips it.
inline bool json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

template <class Sax>
class Scanner {
 public:
  Scanner(std::string_view text, Sax& sax)
      : p_(text.data()), end_(text.data() + text.size()), sax_(sax) {}

  JsonScan run() {
    enum class Next { value, key, after_value };
    Next next = Next::value;
    for (;;) {
      skip_space();
      switch (next) {
        case Next::value: {
          if (p_ == end_) return JsonScan::unsupported;
          const char c = *p_;
          if (c == '{' || c == '[') {
            ++p_;
            const bool object = c == '{';
            if (!(object ? sax_.start_object(kUnknownSize) : sax_.start_array(kUnknownSize))) return JsonScan::stopped;
            skip_space();
            if (p_ != end_ && *p_ == (object ? '}' : ']')) {  // empty
              ++p_;
              if (!(object ? sax_.end_object() : sax_.end_array())) return JsonScan::stopped;
              next = Next::after_value;
              break;
            }
            open_.push_back(object ? '{' : '[');
            next = object ? Next::key : Next::value;
            break;
          }
          if (c == '"') {
            ++p_;
            if (!read_string()) return JsonScan::unsupported;
            if (!string_event()) return JsonScan::stopped;
          } else if (c == 't' || c == 'f' || c == 'n') {
            const std::string_view word = c == 't' ? "true" : c == 'f' ? "false" : "null";
            if (static_cast<std::size_t>(end_ - p_) < word.size() || std::memcmp(p_, word.data(), word.size()) != 0)
              return JsonScan::unsupported;
            p_ += word.size();
            if (!(c == 'n' ? sax_.null() : sax_.boolean(c == 't'))) return JsonScan::stopped;
          } else if (c == '-' || (c >= '0' && c <= '9')) {
            const JsonScan r = read_integer();
            if (r != JsonScan::done) return r;
          } else {
            return JsonScan::unsupported;
          }
          next = Next::after_value;
          break;
        }
        case Next::key: {
          if (p_ == end_ || *p_ != '"') return JsonScan::unsupported;
          ++p_;
          if (!read_string()) return JsonScan::unsupported;
          if (!key_event()) return JsonScan::stopped;
          skip_space();
          if (p_ == end_ || *p_ != ':') return JsonScan::unsupported;
          ++p_;
          next = Next::value;
          break;
        }
        case Next::after_value: {
          if (open_.empty()) return p_ == end_ ? JsonScan::done : JsonScan::unsupported;
          if (p_ == end_) return JsonScan::unsupported;
          const bool object = open_.back() == '{';
          if (*p_ == ',') {
            ++p_;
            next = object ? Next::key : Next::value;
          } else if (*p_ == (object ? '}' : ']')) {
            ++p_;
            open_.pop_back();
            if (!(object ? sax_.end_object() : sax_.end_array())) return JsonScan::stopped;
          } else {
            return JsonScan::unsupported;
          }
          break;
        }
      }
    }
  }

 private:
  // The bytes a string holds as they are: printable ASCII but `"` and `\\`.
  static constexpr std::array<bool, 256> kPlain = [] {
    std::array<bool, 256> t{};
    for (int c = 0x20; c < 0x80; ++c) t[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
    return t;
  }();

  // nlohmann's parser gives start_object and start_array no size.
  static constexpr std::size_t kUnknownSize = static_cast<std::size_t>(-1);

  void skip_space() {
    while (p_ != end_ && json_space(*p_)) ++p_;
  }

  // A handler that takes a string or a key as a view (`string_view_event`, `key_view_event`)
  // is handed the text where it lies, without copying it into buf_ first (the review reader:
  // docs/performance.md, twelfth round); nlohmann's handlers take a std::string&.
  static constexpr bool kViews = requires(Sax& s, std::string_view v) {
    { s.string_view_event(v) } -> std::same_as<bool>;
    { s.key_view_event(v) } -> std::same_as<bool>;
  };

  // The text read_string() read into a std::string for a handler that takes one.
  std::string& text_string() {
    if (text_.data() != buf_.data()) buf_.assign(text_.data(), text_.size());
    return buf_;
  }
  bool string_event() {
    if constexpr (kViews) return sax_.string_view_event(text_);
    else return sax_.string(text_string());
  }
  bool key_event() {
    if constexpr (kViews) return sax_.key_view_event(text_);
    else return sax_.key(text_string());
  }

  // After the opening quote: the string in text_ (a view of the input when it holds no escape,
  // else of buf_, where it is unescaped), past its closing quote. False for a byte
  // that is not printable ASCII (a control byte, which JSON refuses, or UTF-8, which nlohmann
  // validates), a \u escape, an unknown escape, or no closing quote.
  bool read_string() {
    // The usual string: plain bytes up to the closing quote, handed on as they lie.
    const char* run = p_;
    while (p_ != end_ && kPlain[static_cast<unsigned char>(*p_)]) ++p_;
    if (p_ != end_ && *p_ == '"') {
      text_ = std::string_view(run, static_cast<std::size_t>(p_ - run));
      ++p_;
      return true;
    }
    buf_.clear();
    while (p_ != end_) {
      // A run of plain bytes (printable ASCII but the quote and the backslash) in one test each.
      while (p_ != end_ && kPlain[static_cast<unsigned char>(*p_)]) ++p_;
      if (p_ == end_) return false;
      const auto c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        buf_.append(run, static_cast<std::size_t>(p_ - run));
        ++p_;
        text_ = buf_;
        return true;
      }
      if (c != '\\') return false;  // a control byte (refused by JSON) or UTF-8 (nlohmann validates it)
      buf_.append(run, static_cast<std::size_t>(p_ - run));
      if (++p_ == end_) return false;
      switch (*p_) {
        case '"': buf_ += '"'; break;
        case '\\': buf_ += '\\'; break;
        case '/': buf_ += '/'; break;
        case 'b': buf_ += '\b'; break;
        case 'f': buf_ += '\f'; break;
        case 'n': buf_ += '\n'; break;
        case 'r': buf_ += '\r'; break;
        case 't': buf_ += '\t'; break;
        default: return false;  // \u (and surrogate pairs) are nlohmann's to read; anything else is invalid
      }
      run = ++p_;
    }
    return false;
  }

  // -?(0|[1-9][0-9]*) of at most 18 digits, not followed by a fraction or an exponent: the
  // integers nlohmann reads with strtoull (number_unsigned) or, negative, strtoll
  // (number_integer), neither of which can overflow at 18 digits.
  JsonScan read_integer() {
    const bool negative = *p_ == '-';
    if (negative) ++p_;
    const char* digits = p_;
    std::uint64_t v = 0;
    while (p_ != end_ && *p_ >= '0' && *p_ <= '9') v = v * 10 + static_cast<std::uint64_t>(*p_++ - '0');
    const std::size_t n = static_cast<std::size_t>(p_ - digits);
    if (n == 0 || n > 18 || (n > 1 && *digits == '0')) return JsonScan::unsupported;
    if (p_ != end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E')) return JsonScan::unsupported;
    const bool ok = negative ? sax_.number_integer(-static_cast<std::int64_t>(v)) : sax_.number_unsigned(v);
    return ok ? JsonScan::done : JsonScan::stopped;
  }

  const char* p_;
  const char* end_;
  Sax& sax_;
  std::string buf_;         // a string unescaped, or copied for a handler that takes a std::string&
  std::string_view text_;   // the string or key read (the handler copies what it keeps)
  std::string open_;  // the containers open, innermost last: '{' for an object, '[' for an array
};

}  // namespace json_scan_detail
}  // namespace kvdtype::io
