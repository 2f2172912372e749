"""Command line: `simcluster run|check|schema ...`. User errors print one line and exit 2."""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from simcluster.commands.options import executor_options
from simcluster.errors import SimclusterError, one_line, shorten


def _user_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except SimclusterError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)

    return wrapper


def _collector_paused(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The cyclic collector paused for the whole command, its imports included. A run's objects are
    long-lived: `simulate` pauses the collector while it makes them, and here it stays paused to the written
    outputs (its first pass after simulating would walk every one of them, ~0.09 s on GPT-3 1,024 GPUs, and
    free nothing). It comes back on afterwards unless the program leaves at once (`_leave`)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        collecting = gc.isenabled()
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            if collecting and not _FAST_EXIT[0]:
                gc.enable()

    return wrapper


OUT_OF_MEMORY_EXIT = 3  # `run` simulated and wrote its outputs, but the layout does not fit in memory


class _Group(click.Group):
    """The command group, with every way out of a command kept to one line on stderr and exit 2: click's
    usage errors (three lines by default), an output the system refuses (a full disk, `ulimit -f`, a closed
    pipe), and a user error a command did not catch itself."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        if hasattr(signal, "SIGXFSZ"):  # past `ulimit -f`: an EFBIG error to report, not a killed process
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        kwargs.pop("standalone_mode", None)
        try:  # SIGTERM (`kill`, `timeout`) unwinds like Ctrl-C: temporary folders are removed on the way out
            previous = signal.signal(signal.SIGTERM, _terminate)
        except ValueError:  # not the main thread
            previous = None
        try:
            return super().main(*args, standalone_mode=False, **kwargs)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.Abort:
            _say("error: interrupted")
            sys.exit(130)
        except Terminated:
            _say("error: terminated")
            sys.exit(143)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "simcluster"
            _say(f"error: {shorten(one_line(exc.format_message()))} (see '{where} --help')")
            sys.exit(2)
        except SimclusterError as exc:
            _say(f"error: {exc}")
            sys.exit(2)
        except OSError as exc:
            _say(f"error: {one_line(str(exc.filename or 'output'))}: {exc.strerror or exc}")
            sys.exit(2)
        except Exception as exc:  # a bug, not the user's input: one line, exit 1 (SIMCLUSTER_DEBUG=1 shows it)
            if os.environ.get("SIMCLUSTER_DEBUG"):
                raise
            _say(f"error: internal error, please report it: {type(exc).__name__}: {one_line(str(exc))[:300]}")
            sys.exit(1)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)


class Terminated(BaseException):
    """SIGTERM arrived: raised in the main thread so that every `finally` (temporary folders) runs."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


_FAST_EXIT = [False]  # set by `entry` (the program itself), never by a caller of `main` (tests, plugins)


def entry() -> None:
    """The program: `main`, leaving the process at the end of a `run` without freeing the simulation's
    millions of objects one by one and a last full garbage collection over them (~0.3 s on GPT-3 1,024
    GPUs); the operating system takes the memory back."""
    _FAST_EXIT[0] = True
    main()


def _leave(code: int) -> None:
    """Exit with `code` right away where `entry` started the process (output flushed first); else return."""
    if not _FAST_EXIT[0]:
        return
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    os._exit(code)


def _say(line: str) -> None:
    """One line on stderr, whatever state stdout and stderr are in."""
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="simcluster")
def main() -> None:
    """Simulate GPU clusters training large transformers."""


@main.command()
@click.argument("scenario", type=click.Path(path_type=Path))
@click.option("--set", "overrides", multiple=True, metavar="PATH=VALUE", help="override a scenario field")
@click.option("--out", type=str, default=None, help="output folder (default out/<scenario name>)")
@click.option(
    "--events", type=click.Choice(["auto", "all", "none"]), default=None, help="which ranks' events"
)
@click.option(
    "--outputs",
    "outputs",
    default=None,
    metavar="LIST",
    help="which files to write: summary, events (or events.csv / events.parquet), trace, timeline "
    "[default: all four; past 4,096 ranks events only when named here or --events is given]",
)
@click.option("--quiet", is_flag=True, help="print nothing on success")
@click.option(
    "--seeds",
    type=int,
    default=None,
    help="simulate this many seeds (seed .. seed+N-1) for iteration time percentiles (default: "
    "simulation.seeds)",
)
@executor_options
@_user_errors
@_collector_paused
def run(
    scenario: Path,
    overrides: tuple[str, ...],
    out: str | None,
    events: str | None,
    outputs: str | None,
    quiet: bool,
    seeds: int | None,
    jobs: int | None,
    executor: str,
    address: str | None,
) -> None:
    """Simulate one training iteration of SCENARIO; write summary.json, events (CSV, or Parquet when large),
    timeline.html and trace.json.gz. With several seeds, also their iteration time percentiles (summary.json
    `seeds`, seeds.csv), the seeds run on the process pool or Ray."""
    from simcluster.commands.options import check_executor
    from simcluster.config.limits import check_seeds
    from simcluster.config.loader import load_scenario
    from simcluster.report.outdir import AtomicDir, check_out
    from simcluster.report.outputs import parse_outputs, terminal_summary, write_outputs, written_lines
    from simcluster.report.progress import Progress
    from simcluster.simulate import can_fold, simulate

    chosen = parse_outputs(outputs) if outputs is not None else None
    check_executor(jobs, executor, address)
    out_path = check_out(out) if out is not None else None
    loaded = load_scenario(scenario, list(overrides))
    n_seeds = loaded.scenario.simulation.seeds if seeds is None else seeds
    check_seeds(loaded.scenario, n_seeds, can_fold(loaded.scenario))
    out_path = out_path or check_out(str(Path("out") / loaded.scenario.name))
    staged = AtomicDir(out_path)  # made before simulating: a bad --out fails now, not after the run
    try:
        with Progress("simulating", enabled=not quiet) as bar:
            res = simulate(loaded, progress=bar)
        extra_summary, extra_files = {}, []
        if n_seeds > 1:
            from simcluster.reliability import seeds as many

            gc.enable()  # many simulations on a process pool or Ray: the collector as usual

            with Progress(f"{n_seeds} seeds", enabled=not quiet) as bar:
                st = many.run_seeds(loaded, n_seeds, jobs, executor, address, progress=bar)
            extra_summary["seeds"] = many.summary_block(st)
            extra_files.append(("seeds.csv", many.seeds_csv(st), f"iteration time of each of {n_seeds} seeds"))
        summary, written = write_outputs(
            res,
            out_path,
            events or loaded.scenario.simulation.events,
            chosen,
            staged=staged,
            extra_summary=extra_summary,
            extra_files=extra_files,
            events_asked=events is not None,
        )
    finally:
        if not staged.done:
            staged.discard()
    if not quiet:
        click.echo(terminal_summary(summary))
        click.echo(written_lines(out_path, written))
    code = 0
    if not summary["fits_in_memory"]:  # the outputs are written (they show where memory goes); the exit says
        gib = 1024**3
        _say(
            f"error: out of memory: rank {summary['first_rank_over_memory']} needs "
            f"{summary['peak_memory_bytes'] / gib:.1f} GiB of {summary['memory_capacity_bytes'] / gib:.0f} GiB "
            f"(outputs written to {out_path}/)"
        )
        code = OUT_OF_MEMORY_EXIT
    if n_seeds == 1:  # no process pool or Ray to shut down: leave now, with the result still alive
        _leave(code)
    if code:
        sys.exit(code)


@main.command()
@click.argument("scenario", type=click.Path(path_type=Path))
@click.option("--set", "overrides", multiple=True, metavar="PATH=VALUE")
@_user_errors
def check(scenario: Path, overrides: tuple[str, ...]) -> None:
    """Validate SCENARIO (and its hardware profile) without simulating, memory included: a layout that
    does not fit in the GPUs' memory is an error (exit 2), as `run` would find after simulating."""
    from simcluster.config.loader import load_scenario
    from simcluster.errors import ConfigError
    from simcluster.search.prune import capacity_bytes, peak_memory_fast

    loaded = load_scenario(scenario, list(overrides))
    sc = loaded.scenario
    peak, cap = peak_memory_fast(sc, loaded.hardware).total, capacity_bytes(loaded.hardware)
    gib = 1024**3
    if peak > cap:
        raise ConfigError(
            "memory",
            f"{peak / gib:.1f} GiB per GPU",
            f"does not fit the {cap / gib:.0f} GiB of {loaded.hardware.name} (the fullest rank; `simcluster "
            "maxbatch` finds the largest batch that fits): fewer micro-batch sequences, more recompute, "
            "tensor or pipeline stages",
        )
    click.echo(
        f"ok: {sc.name}: {sc.parallelism.scheme}, world size {sc.world_size} on {loaded.total_gpus} GPUs "
        f"({loaded.hardware.name}), {sc.microbatches} micro-batches, peak memory {peak / gib:.1f} of "
        f"{cap / gib:.0f} GiB"
    )


@main.command()
def schema() -> None:
    """Print the scenario JSON Schema."""
    from simcluster.config.loader import json_schema

    click.echo(json_schema())


def _register_plugins() -> None:
    import importlib
    import pkgutil

    import simcluster.commands as pkg

    for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        command = getattr(importlib.import_module(f"simcluster.commands.{mod.name}"), "command", None)
        if command is not None:
            if command.name in main.commands:
                raise RuntimeError(f"command {command.name!r} is registered twice")
            main.add_command(command)


_register_plugins()

if __name__ == "__main__":  # pragma: no cover
    entry()
