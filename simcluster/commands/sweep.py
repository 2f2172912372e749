"""`simcluster sweep SWEEP.yaml`: run many scenarios (a grid, zip or random sample of overrides)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from simcluster.commands.options import check_executor, executor_options, out_options
from simcluster.errors import SimclusterError
from simcluster.report.outdir import claim, out_folder, write_file_atomic


@click.command("sweep")
@click.argument("sweep_file", metavar="SWEEP", type=click.Path(dir_okay=False, path_type=Path))
@executor_options
@click.option("--resume", is_flag=True, help="skip points whose scenario already has a result in --out")
@out_options
def command(
    sweep_file: Path,
    jobs: int | None,
    executor: str,
    address: str | None,
    resume: bool,
    out: str | None,
    quiet: bool,
) -> None:
    """Simulate every point of SWEEP (one `simcluster run` each); results stream to --out/results.parquet
    as points finish, with results.csv and sweep.html at the end."""
    try:
        _sweep(sweep_file, jobs, executor, address, resume, out, quiet)
    except SimclusterError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)


def _sweep(sweep_file, jobs, executor, address, resume, out, quiet) -> None:  # noqa: ANN001
    from simcluster.report.progress import Progress
    from simcluster.search.pages import sweep_html
    from simcluster.search.sweeper import run_sweep
    from simcluster.search.sweepfile import load_sweep

    check_executor(jobs, executor, address)
    sweep = load_sweep(sweep_file)
    with out_folder(out if out is not None else Path("out") / f"{sweep.name}-sweep") as out:
        claim(out, ("results.parquet", "results.csv", "sweep.html"))  # before the points run, not after
        try:
            with Progress(f"sweep {sweep.name}", enabled=not quiet) as bar:
                rows, skipped = run_sweep(sweep, out, jobs, executor, address, resume, progress=bar)
        except KeyboardInterrupt:
            click.echo(
                f"interrupted: the points finished so far are kept in {out}/; add --resume to go on", err=True
            )
            sys.exit(130)
        html = sweep_html(f"simcluster sweep: {sweep.name}", rows, sweep.axes)
        write_file_atomic(out / "sweep.html", lambda p: p.write_text(html))
    if not quiet:
        click.echo(report(sweep, rows, skipped, out))


def report(sweep, rows: list[dict], skipped: int, out: Path) -> str:  # noqa: ANN001 - Sweep
    failed = [r for r in rows if r.get("error")]
    lines = [
        f"{sweep.name}: {len(sweep.points)} points, {len(rows) - len(failed)} ok, {len(failed)} failed"
        + (f", {skipped} already done (resumed)" if skipped else "")
    ]
    axes = sweep.axes
    width = max([len(", ".join(f"{a.split('.')[-1]}={r.get(a)}" for a in axes)) for r in rows] + [10])
    width = min(width, 60)
    lines.append(f"{'#':>4s}  {'point':{width}s} {'iter_s':>9s} {'seq/s':>9s} {'MFU':>6s} {'peak_GiB':>8s}")
    for r in rows:
        label = ", ".join(f"{a.split('.')[-1]}={r.get(a)}" for a in axes)[:width]
        if r.get("error"):
            lines.append(f"{r['point']:4d}  {label:{width}s} failed: {r['error']}")
        else:
            lines.append(
                f"{r['point']:4d}  {label:{width}s} {r['iteration_time_s']:9.4f} {r['throughput_seq_per_s']:9.2f} "
                f"{r['mfu'] * 100:5.1f}% {r['peak_memory_bytes'] / 1024**3:8.2f}"
            )
    from simcluster.search.pages import sweep_warnings

    lines += [f"  warning: {w}" for w in sweep_warnings(rows)]
    lines.append(f"  outputs        {out}/ (results.parquet, results.csv, sweep.html)")
    return "\n".join(lines)
