// The engines `--engine` takes, as help lists them: read from the engine registry, so that a new
// engine shows in every subcommand's help without an edit here.
#include <string>

#include "cli.hpp"
#include "kvdtype/engine.hpp"

namespace kvdtype::cli {

std::string engine_choices() {
  const auto all = engines();
  std::string out;
  for (std::size_t i = 0; i < all.size(); ++i)
    out += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + std::string(all[i].name);
  return out;
}

}  // namespace kvdtype::cli
