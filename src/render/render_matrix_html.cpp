// `kvdtype matrix --format html`: the support matrix as one self-contained page — inline CSS and
// JS, no network, no fonts or scripts fetched — that a browser opens from disk (docs/matrix.html).
//
// The table is complete in the HTML itself (a browser without JS shows every row); the script
// only hides rows and columns for the filters. Filters start from the query string
// (?engine=vllm&release=all&gpu=sm_90&kv=fp8&model=bfloat16&attention=mla), and each change
// writes it back, so a filtered view can be linked to — and tests/cli/matrix_page.py drives
// the page in headless Chromium through it.
#include <algorithm>
#include <iterator>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/json_text.hpp"
#include "pipeline/matrix_cells.hpp"
#include "kvdtype/release.hpp"

namespace kvdtype::io {
namespace {

std::string escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string_view verdict_class(Verdict v) noexcept {
  switch (v) {
    case Verdict::ok: return "ok";
    case Verdict::warn: return "warn";
    case Verdict::incomplete: return "unknown";
    case Verdict::error: return "error";
  }
  return "unknown";
}

// The index of a release in its engine's release list (the filters compare indices, so the
// script needs no version ordering of its own).
std::size_t release_index(Engine e, std::string_view version) {
  const auto versions = release_versions(e);
  for (std::size_t i = 0; i < versions.size(); ++i)
    if (to_string(versions[i]) == version) return i;
  return 0;
}

constexpr std::string_view kStyle = R"(
:root{--ok:#1e7b34;--ok-bg:#e3f4e8;--warn:#8a5a00;--warn-bg:#fff1cc;--err:#b3261e;--err-bg:#fde3e1;
--unk:#44546a;--unk-bg:#e8edf3;--line:#d9dde3;--muted:#5f6b7a;--head:#f5f7fa}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2733;background:#fff}
header{padding:18px 24px 8px}
h1{font-size:22px;margin:0 0 4px}
header p{margin:4px 0;color:var(--muted);max-width:70em}
form{display:flex;flex-wrap:wrap;gap:10px 18px;align-items:end;padding:10px 24px;background:var(--head);
border-top:1px solid var(--line);border-bottom:1px solid var(--line);position:sticky;top:0;z-index:3}
label{display:flex;flex-direction:column;font-size:12px;color:var(--muted);gap:2px}
select,input{font:inherit;padding:3px 6px;border:1px solid #b8c0cc;border-radius:4px;background:#fff;min-width:8em}
.legend{display:flex;gap:12px;align-items:center;margin-left:auto;font-size:13px}
.legend span{padding:1px 7px;border-radius:3px}
#count{font-size:13px;color:var(--muted)}
main{padding:12px 24px 32px;overflow-x:auto}
table{border-collapse:separate;border-spacing:0;font-size:13px}
th,td{border-bottom:1px solid var(--line);padding:3px 6px;white-space:nowrap}
thead th{background:#fff;position:sticky;top:0;z-index:1;font-weight:600}
thead tr.family th{font-weight:500;color:var(--muted);font-size:11px;text-align:center;border-left:1px solid var(--line)}
th.gpu{writing-mode:vertical-rl;transform:rotate(180deg);text-align:left;padding:6px 2px;height:70px;font-weight:600}
tbody th{text-align:left;font-weight:600}
td.label{color:var(--muted)}
td.kv{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#1d2733}
td.v{text-align:center;width:28px;min-width:28px;padding:0;font-size:15px;border-left:1px solid #fff}
td.v a{display:block;padding:3px 0;color:inherit;text-decoration:none}
td.v a:hover,td.v a:focus{outline:2px solid #1d2733;outline-offset:-2px}
.ok{color:var(--ok);background:var(--ok-bg)}
.warn{color:var(--warn);background:var(--warn-bg)}
.error{color:var(--err);background:var(--err-bg)}
.unknown{color:var(--unk);background:var(--unk-bg)}
tbody tr:hover td.label,tbody tr:hover th{background:#eef2f7}
tr.first-of-engine th,tr.first-of-engine td{border-top:2px solid #9aa5b4}
.hidden{display:none}
footer{padding:0 24px 24px;color:var(--muted);font-size:12px}
)";

// Filters: rows carry data-engine/-from/-to (release indices)/-newest/-kv/-model/-attention;
// cells and column heads carry data-gpu.
constexpr std::string_view kScript = R"(
(function(){
var f={engine:document.getElementById('f-engine'),release:document.getElementById('f-release'),
gpu:document.getElementById('f-gpu'),kv:document.getElementById('f-kv'),
model:document.getElementById('f-model'),attention:document.getElementById('f-attention')};
Array.prototype.forEach.call(document.querySelectorAll('#matrix td[data-t]'),function(td){
  td.title=td.closest('tr').dataset.kv+' on '+td.dataset.gpu+' \u2014 '+kvdtypeTitles[+td.dataset.t];});
var rows=Array.prototype.slice.call(document.querySelectorAll('#matrix tbody tr'));
var gpuCells=Array.prototype.slice.call(document.querySelectorAll('#matrix [data-gpu]'));
var families=Array.prototype.slice.call(document.querySelectorAll('#matrix tr.family th[data-gpus]'));
function apply(){
  var e=f.engine.value,r=f.release.value,g=f.gpu.value,k=f.kv.value.trim().toLowerCase(),
      m=f.model.value,a=f.attention.value,re='',ri=-1,shown=0,lastEngine='';
  if(r.indexOf(':')>0){re=r.split(':')[0];ri=parseInt(r.split(':')[1],10);}
  rows.forEach(function(tr){
    var d=tr.dataset,show=(!e||d.engine===e)&&(!m||d.model===m)&&(!a||d.attention===a)&&
      (!k||d.kv.toLowerCase().indexOf(k)>=0);
    if(r==='newest')show=show&&d.newest==='1';
    else if(re)show=show&&d.engine===re&&+d.from<=ri&&ri<=+d.to;
    tr.classList.toggle('hidden',!show);
    tr.classList.remove('first-of-engine');
    if(show){shown++;if(d.engine!==lastEngine&&lastEngine)tr.classList.add('first-of-engine');lastEngine=d.engine;}
  });
  gpuCells.forEach(function(c){c.classList.toggle('hidden',!!g&&c.dataset.gpu!==g);});
  families.forEach(function(th){var n=g?(th.dataset.gpus.split(' ').indexOf(g)>=0?1:0):+th.dataset.span;
    th.colSpan=Math.max(n,1);th.classList.toggle('hidden',n===0);});
  document.getElementById('count').textContent=shown+' of '+rows.length+' rows';
  var q=[];Object.keys(f).forEach(function(n){var v=f[n].value;if(v!==f[n].dataset.initial)q.push(n+'='+encodeURIComponent(v));});
  try{history.replaceState(null,'',location.pathname+(q.length?'?'+q.join('&'):''));}catch(x){}
}
var params=new URLSearchParams(location.search);
Object.keys(f).forEach(function(n){f[n].dataset.initial=f[n].value;
  if(params.has(n))f[n].value=params.get(n);
  f[n].addEventListener(n==='kv'?'input':'change',apply);});
apply();
window.kvdtypeMatrix={apply:apply,filters:f};
})();
)";

}  // namespace

std::string render_matrix_html(const MatrixPage& page) {
  const std::vector<MatrixCell>& cells = page.cells;
  const std::string_view rule_href = page.rule_href;
  const MatrixGrid grid = matrix_grid(cells);
  std::vector<std::string> titles;
  std::map<std::string, std::size_t> title_index;
  std::string out;
  auto add = [&](auto&&... parts) { (out.append(parts), ...); };
  add("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
      "<title>kvdtype support matrix</title>\n<style>", kStyle, "</style>\n</head>\n<body>\n<header>\n",
      "<h1>KV-cache support matrix</h1>\n",
      "<p>What each engine does with each kv-cache string on each GPU, release by release, generated from "
      "kvdtype's tables by <code>kvdtype matrix --format html</code>. A cell is ✓ accepted, ⚠ accepted with a "
      "warning, ? not decidable from what is known, ✗ rejected; hover it for the rule and message, click "
      "it for the rule's page. Consecutive releases in which a row does not change share one row.</p>\n",
      "</header>\n<form id=\"filters\" onsubmit=\"return false\">\n");

  // ---- filters ------------------------------------------------------------------------------
  std::vector<Engine> engines_seen;
  std::vector<std::string> kvs;
  bool has_releases = false;
  for (const MatrixGrid::Row& r : grid.rows) {
    if (std::find(engines_seen.begin(), engines_seen.end(), r.first->engine) == engines_seen.end())
      engines_seen.push_back(r.first->engine);
    const std::string kv(r.first->kv->name);
    if (std::find(kvs.begin(), kvs.end(), kv) == kvs.end()) kvs.push_back(kv);
    has_releases = has_releases || !r.first->first_release.empty();
  }
  add("<label>Engine<select id=\"f-engine\"><option value=\"\">all</option>");
  for (Engine e : engines_seen)
    add("<option value=\"", engine_info(e).name, "\">", escape(engine_info(e).display), "</option>");
  add("</select></label>\n<label>Release<select id=\"f-release\"><option value=\"newest\">newest known</option>"
      "<option value=\"\">all</option>");
  if (has_releases)
    for (Engine e : engines_seen) {
      const auto versions = release_versions(e);
      add("<optgroup label=\"", escape(engine_info(e).display), "\">");
      for (std::size_t i = versions.size(); i-- > 0;)
        add("<option value=\"", engine_info(e).name, ":", std::to_string(i), "\">", escape(engine_info(e).display), " ",
            escape(to_string(versions[i])), "</option>");
      add("</optgroup>");
    }
  add("</select></label>\n<label>GPU<select id=\"f-gpu\"><option value=\"\">all</option>");
  for (const Target* t : grid.columns)
    add("<option value=\"", t->name, "\">", t->name, " (", escape(t->family), ")</option>");
  add("</select></label>\n<label>kv-cache string<input id=\"f-kv\" list=\"kv-strings\" placeholder=\"any\" value=\"\">"
      "<datalist id=\"kv-strings\">");
  for (const std::string& kv : kvs) add("<option value=\"", escape(kv), "\">");
  add("</datalist></label>\n<label>Model dtype<select id=\"f-model\"><option value=\"bfloat16\">bfloat16</option>"
      "<option value=\"float16\">float16</option><option value=\"\">all</option></select></label>\n"
      "<label>Attention<select id=\"f-attention\"><option value=\"gqa\">gqa</option><option value=\"mla\">mla</option>"
      "<option value=\"sparse-mla\">sparse-mla</option><option value=\"\">all</option></select></label>\n"
      "<span id=\"count\"></span>\n<div class=\"legend\"><span class=\"ok\">✓ ok</span><span class=\"warn\">⚠ warning</span>"
      "<span class=\"unknown\">? unknown</span><span class=\"error\">✗ error</span></div>\n</form>\n<main>\n");

  // ---- the table ----------------------------------------------------------------------------
  add("<table id=\"matrix\">\n<thead>\n<tr class=\"family\"><th colspan=\"5\"></th>");
  for (std::size_t i = 0; i < grid.columns.size();) {
    std::size_t j = i;
    std::string names;
    while (j < grid.columns.size() && grid.columns[j]->family == grid.columns[i]->family) {
      names += (names.empty() ? "" : " ") + std::string(grid.columns[j]->name);
      ++j;
    }
    add("<th colspan=\"", std::to_string(j - i), "\" data-span=\"", std::to_string(j - i), "\" data-gpus=\"", names, "\">",
        escape(grid.columns[i]->family), "</th>");
    i = j;
  }
  add("</tr>\n<tr><th>engine</th><th>releases</th><th>kv-cache string</th><th>model</th><th>attention</th>");
  for (const Target* t : grid.columns) {
    std::string products;
    for (const Product& p : kvdtype::products())
      if (p.target == t->name) products += (products.empty() ? ": " : ", ") + std::string(p.name);
    add("<th class=\"gpu\" data-gpu=\"", t->name, "\" title=\"", escape(t->family), escape(products), "\">", t->name, "</th>");
  }
  add("</tr>\n</thead>\n<tbody>\n");
  for (const MatrixGrid::Row& r : grid.rows) {
    const MatrixCell& c = *r.first;
    const EngineInfo& e = engine_info(c.engine);
    const auto versions = release_versions(c.engine);
    std::string from = "0", to = "0", newest = "1", releases = "current tables";
    if (!c.first_release.empty()) {
      from = std::to_string(release_index(c.engine, c.first_release));
      to = std::to_string(release_index(c.engine, c.last_release));
      // "Newest known" is the release a check without a version assumes (the newest whose kv-cache
      // facts are established), not a newer one listed with its content not established.
      const Version assumed = newest_version(c.engine);
      const auto at = assumed.known ? static_cast<long>(release_index(c.engine, to_string(assumed))) : -1L;
      newest = !versions.empty() && at >= std::stol(from) && at <= std::stol(to) ? "1" : "0";
      releases = c.first_release == c.last_release ? c.first_release : c.first_release + " – " + c.last_release;
    }
    add("<tr data-engine=\"", e.name, "\" data-from=\"", from, "\" data-to=\"", to, "\" data-newest=\"", newest,
        "\" data-kv=\"", escape(c.kv->name), "\" data-model=\"", name(c.model), "\" data-attention=\"", name(c.attention),
        "\"><th>", escape(e.display), "</th><td class=\"label\">", escape(releases), "</td><td class=\"kv\">",
        escape(c.kv->name), "</td><td class=\"label\">", name(c.model), "</td><td class=\"label\">", name(c.attention), "</td>");
    for (std::size_t i = 0; i < r.cells.size(); ++i) {
      const MatrixCell* cell = r.cells[i];
      const std::string gpu(grid.columns[i]->name);
      if (cell == nullptr) {
        add("<td class=\"v\" data-gpu=\"", gpu, "\"></td>");
        continue;
      }
      // Hover text, kept once per distinct text in a script array (cells repeat them many times).
      std::string title = fmt::format("{}: {}", name(cell->verdict), cell->code.empty() ? "no finding" : cell->code);
      if (!cell->code.empty()) title += fmt::format(" {}", cell->message);
      title += fmt::format("\nbackend {}, K {}, V {}, Q {}", cell->backend.empty() ? "-" : cell->backend, cell->k, cell->v, cell->q);
      const auto [at, added] = title_index.emplace(title, titles.size());
      if (added) titles.push_back(title);
      add("<td class=\"v ", verdict_class(cell->verdict), "\" data-gpu=\"", gpu, "\" data-t=\"", std::to_string(at->second), "\">");
      if (cell->code.empty()) add(verdict_mark(cell->verdict));
      else add("<a href=\"", escape(rule_href), cell->code, ".md\">", verdict_mark(cell->verdict), "</a>");
      add("</td>");
    }
    add("</tr>\n");
  }
  // The hover texts as a JSON array; "</" escaped so that no text can end the script element.
  std::string texts = dump_json(nlohmann::json(titles), -1);
  for (std::size_t at = texts.find("</"); at != std::string::npos; at = texts.find("</", at)) texts.replace(at, 2, "<\\/");
  add("</tbody>\n</table>\n</main>\n<footer>Generated by kvdtype from its tables (src/tables/); every cell is "
      "<code>kvdtype check --engine E --engine-version R --gpu G --kv-cache-dtype K --model-dtype M --attention A</code>. "
      "<code>kvdtype matrix --releases --format json</code> gives the same cells as data.</footer>\n<script>var kvdtypeTitles=", texts, ";",
      kScript, "</script>\n</body>\n</html>\n");
  return out;
}

}  // namespace kvdtype::io
