// Test helpers for kvdtype serve (server.hpp).
#include "server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

extern char** environ;

namespace kvdtype::test {
namespace {

std::vector<char*> c_args(std::vector<std::string>& v) {
  std::vector<char*> a;
  for (std::string& s : v) a.push_back(s.data());
  a.push_back(nullptr);
  return a;
}

int free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  int port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) {
    socklen_t len = sizeof a;
    if (getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0) port = ntohs(a.sin_port);
  }
  ::close(fd);
  return port;
}

std::string temp_dir() {
  std::string t = (std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp");
  t += "/kvdtype-serve-test-XXXXXX";
  std::vector<char> buf(t.begin(), t.end());
  buf.push_back('\0');
  const char* d = mkdtemp(buf.data());
  return d ? std::string(d) : std::string("/tmp");
}

Http parse_curl(const Ran& r) {
  // -w '\n%{http_code}' puts the status on the last line.
  Http h;
  h.curl_exit = r.exit_code;
  const std::size_t nl = r.out.rfind('\n');
  if (nl != std::string::npos) {
    h.body = r.out.substr(0, nl);
    h.status = std::atoi(r.out.c_str() + nl + 1);
  }
  return h;
}

}  // namespace

const Cert& test_cert() {
  static Cert cert;
  static std::once_flag once;
  std::call_once(once, [] {
    cert.dir = temp_dir();
    // The directory (key, certificate, every server's log) is this test process's alone: removed
    // when it exits, so that CTest's hundreds of processes leave nothing under $TMPDIR. Set
    // KVDTYPE_KEEP_TEST_DIRS to keep it for reading a failed test's server log.
    std::atexit([] {
      if (std::getenv("KVDTYPE_KEEP_TEST_DIRS") == nullptr && cert.dir.find("/kvdtype-serve-test-") != std::string::npos) {
        std::error_code ec;
        std::filesystem::remove_all(cert.dir, ec);
      }
    });
    cert.cert = cert.dir + "/cert.pem";
    cert.key = cert.dir + "/key.pem";
    run({"openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost", "-addext",
         "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", cert.key, "-out", cert.cert});
  });
  return cert;
}

Server::Server(const std::vector<std::string>& extra) {
  const Cert& c = test_cert();
  for (int attempt = 0; attempt < 5 && !up_; ++attempt) {
    port_ = free_port();
    log_path_ = c.dir + "/serve-" + std::to_string(port_) + ".log";
    std::vector<std::string> argv = {KVDTYPE_CLI, "serve", "--listen", "127.0.0.1:" + std::to_string(port_), "--tls-cert", c.cert,
                                     "--tls-key", c.key};
    // No drain wait unless the test is about draining: stop() is then immediate.
    if (std::find(extra.begin(), extra.end(), "--drain-seconds") == extra.end())
      argv.insert(argv.end(), {"--drain-seconds", "0"});
    argv.insert(argv.end(), extra.begin(), extra.end());
    auto a = c_args(argv);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, log_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    const int rc = posix_spawn(&pid_, KVDTYPE_CLI, &fa, nullptr, a.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) return;
    for (int i = 0; i < 200 && running(); ++i) {  // up to ~20 s on a loaded machine
      if (curl_get(*this, "/healthz", {"--max-time", "2"}).status == 200) {
        up_ = true;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (!up_) stop(10);  // the port was taken between free_port() and bind: try another
  }
}

Server::~Server() {
  if (pid_ > 0) stop();
}

std::string Server::url(const std::string& path) const { return "https://127.0.0.1:" + std::to_string(port_) + path; }

bool Server::running() const {
  if (pid_ <= 0) return false;
  int status = 0;
  return waitpid(pid_, &status, WNOHANG) == 0;
}

int Server::stop(int timeout_s) {
  if (pid_ <= 0) return -1;
  kill(pid_, SIGTERM);
  int status = 0;
  int result = -1;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  while (std::chrono::steady_clock::now() < deadline) {
    const pid_t w = waitpid(pid_, &status, WNOHANG);
    if (w == pid_) {
      result = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      pid_ = -1;
      return result;
    }
    if (w < 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  kill(pid_, SIGKILL);
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return -1;
}

std::string Server::log() const {
  std::ifstream f(log_path_);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

long Server::rss_kib() const {
  std::ifstream f("/proc/" + std::to_string(pid_) + "/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  return 0;
}

long Server::peak_rss_kib() const {
  std::ifstream f("/proc/" + std::to_string(pid_) + "/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6);
  return 0;
}

long Server::metric(const std::string& series) const {
  const Http m = curl_get(*this, "/metrics");
  const std::size_t at = m.body.find(series + " ");
  return at == std::string::npos ? -1 : std::atol(m.body.c_str() + at + series.size() + 1);
}

Http curl_get(const Server& s, const std::string& path, const std::vector<std::string>& extra) {
  std::vector<std::string> argv = {"curl", "-sS", "--cacert", test_cert().cert, "-o", "-", "-w", "\n%{http_code}", "--max-time", "60"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  argv.push_back(s.url(path));
  return parse_curl(run(argv));
}

Http curl_post(const Server& s, const std::string& path, const std::string& body, const std::vector<std::string>& extra) {
  std::vector<std::string> argv = {"curl", "-sS", "--cacert", test_cert().cert, "-o", "-", "-w", "\n%{http_code}", "--max-time", "60",
                                   "-H", "Content-Type: application/json", "--data-binary", "@-"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  argv.push_back(s.url(path));
  return parse_curl(run(argv, body));
}

std::string review_body(const std::string& object_json, const std::string& uid, const std::string& kind) {
  nlohmann::json j = {{"apiVersion", "admission.k8s.io/v1"},
                      {"kind", "AdmissionReview"},
                      {"request",
                       {{"uid", uid},
                        {"kind", {{"group", kind == "Pod" ? "" : "apps"}, {"version", "v1"}, {"kind", kind}}},
                        {"operation", "CREATE"},
                        {"namespace", "llm"},
                        {"object", nlohmann::json::parse(object_json)}}}};
  return j.dump();
}

// ---- raw TLS -------------------------------------------------------------------------------

TlsClient::TlsClient(int port, bool handshake) {
  // OpenSSL writes with write(): to a connection the server closed (a refused one) that would
  // raise SIGPIPE and kill the test process, leaving its server running.
  static const bool no_sigpipe = [] { return std::signal(SIGPIPE, SIG_IGN) != SIG_ERR; }();
  (void)no_sigpipe;
  fd_ = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  if (connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) return;
  timeval tv{30, 0};
  setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  if (!handshake) {
    ok_ = true;
    return;
  }
  static SSL_CTX* ctx = [] {
    SSL_CTX* c = SSL_CTX_new(TLS_client_method());
    SSL_CTX_set_verify(c, SSL_VERIFY_NONE, nullptr);  // the tests judge the server's HTTP, not its certificate
    return c;
  }();
  SSL* ssl = SSL_new(ctx);
  SSL_set_fd(ssl, fd_);
  ssl_ = ssl;
  ok_ = SSL_connect(ssl) == 1;
}

TlsClient::~TlsClient() { close(); }

bool TlsClient::send(const std::string& bytes) {
  if (!ok_) return false;
  if (ssl_ == nullptr) return ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size());
  return SSL_write(static_cast<SSL*>(ssl_), bytes.data(), static_cast<int>(bytes.size())) == static_cast<int>(bytes.size());
}

int TlsClient::receive(char* buf, int size, int timeout_s) {
  timeval tv{timeout_s, 0};
  setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  return ssl_ ? SSL_read(static_cast<SSL*>(ssl_), buf, size) : static_cast<int>(::recv(fd_, buf, static_cast<std::size_t>(size), 0));
}

std::string TlsClient::read_all(int timeout_s) {
  std::string out;
  char buf[16384];
  for (int n; ok_ && (n = receive(buf, sizeof buf, timeout_s)) > 0;) out.append(buf, static_cast<std::size_t>(n));
  return out;
}

std::string TlsClient::read_response(int timeout_s) {
  std::string out = std::move(pending_);  // what came after the previous answer (pipelined answers)
  pending_.clear();
  char buf[16384];
  while (ok_) {
    const std::size_t end = out.find("\r\n\r\n");
    if (end != std::string::npos) {
      // Header names are case-insensitive; the server under test writes "Content-Length".
      std::size_t length = 0;
      if (const std::size_t at = out.find("\r\nContent-Length: "); at != std::string::npos && at < end)
        length = std::strtoul(out.c_str() + at + 18, nullptr, 10);
      if (out.size() >= end + 4 + length) {
        pending_ = out.substr(end + 4 + length);
        return out.substr(0, end + 4 + length);
      }
    }
    const int n = receive(buf, sizeof buf, timeout_s);
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

TlsClient::Trickled TlsClient::trickle(const std::string& bytes, int pause_ms, int bound_s) {
  Trickled t;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(bound_s);
  std::size_t sent = 0;
  while (ok_ && sent < bytes.size() && std::chrono::steady_clock::now() < deadline) {
    if (!send(bytes.substr(sent, 1))) break;
    ++sent;
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, pause_ms) > 0) break;  // an answer, or the server hung up
  }
  t.sent_all = sent == bytes.size();
  t.answer = read_all(bound_s);
  return t;
}

void TlsClient::close() {
  if (ssl_) {
    SSL_free(static_cast<SSL*>(ssl_));
    ssl_ = nullptr;
  }
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  ok_ = false;
}

}  // namespace kvdtype::test
