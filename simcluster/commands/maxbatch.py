"""`simcluster maxbatch SCENARIO`: the largest global batch that fits in GPU memory, and its breakdown."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from simcluster.commands.options import memory_margin_option, parse_margin
from simcluster.errors import SimclusterError

GiB = 1024**3


@click.command("maxbatch")
@click.argument("scenario", type=click.Path(path_type=Path))
@click.option("--set", "overrides", multiple=True, metavar="PATH=VALUE", help="override a scenario field")
@memory_margin_option
def command(scenario: Path, overrides: tuple[str, ...], memory_margin: str) -> None:
    """Print the largest global batch of SCENARIO that fits in memory (memory model only, no simulation):
    the micro-batch grows, data-parallel size and micro-batch count stay fixed. With --memory-margin, that
    share of the GPU's memory is kept free."""
    from simcluster.config.loader import load_scenario
    from simcluster.memory.maxbatch import fit

    try:
        margin = parse_margin(memory_margin)
        loaded = load_scenario(scenario, list(overrides))
        res = fit(loaded, margin)
    except SimclusterError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    sc = loaded.scenario
    mem = res.memory
    if res.global_batch == 0:
        click.echo(
            f"{sc.name}: no batch fits: the smallest micro-batch needs {mem.total / GiB:.2f} GiB "
            f"of {res.capacity_bytes / GiB:.0f} GiB"
        )
    else:
        click.echo(
            f"{sc.name}: largest global batch that fits: {res.global_batch} (micro_batch {res.micro_batch} x "
            f"data {sc.parallelism.data} x {sc.microbatches} micro-batches)"
        )
    for key, value in mem.as_dict().items():
        click.echo(f"  {key + '_GiB':17s}{value / GiB:9.2f}")
    note = f"  (GPU memory less the {margin * 100:g}% margin)" if margin else ""
    click.echo(f"  {'capacity_GiB':17s}{res.capacity_bytes / GiB:9.2f}{note}")
