"""`simcluster compare A.yaml B.yaml ... --out DIR`: simulate several scenarios and compare them side by side."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from simcluster.errors import ConfigError, SimclusterError


def _labels(names: list[str]) -> list[str]:
    """Scenario names, made unique with '#k' where two are the same."""
    out = []
    for k, n in enumerate(names):
        out.append(n if names.count(n) == 1 else f"{n} #{k + 1}")
    return out


def _write_atomically(out: Path, files: dict[str, str]) -> None:
    from simcluster.report.outdir import atomic_out

    with atomic_out(out) as d:
        for name, text in files.items():
            (d.path / name).write_text(text, encoding="utf-8")
        d.commit()


def run_compare(paths: list[Path], overrides: list[str], out: Path | str, quiet: bool = False) -> dict:
    """Load every scenario first (so a bad one fails before any simulation), simulate, write the outputs."""
    from simcluster.config.loader import load_scenario
    from simcluster.report.compare import compare_doc, compare_html, compare_json, scenario_record
    from simcluster.report.progress import Progress
    from simcluster.simulate import simulate

    if len(paths) < 2:
        raise ConfigError("scenarios", len(paths), "compare needs at least 2 scenario files")
    loaded = [load_scenario(p, overrides) for p in paths]
    from simcluster.report.outdir import check_out

    out = check_out(str(out))  # before simulating: a bad --out fails now
    labels = _labels([ld.scenario.name for ld in loaded])
    records = []
    n = len(loaded)
    with Progress(f"comparing {n} scenarios", enabled=not quiet) as bar:
        for k, (p, ld) in enumerate(zip(paths, loaded)):
            res = simulate(ld, progress=lambda f, k=k: bar((k + f) / n))
            records.append(scenario_record(labels[k], str(p), res))
            records[-1].update(_seed_columns(ld))
            bar((k + 1) / n)
    doc = compare_doc(records)
    _write_atomically(out, {"compare.json": compare_json(doc), "compare.html": compare_html(doc)})
    return doc


def _seed_columns(loaded) -> dict:  # noqa: ANN001 - LoadedScenario
    """`seeds` and the iteration time's p05 .. stdev over them, for a scenario with simulation.seeds > 1
    (run on the process pool, as `run --seeds`); `seeds: null` otherwise."""
    n = loaded.scenario.simulation.seeds
    if n < 2:
        return {"seeds": None}
    from simcluster.reliability import seeds as many

    block = many.summary_block(many.run_seeds(loaded, n))
    return {"seeds": n, **{f"iteration_time_{k}": v for k, v in block["iteration_time"].items()}}


@click.command("compare")
@click.argument("scenarios", nargs=-1, type=click.Path(path_type=Path))
@click.option("--out", required=True, help="output folder")  # text: click.Path would read '' as '.'
@click.option(
    "--set", "overrides", multiple=True, metavar="PATH=VALUE", help="override a field in every scenario"
)
@click.option("--quiet", is_flag=True, help="print nothing on success")
def command(scenarios: tuple[Path, ...], out: str, overrides: tuple[str, ...], quiet: bool) -> None:
    """Simulate each SCENARIO and write DIR/compare.html and DIR/compare.json side by side."""
    try:
        doc = run_compare(list(scenarios), list(overrides), out, quiet)
    except SimclusterError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    if quiet:
        return
    gib = 1024**3
    click.echo(
        f"{'scenario':32s} {'GPUs':>6s} {'layout (t p d mb B)':>20s} {'iteration ms':>13s} {'seq/s':>9s} "
        f"{'MFU %':>6s} {'memory GiB':>11s}"
    )
    for r in doc["scenarios"]:
        fits = "" if r["fits_in_memory"] else "  OUT OF MEMORY"
        lay = r["layout"]
        cols = f"{lay['tensor']} {lay['pipeline']} {lay['data']} {lay['micro_batch']} {lay['global_batch']}"
        click.echo(
            f"{r['label'][:32]:32s} {r['world_size']:6d} {cols:>20s} {r['iteration_time_s'] * 1e3:13.2f} "
            f"{r['throughput_seq_per_s']:9.3f} {r['mfu'] * 100:6.1f} {r['peak_memory_bytes'] / gib:11.2f}{fits}"
        )
    for w in doc["warnings"]:
        click.echo(f"  warning: {w}")
    sc = doc["scaling"]
    if sc["kind"]:
        eff = ", ".join(f"{p['world_size']}: {p['efficiency'] * 100:.1f}%" for p in sc["points"])
        click.echo(f"  {sc['kind']} scaling efficiency  {eff}")
    else:
        click.echo(f"  no scaling chart: {sc['reason']}")
    click.echo(f"  outputs        {out}/ (compare.html, compare.json)")
