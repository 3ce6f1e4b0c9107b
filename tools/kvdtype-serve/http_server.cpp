// The event loops of the webhook's transport (http_server.hpp).
//
// --threads event loops, each with its own epoll (level-triggered), serve the connections; loop 0
// also owns the listener and hands each accepted connection to the loop holding the fewest. A
// loop runs a connection's TLS handshake, reads its requests, judges each complete one itself
// (inline: no hand-off to another thread and back) and writes the answer. Every connection is a
// small state machine driven by its loop's epoll and by a sweep of deadlines every 100 ms:
//
//   handshake ─► idle ─► head ─► body ─► review ─► write ─► idle (keep-alive) …
//                                                    └────► linger ─► closed (Connection: close)
//
// - handshake: --handshake-timeout from accept.
// - idle: no byte of the next request yet; closed quietly after --keep-alive-timeout.
// - head, body: from the request's first byte, --request-timeout for headers and body together,
//   and no silence longer than --read-timeout; past either the client gets 408 and is closed.
//   Reads never block: a slow client holds its bytes and a connection slot, never a loop.
// - review: the complete request is judged on the loop's own thread (a review is CPU-bound and
//   bounded by --max-body); nothing else of this connection is read meanwhile, so a pipelined
//   next request stays in the buffers and is read once this answer is written (answers in order).
//   A connection gets one request per turn of its loop: one with a next request already buffered
//   is served again after the other connections' events of that turn.
// - write: the answer, within --request-timeout.
// - linger: after an answer with `Connection: close` the server sends close_notify and FIN, then
//   reads and drops what the client still sends for up to 2 s before closing: closing a socket
//   with unread bytes sends a reset, which can destroy the answer (a 413 sent while the client is
//   still writing the body) before the client reads it.
//
// Memory: a body is read into a buffer grown as its bytes arrive (never reserved from the
// announced Content-Length alone, so a client that announces 3 MiB and trickles holds little),
// and all bodies together — of every loop, being read or under review — hold at most --threads ×
// --max-body bytes, plus one more --max-body for one connection at a time (the lane): bodies grown
// in steps could otherwise fill the budget together with none of them complete, and wait for each
// other until their deadlines. A connection whose next bytes do not fit takes the lane if it is
// free (its whole Content-Length, so it can finish), or waits — its deadlines running — until a
// review finishes or the lane is given back, on any loop (which then wakes the loops that have
// connections waiting). The budget, the lane, the per-client counts and the number of open
// connections are shared by the loops (one mutex; taken once or twice per request).
//
// System calls per keep-alive review (issue 29): the request's read(s), the answer's write, and a
// share of one epoll_wait; no futex, no eventfd, no epoll_ctl while nothing changes. Loops wake
// each other (eventfd) only for a new connection, a budget given back while another loop has
// connections waiting for it, the listener's room, and stop.
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
#include <thread>
#include <unordered_map>
#include <utility>

#include "http_head.hpp"

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

// A loop: its epoll, its connections, and what other loops hand it.
struct Loop {
  std::size_t index = 0;
  int ep = -1, wake = -1;
  std::unordered_map<std::uint64_t, std::unique_ptr<Conn>> conns;
  std::atomic<std::size_t> open{0};  // conns.size() plus those handed over and not yet taken: loop 0 picks by it
  std::mutex incoming_mutex;
  std::vector<std::pair<std::uint64_t, std::pair<int, std::string>>> incoming;  // id, fd, client address
  std::size_t waiting = 0;          // connections of this loop waiting for budget (Shared::mutex)
  std::atomic<bool> resume{false};  // budget was given back: retry them
  std::vector<std::uint64_t> paused;  // this loop's own list of them
  std::vector<std::uint64_t> again;   // a next request already buffered: served after this turn's events
  std::vector<std::uint64_t> garbage;  // closed this turn, erased at its end
  bool stopping = false;
  std::thread thread;

  void poke() const {
    const std::uint64_t one = 1;
    (void)!::write(wake, &one, sizeof one);
  }
};

}  // namespace

struct HttpServer::Impl {
  Impl(ServerLimits l, Handler h, Metrics& m, std::atomic<bool>& d)
      : limits(l), handler(std::move(h)), metrics(m), draining(d), budget(l.threads * l.max_body) {}
  ~Impl() {
    for (auto& lp : loops) {
      for (auto& [id, c] : lp->conns)
        if (!c->closed) {
          SSL_free(c->ssl);
          ::close(c->fd);
        }
      for (auto& [id, fd_ip] : lp->incoming) ::close(fd_ip.first);
      for (int fd : {lp->ep, lp->wake})
        if (fd >= 0) ::close(fd);
    }
    if (listener >= 0) ::close(listener);
    SSL_CTX_free(ctx);
  }

  ServerLimits limits;
  Handler handler;
  Metrics& metrics;
  std::atomic<bool>& draining;
  std::function<void()> tick;
  SSL_CTX* ctx = nullptr;
  int listener = -1;
  bool listening = false;                    // loop 0's
  std::uint64_t next_id = 2;                 // loop 0's
  std::size_t next_loop = 0;                 // loop 0's: where the search for the least-held loop starts
  std::atomic<bool> stop_requested{false};
  std::atomic<bool> accept_closed{false};    // the listener is closed: no more connections are handed over
  std::atomic<std::size_t> open{0};          // connections of all loops (--max-connections)
  std::vector<std::unique_ptr<Loop>> loops;

  // Shared by the loops, under `mutex`.
  std::mutex mutex;
  std::unordered_map<std::string, std::size_t> per_client;
  const std::size_t budget;  // bytes all bodies may hold together
  std::size_t charged_total = 0;
  std::uint64_t lane = 0;  // the connection holding the extra --max-body, 0 when free

  static Clock::time_point now() { return Clock::now(); }

  void interest(Loop& lp, Conn& c, std::uint32_t ev) {
    if (c.closed) return;
    if (ev == 0) {
      // Not even registered: epoll reports a hang-up whatever the interest, and level-triggered
      // that would spin while the connection waits for budget.
      if (c.registered) epoll_ctl(lp.ep, EPOLL_CTL_DEL, c.fd, nullptr);
      c.registered = false;
      c.events = 0;
      return;
    }
    if (c.registered && c.events == ev) return;
    epoll_event e{};
    e.events = ev;
    e.data.u64 = c.id;
    epoll_ctl(lp.ep, c.registered ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, c.fd, &e);
    c.registered = true;
    c.events = ev;
  }

  void set_listening(bool on) {
    if (on == listening || listener < 0) return;
    epoll_event e{};
    e.events = EPOLLIN;
    e.data.u64 = kListenerId;
    epoll_ctl(loops[0]->ep, on ? EPOLL_CTL_ADD : EPOLL_CTL_DEL, listener, &e);
    listening = on;
  }

  // Under `mutex`: budget was given back; the loops with connections waiting for it retry them.
  void wake_waiting(Loop& self) {
    for (auto& lp : loops)
      if (lp->waiting > 0) {
        lp->resume = true;
        if (lp.get() != &self) lp->poke();
      }
  }

  // Give back `bytes` of the budget and, when `id` holds it, the lane.
  void release(Loop& lp, std::size_t bytes, std::uint64_t id) {
    if (bytes == 0 && lane != id) return;
    std::lock_guard lock(mutex);
    charged_total -= bytes;
    bool freed = bytes != 0;
    if (lane == id) {
      lane = 0;
      freed = true;
    }
    if (freed) wake_waiting(lp);
  }

  void close_conn(Loop& lp, Conn& c) {
    if (c.closed) return;
    interest(lp, c, 0);
    SSL_free(c.ssl);
    ::close(c.fd);
    c.closed = true;
    {
      std::lock_guard lock(mutex);
      const std::size_t bytes = std::exchange(c.charged, 0);
      charged_total -= bytes;
      bool freed = bytes != 0;
      if (lane == c.id) {
        lane = 0;
        freed = true;
      }
      if (c.paused) {
        c.paused = false;
        --lp.waiting;
      }
      if (freed) wake_waiting(lp);
      if (auto it = per_client.find(c.ip); it != per_client.end() && --it->second == 0) per_client.erase(it);
    }
    --lp.open;
    // The listener paused at --max-connections: this connection's slot lets it take the next.
    if (open.fetch_sub(1) == limits.max_connections && lp.index != 0) loops[0]->poke();
    lp.garbage.push_back(c.id);
  }

  // Room in the body buffer for `need` bytes, grown geometrically up to Content-Length and
  // charged against the budget; false (the connection then waits, counted in lp.waiting) when
  // the budget has no room now.
  bool reserve(Loop& lp, Conn& c, std::size_t need) {
    if (need <= c.body.capacity()) return true;
    std::size_t cap = std::min(c.head.content_length, std::max({need, 2 * c.body.capacity(), kFirstBodyBuffer}));
    std::lock_guard lock(mutex);
    if (charged_total - c.charged + cap > budget) {
      bool fits = lane == 0 || lane == c.id;
      if (fits) {
        lane = c.id;  // all of it at once: this body can be finished whatever the others hold
        cap = c.head.content_length;
        fits = charged_total - c.charged + cap <= budget + limits.max_body;
      }
      if (!fits) {
        c.paused = true;
        ++lp.waiting;
        return false;
      }
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
  int receive(Loop& lp, Conn& c, char* buf, std::size_t size) {
    ERR_clear_error();
    const int n = SSL_read(c.ssl, buf, static_cast<int>(std::min<std::size_t>(size, INT_MAX)));
    if (n > 0) {
      c.last_byte = now();
      return n;
    }
    if (const std::uint32_t w = ssl_wait(c.ssl, n)) interest(lp, c, w | c.out_wait);
    else close_conn(lp, c);  // the client hung up (or the TLS stream broke): nobody to answer
    return 0;
  }

  // Write c.out from c.out_at: true when all of it is written; otherwise c.out_wait says what to
  // wait for (or the connection is closed).
  bool write_out(Loop& lp, Conn& c) {
    while (c.out_at < c.out.size()) {
      ERR_clear_error();
      const int r = SSL_write(c.ssl, c.out.data() + c.out_at, static_cast<int>(std::min<std::size_t>(c.out.size() - c.out_at, INT_MAX)));
      if (r > 0) {
        c.out_at += static_cast<std::size_t>(r);
        continue;
      }
      c.out_wait = ssl_wait(c.ssl, r);
      if (c.out_wait == 0) close_conn(lp, c);
      return false;
    }
    c.out.clear();
    c.out_at = 0;
    c.out_wait = 0;
    return true;
  }

  void answer(Loop& lp, Conn& c, const HttpResponse& res, bool head_only) {
    ++c.served;
    c.close_after = c.close_after || c.head.close || draining || lp.stopping || c.served >= limits.keep_alive_max;
    const std::string status = std::to_string(res.status), length = std::to_string(res.body.size());
    const std::string_view reason = reason_phrase(res.status);
    const std::string_view connection = c.close_after ? "close" : "keep-alive";
    c.out.reserve(c.out.size() + 80 + reason.size() + res.content_type.size() + (head_only ? 0 : res.body.size()));
    c.out.append("HTTP/1.1 ").append(status).append(" ").append(reason).append("\r\nContent-Type: ").append(res.content_type);
    c.out.append("\r\nContent-Length: ").append(length).append("\r\nConnection: ").append(connection).append("\r\n\r\n");
    if (!head_only) c.out += res.body;
    c.state = State::write;
    c.deadline = now() + limits.request_timeout;
  }

  // An answer to a request that was not read whole: the byte stream is at an unknown place, so
  // the connection closes after it.
  void refuse(Loop& lp, Conn& c, int status, const std::string& why, Refusal reason) {
    metrics.refused(reason);
    c.close_after = true;
    std::vector<char>().swap(c.body);
    {
      std::lock_guard lock(mutex);
      if (c.paused) {
        c.paused = false;
        --lp.waiting;
      }
    }
    release(lp, std::exchange(c.charged, 0), c.id);
    answer(lp, c, {status, "application/json", R"({"error":")" + why + R"(","status":)" + std::to_string(status) + "}"}, false);
  }

  void start_request(Loop& lp, Conn& c, std::size_t head_len) {
    c.head = RequestHead{};
    if (auto e = parse_head(std::string_view(c.in).substr(0, head_len), c.head)) return refuse(lp, c, e->status, e->why, Refusal::malformed);
    c.in.erase(0, head_len);
    // Known from the head: answered before a byte of the body is read.
    if (c.head.content_length > limits.max_body) return refuse(lp, c, 413, "request body too large", Refusal::too_large);
    c.state = State::body;
    if (c.head.expect_continue && c.in.size() < c.head.content_length) c.out += "HTTP/1.1 100 Continue\r\n\r\n";
  }

  // The whole request is read: judge it here, on this loop, and make the answer.
  void review(Loop& lp, Conn& c) {
    c.state = State::review;
    const bool head_only = c.head.method == "HEAD";
    HttpRequest req;
    req.method = std::move(c.head.method);
    req.path = std::move(c.head.path);
    req.remote = c.ip;
    req.body = std::move(c.body);
    c.body = {};
    HttpResponse res;
    try {
      handler(req, res);
    } catch (...) {
      res = {500, "application/json", R"({"error":"internal error","status":500})"};
    }
    std::vector<char>().swap(req.body);
    release(lp, std::exchange(c.charged, 0), c.id);
    answer(lp, c, res, head_only);
  }

  void linger(Conn& c) {
    ERR_clear_error();
    SSL_shutdown(c.ssl);  // close_notify: the client can tell the end of the stream from a cut
    ::shutdown(c.fd, SHUT_WR);
    c.state = State::linger;
    c.deadline = now() + kLinger;
  }

  void step(Loop& lp, Conn& c) {
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
          if (const std::uint32_t w = ssl_wait(c.ssl, r)) return interest(lp, c, w);
          metrics.refused(Refusal::handshake);
          return close_conn(lp, c);
        }
        case State::idle:
        case State::head: {
          while (c.in.starts_with("\r\n")) c.in.erase(0, 2);  // blank lines before a request line (RFC 9112, 2.2)
          if (const std::size_t end = c.in.find("\r\n\r\n"); end != std::string::npos) {
            start_request(lp, c, end + 4);
            break;
          }
          if (c.in.size() > kMaxHead) {
            refuse(lp, c, 431, "the request head is larger than 16 KiB", Refusal::malformed);
            break;
          }
          const int n = receive(lp, c, buf, sizeof buf);
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
          if (missing == 0) {
            review(lp, c);
            break;
          }
          if (!c.out.empty() && !write_out(lp, c) && c.closed) return;  // a 100 Continue
          const std::size_t take = c.in.empty() ? std::min(missing, kReadChunk) : std::min(missing, c.in.size());
          if (!reserve(lp, c, c.body.size() + take)) {
            lp.paused.push_back(c.id);
            return interest(lp, c, 0);
          }
          if (!c.in.empty()) {  // body bytes that came with the head
            c.body.insert(c.body.end(), c.in.begin(), c.in.begin() + static_cast<std::ptrdiff_t>(take));
            c.in.erase(0, take);
            break;
          }
          const int n = receive(lp, c, buf, take);
          if (n == 0) return;
          c.body.insert(c.body.end(), buf, buf + n);
          break;
        }
        case State::review: return;  // not reached: a review runs within step
        case State::write: {
          if (!write_out(lp, c)) return interest(lp, c, c.out_wait);
          if (c.close_after) {
            linger(c);
            break;
          }
          if (c.in.empty() && SSL_has_pending(c.ssl) == 0) {
            // Nothing buffered: the next request's bytes, when they come, are epoll's to report
            // (level-triggered), so no read is tried now that would only say EAGAIN.
            to_idle(c);
            return interest(lp, c, EPOLLIN);
          }
          // A pipelined request (or its first bytes) already read: served after the other
          // connections' events of this turn.
          c.state = State::head;
          c.deadline = now() + limits.request_timeout;
          c.last_byte = now();
          lp.again.push_back(c.id);
          return interest(lp, c, EPOLLIN);
        }
        case State::linger: {
          for (int i = 0; i < kLingerReads; ++i) {
            const ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
            if (n > 0) continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return interest(lp, c, EPOLLIN);
            return close_conn(lp, c);
          }
          return interest(lp, c, EPOLLIN);
        }
      }
    }
  }

  // A connection accepted by loop 0, now this loop's.
  void adopt(Loop& lp, std::uint64_t id, int fd, std::string ip) {
    auto c = std::make_unique<Conn>();
    c->id = id;
    c->fd = fd;
    c->ip = std::move(ip);
    c->ssl = SSL_new(ctx);
    SSL_set_fd(c->ssl, fd);
    SSL_set_accept_state(c->ssl);
    c->deadline = now() + limits.handshake_timeout;
    Conn& ref = *c;
    lp.conns.emplace(id, std::move(c));
    if (lp.stopping) return close_conn(lp, ref);  // accepted just before the listener closed
    step(lp, ref);
  }

  // Loop 0: accept, and give each connection to the loop that holds the fewest.
  void accept_all(Loop& lp) {
    while (open < limits.max_connections) {
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
      {
        std::lock_guard lock(mutex);
        std::size_t& held = per_client[ip];
        if (held >= limits.max_connections_per_client) {
          metrics.refused(Refusal::per_client_limit);
          ::close(fd);
          continue;
        }
        ++held;
      }
      ++open;
      const int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  // head and body may leave in two writes
      Loop* to = loops[next_loop].get();
      for (std::size_t i = 1; i < loops.size(); ++i) {
        Loop* other = loops[(next_loop + i) % loops.size()].get();
        if (other->open < to->open) to = other;
      }
      next_loop = (to->index + 1) % loops.size();
      ++to->open;
      const std::uint64_t id = next_id++;
      if (to == &lp) {
        adopt(lp, id, fd, std::move(ip));
      } else {
        {
          std::lock_guard lock(to->incoming_mutex);
          to->incoming.push_back({id, {fd, std::move(ip)}});
        }
        to->poke();
      }
    }
    set_listening(false);  // full: new connections wait in the listen backlog
  }

  void sweep(Loop& lp) {
    const auto t = now();
    for (auto& [id, cp] : lp.conns) {
      Conn& c = *cp;
      if (c.closed || c.state == State::review) continue;
      auto due = c.deadline;
      if (c.state == State::head || c.state == State::body) due = std::min(due, c.last_byte + limits.read_timeout);
      if (t < due) continue;
      switch (c.state) {
        case State::handshake:
          metrics.refused(Refusal::handshake);
          close_conn(lp, c);
          break;
        case State::head:
        case State::body:
          refuse(lp, c, 408, "the request was not received in time", Refusal::deadline);
          step(lp, c);
          break;
        default: close_conn(lp, c);  // idle past the keep-alive timeout, or an answer or a linger that took too long
      }
    }
    if (tick) tick();
  }

  void woken(Loop& lp) {
    std::uint64_t n = 0;
    (void)!::read(lp.wake, &n, sizeof n);
    std::vector<std::pair<std::uint64_t, std::pair<int, std::string>>> taken;
    {
      std::lock_guard lock(lp.incoming_mutex);
      taken.swap(lp.incoming);
    }
    for (auto& [id, fd_ip] : taken) adopt(lp, id, fd_ip.first, std::move(fd_ip.second));
    if (stop_requested && !lp.stopping) begin_stop(lp);
  }

  // Close the listener (loop 0) and this loop's connections with nothing in progress; the rest
  // finish (a request being read has its deadlines) and close after their answer.
  void begin_stop(Loop& lp) {
    lp.stopping = true;
    if (lp.index == 0) {
      set_listening(false);
      ::close(listener);
      listener = -1;
      accept_closed = true;
      for (auto& other : loops)
        if (other.get() != &lp) other->poke();  // they may now finish
    }
    for (auto& [id, c] : lp.conns)
      if (!c->closed && (c->state == State::handshake || (c->state == State::idle && c->in.empty()))) close_conn(lp, *c);
  }

  void resume_paused(Loop& lp) {
    if (!lp.resume.exchange(false)) return;
    std::vector<std::uint64_t> ids;
    ids.swap(lp.paused);
    for (std::uint64_t id : ids) {
      auto it = lp.conns.find(id);
      if (it == lp.conns.end() || it->second->closed || !it->second->paused) continue;
      {
        std::lock_guard lock(mutex);
        it->second->paused = false;
        --lp.waiting;
      }
      step(lp, *it->second);
    }
  }

  bool finished(Loop& lp) {
    if (!lp.stopping || !lp.conns.empty() || !accept_closed) return false;
    std::lock_guard lock(lp.incoming_mutex);
    return lp.incoming.empty();
  }

  void loop(Loop& lp) {
    epoll_event ev[256];
    auto last_sweep = now();
    std::vector<std::uint64_t> again;
    while (!finished(lp)) {
      const int n = epoll_wait(lp.ep, ev, 256, lp.again.empty() ? static_cast<int>(kSweep.count()) : 0);
      again.swap(lp.again);  // those of the last turn; step may queue them again for the next
      for (int i = 0; i < n; ++i) {
        const std::uint64_t id = ev[i].data.u64;
        if (id == kListenerId) accept_all(lp);
        else if (id == kWakeId) woken(lp);
        else if (auto it = lp.conns.find(id); it != lp.conns.end() && !it->second->closed) step(lp, *it->second);
      }
      for (std::uint64_t id : again)
        if (auto it = lp.conns.find(id); it != lp.conns.end() && !it->second->closed && it->second->state == State::head) step(lp, *it->second);
      again.clear();
      if (now() - last_sweep >= kSweep) {
        sweep(lp);
        last_sweep = now();
        if (stop_requested && !lp.stopping) begin_stop(lp);
      }
      resume_paused(lp);
      for (std::uint64_t id : lp.garbage) lp.conns.erase(id);
      lp.garbage.clear();
      if (lp.index == 0 && !lp.stopping && !listening && open < limits.max_connections) set_listening(true);
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
  // Read ahead: one read() takes a record's header and body (and whatever follows) instead of a
  // read() of 5 bytes and another of the rest. Bytes so buffered are not the socket's any more,
  // so epoll does not report them: a loop looks at SSL_has_pending before it waits (step's write).
  SSL_CTX_set_read_ahead(ctx, 1);
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
  for (std::size_t i = 0; i < m.limits.threads; ++i) {
    auto lp = std::make_unique<Loop>();
    lp->index = i;
    lp->ep = epoll_create1(EPOLL_CLOEXEC);
    lp->wake = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (lp->ep < 0 || lp->wake < 0) {
      for (int f : {lp->ep, lp->wake})
        if (f >= 0) ::close(f);
      return "cannot create the event loops";
    }
    epoll_event e{};
    e.events = EPOLLIN;
    e.data.u64 = kWakeId;
    epoll_ctl(lp->ep, EPOLL_CTL_ADD, lp->wake, &e);
    m.loops.push_back(std::move(lp));
  }
  m.set_listening(true);
  return {};
}

void HttpServer::run() {
  Impl& m = *impl_;
  for (std::size_t i = 1; i < m.loops.size(); ++i) m.loops[i]->thread = std::thread([&m, i] { m.loop(*m.loops[i]); });
  m.loop(*m.loops[0]);
  for (std::size_t i = 1; i < m.loops.size(); ++i) m.loops[i]->thread.join();  // each returns once its requests are answered
}

void HttpServer::stop() {
  impl_->stop_requested = true;
  for (auto& lp : impl_->loops) lp->poke();
}

void HttpServer::on_sweep(std::function<void()> tick) { impl_->tick = std::move(tick); }

}  // namespace kvdtype::serve
