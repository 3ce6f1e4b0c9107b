// `kvdtype releases`: every known release of an engine with what the tables say changed in it,
// and the known bugs by release. Generated from the rows' version fields only, so the engine
// pages' release sections cannot drift from the tables (tests/cli/test_docs.cpp, like every generated block).
#include <iterator>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/index.hpp"
#include "kvdtype/io/releases.hpp"
#include "tables/rows/release.hpp"
#include "tables/since_word.hpp"
#include "kvdtype/rule.hpp"
#include "core/resolve_internal.hpp"

namespace kvdtype::io {
namespace {

using Json = nlohmann::ordered_json;

struct Change {
  std::string kind;  // kv-cache dtype | backend | capability | selection | behaviour | bug fixed | bug introduced
  std::string what;
  std::string detail;
};

// "v0.25.1" as the engines tag releases; a llama.cpp build is its tag already ("b6325").
std::string v_text(std::string_view v) { return v.starts_with('b') ? std::string(v) : fmt::format("v{}", v); }

// Changes keyed by the release text they name (as written in the rows).
std::map<std::string, std::vector<Change>, std::less<>> changes_by_release(Engine engine) {
  std::map<std::string, std::vector<Change>, std::less<>> out;
  auto add = [&](std::string_view release, Change c) {
    if (!release.empty()) out[std::string(release)].push_back(std::move(c));
  };
  // "(v0.28.0 and earlier lack it; v0.29.0 not established)": the releases between the last
  // known without and the first known with.
  const auto rows = releases(engine);
  const auto versions = release_versions(engine);
  auto window_between = [&](std::string_view absent, std::string_view first) {
    if (absent.empty()) return std::string();
    auto a = parse_version(absent), f = parse_version(first);
    std::vector<std::string> unsure;
    for (std::size_t i = 0; i < rows.size() && a.ok() && f.ok(); ++i)
      if (*a < versions[i] && versions[i] < *f) unsure.push_back(std::string(rows[i].version));
    std::string out = fmt::format(" ({} and earlier lack it", v_text(absent));
    if (unsure.size() == 1) fmt::format_to(std::back_inserter(out), "; {} not established", v_text(unsure.front()));
    else if (!unsure.empty())
      fmt::format_to(std::back_inserter(out), "; {} to {} not established", v_text(unsure.front()), v_text(unsure.back()));
    return out + ")";
  };
  for (const CacheDtype& row : cache_dtypes(engine)) {
    add(row.introduced_in, {"kv-cache dtype", fmt::format("`{}` added", row.name), window_between(row.absent_in, row.introduced_in)});
    add(row.removed_in, {"kv-cache dtype", fmt::format("`{}` removed", row.name), ""});
  }
  for (const Backend& b : backends(engine)) {
    add(b.introduced_in, {"backend", fmt::format("`{}` added", b.name), window_between(b.absent_in, b.introduced_in)});
    add(b.removed_in, {"backend", fmt::format("`{}` removed", b.name), ""});
    if (!b.min_cc_changed_in.empty()) {
      auto cc = [](unsigned v) { return fmt::format("{}.{}", v / 10, v % 10); };
      add(b.min_cc_changed_in,
          {"capability", fmt::format("`{}` minimum compute capability {} -> {}", b.name, cc(b.min_cc_before), cc(b.min_cc)), ""});
    }
    detail::for_each_word(b.kv_cache_dtypes_since, [&](std::string_view w) {
      if (const auto s = tables::split_since_word(w))
        add(s->first, {"backend", fmt::format("`{}` reads `{}`", b.name, s->key), window_between(s->absent, s->first)});
    });
    detail::for_each_word(b.head_sizes_since, [&](std::string_view w) {
      if (const auto s = tables::split_since_word(w))
        add(s->first, {"backend", fmt::format("`{}` serves head size {}", b.name, s->key), window_between(s->absent, s->first)});
    });
  }
  for (const SelectionOrder& s : selection_orders(engine)) {
    const std::string what =
        fmt::format("{} {} selection order: {}", s.platform, s.attention.empty() ? std::string_view("any") : s.attention, s.order);
    add(s.introduced_in, {"selection", fmt::format("{} (from here)", what), ""});
    add(s.removed_in, {"selection", fmt::format("{} (no longer)", what), ""});
  }
  for (const Constraint& c : constraints(engine)) {
    const bool bug = !c.fix_pr.empty() || !c.fixed_in.empty() || !c.affected_in.empty();
    const Rule* rule = find_rule(c.rule);
    std::string who(c.rule);
    if (!c.fix_pr.empty()) fmt::format_to(std::back_inserter(who), " {}", c.fix_pr);
    if (rule) fmt::format_to(std::back_inserter(who), " ({})", rule->title);
    if (bug) {
      add(c.fixed_in, {"bug fixed", who, std::string(c.detail)});
      add(c.introduced_in, {"bug introduced", who, std::string(c.detail)});
    } else {
      add(c.introduced_in, {"behaviour", fmt::format("{} from here", c.rule), std::string(c.detail)});
      add(c.removed_in, {"behaviour", fmt::format("{} no longer", c.rule), std::string(c.detail)});
    }
  }
  return out;
}

struct BugRow {
  const Constraint* row = nullptr;
  std::vector<std::string> affected, unsure;  // releases known to carry it / not established
  std::vector<std::size_t> affected_at, unsure_at;  // their positions in the release table
};

std::vector<BugRow> bugs_by_release(Engine engine) {
  std::vector<BugRow> out;
  const auto& ix = detail::engine_index(engine);
  const auto rows = releases(engine);
  const auto versions = release_versions(engine);
  for (const detail::CompiledConstraint& c : ix.constraints) {
    if (!c.bug) continue;
    BugRow b{c.row, {}, {}};
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto a = detail::affected_at(c, versions[i]);
      if (a == detail::Affected::yes) {
        b.affected.push_back(std::string(rows[i].version));
        b.affected_at.push_back(i);
      } else if (a == detail::Affected::maybe) {
        b.unsure.push_back(std::string(rows[i].version));
        b.unsure_at.push_back(i);
      }
    }
    out.push_back(std::move(b));
  }
  return out;
}

// "v0.20.0 … v0.25.1, v0.27.1": the releases at these table positions as contiguous runs.
std::string span_text(Engine engine, const std::vector<std::size_t>& at) {
  if (at.empty()) return "none";
  const auto rows = releases(engine);
  std::string out;
  for (std::size_t i = 0; i < at.size();) {
    std::size_t j = i;
    while (j + 1 < at.size() && at[j + 1] == at[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += v_text(rows[at[i]].version);
    if (j == i + 1) fmt::format_to(std::back_inserter(out), ", {}", v_text(rows[at[j]].version));
    else if (j > i) fmt::format_to(std::back_inserter(out), " … {}", v_text(rows[at[j]].version));
    i = j + 1;
  }
  return out;
}

std::string cell(std::string s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ") : std::string(1, c);
  return out;
}

}  // namespace

std::string render_releases(Engine engine, OutputFormat format) {
  const auto rows = releases(engine);
  auto changes = changes_by_release(engine);
  const auto bugs = bugs_by_release(engine);
  const std::string display(engine_info(engine).display);
  const std::string name(engine_info(engine).name);

  if (format == OutputFormat::json) {
    Json j;
    j["schema"] = "kvdtype.releases/v1";
    j["engine"] = name;
    Json list = Json::array();
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
      Json r{{"version", it->version}, {"date", it->date.empty() ? Json(nullptr) : Json(it->date)},
             {"date_verified", it->date_verified}, {"note", it->note}, {"source", it->source},
             {"content_established", it->content_unknown.empty()},
             {"content_unknown", it->content_unknown.empty() ? Json(nullptr) : Json(it->content_unknown)}};
      Json ch = Json::array();
      if (auto f = changes.find(it->version); f != changes.end())
        for (const Change& c : f->second) ch.push_back({{"kind", c.kind}, {"what", c.what}, {"detail", c.detail}});
      r["changes"] = ch;
      list.push_back(r);
    }
    j["releases"] = list;
    Json bl = Json::array();
    for (const BugRow& b : bugs)
      bl.push_back({{"rule", b.row->rule}, {"fix_pr", b.row->fix_pr},
                    {"fixed_in", b.row->fixed_in.empty() ? Json(nullptr) : Json(b.row->fixed_in)},
                    {"affected", b.affected}, {"not_established", b.unsure}, {"detail", b.row->detail}});
    j["known_bugs"] = bl;
    return j.dump(2) + "\n";
  }

  if (format == OutputFormat::markdown) {
    std::string out;
    auto to = std::back_inserter(out);
    fmt::format_to(to, "<!-- generated by `kvdtype releases --engine {} --format markdown` from the tables' version fields; do not edit -->\n\n", name);
    out += "#### What changed, release by release\n\n";
    out += "Newest first. Only what the tables model is listed; a release without entries changed nothing they describe.\n\n";
    out += "| release | date | changes |\n|---|---|---|\n";
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
      // A release whose kv-cache facts are not established says so first: no entry is not "no change".
      std::string what = it->content_unknown.empty() ? std::string() : "not established: " + std::string(it->content_unknown);
      if (auto f = changes.find(it->version); f != changes.end())
        for (const Change& c : f->second) {
          if (!what.empty()) what += "<br>";
          fmt::format_to(std::back_inserter(what), "{}: {}{}", c.kind, c.what,
                         c.detail.substr(0, c.kind.starts_with("bug") || c.kind == "behaviour" ? 0 : std::string::npos));
        }
      std::string date = it->date.empty() ? std::string("not established") : std::string(it->date);
      if (!it->date.empty() && !it->date_verified) date += " (unverified)";
      fmt::format_to(to, "| {} | {} | {} |\n", v_text(it->version), cell(date), cell(what));
    }
    out += "\n#### Known bugs by release\n\n";
    out += "A release known to carry the bug: error. A release with the fix: nothing (listed with `-v`). "
           "Unknown version, or a release not established either way: warning naming the fix.\n\n";
    out += "| rule | fix | carries the bug | not established | first fixed |\n|---|---|---|---|---|\n";
    for (const BugRow& b : bugs)
      fmt::format_to(to, "| {} | {} | {} | {} | {} |\n", b.row->rule, cell(std::string(b.row->fix_pr)),
                     cell(span_text(engine, b.affected_at)), cell(span_text(engine, b.unsure_at)),
                     b.row->fixed_in.empty() ? std::string("not established") : v_text(b.row->fixed_in));
    return out;
  }

  std::string out = fmt::format("{} releases (newest first):\n", display);
  auto to = std::back_inserter(out);
  for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
    // The version ("v0.25.1", "b6325") padded with spaces to 13 columns (one space at least), then the date.
    const std::string shown = v_text(it->version);
    fmt::format_to(to, "  {}{:{}}", shown, "", shown.size() < 13 ? 13 - shown.size() : 1);
    if (it->date.empty()) out += "date not established";
    else fmt::format_to(to, "{}{}", it->date, it->date_verified ? "" : " (unverified)");
    out += "\n";
    if (!it->content_unknown.empty()) fmt::format_to(to, "      not established: {}\n", it->content_unknown);
    if (auto f = changes.find(it->version); f != changes.end())
      for (const Change& c : f->second) fmt::format_to(to, "      {}: {}\n", c.kind, c.what);
  }
  out += "\nknown bugs by release:\n";
  for (const BugRow& b : bugs)
    fmt::format_to(to, "  {} {}: carries it {}; not established {}; first fixed {}\n", b.row->rule, b.row->fix_pr,
                   span_text(engine, b.affected_at), span_text(engine, b.unsure_at),
                   b.row->fixed_in.empty() ? std::string("not established") : v_text(b.row->fixed_in));
  return out;
}

}  // namespace kvdtype::io
