// The webhook body's JSON scanner (json_scan.hpp): nlohmann's events for the JSON it reads,
// `unsupported` for everything else.
#include "sources/k8s/json_scan.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace kvdtype::io {
namespace json_scan_detail {

// JSON's whitespace, as nlohmann's lexer skips it.
inline bool json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

class Scanner {
 public:
  Scanner(std::string_view text, nlohmann::json_sax<nlohmann::json>& sax)
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
            open_.push_back(object);
            next = object ? Next::key : Next::value;
            break;
          }
          if (c == '"') {
            ++p_;
            if (!read_string()) return JsonScan::unsupported;
            if (!sax_.string(buf_)) return JsonScan::stopped;
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
          if (!sax_.key(buf_)) return JsonScan::stopped;
          skip_space();
          if (p_ == end_ || *p_ != ':') return JsonScan::unsupported;
          ++p_;
          next = Next::value;
          break;
        }
        case Next::after_value: {
          if (open_.empty()) return p_ == end_ ? JsonScan::done : JsonScan::unsupported;
          if (p_ == end_) return JsonScan::unsupported;
          const bool object = open_.back();
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

  // After the opening quote: the string into buf_, past its closing quote. False for a byte
  // that is not printable ASCII (a control byte, which JSON refuses, or UTF-8, which nlohmann
  // validates), a \u escape, an unknown escape, or no closing quote.
  bool read_string() {
    buf_.clear();
    const char* run = p_;
    while (p_ != end_) {
      // A run of plain bytes (printable ASCII but the quote and the backslash) in one test each.
      while (p_ != end_ && kPlain[static_cast<unsigned char>(*p_)]) ++p_;
      if (p_ == end_) return false;
      const auto c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        buf_.append(run, static_cast<std::size_t>(p_ - run));
        ++p_;
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
  nlohmann::json_sax<nlohmann::json>& sax_;
  std::string buf_;         // the string or key handed to the handler (it copies what it keeps)
  std::vector<bool> open_;  // the containers open, innermost last: true for an object
};

}  // namespace json_scan_detail

JsonScan scan_json(std::string_view text, nlohmann::json_sax<nlohmann::json>& sax) {
  return json_scan_detail::Scanner(text, sax).run();
}

}  // namespace kvdtype::io
