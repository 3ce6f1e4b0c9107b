// kvdtype serve's own transport under slow and greedy clients (issue 31 #4 #5 #11 #12): total
// deadlines per request and per handshake, connection limits, 413 from the head, concurrent
// maximum-size reviews. Every test asserts outcomes — who got an answer, which one, that the
// server closed a connection, what it counted — within the test's own generous bounds, never
// how fast the server was.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "server.hpp"

namespace {

using namespace kvdtype::test;
using Json = nlohmann::json;

std::string review(const std::string& uid, std::size_t args = 4) {
  Json a = Json::array({"--model", "meta-llama/Llama-3.1-8B-Instruct", "--kv-cache-dtype", "fp8"});
  for (std::size_t i = 4; i < args; ++i) a.push_back("0");
  const Json pod = {{"apiVersion", "v1"},
                    {"kind", "Pod"},
                    {"metadata", {{"name", "p"}}},
                    {"spec",
                     {{"nodeSelector", {{"nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3"}}},
                      {"containers", Json::array({{{"name", "vllm"}, {"image", "vllm/vllm-openai:v0.27.0"}, {"args", a}}})}}}};
  return review_body(pod.dump(), uid);
}

std::string post(const std::string& body) {
  return "POST /validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\n\r\n" + body;
}

// Clients that trickle a request a byte at a time, each on its own thread, until the server
// closes them (or the test's bound passes).
struct Tricklers {
  std::vector<std::thread> threads;
  std::vector<TlsClient::Trickled> results;
  Tricklers(int port, int n, const std::string& request) : results(static_cast<std::size_t>(n)) {
    for (int i = 0; i < n; ++i)
      threads.emplace_back([this, port, i, request] {
        TlsClient c(port);
        if (c.connected()) results[static_cast<std::size_t>(i)] = c.trickle(request, 200);
      });
  }
  void join() {
    for (std::thread& t : threads) t.join();
    threads.clear();
  }
  ~Tricklers() { join(); }
};

// Two workers and eight clients that send a byte every 200 ms: with cpp-httplib each held a
// worker (the timeout was per recv()), so /healthz waited behind them. Now they hold no worker,
// and each is closed with a 408 once its request deadline passes, its request unanswered.
TEST(ServeTransport, TricklingClientsHoldNoWorkerAndAreClosedAtTheirDeadline) {
  Server s({"--threads", "2", "--request-timeout", "2", "--read-timeout", "60"});
  ASSERT_TRUE(s.up());
  const std::string body = review("u-trickle");
  Tricklers slow(s.port(), 8, post(body));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // let them connect and start
  EXPECT_EQ(curl_get(s, "/healthz").status, 200);
  const Http h = curl_post(s, "/validate", review("u-meanwhile"));
  EXPECT_EQ(h.status, 200) << h.body;
  slow.join();
  for (const TlsClient::Trickled& t : slow.results) {
    EXPECT_FALSE(t.sent_all);  // the request (~500 bytes at 5 a second) was cut off by the server
    EXPECT_NE(t.answer.find(" 408 "), std::string::npos) << t.answer.substr(0, 200);
    EXPECT_EQ(t.answer.find(" 200 "), std::string::npos);
  }
  EXPECT_GE(s.metric("kvdtype_http_refused_total{reason=\"deadline\"}"), 8);
}

// The deadline covers the body too: a head sent at once and a body trickled.
TEST(ServeTransport, ARequestDeadlineCoversTheBody) {
  Server s({"--request-timeout", "2", "--read-timeout", "60"});
  ASSERT_TRUE(s.up());
  const std::string body = review("u-slow-body");
  const std::string request = post(body);
  const std::size_t head = request.find("\r\n\r\n") + 4;
  TlsClient c(s.port());
  ASSERT_TRUE(c.connected());
  ASSERT_TRUE(c.send(request.substr(0, head)));
  const TlsClient::Trickled t = c.trickle(request.substr(head), 200);
  EXPECT_FALSE(t.sent_all);
  EXPECT_NE(t.answer.find(" 408 "), std::string::npos) << t.answer.substr(0, 200);
  EXPECT_EQ(curl_post(s, "/validate", body).status, 200);
}

// A Content-Length over --max-body is answered from the head: no byte of the body is sent, the
// 413 comes and the connection is closed.
TEST(ServeTransport, AnOversizedContentLengthIs413WithoutTheBody) {
  Server s({"--max-body", "65536"});
  ASSERT_TRUE(s.up());
  TlsClient c(s.port());
  ASSERT_TRUE(c.connected());
  ASSERT_TRUE(c.send("POST /validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 65537\r\n\r\n"));
  const std::string answer = c.read_all(60);  // returns once the server closes
  EXPECT_NE(answer.find("HTTP/1.1 413 "), std::string::npos) << answer;
  EXPECT_NE(answer.find("Connection: close"), std::string::npos) << answer;
  EXPECT_EQ(s.metric("kvdtype_http_refused_total{reason=\"too_large\"}"), 1);
  // Exactly --max-body is taken.
  std::string body = review("u-limit");
  body.insert(body.size() - 2, ",\"pad\":\"" + std::string(65536 - body.size() - 9, 'x') + "\"");
  ASSERT_EQ(body.size(), 65536u);
  EXPECT_EQ(curl_post(s, "/validate", body).status, 200);
}

// TCP connections that never start a handshake: others are served meanwhile, and each silent one
// is closed once its handshake deadline passes.
TEST(ServeTransport, SilentConnectionsDoNotBlockHandshakesAndAreClosed) {
  Server s({"--handshake-timeout", "1", "--threads", "2"});
  ASSERT_TRUE(s.up());
  std::vector<std::unique_ptr<TlsClient>> silent;
  for (int i = 0; i < 20; ++i) silent.push_back(std::make_unique<TlsClient>(s.port(), /*handshake=*/false));
  EXPECT_EQ(curl_get(s, "/healthz").status, 200);
  for (auto& c : silent) {
    ASSERT_TRUE(c->connected());
    EXPECT_EQ(c->read_all(60), "");  // returns: the server closed it, having sent nothing
  }
  EXPECT_GE(s.metric("kvdtype_http_refused_total{reason=\"handshake\"}"), 20);
}

// One address holds at most --max-connections-per-client connections: the next is closed before
// its handshake; once the address holds fewer, it is served again.
TEST(ServeTransport, ConnectionsPerClientAreLimited) {
  Server s({"--max-connections-per-client", "4", "--keep-alive-timeout", "60"});
  ASSERT_TRUE(s.up());
  std::vector<std::unique_ptr<TlsClient>> held;
  for (int i = 0; i < 4; ++i) {
    held.push_back(std::make_unique<TlsClient>(s.port()));
    ASSERT_TRUE(held.back()->connected());
  }
  // The healthz poll of Server's constructor may still be closing: wait until the fifth is refused.
  bool refused = false;
  for (int i = 0; i < 50 && !refused; ++i) {
    TlsClient extra(s.port());
    refused = !extra.connected();
    if (!refused) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_TRUE(refused);
  held.back()->send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
  EXPECT_NE(held.back()->read_response().find(" 200 "), std::string::npos);  // the four are served
  held.clear();
  Http h;
  for (int i = 0; i < 50 && h.status != 200; ++i) {  // the server sees the four close
    h = curl_get(s, "/healthz");
    if (h.status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(h.status, 200);
  EXPECT_GE(s.metric("kvdtype_http_refused_total{reason=\"per_client_limit\"}"), 1);
}

// Past --max-connections new connections wait in the listen backlog instead of being refused,
// and are served once a connection closes (here: silent ones, at their handshake deadline).
TEST(ServeTransport, ConnectionsPastTheGlobalLimitWaitAndAreServed) {
  Server s({"--max-connections", "4", "--handshake-timeout", "2"});
  ASSERT_TRUE(s.up());
  std::vector<std::unique_ptr<TlsClient>> idle;
  for (int i = 0; i < 4; ++i) idle.push_back(std::make_unique<TlsClient>(s.port(), /*handshake=*/false));
  EXPECT_EQ(curl_get(s, "/healthz").status, 200);
}

// Concurrent reviews of the largest body taken (most of it one container's arguments, past the
// 8,192 values converted): every one is answered, and the server's peak memory stays within a
// bound derived from the body size (bodies, 4x the body per review in review, the base).
TEST(ServeTransport, ConcurrentMaximumSizeReviewsAreAllAnswered) {
  constexpr std::size_t kMaxBody = 2u << 20;
  constexpr int kClients = 8;
  // Generous deadlines: this test is about answers and memory, not about a loaded machine's speed.
  Server s({"--max-body", std::to_string(kMaxBody), "--threads", "4", "--request-timeout", "120", "--read-timeout", "120"});
  ASSERT_TRUE(s.up());
  std::string body = review("u-max", 400000);  // 2.0 MB
  body.insert(body.size() - 2, ",\"pad\":\"" + std::string(kMaxBody - body.size() - 9, 'x') + "\"");
  ASSERT_EQ(body.size(), kMaxBody);
  std::vector<std::thread> clients;
  std::vector<Http> answers(kClients);
  for (int i = 0; i < kClients; ++i)
    clients.emplace_back([&, i] { answers[static_cast<std::size_t>(i)] = curl_post(s, "/validate", body); });
  for (std::thread& t : clients) t.join();
  for (const Http& h : answers) {
    EXPECT_EQ(h.status, 200) << h.body.substr(0, 200);
    EXPECT_NE(h.body.find("values in the object"), std::string::npos) << h.body.substr(0, 300);  // denied unread, fail closed
  }
  // All eight bodies may be held at once (8 x 2 MiB), four in review (4 x 4 x 2 MiB), plus the
  // idle server (~12 MB) and slack.
  const long bound_kib = (kClients * 2 + 4 * 4 * 2) * 1024 + 32 * 1024;
  if (kRssIsTheServers) {
    EXPECT_LT(s.peak_rss_kib(), bound_kib);
  }
  EXPECT_TRUE(s.running());
}

// The loops see a connection's bytes edge-triggered (session 47): a request is reported once, when
// its bytes arrive, not again while they wait, so a loop that stops reading before the socket is
// empty must come back to it itself. Here a large review and, in the same write, a second review
// and a GET: the first is read in many reads, and what follows it is already buffered (in
// OpenSSL's read-ahead or the socket) when the first answer is written. Every answer must come,
// in order, on the same connection; a request left for an event that never comes would sit until
// the keep-alive timeout closed the connection, its answer never sent.
TEST(ServeTransport, PipelinedRequestsBehindALargeBodyAreAllAnswered) {
  Server s({"--threads", "2"});
  ASSERT_TRUE(s.up());
  std::string large = review("u-large");
  large.insert(large.size() - 2, ",\"pad\":\"" + std::string(240000, 'x') + "\"");  // many reads of 16 KiB records
  TlsClient c(s.port());
  ASSERT_TRUE(c.connected());
  ASSERT_TRUE(c.send(post(large) + post(review("u-next")) + "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"));
  const std::string first = c.read_response();
  const std::string second = c.read_response();
  const std::string third = c.read_response();
  EXPECT_NE(first.find("\"uid\":\"u-large\""), std::string::npos) << first.substr(0, 300);
  EXPECT_NE(first.find("Connection: keep-alive"), std::string::npos) << first.substr(0, 300);
  EXPECT_NE(second.find("\"uid\":\"u-next\""), std::string::npos) << second.substr(0, 300);
  EXPECT_NE(third.find(" 200 "), std::string::npos) << third.substr(0, 300);
  EXPECT_NE(third.find("ok"), std::string::npos) << third;
  c.close();
  EXPECT_TRUE(s.running());
}

}  // namespace
