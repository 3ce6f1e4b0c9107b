// LMDeploy's registry row: its names, flags, programs and behaviour. The registry (../../engines.cpp)
// adds its id, its name and its tables from this folder's line of kvdtype/engine_list.def.
#include "tables/tables.hpp"

namespace kvdtype::tables {

extern const EngineLaunchHooks lmdeploy_launch_hooks;  // launch_lmdeploy.cpp

const EngineTables& lmdeploy_engine() noexcept {
  // LMDeploy's quant_policy (lmdeploy/messages.py QuantPolicy); 0 is an unquantized cache.
  static constexpr EngineTables kRow{
      .info = {.display = "LMDeploy", .kv_flag = "--quant-policy",
               .tables_snapshot = "InternLM/lmdeploy 1263d5cd (2026-08-21): messages.py, cli/utils.py, "
                                  "pytorch/engine/cache_engine.py, docs/en/quantization/kv_quant.md",
               .has_tables = true, .aliases = "", .default_kv = "0", .programs = "lmdeploy", .distribution = "lmdeploy"},
      .memory = {.fraction = 0.8, .source = "lmdeploy/messages.py cache_max_entry_count = 0.8 of the memory free after weights"},
      // launch_lmdeploy.cpp reads its programs and subcommands.
      .launch = {.subcommand = "serve api_server", .own_reader = true, .hooks = &lmdeploy_launch_hooks,
                 .hooks_fire = "KVD240"},
      // `lmdeploy serve api_server` and `lmdeploy chat` are argparse subparsers of
      // CLI.parser = argparse.ArgumentParser(prog='lmdeploy', …), made by subparsers.add_parser
      // without allow_abbrev (lmdeploy/cli/cli.py, cli/serve.py SubCliServe @02eb8e2f; the same
      // construction in the v0.2 … v0.12 CLI): argparse's default, long options abbreviate.
      .behaviour = {.long_option_prefixes = true},
      .images = lmdeploy_images};
  return kRow;
}

}  // namespace kvdtype::tables
