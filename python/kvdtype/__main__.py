"""`python3 -m kvdtype …`: the kvdtype command line (same flags, output and exit statuses as the
`kvdtype` executable: both run kvdtype::cli::main)."""
import sys

from . import _cli_main


def main(argv=None) -> int:
    """Run `kvdtype ARGV…` and return its exit status (argv defaults to sys.argv[1:])."""
    # The command line writes to the process's stdout/stderr directly: flush Python's first so
    # that the order of what was printed is kept.
    sys.stdout.flush()
    sys.stderr.flush()
    return _cli_main(list(sys.argv[1:] if argv is None else argv))


def run() -> None:
    """Console-script entry point (`kvdtype` installed by pip)."""
    sys.exit(main())


if __name__ == "__main__":
    run()
