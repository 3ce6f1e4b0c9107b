// Ollama's serving flags: `ollama serve` takes none that touch the cache. Everything it is told
// comes from its environment (launch_ollama.cpp reads the OLLAMA_* variables), so the table is
// empty and any word after `serve` is listed as ignored.
#include <span>

#include "tables/rows/launch_flag.hpp"
#include "tables/tables.hpp"

namespace kvdtype::tables {

std::span<const LaunchFlag> ollama_launch_flags() noexcept { return {}; }

}  // namespace kvdtype::tables
