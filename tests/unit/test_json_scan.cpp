// The webhook body's JSON scanner (src/sources/k8s/json_scan.hpp): whenever it reads a text
// (done or stopped), it gave the handler exactly the events nlohmann's sax_parse(strict) gives
// for that text, and what it does not read it says so (unsupported), never reading it
// differently. Each text below is read by both, with a handler that records every event.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sources/k8s/json_scan.hpp"
#include "sources/k8s/review_reader.hpp"

namespace {

using kvdtype::io::JsonScan;
using kvdtype::io::scan_json;
using Json = nlohmann::json;

// Every event as a line; `stop_at`: the event (counted from 0) whose answer is false.
class Recorder final : public nlohmann::json_sax<Json> {
 public:
  explicit Recorder(int stop_at = -1) : stop_at_(stop_at) {}
  std::vector<std::string> events;

  bool null() override { return add("null"); }
  bool boolean(bool b) override { return add(b ? "true" : "false"); }
  bool number_integer(number_integer_t v) override { return add("int " + std::to_string(v)); }
  bool number_unsigned(number_unsigned_t v) override { return add("uint " + std::to_string(v)); }
  bool number_float(number_float_t, const string_t& s) override { return add("float " + s); }
  bool string(string_t& s) override { return add("string " + s); }
  bool binary(binary_t&) override { return add("binary"); }
  bool start_object(std::size_t n) override { return add("{ " + std::to_string(n)); }
  bool end_object() override { return add("}"); }
  bool start_array(std::size_t n) override { return add("[ " + std::to_string(n)); }
  bool end_array() override { return add("]"); }
  bool key(string_t& k) override { return add("key " + k); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    events.emplace_back("error");
    return false;
  }

 private:
  bool add(std::string e) {
    events.push_back(std::move(e));
    return static_cast<int>(events.size()) - 1 != stop_at_;
  }
  int stop_at_;
};

struct Both {
  JsonScan scan;
  std::vector<std::string> scanned;
  bool parsed;
  std::vector<std::string> nlohmann;
};

Both read_both(const std::string& text, int stop_at = -1) {
  Recorder a(stop_at), b(stop_at);
  Both out{scan_json(text, a), {}, false, {}};
  out.scanned = a.events;
  out.parsed = Json::sax_parse(text, &b, Json::input_format_t::json, /*strict=*/true);
  out.nlohmann = b.events;
  return out;
}

// Texts the scanner reads: the same events as nlohmann's, and the same answer.
TEST(JsonScan, ReadsWhatNlohmannReadsWithTheSameEvents) {
  const std::vector<std::string> texts = {
      R"({})", R"([])", R"("x")", "0", "-0", "7", "-12", "123456789012345678", "-123456789012345678", "true", "false", "null",
      R"( { "a" : 1 , "b" : [ true , false , null , "s" , { } , [ ] ] } )",
      "\t\n\r {\"a\":{\"b\":{\"c\":[[[]]]}}}\n",
      R"({"esc":"q\" b\\ s\/ \b\f\n\r\t end","":""})",
      R"({"a":"first","a":"second"})",
      R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u","object":{"spec":{"replicas":2}}}})",
      std::string("{\"del\":\"\x7f\"}"),
  };
  for (const std::string& t : texts) {
    const Both r = read_both(t);
    EXPECT_EQ(r.scan, JsonScan::done) << t;
    EXPECT_TRUE(r.parsed) << t;
    EXPECT_EQ(r.scanned, r.nlohmann) << t;
  }
}

// Texts outside the subset, valid or not: unsupported, whatever nlohmann makes of them.
TEST(JsonScan, LeavesEverythingElseToNlohmann) {
  const std::vector<std::string> texts = {
      "", "   ", R"("\u00e9")", R"({"a":"\ud83d\ude00"})", "\"caf\xc3\xa9\"", "\xef\xbb\xbf{}", "1.5", "1e3", "-1E3", "0.0",
      "1234567890123456789", "-1234567890123456789", "18446744073709551616",
      // not JSON
      "01", "-", "-a", "+1", "{", "[", "}", "]", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "[1,]", "[1 2]", "{a:1}", "{'a':1}",
      "tru", "nul", "True", "[true false]", "{}{}", "{} x", "\"a", "\"a\\x\"", "\"tab\there\"", std::string("\"\0\"", 3),
      "{\"a\":1}/*c*/", "[1]]", "[\"\\\"]",
  };
  for (const std::string& t : texts) {
    const Both r = read_both(t);
    EXPECT_EQ(r.scan, JsonScan::unsupported) << t;
  }
}

// A handler that answers false stops both at the same event, and both answer false.
TEST(JsonScan, AHandlerThatStopsStopsBothAtTheSameEvent) {
  const std::string t = R"({"a":[1,-2,"s",{"b":null}],"c":true})";
  const std::size_t events = read_both(t).nlohmann.size();
  ASSERT_GT(events, 10u);
  for (int stop_at = 0; stop_at < static_cast<int>(events); ++stop_at) {
    const Both r = read_both(t, stop_at);
    EXPECT_EQ(r.scan, JsonScan::stopped) << stop_at;
    EXPECT_FALSE(r.parsed) << stop_at;
    EXPECT_EQ(r.scanned, r.nlohmann) << stop_at;
    EXPECT_EQ(r.scanned.size(), static_cast<std::size_t>(stop_at) + 1);
  }
}

// The review reader gives the same reading whichever reads the body: a body the scanner
// reads, and the same body made unsupported by one \u escape in a value the reader skips.
TEST(JsonScan, TheReviewIsReadTheSameWhenNlohmannReadsIt) {
  using kvdtype::io::ReviewRead;
  auto body = [](const std::string& label) {
    return R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u-1","operation":"CREATE",)"
           R"("kind":{"kind":"Deployment"},"object":{"kind":"Deployment","metadata":{"name":"d","labels":{"x":")" +
           label + R"("}},"spec":{"replicas":2,"template":{"spec":{"containers":[{"name":"vllm","args":["--a",-3,true,null]}]}}}}}})";
  };
  ASSERT_EQ(read_both(body("plain")).scan, JsonScan::done);
  ASSERT_EQ(read_both(body("\\u0070lain")).scan, JsonScan::unsupported);
  const ReviewRead a = kvdtype::io::read_review(body("plain"), 100);
  const ReviewRead b = kvdtype::io::read_review(body("\\u0070lain"), 100);
  for (const ReviewRead* r : {&a, &b}) {
    EXPECT_EQ(r->problem, ReviewRead::Problem::none);
    EXPECT_EQ(r->uid, "u-1");
    EXPECT_EQ(r->request_kind, "Deployment");
    EXPECT_EQ(r->metadata_name, "d");
    ASSERT_TRUE(r->object.is_map());
  }
  const auto args = [](const ReviewRead& r) {
    std::vector<std::string> out;
    const auto c = r.object.find_child("spec").find_child("template").find_child("spec").find_child("containers").at(0);
    for (const auto& v : c.find_child("args")) out.push_back(v.is_null() ? std::string("~") : std::string(v.text()));
    return out;
  };
  EXPECT_EQ(args(a), (std::vector<std::string>{"--a", "-3", "true", "~"}));
  EXPECT_EQ(args(a), args(b));
  // Too deep stops the scan (the reader's false) with the same problem either way.
  std::string deep = R"({"apiVersion":"admission.k8s.io/v1","request":{"uid":"u","object":)";
  for (int i = 0; i < 120; ++i) deep += "[";
  const ReviewRead d = kvdtype::io::read_review(deep, 100);  // unclosed: the scan stops before it would find out
  EXPECT_EQ(d.problem, ReviewRead::Problem::too_deep);
}

}  // namespace
