// kvdtype — resolve and check inference engines' KV-cache dtype flags before any kernel runs.
// Exit status: 0 accepted (warnings allowed), 1 rejected, 2 bad input.
#include <cstdio>
#include <string_view>

#include "cli.hpp"

int main(int argc, char** argv) {
  using namespace kvdtype::cli;
  // Everything after the first "--" is a launch command, handed over untouched.
  std::vector<std::string> args, launch;
  bool in_launch = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (!in_launch && a == "--") {
      in_launch = true;
      continue;
    }
    (in_launch ? launch : args).emplace_back(a);
  }

  CLI::App app{"kvdtype: resolve and check KV-cache dtype flags before any kernel runs", "kvdtype"};
  app.require_subcommand(0, 1);
  app.set_version_flag("--version", std::string("kvdtype ") + KVDTYPE_VERSION_STRING);
  std::vector<Command> commands = {add_check(app, false, launch), add_check(app, true, launch), add_explain(app),
                                   add_rules(app),     add_backends(app),    add_formats(app),  add_targets(app),
                                   add_matrix(app),    add_probe(app)};
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion&) {
    std::printf("kvdtype %s\n", KVDTYPE_VERSION_STRING);
    return kAccepted;
  } catch (const CLI::ParseError& e) {
    return bad_input(e.what());
  }
  for (const Command& c : commands) {
    if (!c.app->parsed()) continue;
    // Only check and resolve read a launch command; any other subcommand would silently ignore it.
    const std::string& name = c.app->get_name();
    if (!launch.empty() && name != "check" && name != "resolve")
      return bad_input("kvdtype " + name + " takes no launch command after --; check it with kvdtype check -- <command>");
    if (const int rc = refuse_empty_values(*c.app)) return rc;
    return c.run();
  }
  if (!launch.empty()) return bad_input("a launch command after -- needs a subcommand: kvdtype check -- <command>");
  std::fputs(app.help().c_str(), stdout);
  return kAccepted;
}
