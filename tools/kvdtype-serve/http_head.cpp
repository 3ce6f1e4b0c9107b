// HTTP/1.1 request heads (http_head.hpp), after RFC 9112. Strict where a lenient reading could
// let two parties see different requests in one byte stream (request smuggling): a
// Transfer-Encoding is refused rather than decoded (the API server always sends Content-Length),
// Content-Length must be digits and agree with itself, and folded header lines are refused.
#include "http_head.hpp"

#include <algorithm>
#include <cctype>

namespace kvdtype::serve {
namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y)); });
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool is_token(std::string_view s) {
  static constexpr std::string_view kSpecial = "!#$%&'*+-.^_`|~";
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || kSpecial.find(c) != std::string_view::npos;
  });
}

// Comma-separated tokens of a Connection or Expect value, compared without case.
bool has_token(std::string_view value, std::string_view token) {
  while (!value.empty()) {
    const std::size_t comma = value.find(',');
    if (iequals(trim(value.substr(0, comma)), token)) return true;
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
  return false;
}

// The next line without its CRLF (a bare LF is taken too, as most servers do).
std::string_view next_line(std::string_view& text) {
  const std::size_t nl = text.find('\n');
  std::string_view line = text.substr(0, nl);
  text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

}  // namespace

std::optional<HeadError> parse_head(std::string_view text, RequestHead& out) {
  std::string_view line = next_line(text);
  const std::size_t sp1 = line.find(' ');
  const std::size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos)
    return HeadError{400, "malformed request line"};
  const std::string_view method = line.substr(0, sp1), target = line.substr(sp1 + 1, sp2 - sp1 - 1), version = line.substr(sp2 + 1);
  if (!is_token(method) || target.empty() || target.front() != '/') return HeadError{400, "malformed request line"};
  if (version == "HTTP/1.1") out.minor_version = 1;
  else if (version == "HTTP/1.0") out.minor_version = 0;
  else if (version.substr(0, 5) == "HTTP/") return HeadError{505, "only HTTP/1.1 and HTTP/1.0 are served"};
  else return HeadError{400, "malformed request line"};
  out.method = method;
  out.path = target.substr(0, target.find('?'));

  bool keep_alive = false, have_length = false;
  while (!text.empty()) {
    line = next_line(text);
    if (line.empty()) break;  // the blank line that ends the head
    if (line.front() == ' ' || line.front() == '\t') return HeadError{400, "folded header lines are not taken"};
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || !is_token(line.substr(0, colon))) return HeadError{400, "malformed header line"};
    const std::string_view name = line.substr(0, colon), value = trim(line.substr(colon + 1));
    if (iequals(name, "Content-Length")) {
      if (value.empty() || value.size() > 18 || !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return HeadError{400, "malformed Content-Length"};
      const std::size_t n = std::stoull(std::string(value));
      if (have_length && n != out.content_length) return HeadError{400, "two different Content-Length values"};
      out.content_length = n;
      have_length = true;
    } else if (iequals(name, "Transfer-Encoding")) {
      return HeadError{411, "Transfer-Encoding is not taken: send the body with a Content-Length"};
    } else if (iequals(name, "Connection")) {
      out.close = out.close || has_token(value, "close");
      keep_alive = keep_alive || has_token(value, "keep-alive");
    } else if (iequals(name, "Expect")) {
      out.expect_continue = has_token(value, "100-continue");
    }
  }
  if (out.minor_version == 0 && !keep_alive) out.close = true;
  return std::nullopt;
}

const char* reason_phrase(int status) noexcept {
  switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 400: return "Bad Request";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 411: return "Length Required";
    case 413: return "Payload Too Large";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Unknown";
  }
}

}  // namespace kvdtype::serve
