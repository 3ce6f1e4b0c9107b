// The check pipeline shared by every face (include/kvdtype/io/pipeline.hpp).
#include "kvdtype/io/pipeline.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>

#include "kvdtype/capacity.hpp"
#include "kvdtype/check.hpp"
#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/model_config.hpp"
#include "kvdtype/io/probe.hpp"
#include "common/text.hpp"
#include "io/read_file.hpp"

namespace kvdtype::io {
namespace {

// At most kMaxCommandBytes + 1 bytes are read, never the whole stream: /dev/zero, `yes |` or a
// huge file is refused after 1 MiB instead of hanging or exhausting memory.
constexpr std::size_t kMaxCommandBytes = 1u << 20;

std::string read_at_most(std::istream& in, std::size_t limit) {
  std::string text(limit, '\0');
  std::size_t got = 0;
  while (got < limit && in) {
    in.read(text.data() + got, static_cast<std::streamsize>(limit - got));
    got += static_cast<std::size_t>(in.gcount());
  }
  text.resize(got);
  return text;
}

// gpu = auto: the probed target when the machine has one kind of device.
Result<std::string> probed_gpu() {
  const ProbeResult pr = probe();
  std::string first;
  for (const ProbedDevice& d : pr.devices) {
    if (first.empty()) first = d.target;
    else if (d.target != first) {
      std::string kinds;
      for (const ProbedDevice& e : pr.devices) kinds += (kinds.empty() ? "" : ", ") + e.name + " (" + e.target + ")";
      return Error{ErrorCode::bad_value, "--gpu auto: this machine has several GPU kinds (" + kinds + "); pass --gpu with one of them"};
    }
  }
  if (first.empty()) return Error{ErrorCode::unsupported, "--gpu auto: no device found"};
  return first;
}

Error prefixed(std::string_view what, const Error& e) { return Error{e.code, std::string(what) + ": " + e.message}; }

// The launch command's words, from whichever of the three spellings the caller used.
Result<std::vector<std::string>> command_words(const CheckInput& in) {
  const int given = int(!in.command.empty()) + int(!in.command_text.empty()) + int(!in.command_file.empty());
  if (given > 1) return Error{ErrorCode::bad_command, "give the launch command once: as words, as text or as a file"};
  if (!in.command.empty()) return in.command;
  std::string text = in.command_text;
  if (!in.command_file.empty()) {
    auto read = read_command_file(in.command_file);
    if (!read.ok()) return read.error();
    text = std::move(read).value();
  } else if (text.empty()) {
    return std::vector<std::string>{};
  }
  auto words = split_command(text);
  if (!words.ok()) return words.error();
  if (words->empty())
    return Error{ErrorCode::bad_command, (in.command_file.empty() ? std::string("the launch command") : in.command_file) + ": no command in it"};
  return words;
}

}  // namespace

Result<std::string> read_command_file(const std::string& path) {
  std::string text;
  if (path == "-") {
    text = read_at_most(std::cin, kMaxCommandBytes + 1);
    if (text.size() > kMaxCommandBytes) return Error{ErrorCode::bad_file, "stdin: larger than 1 MiB"};
  } else {
    // Regular files only, opened non-blocking, at most 1 MiB (io/read_file.hpp): a FIFO,
    // /dev/zero or /proc/kmsg is refused at once instead of blocking or running forever.
    auto read = detail::read_regular_file(path, kMaxCommandBytes, "a command file");
    if (!read.ok()) return read.error();
    text = std::move(read).value();
  }
  const std::string name = path == "-" ? "stdin" : detail::shown_path(path);
  if (text.find('\0') != std::string::npos) return Error{ErrorCode::bad_file, name + ": binary data, not a command"};
  return text;
}

ReportExtras Checked::view() const {
  ReportExtras e = extras;
  e.draft = draft ? &*draft : nullptr;
  e.prefill = prefill ? &*prefill : nullptr;
  return e;
}

Verdict Checked::verdict() const {
  const ReportExtras e = view();
  return combined_verdict(report, &e);
}

Result<Checked> check_input(const CheckInput& in) {
  Checked out;
  RequestInput input;
  std::optional<LaunchCommand> launch;

  auto argv = command_words(in);
  if (!argv.ok()) return argv.error();
  if (!argv->empty()) {
    auto parsed = parse_launch_command(*argv);
    if (!parsed.ok()) return parsed.error();
    launch = std::move(parsed).value();
  }

  // The model config: the caller's, else the launch command's model when it is a local path.
  std::string model_path = in.model;
  if (model_path.empty() && launch && !launch->model.empty()) {
    std::error_code ec;
    if (std::filesystem::exists(launch->model, ec)) model_path = launch->model;
  }
  std::vector<ConfigProblem> problems, draft_problems;  // malformed config values (KVD082–KVD086)
  if (!model_path.empty()) {
    auto cfg = read_model_config(model_path);
    if (!cfg.ok()) return cfg.error();
    input.overlay(cfg->input);
    problems = cfg->problems;
    out.extras.notes.push_back("model config: " + cfg->path);
  }
  if (launch) {
    input.overlay(launch->input);
    if (in.verbose) out.extras.ignored_flags = launch->ignored;
  }
  input.overlay(in.fields);

  if (kvdtype::detail::iequals(input.gpu, "auto")) {  // any case, as every other name
    auto g = probed_gpu();
    if (!g.ok()) return g.error();
    input.gpu = *g;
    out.extras.notes.push_back("gpu: probed " + *g);
  }

  auto request = make_request(input);
  if (!request.ok()) return request.error();
  out.report = check(*request);
  add_config_problems(out.report, problems);
  out.extras.capacity = capacity(out.report);

  if (launch && launch->draft) {
    RequestInput d = input;
    // A drafter with its own local config has its own geometry and dtype.
    std::error_code ec;
    if (!launch->draft_model.empty() && launch->draft_model != launch->model &&
        std::filesystem::exists(launch->draft_model, ec)) {
      auto cfg = read_model_config(launch->draft_model);
      if (!cfg.ok()) return prefixed("speculative drafter", cfg.error());
      d.overlay(cfg->input);
      draft_problems = cfg->problems;
      out.extras.notes.push_back("drafter config: " + cfg->path);
    }
    d.overlay(*launch->draft);
    auto dr = make_request(d);
    if (!dr.ok()) return prefixed("speculative drafter", dr.error());
    out.draft = check(*dr);
    add_config_problems(*out.draft, draft_problems);
  }
  if (launch && !launch->prefill_backend.empty()) {
    RequestInput p = input;
    p.backend = launch->prefill_backend;
    auto pr = make_request(p);
    if (!pr.ok()) return prefixed("prefill backend", pr.error());
    out.prefill = check(*pr);
  }
  return out;
}

}  // namespace kvdtype::io
