// `kvdtype releases --diff-installed PATH|auto`: kvdtype's tables against what an installed
// engine declares in its own source (kvdtype/io/installed_source.hpp), so that a new release's
// table update starts from a precise list. Text or JSON; the exit status is 0 whatever differs
// (a difference is information, not a rejected configuration).
#include "cli.hpp"
#include "kvdtype/io/installed_source.hpp"

namespace kvdtype::cli {

int diff_installed(Engine engine, const std::string& path, const Output& out) {
  if (out.parsed != io::OutputFormat::text && out.parsed != io::OutputFormat::json)
    return bad_input("--diff-installed writes text or json, not " + out.format);
  auto facts = path == "auto" ? io::read_installed_engine(engine) : io::read_installed_source(engine, path);
  if (!facts.ok()) return bad_input(facts.error());
  return out.write(io::render_installed_diff(io::diff_installed(*facts), out.parsed == io::OutputFormat::json), kAccepted);
}

}  // namespace kvdtype::cli
