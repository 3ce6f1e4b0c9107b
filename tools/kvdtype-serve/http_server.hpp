// The webhook's HTTPS transport: --threads event loops sharing one epoll set; whichever loop is
// free when a connection is ready runs its non-blocking TLS handshake, or reads its request —
// headers and body — against its deadlines, judges it once it is complete and writes the answer,
// all on that loop's thread. Reads never block, so a client that is slow (or silent) holds a
// connection slot and the bytes it sent, never a loop; a review, CPU-bound and bounded by
// --max-body, holds its loop while it runs, and the other loops serve the other connections.
//
// cpp-httplib 0.11 gave each connection a worker for its whole life and had a timeout per recv()
// only, so a client sending a byte every few seconds held a worker indefinitely (issue 31 #5).
// Until session 46 one event thread read the requests and handed each complete one to a pool of
// workers and back: three futex calls and two eventfd calls per review (issue 29). In session 46
// each loop owned its connections, and a request waited behind its loop's review while another
// loop idled (the p99 doubled); since session 47 the loops share them.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "metrics.hpp"

namespace kvdtype::serve {

struct HttpRequest {
  std::string method, path, remote;
  std::vector<char> body;  ///< exactly Content-Length bytes (a vector: reserve() is exact, a string's doubles)
  [[nodiscard]] std::string_view text() const { return {body.data(), body.size()}; }
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "text/plain";
  std::string body;
};

/// Runs on an event loop, several at once; must not throw (an exception is answered 500).
using Handler = std::function<void(const HttpRequest&, HttpResponse&)>;

struct ServerLimits {
  std::size_t threads = 16;  ///< event loops, each judging one request at a time, any of them any connection
  std::size_t max_body = 3u << 20;
  std::size_t max_connections = 1024;
  std::size_t max_connections_per_client = 512;
  std::size_t keep_alive_max = 10000;
  std::chrono::seconds request_timeout{5}, read_timeout{5}, handshake_timeout{5}, keep_alive_timeout{5};
};

class HttpServer {
 public:
  HttpServer(ServerLimits limits, Handler handler, Metrics& metrics);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// Load the certificate (chain) and key; an error message, or empty.
  [[nodiscard]] std::string load_tls(const std::string& cert, const std::string& key);
  /// Bind and listen; an error message, or empty.
  [[nodiscard]] std::string listen(const std::string& host, int port);
  /// Serve until stop(): then close the listener, let the requests in flight finish, return.
  void run();
  /// From now on every answer carries `Connection: close` (thread-safe).
  void drain() { draining_ = true; }
  [[nodiscard]] bool draining() const { return draining_; }
  /// Make run() return once what is in flight is done (thread-safe).
  void stop();
  /// Called by every event loop at its sweep of deadlines (every 100 ms, or once the request the
  /// loop is judging then is answered), on that loop's thread; set before run().
  void on_sweep(std::function<void()> tick);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::atomic<bool> draining_{false};
};

}  // namespace kvdtype::serve
