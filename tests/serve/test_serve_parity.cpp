// One verdict for one object: every Kubernetes object of every manifest file the project holds
// (the real-world corpus's manifest rows, tests/data/realworld/index.jsonl, and
// tests/data/manifests/) is reviewed as the webhook reviews it — serve::review(), the function
// POST /validate calls, in process — and checked by `kvdtype check --manifest -` with the same
// object alone on standard input, under the default policy and under --fail-on incomplete, with
// the arguments the corpus row gives (its --gpu is the webhook's --gpu default).
//
// Object alone against object alone must agree exactly: allowed ⇔ exit 0, an unreadable object
// (exit 2) denied, and the same rule codes — those that deny, and those the answer warns of (the
// CLI's error and warning findings). Where the object reads differently in its file than alone
// (a sibling only the file holds: an llmaz OpenModel, a KAITO ConfigMap), the webhook cannot see
// the sibling; it must then be the stricter: never an allow with nothing said (KVD080 or a
// denial). Those cases are counted and named in the summary line (docs/webhook.md quotes it).
//
// What kubectl would send is JSON made from the YAML as sigs.k8s.io/yaml makes it (YAML 1.1
// plain scalars: null, bool, int, float; quoted ones strings; merge keys applied). A file no YAML
// parser reads, or a document that is not an object (chart values, a compose file), never
// reaches a webhook and is counted as such.
#include <gtest/gtest.h>

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "bindings/admission.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/manifest.hpp"
#include "kvdtype/plan.hpp"
#include "kvdtype/rule.hpp"
#include "run_cli.hpp"

namespace {

using Json = nlohmann::json;
using kvdtype::test::run_cli;

const std::string kData = KVDTYPE_TEST_DATA_DIR;

// ---- YAML → the JSON kubectl sends ----------------------------------------------------------

Json scalar(const YAML::Node& n) {
  const std::string& s = n.Scalar();
  if (n.Tag() != "?") return s;  // quoted (tag "!") or explicitly tagged: a string
  static const std::set<std::string> kNull = {"", "~", "null", "Null", "NULL"};
  static const std::set<std::string> kTrue = {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"};
  static const std::set<std::string> kFalse = {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"};
  if (kNull.count(s)) return nullptr;
  if (kTrue.count(s)) return true;
  if (kFalse.count(s)) return false;
  static const std::regex kInt("[-+]?(0|[1-9][0-9_]*)");
  static const std::regex kFloat("[-+]?([0-9][0-9_]*)?\\.[0-9]*([eE][-+]?[0-9]+)?|[-+]?[0-9][0-9_]*[eE][-+]?[0-9]+");
  if (std::regex_match(s, kInt)) {
    std::string digits;
    for (char c : s)
      if (c != '_') digits += c;
    try {
      return std::stoll(digits);
    } catch (...) {
      return std::stod(digits);
    }
  }
  if (std::regex_match(s, kFloat) && s != "." && s != "-." && s != "+.") return std::stod(s);
  return s;
}

Json to_json(const YAML::Node& n) {
  switch (n.Type()) {
    case YAML::NodeType::Scalar: return scalar(n);
    case YAML::NodeType::Sequence: {
      Json a = Json::array();
      for (const YAML::Node& e : n) a.push_back(to_json(e));
      return a;
    }
    case YAML::NodeType::Map: {
      Json o = Json::object();
      std::vector<YAML::Node> merges;
      for (const auto& kv : n) {
        const std::string key = kv.first.IsScalar() ? kv.first.Scalar() : YAML::Dump(kv.first);
        if (key == "<<" && kv.first.Tag() == "?") {
          if (kv.second.IsSequence())
            for (const YAML::Node& m : kv.second) merges.push_back(m);
          else merges.push_back(kv.second);
          continue;
        }
        o[key] = to_json(kv.second);
      }
      for (const YAML::Node& m : merges) {  // keys of the map itself win over merged ones
        const Json mj = to_json(m);
        if (mj.is_object())
          for (const auto& [k, v] : mj.items())
            if (!o.contains(k)) o[k] = v;
      }
      return o;
    }
    default: return nullptr;
  }
}

// ---- the inputs -----------------------------------------------------------------------------

struct Input {
  std::string file;               // relative to tests/data
  std::vector<std::string> args;  // the corpus row's (its gpu as --gpu)
};

std::vector<Input> inputs() {
  std::vector<Input> out;
  std::ifstream index(kData + "/realworld/index.jsonl");
  for (std::string line; std::getline(index, line);) {
    if (line.empty()) continue;
    const Json row = Json::parse(line);
    if (row["kind"] != "manifest") continue;
    Input in{"realworld/" + row["file"].get<std::string>(), {}};
    if (const std::string gpu = row.value("gpu", ""); !gpu.empty()) in.args = {"--gpu", gpu};
    for (const Json& a : row.value("args", Json::array())) in.args.push_back(a.get<std::string>());
    out.push_back(std::move(in));
  }
  std::vector<std::string> fixtures;
  for (const auto& e : std::filesystem::directory_iterator(kData + "/manifests"))
    if (e.path().extension() == ".yaml") fixtures.push_back("manifests/" + e.path().filename().string());
  std::sort(fixtures.begin(), fixtures.end());
  for (const std::string& f : fixtures) out.push_back({f, {}});
  return out;
}

// The objects of a file as kubectl sends them: each document with apiVersion and kind, the items
// of a List one by one. False when the file is not YAML at all.
bool objects_of(const std::string& path, std::vector<Json>& objects, std::size_t& not_objects) {
  std::vector<YAML::Node> docs;
  try {
    docs = YAML::LoadAllFromFile(path);
  } catch (const YAML::Exception&) {
    return false;
  }
  for (const YAML::Node& d : docs) {
    const Json j = to_json(d);
    if (!j.is_object() || !j.contains("apiVersion") || !j.contains("kind") || !j["kind"].is_string()) {
      if (!j.is_null()) ++not_objects;
      continue;
    }
    const std::string kind = j["kind"];
    if (kind.size() > 4 && kind.ends_with("List") && j.contains("items") && j["items"].is_array()) {
      for (const Json& item : j["items"])
        if (item.is_object() && item.contains("kind")) objects.push_back(item);
      continue;
    }
    objects.push_back(j);
  }
  return true;
}

// ---- the two faces --------------------------------------------------------------------------

struct Answer {
  bool allowed = true;
  bool no_server = false;          // CLI: no serving container, only the input's "nothing read" KVD080
  bool unreadable = false;         // CLI exit 2; webhook: a denial naming no code, or a 400
  std::set<std::string> denying;   // the codes that deny (CLI: error findings, KVD080 under --fail-on incomplete)
  std::set<std::string> told;      // every code the answer names (CLI: error and warning findings)
  std::string text;                // for the failure message
};

void codes_of(const Json& x, std::set<std::string>& errors, std::set<std::string>& told, std::string* text = nullptr,
              std::set<std::string>* incomplete = nullptr) {
  if (x.is_object()) {
    if (x.contains("code") && x.contains("severity") && x["code"].is_string()) {
      const std::string sev = x["severity"].get<std::string>();
      if (sev == "error") errors.insert(x["code"].get<std::string>());
      // An unchecked fact (KVD080, KVD152: verdict incomplete) denies under --fail-on incomplete.
      if (incomplete != nullptr && sev == "warning") {
        const auto rule = kvdtype::parse_rule_code(x["code"].get<std::string>());
        if (rule.ok() && kvdtype::verdict_of(*rule, kvdtype::Severity::warning) == kvdtype::Verdict::incomplete)
          incomplete->insert(x["code"].get<std::string>());
      }
      if (sev == "error" || sev == "warning") {
        told.insert(x["code"].get<std::string>());
        if (text != nullptr) *text += "\n    " + x["code"].get<std::string>() + " " + sev + ": " + x.value("message", "").substr(0, 200);
      }
    }
    for (const auto& [k, v] : x.items())
      if (k != "request" && k != "plan") codes_of(v, errors, told, text, incomplete);
  } else if (x.is_array()) {
    for (const Json& v : x) codes_of(v, errors, told, text, incomplete);
  }
}

// Whether the object holds no serving container and no serving object kvdtype could not build
// (ManifestWorkloads::unknown: a Playground without its OpenModel is not "nothing"), as the
// manifest reader both faces use reads it.
bool serves_nothing(const Json& object, const std::vector<std::string>& args) {
  kvdtype::io::CheckInput base;
  for (std::size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == "--gpu") base.defaults.gpu = args[i + 1];
  const auto read = kvdtype::io::read_object(object.dump(), base);
  return read.ok() && read->workloads.empty() && read->unknown.empty();
}

Answer cli(const Json& object, const std::vector<std::string>& args, bool fail_on_incomplete) {
  std::vector<std::string> a = {"check", "--format", "json", "--manifest", "-"};
  a.insert(a.end(), args.begin(), args.end());
  if (fail_on_incomplete) a.insert(a.end(), {"--fail-on", "incomplete"});
  const auto r = run_cli(a, object.dump());
  Answer out;
  out.text = "exit " + std::to_string(r.exit_code) + ": " + r.err.substr(0, 300);
  if (r.exit_code != 0 && r.exit_code != 1) {
    out.allowed = false;
    out.unreadable = true;
    return out;
  }
  out.allowed = r.exit_code == 0;
  const Json d = Json::parse(r.out, nullptr, false);
  if (d.is_discarded()) {
    out.unreadable = true;
    return out;
  }
  // An object with no serving container: the CLI says of its input that nothing in it was
  // checked (KVD080, "holds no serving command": a file CI would otherwise pass unread); the
  // webhook allows it with nothing said (docs/webhook.md: nginx, a ConfigMap, a Service), as
  // every other object in the cluster. The one difference by design, counted apart.
  if (d.value("results", Json::array()).empty() && serves_nothing(object, args)) {
    bool only_nothing_read = true;
    for (const Json& x : d.value("diagnostics", Json::array()))
      if (x.value("severity", "") != "info" &&
          (x.value("code", "") != "KVD080" || x.value("message", "").find("holds no serving command") == std::string::npos))
        only_nothing_read = false;
    if (only_nothing_read) {
      out.no_server = true;
      out.allowed = true;
      return out;
    }
  }
  std::set<std::string> incomplete;
  codes_of(d, out.denying, out.told, &out.text, &incomplete);
  if (fail_on_incomplete) out.denying.insert(incomplete.begin(), incomplete.end());
  return out;
}

Answer webhook(const Json& object, const std::vector<std::string>& args, bool fail_on_incomplete, std::size_t uid) {
  kvdtype::serve::Policy p;
  if (fail_on_incomplete) p.fail_on = kvdtype::Verdict::incomplete;
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "--gpu") p.base.defaults.gpu = args[i + 1];
    if (args[i] == "--engine-version") p.base.defaults.engine_version = args[i + 1];
  }
  const std::string api = object.value("apiVersion", "");
  const std::size_t slash = api.find('/');
  const Json meta = object.value("metadata", Json::object());
  const Json body = {{"apiVersion", "admission.k8s.io/v1"},
                     {"kind", "AdmissionReview"},
                     {"request",
                      {{"uid", "parity-" + std::to_string(uid)},
                       {"kind",
                        {{"group", slash == std::string::npos ? "" : api.substr(0, slash)},
                         {"version", slash == std::string::npos ? api : api.substr(slash + 1)},
                         {"kind", object["kind"]}}},
                       {"operation", "CREATE"},
                       {"namespace", meta.value("namespace", "default")},
                       {"name", meta.value("name", "")},
                       {"object", object}}}};
  const kvdtype::serve::Outcome o = kvdtype::serve::review(body.dump(), p);
  Answer out;
  out.text = o.body.substr(0, 600);
  if (o.http_status != 200) {
    out.allowed = false;
    out.unreadable = true;
    return out;
  }
  const Json r = Json::parse(o.body)["response"];
  out.allowed = r["allowed"].get<bool>();
  out.told.insert(o.codes.begin(), o.codes.end());
  if (!out.allowed) {
    const std::string msg = r["status"]["message"];
    static const std::regex kDenied("[:;] (KVD[0-9]{3}) \\(");
    for (auto it = std::sregex_iterator(msg.begin(), msg.end(), kDenied); it != std::sregex_iterator(); ++it)
      out.denying.insert((*it)[1]);
    if (msg.find(": (") != std::string::npos) out.unreadable = true;  // "(object): kvdtype could not read it"
  }
  return out;
}

std::string joined(const std::set<std::string>& s) {
  std::string out;
  for (const std::string& x : s) out += (out.empty() ? "" : ",") + x;
  return "{" + out + "}";
}

std::string describe(const Json& o) {
  return o.value("kind", "?") + "/" + o.value("metadata", Json::object()).value("name", "?");
}

TEST(ServeParity, EveryRealObjectGetsOneVerdictFromTheWebhookAndCheckManifest) {
  std::size_t files = 0, unparsed = 0, not_objects = 0, objects = 0, no_server = 0, compared = 0, agreeing = 0, stricter = 0;
  std::vector<std::string> stricter_cases;
  for (const Input& in : inputs()) {
    std::vector<Json> objs;
    ++files;
    if (!objects_of(kData + "/" + in.file, objs, not_objects)) {
      ++unparsed;  // no YAML parser reads it: kubectl cannot send it
      continue;
    }
    if (objs.empty()) continue;
    // The file as a whole, for what a sibling changes: the codes each object's workloads get in
    // the file, by kind and name.
    std::map<std::string, std::set<std::string>> in_file;
    {
      std::vector<std::string> a = {"check", "--format", "json", "--manifest", kData + "/" + in.file};
      a.insert(a.end(), in.args.begin(), in.args.end());
      const auto r = run_cli(a);
      const Json d = Json::parse(r.out, nullptr, false);
      if (!d.is_discarded())
        for (const Json& res : d.value("results", Json::array())) {
          const Json src = res.value("source", Json::object());
          std::set<std::string> errors, told;
          codes_of(res, errors, told);
          auto& codes = in_file[src.value("kind", "") + "/" + src.value("name", "")];
          codes.insert(told.begin(), told.end());
        }
    }
    for (const Json& obj : objs) {
      ++objects;
      const std::string what = in.file + " " + describe(obj);
      for (const bool strict : {false, true}) {
        ++compared;
        const Answer c = cli(obj, in.args, strict);
        const Answer w = webhook(obj, in.args, strict, compared);
        if (!strict && c.no_server) ++no_server;
        const std::string policy = strict ? " (--fail-on incomplete)" : " (default policy)";
        bool same = true;
        EXPECT_EQ(w.allowed, c.allowed) << what << policy << "\n  webhook: " << w.text << "\n  cli: " << c.text;
        same &= w.allowed == c.allowed;
        if (c.unreadable) {
          EXPECT_FALSE(w.allowed) << what << policy << ": check --manifest could not read it, the webhook allowed it\n  " << w.text;
        } else if (!w.unreadable) {
          EXPECT_EQ(joined(w.denying), joined(c.denying)) << what << policy << "\n  webhook: " << w.text << "\n  cli: " << c.text;
          EXPECT_EQ(joined(w.told), joined(c.told)) << what << policy << "\n  webhook: " << w.text << "\n  cli: " << c.text;
          same &= w.denying == c.denying && w.told == c.told;
        } else {
          same = false;
          ADD_FAILURE() << what << policy << ": the webhook could not read what check --manifest read\n  " << w.text;
        }
        if (same) ++agreeing;
        // The object in its file: where a sibling changes what its workloads get (the file's
        // codes for this object differ from the object's alone), the webhook, which never holds
        // the sibling, must say so: an unchecked fact (KVD080) or a denial.
        if (!strict) {
          const std::string key = describe(obj);
          const auto it = in_file.find(key);
          if (it != in_file.end() && it->second != c.told) {
            ++stricter;
            stricter_cases.push_back(what + ": in its file " + joined(it->second) + ", alone " + joined(w.told));
            EXPECT_TRUE(!w.allowed || w.told.count("KVD080"))
                << what << ": a sibling in its file changes its verdict, and the webhook allowed it with nothing said";
          }
        }
      }
    }
  }
  std::ostringstream summary;
  summary << files << " files (" << unparsed << " no YAML parser reads, " << not_objects << " documents not objects), "
          << objects << " objects (" << no_server << " with no serving container), " << compared << " reviews compared (two policies), " << agreeing << " agreeing, "
          << stricter << " where the file's sibling makes the webhook the stricter";
  for (const std::string& s : stricter_cases) summary << "\n  stricter: " << s;
  std::cout << "[parity] " << summary.str() << "\n";
  RecordProperty("summary", summary.str());
  EXPECT_GE(objects, 150u);
  EXPECT_EQ(agreeing, compared);
}

}  // namespace
