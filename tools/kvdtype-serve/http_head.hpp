// The head of an HTTP/1.1 request (request line and header fields), read by the webhook's own
// transport (http_server.cpp). Only what the webhook needs: the method, the path, the body's
// length and the connection options. A head this reader refuses is answered with the status it
// names and the connection is closed (the byte stream is at an unknown place).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace kvdtype::serve {

struct RequestHead {
  std::string method;
  std::string path;                ///< the target up to '?'
  int minor_version = 1;           ///< HTTP/1.<minor>
  std::size_t content_length = 0;  ///< 0 when absent
  bool expect_continue = false;    ///< Expect: 100-continue
  bool close = false;              ///< Connection: close (or HTTP/1.0 without keep-alive)
};

struct HeadError {
  int status;       ///< 400, 411, 431, 505
  std::string why;  ///< for the answer's {"error": …}
};

/// Parse `text`, the bytes up to and including the blank line that ends the head.
[[nodiscard]] std::optional<HeadError> parse_head(std::string_view text, RequestHead& out);

/// The reason phrase of the statuses the webhook answers with.
[[nodiscard]] const char* reason_phrase(int status) noexcept;

}  // namespace kvdtype::serve
