// kvdtype-serve: the validating admission webhook (`kvdtype serve …` runs this program).
//
// It is its own executable so that `kvdtype check`, a short process started once per check,
// never loads OpenSSL or spdlog (the CLI links libstdc++ statically for start-up time;
// docs/webhook.md). HTTPS is the transport of http_server.cpp: --threads event loops read requests
// against their deadlines and judge complete ones.
//
// Shutdown: SIGTERM (or SIGINT, or SIGHUP, which would otherwise kill it undrained; certificates
// are read at start, so a restart is how they are renewed) marks the server not ready (GET /readyz → 503) and keeps
// serving for --drain-seconds, the time Kubernetes needs to take the endpoint out of the
// Service; then the listener closes, requests in flight finish, and the process exits 0.
#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bindings/face.hpp"
#include "kvdtype/io/check_request.hpp"
#include "kvdtype/io/workloads.hpp"
#include "kvdtype/request.hpp"
#include "kvdtype/rule.hpp"
#include "http_server.hpp"
#include "metrics.hpp"

namespace {

using kvdtype::serve::HttpRequest;
using kvdtype::serve::HttpResponse;
using kvdtype::serve::Metrics;
using kvdtype::serve::Outcome;
using kvdtype::serve::Policy;

constexpr int kBadInput = 2;

int bad_input(const std::string& message) {
  std::fprintf(stderr, "kvdtype serve: %s\n", message.c_str());
  return kBadInput;
}

struct Options {
  std::string listen, cert, key;
  std::string fail_on = "error";
  std::string on_unreadable = "deny";
  std::string enforcement = "deny";
  std::vector<std::string> ignore;
  std::string engine_version, gpu;
  // Kubernetes objects are at most ~1.5 MiB in etcd; a review wraps one (twice with oldObject).
  // --threads reviews of this size fit the pod's 256 MiB (deploy/deployment.yaml, docs/webhook.md).
  std::size_t max_body = 3u << 20;
  std::size_t threads = 16;
  int read_timeout = 5;
  int request_timeout = 5;
  int handshake_timeout = 5;
  std::size_t max_connections = 1024;
  std::size_t max_connections_per_client = 1024;
  int drain_seconds = 2;
  std::size_t keep_alive_max = 10000;
  int keep_alive_timeout = 5;
  std::string log_level = "info";
};

// The levels --log-level takes, in spdlog's order. Reviews log at info, reviews of a body that
// could not be read at warn; start, drain and stop at info.
constexpr std::string_view kLogLevels[] = {"debug", "info", "warn", "error", "off"};

std::optional<spdlog::level::level_enum> parse_log_level(std::string_view s) {
  for (std::string_view l : kLogLevels)
    if (s == l) return spdlog::level::from_str(std::string(l));
  return std::nullopt;
}

// "ADDR:PORT", "[::1]:PORT", ":PORT" (all addresses).
bool split_listen(const std::string& s, std::string& host, int& port) {
  const std::size_t colon = s.rfind(':');
  if (colon == std::string::npos) return false;
  host = s.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  if (host.empty()) host = "0.0.0.0";
  const std::string p = s.substr(colon + 1);
  if (p.empty() || p.size() > 5 || p.find_first_not_of("0123456789") != std::string::npos) return false;
  port = std::stoi(p);
  return port > 0 && port < 65536;
}

// The check options as the server's policy; a bad one stops the server before it listens.
std::optional<std::string> make_policy(const Options& o, Policy& p) {
  auto fail_on = kvdtype::io::parse_fail_on(o.fail_on);
  if (!fail_on.ok()) return fail_on.error().message;
  p.fail_on = *fail_on;
  if (o.on_unreadable != "deny" && o.on_unreadable != "warn")
    return "--on-unreadable " + o.on_unreadable + ": expected deny or warn";
  p.unreadable_warns = o.on_unreadable == "warn";
  const auto enforcement = kvdtype::serve::parse_enforcement(o.enforcement);
  if (!enforcement) return "--enforcement " + o.enforcement + ": expected deny, warn or dry-run";
  p.enforcement = *enforcement;
  for (const std::string& list : o.ignore) {
    std::size_t start = 0;
    while (start <= list.size()) {
      std::size_t comma = list.find(',', start);
      if (comma == std::string::npos) comma = list.size();
      const std::string code = list.substr(start, comma - start);
      if (!code.empty()) {
        auto rule = kvdtype::parse_rule_code(code);
        if (!rule.ok()) return "--ignore: " + rule.error().message;
        p.ignore.insert(std::string((*rule)->code));
      }
      start = comma + 1;
    }
  }
  if (o.gpu.find("auto") != std::string::npos || o.gpu.find("AUTO") != std::string::npos)
    return "--gpu auto would probe the webhook's own machine, not the nodes the workloads run on: name the GPU";
  if (o.engine_version == "auto")
    return "--engine-version auto reads the webhook's own Python packages, not the workloads' images: name the release";
  p.base.defaults.engine_version = o.engine_version;
  p.base.defaults.gpu = o.gpu;
  if (!o.engine_version.empty() || !o.gpu.empty()) {
    kvdtype::RequestInput probe;
    probe.engine_version = o.engine_version;
    probe.gpu = o.gpu.find(',') == std::string::npos ? o.gpu : std::string();
    auto r = kvdtype::make_request(probe);
    if (!r.ok()) return r.error().message;
  }
  // A list (`--gpu A100,H100`): each target as one --gpu would be, refused here rather than on
  // every review (an empty or unknown target made each review unreadable: denied). Split as a
  // review splits it (io::expand_fleet), so the start and the reviews agree on the targets.
  if (kvdtype::io::is_fleet(o.gpu)) {
    std::vector<kvdtype::io::Workload> one(1);
    one[0].input.fields.gpu = o.gpu;
    auto targets = kvdtype::io::expand_fleet(std::move(one));
    if (!targets.ok()) return targets.error().message;
    for (const kvdtype::io::Workload& t : *targets) {
      kvdtype::RequestInput probe;
      probe.gpu = t.input.fields.gpu;
      auto r = kvdtype::make_request(probe);
      if (!r.ok()) return r.error().message;
    }
  }
  return std::nullopt;
}

// The log's sink: lines gather in memory and go to stderr together — once 64 KiB have gathered,
// at every event loop's sweep (at most 100 ms apart), at once at warn and above (the logger's
// flush_on), after the start, drain and stop lines, and at exit — rather than one write() per
// review (issue 29: a system call is dear on this server's kind of guest). What a SIGKILL
// interrupts loses the last 100 ms of lines at most; SIGTERM drains and loses none.
class BatchedStderr final : public spdlog::sinks::base_sink<std::mutex> {
 public:
  BatchedStderr() { buf_.reserve(kFlushAt + 4096); }
  ~BatchedStderr() override { flush_(); }
  BatchedStderr(const BatchedStderr&) = delete;
  BatchedStderr& operator=(const BatchedStderr&) = delete;

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    spdlog::memory_buf_t line;
    formatter_->format(msg, line);
    buf_.append(line.data(), line.size());
    if (buf_.size() >= kFlushAt) flush_();
  }
  void flush_() override {
    std::size_t at = 0;
    while (at < buf_.size()) {
      const ssize_t n = ::write(STDERR_FILENO, buf_.data() + at, buf_.size() - at);
      if (n > 0) at += static_cast<std::size_t>(n);
      else if (n < 0 && errno == EINTR) continue;
      else break;  // stderr closed: the lines are lost, as an unbuffered stderr's would be
    }
    buf_.clear();
  }

 private:
  static constexpr std::size_t kFlushAt = 64 * 1024;
  std::string buf_;
};

// Text nlohmann's dump writes between quotes as it is: printable ASCII other than `"` and `\`.
bool plain(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char ch) { return ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\'; });
}

// A review's log line: one JSON object, its keys in nlohmann's (sorted) order.
std::string log_line(const Outcome& o, double seconds, const std::string& remote) {
  const double rounded = std::round(seconds * 1e5);  // the milliseconds to two decimals, in hundredths
  // (At most 12 digits, so that rounded / 100's shortest decimal is exactly hundredths / 100.)
  if (rounded >= 0 && rounded < 1e12 && o.error.empty() && plain(o.uid) && plain(o.operation) && plain(o.kind) && plain(o.namespace_) && plain(o.name) &&
      plain(o.decision) && plain(remote) && std::all_of(o.codes.begin(), o.codes.end(), [](const std::string& c) { return plain(c); })) {
    // Written directly, the same bytes as the dump below (issue 29: building and dumping a
    // nlohmann object per review cost ~3 µs): every string is written as it is, and the
    // milliseconds as the shortest decimal of hundredths / 100, as nlohmann writes that double.
    std::string s;
    s.reserve(200 + o.uid.size() + o.namespace_.size() + o.name.size() + 10 * o.codes.size());
    s += R"({"codes":[)";
    for (std::size_t i = 0; i < o.codes.size(); ++i) s.append(i ? ",\"" : "\"").append(o.codes[i]).append("\"");
    s.append(R"(],"decision":")").append(o.decision).append(R"(","event":"review","kind":")").append(o.kind);
    const auto hundredths = static_cast<long long>(rounded);
    s.append(R"(","ms":)").append(std::to_string(hundredths / 100)).append(".");
    s += static_cast<char>('0' + hundredths % 100 / 10);
    if (hundredths % 10 != 0) s += static_cast<char>('0' + hundredths % 10);
    s.append(R"(,"name":")").append(o.name).append(R"(","namespace":")").append(o.namespace_);
    s.append(R"(","operation":")").append(o.operation).append(R"(","remote":")").append(remote);
    s.append(R"(","uid":")").append(o.uid).append(R"(","workloads":)").append(std::to_string(o.workloads));
    if (o.would_deny) s += R"(,"would_deny":true)";
    s += '}';
    return s;
  }
  nlohmann::json j = {{"event", "review"},     {"uid", o.uid},        {"operation", o.operation}, {"kind", o.kind},
                      {"namespace", o.namespace_}, {"name", o.name}, {"decision", o.decision}, {"codes", o.codes},
                      {"workloads", o.workloads}, {"ms", rounded / 100}, {"remote", remote}};
  if (o.would_deny) j["would_deny"] = true;  // --enforcement warn or dry-run let it through
  if (!o.error.empty()) j["error"] = o.error;
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"kvdtype serve: a Kubernetes validating admission webhook (POST /validate, GET /healthz, GET /metrics)",
               "kvdtype serve"};
  app.add_option("--listen", o.listen, "ADDR:PORT to listen on (HTTPS), e.g. 0.0.0.0:8443")->required();
  app.add_option("--tls-cert", o.cert, "PEM certificate (chain) file")->required();
  app.add_option("--tls-key", o.key, "PEM private key file")->required();
  app.add_option("--fail-on", o.fail_on, "deny on error (default), on incomplete too (a fact unknown, checks skipped), or on warning too");
  app.add_option("--on-unreadable", o.on_unreadable,
                 "deny (default) or warn: an object or container command kvdtype could not read to its end");
  app.add_option("--enforcement", o.enforcement,
                 "deny (default): refuse what fails the check; warn: allow it with the denial as warnings; "
                 "dry-run: allow it silently, recording the denial in the log and the metrics");
  app.add_option("--ignore", o.ignore, "rule codes that neither deny nor warn (KVDnnn[,KVDnnn…]; repeatable)");
  app.add_option("--engine-version", o.engine_version, "engine release assumed when an image tag does not say");
  app.add_option("--gpu", o.gpu, "target assumed when a pod's node selector does not say (several: A,B)");
  app.add_option("--max-body", o.max_body, "largest request body in bytes (default 3 MiB; larger → 413)");
  app.add_option("--threads", o.threads, "event loops sharing the connections: whichever is free reads a ready request and judges it (default 16)");
  app.add_option("--request-timeout", o.request_timeout,
                 "seconds a client may take to send a whole request, headers and body, and to take its answer (default 5)");
  app.add_option("--read-timeout", o.read_timeout, "seconds a client may stay silent in the middle of a request (default 5)");
  app.add_option("--handshake-timeout", o.handshake_timeout, "seconds a client may take for the TLS handshake (default 5)");
  app.add_option("--max-connections", o.max_connections,
                 "open connections at most; more wait in the listen backlog (default 1024)");
  app.add_option("--max-connections-per-client", o.max_connections_per_client,
                 "open connections at most from one client address; more are closed at once (default 1024)");
  app.add_option("--drain-seconds", o.drain_seconds, "after SIGTERM, seconds to keep serving while not ready (default 2)");
  app.add_option("--keep-alive-max", o.keep_alive_max, "requests per keep-alive connection (default 10000)");
  app.add_option("--log-level", o.log_level, "debug, info (default: every review), warn (unreadable requests only), error or off");
  app.add_option("--keep-alive-timeout", o.keep_alive_timeout,
                 "seconds a connection may wait idle for its next request (default 5)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return bad_input(e.what());
  }
  std::string host;
  int port = 0;
  if (!split_listen(o.listen, host, port)) return bad_input("--listen " + o.listen + ": expected ADDR:PORT, e.g. 0.0.0.0:8443");
  if (o.threads == 0 || o.threads > 1024) return bad_input("--threads: between 1 and 1024");
  if (o.max_body < 1024) return bad_input("--max-body: at least 1024 bytes");
  if (o.read_timeout < 1 || o.request_timeout < 1 || o.handshake_timeout < 1 || o.drain_seconds < 0)
    return bad_input("--read-timeout, --request-timeout and --handshake-timeout at least 1, --drain-seconds at least 0");
  if (o.max_connections < 1 || o.max_connections_per_client < 1)
    return bad_input("--max-connections and --max-connections-per-client: at least 1");
  if (o.keep_alive_timeout < 1 || o.keep_alive_timeout > 3600)
    return bad_input("--keep-alive-timeout " + std::to_string(o.keep_alive_timeout) + ": 1 to 3600 seconds");
  const auto level = parse_log_level(o.log_level);
  if (!level) return bad_input("--log-level '" + o.log_level + "': expected debug, info, warn, error or off");
  Policy policy;
  if (auto e = make_policy(o, policy)) return bad_input(*e);

  // Signals go to one thread (sigwait); every other thread, created below, inherits the mask.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);  // a client that hangs up mid-answer is its own problem

  // One descriptor per connection: take the hard limit rather than a soft 1024.
  if (rlimit nofile{}; getrlimit(RLIMIT_NOFILE, &nofile) == 0 && nofile.rlim_cur < nofile.rlim_max) {
    nofile.rlim_cur = nofile.rlim_max;
    setrlimit(RLIMIT_NOFILE, &nofile);
  }

  auto log = std::make_shared<spdlog::logger>("kvdtype", std::make_shared<BatchedStderr>());
  log->set_pattern(R"({"time":"%Y-%m-%dT%H:%M:%S.%fZ","level":"%l",%v})", spdlog::pattern_time_type::utc);
  log->set_level(*level);
  log->flush_on(spdlog::level::warn);  // an unreadable request, an error: written at once

  Metrics metrics;
  std::atomic<bool> draining{false};

  // The routes; they run on the event loops, with the whole request read.
  auto handle = [&](const HttpRequest& req, HttpResponse& res) {
    const bool get = req.method == "GET" || req.method == "HEAD";
    if (req.path == "/validate" && req.method == "POST") {
      const auto start = std::chrono::steady_clock::now();
      Outcome out = kvdtype::serve::review(req.text(), policy);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      res = {out.http_status, "application/json", std::move(out.body)};
      metrics.record(out.decision, out.workloads, seconds, out.would_deny);
      const std::string line = log_line(out, seconds, req.remote);
      // Strip the outer braces: the pattern adds time and level in the same object.
      log->log(out.error.empty() ? spdlog::level::info : spdlog::level::warn, "{}", std::string_view(line).substr(1, line.size() - 2));
    } else if (req.path == "/healthz" && get) {
      res = {200, "text/plain", "ok\n"};
    } else if (req.path == "/readyz" && get) {
      res = draining ? HttpResponse{503, "text/plain", "draining\n"} : HttpResponse{200, "text/plain", "ok\n"};
    } else if (req.path == "/metrics" && get) {
      res = {200, "text/plain; version=0.0.4", metrics.render()};
    } else {
      const bool known = req.path == "/validate" || req.path == "/healthz" || req.path == "/readyz" || req.path == "/metrics";
      metrics.refused(kvdtype::serve::Refusal::not_found);
      res.status = known ? 405 : 404;
      res.content_type = "application/json";
      res.body = nlohmann::json{{"error", known ? "method not allowed" : "not found"}, {"status", res.status}}.dump();
    }
  };

  kvdtype::serve::ServerLimits limits;
  limits.threads = o.threads;
  limits.max_body = o.max_body;
  limits.max_connections = o.max_connections;
  limits.max_connections_per_client = o.max_connections_per_client;
  limits.keep_alive_max = o.keep_alive_max;
  limits.request_timeout = std::chrono::seconds(o.request_timeout);
  limits.read_timeout = std::chrono::seconds(o.read_timeout);
  limits.handshake_timeout = std::chrono::seconds(o.handshake_timeout);
  limits.keep_alive_timeout = std::chrono::seconds(o.keep_alive_timeout);
  kvdtype::serve::HttpServer svr(limits, handle, metrics);
  if (auto e = svr.load_tls(o.cert, o.key); !e.empty()) return bad_input(e);
  if (auto e = svr.listen(host, port); !e.empty()) return bad_input(e);
  svr.on_sweep([&log] { log->flush(); });  // the lines of the last 100 ms

  std::thread stopper([&] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    draining = true;
    svr.drain();  // every answer from now on carries Connection: close: clients reconnect elsewhere
    log->info(R"("event":"draining","signal":{},"seconds":{})", sig, o.drain_seconds);
    log->flush();
    std::this_thread::sleep_for(std::chrono::seconds(o.drain_seconds));
    svr.stop();
  });
  log->info(R"("event":"listening","address":"{}","port":{},"threads":{})", host, port, o.threads);
  log->flush();
  svr.run();  // returns once stop() closed the listener and the requests in flight were answered
  stopper.join();
  log->info(R"("event":"stopped","clean":true)");
  log->flush();
  return 0;
}
