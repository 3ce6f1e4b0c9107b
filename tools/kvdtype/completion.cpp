// A bash completion script, generated from the command line itself (its subcommands and flags,
// which for check/resolve come from the request-field table) and from the registries (number
// formats, engines and their aliases, output formats, rule codes), so it can never offer a flag
// or a value the CLI lacks, nor miss one a table adds.
#include <set>

#include "bindings/face.hpp"
#include "cli.hpp"
#include "kvdtype/engine.hpp"
#include "kvdtype/format.hpp"
#include "kvdtype/io/render.hpp"
#include "kvdtype/rule.hpp"

namespace kvdtype::cli {

namespace {

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

std::vector<std::string> flags_of(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::Option* o : app.get_options()) {
    for (const std::string& l : o->get_lnames()) out.push_back("--" + l);
    for (const std::string& s : o->get_snames()) out.push_back("-" + s);
  }
  return out;
}

// Every name --engine takes: each engine's name and its aliases (engine.hpp).
std::vector<std::string> engine_words() {
  std::vector<std::string> out;
  for (const EngineInfo& e : engines()) {
    out.emplace_back(e.name);
    std::string_view a = e.aliases;
    while (!a.empty()) {
      const std::size_t sp = a.find(' ');
      out.emplace_back(a.substr(0, sp));
      if (sp == std::string_view::npos) break;
      a.remove_prefix(sp + 1);
    }
  }
  return out;
}

std::vector<std::string> rule_codes() {
  std::vector<std::string> out;
  for (const Rule& r : rules()) out.emplace_back(r.code);
  return out;
}

std::vector<std::string> output_formats() {
  std::vector<std::string> out;
  for (const std::string_view n : io::output_format_names()) out.emplace_back(n);
  return out;
}

}  // namespace

std::string bash_completion(Program& p) {
  std::vector<std::string> subs;
  for (const Command& c : p.commands) subs.push_back(c.app->get_name());

  std::vector<std::string> dtypes;
  for (const Format& f : formats()) dtypes.emplace_back(f.name);
  std::set<std::string> dtype_flags, path_flags;
  for (const fields::RequestField& f : fields::all()) {
    if (f.placeholder != "DTYPE") continue;
    dtype_flags.insert(fields::flag(f.name));
    std::string_view a = f.aliases;
    while (!a.empty()) {
      const std::size_t sp = a.find(' ');
      dtype_flags.emplace(a.substr(0, sp));
      if (sp == std::string_view::npos) break;
      a.remove_prefix(sp + 1);
    }
  }
  for (const Command& c : p.commands)
    for (const CLI::Option* o : c.app->get_options())
      if (o->get_type_name() == "PATH")
        for (const std::string& l : o->get_lnames()) path_flags.insert("--" + l);

  std::string s =
      "# bash completion for kvdtype. Generated at build time by kvdtype_surface_gen from the command\n"
      "# line (tools/kvdtype) and the request-field table (src/core/request_fields.cpp); do not edit.\n"
      "_kvdtype() {\n"
      "  local cur prev words cword\n"
      "  if declare -F _init_completion >/dev/null 2>&1; then\n"
      "    _init_completion -n = || return\n"
      "  else\n"
      "    words=(\"${COMP_WORDS[@]}\"); cword=$COMP_CWORD; cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}\n"
      "  fi\n"
      "  local i sub=\n"
      "  for ((i = 1; i < cword; i++)); do\n"
      "    # After --: a launch command, completed as files.\n"
      "    [[ ${words[i]} == -- ]] && return 0\n"
      "    [[ -z $sub && ${words[i]} != -* ]] && case ${words[i]} in " +
      [&] {
        std::string alt;
        for (const std::string& n : subs) alt += (alt.empty() ? "" : "|") + n;
        return alt;
      }() +
      ") sub=${words[i]} ;; esac\n"
      "  done\n"
      "  case $prev in\n"
      // The formats the subcommand writes (the output-format table's rows that serve it); every
      // name before a subcommand is given.
      "    --format) case $sub in\n" +
      [&] {
        std::string arms;
        for (const Command& c : p.commands) {
          std::vector<std::string> names;
          for (const io::OutputFormat f : io::formats_for(c.app->get_name())) names.emplace_back(io::output_format(f).name);
          if (!names.empty()) arms += "        " + c.app->get_name() + ") COMPREPLY=($(compgen -W '" + join(names) + "' -- \"$cur\")) ;;\n";
        }
        return arms;
      }() +
      "        *) COMPREPLY=($(compgen -W '" + join(output_formats()) + "' -- \"$cur\")) ;;\n"
      "      esac; return 0 ;;\n"
      "    --engine) COMPREPLY=($(compgen -W '" + join(engine_words()) + "' -- \"$cur\")); return 0 ;;\n"
      "    --ignore) COMPREPLY=($(compgen -W '" + join(rule_codes()) + "' -- \"$cur\")); return 0 ;;\n"
      "    --fail-on) COMPREPLY=($(compgen -W 'error incomplete warning' -- \"$cur\")); return 0 ;;\n"
      "    --color) COMPREPLY=($(compgen -W 'auto always never' -- \"$cur\")); return 0 ;;\n"
      "    --min-severity) COMPREPLY=($(compgen -W 'info warning error' -- \"$cur\")); return 0 ;;\n"
      "    --attention) COMPREPLY=($(compgen -W 'mha gqa mqa mla sparse-mla' -- \"$cur\")); return 0 ;;\n"
      "    --kv-scales) COMPREPLY=($(compgen -W 'yes no' -- \"$cur\")); return 0 ;;\n";
  if (!dtype_flags.empty()) {
    std::vector<std::string> v(dtype_flags.begin(), dtype_flags.end());
    std::string alt;
    for (const std::string& n : v) alt += (alt.empty() ? "" : "|") + n;
    s += "    " + alt + ") COMPREPLY=($(compgen -W '" + join(dtypes) + "' -- \"$cur\")); return 0 ;;\n";
  }
  if (!path_flags.empty()) {
    std::string alt;
    for (const std::string& n : path_flags) alt += (alt.empty() ? "" : "|") + n;
    s += "    " + alt + ") COMPREPLY=($(compgen -f -- \"$cur\")); return 0 ;;\n";
  }
  s += "  esac\n  case $sub in\n";
  s += "    '') COMPREPLY=($(compgen -W '" + join(subs) + " --help --help-all --version' -- \"$cur\")) ;;\n";
  for (const Command& c : p.commands) {
    std::vector<std::string> flags = flags_of(*c.app);
    // The engines' single-dash spellings (-tp) are accepted too (cli_main.cpp rewrites them).
    for (const fields::RequestField& f : fields::all()) {
      if (c.app->get_option_no_throw(fields::flag(f.name)) == nullptr) continue;
      std::string_view a = f.aliases;
      while (!a.empty()) {
        const std::size_t sp = a.find(' ');
        const std::string_view w = a.substr(0, sp);
        if (w.size() > 2 && w[1] != '-') flags.emplace_back(w);
        if (sp == std::string_view::npos) break;
        a.remove_prefix(sp + 1);
      }
    }
    // explain's argument is a rule code; serve's flags are kvdtype-serve's (files after them).
    if (c.app->get_name() == "explain") {
      const std::vector<std::string> codes = rule_codes();
      flags.insert(flags.end(), codes.begin(), codes.end());
    }
    if (c.app->get_name() == "serve") {
      s += "    serve) COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n";
      continue;
    }
    s += "    " + c.app->get_name() + ") COMPREPLY=($(compgen -W '" + join(flags) + "' -- \"$cur\")) ;;\n";
  }
  s += "  esac\n}\ncomplete -o default -F _kvdtype kvdtype\n";
  return s;
}

}  // namespace kvdtype::cli
