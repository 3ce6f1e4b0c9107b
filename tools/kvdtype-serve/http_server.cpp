// The event thread of the webhook's transport (http_server.hpp).
//
// Every connection is a small state machine driven by epoll (level-triggered) and by a sweep of
// deadlines every 100 ms:
//
//   handshake ─► idle ─► head ─► body ─► review ─► write ─► idle (keep-alive) …
//                                                    └────► linger ─► closed (Connection: close)
//
// - handshake: --handshake-timeout from accept.
// - idle: no byte of the next request yet; closed quietly after --keep-alive-timeout.
// - head, body: from the request's first byte, --request-timeout for headers and body together,
//   and no silence longer than --read-timeout; past either the client gets 408 and is closed.
// - review: the complete request is on a worker; nothing is read meanwhile, so a pipelined next
//   request stays in the buffers and is read once this answer is written (answers in order).
// - write: the answer, within --request-timeout.
// - linger: after an answer with `Connection: close` the server sends close_notify and FIN, then
//   reads and drops what the client still sends for up to 2 s before closing: closing a socket
//   with unread bytes sends a reset, which can destroy the answer (a 413 sent while the client is
//   still writing the body) before the client reads it.
//
// Memory: a body is read into a buffer grown as its bytes arrive (never reserved from the
// announced Content-Length alone, so a client that announces 3 MiB and trickles holds little),
// and all bodies together — being read, queued or under review — hold at most --threads ×
// --max-body bytes, plus one more --max-body for one connection at a time (the lane): bodies grown
// in steps could otherwise fill the budget together with none of them complete, and wait for each
// other until their deadlines. A connection whose next bytes do not fit takes the lane if it is
// free (its whole Content-Length, so it can finish), or waits — its deadlines running — until a
// review finishes or the lane is given back.
#include "http_server.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <mutex>
#include <unordered_map>
#include <utility>

#include "http_head.hpp"
#include "worker_pool.hpp"

namespace kvdtype::serve {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kMaxHead = 16 * 1024;          // an AdmissionReview POST's header fields are a few hundred bytes
constexpr std::size_t kReadChunk = 16 * 1024;        // one TLS record
constexpr std::size_t kFirstBodyBuffer = 64 * 1024;  // most reviews fit the first buffer
constexpr auto kLinger = std::chrono::seconds(2);
constexpr auto kSweep = std::chrono::milliseconds(100);
constexpr int kLingerReads = 64;  // per wake-up, so that a client flooding a closing connection cannot hold the event thread
constexpr std::uint64_t kListenerId = 0, kWakeId = 1;

enum class State { handshake, idle, head, body, review, write, linger };

struct Conn {
  std::uint64_t id = 0;
  int fd = -1;
  SSL* ssl = nullptr;
  std::string ip;
  State state = State::handshake;
  Clock::time_point deadline, last_byte;
  std::uint32_t events = 0;
  bool registered = false, closed = false, paused = false;
  std::string in;  // bytes of a request head (and whatever followed it in the same read)
  RequestHead head;
  std::vector<char> body;
  std::size_t charged = 0;  // body.capacity(), counted against the bodies' budget
  std::string out;          // the answer being written (after a 100 Continue not yet written, if any)
  std::size_t out_at = 0;
  std::uint32_t out_wait = 0;  // EPOLLIN/EPOLLOUT a half-written 100 Continue waits for while the body is read
  bool close_after = false;
  std::size_t served = 0;
};

struct Done {
  std::uint64_t id;
  HttpResponse res;
  std::size_t charged;
  bool head_only;
};

std::string address_text(const sockaddr_storage& a) {
  char buf[INET6_ADDRSTRLEN] = "";
  if (a.ss_family == AF_INET) inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in&>(a).sin_addr, buf, sizeof buf);
  else if (a.ss_family == AF_INET6) inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6&>(a).sin6_addr, buf, sizeof buf);
  return buf;
}

// What a failed SSL call waits for: EPOLLIN, EPOLLOUT, or 0 when the connection is broken.
std::uint32_t ssl_wait(SSL* ssl, int r) {
  switch (SSL_get_error(ssl, r)) {
    case SSL_ERROR_WANT_READ: return EPOLLIN;
    case SSL_ERROR_WANT_WRITE: return EPOLLOUT;
    default: return 0;
  }
}

}  // namespace

struct HttpServer::Impl {
  Impl(ServerLimits l, Handler h, Metrics& m, std::atomic<bool>& d)
      : limits(l), handler(std::move(h)), metrics(m), draining(d), budget(l.threads * l.max_body) {}
  ~Impl() {
    for (auto& [id, c] : conns)
      if (!c->closed) close_conn(*c);
    for (int fd : {listener, ep, wake})
      if (fd >= 0) ::close(fd);
    SSL_CTX_free(ctx);
  }

  ServerLimits limits;
  Handler handler;
  Metrics& metrics;
  std::atomic<bool>& draining;
  SSL_CTX* ctx = nullptr;
  int listener = -1, ep = -1, wake = -1;
  bool listening = false, stopping = false;
  std::atomic<bool> stop_requested{false};
  std::unordered_map<std::uint64_t, std::unique_ptr<Conn>> conns;
  std::uint64_t next_id = 2;
  std::unordered_map<std::string, std::size_t> per_client;
  const std::size_t budget;  // bytes all bodies may hold together
  std::size_t charged_total = 0;
  std::uint64_t lane = 0;  // the connection holding the extra --max-body, 0 when free
  std::vector<std::uint64_t> paused;  // waiting for budget
  bool resume = false;
  std::vector<std::uint64_t> garbage;  // closed this turn, erased at its end
  std::mutex done_mutex;
  std::vector<Done> done;
  std::unique_ptr<WorkerPool> pool;

  static Clock::time_point now() { return Clock::now(); }

  void interest(Conn& c, std::uint32_t ev) {
    if (c.closed) return;
    if (ev == 0) {
      // Not even registered: epoll reports a hang-up whatever the interest, and level-triggered
      // that would spin while the connection is under review.
      if (c.registered) epoll_ctl(ep, EPOLL_CTL_DEL, c.fd, nullptr);
      c.registered = false;
      c.events = 0;
      return;
    }
    if (c.registered && c.events == ev) return;
    epoll_event e{};
    e.events = ev;
    e.data.u64 = c.id;
    epoll_ctl(ep, c.registered ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, c.fd, &e);
    c.registered = true;
    c.events = ev;
  }

  void set_listening(bool on) {
    if (on == listening || listener < 0) return;
    epoll_event e{};
    e.events = EPOLLIN;
    e.data.u64 = kListenerId;
    epoll_ctl(ep, on ? EPOLL_CTL_ADD : EPOLL_CTL_DEL, listener, &e);
    listening = on;
  }

  void uncharge(std::size_t bytes) {
    charged_total -= bytes;
    if (bytes) resume = true;
  }

  void give_back_lane(std::uint64_t id) {
    if (lane != id) return;
    lane = 0;
    resume = true;
  }

  void close_conn(Conn& c) {
    if (c.closed) return;
    interest(c, 0);
    SSL_free(c.ssl);
    ::close(c.fd);
    c.closed = true;
    uncharge(std::exchange(c.charged, 0));
    if (c.state != State::review) give_back_lane(c.id);  // under review, the lane goes back with the review's answer
    if (auto it = per_client.find(c.ip); it != per_client.end() && --it->second == 0) per_client.erase(it);
    garbage.push_back(c.id);
  }

  // Room in the body buffer for `need` bytes, grown geometrically up to Content-Length and
  // charged against the budget; false when the budget has no room now.
  bool reserve(Conn& c, std::size_t need) {
    if (need <= c.body.capacity()) return true;
    std::size_t cap = std::min(c.head.content_length, std::max({need, 2 * c.body.capacity(), kFirstBodyBuffer}));
    if (charged_total - c.charged + cap > budget) {
      if (lane != 0 && lane != c.id) return false;
      lane = c.id;  // all of it at once: this body can be finished whatever the others hold
      cap = c.head.content_length;
      if (charged_total - c.charged + cap > budget + limits.max_body) return false;
    }
    c.body.reserve(cap);
    charged_total = charged_total - c.charged + c.body.capacity();
    c.charged = c.body.capacity();
    return true;
  }

  void to_idle(Conn& c) {
    c.state = State::idle;
    c.deadline = now() + limits.keep_alive_timeout;
  }

  // One SSL_read: the byte count, or 0 once it has set what to wait for (or closed).
  int receive(Conn& c, char* buf, std::size_t size) {
    ERR_clear_error();
    const int n = SSL_read(c.ssl, buf, static_cast<int>(std::min<std::size_t>(size, INT_MAX)));
    if (n > 0) {
      c.last_byte = now();
      return n;
    }
    if (const std::uint32_t w = ssl_wait(c.ssl, n)) interest(c, w | c.out_wait);
    else close_conn(c);  // the client hung up (or the TLS stream broke): nobody to answer
    return 0;
  }

  // Write c.out from c.out_at: true when all of it is written; otherwise c.out_wait says what to
  // wait for (or the connection is closed).
  bool write_out(Conn& c) {
    while (c.out_at < c.out.size()) {
      ERR_clear_error();
      const int r = SSL_write(c.ssl, c.out.data() + c.out_at, static_cast<int>(std::min<std::size_t>(c.out.size() - c.out_at, INT_MAX)));
      if (r > 0) {
        c.out_at += static_cast<std::size_t>(r);
        continue;
      }
      c.out_wait = ssl_wait(c.ssl, r);
      if (c.out_wait == 0) close_conn(c);
      return false;
    }
    c.out.clear();
    c.out_at = 0;
    c.out_wait = 0;
    return true;
  }

  void answer(Conn& c, const HttpResponse& res, bool head_only) {
    ++c.served;
    c.close_after = c.close_after || c.head.close || draining || stopping || c.served >= limits.keep_alive_max;
    c.out += "HTTP/1.1 " + std::to_string(res.status) + " " + reason_phrase(res.status) + "\r\nContent-Type: " + res.content_type +
             "\r\nContent-Length: " + std::to_string(res.body.size()) + "\r\nConnection: " + (c.close_after ? "close" : "keep-alive") +
             "\r\n\r\n";
    if (!head_only) c.out += res.body;
    c.state = State::write;
    c.deadline = now() + limits.request_timeout;
  }

  // An answer to a request that was not read whole: the byte stream is at an unknown place, so
  // the connection closes after it.
  void refuse(Conn& c, int status, const std::string& why, Refusal reason) {
    metrics.refused(reason);
    c.close_after = true;
    c.paused = false;
    std::vector<char>().swap(c.body);
    uncharge(std::exchange(c.charged, 0));
    give_back_lane(c.id);
    answer(c, {status, "application/json", R"({"error":")" + why + R"(","status":)" + std::to_string(status) + "}"}, false);
  }

  void start_request(Conn& c, std::size_t head_len) {
    c.head = RequestHead{};
    if (auto e = parse_head(std::string_view(c.in).substr(0, head_len), c.head)) return refuse(c, e->status, e->why, Refusal::malformed);
    c.in.erase(0, head_len);
    // Known from the head: answered before a byte of the body is read.
    if (c.head.content_length > limits.max_body) return refuse(c, 413, "request body too large", Refusal::too_large);
    c.state = State::body;
    if (c.head.expect_continue && c.in.size() < c.head.content_length) c.out += "HTTP/1.1 100 Continue\r\n\r\n";
  }

  void dispatch(Conn& c) {
    interest(c, 0);  // nothing more is read until this answer is written: pipelined requests wait their turn
    c.state = State::review;
    auto req = std::make_shared<HttpRequest>();
    req->method = c.head.method;
    req->path = c.head.path;
    req->remote = c.ip;
    req->body = std::move(c.body);
    c.body = {};
    const std::size_t charged = std::exchange(c.charged, 0);  // the job's now, until the worker is done with it
    pool->post([this, id = c.id, req, charged, head_only = c.head.method == "HEAD"] {
      HttpResponse res;
      try {
        handler(*req, res);
      } catch (...) {
        res = {500, "application/json", R"({"error":"internal error","status":500})"};
      }
      std::vector<char>().swap(req->body);
      {
        std::lock_guard lock(done_mutex);
        done.push_back({id, std::move(res), charged, head_only});
      }
      const std::uint64_t one = 1;
      (void)!::write(wake, &one, sizeof one);
    });
  }

  void linger(Conn& c) {
    ERR_clear_error();
    SSL_shutdown(c.ssl);  // close_notify: the client can tell the end of the stream from a cut
    ::shutdown(c.fd, SHUT_WR);
    c.state = State::linger;
    c.deadline = now() + kLinger;
  }

  void step(Conn& c) {
    char buf[kReadChunk];
    while (!c.closed) {
      switch (c.state) {
        case State::handshake: {
          ERR_clear_error();
          const int r = SSL_accept(c.ssl);
          if (r == 1) {
            to_idle(c);
            break;
          }
          if (const std::uint32_t w = ssl_wait(c.ssl, r)) return interest(c, w);
          metrics.refused(Refusal::handshake);
          return close_conn(c);
        }
        case State::idle:
        case State::head: {
          while (c.in.starts_with("\r\n")) c.in.erase(0, 2);  // blank lines before a request line (RFC 9112, 2.2)
          if (const std::size_t end = c.in.find("\r\n\r\n"); end != std::string::npos) {
            start_request(c, end + 4);
            break;
          }
          if (c.in.size() > kMaxHead) {
            refuse(c, 431, "the request head is larger than 16 KiB", Refusal::malformed);
            break;
          }
          const int n = receive(c, buf, sizeof buf);
          if (n == 0) return;
          if (c.state == State::idle) {
            c.state = State::head;
            c.deadline = now() + limits.request_timeout;
          }
          c.in.append(buf, static_cast<std::size_t>(n));
          break;
        }
        case State::body: {
          const std::size_t missing = c.head.content_length - c.body.size();
          if (missing == 0) return dispatch(c);
          if (!c.out.empty() && !write_out(c) && c.closed) return;  // a 100 Continue
          const std::size_t take = c.in.empty() ? std::min(missing, kReadChunk) : std::min(missing, c.in.size());
          if (!reserve(c, c.body.size() + take)) {
            c.paused = true;
            paused.push_back(c.id);
            return interest(c, 0);
          }
          if (!c.in.empty()) {  // body bytes that came with the head
            c.body.insert(c.body.end(), c.in.begin(), c.in.begin() + static_cast<std::ptrdiff_t>(take));
            c.in.erase(0, take);
            break;
          }
          const int n = receive(c, buf, take);
          if (n == 0) return;
          c.body.insert(c.body.end(), buf, buf + n);
          break;
        }
        case State::review: return;
        case State::write: {
          if (!write_out(c)) return interest(c, c.out_wait);
          if (c.close_after) {
            linger(c);
            break;
          }
          if (c.in.empty()) {
            to_idle(c);
          } else {  // a pipelined request already read
            c.state = State::head;
            c.deadline = now() + limits.request_timeout;
            c.last_byte = now();
          }
          break;
        }
        case State::linger: {
          for (int i = 0; i < kLingerReads; ++i) {
            const ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
            if (n > 0) continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return interest(c, EPOLLIN);
            return close_conn(c);
          }
          return interest(c, EPOLLIN);
        }
      }
    }
  }

  void accept_all() {
    while (conns.size() < limits.max_connections) {
      sockaddr_storage a{};
      socklen_t len = sizeof a;
      const int fd = accept4(listener, reinterpret_cast<sockaddr*>(&a), &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) {
        if (errno == EINTR || errno == ECONNABORTED) continue;
        // Out of descriptors (EMFILE): stop listening until the sweep finds room, rather than be
        // woken for the same pending connection in a loop.
        if (errno != EAGAIN && errno != EWOULDBLOCK) set_listening(false);
        return;
      }
      std::string ip = address_text(a);
      std::size_t& held = per_client[ip];
      if (held >= limits.max_connections_per_client) {
        metrics.refused(Refusal::per_client_limit);
        ::close(fd);
        continue;
      }
      ++held;
      const int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  // head and body may leave in two writes
      auto c = std::make_unique<Conn>();
      c->id = next_id++;
      c->fd = fd;
      c->ip = std::move(ip);
      c->ssl = SSL_new(ctx);
      SSL_set_fd(c->ssl, fd);
      SSL_set_accept_state(c->ssl);
      c->deadline = now() + limits.handshake_timeout;
      Conn& ref = *c;
      conns.emplace(ref.id, std::move(c));
      step(ref);
    }
    set_listening(false);  // full: new connections wait in the listen backlog
  }

  void sweep() {
    const auto t = now();
    for (auto& [id, cp] : conns) {
      Conn& c = *cp;
      if (c.closed || c.state == State::review) continue;
      auto due = c.deadline;
      if (c.state == State::head || c.state == State::body) due = std::min(due, c.last_byte + limits.read_timeout);
      if (t < due) continue;
      switch (c.state) {
        case State::handshake:
          metrics.refused(Refusal::handshake);
          close_conn(c);
          break;
        case State::head:
        case State::body:
          refuse(c, 408, "the request was not received in time", Refusal::deadline);
          step(c);
          break;
        default: close_conn(c);  // idle past the keep-alive timeout, or an answer or a linger that took too long
      }
    }
    if (!stopping && !listening && conns.size() < limits.max_connections) set_listening(true);
  }

  void woken() {
    std::uint64_t n = 0;
    (void)!::read(wake, &n, sizeof n);
    std::vector<Done> ready;
    {
      std::lock_guard lock(done_mutex);
      ready.swap(done);
    }
    for (Done& d : ready) {
      uncharge(d.charged);
      give_back_lane(d.id);
      auto it = conns.find(d.id);
      if (it == conns.end() || it->second->closed) continue;
      answer(*it->second, d.res, d.head_only);
      step(*it->second);
    }
    if (stop_requested && !stopping) begin_stop();
  }

  // Close the listener and the connections with nothing in progress; the rest finish (a request
  // being read has its deadlines) and close after their answer.
  void begin_stop() {
    stopping = true;
    set_listening(false);
    ::close(listener);
    listener = -1;
    for (auto& [id, c] : conns)
      if (!c->closed && (c->state == State::handshake || (c->state == State::idle && c->in.empty()))) close_conn(*c);
  }

  void resume_paused() {
    if (!resume) return;
    resume = false;
    std::vector<std::uint64_t> ids;
    ids.swap(paused);
    for (std::uint64_t id : ids)
      if (auto it = conns.find(id); it != conns.end() && !it->second->closed && it->second->paused) {
        it->second->paused = false;
        step(*it->second);
      }
  }

  void loop() {
    epoll_event ev[256];
    auto last_sweep = now();
    while (!(stopping && conns.empty())) {
      const int n = epoll_wait(ep, ev, 256, static_cast<int>(kSweep.count()));
      for (int i = 0; i < n; ++i) {
        const std::uint64_t id = ev[i].data.u64;
        if (id == kListenerId) accept_all();
        else if (id == kWakeId) woken();
        else if (auto it = conns.find(id); it != conns.end() && !it->second->closed) step(*it->second);
      }
      if (now() - last_sweep >= kSweep) {
        sweep();
        last_sweep = now();
      }
      resume_paused();
      for (std::uint64_t id : garbage) conns.erase(id);
      garbage.clear();
      if (!stopping && !listening && conns.size() < limits.max_connections) set_listening(true);
    }
  }
};

HttpServer::HttpServer(ServerLimits limits, Handler handler, Metrics& metrics)
    : impl_(std::make_unique<Impl>(limits, std::move(handler), metrics, draining_)) {}

HttpServer::~HttpServer() = default;

std::string HttpServer::load_tls(const std::string& cert, const std::string& key) {
  SSL_CTX* ctx = SSL_CTX_new(TLS_server_method());
  if (ctx == nullptr) return "cannot create a TLS context";
  SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
  // No renegotiation: a client could otherwise make the event thread do handshakes at will.
  SSL_CTX_set_options(ctx, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION);
  // Partial writes over a buffer that moves (answers are appended to), and no 34 KiB of record
  // buffers held by every idle connection.
  SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_RELEASE_BUFFERS);
  if (SSL_CTX_use_certificate_chain_file(ctx, cert.c_str()) != 1 || SSL_CTX_use_PrivateKey_file(ctx, key.c_str(), SSL_FILETYPE_PEM) != 1 ||
      SSL_CTX_check_private_key(ctx) != 1) {
    SSL_CTX_free(ctx);
    return "cannot load the TLS certificate " + cert + " or key " + key;
  }
  SSL_CTX_free(impl_->ctx);
  impl_->ctx = ctx;
  return {};
}

std::string HttpServer::listen(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0 || found == nullptr)
    return "cannot resolve " + host;
  int fd = -1;
  for (addrinfo* a = found; a != nullptr && fd < 0; a = a->ai_next) {
    fd = socket(a->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    const int one = 1;
    if (fd >= 0 && (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 || bind(fd, a->ai_addr, a->ai_addrlen) != 0 ||
                    ::listen(fd, SOMAXCONN) != 0)) {
      ::close(fd);
      fd = -1;
    }
  }
  freeaddrinfo(found);
  if (fd < 0) return "cannot listen on " + host + ":" + std::to_string(port);
  Impl& m = *impl_;
  m.listener = fd;
  m.ep = epoll_create1(EPOLL_CLOEXEC);
  m.wake = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (m.ep < 0 || m.wake < 0) return "cannot create the event loop";
  epoll_event e{};
  e.events = EPOLLIN;
  e.data.u64 = kWakeId;
  epoll_ctl(m.ep, EPOLL_CTL_ADD, m.wake, &e);
  m.set_listening(true);
  return {};
}

void HttpServer::run() {
  impl_->pool = std::make_unique<WorkerPool>(impl_->limits.threads);
  impl_->loop();
  impl_->pool.reset();  // every review finished with its connection: this joins idle workers
}

void HttpServer::stop() {
  impl_->stop_requested = true;
  const std::uint64_t one = 1;
  (void)!::write(impl_->wake, &one, sizeof one);
}

}  // namespace kvdtype::serve
