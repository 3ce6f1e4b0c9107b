// The table behind launch_engines.hpp: each engine's launch hooks, one row per engine.
#include "sources/launch/launch_engines.hpp"

namespace kvdtype::io::detail {
namespace {

struct EngineLaunchRow {
  Engine engine;
  std::optional<Result<EngineProgram>> (*locate)(const std::vector<std::string>&, std::size_t);
  std::optional<Result<EngineProgram>> (*locate_image)(const std::vector<std::string>&, std::string_view, std::size_t);
  std::optional<Error> (*finish)(LaunchCommand&, const LaunchOptions&);
  void (*note_program)(LaunchCommand&, std::string_view);
};

// trtllm-serve itself is recognised by launch.cpp (it was there first); its YAML is read here.
constexpr EngineLaunchRow kRows[] = {
    {Engine::llamacpp, locate_llamacpp, locate_llamacpp_image, finish_llamacpp, note_llamacpp_tool},
    {Engine::trtllm, nullptr, nullptr, finish_trtllm, nullptr},
    {Engine::lmdeploy, locate_lmdeploy, nullptr, finish_lmdeploy, nullptr},
};

}  // namespace

std::optional<Result<EngineProgram>> locate_engine_program(const std::vector<std::string>& w, std::size_t i) {
  for (const EngineLaunchRow& r : kRows)
    if (r.locate)
      if (auto found = r.locate(w, i)) return found;
  return std::nullopt;
}

std::optional<Result<EngineProgram>> locate_engine_image(const std::vector<std::string>& w, std::string_view image,
                                                         std::size_t args) {
  for (const EngineLaunchRow& r : kRows)
    if (r.locate_image)
      if (auto found = r.locate_image(w, image, args)) return found;
  return std::nullopt;
}

std::optional<Error> finish_engine_launch(LaunchCommand& out, const LaunchOptions& options) {
  for (const EngineLaunchRow& r : kRows)
    if (r.engine == out.engine && r.finish) return r.finish(out, options);
  return std::nullopt;
}

void note_engine_program(LaunchCommand& out, std::string_view word) {
  for (const EngineLaunchRow& r : kRows)
    if (r.engine == out.engine && r.note_program) r.note_program(out, word);
}

void refuse(RequestInput& in, tables::RuleId rule, std::string_view value) {
  if (!in.refused_rule.empty()) return;  // the first refusal is the one the engine stops at
  in.refused_rule = std::string(rule.code);
  in.refused_value = std::string(value);
}

}  // namespace kvdtype::io::detail
