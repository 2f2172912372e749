"""`simcluster collective OP`: the simulated nccl-tests of a cluster.

Runs one collective on G GPUs of N nodes through the real engine and flow model (one op per rank) and
prints time, algbw and busbw with nccl-tests' definitions (algbw = size / time, busbw = algbw x factor:
2(n-1)/n all-reduce, (n-1)/n all-gather and reduce-scatter, 1 otherwise), so simulated numbers can be held
against measured nccl-tests output.
"""

from __future__ import annotations

import json
import re
import sys

import click

from simcluster.errors import ConfigError, SimclusterError
from simcluster.nccl_tests import MAX_SIZE_BYTES, run_collective

_UNITS = {"": 1, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12}
_UNITS |= {"kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40, "k": 2**10, "m": 2**20, "g": 2**30}


def parse_size(text: str, field: str = "--size") -> int:
    """Bytes from `256MiB`, `8KiB`, `1GB`, `1.5GiB` or plain bytes; must be a whole number > 0."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([A-Za-z]*)\s*", text)
    unit = m.group(2).lower() if m else ""
    if m is None or unit not in _UNITS:
        raise ConfigError(field, text, "must be a size like 256MiB, 8KiB, 1GB or plain bytes")
    value = float(m.group(1)) * _UNITS[unit]
    if not value <= MAX_SIZE_BYTES:
        raise ConfigError(field, text, f"must be at most {MAX_SIZE_BYTES} bytes (1 PiB)")
    if value <= 0 or value != int(value):
        raise ConfigError(field, text, "must be a whole number of bytes > 0")
    return int(value)


def _positive_int(text: str, field: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ConfigError(field, text, "must be an integer") from None
    if value <= 0:
        raise ConfigError(field, text, "must be > 0")
    return value


@click.command("collective")
@click.argument("op")
@click.option("--hardware", required=True, help="preset name (dgx-a100, ...) or profile YAML path")
@click.option("--nodes", required=True, help="number of nodes")
@click.option("--gpus", default=None, help="GPUs taking part (default: all GPUs of the nodes), placed naive")
@click.option("--size", required=True, help="bytes, nccl-tests' convention: 256MiB, 8KiB, 1GB, 1024")
@click.option("--algorithm", default="auto", show_default=True, help="auto, ring, tree, hierarchical, p2p")
@click.option("--json", "as_json", is_flag=True, help="print only {time_s, algbw_GBps, busbw_GBps, source}")
def command(
    op: str, hardware: str, nodes: str, gpus: str | None, size: str, algorithm: str, as_json: bool
) -> None:
    """Simulate one collective OP (allreduce|allgather|reducescatter|broadcast|reduce|sendrecv|alltoall), as
    nccl-tests would measure it."""
    try:
        nbytes = parse_size(size)
        out = run_collective(
            op,
            hardware,
            _positive_int(nodes, "--nodes"),
            None if gpus is None else _positive_int(gpus, "--gpus"),
            nbytes,
            algorithm,
        )
    except SimclusterError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    if as_json:
        keys = ("time_s", "algbw_GBps", "busbw_GBps", "source")
        click.echo(json.dumps({k: out[k] for k in keys}))
        return
    click.echo(
        f"{op} of {nbytes} B on {out['gpus']} GPUs ({nodes} x {out['hardware']}), algorithm {out['algorithm']}"
    )
    click.echo(f"  time    {out['time_s'] * 1e6:12.2f} us")
    click.echo(f"  algbw   {out['algbw_GBps']:12.2f} GB/s")
    click.echo(f"  busbw   {out['busbw_GBps']:12.2f} GB/s")
    click.echo(f"  source  {out['source']}")
