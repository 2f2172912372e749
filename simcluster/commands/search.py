"""`simcluster search SCENARIO`: the fastest parallel layout that fits in memory."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

import click

from simcluster.commands.options import (
    check_executor,
    executor_options,
    memory_margin_option,
    out_options,
    parse_margin,
)
from simcluster.errors import SimclusterError

GiB = 1024**3
FIRST_COLUMNS = ["rank", "layout", "label", "status"]
RANK_BY = ("time", "p05", "p50", "p95", "mean")
# A layout every model and cluster accepts, for a base scenario whose own layout is invalid.
NEUTRAL_LAYOUT = (
    "parallelism.scheme=megatron",
    "parallelism.tensor=1",
    "parallelism.pipeline=1",
    "parallelism.data=1",
    "parallelism.schedule=1f1b",
    "parallelism.virtual_stages=1",
    "parallelism.placement=naive",
    "training.micro_batch=1",
)


@click.command("search")
@click.argument("scenario", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--space",
    "space_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="YAML: dotted path -> list of values (or auto), narrowing or widening each axis",
)
@click.option("--set", "overrides", multiple=True, metavar="PATH=VALUE", help="override a scenario field")
@click.option("--top", type=int, default=10, show_default=True, help="layouts to simulate event by event")
@click.option(
    "--tokens", default=None, metavar="N", help="rank by expected time to train on N tokens (docs/reliability.md)"
)
@click.option(
    "--seeds",
    type=int,
    default=None,
    help="simulate each of the --top layouts at this many seeds for iteration time percentiles "
    "(default: simulation.seeds)",
)
@click.option(
    "--rank-by",
    type=click.Choice(RANK_BY),
    default="time",
    show_default=True,
    help="rank simulated layouts by their iteration time (or train time with --tokens), or by a percentile, "
    "the mean over --seeds",
)
@memory_margin_option
@executor_options
@out_options
def command(
    scenario: Path,
    space_file: Path | None,
    overrides: tuple[str, ...],
    top: int,
    memory_margin: str,
    tokens: str | None,
    seeds: int | None,
    rank_by: str,
    jobs: int | None,
    executor: str,
    address: str | None,
    out: str | None,
    quiet: bool,
) -> None:
    """Search the layouts of SCENARIO's model on its cluster and global batch: prune invalid and
    out-of-memory layouts, rank the rest by a fast estimate, simulate the --top best event by event.
    Writes results.parquet/.csv, best.yaml and search.html to --out."""
    try:
        margin = parse_margin(memory_margin)
        n_tokens = None
        if tokens is not None:
            from simcluster.commands.traintime import _number
            from simcluster.reliability.traintime import check_tokens

            n_tokens = check_tokens(_number("--tokens", tokens))
        with contextlib.ExitStack() as held:  # _search locks --out in it until its files are written
            _search(
                scenario, space_file, overrides, top, jobs, executor, address, out, quiet, held, margin, n_tokens,
                (seeds, rank_by),
            )  # fmt: skip
    except SimclusterError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)


def _search(scenario, space_file, overrides, top, jobs, executor, address, out, quiet, held, margin=0.0, tokens=None, seeding=(None, "time")) -> None:  # noqa: ANN001
    from simcluster.config.loader import apply_overrides, load_scenario, read_yaml_mapping
    from simcluster.errors import ConfigError
    from simcluster.report.outdir import check_file_target, claim, out_folder
    from simcluster.search.driver import best_yaml, run_search
    from simcluster.search.pages import search_html
    from simcluster.search.point import BREAKDOWN_COLUMNS, SEED_COLUMNS, SUMMARY_COLUMNS
    from simcluster.search.results import write_tables
    from simcluster.search.space import AXES, load_space

    if top < 0:
        raise ConfigError("--top", top, "must be at least 0")
    check_executor(jobs, executor, address)
    try:
        loaded = load_scenario(scenario, list(overrides))
    except ConfigError as exc:
        # The search replaces the layout: a base whose own layout does not fit its model or cluster is
        # still a valid starting point (the rest of it must be valid on its own).
        if not exc.field.startswith(
            ("parallelism", "training.micro_batch", "training.global_batch", "model.layers")
        ):
            raise
        try:
            loaded = load_scenario(scenario, [*overrides, *NEUTRAL_LAYOUT])
        except ConfigError:
            raise exc from None
        overrides = (*overrides, *NEUTRAL_LAYOUT)
    n_seeds, rank_by = _seeding(loaded, *seeding, tokens)
    raw = apply_overrides(read_yaml_mapping(scenario), list(overrides))
    space = load_space(space_file, raw)
    out = held.enter_context(  # made and locked before the work, not after
        out_folder(out if out is not None else Path("out") / f"{loaded.scenario.name}-search")
    )
    claim(out, ("results.parquet", "results.csv", "search.html", "best.yaml"))
    bars = _Bars(enabled=not quiet)
    try:
        res = run_search(
            loaded, raw, space, top, jobs, executor, address, bars.simulating, bars.estimating, margin, tokens,
            n_seeds, rank_by,
        )  # fmt: skip
    finally:
        bars.close()
    extra = sorted({k for r in res.rows for k in r if k not in AXES} - set(FIRST_COLUMNS))
    lead = FIRST_COLUMNS + [a for a in AXES] + sorted({k for r in res.rows for k in r} & set(space.extra))
    est = [c for c in extra if c.startswith("est_") or c.startswith("memory_")]
    sim = [
        c
        for c in (*SUMMARY_COLUMNS, *SEED_COLUMNS, *BREAKDOWN_COLUMNS, "bubble_share", "exposed_comm_share")
        if c in extra
    ]
    columns = list(dict.fromkeys(lead + est + sim + extra))
    tmp = Path(tempfile.mkdtemp(prefix=".search-", dir=out))
    try:  # every file is complete before it replaces the old one
        write_tables(tmp, res.rows, columns)
        title = f"simcluster search: {loaded.scenario.name}"
        (tmp / "search.html").write_text(search_html(title, res.rows, res.counts))
        if res.best_scenario is not None:
            (tmp / "best.yaml").write_text(best_yaml(res.best_scenario, scenario.parent, out))
        names = sorted(f.name for f in tmp.iterdir())
        for name in names:  # checked again (the search may have run for an hour): nothing moves unless all can
            check_file_target(out / name)
        if res.best_scenario is None and (out / "best.yaml").is_file():
            (out / "best.yaml").unlink()  # an earlier search's best, no longer true
        for name in names:
            os.replace(tmp / name, out / name)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if not quiet:
        click.echo(report(loaded.scenario.name, res, top, out))


def _seeding(loaded, seeds: int | None, rank_by: str, tokens: float | None) -> tuple[int, str]:  # noqa: ANN001
    """--seeds (default simulation.seeds) checked as `run` checks it, and --rank-by that needs them."""
    from simcluster.config.limits import check_seeds
    from simcluster.errors import ConfigError
    from simcluster.simulate import can_fold

    n = loaded.scenario.simulation.seeds if seeds is None else seeds
    check_seeds(loaded.scenario, n, can_fold(loaded.scenario))
    if rank_by != "time" and n < 2:
        raise ConfigError("--rank-by", rank_by, "ranks by a statistic over seeds: give --seeds 2 or more")
    if rank_by != "time" and tokens is not None:
        raise ConfigError("--rank-by", rank_by, "--tokens ranks by expected time to train: use one or the other")
    return n, rank_by


class _Bars:
    """A progress bar for pruning and estimating, then one for the simulations (each with its own ETA)."""

    def __init__(self, enabled: bool) -> None:
        from simcluster.report.progress import Progress

        self.make = lambda label: Progress(label, enabled=enabled)
        self.bar = self.make("pruning and estimating layouts")
        self.stage = "estimating"

    def estimating(self, fraction: float) -> None:
        self.bar(fraction)

    def simulating(self, fraction: float) -> None:
        if self.stage == "estimating":
            self.bar(1.0)
            self.bar.close()
            self.bar, self.stage = self.make("simulating the best layouts"), "simulating"
        self.bar(fraction)

    def close(self) -> None:
        self.bar.close()


def report(name: str, res, top: int, out: Path) -> str:  # noqa: ANN001 - SearchOutcome
    c = res.counts
    lines = [
        f"{name}: {c['enumerated']} layouts enumerated, {c['invalid']} invalid, {c['out_of_memory']} out of "
        f"memory, {c['estimated']} estimated, {c['simulated']} simulated event by event"
        + (f", {c['failed']} failed" if c["failed"] else ""),
    ]
    for reason, n in sorted(res.invalid.items(), key=lambda x: (-x[1], x[0])):
        lines.append(f"  invalid: {n:6d}  {reason}")
    shown = [r for r in res.rows[: max(top, 1)] if r["status"] in ("simulated", "estimated")]
    w = min(90, max([len(r["label"]) for r in shown] + [6]))
    head = (
        f"{'#':>3s}  {'layout':{w}s} {'iter_s':>8s} {'seq/s':>8s} {'MFU':>6s} {'peak_GiB':>8s} "
        f"{'bubble':>7s} {'exp.comm':>8s}"
    )
    lines += ["", head]
    for r in shown:
        if r["status"] == "simulated":
            vals = (
                r["iteration_time_s"],
                r["throughput_seq_per_s"],
                f"{r['mfu'] * 100:5.1f}%",
                r["peak_memory_bytes"] / GiB,
                r["bubble_share"],
                r["exposed_comm_share"],
                f"  p05 {r['iteration_time_p05_s']:.4g} p50 {r['iteration_time_p50_s']:.4g} "
                f"p95 {r['iteration_time_p95_s']:.4g}"
                if "iteration_time_p05_s" in r
                else "",
            )
        else:
            vals = (
                r["est_iteration_time_s"],
                r["est_throughput_seq_per_s"],
                "    -",
                r["memory_model_peak_bytes"] / GiB,
                r["est_bubble_share"],
                r["est_exposed_comm_share"],
                " (estimate)",
            )
        lines.append(
            f"{r['rank']:3d}  {r['label'][:w]:{w}s} {vals[0]:8.3f} {vals[1]:8.2f} {vals[2]:>6s} {vals[3]:8.1f} "
            f"{vals[4] * 100:6.1f}% {vals[5] * 100:7.1f}%{vals[6]}"
        )  # fmt: skip
    lines.append("")
    if res.best is None:
        lines.append("no layout was simulated that fits in memory: no best.yaml")
    else:
        lines.append(f"  best           {res.best['label']}")
    lines.append(
        f"  outputs        {out}/ (results.parquet, results.csv, search.html"
        + (", best.yaml)" if res.best is not None else ")")
    )
    s = res.seconds
    lines.append(
        f"  time           enumerate {s['enumerate_s']:.1f} s, prune + estimate {s['prune_estimate_s']:.1f} s, "
        f"simulate {s['simulate_s']:.1f} s"
    )
    return "\n".join(lines)
