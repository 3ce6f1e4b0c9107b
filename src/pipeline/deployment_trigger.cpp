// Deployment rules' triggers (src/pipeline/deployment_trigger.hpp).
#include "pipeline/deployment_trigger.hpp"

#include <string>
#include <vector>

#include "kvdtype/io/launch.hpp"
#include "kvdtype/io/check_request.hpp"

namespace kvdtype::io {

namespace {
constexpr std::string_view kSeparator = " ;; ";
}

bool is_deployment_trigger(std::string_view trigger) noexcept { return trigger.find(kSeparator) != std::string_view::npos; }

Result<Checks> run_deployment_trigger(std::string_view trigger) {
  std::vector<Workload> workloads;
  std::size_t start = 0;
  while (start <= trigger.size()) {
    std::size_t end = trigger.find(kSeparator, start);
    if (end == std::string_view::npos) end = trigger.size();
    auto words = split_command(trigger.substr(start, end - start));
    if (!words.ok()) return words.error();
    std::vector<std::string> flags, command;
    bool after = false;
    for (const std::string& w : *words) {
      if (!after && w == "--") after = true;
      else (after ? command : flags).push_back(w);
    }
    auto fields = request_from_args(flags);
    if (!fields.ok()) return fields.error();
    Workload& w = workloads.emplace_back();
    w.source.kind = "trigger";
    w.source.name = "server " + std::to_string(workloads.size() - 1);
    w.input.fields = *fields;
    w.input.command = std::move(command);
    start = end + kSeparator.size();
  }
  return check_workloads(workloads);
}

}  // namespace kvdtype::io
