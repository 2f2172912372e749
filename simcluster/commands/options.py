"""Options that several commands share (not a command: it defines no `command`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

F = TypeVar("F", bound=Callable)


def executor_options(f: F) -> F:
    """--jobs, --executor and --address: where `search` and `sweep` run their points."""
    f = click.option(
        "--address", default=None, help="Ray cluster address (executor ray; default: start one here)"
    )(f)
    f = click.option("--executor", type=click.Choice(["local", "ray"]), default="local", show_default=True)(f)
    return click.option(
        "--jobs", type=int, default=None, help="worker processes (default: the machine's cores)"
    )(f)


# A local pool's workers are processes, each with its own interpreter and simulator (~100-300 MB): more
# than a few per core only adds memory and switching, and a mistyped --jobs 100000 would exhaust the machine.
MAX_JOBS_PER_CORE = 4


def check_executor(jobs: int | None, executor: str, address: str | None) -> None:
    """Refuse --jobs below 1 or, on the local pool, above MAX_JOBS_PER_CORE x the cores, and --address
    without Ray, and fail early (one line) if Ray is asked for but not installed: the checks
    `executor_options` implies, before any point runs."""
    from simcluster.errors import ConfigError

    if jobs is not None and jobs < 1:
        raise ConfigError("--jobs", jobs, "must be at least 1")
    if jobs is not None and executor == "local":
        from simcluster.search.runner import default_jobs

        cores = default_jobs()
        if jobs > MAX_JOBS_PER_CORE * cores:
            raise ConfigError(
                "--jobs",
                jobs,
                f"must be at most {MAX_JOBS_PER_CORE * cores} ({MAX_JOBS_PER_CORE} worker processes per core; "
                f"this machine has {cores})",
            )
    if address is not None and executor != "ray":
        raise ConfigError("--address", address, "names a Ray cluster: it needs --executor ray")
    if executor == "ray":
        from simcluster.search.runner import import_ray  # the process pool's module: only when asked for

        import_ray()


def out_options(f: F) -> F:
    """--out and --quiet."""
    f = click.option("--quiet", is_flag=True, help="print nothing on success")(f)
    return click.option("--out", type=str, default=None, help="output folder")(f)  # checked by make_out


MAX_MEMORY_MARGIN = 0.5


def memory_margin_option(f: F) -> F:
    """--memory-margin: a share of device memory kept free (search, maxbatch)."""
    return click.option(
        "--memory-margin",
        default="0",
        show_default=True,
        metavar="FRACTION",
        help="share of GPU memory kept free for what the memory model leaves out (the caching allocator's "
        "fragmentation): 0.1 or 10%",
    )(f)


def parse_margin(text: str) -> float:
    """--memory-margin as a fraction in [0, MAX_MEMORY_MARGIN]: `0.1` or `10%`."""
    import math

    from simcluster.errors import ConfigError

    raw = str(text).strip()
    try:
        value = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
    except ValueError:
        raise ConfigError("--memory-margin", text, "must be a fraction such as 0.1 or a percentage such as 10%") from None
    if not math.isfinite(value) or not 0 <= value <= MAX_MEMORY_MARGIN:
        raise ConfigError("--memory-margin", text, f"must be between 0 and {MAX_MEMORY_MARGIN:g} (50%)")
    return value
