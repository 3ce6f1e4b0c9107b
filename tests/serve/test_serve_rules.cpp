// deploy/webhook.yaml sends the API server's reviews of every kind kvdtype builds pods for: each
// PodKind row (src/tables/custom_resources.cpp) under each of its API groups has a rule naming
// its resource, and no rule names a resource no row reads. Adding a row without its rule fails
// here (docs/webhook.md, "rules").
#include <gtest/gtest.h>

#include <yaml-cpp/yaml.h>

#include <cctype>
#include <set>
#include <string>
#include <utility>

#include "tables/rows/custom_resource.hpp"

namespace {

// The resource's name as the API server gives it to a CRD by default (and to the built-in kinds
// kvdtype reads): the kind in lower case, plural.
std::string plural(std::string_view kind) {
  std::string s;
  for (char c : kind) s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (s.ends_with("s") || s.ends_with("x") || s.ends_with("ch") || s.ends_with("sh")) return s + "es";
  if (s.size() > 1 && s.ends_with("y") && std::string("aeiou").find(s[s.size() - 2]) == std::string::npos)
    return s.substr(0, s.size() - 1) + "ies";
  return s + "s";
}

// Groups the API server no longer serves: extensions/v1beta1 workloads were removed in
// Kubernetes 1.16 (kvdtype still reads old files that name it); nothing is created under it.
const std::set<std::string> kGone = {"extensions"};

using Rule = std::pair<std::string, std::string>;  // group, resource

std::set<Rule> rules(bool& every_version_for_crds) {
  const YAML::Node config = YAML::LoadFile(std::string(KVDTYPE_SOURCE_DIR) + "/deploy/webhook.yaml");
  std::set<Rule> out;
  every_version_for_crds = true;
  for (const YAML::Node& hook : config["webhooks"])
    for (const YAML::Node& rule : hook["rules"]) {
      bool any_version = false;
      for (const YAML::Node& v : rule["apiVersions"]) any_version |= v.as<std::string>() == "*";
      for (const YAML::Node& g : rule["apiGroups"]) {
        const std::string group = g.as<std::string>();
        // A custom resource's versions move (v1alpha1 → v1beta1 → v1): its rule takes all.
        if (group.find('.') != std::string::npos && !any_version) every_version_for_crds = false;
        for (const YAML::Node& r : rule["resources"]) out.insert({group, r.as<std::string>()});
      }
    }
  return out;
}

TEST(ServeRules, EveryPodKindRowHasItsWebhookRule) {
  bool every_version = false;
  const std::set<Rule> have = rules(every_version);
  std::set<Rule> want;
  for (const kvdtype::PodKind& row : kvdtype::pod_kinds()) {
    std::string_view groups = row.groups;
    do {
      const std::size_t sp = groups.find(' ');
      const std::string group(groups.substr(0, sp));
      groups = sp == std::string_view::npos ? std::string_view() : groups.substr(sp + 1);
      if (kGone.count(group)) continue;
      want.insert({group, plural(row.kind)});
    } while (!groups.empty());
  }
  for (const Rule& r : want)
    EXPECT_TRUE(have.count(r)) << "deploy/webhook.yaml has no rule for " << (r.first.empty() ? "core" : r.first) << " "
                               << r.second << ": kvdtype reads that kind (src/tables/custom_resources.cpp) but the webhook "
                               << "would never be sent one";
  for (const Rule& r : have)
    EXPECT_TRUE(want.count(r)) << "deploy/webhook.yaml sends " << r.first << " " << r.second
                               << ", a resource no PodKind row reads";
  EXPECT_TRUE(every_version) << "a custom resource's rule must take apiVersions [\"*\"]";
  EXPECT_GE(want.size(), 39u);  // the rows of session 48: a table that shrinks is a mistake too
}

TEST(ServeRules, PluralsAreTheApiServersDefaults) {
  EXPECT_EQ(plural("LeaderWorkerSet"), "leaderworkersets");
  EXPECT_EQ(plural("Model"), "models");
  EXPECT_EQ(plural("PolicyX"), "policyxes");
  EXPECT_EQ(plural("Gateway"), "gateways");
  EXPECT_EQ(plural("Policy"), "policies");
}

}  // namespace
