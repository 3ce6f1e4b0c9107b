// The event loops of the webhook's transport (http_server.hpp).
//
// --threads event loops share one epoll set, in which every connection (and the listener) is
// registered once, edge-triggered, for input and output. Whichever loop is waiting when a
// connection becomes ready takes it: it runs the TLS handshake, reads the request, judges it
// once it is complete (inline: no hand-off to another thread and back) and writes the answer.
// No loop owns a connection for longer than that, so a request never waits behind a review, or
// behind a loop the kernel preempted, while another loop idles (session 46's loops each owned
// their connections, and the p99 showed it: issue 29). Every connection is a small state machine
// driven by the shared epoll and by the loops' sweeps of deadlines, every 100 ms:
//
//   handshake ─► idle ─► head ─► body ─► review ─► write ─► idle (keep-alive) …
//                                                    └────► linger ─► closed (Connection: close)
//
// - handshake: --handshake-timeout from accept.
// - idle: no byte of the next request yet; closed quietly after --keep-alive-timeout.
// - head, body: from the request's first byte, --request-timeout for headers and body together,
//   and no silence longer than --read-timeout; past either the client gets 408 and is closed.
//   Reads never block: a slow client holds its bytes and a connection slot, never a loop.
// - review: the complete request is judged on the thread of the loop that read it (a review is
//   CPU-bound and bounded by --max-body); nothing else of this connection is read meanwhile, so
//   a pipelined next request stays in the buffers and is read once this answer is written
//   (answers in order). A connection gets one request per turn of a loop: one with a next
//   request already buffered stays with that loop and is served after the other events of its
//   turn.
// - write: the answer, within --request-timeout.
// - linger: after an answer with `Connection: close` the server sends close_notify and FIN, then
//   reads and drops what the client still sends for up to 2 s before closing: closing a socket
//   with unread bytes sends a reset, which can destroy the answer (a 413 sent while the client is
//   still writing the body) before the client reads it.
//
// Who serves a connection: its Slot's `pending` counter. A loop that takes an event adds 1; the
// one that took it from 0 owns the connection and steps it, and before it lets go it subtracts
// what it had seen and steps again if more came meanwhile (a loop that found the connection
// owned added its 1 and went on). So two loops never run one connection, no event is lost, and
// taking a connection costs an atomic add, not a system call. Edge-triggered, a connection is
// only reported when something changes, so stepping one ends only where a read or write found
// the socket empty or full (a BIO callback tells whether the last read took all there was), where
// the loop keeps it for its next turn (a pipelined request, a long linger), or where it waits for
// budget (below). Slots are never freed while the server runs; each close bumps the slot's
// generation, which the epoll token carries, so an event a loop took for a connection another
// loop has just closed does nothing. The sweep is shared the same way: each loop looks at every
// --threads-th slot, taking only connections no loop owns then.
//
// Memory: a body is read into a buffer grown as its bytes arrive (never reserved from the
// announced Content-Length alone, so a client that announces 3 MiB and trickles holds little),
// and all bodies together — being read or under review — hold at most --threads × --max-body
// bytes, plus one more --max-body for one connection at a time (the lane): bodies grown in steps
// could otherwise fill the budget together with none of them complete, and wait for each other
// until their deadlines. A connection whose next bytes do not fit takes the lane if it is free
// (its whole Content-Length, so it can finish), or waits — its deadlines running — until a review
// finishes or the lane is given back; the next loop to end a turn then steps every connection
// that waited. The budget, the lane, the per-client counts, the waiting connections and the free
// slots are shared (one mutex; taken once or twice per request).
//
// System calls per keep-alive review (issue 29): the request's read(s), the answer's write, and a
// share of one epoll_wait (a loop takes at most kEventsPerWait events at once); no futex, no
// eventfd, no epoll_ctl but one to register a connection. The eventfd wakes the loops at stop
// only.
#include "http_server.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/bio.h>
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
constexpr int kLingerReads = 64;  // per turn, so that a client flooding a closing connection cannot hold a loop
// Events one epoll_wait takes. What a loop takes waits for it, so a loop that took many and was
// preempted would hold them as a loop owning its connections did; two keep that to one waiting
// review while sharing an epoll_wait between two under load (0.5 epoll_wait per review; 4 took
// 0.25 and measured the same p99 within the noise of a shared machine: docs/performance.md).
constexpr int kEventsPerWait = 2;
constexpr std::uint64_t kListenerId = 0, kWakeId = 1;
constexpr std::uint32_t kSlotsPerChunk = 64;

enum class State { handshake, idle, head, body, review, write, linger };

struct Conn {
  std::uint64_t id = 0;  // the token epoll reports: the slot's index and generation
  int fd = -1;
  SSL* ssl = nullptr;
  std::string ip;
  State state = State::handshake;
  Clock::time_point deadline, last_byte;
  bool closed = true;
  bool held = false;     // in its owner's `again` list: owned across the turn
  bool drained = false;  // the socket's last read returned less than it asked for: nothing was left
  std::string in;        // bytes of a request head (and whatever followed it in the same read)
  RequestHead head;
  std::vector<char> body;
  std::size_t charged = 0;  // body.capacity(), counted against the bodies' budget
  std::string out;          // the answer being written (after a 100 Continue not yet written, if any)
  std::size_t out_at = 0;
  std::uint32_t out_wait = 0;  // a half-written 100 Continue, while the body is read
  bool close_after = false;
  std::size_t served = 0;
};

// A connection's place. Any loop may serve it: whichever takes `pending` from 0 owns the Conn
// until it gives `pending` back; a loop that finds it owned only adds 1, and the owner steps the
// connection again before letting go (so an event is never lost, and no two loops run one
// connection). Slots are never freed while the server runs: an event taken by one loop for a
// connection another loop has just closed finds the generation changed and does nothing.
struct Slot {
  std::atomic<std::uint32_t> pending{0};
  std::uint32_t index = 0;
  std::uint32_t gen = 0;  // the owner's: bumped at each close
  bool paused = false;    // waiting for budget (Impl::mutex)
  Conn c;
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

// Every read of the socket, seen from below OpenSSL: edge-triggered epoll reports bytes that
// arrive after a read found the socket empty, so a loop must know whether the last read left
// anything (a read that returned less than it asked for took all there was).
long on_socket_read(BIO* bio, int oper, const char*, std::size_t len, int, long, int ret, std::size_t* processed) {
  if (oper == (BIO_CB_READ | BIO_CB_RETURN)) {
    auto* c = reinterpret_cast<Conn*>(BIO_get_callback_arg(bio));
    c->drained = ret <= 0 || processed == nullptr || *processed < len;
  }
  return ret;
}

// A loop's own lists; everything else is shared.
struct Loop {
  std::size_t index = 0;
  std::vector<Slot*> again;  // owned, a next request already buffered (or a linger cut short): served after this turn's events
  bool stopping = false;
  bool listen_again = false;  // a connection closed at --max-connections: accept the next
  std::thread thread;
};

}  // namespace

struct HttpServer::Impl {
  Impl(ServerLimits l, Handler h, Metrics& m, std::atomic<bool>& d)
      : limits(l),
        handler(std::move(h)),
        metrics(m),
        draining(d),
        chunks((l.max_connections + kSlotsPerChunk - 1) / kSlotsPerChunk + 1),
        budget(l.threads * l.max_body) {}
  ~Impl() {
    for (auto& ch : chunks)
      if (Slot* slots = ch.load())
        for (std::uint32_t i = 0; i < kSlotsPerChunk; ++i)
          if (!slots[i].c.closed) {
            SSL_free(slots[i].c.ssl);
            ::close(slots[i].c.fd);
          }
    for (auto& ch : chunks) delete[] ch.load();
    for (int fd : {ep, wake, listener})
      if (fd >= 0) ::close(fd);
    SSL_CTX_free(ctx);
  }

  ServerLimits limits;
  Handler handler;
  Metrics& metrics;
  std::atomic<bool>& draining;
  std::function<void()> tick;
  SSL_CTX* ctx = nullptr;
  int ep = -1, wake = -1;  // one epoll set for all loops; the eventfd that wakes them at stop
  int listener = -1;       // the listener's owner's (listener_pending)
  std::atomic<std::uint32_t> listener_pending{0};  // as Slot::pending, for the listener
  std::atomic<bool> accept_stalled{false};         // out of descriptors: the sweep tries again
  std::atomic<bool> stop_requested{false}, stopping{false}, accept_closed{false};
  std::atomic<std::size_t> loops_stopping{0};
  std::atomic<std::size_t> open{0};  // connections open (--max-connections)
  std::vector<std::unique_ptr<Loop>> loops;

  // Slots, made in chunks as connections need them (never more than --max-connections in use).
  std::vector<std::atomic<Slot*>> chunks;
  std::atomic<std::uint32_t> slots_made{0};

  // Shared by the loops, under `mutex`.
  std::mutex mutex;
  std::vector<std::uint32_t> free_slots;
  std::unordered_map<std::string, std::size_t> per_client;
  const std::size_t budget;  // bytes all bodies may hold together
  std::size_t charged_total = 0;
  std::uint64_t lane = 0;  // the connection holding the extra --max-body, 0 when free
  std::size_t waiting = 0;  // connections waiting for budget
  std::vector<std::uint64_t> paused;  // their ids
  std::atomic<bool> resume{false};    // budget was given back while some waited: the next loop to finish a turn retries them

  static Clock::time_point now() { return Clock::now(); }
  static std::uint32_t index_of(std::uint64_t id) { return static_cast<std::uint32_t>(id) - 2; }
  static std::uint32_t gen_of(std::uint64_t id) { return static_cast<std::uint32_t>(id >> 32); }
  Slot& slot(std::uint32_t i) { return chunks[i / kSlotsPerChunk].load(std::memory_order_acquire)[i % kSlotsPerChunk]; }

  // Under `mutex`: budget was given back.
  void wake_waiting() {
    if (waiting > 0) resume = true;
  }

  // Give back `bytes` of the budget and, when `id` holds it, the lane.
  void release(std::size_t bytes, std::uint64_t id) {
    if (bytes == 0 && lane != id) return;
    std::lock_guard lock(mutex);
    charged_total -= bytes;
    if (lane == id) lane = 0;
    wake_waiting();
  }

  // The owner closes a connection. Closing the descriptor takes it out of the epoll set; an
  // event another loop already took for it finds the generation changed.
  void close_conn(Loop& lp, Conn& c) {
    if (c.closed) return;
    SSL_free(c.ssl);
    c.ssl = nullptr;
    ::close(c.fd);
    c.fd = -1;
    c.closed = true;
    Slot& s = slot(index_of(c.id));
    ++s.gen;
    std::vector<char>().swap(c.body);
    std::string().swap(c.in);
    std::string().swap(c.out);
    {
      std::lock_guard lock(mutex);
      const std::size_t bytes = std::exchange(c.charged, 0);
      charged_total -= bytes;
      bool freed = bytes != 0;
      if (lane == c.id) {
        lane = 0;
        freed = true;
      }
      if (s.paused) {
        s.paused = false;
        --waiting;
      }
      if (freed) wake_waiting();
      if (auto it = per_client.find(c.ip); it != per_client.end() && --it->second == 0) per_client.erase(it);
      free_slots.push_back(index_of(c.id));  // taken again once this owner lets go (make_slot waits for that)
    }
    // The listener stopped at --max-connections: this connection's slot lets it take the next.
    if (open.fetch_sub(1) == limits.max_connections) lp.listen_again = true;
  }

  // Room in the body buffer for `need` bytes, grown geometrically up to Content-Length and
  // charged against the budget; false (the connection then waits, counted in `waiting`) when
  // the budget has no room now.
  bool reserve(Conn& c, std::size_t need) {
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
        Slot& s = slot(index_of(c.id));
        if (!s.paused) {
          s.paused = true;
          ++waiting;
          paused.push_back(c.id);
        }
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

  // One SSL_read: the byte count, or 0 when it would wait (epoll reports the next bytes) or the
  // connection is closed.
  int receive(Loop& lp, Conn& c, char* buf, std::size_t size) {
    ERR_clear_error();
    const int n = SSL_read(c.ssl, buf, static_cast<int>(std::min<std::size_t>(size, INT_MAX)));
    if (n > 0) {
      c.last_byte = now();
      return n;
    }
    if (ssl_wait(c.ssl, n) == 0) close_conn(lp, c);  // the client hung up (or the TLS stream broke): nobody to answer
    return 0;
  }

  // Write c.out from c.out_at: true when all of it is written; otherwise c.out_wait says what
  // it waits for (or the connection is closed).
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

  void answer(Conn& c, const HttpResponse& res, bool head_only) {
    ++c.served;
    c.close_after = c.close_after || c.head.close || draining || stopping || c.served >= limits.keep_alive_max;
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
  void refuse(Conn& c, int status, const std::string& why, Refusal reason) {
    metrics.refused(reason);
    c.close_after = true;
    std::vector<char>().swap(c.body);
    {
      std::lock_guard lock(mutex);
      if (Slot& s = slot(index_of(c.id)); s.paused) {
        s.paused = false;
        --waiting;
      }
    }
    release(std::exchange(c.charged, 0), c.id);
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

  // The whole request is read: judge it here, on this loop, and make the answer.
  void review(Conn& c) {
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
    release(std::exchange(c.charged, 0), c.id);
    answer(c, res, head_only);
  }

  void linger(Conn& c) {
    ERR_clear_error();
    SSL_shutdown(c.ssl);  // close_notify: the client can tell the end of the stream from a cut
    ::shutdown(c.fd, SHUT_WR);
    c.state = State::linger;
    c.deadline = now() + kLinger;
  }

  // Keep the connection owned and step it again after this turn's events.
  void hold(Loop& lp, Conn& c) {
    c.held = true;
    lp.again.push_back(&slot(index_of(c.id)));
  }

  // Run the owned connection until it waits. Edge-triggered, "waits" must mean that a read or a
  // write found the socket empty or full (so that epoll reports the change), or that the
  // connection is held for the next turn, or paused for budget (a loop retries it when budget
  // is given back).
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
          if (ssl_wait(c.ssl, r) != 0) return;
          metrics.refused(Refusal::handshake);
          return close_conn(lp, c);
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
            review(c);
            break;
          }
          if (!c.out.empty() && !write_out(lp, c) && c.closed) return;  // a 100 Continue
          const std::size_t take = c.in.empty() ? std::min(missing, kReadChunk) : std::min(missing, c.in.size());
          if (!reserve(c, c.body.size() + take)) return;
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
          if (!write_out(lp, c)) return;
          if (c.close_after) {
            linger(c);
            break;
          }
          if (!c.in.empty() || SSL_has_pending(c.ssl) != 0) {
            // A pipelined request (or its first bytes) already read: served after the other
            // events of this turn, this loop keeping the connection meanwhile.
            c.state = State::head;
            c.deadline = now() + limits.request_timeout;
            c.last_byte = now();
            return hold(lp, c);
          }
          to_idle(c);
          // The last read took all the socket held: the next request's bytes, when they come,
          // are epoll's to report, so no read is tried now that would only say EAGAIN.
          if (c.drained) return;
          break;
        }
        case State::linger: {
          for (int i = 0; i < kLingerReads; ++i) {
            const ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
            if (n > 0) continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
            return close_conn(lp, c);
          }
          return hold(lp, c);
        }
      }
    }
  }

  // The owner lets go, after `seen` signals: each signal that came since is a reason to step the
  // connection again first.
  void let_go(Loop& lp, Slot& s, std::uint32_t seen) {
    while (s.pending.fetch_sub(seen, std::memory_order_acq_rel) != seen) {
      seen = s.pending.load(std::memory_order_acquire);
      if (!s.c.closed) step(lp, s.c);
      if (s.c.held) return;
    }
  }

  // An event for connection `id` (or budget given back to it): serve it here, unless another
  // loop owns it — then that loop serves it again before it lets go.
  void signal(Loop& lp, std::uint64_t id) {
    const std::uint32_t i = index_of(id);
    if (i >= slots_made.load(std::memory_order_acquire)) return;
    Slot& s = slot(i);
    if (s.pending.fetch_add(1, std::memory_order_acq_rel) != 0) return;
    if (s.gen != gen_of(id)) return let_go(lp, s, 1);  // closed since; signals for a new connection in the slot are still served
    const std::uint32_t seen = s.pending.load(std::memory_order_acquire);
    if (!s.c.closed) {
      step(lp, s.c);
      if (s.c.held) return;
    }
    let_go(lp, s, seen);
  }

  // The listener's owner: a slot for a new connection, owned (pending 1).
  Slot* make_slot() {
    std::uint32_t i;
    {
      std::lock_guard lock(mutex);
      if (!free_slots.empty()) {
        i = free_slots.back();
        free_slots.pop_back();
      } else {
        i = slots_made.load(std::memory_order_relaxed);
        auto& ch = chunks[i / kSlotsPerChunk];
        if (ch.load(std::memory_order_relaxed) == nullptr) {
          auto* made = new Slot[kSlotsPerChunk];
          for (std::uint32_t k = 0; k < kSlotsPerChunk; ++k) made[k].index = i + k;
          ch.store(made, std::memory_order_release);
        }
        slots_made.store(i + 1, std::memory_order_release);
      }
    }
    Slot& s = slot(i);
    // Its last owner (or a loop holding an event taken before it closed) is letting go.
    std::uint32_t zero = 0;
    while (!s.pending.compare_exchange_weak(zero, 1, std::memory_order_acq_rel)) {
      zero = 0;
      std::this_thread::yield();
    }
    return &s;
  }

  // A connection just accepted: its slot, and one registration in the shared epoll set for good
  // (edge-triggered, in and out). Its first event — a socket is writable at once — goes to
  // whichever loop waits, which starts the handshake.
  void adopt(Loop& lp, int fd, std::string ip) {
    Slot& s = *make_slot();
    Conn& c = s.c;
    const std::uint64_t id = (std::uint64_t{s.gen} << 32) | (s.index + 2);
    c.id = id;
    c.fd = fd;
    c.ip = std::move(ip);
    c.ssl = SSL_new(ctx);
    SSL_set_fd(c.ssl, fd);
    SSL_set_accept_state(c.ssl);
    BIO* rbio = SSL_get_rbio(c.ssl);
    BIO_set_callback_ex(rbio, on_socket_read);
    BIO_set_callback_arg(rbio, reinterpret_cast<char*>(&c));
    c.state = State::handshake;
    c.deadline = now() + limits.handshake_timeout;
    c.last_byte = {};
    c.closed = false;
    c.held = false;
    c.drained = false;
    c.head = RequestHead{};
    c.charged = 0;
    c.out_at = 0;
    c.out_wait = 0;
    c.close_after = false;
    c.served = 0;
    let_go(lp, s, 1);  // nothing can signal it before it is registered
    epoll_event e{};
    e.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET;
    e.data.u64 = id;
    if (epoll_ctl(ep, EPOLL_CTL_ADD, fd, &e) != 0) {
      // Not registered, so no event can reach it: close it here.
      if (s.pending.fetch_add(1, std::memory_order_acq_rel) == 0) {
        close_conn(lp, c);
        let_go(lp, s, 1);
      }
    }
  }

  // The listener's owner: accept until the backlog is empty (edge-triggered), the connections
  // are at --max-connections (a connection closing at the limit signals the listener again) or
  // descriptors run out (the sweep tries again).
  void accept_all(Loop& lp) {
    if (listener >= 0 && stopping) {
      ::close(listener);  // takes it out of the epoll set
      listener = -1;
      accept_closed = true;
    }
    if (listener < 0) return;
    while (open < limits.max_connections) {
      sockaddr_storage a{};
      socklen_t len = sizeof a;
      const int fd = accept4(listener, reinterpret_cast<sockaddr*>(&a), &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) {
        if (errno == EINTR || errno == ECONNABORTED) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) accept_stalled = true;  // EMFILE: retried at the next sweep, not spun on
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
      adopt(lp, fd, std::move(ip));
    }
  }

  void signal_listener(Loop& lp) {
    if (listener_pending.fetch_add(1, std::memory_order_acq_rel) != 0) return;
    std::uint32_t seen = 0;
    do {
      seen = listener_pending.load(std::memory_order_acquire);
      accept_all(lp);
    } while (listener_pending.fetch_sub(seen, std::memory_order_acq_rel) != seen);
  }

  // An owned connection at the sweep: its deadlines, and at stop the ones with nothing in
  // progress.
  void expire(Loop& lp, Conn& c, Clock::time_point t) {
    if (c.state == State::review) return;
    if (stopping && (c.state == State::handshake || (c.state == State::idle && c.in.empty()))) return close_conn(lp, c);
    auto due = c.deadline;
    if (c.state == State::head || c.state == State::body) due = std::min(due, c.last_byte + limits.read_timeout);
    if (t < due) return;
    switch (c.state) {
      case State::handshake:
        metrics.refused(Refusal::handshake);
        return close_conn(lp, c);
      case State::head:
      case State::body:
        refuse(c, 408, "the request was not received in time", Refusal::deadline);
        return step(lp, c);
      default: return close_conn(lp, c);  // idle past the keep-alive timeout, or an answer or a linger that took too long
    }
  }

  // Each loop sweeps its share of the slots (every loops.size()-th), taking each connection that
  // no loop owns now; one that is owned is being served, and is looked at again next sweep.
  void sweep(Loop& lp) {
    const auto t = now();
    const std::uint32_t made = slots_made.load(std::memory_order_acquire);
    for (std::uint32_t i = static_cast<std::uint32_t>(lp.index); i < made; i += static_cast<std::uint32_t>(loops.size())) {
      Slot& s = slot(i);
      std::uint32_t zero = 0;
      if (!s.pending.compare_exchange_strong(zero, 1, std::memory_order_acq_rel)) continue;
      if (!s.c.closed) expire(lp, s.c, t);
      if (!s.c.held) let_go(lp, s, 1);
    }
    if (accept_stalled.exchange(false)) signal_listener(lp);
    if (tick) tick();
  }

  void poke() const {
    const std::uint64_t one = 1;
    (void)!::write(wake, &one, sizeof one);
  }

  // Stop: answers from now on close their connections, the listener is closed (by its owner),
  // and this loop's share of the connections with nothing in progress is closed; the rest finish
  // (a request being read has its deadlines). The wake-up is passed on, so that the other loops
  // see the stop now rather than at their next sweep.
  void begin_stop(Loop& lp) {
    lp.stopping = true;
    stopping = true;
    signal_listener(lp);
    if (loops_stopping.fetch_add(1) + 1 < loops.size()) poke();
    sweep(lp);
  }

  void woken(Loop& lp) {
    std::uint64_t n = 0;
    (void)!::read(wake, &n, sizeof n);
    if (stop_requested && !lp.stopping) begin_stop(lp);
  }

  // Budget was given back: every connection that waited for it tries again (on whichever loop
  // owns it, or here).
  void resume_paused(Loop& lp) {
    if (!resume.load(std::memory_order_relaxed) || !resume.exchange(false)) return;
    std::vector<std::uint64_t> ids;
    {
      std::lock_guard lock(mutex);
      ids.swap(paused);
      for (std::uint64_t id : ids)
        if (Slot& s = slot(index_of(id)); s.paused) {
          s.paused = false;
          --waiting;
        }
    }
    for (std::uint64_t id : ids) signal(lp, id);
  }

  bool finished(const Loop& lp) const { return lp.stopping && accept_closed && open == 0; }

  void loop(Loop& lp) {
    epoll_event ev[kEventsPerWait];
    auto last_sweep = now();
    std::vector<Slot*> held;
    while (!finished(lp)) {
      const int n = epoll_wait(ep, ev, kEventsPerWait, lp.again.empty() ? static_cast<int>(kSweep.count()) : 0);
      held.swap(lp.again);  // those of the last turn; step may hold them again for the next
      for (int i = 0; i < n; ++i) {
        const std::uint64_t id = ev[i].data.u64;
        if (id == kListenerId) signal_listener(lp);
        else if (id == kWakeId) woken(lp);
        else signal(lp, id);
      }
      for (Slot* s : held) {
        s->c.held = false;
        const std::uint32_t seen = s->pending.load(std::memory_order_acquire);
        if (!s->c.closed) step(lp, s->c);
        if (!s->c.held) let_go(lp, *s, seen);
      }
      held.clear();
      if (now() - last_sweep >= kSweep) {
        sweep(lp);
        last_sweep = now();
        if (stop_requested && !lp.stopping) begin_stop(lp);
      }
      resume_paused(lp);
      if (lp.listen_again) {
        lp.listen_again = false;
        signal_listener(lp);
      }
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
  m.ep = epoll_create1(EPOLL_CLOEXEC);
  m.wake = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (m.ep < 0 || m.wake < 0) return "cannot create the event loops";
  for (auto [f, id] : {std::pair{m.wake, kWakeId}, std::pair{m.listener, kListenerId}}) {
    epoll_event e{};
    e.events = EPOLLIN | EPOLLET;
    e.data.u64 = id;
    if (epoll_ctl(m.ep, EPOLL_CTL_ADD, f, &e) != 0) return "cannot create the event loops";
  }
  for (std::size_t i = 0; i < m.limits.threads; ++i) {
    auto lp = std::make_unique<Loop>();
    lp->index = i;
    m.loops.push_back(std::move(lp));
  }
  return {};
}

void HttpServer::run() {
  Impl& m = *impl_;
  for (std::size_t i = 1; i < m.loops.size(); ++i) m.loops[i]->thread = std::thread([&m, i] { m.loop(*m.loops[i]); });
  m.loop(*m.loops[0]);
  for (std::size_t i = 1; i < m.loops.size(); ++i) m.loops[i]->thread.join();  // each returns once every connection is closed
}

void HttpServer::stop() {
  impl_->stop_requested = true;
  impl_->poke();
}

void HttpServer::on_sweep(std::function<void()> tick) { impl_->tick = std::move(tick); }

}  // namespace kvdtype::serve
