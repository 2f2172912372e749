"""Command line: `python -m calibrate --out DIR` (one rank, under torchrun or srun),
`python -m calibrate local --nproc N --backend gloo|nccl --out DIR` (spawns N ranks here),
`python -m calibrate analyze --out DIR` (refit existing measurements),
`python -m calibrate grid --out DIR [--dtypes bf16,fp8] [--dims ...] [--batches 1,2,4]` (a full GEMM grid on
this device, as a GEMM table `import --gemm` reads),
`python -m calibrate import FILES... [--xla-collectives FILE] [--xla-gemm FILE] [--gemm CSV] [--gemm-dtypes bf16,tf32] --out DIR`
(nccl-tests output, XLA's collective and matmul tables and GEMM tables, torch-free).

Bad input prints one line naming field, value and rule, and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from simcluster.errors import SimclusterError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(f"error: {self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--out", type=_out_dir, required=True, help="directory for CSVs, fits.json, profile.yaml, report.html"
    )
    p.add_argument("--quick", action="store_true", help="tiny sizes and few iterations (CI, smoke tests)")
    p.add_argument(
        "--resume", action="store_true", help="continue the run in --out, skipping finished points"
    )
    p.add_argument(
        "--base",
        default="auto",
        help="preset name or profile path for what is not measured (auto: by device, see docs)",
    )


def _worker_parser() -> _Parser:
    p = _Parser(prog="python -m calibrate", description="one rank of a calibration run (torchrun / srun)")
    _common(p)
    p.add_argument("--backend", default=None, help="nccl or gloo (default: nccl when CUDA is available)")
    p.add_argument(
        "--no-analyze", dest="analyze", action="store_false", help="rank 0 skips the fits at the end"
    )
    return p


def _local_parser() -> _Parser:
    p = _Parser(prog="python -m calibrate local", description="spawn N ranks on this machine")
    _common(p)
    p.add_argument("--nproc", type=int, required=True, help="number of local processes (ranks)")
    p.add_argument("--backend", default="gloo", help="gloo (CPU) or nccl (one GPU per rank)")
    return p


def _analyze_parser() -> _Parser:
    p = _Parser(prog="python -m calibrate analyze", description="refit the measurements in --out")
    p.add_argument("--out", type=_out_dir, required=True)
    p.add_argument("--base", default=None, help="preset or profile path (default: the run's base)")
    p.add_argument(
        "--attention-backend",
        choices=("flash", "cudnn", "efficient", "math"),
        default=None,
        help="the attention kernel whose measured rates the profile takes (default: flash where it ran)",
    )
    return p


def _gemm_dtypes(text: str) -> frozenset[str]:
    from simcluster.hardware.tables import GEMM_DTYPES

    names = frozenset(t.strip() for t in text.split(","))
    bad = sorted(names - set(GEMM_DTYPES))
    if bad:
        raise argparse.ArgumentTypeError(f"{bad[0]!r} is not one of {', '.join(GEMM_DTYPES)}")
    return names


def _out_dir(text: str) -> Path:
    """--out as a folder path: an empty path (which would be the working folder), a NUL, a file or a path
    under a file is refused (simcluster's `check_out`)."""
    from simcluster.errors import ConfigError
    from simcluster.report.outdir import check_out

    try:
        return check_out(text)
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(exc.rule) from None


def _at_least(low: int) -> Callable[[str], int]:
    def count(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} must be at least {low}")
        return value

    return count


def _ints(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(t) for t in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of integers") from None


def _grid_parser() -> _Parser:
    p = _Parser(
        prog="python -m calibrate grid",
        description="time a full GEMM grid (every b x m x n x k) on this device, as a GEMM table CSV",
    )
    p.add_argument("--out", type=_out_dir, required=True, help="directory for gemm_grid.csv and grid_run.json")
    p.add_argument(
        "--dtypes",
        type=_gemm_dtypes,
        default=None,
        help="comma-separated dtypes (default: bf16,fp8 on a GPU with FP8 tensor cores, bf16 on others, fp32 on a CPU)",
    )
    p.add_argument("--dims", type=_ints, default=None, help="m, n and k values (default: 256-16384 on a GPU)")
    p.add_argument("--batches", type=_ints, default=None, help="b values (default: 1,2,4; fp8 runs b = 1 only)")
    p.add_argument("--replays", type=int, default=5, help="timed graph replays per point (the median is kept)")
    p.add_argument("--quick", action="store_true", help="tiny dims (smoke tests)")
    p.add_argument("--resume", action="store_true", help="measure only the points DIR does not hold yet")
    return p


def _run_grid(a: argparse.Namespace) -> int:
    import torch

    from calibrate.bench.compute import supported_dtypes
    from calibrate.bench.grid import BATCHES, CPU_DIMS, GPU_DIMS, QUICK_DIMS, GridSpec, run_grid

    gpu = torch.cuda.is_available()
    device = torch.device("cuda", torch.cuda.current_device()) if gpu else torch.device("cpu")
    if a.dtypes is None:
        usable = supported_dtypes(device)
        order = ("bf16", "fp8") if gpu else ("fp32",)
        dtypes = tuple(d for d in order if usable.get(d) == "")
    else:
        order = ("fp32", "tf32", "fp16", "bf16", "fp8")
        dtypes = tuple(d for d in order if d in a.dtypes)
    dims = a.dims or (QUICK_DIMS if a.quick else GPU_DIMS if gpu else CPU_DIMS)
    spec = GridSpec(dtypes=dtypes, dims=dims, batches=a.batches or BATCHES, replays=a.replays)
    path = run_grid(spec, a.out, a.resume, device)
    print(f"calibrate: wrote {path} ({', '.join(dtypes)} on {device}); import it with `python -m calibrate import --gemm {path}`")
    return 0


def _import_parser() -> _Parser:
    p = _Parser(
        prog="python -m calibrate import",
        description="import nccl-tests output, XLA collective and matmul tables and GEMM tables",
    )
    p.add_argument("files", nargs="*", type=Path, help="nccl-tests outputs (text, or CSV as vTrain's)")
    p.add_argument("--gemm", action="append", type=Path, default=[], help="GEMM table CSV (repeatable)")
    p.add_argument(
        "--xla-collectives",
        action="append",
        type=Path,
        default=[],
        help="XLA collective performance table (collective_interpolator_data.h or .pbtxt; repeatable)",
    )
    p.add_argument(
        "--xla-gemm",
        action="append",
        type=Path,
        default=[],
        help="XLA matmul performance table (matmul_interpolator_data.h or .pbtxt; repeatable)",
    )
    p.add_argument("--xla-device", default="sm_90", help="the XLA tables' device key (default: sm_90)")
    p.add_argument(
        "--gemm-dtypes",
        type=_gemm_dtypes,
        default=None,
        help="comma-separated GEMM dtypes to import from --gemm and --xla-gemm (default: every one they hold)",
    )
    p.add_argument("--base", default="dgx-a100", help="preset or profile for what is not measured")
    p.add_argument("--op", default=None, help="collective of every file (default: from the file name)")
    p.add_argument("--ranks", type=_at_least(2), default=None, help="GPUs per table (default: the output's devices)")
    p.add_argument("--nodes", type=_at_least(1), default=None, help="nodes per table (default: the output's hosts)")
    p.add_argument("--out", type=_out_dir, required=True, help="new folder for profile.yaml, tables/, report")
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["local"]:
            from calibrate.launch import run_local

            a = _local_parser().parse_args(argv[1:])
            return run_local(a.nproc, a.backend, a.out, a.quick, a.resume, a.base)
        if argv[:1] == ["analyze"]:
            from calibrate.analyze import PROFILE_FILE, analyze, fit_lines

            a = _analyze_parser().parse_args(argv[1:])
            fits = analyze(a.out, a.base, a.attention_backend)
            print(f"calibrate: wrote {a.out / PROFILE_FILE}")
            print("\n".join(fit_lines(fits, a.out)))
            return 0
        if argv[:1] == ["grid"]:
            return _run_grid(_grid_parser().parse_args(argv[1:]))
        if argv[:1] == ["import"]:
            from calibrate.imports.command import run_import

            a = _import_parser().parse_args(argv[1:])
            path = run_import(
                a.files,
                a.gemm,
                a.base,
                a.out,
                a.op,
                a.ranks,
                a.nodes,
                a.xla_collectives,
                a.xla_device,
                a.xla_gemm,
                a.gemm_dtypes,
            )
            print(f"calibrate: wrote {path}")
            return 0
        a = _worker_parser().parse_args(argv)
        from calibrate.config import BACKENDS
        from calibrate.worker import WorkerArgs, run_worker

        backend = a.backend
        if backend is None:
            import torch

            backend = "nccl" if torch.cuda.is_available() else "gloo"
        if backend not in BACKENDS:
            from simcluster.errors import ConfigError

            raise ConfigError("backend", backend, f"must be one of {', '.join(BACKENDS)}")
        return run_worker(
            WorkerArgs(
                out=a.out, backend=backend, quick=a.quick, resume=a.resume, base=a.base, analyze=a.analyze
            )
        )
    except SimclusterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
