// kvdtype serve …: executes kvdtype-serve from the directory of this binary with the same
// arguments. The webhook's HTTPS stack (its own HTTP/1.1 transport, OpenSSL, spdlog) lives in that program so
// that `kvdtype check`, a short process, never loads it (docs/webhook.md).
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <string>
#include <vector>

#include "cli.hpp"

namespace kvdtype::cli {

Command add_serve(CLI::App& app) {
  CLI::App* sub = app.add_subcommand(
      "serve", "Run the Kubernetes admission webhook (kvdtype-serve): kvdtype serve --help, docs/webhook.md");
  sub->prefix_command();  // everything after `serve` is kvdtype-serve's
  Command c;
  c.app = sub;
  c.run = [] {
    return bad_input(
        "serve: the webhook is the program kvdtype-serve, run by the kvdtype executable (kvdtype serve --listen …); "
        "this command line has none beside it (python3 -m kvdtype cannot serve)");
  };
  return c;
}

int exec_serve(int argc, char** argv) {
  char self[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  std::string dir = ".";
  if (n > 0) {
    self[n] = '\0';
    dir = self;
    dir.resize(dir.rfind('/') == std::string::npos ? 0 : dir.rfind('/'));
  }
  const std::string server = dir + "/kvdtype-serve";
  std::vector<char*> args;
  std::string name = "kvdtype-serve";
  args.push_back(name.data());
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);  // argv[1] is "serve"
  args.push_back(nullptr);
  execv(server.c_str(), args.data());
  return bad_input("serve: cannot run " + server + ": " + std::strerror(errno) +
                   " (kvdtype-serve is installed beside kvdtype; build it with -DKVDTYPE_BUILD_SERVE=ON)");
}

}  // namespace kvdtype::cli
