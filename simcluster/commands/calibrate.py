"""`simcluster calibrate`: measure this machine with the calibration package in local processes.

Runs `python -m calibrate local ...` in a subprocess, so the simulator itself never imports torch.
"""

from __future__ import annotations

import subprocess
import sys

import click


@click.command(name="calibrate")
@click.option("--local", "nproc", type=int, required=True, help="number of local processes to launch")
@click.option("--backend", type=click.Choice(["gloo", "nccl"]), default="gloo", show_default=True)
@click.option("--quick", is_flag=True, help="tiny sizes (seconds, for a smoke test)")
@click.option("--resume", is_flag=True, help="continue an interrupted run in DIR without repeating points")
@click.option("--base", default="auto", show_default=True, help="preset that fills what cannot be measured")
@click.option("--out", required=True)  # text, checked by check_out: click.Path would read '' as '.'
def command(nproc: int, backend: str, quick: bool, resume: bool, base: str, out: str) -> None:
    """Measure collectives, GEMMs and memory bandwidth; write profile.yaml, CSVs, fits.json, report.html.

    On a multi-node cluster run `torchrun --nnodes N --nproc-per-node G -m calibrate --out DIR` instead
    (see docs/calibration.md).
    """
    try:
        import torch  # noqa: F401
    except ImportError:
        click.echo("error: calibrate: needs torch; install with pip install -e '.[calibrate]'", err=True)
        sys.exit(2)
    from simcluster.errors import SimclusterError
    from simcluster.report.outdir import check_out

    try:
        check_out(out)
    except SimclusterError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    cmd = [
        sys.executable,
        "-m",
        "calibrate",
        "local",
        "--nproc",
        str(nproc),
        "--backend",
        backend,
        "--out",
        str(out),
        "--base",
        base,
    ]
    cmd += ["--quick"] if quick else []
    cmd += ["--resume"] if resume else []
    sys.exit(subprocess.run(cmd, check=False).returncode)
