"""`simcluster trace ...`: measured PyTorch profiler traces in, Chakra execution traces out and in."""

from __future__ import annotations

from pathlib import Path

import click


@click.group("trace")
def command() -> None:
    """Read profiler traces, compare them with a scenario, export and run Chakra traces."""


def _out(out: str):  # noqa: ANN202 - AtomicDir
    from simcluster.report.outdir import AtomicDir, check_out

    return AtomicDir(check_out(out))


def _free_bytes(out: Path) -> int | None:
    """Free bytes on the filesystem that will hold `out` (its nearest existing folder), None if unknown."""
    import shutil

    here = out.resolve()
    while not here.exists() and here != here.parent:
        here = here.parent
    try:
        return shutil.disk_usage(here if here.is_dir() else here.parent).free
    except OSError:
        return None


def _read(traces: tuple[Path, ...]) -> list:
    from simcluster.traces.kineto import read_trace

    return [read_trace(Path(t)) for t in traces]


def _warn_unknown(rank_traces: list) -> None:
    for t in rank_traces:
        n = sum(t.unknown.values())
        if n:
            click.echo(f"warning: {t.path}: {n} kernels of {len(t.unknown)} unknown names classified 'other'",
                       err=True)  # fmt: skip


@command.command("summary")
@click.argument("traces", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", required=True, help="output folder (trace_summary.json)")
def summary(traces: tuple[Path, ...], out: str) -> None:
    """Classify the GPU kernels of TRACES (.pt.trace.json[.gz], one per rank) and their idle gaps."""
    import json

    from simcluster.traces.kineto import summarize

    d = _out(out)
    try:
        ranks = _read(traces)
        data = {"ranks": [summarize(t) for t in ranks]}
        (d.path / "trace_summary.json").write_text(json.dumps(data, indent=1, allow_nan=False) + "\n")
        d.commit()
    finally:
        if not d.done:
            d.discard()
    _warn_unknown(ranks)
    for s in data["ranks"]:
        cls = ", ".join(f"{k} {v * 1e3:.1f}" for k, v in s["time_by_class_s"].items() if v)
        click.echo(f"rank {s['rank']}: {s['kernels']} kernels, span {s['span_s'] * 1e3:.1f} ms, "
                   f"GPU idle {s['gpu_idle_s'] * 1e3:.1f} ms; ms by class: {cls}")  # fmt: skip
    click.echo(f"wrote {Path(out) / 'trace_summary.json'}")


@command.command("compare")
@click.argument("args", nargs=-1, required=True, type=click.Path(path_type=Path), metavar="TRACE... SCENARIO")
@click.option("--set", "overrides", multiple=True, metavar="PATH=VALUE", help="override a scenario field")
@click.option("--out", required=True, help="output folder (trace_compare.json, trace_compare.html)")
def compare_cmd(args: tuple[Path, ...], overrides: tuple[str, ...], out: str) -> None:
    """Align each TRACE's iteration with SCENARIO's simulated one, per op class and op by op."""
    import json

    from simcluster.config.loader import load_scenario
    from simcluster.errors import ConfigError
    from simcluster.simulate import simulate
    from simcluster.traces.compare import compare, page, simulated_ops

    if len(args) < 2:
        raise ConfigError(
            "TRACE... SCENARIO", " ".join(map(str, args)), "give at least one trace and a scenario"
        )
    d = _out(out)
    try:
        ranks = _read(args[:-1])
        loaded = load_scenario(args[-1], list(overrides))
        res = simulate(loaded)
        results, pages = [], []
        for t in ranks:
            if t.rank >= res.world_size:
                raise ConfigError(
                    "TRACE", t.path, f"rank {t.rank} is outside the scenario's {res.world_size}"
                )
            sim = simulated_ops(res, t.rank)
            r = compare(t, sim, res.engine.iteration_time_s)
            results.append(r)
            pages.append(page(r, t, sim))
        (d.path / "trace_compare.json").write_text(json.dumps({"ranks": results}, indent=1, allow_nan=False)
                                                   + "\n")  # fmt: skip
        (d.path / "trace_compare.html").write_text(pages[0])
        d.commit()
    finally:
        if not d.done:
            d.discard()
    _warn_unknown(ranks)
    for r in results:
        for c in r["classes"]:
            ratio = f"{c['ratio']:.2f}x" if c["ratio"] is not None else "n/a"
            click.echo(f"rank {r['rank']} {c['class']:<11} measured {c['measured_s'] * 1e3:9.3f} ms  "
                       f"simulated {c['simulated_s'] * 1e3:9.3f} ms  ({ratio})")  # fmt: skip
    click.echo(f"wrote {Path(out) / 'trace_compare.json'} and trace_compare.html")


@command.command("export-chakra")
@click.argument("scenario", type=click.Path(path_type=Path))
@click.option("--set", "overrides", multiple=True, metavar="PATH=VALUE", help="override a scenario field")
@click.option("--out", required=True, help="output folder (simcluster.<rank>.et, comm_group.json)")
def export_chakra(scenario: Path, overrides: tuple[str, ...], out: str) -> None:
    """Write every rank's program of SCENARIO as a Chakra execution trace (one .et per rank)."""
    from simcluster.config.loader import load_scenario
    from simcluster.errors import ConfigError
    from simcluster.traces import chakra
    from simcluster.traces.replay import unfolded_program

    loaded = load_scenario(scenario, list(overrides))
    nodes, size = chakra.export_estimate(loaded.scenario)
    free = _free_bytes(Path(out))
    if free is not None and size > free:
        raise ConfigError(
            "--out",
            out,
            f"about {nodes:,.0f} Chakra nodes ({size / 1e9:,.1f} GB of .et files) would not fit in the "
            f"{free / 1e9:,.1f} GB free there",
        )
    big = nodes >= chakra.LARGE_EXPORT_NODES
    if big:
        click.echo(f"exporting about {nodes / 1e6:,.1f} million nodes ({size / 1e9:,.1f} GB)", err=True)
    steps = unfolded_program(loaded).steps
    mine = {f"simcluster.{r}.et" for r in steps}
    stale = sorted(p.name for p in Path(out).glob("*.et") if p.name not in mine) if Path(out).is_dir() else []
    if stale:  # another export's ranks would be read back with these (never deleted: not written by this run)
        raise ConfigError(
            "--out", out, f"holds {stale[0]} ({len(stale)} .et files) of another export; use another folder"
        )
    d = _out(out)
    try:
        tenth = max(1, len(steps) // 10)

        def progress(done: int, total: int) -> None:
            if big and (done % tenth == 0 or done == total):
                click.echo(f"  {done:,} of {total:,} ranks written", err=True)

        written = chakra.export(steps, d.path, progress=progress)
        d.commit()
    finally:
        if not d.done:
            d.discard()
    click.echo(f"wrote {len(written) - 1} Chakra traces and comm_group.json to {out}")


@command.command("run-chakra")
@click.argument("folder", type=click.Path(path_type=Path))
@click.argument("scenario", type=click.Path(path_type=Path))
@click.option("--set", "overrides", multiple=True, metavar="PATH=VALUE", help="override a scenario field")
def run_chakra(folder: Path, scenario: Path, overrides: tuple[str, ...]) -> None:
    """Run the Chakra traces in FOLDER (<prefix>.<rank>.et, comm_group.json) on SCENARIO's cluster."""
    from simcluster.config.loader import load_scenario
    from simcluster.traces import chakra
    from simcluster.traces.replay import run_steps

    steps = chakra.import_dir(folder)
    loaded = load_scenario(scenario, list(overrides))
    res = run_steps(loaded, steps, field="FOLDER")
    click.echo(f"{len(steps)} ranks, iteration time {res.iteration_time_s:.6f} s")
