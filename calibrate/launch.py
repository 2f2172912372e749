"""`python -m calibrate local`: spawn N worker processes on this machine (env:// rendezvous on 127.0.0.1),
wait for them, then fit what they measured. Needs no torch itself unless the backend is nccl.

Like torchrun, it sets OMP_NUM_THREADS=1 for the ranks unless the caller set it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import calibrate
from calibrate.analyze import PROFILE_FILE, analyze, fit_lines
from calibrate.config import BACKENDS
from calibrate.missing import missing_report
from calibrate.results import COLLECTIVES
from calibrate.runinfo import check_out_dir
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile

GRACE_S = 30.0  # how long the other ranks get to notice a dead rank and write their rows
GRACE_ENV = "CALIBRATE_GRACE_S"  # overrides GRACE_S (tests)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def validate_local(nproc: int, backend: str, out: Path, quick: bool, resume: bool, base: str) -> None:
    """Raise ConfigError (field, value, rule) for input that cannot run; touches nothing."""
    if nproc < 1:
        raise ConfigError("nproc", nproc, "must be >= 1")
    if backend not in BACKENDS:
        raise ConfigError("backend", backend, f"must be one of {', '.join(BACKENDS)}")
    if base != "auto":
        load_profile(base, field="base")
    if backend == "nccl":
        import torch  # only here: the gloo launcher runs without importing torch

        found = torch.cuda.device_count()
        if found < nproc:
            raise ConfigError(
                "backend", backend, f"needs nproc={nproc} CUDA devices; this machine has {found}"
            )
    check_out_dir(out, resume, {"world_size": nproc, "backend": backend, "quick": quick})


def _worker_command(out: Path, backend: str, quick: bool, resume: bool, base: str) -> list[str]:
    cmd = [
        sys.executable,
        "-m",
        "calibrate",
        "--out",
        str(out),
        "--backend",
        backend,
        "--base",
        base,
        "--no-analyze",
    ]
    return cmd + (["--quick"] if quick else []) + (["--resume"] if resume else [])


def _wait(procs: list[subprocess.Popen]) -> list[int]:
    """Exit codes of all ranks; once one fails, the others get GRACE_S, then are stopped."""
    deadline = None
    grace = float(os.environ.get(GRACE_ENV, GRACE_S))
    while any(p.poll() is None for p in procs):
        if deadline is None and any(p.returncode not in (None, 0) for p in procs):
            deadline = time.monotonic() + grace
        if deadline is not None and time.monotonic() > deadline:
            for p in procs:
                if p.poll() is None:
                    p.terminate()
            for p in procs:
                try:
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    p.kill()
            break
        time.sleep(0.05)
    return [p.wait() for p in procs]


def run_local(nproc: int, backend: str, out: Path, quick: bool, resume: bool, base: str) -> int:
    """Run a calibration with `nproc` local ranks into `out`; 0 when every rank finished, 1 when some failed
    (what was measured is kept and fitted; rerun with resume=True to finish). Bad input raises ConfigError."""
    out = Path(out)
    validate_local(nproc, backend, out, quick, resume, base)
    logs = out / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    root = str(Path(calibrate.__file__).resolve().parent.parent)
    env = {
        "OMP_NUM_THREADS": "1",
        **os.environ,
        "MASTER_ADDR": "127.0.0.1",
        "MASTER_PORT": str(free_port()),
        "WORLD_SIZE": str(nproc),
        "LOCAL_WORLD_SIZE": str(nproc),
        "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p),
    }
    procs = []
    for rank in range(nproc):
        with (logs / f"rank{rank}.log").open("a") as log:
            procs.append(
                subprocess.Popen(
                    _worker_command(out, backend, quick, resume, base),
                    env={**env, "RANK": str(rank), "LOCAL_RANK": str(rank)},
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
    codes = _wait(procs)
    if codes[0] == 2:  # rank 0 refused the input; its one-line reason is the last line of its log
        lines = (logs / "rank0.log").read_text().strip().splitlines()
        print(lines[-1] if lines else "error: rank 0 rejected the input", file=sys.stderr)
        return 2
    for rank, code in enumerate(codes):
        if code != 0:
            print(
                f"calibrate: rank {rank} exited with code {code} (see {logs / f'rank{rank}.log'})",
                file=sys.stderr,
            )
    if not (out / COLLECTIVES.filename).exists():
        print(f"calibrate: no measurements were written to {out}", file=sys.stderr)
        return 1
    fits = analyze(out, None if base == "auto" else base)
    counts = fits["status_counts"]
    print(
        f"calibrate: {nproc} rank(s), backend {backend}: collectives {counts['collectives']}, "
        f"gemm {counts['gemm']}, memory {counts['memory']}, attention {counts.get('attention', {})}; "
        f"wrote {out / PROFILE_FILE}"
    )
    print("\n".join(fit_lines(fits, out)))
    report = missing_report(out)
    if report:
        print(report, file=sys.stderr)
    return 0 if all(code == 0 for code in codes) and not report else 1
