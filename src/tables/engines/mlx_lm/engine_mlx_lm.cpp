// MLX-LM's registry row: its names, flags, programs and behaviour. The registry (../../engines.cpp)
// adds its id, its name and its tables from this folder's line of kvdtype/engine_list.def.
#include "tables/tables.hpp"

namespace kvdtype::tables {

extern const EngineLaunchHooks mlx_lm_launch_hooks;  // launch_mlx_lm.cpp

const EngineTables& mlx_lm_engine() noexcept {
  // MLX-LM quantizes the KV cache with two flags, --kv-bits and --kv-group-size; kvdtype names the
  // pair by one string ("4" is --kv-bits 4 with the default group of 64, "4g32" a group of 32),
  // because the group size changes the cache's bytes. No --kv-bits: the cache in the model dtype.
  static constexpr EngineTables kRow{
      .info = {.display = "MLX-LM",
               .kv_flag = "--kv-bits/--kv-group-size",
               .tables_snapshot = "ml-explore/mlx-lm d78bf58e (2026-08-22; newest tag v0.31.3): mlx_lm/generate.py, "
                                  "server.py, cli.py, models/cache.py, models/base.py",
               .has_tables = true, .aliases = "mlx-lm mlxlm mlx", .default_kv = "none",
               .programs = "mlx_lm.server mlx_lm.generate mlx_lm", .distribution = "mlx-lm"},
      // MLX-LM has no cache pool: it allocates what a prompt needs, in steps of 256 tokens
      // (models/cache.py KVCache.step). The share only bounds kvdtype's capacity estimate.
      .memory = {.fraction = 0.9, .source = "kvdtype's estimate; MLX-LM grows the cache per prompt (models/cache.py step = 256)"},
      // launch_mlx_lm.cpp reads its programs (mlx_lm.server, mlx_lm.generate, mlx_lm SUBCOMMAND).
      // `subcommand` is only the form messages name for `python -m mlx_lm`; the console scripts
      // mlx_lm.server and mlx_lm.generate take none (subcommand_optional).
      .launch = {.subcommand = "server", .subcommand_optional = true, .own_reader = true, .python_cli = "mlx_lm",
                 .python_modules = "mlx_lm.server mlx_lm.generate", .hooks = &mlx_lm_launch_hooks,
                 .hooks_fire = "KVD293"},
      // mlx_lm.generate's parser is argparse.ArgumentParser(description="LLM inference script")
      // (mlx_lm/generate.py setup_arg_parser @0024613b) and mlx_lm.server's
      // argparse.ArgumentParser(description="MLX Http Server.") (mlx_lm/server.py main): neither
      // passes allow_abbrev, so long options abbreviate (argparse's default).
      .behaviour = {.long_option_prefixes = true}};
  return kRow;
}

}  // namespace kvdtype::tables
