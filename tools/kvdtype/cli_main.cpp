// kvdtype::cli::main: the whole command line, for the executable and for `python3 -m kvdtype`.
//
// CLI11 parses; what it cannot place (an unknown subcommand, an unknown flag, a stray word) is
// collected instead of thrown (allow_extras) and reported here as one line, in the order the
// user typed it, with the nearest valid names.
#include <algorithm>
#include <cassert>
#include <cstdio>
#include <functional>
#include <iostream>
#include <map>
#include <string_view>

#include "bindings/face.hpp"
#include "cli.hpp"
#include "kvdtype/version.hpp"

namespace kvdtype::cli {

namespace {

thread_local Arena* g_arena = nullptr;
// The words of the make_program() call in progress (null: register everything), for light().
thread_local const std::vector<std::string>* g_words = nullptr;
// Every flag registers (help lists them all), even where g_words is set; for flag_named().
thread_local bool g_every_flag = true;

int run(const std::vector<std::string>& args, const std::vector<std::string>& launch,
        const std::map<std::string, std::string>& original, bool full);

constexpr const char* kDescription =
    "kvdtype: resolve and check KV-cache dtype flags before any kernel runs.\n"
    "Give a request as flags (the engines' own spellings work too: --dtype, -tp, --attention-backend, …)\n"
    "or a whole launch command after --: kvdtype check --gpu H100 -- vllm serve MODEL --kv-cache-dtype fp8";

// The long names (and aliases) a subcommand takes, for "did you mean".
std::vector<std::string> flag_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* o : app.get_options()) {
    for (const std::string& l : o->get_lnames()) names.push_back("--" + l);
    for (const std::string& s : o->get_snames()) names.push_back("-" + s);
  }
  for (const fields::RequestField& f : fields::all()) {
    std::string_view a = f.aliases;
    while (!a.empty()) {
      const std::size_t sp = a.find(' ');
      const std::string_view w = a.substr(0, sp);
      if (w.size() > 2 && w[0] == '-' && w[1] != '-' && app.get_option_no_throw(fields::flag(f.name)) != nullptr)
        names.emplace_back(w);
      if (sp == std::string_view::npos) break;
      a.remove_prefix(sp + 1);
    }
  }
  return names;
}

std::string nearest_of(std::string_view bad, const std::vector<std::string>& names, std::size_t max = 3) {
  std::vector<std::string_view> views(names.begin(), names.end());
  return detail::nearest(bad, views, max);
}

// The engines' single-dash spellings (-tp, -dp) are not CLI11 names (a single dash takes one
// letter there): rewritten to the field's flag before parsing, remembered for messages.
std::string engine_spelling(const std::string& arg, std::map<std::string, std::string>& original) {
  if (arg.size() < 3 || arg[0] != '-' || arg[1] == '-') return arg;
  const std::size_t eq = arg.find('=');
  const std::string word = arg.substr(0, eq);
  const fields::RequestField* f = fields::find(word);
  // Only a spelling the table lists (-tp), never a single-dash field name (-gpu is refused).
  if (f == nullptr || (" " + std::string(f->aliases) + " ").find(" " + word + " ") == std::string::npos) return arg;
  std::string rewritten = fields::flag(f->name);
  original[rewritten] = word;
  if (eq != std::string::npos) rewritten += arg.substr(eq);
  return rewritten;
}

// One line for what CLI11 left over in `sub` (or the top level when `sub` is null).
// A refusal of the command line itself (a word or flag no subcommand takes): one line on
// stderr, and remembered so that `--format json` also gets kvdtype.error/v1 on stdout.
std::string g_refusal;
int refuse(const std::string& message) {
  g_refusal = message;
  return bad_input(message);
}

int report_extras(Program& p, const CLI::App* sub, const std::vector<std::string>& extras,
                  const std::vector<std::string>& args, const std::map<std::string, std::string>& original) {
  const std::string first = extras.front();
  const auto shown = [&](const std::string& w) {
    const std::string flag = w.substr(0, w.find('='));
    const auto it = original.find(flag);
    return detail::printable(it == original.end() ? w : it->second);
  };
  if (sub == nullptr) {
    std::vector<std::string> names;
    for (const CLI::App* s : p.app.get_subcommands([](CLI::App*) { return true; })) names.push_back(s->get_name());
    if (first.rfind("-", 0) == 0)
      return refuse("unknown flag '" + shown(first) + "' before a subcommand; request flags go after it: kvdtype check " +
                       shown(first) + " …");
    return refuse("unknown subcommand '" + shown(first) + "'; did you mean " + nearest_of(first, names, 1) + "?");
  }
  const std::string name = "kvdtype " + sub->get_name();
  if (first.rfind("-", 0) == 0 && first.size() > 1) {
    const std::string flag = first.substr(0, first.find('='));
    std::string msg = "unknown flag '" + shown(flag) + "' for " + name + "; did you mean " +
                      nearest_of(flag, flag_names(*sub)) + "?";
    if (sub->get_name() == "check" || sub->get_name() == "resolve")
      msg += " (an engine's own flags go in the launch command after --)";
    return refuse(msg);
  }
  // A stray word: most often a launch command typed without the `--` before it. The suggestion
  // keeps the words before it as kvdtype's flags and puts the rest after `--`.
  const auto sub_at = std::find(args.begin(), args.end(), sub->get_name());
  const auto at = std::find(sub_at == args.end() ? args.begin() : sub_at + 1, args.end(), first);
  std::string before, rest;
  for (auto it = sub_at == args.end() ? args.begin() : sub_at + 1; it != at; ++it) before += " " + shown(*it);
  for (auto it = at; it != args.end(); ++it) rest += " " + shown(*it);
  if (rest.size() > 100) rest = rest.substr(0, 100) + " …";
  if (sub->get_name() == "check" || sub->get_name() == "resolve")
    return refuse("unexpected word '" + shown(first) + "' for " + name + "; did you mean `" + name + before + " --" +
                     rest + "`? (a launch command goes after --)");
  return refuse("unexpected word '" + shown(first) + "' for " + name + " (it takes no such argument)");
}

}  // namespace

Arena& arena() {
  static thread_local Arena fallback;
  return g_arena != nullptr ? *g_arena : fallback;
}

bool light(const CLI::App& sub) {
  // CLI11 enters a subcommand only for a word that is its name (no prefixes, no aliases here), so
  // a subcommand no word names is never parsed: its name and description are all help needs.
  // A word that only looks like one (`--gpu rules`) costs a registration, never a wrong parse;
  // run() parses again with everything should CLI11 enter a light one all the same.
  if (g_words == nullptr) return false;
  return std::find(g_words->begin(), g_words->end(), sub.get_name()) == g_words->end();
}

bool flag_named(std::string_view name) {
  if (g_every_flag || g_words == nullptr) return true;
  for (const std::string& w : *g_words)
    if (w.size() >= name.size() && w.compare(0, name.size(), name) == 0 && (w.size() == name.size() || w[name.size()] == '='))
      return true;
  return false;
}

bool option_named(std::string_view names) {
  while (!names.empty()) {
    const std::size_t comma = names.find(',');
    const std::string_view name = names.substr(0, comma);
    if (name.size() == 2 && name[0] == '-') return true;  // a short name: always registered
    if (flag_named(name)) return true;
    if (comma == std::string_view::npos) break;
    names.remove_prefix(comma + 1);
  }
  return false;
}

bool option_given(const CLI::App& sub, const std::string& name) {
  const CLI::Option* opt = sub.get_option_no_throw(name);
  return opt != nullptr && opt->count() > 0;
}

std::unique_ptr<Program> make_program(const std::vector<std::string>* args) {
  auto p = std::make_unique<Program>();
  const bool all = args == nullptr || std::find(args->begin(), args->end(), "--help-all") != args->end();
  const std::vector<std::string>* const previous_words = g_words;
  const bool previous_every_flag = g_every_flag;
  g_words = all ? nullptr : args;
  g_every_flag = all || std::find(args->begin(), args->end(), "--help") != args->end() ||
                 std::find(args->begin(), args->end(), "-h") != args->end();
  Arena* const previous = g_arena;
  g_arena = &p->arena;
  CLI::App& app = p->app;
  app.description(kDescription);
  app.require_subcommand(0, 1);
  app.allow_extras();
  app.set_version_flag("--version", std::string("kvdtype ") + KVDTYPE_VERSION_STRING);
  app.set_help_all_flag("--help-all", "Print help for every subcommand and exit");
  app.footer(kExitStatusHelp);
  app.get_formatter()->column_width(50);
  // A subcommand no word names is light (its name and description); when a word does name one
  // and no help is asked for, the others are not made at all: each CLI::App costs ~25,000
  // instructions and its allocations at every start, and nothing of theirs is read unless the
  // parse goes wrong, which parses again with everything (run()). Help, --help-all and the
  // generators list every subcommand, so they make all of them.
  struct Adder {
    std::string_view name;
    std::function<Command()> add;
  };
  const Adder adders[] = {
      {"check", [&] { return add_check(app, false, p->launch); }}, {"resolve", [&] { return add_check(app, true, p->launch); }},
      {"explain", [&] { return add_explain(app); }},    {"rules", [&] { return add_rules(app); }},
      {"backends", [&] { return add_backends(app); }},  {"formats", [&] { return add_formats(app); }},
      {"targets", [&] { return add_targets(app); }},    {"matrix", [&] { return add_matrix(app); }},
      {"probe", [&] { return add_probe(app); }},        {"releases", [&] { return add_releases(app); }},
      {"serve", [&] { return add_serve(app); }}};
  const auto named = [&](std::string_view name) { return !all && std::find(args->begin(), args->end(), name) != args->end(); };
  const bool only_named = !all && !g_every_flag && std::any_of(std::begin(adders), std::end(adders), [&](const Adder& a) { return named(a.name); });
  for (const Adder& a : adders) {
    if (only_named && !named(a.name)) {
      p->partial = true;
      continue;
    }
    p->commands.push_back(a.add());
    assert(p->commands.back().app->get_name() == a.name && "make_program names each subcommand as its add_* does");
  }
  for (const Command& c : p->commands) {
    c.app->allow_extras();
    if (c.app->get_footer().empty()) c.app->footer(kExitStatusHelp);
  }
  g_arena = previous;
  g_words = previous_words;
  g_every_flag = previous_every_flag;
  return p;
}

int main(std::span<const std::string> argv) {
  // Everything after the first "--" is a launch command, handed over untouched.
  std::vector<std::string> args, launch;
  std::map<std::string, std::string> original;
  bool in_launch = false;
  for (const std::string& a : argv) {
    if (!in_launch && a == "--") {
      in_launch = true;
      continue;
    }
    if (in_launch) launch.push_back(a);
    else args.push_back(engine_spelling(a, original));
  }
  const int status = run(args, launch, original, false);
  std::cout.flush();
  std::fflush(stdout);
  std::fflush(stderr);
  return status;
}

namespace {

int run(const std::vector<std::string>& args, const std::vector<std::string>& launch,
        const std::map<std::string, std::string>& original, bool full) {
  auto program = make_program(full ? nullptr : &args);
  Program& p = *program;
  p.launch = launch;

  int status = kAccepted;
  bool parsed = false;
  std::string parse_error;
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    p.app.parse(reversed);
    parsed = true;
  } catch (const CLI::CallForHelp& e) {
    status = p.app.exit(e, std::cout, std::cerr);
  } catch (const CLI::CallForAllHelp& e) {
    status = p.app.exit(e, std::cout, std::cerr);
  } catch (const CLI::CallForVersion&) {
    std::cout << "kvdtype " << KVDTYPE_VERSION_STRING << "\n";
  } catch (const CLI::ParseError& e) {
    // Registered for the words given only: the error and its "did you mean" are those of the
    // whole command line, parsed again with everything (flag_named in cli.hpp).
    if (!full) return run(args, launch, original, true);
    parse_error = e.what();
    // CLI11 says "--gpu: 1 required GPU missing" (ArgumentMismatch); say it as a person would.
    const std::string what = e.what();
    const std::size_t colon = what.find(": ");
    const std::size_t req = what.find(" required ");
    const std::size_t missing = what.rfind(" missing");
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) != nullptr && colon != std::string::npos &&
        req != std::string::npos && missing != std::string::npos && req < missing)
      parse_error = what.substr(0, colon) + " needs a value (" + what.substr(req + 10, missing - req - 10) + ")";
    status = bad_input(parse_error);
  }
  if (parsed) {
    const Command* chosen = nullptr;
    for (const Command& c : p.commands)
      if (c.app->parsed()) chosen = &c;
    const std::vector<std::string> top = p.app.remaining();
    // Words left at the top or no subcommand entered: the answer names or lists subcommands,
    // so it is made with every one of them (make_program made only the named ones).
    if (p.partial && (!top.empty() || chosen == nullptr)) return run(args, launch, original, true);
    if (!top.empty()) {
      status = report_extras(p, nullptr, top, args, original);
    } else if (chosen != nullptr && chosen->app->get_name() == "serve") {
      status = chosen->run();  // its flags are kvdtype-serve's, not this parser's
    } else if (chosen != nullptr && chosen->light) {
      // The words named a subcommand other than the one guessed: register everything, parse again.
      return run(args, launch, original, true);
    } else if (chosen != nullptr && !chosen->app->remaining().empty()) {
      if (!full) return run(args, launch, original, true);  // "did you mean" names every flag
      status = report_extras(p, chosen->app, chosen->app->remaining(), args, original);
    } else if (chosen != nullptr && !p.launch.empty() && chosen->app->get_name() != "check" &&
               chosen->app->get_name() != "resolve") {
      // Only check and resolve read a launch command; any other subcommand would silently ignore it.
      status = bad_input("kvdtype " + chosen->app->get_name() +
                         " takes no launch command after --; check it with kvdtype check -- <command>");
    } else if (chosen != nullptr) {
      if (const int rc = refuse_empty_values(*chosen->app)) return rc;
      status = chosen->run();
    } else if (!p.launch.empty()) {
      status = bad_input("a launch command after -- needs a subcommand: kvdtype check -- <command>");
    } else {
      std::cout << p.app.help();
    }
  }
  // Bad flags are still answered in JSON when JSON was asked for (kvdtype.error/v1).
  if (parse_error.empty()) parse_error = g_refusal;
  if (!parse_error.empty())
    for (std::size_t i = 0; i < args.size(); ++i)
      if ((args[i] == "--format" && i + 1 < args.size() && args[i + 1] == "json") || args[i] == "--format=json") {
        emit(io::render_error(parse_error, "flags"));
        break;
      }
  return status;
}

}  // namespace

}  // namespace kvdtype::cli
