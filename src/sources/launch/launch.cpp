// Launch commands (kvdtype/io/launch.hpp): a shell line or script in, the settings it makes out.
//
// Nothing is executed or expanded. The program is recognised through the usual wrappers
// (`NAME=value`, `env`, `nohup`, `exec`, `sudo`, `numactl`, `taskset`, `docker run IMAGE`), then
// its flags are read with the engine's own table (src/tables/engines/<engine>/launch_flags_<engine>.cpp). What kvdtype reads and what
// it leaves alone is described in docs/inputs.md. The parts live one concern per file
// (sources/launch/launch_parts.hpp); this file puts them together.
#include "kvdtype/io/launch.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "common/text.hpp"
#include "sources/launch/engine_config_file.hpp"
#include "sources/launch/launch_engines.hpp"
#include "sources/launch/launch_images.hpp"
#include "sources/launch/launch_parts.hpp"
#include "sources/shell/shell.hpp"
#include "tables/rows/cache_dtype.hpp"
#include "tables/tables.hpp"

namespace kvdtype::io {

namespace {

using launch::bad;
using launch::Collected;
using launch::Located;

void finish(LaunchCommand& out, Collected& c, const Located& at) {
  RequestInput& in = out.input;
  // The decode backend is the one that reads the cache on every step; a different prefill
  // backend is reported beside it for a second check. Only engines whose flag table has the
  // split flags (SGLang --prefill/--decode-attention-backend) set them.
  const std::string decode = !c.decode_backend.empty() ? c.decode_backend : c.backend;
  const std::string prefill = !c.prefill_backend.empty() ? c.prefill_backend : c.backend;
  if (!decode.empty()) in.backend = decode;
  if (!prefill.empty() && !kvdtype::detail::iequals(prefill, decode)) out.prefill_backend = prefill;
  if (!at.engine_version.empty()) in.engine_version = at.engine_version;
  if (tables::engine_tables(at.engine).kv_choices_exact && !in.kv_cache_dtype.empty()) {
    const auto row = parse_cache_dtype(at.engine, in.kv_cache_dtype);
    if (row.ok() && (*row)->name != in.kv_cache_dtype) in.flags |= flag_kv_spelling;
  }
  if (out.kv_transfer && !c.disaggregation_backend.empty()) out.kv_transfer->connector = c.disaggregation_backend;
  // The connector as a request field (issue 28): vLLM's kv_connector, SGLang's transfer backend.
  if (out.kv_transfer && in.kv_connector.empty()) in.kv_connector = out.kv_transfer->connector;

  // A positional model swallowed by an unknown flag taken for a value-flag: when the command
  // never names a model otherwise, the first such value that looks like a path is the model.
  if (out.model.empty() && at.positional_model) {
    for (const std::string& v : c.unknown_values) {
      if (v.find('/') != std::string::npos) {
        out.model = v;
        break;
      }
    }
  }

  launch::read_drafter(out, c);
}

}  // namespace

bool is_serving_command(std::span<const std::string> argv) {
  try {
    return !argv.empty() && launch::is_launch(std::vector<std::string>(argv.begin(), argv.end()));
  } catch (const std::exception&) {
    return false;
  }
}

CommandReading read_command(std::span<const std::string> argv) {
  try {
    return launch::read_command_of(std::vector<std::string>(argv.begin(), argv.end()));
  } catch (const std::exception& e) {  // the copy's allocation
    return {false, std::string("cannot be read: ") + e.what()};
  }
}

CommandReading launch::read_command_of(std::vector<std::string> words) {
  try {
    return launch::read_command(std::move(words));
  } catch (const std::exception& e) {
    return {false, std::string("cannot be read: ") + e.what()};
  }
}

namespace launch {

std::optional<Error> parse_launch_command_into(std::span<const std::string> argv, const LaunchOptions& options,
                                               LaunchCommand& out, std::string_view given_release,
                                               std::string_view default_release) {
  try {
    if (argv.empty()) return bad("empty command");
    // The words copied once, then handed on (each step below used to take a copy of its own).
    std::vector<std::string> all(argv.begin(), argv.end());
    // A `sh -c 'pip install vllm==X && vllm serve …'` script names the release it installs.
    std::string script;
    if (const auto k = launch::shell_script_at(all)) script = argv[k->script];
    if (argv.size() > detail::kMaxCommandWords)
      return bad("more than " + std::to_string(detail::kMaxCommandWords) + " words; not a launch command");
    auto expanded = launch::expand_shell_scripts(std::move(all));
    if (!expanded.ok()) return expanded.error();
    std::vector<std::string> w = std::move(expanded).value();
    if (w.empty()) return bad("empty command");
    std::vector<std::string> env;
    auto located = launch::locate(w, 0, env);
    if (!located.ok()) return located.error();
    Located where = std::move(located).value();
    Located* at = &where;
    // --config FILE: its flags go in where the engine puts them (engine_config_file.hpp).
    auto spliced = detail::splice_config_files(std::move(w), at->args, at->positional_model, at->engine, &out.config_file,
                                               &out.unread_files, options.script_files, options.read_files, options);
    if (!spliced.ok()) return spliced.error();
    const std::vector<std::string>& words = *spliced;
    out.engine = at->engine;
    out.input.engine = std::string(engine_info(at->engine).name);
    // The release an install in the script names, where no image tag said one: known before the
    // flags are read, since the options and value forms a release takes differ (read_flags).
    if (at->engine_version.empty() && !script.empty())
      at->engine_version = detail::engine_version_from_install(script, at->engine);
    Collected c;
    // The release the flags are read as: an explicit one over the command's, a default under it.
    Located read_as = *at;
    if (!given_release.empty()) read_as.engine_version = std::string(given_release);
    else if (read_as.engine_version.empty()) read_as.engine_version = std::string(default_release);
    if (auto e = launch::read_flags(words, read_as, out, c)) return *e;
    launch::apply_environment(env, out, c);
    finish(out, c, *at);
    // Which tool runs (the word before its arguments: the program, or the image's tool; llama.cpp).
    if (at->args > 0 && at->args <= words.size()) detail::note_engine_program(out, words[at->args - 1]);
    if (auto e = detail::finish_engine_launch(out, options)) return *e;  // engine-specific reading (engines/<engine>/launch_<engine>.cpp)
    return std::nullopt;
  } catch (const std::exception& e) {
    // Only allocation can throw past the JSON handling above; report, never propagate.
    return bad(std::string("cannot read the command: ") + e.what());
  }
}

}  // namespace launch

Result<LaunchCommand> parse_launch_command(std::span<const std::string> argv, LaunchOptions options) {
  try {
    LaunchCommand out;
    if (auto e = launch::parse_launch_command_into(argv, options, out)) return *std::move(e);
    return out;
  } catch (const std::exception& e) {
    return launch::bad(std::string("cannot read the command: ") + e.what());
  }
}

Result<std::vector<std::string>> split_command(std::string_view text) {
  try {
    // A script's serving command as a shell reaches it (arrays, functions, here-documents …).
    auto serving = serving_commands(text, {});
    if (serving.ok() && !serving->empty()) return std::move(serving).value().front().words;
    auto commands = detail::split_commands(text);
    if (!commands.ok()) return commands.error();
    // In a script, `export NAME=value` lines and bare assignment lines set the environment of the
    // serving command that follows: they are returned in front of it as NAME=value words.
    std::vector<std::string> environment;
    const detail::ShellCommand* last_other = nullptr;
    for (const detail::ShellCommand& cmd : *commands) {
      if (cmd.front() == "export" || cmd.front() == "declare" || cmd.front() == "typeset") {
        for (std::size_t i = 1; i < cmd.size(); ++i)
          if (detail::is_assignment(cmd[i])) environment.push_back(cmd[i]);
        continue;
      }
      if (std::all_of(cmd.begin(), cmd.end(), [](const std::string& x) { return detail::is_assignment(x); })) {
        environment.insert(environment.end(), cmd.begin(), cmd.end());
        continue;
      }
      if (launch::is_launch(cmd)) {
        std::vector<std::string> out = environment;
        out.insert(out.end(), cmd.begin(), cmd.end());
        return out;
      }
      last_other = &cmd;
    }
    std::vector<std::string> out = environment;
    if (last_other != nullptr) out.insert(out.end(), last_other->begin(), last_other->end());
    return out;
  } catch (const std::exception& e) {
    return bad(std::string("cannot split the command: ") + e.what());
  }
}

}  // namespace kvdtype::io
