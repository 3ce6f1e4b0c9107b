// The serving program behind a launch command's wrappers (sources/launch/launch_parts.hpp): environment
// assignments, the launchers of src/tables/launchers.cpp (env, nohup, timeout, numactl, uv run,
// conda run, mpirun, srun, torchrun …), `docker run IMAGE` (nested containers too) and
// `sh -c 'script'`.
#include "sources/launch/launch_parts.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "common/text.hpp"
#include "sources/launch/launch_engines.hpp"
#include "core/index.hpp"
#include "sources/launch/launch_images.hpp"
#include "tables/rows/image.hpp"
#include "tables/rows/launcher.hpp"
#include "tables/tables.hpp"
#include "tables/words.hpp"
#include "sources/shell/shell.hpp"

namespace kvdtype::io::launch {
namespace {

bool is_python(std::string_view base) noexcept {
  if (!starts_with(base, "python")) return false;
  for (char c : base.substr(6))
    if (!((c >= '0' && c <= '9') || c == '.')) return false;
  return true;
}

// `docker run` switches; every other option takes a value unless written --opt=value.
bool docker_switch(std::string_view opt) {
  static constexpr std::string_view kSwitches[] = {"--rm", "--privileged", "--init", "--detach", "--interactive",
                                                   "--tty", "--read-only", "--publish-all", "--sig-proxy",
                                                   "--no-healthcheck", "--oom-kill-disable"};
  for (std::string_view s : kSwitches)
    if (opt == s) return true;
  // Bundled one-letter switches: -it, -d, -itd, -P.
  if (opt.size() >= 2 && opt[0] == '-' && opt[1] != '-') {
    for (char c : opt.substr(1))
      if (c != 'i' && c != 't' && c != 'd' && c != 'P') return false;
    return true;
  }
  return false;
}

// Containers nest (`docker run A docker run B vllm serve …`) at most this deep; a command nested
// deeper is hostile input, refused with a clear line rather than walked.
constexpr std::size_t kMaxContainerNesting = 16;
// `sh -c 'bash -c "…"'` is read this many levels deep; deeper is refused by name, not skipped.
constexpr int kMaxShellNesting = 4;

// A reader limit on nesting, named so that read_command() tells it from "not a serving command".
constexpr std::string_view kTooDeep = " nested more than ";
Error too_deep(std::string_view what, std::size_t limit, std::string_view after) {
  return Error{ErrorCode::bad_command, std::string(what) + std::string(kTooDeep) + std::to_string(limit) + " deep" + std::string(after)};
}
bool is_too_deep(const Error& e) { return e.message.find(kTooDeep) != std::string::npos; }

// One `docker run [options] IMAGE` level: the image and the index of the first word after it.
struct Container {
  std::string image;
  std::size_t after = 0;
  // `--entrypoint PROG` replaces the image's ENTRYPOINT (Docker's run reference: "Overwrite the
  // default ENTRYPOINT of the image"): the image's own server never runs.
  bool entrypoint_replaced = false;
  // The program it names (empty: `--entrypoint ""` clears it), and where the option is: the word
  // of `--entrypoint=PROG`, or of `--entrypoint` with PROG the next word (the last option wins).
  std::string entrypoint;
  std::size_t entrypoint_word = 0;
  bool entrypoint_joined = false;
};

// `docker run [options] IMAGE [command …]` starting at w[i] (docker / podman): the environment
// comes from -e/--env; the image and where its command starts go into `out`.
std::optional<Error> read_docker(const std::vector<std::string>& w, std::size_t& i, std::vector<std::string>& env,
                                 Container& out) {
  ++i;  // docker / podman
  while (i < w.size() && w[i] != "run" && w[i] != "create") {
    if (!is_flag(w[i])) return bad("docker " + kvdtype::detail::printable(w[i]) + " is not a serving command");
    ++i;
  }
  if (i >= w.size()) return bad("docker without run");
  ++i;
  for (; i < w.size(); ++i) {
    const std::string& o = w[i];
    // `docker run … $DOCKER_ARGS -e X=1 IMAGE`: a variable nothing set stands for options a
    // shell would drop (unset) or split (set elsewhere); it is not the image when options follow.
    // (An image is `${REGISTRY:-x}/name:tag`, never a plain reference.)
    if (detail::is_variable_reference(o) && i + 1 < w.size() && is_flag(w[i + 1])) continue;
    if (!is_flag(o)) {
      out.image = o;
      ++i;
      break;
    }
    std::string value;
    const std::size_t eq = o.find('=');
    const std::string_view name = std::string_view(o).substr(0, eq);
    if (eq != std::string::npos) {
      value = o.substr(eq + 1);
    } else if (!docker_switch(o)) {
      if (i + 1 >= w.size()) return bad("docker option " + kvdtype::detail::printable(o) + " needs a value");
      value = w[++i];
    }
    if ((name == "-e" || name == "--env") && detail::is_assignment(value)) env.push_back(value);
    if (name == "--entrypoint") {
      out.entrypoint_replaced = true;
      out.entrypoint = value;
      out.entrypoint_joined = eq != std::string::npos;
      out.entrypoint_word = out.entrypoint_joined ? i : i - 1;
    }
  }
  if (out.image.empty()) return bad("docker run without an image");
  out.after = i;
  return std::nullopt;
}

// The words of a registry list, in order.
std::vector<std::string_view> words_of(std::string_view list) {
  std::vector<std::string_view> out;
  tables::for_each_word(list, [&](std::string_view word) { out.push_back(word); });
  return out;
}

// Whether w[k…] are the words of `words` (a subcommand such as "serve" or "serve api_server").
bool words_at(const std::vector<std::string>& w, std::size_t k, const std::vector<std::string_view>& words) {
  for (std::size_t n = 0; n < words.size(); ++n)
    if (k + n >= w.size() || w[k + n] != words[n]) return false;
  return true;
}

// w[i] is one of `row`'s programs: where its arguments start, or why it is not a serving command.
Result<Located> locate_engine_program(const tables::EngineTables& row, const std::vector<std::string>& w,
                                      std::size_t i) {
  if (row.launch.own_reader) {  // its launch_<engine>.cpp knows the engine's programs and subcommands
    if (auto own = detail::locate_engine_program(w, i)) {
      if (!own->ok()) return own->error();
      return Located{(*own)->engine, (*own)->args, (*own)->positional_model, {}};
    }
  }
  const std::string_view prog = basename(w[i]);
  const auto sub = words_of(row.launch.subcommand);
  std::size_t k = i + 1;
  if (words_at(w, k, sub)) k += sub.size();
  else if (!row.launch.subcommand_optional)
    return bad(std::string(prog) + " " + kvdtype::detail::printable(k < w.size() ? std::string_view(w[k]) : "") +
               " is not a serving command (expected " + std::string(prog) + " " + std::string(row.launch.subcommand) + ")");
  return Located{row.info.id, k, row.launch.positional_model, {}};
}

// Every serving module kvdtype knows, as the message of an unknown one lists them: the programs'
// own modules with their subcommand, each engine's own server module, then the others (Dynamo's).
std::string known_modules() {
  std::string known;
  auto add = [&](std::string_view text) { known += (known.empty() ? "" : ", ") + std::string(text); };
  for (const tables::EngineTables& row : tables::engine_registry())
    if (!row.launch.python_cli.empty()) add(std::string(row.launch.python_cli) + " " + std::string(row.launch.subcommand));
  for (bool first : {true, false})
    for (const tables::EngineTables& row : tables::engine_registry()) {
      const auto modules = words_of(row.launch.python_modules);
      for (std::size_t n = 0; n < modules.size(); ++n)
        if ((n == 0) == first) add(modules[n]);
    }
  return known;
}

// Every serving command kvdtype knows, as the message of an unknown program lists them: each
// engine's programs (with the subcommand they need) and its own server module.
std::string known_programs() {
  std::vector<std::string> forms;
  for (const tables::EngineTables& row : tables::engine_registry()) {
    for (std::string_view prog : words_of(row.info.programs))
      forms.push_back(std::string(prog) + (row.launch.subcommand.empty() || row.launch.subcommand_optional
                                                ? ""
                                                : " " + std::string(row.launch.subcommand)));
    if (const auto modules = words_of(row.launch.python_modules); !modules.empty())
      forms.push_back("python -m " + std::string(modules.front()));
  }
  std::string out;
  for (std::size_t n = 0; n < forms.size(); ++n)
    out += (n == 0 ? "" : n + 1 == forms.size() ? " or " : ", ") + forms[n];
  return out;
}

// The program at w[i], once the wrappers are skipped.
Result<Located> locate_program(const std::vector<std::string>& w, std::size_t i) {
  if (i >= w.size()) return bad("no program in the command (only environment settings)");
  const std::string_view prog = basename(w[i]);
  auto sub = [&](std::size_t k) -> std::string_view { return k < w.size() ? std::string_view(w[k]) : ""; };
  for (const tables::EngineTables& row : tables::engine_registry())
    if (kvdtype::detail::has_word(row.info.programs, prog)) return locate_engine_program(row, w, i);
  const Launcher* runner = find_launcher(prog, "");
  if (runner != nullptr && runner->args != LauncherArgs::python_like) runner = nullptr;
  if (is_python(prog) || runner != nullptr) {  // python, or a launcher that runs what python runs (torchrun)
    std::size_t k = i + 1;
    std::string module;
    while (k < w.size()) {
      const std::string& o = w[k];
      if (o == "-m" || (runner != nullptr && o == "--module")) {
        if (k + 1 < w.size()) module = w[k + 1];
        k += 2;
        break;
      }
      if (starts_with(o, "-m") && o.size() > 2) {
        module = o.substr(2);
        ++k;
        break;
      }
      if (!is_flag(o)) break;  // a script file: not a module we know
      k += (runner != nullptr ? takes_value(*runner, o) : (o == "-X" || o == "-W")) ? 2 : 1;
    }
    for (const tables::EngineTables& row : tables::engine_registry()) {
      // An engine whose own reader knows its CLI's subcommands reads `python -m CLI …` as the
      // program itself (the module word stands where the program would: mlx_lm server|generate).
      if (!row.launch.python_cli.empty() && module == row.launch.python_cli && row.launch.own_reader && k > 0)
        if (auto own = detail::locate_engine_program(w, k - 1)) {
          if (!own->ok()) return own->error();
          return Located{(*own)->engine, (*own)->args, (*own)->positional_model, {}};
        }
      if (!row.launch.python_cli.empty() && module == row.launch.python_cli && words_at(w, k, words_of(row.launch.subcommand)))
        return Located{row.info.id, k + words_of(row.launch.subcommand).size(), row.launch.positional_model, {}};
      // The model is a flag of these modules, never positional.
      if (!module.empty() && kvdtype::detail::has_word(row.launch.python_modules, module)) return Located{row.info.id, k, false, {}};
    }
    if (module.empty())
      return bad("python without -m: not a serving command kvdtype knows (" + kvdtype::detail::printable(sub(k)) + ")");
    return bad("python -m " + kvdtype::detail::printable(module) + " is not a serving module kvdtype knows (" +
               known_modules() + ")");
  }
  // An engine may know programs by a shape its registry row cannot list (llama.cpp's `llama serve`,
  // its pre-2024 `…/llama.cpp/server`): its own reader is asked before the program is called unknown.
  if (auto own = detail::locate_engine_program(w, i)) {
    if (!own->ok()) return own->error();
    return Located{(*own)->engine, (*own)->args, (*own)->positional_model, {}};
  }
  return bad("unknown program '" + kvdtype::detail::printable(w[i]) + "' (expected " + known_programs() + ")");
}

// Whether a command kvdtype reads starts at w[j]: a serving program, a launcher, a container
// runtime. What a `search` launcher (mpirun, srun) runs is the first such word after it.
bool starts_command(const std::vector<std::string>& w, std::size_t j) {
  const std::string_view base = basename(w[j]);
  if (base == "docker" || base == "podman") return true;
  if (find_launcher(base, j + 1 < w.size() ? std::string_view(w[j + 1]) : std::string_view()) != nullptr) return true;
  return !is_flag(w[j]) && locate_program(w, j).ok();
}

}  // namespace

// The serving program behind the wrappers. Iterative, never recursive: wrappers and containers
// are walked in one loop, so 40 000 nested `docker run IMAGE` cost no stack.
// A container's command is what runs; when it is not a serving command kvdtype knows, the
// innermost container whose image is vLLM's server image runs its own `vllm serve` entrypoint with
// the words after the image as its arguments (vllm/vllm-openai, vllm/vllm-openai-rocm; rocm/vllm
// images have no serving entrypoint).
Result<Located> locate(const std::vector<std::string>& w, std::size_t i, std::vector<std::string>& env) {
  std::vector<Container> containers;
  std::optional<Error> failed;
  while (true) {
    if (i < w.size() && (basename(w[i]) == "docker" || basename(w[i]) == "podman")) {
      if (containers.size() >= kMaxContainerNesting)
        return too_deep("containers", kMaxContainerNesting, " (docker run … docker run …); not a serving command");
      Container c;
      if (auto e = read_docker(w, i, env, c)) {
        failed = std::move(e);
        break;
      }
      containers.push_back(std::move(c));
      // Images whose entrypoint is the server take its flags right after the image (llama.cpp
      // :server), or the engine's subcommand when the entrypoint is the engine's program
      // (ollama/ollama serve): asked unless a command kvdtype reads follows the image.
      if (!containers.back().entrypoint_replaced && (i >= w.size() || is_flag(w[i]) || !starts_command(w, i))) {
        const std::string& image = containers.back().image;
        if (auto entry = detail::locate_engine_image(w, image, i)) {
          if (!entry->ok()) return entry->error();
          return Located{(*entry)->engine, (*entry)->args, (*entry)->positional_model,
                         detail::engine_version_from_image(image, (*entry)->engine)};
        }
      }
      if (i >= w.size()) {
        failed = bad("docker image " + kvdtype::detail::printable(containers.back().image) +
                     " has no serving command after it");
        break;
      }
      continue;
    }
    // Launchers that run the rest of the line (src/tables/launchers.cpp): skip them and their
    // options; environment assignments are the command's environment.
    const std::size_t before = i;
    while (i < w.size()) {
      if (detail::is_assignment(w[i])) {
        env.push_back(w[i]);
        ++i;
        continue;
      }
      const Launcher* l = find_launcher(basename(w[i]), i + 1 < w.size() ? std::string_view(w[i + 1]) : std::string_view());
      // python_like: locate_program reads it; runs_fixed: expand_fixed_launcher has replaced it
      if (l == nullptr || l->args == LauncherArgs::python_like || l->args == LauncherArgs::runs_fixed) break;
      i += l->subcommand.empty() ? 1 : 2;
      if (l->args == LauncherArgs::search) {
        const std::size_t from = i;
        while (i < w.size() && !starts_command(w, i)) ++i;
        if (i >= w.size()) {
          failed = bad(std::string(l->program) + " runs no serving command kvdtype knows (read from word " +
                       std::to_string(from + 1) + ")");
          break;
        }
        continue;
      }
      if (l->args == LauncherArgs::slash_options) {
        while (i < w.size() && w[i].size() > 1 && w[i][0] == '/')
          i += takes_value(*l, kvdtype::detail::to_lower(w[i])) ? 2 : 1;
        continue;
      }
      while (i < w.size() && is_flag(w[i]) && w[i] != "--") i += takes_value(*l, w[i]) ? 2 : 1;
      if (i < w.size() && w[i] == "--") ++i;  // end of the launcher's options
      if (l->args == LauncherArgs::options_then_one) ++i;
    }
    if (failed) break;
    if (i < w.size() && i != before && (basename(w[i]) == "docker" || basename(w[i]) == "podman")) continue;
    auto found = locate_program(w, i);
    if (found.ok()) {
      // The version: the program's own, else the innermost container's image tag that has one.
      Located l = *found;
      for (auto c = containers.rbegin(); c != containers.rend() && l.engine_version.empty(); ++c)
        l.engine_version = detail::engine_version_from_image(c->image, l.engine);
      return l;
    }
    failed = found.error();
    break;
  }
  for (auto c = containers.rbegin(); c != containers.rend(); ++c) {
    if (c->entrypoint_replaced) continue;
    // An official image whose ENTRYPOINT is the server (images_<engine>.cpp in its folder), or an unlisted
    // image named like vLLM's: one built FROM vllm/vllm-openai keeps its ENTRYPOINT unless it sets
    // its own, which the command line cannot show.
    const std::string repo = detail::image_repository(c->image);
    const Image* image = detail::official_image(repo);
    for (const tables::EngineTables& row : tables::engine_registry()) {
      if (!row.launch.unlisted_image_entrypoint) continue;
      if (image != nullptr ? image->engine != row.info.id || image->entrypoint.empty()
                           : repo.find(row.info.name) == std::string::npos)
        continue;
      Located l{row.info.id, c->after, row.launch.positional_model, {}};
      for (auto t = c; t != containers.rend() && l.engine_version.empty(); ++t)
        l.engine_version = detail::engine_version_from_image(t->image, row.info.id);
      return l;
    }
  }
  return *failed;
}

// `sh -c 'script'` (also bash/zsh/dash, and -lc, -ec …): the script is the command. Kubernetes
// manifests and `docker run IMAGE bash -c '…'` launch servers this way. `sh -c -- 'script'`: the
// `--` ends the shell's options and the script follows it (KubeRay's `["/bin/bash", "-lc", "--"]`).
std::optional<ShellScript> shell_script_at(const std::vector<std::string>& w) {
  for (std::size_t k = 0; k + 2 < w.size(); ++k) {
    if (w[k].empty() || w[k].back() != 'h') continue;  // sh, bash, zsh and dash all end in h
    const std::string_view base = basename(w[k]);
    if (base != "sh" && base != "bash" && base != "zsh" && base != "dash") continue;
    const std::string& o = w[k + 1];
    if (o.size() < 2 || o[0] != '-' || o[1] == '-' || o.back() != 'c') continue;
    if (w[k + 2] != "--") return ShellScript{k, k + 2};
    if (k + 3 < w.size()) return ShellScript{k, k + 3};
  }
  return std::nullopt;
}

std::optional<ShellScript> cmd_script_at(const std::vector<std::string>& w) {
  using kvdtype::detail::iequals;
  // Whether a word ends in `suffix`, any case: tested before the word's basename is looked for,
  // since every word of every launch command passes here and almost none ends so.
  auto ends_with_ci = [](std::string_view word, std::string_view suffix) {
    return word.size() >= suffix.size() && iequals(word.substr(word.size() - suffix.size()), suffix);
  };
  for (std::size_t k = 0; k + 2 < w.size(); ++k) {
    // Compared in place, any case: every launch command passes here (no copy of each word).
    if (!ends_with_ci(w[k], "cmd") && !ends_with_ci(w[k], "cmd.exe")) continue;
    const std::string_view base = basename(w[k]);
    if (!iequals(base, "cmd") && !iequals(base, "cmd.exe")) continue;
    // cmd [/a | /u] [/q] [/d] [/e:on|off] [/f:on|off] [/v:on|off] [/s] [[/c | /k] string]
    // (Microsoft's cmd reference): its other switches come first.
    for (std::size_t j = k + 1; j + 1 < w.size() && !w[j].empty() && w[j][0] == '/'; ++j)
      if (iequals(w[j], "/c") || iequals(w[j], "/k")) return ShellScript{k, j + 1};
  }
  return std::nullopt;
}

namespace {

// A launcher that runs a fixed command (LauncherArgs::runs_fixed): the words from it on become
// that command and the words after its `--`. Its own options before `--` are its business.
// The rows that run a fixed command among those find_launcher(program, "") answers with (the
// first row of a program without a subcommand): made once. A word is looked for in these alone,
// not in the whole launcher table (a search of every row for every word was 8 K instructions of
// a webhook review; docs/performance.md, eleventh round).
const std::vector<const Launcher*>& fixed_launchers() {
  static const std::vector<const Launcher*> rows = [] {
    std::vector<const Launcher*> out;
    for (const Launcher& l : launchers())
      if (l.args == LauncherArgs::runs_fixed && find_launcher(l.program, {}) == &l) out.push_back(&l);
    return out;
  }();
  return rows;
}

void expand_fixed_launcher(std::vector<std::string>& w) {
  const std::vector<const Launcher*>& fixed = fixed_launchers();
  for (std::size_t k = 0; k < w.size(); ++k) {
    // basename(w[k]) == program, tested as "ends with the program, whole or after a slash"
    // (no program name holds a slash) without finding the word's last slash first.
    const std::string_view word = w[k];
    const Launcher* l = nullptr;
    for (const Launcher* f : fixed)
      if (word.ends_with(f->program) &&
          (word.size() == f->program.size() || word[word.size() - f->program.size() - 1] == '/'))
        l = f;
    if (l == nullptr) continue;
    std::vector<std::string> out(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(k));
    tables::for_each_word(l->runs, [&](std::string_view word) { out.emplace_back(word); });
    const auto dashes = std::find(w.begin() + static_cast<std::ptrdiff_t>(k), w.end(), "--");
    if (dashes != w.end()) out.insert(out.end(), dashes + 1, w.end());
    w = std::move(out);
    return;
  }
}

}  // namespace

namespace {

// `docker run … --entrypoint PROG … IMAGE ARGS…` runs `PROG ARGS…`: the option overwrites the
// image's ENTRYPOINT and clears its CMD (Docker's `docker run` reference, "--entrypoint"). PROG is
// moved to just after the image and the option left as `--entrypoint=` (the entrypoint cleared,
// which runs the words after the image as they are — the same program, and read_docker still
// knows the image's own entrypoint does not run), so that `--entrypoint bash IMAGE -lc '…'` is
// read as the script it runs and `--entrypoint vllm IMAGE serve M` as `vllm serve M`. Done once
// per expansion; a cleared option has nothing left to move, so a second pass changes nothing.
void expand_docker_entrypoint(std::vector<std::string>& w) {
  for (std::size_t k = 0; k < w.size(); ++k) {
    const std::string_view base = basename(w[k]);
    if (base != "docker" && base != "podman") continue;
    std::size_t i = k;
    std::vector<std::string> env;
    Container c;
    if (read_docker(w, i, env, c) || c.entrypoint.empty()) continue;  // refused later by locate(), as before
    const auto at = [&](std::size_t n) { return w.begin() + static_cast<std::ptrdiff_t>(n); };
    std::string program = std::move(c.entrypoint);
    w.insert(at(c.after), std::move(program));
    w[c.entrypoint_word] = "--entrypoint=";
    if (!c.entrypoint_joined) w.erase(at(c.entrypoint_word + 1));
    return;  // one container a pass: the words after it moved
  }
}

}  // namespace

Result<std::vector<std::string>> expand_shell_scripts(std::vector<std::string> w) {
  expand_docker_entrypoint(w);
  expand_fixed_launcher(w);
  for (int nested = 0; nested < kMaxShellNesting; ++nested) {
    auto k = shell_script_at(w);
    bool cmd = false;
    if (!k) {
      k = cmd_script_at(w);
      cmd = k.has_value();
    }
    if (!k) return w;
    // cmd /c: every word after the switch is its command line, in cmd.exe's syntax (carets,
    // literal backslashes), read as that shell reads it.
    std::string cmd_line;  // sh -c's script is split where it is, without a copy
    if (cmd) {
      // The words joined as Windows joins a program's arguments into its command line: an empty
      // word or one with blanks is quoted, so `start "My Server" PROG` keeps its title one word
      // (posix_from_windows then reads start's title and cmd's quotes as cmd does).
      auto joined = [](const std::string& word) {
        const bool quote = word.empty() || (word.find_first_of(" \t") != std::string::npos && word.find('"') == std::string::npos);
        return quote ? "\"" + word + "\"" : word;
      };
      cmd_line = joined(w[k->script]);
      for (std::size_t j = k->script + 1; j < w.size(); ++j) cmd_line += " " + joined(w[j]);
      // cmd.exe then removes the string's first quote and the line's last one (`cmd /?`): a
      // one-word `cmd /c "vllm serve m …"` is its words again.
      if (const std::size_t last = cmd_line.rfind('"'); !cmd_line.empty() && cmd_line.front() == '"' && last > 0) {
        cmd_line.erase(last, 1);
        cmd_line.erase(0, 1);
      }
      cmd_line = detail::posix_from_windows(cmd_line, detail::WindowsShell::cmd).value_or(cmd_line);
    }
    auto inner = split_command(cmd ? std::string_view(cmd_line) : std::string_view(w[k->script]));
    if (!inner.ok()) return Error{ErrorCode::bad_command, (cmd ? "cmd /c command line: " : "sh -c script: ") + inner.error().message};
    w.resize(k->shell);  // words after the script are its $0, $1 …: not the server's
    w.insert(w.end(), inner->begin(), inner->end());
    expand_docker_entrypoint(w);
    expand_fixed_launcher(w);
  }
  // Still a script inside: not read to its end, which is never "not a serving command".
  if (shell_script_at(w))
    return too_deep("sh -c", kMaxShellNesting, "; not read");
  return w;
}

CommandReading read_command(std::vector<std::string> words) {
  CommandReading r;
  const std::size_t given = words.size();
  auto w = expand_shell_scripts(std::move(words));
  if (!w.ok()) {
    r.unreadable = w.error().message;
    return r;
  }
  std::vector<std::string> env;
  auto at = locate(*w, 0, env);
  r.serving = at.ok();
  if (!r.serving && is_too_deep(at.error())) r.unreadable = at.error().message;
  else if (!r.serving && given > detail::kMaxCommandWords)
    r.unreadable = "more than " + std::to_string(detail::kMaxCommandWords) + " words";
  return r;
}

bool is_launch(const std::vector<std::string>& words) { return read_command(words).serving; }

}  // namespace kvdtype::io::launch
