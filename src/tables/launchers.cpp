// Programs that run another program: one row each (src/tables/rows/launcher.hpp says what each
// column means). Adding a launcher is a row here, a line in docs/inputs.md and a test case.
#include "tables/rows/launcher.hpp"

#include "tables/words.hpp"

namespace kvdtype {
namespace {

using enum LauncherArgs;

constexpr Launcher kRows[] = {
    // Process tools.
    {.program = "env", .valued = "-u --unset -C --chdir", .source = "GNU coreutils env(1)"},
    {.program = "nohup", .source = "GNU coreutils nohup(1)"},
    {.program = "exec", .valued = "-a", .source = "bash(1), SHELL BUILTIN COMMANDS: exec [-cl] [-a name]"},
    {.program = "command", .source = "bash(1), SHELL BUILTIN COMMANDS: command [-pVv]"},
    {.program = "time", .valued = "-f --format -o --output", .source = "bash(1) time [-p]; GNU time(1)"},
    {.program = "stdbuf", .valued = "-i -o -e", .source = "GNU coreutils stdbuf(1)"},
    {.program = "nice", .valued = "-n --adjustment", .source = "GNU coreutils nice(1)"},
    {.program = "ionice", .valued = "-c --class -n --classdata", .source = "util-linux ionice(1)"},
    {.program = "setsid", .source = "util-linux setsid(1)"},
    {.program = "chrt", .args = options_then_one, .source = "util-linux chrt(1): chrt [options] priority command"},
    {.program = "taskset", .args = options_then_one, .source = "util-linux taskset(1): taskset [options] mask command"},
    {.program = "flock", .args = options_then_one, .valued = "-w --timeout -E --conflict-exit-code",
     .source = "util-linux flock(1): flock [options] file command"},
    {.program = "timeout", .args = options_then_one, .valued = "-s --signal -k --kill-after",
     .source = "GNU coreutils timeout(1): timeout [option] duration command"},
    {.program = "numactl",
     .valued = "-N -m -C -p -i -P --cpunodebind --membind --physcpubind --preferred --interleave",
     .source = "numactl(8)"},
    {.program = "sudo",
     .valued = "-u -g -C -D -h -p -r -t -U -T --user --group --chdir --host --prompt --role --type --other-user "
               "--command-timeout --close-from",
     .source = "sudo(8)"},
    {.program = "runuser", .valued = "-u -g -G --user --group --supp-group", .source = "util-linux runuser(1)"},
    // Container init and privilege droppers.
    {.program = "tini", .valued = "-p -e", .source = "krallin/tini README (tini [-p SIGNAL] [-e EXIT_CODE] -- command)"},
    {.program = "dumb-init", .valued = "-r --rewrite", .source = "Yelp/dumb-init README"},
    {.program = "gosu", .args = options_then_one, .source = "tianon/gosu README: gosu user-spec command"},
    {.program = "su-exec", .args = options_then_one, .source = "ncopa/su-exec README: su-exec user-spec command"},
    // Environment runners.
    {.program = "uv", .subcommand = "run",
     .valued = "--with --with-requirements --python -p --directory --project --env-file --extra --group --package "
               "--index --index-url --extra-index-url --from",
     .source = "uv docs, CLI reference: uv run"},
    {.program = "conda", .subcommand = "run", .valued = "-n --name -p --prefix --cwd", .source = "conda docs: conda run"},
    {.program = "mamba", .subcommand = "run", .valued = "-n --name -p --prefix --cwd", .source = "mamba docs: mamba run (as conda run)"},
    {.program = "micromamba", .subcommand = "run", .valued = "-n --name -p --prefix --cwd",
     .source = "micromamba docs: micromamba run"},
    {.program = "pixi", .subcommand = "run", .valued = "-e --environment --manifest-path", .source = "pixi docs: pixi run"},
    {.program = "poetry", .subcommand = "run", .source = "poetry docs: poetry run"},
    {.program = "pipenv", .subcommand = "run", .source = "pipenv docs: pipenv run"},
    // Distributed launchers: their options are many and change between releases, so the command
    // is the first word that starts one.
    {.program = "mpirun", .args = search, .source = "Open MPI mpirun(1); MPICH mpiexec(1)"},
    {.program = "mpiexec", .args = search, .source = "Open MPI mpirun(1); MPICH mpiexec(1)"},
    {.program = "orterun", .args = search, .source = "Open MPI mpirun(1) (orterun is its other name)"},
    {.program = "srun", .args = search, .source = "Slurm srun(1)"},
    {.program = "nsys", .subcommand = "profile", .args = search, .source = "NVIDIA Nsight Systems user guide: nsys profile"},
    {.program = "ray", .subcommand = "job", .args = search,
     .source = "Ray docs, Ray Jobs CLI: ray job submit [OPTIONS] -- ENTRYPOINT (the entrypoint runs on the cluster)"},
    {.program = "torchrun", .args = python_like,
     .valued = "--nnodes --nproc-per-node --nproc_per_node --node-rank --node_rank --master-addr --master_addr "
               "--master-port --master_port --rdzv-backend --rdzv_backend --rdzv-endpoint --rdzv_endpoint --rdzv-id "
               "--rdzv_id --rdzv-conf --rdzv_conf --max-restarts --max_restarts --monitor-interval --monitor_interval "
               "--start-method --start_method --role --log-dir --log_dir -r --redirects -t --tee --local-addr "
               "--local_addr --logs-specs --local-ranks-filter",
     .source = "PyTorch docs, torchrun (Elastic Launch): torchrun [options] -m MODULE | SCRIPT args"},
    // cmd.exe's `start [/b] [/wait] [/affinity HEX] [/node N] [/d PATH] [/low … /realtime] PROG …` in a
    // .bat file (Microsoft's `start` reference). A quoted first word is its window title, which
    // the split words no longer show: such a command names the title as the program.
    {.program = "start", .args = slash_options, .valued = "/d /node /affinity",
     .source = "Microsoft Learn, Windows commands: start"},
    // TensorRT-LLM's MPI wrapper for the LLM API (tensorrt_llm/llmapi/trtllm-llmapi-launch, a bash
    // script): `trtllm-llmapi-launch trtllm-serve MODEL …` runs the command after it on each rank
    // (its deployment guides, NVIDIA/TensorRT-LLM#17333). It takes no options of its own.
    {.program = "trtllm-llmapi-launch", .source = "NVIDIA/TensorRT-LLM tensorrt_llm/llmapi/trtllm-llmapi-launch"},
    // Programs of one project that exec an engine's server (read from their source).
    {.program = "llamacpp-leader", .args = runs_fixed, .runs = "llama-server --model $LLM_MODEL --host 0.0.0.0",
     .source = "kubernetes-sigs/lws @060ab4da docs/examples/llamacpp/tools/llamacpp-leader/cmd/llamacpp-leader/main.go: "
               "execs /llama-server --model $LLM_MODEL --host 0.0.0.0 --rpc <workers> and the words after --"},
};

}  // namespace

std::span<const Launcher> launchers() noexcept { return kRows; }

const Launcher* find_launcher(std::string_view program, std::string_view next) noexcept {
  for (const Launcher& l : kRows)
    if (l.program == program && (l.subcommand.empty() || l.subcommand == next)) return &l;
  return nullptr;
}

bool takes_value(const Launcher& launcher, std::string_view option) noexcept {
  if (option.find('=') != std::string_view::npos) return false;
  bool found = false;
  tables::for_each_word(launcher.valued, [&](std::string_view w) { found = found || w == option; });
  return found;
}

}  // namespace kvdtype
