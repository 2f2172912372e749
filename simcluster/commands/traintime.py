"""`simcluster train-time SCENARIO --tokens N --out DIR`: the whole run's wall time and goodput under
failures, checkpoints and restarts (the scenario's `reliability` section)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import click

from simcluster.errors import ConfigError, SimclusterError


def _number(name: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ConfigError(name, text, "must be a number") from None
    if not math.isfinite(value) or value <= 0:
        raise ConfigError(name, text, "must be a finite number > 0")
    return value


def run_traintime(
    scenario: Path,
    overrides: list[str],
    tokens: str,
    iteration_time_s: str | None,
    out: str | None,
    quiet: bool,
) -> dict:
    from simcluster.config.loader import load_scenario
    from simcluster.reliability import traintime as tt
    from simcluster.report.outdir import atomic_out, check_out
    from simcluster.report.traintime import traintime_html, traintime_json

    n_tokens = tt.check_tokens(_number("tokens", tokens))
    given_it = _number("iteration_time_s", iteration_time_s) if iteration_time_s is not None else None
    if given_it is not None and given_it > tt.MAX_ITERATION_S:
        raise ConfigError("iteration_time_s", iteration_time_s, f"must be <= {tt.MAX_ITERATION_S:g} s")
    out_path = check_out(out) if out is not None else None
    loaded = load_scenario(scenario, overrides)
    sc = loaded.scenario
    if given_it is None:
        from simcluster.report.progress import Progress
        from simcluster.simulate import simulate

        with Progress("simulating one iteration", enabled=not quiet) as bar:
            given_it = simulate(loaded, progress=bar).engine.iteration_time_s
    gpus = sc.world_size
    rel = sc.reliability
    run = tt.plan(
        rel, gpus, tt.model_params(sc), n_tokens, given_it, sc.training.global_batch * sc.model.seq_len
    )
    doc = {
        "name": sc.name,
        "run": run,
        "goodput_vs_interval": tt.interval_curve(rel, gpus, run["checkpoint_write_s"]),
        "goodput_vs_gpus": tt.size_curve(rel, gpus, run["checkpoint_write_s"]),
    }
    if out_path is not None:
        with atomic_out(out_path) as d:
            (d.path / "train_time.json").write_text(traintime_json(doc), encoding="utf-8")
            (d.path / "train_time.html").write_text(traintime_html(doc), encoding="utf-8")
            d.commit()
    return doc


@click.command("train-time")
@click.argument("scenario", type=click.Path(path_type=Path))
@click.option("--tokens", required=True, metavar="N", help="token budget of the run, e.g. 15e12")
@click.option("--set", "overrides", multiple=True, metavar="PATH=VALUE", help="override a scenario field")
@click.option(
    "--iteration-time-s", default=None, metavar="S", help="use this iteration time instead of simulating one"
)
@click.option("--out", type=str, default=None, help="folder for train_time.json and train_time.html")
@click.option("--quiet", is_flag=True, help="print nothing on success")
def command(
    scenario: Path,
    tokens: str,
    overrides: tuple[str, ...],
    iteration_time_s: str | None,
    out: str | None,
    quiet: bool,
) -> None:
    """Predict the wall time and goodput of training SCENARIO on N tokens, with failures at the scenario's
    `reliability.failures_per_gpu_hour`, checkpoints every `checkpoint_interval_s` (default Young's optimum
    sqrt(2 C M)) and restarts of `restart_s` (docs/reliability.md)."""
    try:
        doc = run_traintime(scenario, list(overrides), tokens, iteration_time_s, out, quiet)
    except SimclusterError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    if quiet:
        return
    r = doc["run"]
    tau = "never" if r["checkpoint_interval_s"] is None else f"{r['checkpoint_interval_s']:.4g} s"
    mtbf = "none" if r["mtbf_s"] is None else f"{r['mtbf_s'] / 3600:.3g} h"
    click.echo(f"{doc['name']}: {r['tokens']:.4g} tokens on {r['gpus']} GPUs")
    click.echo(f"  iteration          {r['iteration_time_s']:.4g} s x {r['iterations']} iterations")
    click.echo(
        f"  checkpoint         {r['checkpoint_bytes'] / 1e12:.3g} TB in {r['checkpoint_write_s']:.3g} s, every {tau}"
    )
    click.echo(f"  time to failure    {mtbf} (expected failures {r['expected_failures']:.4g})")
    click.echo(f"  goodput            {r['goodput'] * 100:.2f}%")
    click.echo(f"  training time      {r['training_time_s'] / 86400:.4g} days")
    click.echo(f"  wall time          {r['wall_time_days']:.4g} days")
    if out is not None:
        click.echo(f"  outputs            {out}/ (train_time.json, train_time.html)")
