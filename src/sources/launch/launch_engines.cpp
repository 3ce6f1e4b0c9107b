// The dispatch behind launch_engines.hpp: each engine's launch hooks, found through its registry
// row (tables::LaunchRecognition::hooks), never by naming the engine.
#include "sources/launch/launch_engines.hpp"

#include "tables/tables.hpp"

namespace kvdtype::io::detail {
namespace {

const tables::EngineLaunchHooks* hooks_of(Engine e) noexcept { return tables::engine_tables(e).launch.hooks; }

}  // namespace

std::optional<Result<EngineProgram>> locate_engine_program(const std::vector<std::string>& w, std::size_t i) {
  for (const tables::EngineTables& row : tables::engine_registry())
    if (row.launch.hooks != nullptr && row.launch.hooks->locate)
      if (auto found = row.launch.hooks->locate(w, i)) return found;
  return std::nullopt;
}

std::optional<Result<EngineProgram>> locate_engine_image(const std::vector<std::string>& w, std::string_view image,
                                                         std::size_t args) {
  for (const tables::EngineTables& row : tables::engine_registry())
    if (row.launch.hooks != nullptr && row.launch.hooks->locate_image)
      if (auto found = row.launch.hooks->locate_image(w, image, args)) return found;
  return std::nullopt;
}

std::optional<Error> finish_engine_launch(LaunchCommand& out, const LaunchOptions& options) {
  const tables::EngineLaunchHooks* h = hooks_of(out.engine);
  return h != nullptr && h->finish ? h->finish(out, options) : std::nullopt;
}

void note_engine_program(LaunchCommand& out, std::string_view word) {
  if (const tables::EngineLaunchHooks* h = hooks_of(out.engine); h != nullptr && h->note_program) h->note_program(out, word);
}

void apply_engine_environment(const std::vector<std::string>& env, LaunchCommand& out, launch::Collected& c) {
  if (const tables::EngineLaunchHooks* h = hooks_of(out.engine); h != nullptr && h->environment) h->environment(env, out, c);
}

void refuse(RequestInput& in, tables::RuleId rule, std::string_view value) {
  if (!in.refused_rule.empty()) return;  // the first refusal is the one the engine stops at
  in.refused_rule = std::string(rule.code);
  in.refused_value = std::string(value);
}

}  // namespace kvdtype::io::detail
