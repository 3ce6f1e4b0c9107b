// SGLang's registry row: its names, flags, programs and behaviour. The registry (../../engines.cpp)
// adds its id, its name and its tables from this folder's line of kvdtype/engine_list.def.
#include "tables/tables.hpp"

namespace kvdtype::tables {

const EngineTables& sglang_engine() noexcept {
  static constexpr EngineTables kRow{
      .info = {.display = "SGLang", .kv_flag = "--kv-cache-dtype",
               .tables_snapshot = "sgl-project/sglang main (kv_cache_dtype.py aff0d58a) plus later PRs cited per row",
               .has_tables = true, .aliases = "", .default_kv = "auto", .programs = "sglang", .distribution = "sglang"},
      .memory = {.rule = MemoryRule::sglang_static,
                 .source = "python/sglang/srt/server_args.py ServerArgs._handle_gpu_memory_settings"},
      .kv_choices_exact = true,  // python/sglang/srt/server_args.py: --kv-cache-dtype choices=[...]
      // `sglang serve --model-path M`. Dynamo's worker (components/src/dynamo/sglang/args.py
      // @010ba752) hands the rest to SGLang's ServerArgs.add_cli_args parser.
      .launch = {.subcommand = "serve", .python_modules = "sglang.launch_server dynamo.sglang"},
      // python/sglang/srt/server_args.py ServerArgs: --config takes YAML or JSON.
      // prepare_server_args builds a plain `argparse.ArgumentParser()` (allow_abbrev left at its
      // default, True) for ServerArgs.add_cli_args (server_args.py at v0.4.8 … v0.5.x releases):
      // `--mem-frac 0.8` and `--speculative-algo EAGLE` are the full options (sglang#25673).
      // --dcp-size: python/sglang/srt/layers/dcp/ (sglang#14194 for DeepSeek V2/V3 MLA); startup
      // refuses GQA models unless total_num_kv_heads <= tp_size / dcp_size (sglang#34355).
      .behaviour = {.config_files = ConfigFiles::yaml_or_json, .long_option_prefixes = true,
                    .dcp_splits_kv_tokens = true},
      .images = sglang_images, .kernel_routes = sglang_kernel_routes};
  return kRow;
}

}  // namespace kvdtype::tables
