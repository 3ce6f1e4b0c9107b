// Internal: the Launcher row (src/tables/launchers.cpp): a program that runs another program —
// process tools (env, nohup, timeout, numactl …), environment runners (uv run, conda run), MPI
// and Slurm launchers, torchrun — and how to find the command it runs. Launch commands, scripts
// and container commands are read through it (src/sources/launch/launch_wrappers.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace kvdtype {

/// How the wrapped command is found after the launcher's name (and subcommand).
enum class LauncherArgs : std::uint8_t {
  options,           ///< options (those in `valued` take the next word), then the command
  options_then_one,  ///< options, then one positional word (timeout's DURATION, taskset's mask, gosu's user), then the command
  python_like,       ///< options, then what `python` takes: `-m MODULE args` or a script (torchrun)
  search,            ///< an option grammar too wide to model (mpirun, srun, nsys): the first word that starts a command
  runs_fixed,        ///< a program that runs one fixed command (`runs`) with the words after its `--` appended
  slash_options,     ///< cmd.exe style: switches that start with `/` (any case; those in `valued` take the
                     ///< next word), then the command (`start /b /wait PROG`)
};

struct Launcher {
  std::string_view program;     ///< the basename as typed: "mpirun"
  std::string_view subcommand;  ///< a word that must follow ("run" for `uv run`), empty when none
  LauncherArgs args = LauncherArgs::options;
  /// Space-separated options that take the next word as their value (`-n 8`); `--opt=value` and
  /// an attached short value (`-oL`) are one word whatever this says.
  std::string_view valued;
  /// LauncherArgs::runs_fixed: the command it runs, as words (`$NAME` where it reads a variable of
  /// its environment), ahead of the words after its `--`.
  std::string_view runs;
  std::string_view source;      ///< the manual page or documentation the grammar comes from
};

[[nodiscard]] std::span<const Launcher> launchers() noexcept;

/// The launcher named `program` (a basename) with `next` as its subcommand where it has one.
[[nodiscard]] const Launcher* find_launcher(std::string_view program, std::string_view next) noexcept;

/// Whether `option` (without any `=value`) is one of `launcher`'s options that take a value.
[[nodiscard]] bool takes_value(const Launcher& launcher, std::string_view option) noexcept;

}  // namespace kvdtype
