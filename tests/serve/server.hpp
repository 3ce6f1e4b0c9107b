// A kvdtype serve process for the tests, and the clients that talk to it.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "run_cli.hpp"

namespace kvdtype::test {

/// Whether the server's resident memory is its own: under AddressSanitizer it also holds the
/// shadow memory and the quarantine of freed blocks (256 MB by default), under ThreadSanitizer
/// its shadow memory (a 2 MiB-body test peaks at ~130 MB there, main's server of session 45 as
/// this one), so memory bounds are asserted in the release build only (scripts/test.sh step 1).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kRssIsTheServers = false;
#else
inline constexpr bool kRssIsTheServers = true;
#endif

/// A program's exit status and output (tests/cli/run_cli.hpp).
using Ran = CliResult;

/// Run a program (no shell), feeding `input` on stdin; killed after `timeout_s`.
inline Ran run(const std::vector<std::string>& argv, const std::string& input = {}, int timeout_s = 120) {
  return run_program(argv, input, {}, timeout_s);
}

/// A self-signed certificate for localhost / 127.0.0.1, made once per process with openssl req.
struct Cert {
  std::string dir, cert, key;
};
const Cert& test_cert();

/// `kvdtype serve --listen 127.0.0.1:PORT --tls-cert … --tls-key … <extra>`, up (GET /healthz
/// answered) when the constructor returns; SIGTERM and reaped by stop() or the destructor.
class Server {
 public:
  explicit Server(const std::vector<std::string>& extra = {});
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  [[nodiscard]] bool up() const { return up_; }
  [[nodiscard]] int port() const { return port_; }
  [[nodiscard]] pid_t pid() const { return pid_; }
  [[nodiscard]] std::string url(const std::string& path) const;
  /// SIGTERM, then wait (at most `timeout_s`); the exit status, or -1 when it had to be killed.
  int stop(int timeout_s = 60);
  /// What the server logged on stderr so far.
  [[nodiscard]] std::string log() const;
  /// Whether the process is still running.
  [[nodiscard]] bool running() const;
  /// Resident memory in KiB (/proc/PID/status VmRSS), 0 when unknown.
  [[nodiscard]] long rss_kib() const;
  /// The most resident memory the process has had, in KiB (VmHWM), 0 when unknown.
  [[nodiscard]] long peak_rss_kib() const;
  /// A counter of GET /metrics, e.g. `kvdtype_http_refused_total{reason="deadline"}`; -1 when absent.
  [[nodiscard]] long metric(const std::string& series) const;

 private:
  int port_ = 0;
  pid_t pid_ = -1;
  bool up_ = false;
  std::string log_path_;
};

/// curl against the server: HTTP status (0 when no HTTP answer) and body.
struct Http {
  int curl_exit = -1;
  int status = 0;
  std::string body;
};
Http curl_get(const Server& s, const std::string& path, const std::vector<std::string>& extra = {});
Http curl_post(const Server& s, const std::string& path, const std::string& body, const std::vector<std::string>& extra = {});

/// An AdmissionReview v1 around `object` (JSON text) with this uid and operation CREATE.
std::string review_body(const std::string& object_json, const std::string& uid, const std::string& kind = "Pod");

/// A raw TLS connection (OpenSSL) for what curl will not do: stall, trickle, truncate.
class TlsClient {
 public:
  explicit TlsClient(int port, bool handshake = true);
  ~TlsClient();
  TlsClient(const TlsClient&) = delete;
  TlsClient& operator=(const TlsClient&) = delete;
  [[nodiscard]] bool connected() const { return ok_; }
  bool send(const std::string& bytes);
  /// Read until the peer closes or `timeout_s` passes.
  std::string read_all(int timeout_s = 30);
  /// Read one HTTP response: its headers and Content-Length bytes of body, as a client that
  /// honours the length does (the server may keep the connection open after it); or whatever
  /// came before the peer closed or `timeout_s` passed. Bytes after that answer are kept for the
  /// next call (answers to pipelined requests).
  std::string read_response(int timeout_s = 30);
  /// Send `bytes` one at a time, `pause_ms` apart, until all are sent or the server answers or
  /// hangs up (the socket turns readable); then what the server sent before it closed, or before
  /// `bound_s` passed. The test's own bound, never a measure of the server's speed.
  struct Trickled {
    bool sent_all = false;
    std::string answer;
  };
  Trickled trickle(const std::string& bytes, int pause_ms, int bound_s = 60);
  void close();

 private:
  /// One recv (or SSL_read) of up to `size` bytes, waiting at most `timeout_s`; <= 0: closed or timed out.
  int receive(char* buf, int size, int timeout_s);
  int fd_ = -1;
  void* ssl_ = nullptr;
  std::string pending_;
  bool ok_ = false;
};

}  // namespace kvdtype::test
