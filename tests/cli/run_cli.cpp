#include "run_cli.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>
#include <string_view>

extern char** environ;

namespace kvdtype::test {

CliResult run_program(const std::vector<std::string>& argv_in, const std::string& input, const std::vector<std::string>& env,
                      int timeout_s) {
  CliResult res;
  if (argv_in.empty()) return res;
  int in_pipe[2], out_pipe[2], err_pipe[2];
  // Close-on-exec: a program spawned at the same time by another thread must not inherit these
  // ends (holding another child's stdin open, that child never saw end of input and waited
  // forever; the webhook tests spawn curl from several threads). dup2 onto 0-2 clears the flag.
  if (pipe2(in_pipe, O_CLOEXEC) || pipe2(out_pipe, O_CLOEXEC) || pipe2(err_pipe, O_CLOEXEC)) return res;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&fa, err_pipe[1], 2);
  for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]})
    posix_spawn_file_actions_addclose(&fa, fd);

  std::vector<std::string> argv_s = argv_in;
  std::vector<char*> argv;
  for (std::string& s : argv_s) argv.push_back(s.data());
  argv.push_back(nullptr);
  // `env` entries (NAME=value) replace the inherited ones of the same name.
  auto name_of = [](std::string_view kv) { return kv.substr(0, kv.find('=')); };
  std::vector<std::string> env_s;
  for (char** e = environ; *e; ++e) {
    bool overridden = false;
    for (const std::string& o : env) overridden = overridden || name_of(o) == name_of(*e);
    if (!overridden) env_s.emplace_back(*e);
  }
  env_s.insert(env_s.end(), env.begin(), env.end());
  std::vector<char*> envp;
  for (std::string& s : env_s) envp.push_back(s.data());
  envp.push_back(nullptr);

  pid_t pid = 0;
  int rc = posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), envp.data());
  // A loaded machine can refuse a process for a moment (EAGAIN): that is not the program's failure.
  for (int tries = 0; rc == EAGAIN && tries < 50; ++tries) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    rc = posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), envp.data());
  }
  posix_spawn_file_actions_destroy(&fa);
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (rc != 0) {
    close(in_pipe[1]);
    close(out_pipe[0]);
    close(err_pipe[0]);
    res.err = std::string("spawn failed: ") + std::strerror(rc);
    return res;
  }
  // Feed stdin from a thread: a large input must not deadlock against a full stdout pipe.
  std::thread feeder([fd = in_pipe[1], &input] {
    std::size_t off = 0;
    while (off < input.size()) {
      const ssize_t n = write(fd, input.data() + off, input.size() - off);
      if (n <= 0) break;
      off += static_cast<std::size_t>(n);
    }
    close(fd);
  });
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  int open_fds = 2;
  char buf[65536];
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  while (open_fds > 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    const int ready = left.count() > 0 ? poll(fds, 2, static_cast<int>(left.count())) : 0;
    if (ready < 0 && errno == EINTR) continue;  // a signal, not a hang
    if (ready <= 0) {  // a hang: kill it rather than hang the test suite
      kill(pid, SIGKILL);
      res.timed_out = true;
      res.err += "\n[killed after " + std::to_string(timeout_s) + " s]";
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
      const ssize_t n = read(fds[i].fd, buf, sizeof buf);
      if (n > 0) {
        (i == 0 ? res.out : res.err).append(buf, static_cast<std::size_t>(n));
      } else {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      }
    }
  }
  for (pollfd& p : fds)
    if (p.fd >= 0) close(p.fd);
  feeder.join();
  int status = 0;
  waitpid(pid, &status, 0);
  res.exit_code = WIFEXITED(status) && !res.timed_out ? WEXITSTATUS(status) : -1;
  return res;
}

CliResult run_cli(const std::vector<std::string>& args, const std::string& input, const std::vector<std::string>& env,
                  int timeout_s) {
  std::vector<std::string> argv = {KVDTYPE_CLI};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_program(argv, input, env, timeout_s);
}

}  // namespace kvdtype::test
