"""A full GEMM grid (every b x m x n x k of the listed values, per dtype) timed kernel by kernel, written as the
GEMM table CSV that `python -m calibrate import --gemm` reads and a profile's `tables.gemm` holds.

The layer benchmarks (`compute.py`) time a model's own shapes; a profile's table needs a full grid to
interpolate in (simcluster.hardware.tables). Each point is timed as kernels back to back without the host in
between: on a GPU `reps` calls are captured in a CUDA graph and replayed (the median of `replays` replays,
divided by `reps`), so a 5 us GEMM is not read as the ~10 us Python takes to launch it. Where capture fails the
calls run eagerly between CUDA events, and the row says so (`method`).
"""

from __future__ import annotations

import platform
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import torch

from calibrate.bench.compute import FP8_ALIGN, TORCH_DTYPES, fp8_step, supported_dtypes
from calibrate.results import GRID, CsvLog, done_keys, failure_status, read_table
from calibrate.runinfo import read_runs, write_runs
from calibrate.runtime import time_kernels
from simcluster.errors import ConfigError

RUN_FILE = "grid_run.json"
RUN_FORMAT = "calibrate-grid/1"
GPU_DIMS = (256, 512, 1024, 2048, 4096, 8192, 16384)
CPU_DIMS = (32, 64, 128, 256)
QUICK_DIMS = (16, 32, 64)
BATCHES = (1, 2, 4)
MAX_DIM = 65536


@dataclass(frozen=True, kw_only=True)
class GridSpec:
    dtypes: tuple[str, ...]
    dims: tuple[int, ...]
    batches: tuple[int, ...]
    replays: int = 5

    def points(self) -> list[tuple[int, int, int, int, str]]:
        """(b, m, n, k, dtype) in measuring order: batch, then dtype, then shape (fp8 unbatched only)."""
        return [
            (b, m, n, k, d)
            for b in self.batches
            for d in self.dtypes
            if not (d == "fp8" and b > 1)
            for m in self.dims
            for n in self.dims
            for k in self.dims
        ]


def check_spec(spec: GridSpec) -> None:
    """One-line errors naming the option, the value and the rule."""
    from simcluster.hardware.tables import GEMM_DTYPES

    for d in spec.dtypes:
        if d not in GEMM_DTYPES:
            raise ConfigError("dtypes", d, f"must be one of {', '.join(GEMM_DTYPES)}")
    if not spec.dtypes:
        raise ConfigError("dtypes", "", "must name at least one dtype")
    for name, values in (("dims", spec.dims), ("batches", spec.batches)):
        if not values:
            raise ConfigError(name, "", "must list at least one value")
        for v in values:
            if not 1 <= v <= MAX_DIM:
                raise ConfigError(name, v, f"must be between 1 and {MAX_DIM}")
        if len(set(values)) != len(values):
            raise ConfigError(name, ",".join(map(str, values)), "must not repeat a value")
    if "fp8" in spec.dtypes:
        bad = [d for d in spec.dims if d % FP8_ALIGN]
        if bad:
            raise ConfigError("dims", bad[0], f"must be a multiple of {FP8_ALIGN} for fp8 GEMMs")
        if 1 not in spec.batches:
            raise ConfigError("batches", ",".join(map(str, spec.batches)), "must hold 1 for fp8 GEMMs")
    if spec.replays < 1:
        raise ConfigError("replays", spec.replays, "must be >= 1")


class _Operands:
    """Flat buffers per dtype, filled once with normal values, viewed per shape (no allocation per point)."""

    def __init__(self, spec: GridSpec, device: torch.device) -> None:
        self.device = device
        top_b, top = max(spec.batches), max(spec.dims)
        self.size = top_b * top * top
        self._bufs: dict[str, tuple[torch.Tensor, torch.Tensor, torch.Tensor]] = {}
        self._gen = torch.Generator(device=device).manual_seed(0)

    def _fill(self, dtype: str) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        if dtype not in self._bufs:
            self._bufs.clear()  # one dtype's buffers at a time
            if self.device.type == "cuda":
                torch.cuda.empty_cache()
            size = self.size
            if dtype == "fp8":
                a = self._rand(size, torch.bfloat16).to(torch.float8_e4m3fn)
                b = self._rand(size, torch.bfloat16).to(torch.float8_e4m3fn)
                out = torch.empty(size, device=self.device, dtype=torch.bfloat16)
            else:
                kind = TORCH_DTYPES[dtype]
                a, b = self._rand(size, kind), self._rand(size, kind)
                out = torch.empty(size, device=self.device, dtype=kind)
            self._bufs[dtype] = (a, b, out)
        return self._bufs[dtype]

    def _rand(self, size: int, kind: torch.dtype) -> torch.Tensor:
        return torch.randn(size, device=self.device, dtype=kind, generator=self._gen)

    def step(self, b: int, m: int, n: int, k: int, dtype: str) -> Callable[[], object]:
        a, w, out = self._fill(dtype)
        if dtype == "fp8":  # column-major B: the TN kernel cuBLASLt runs in FP8
            return fp8_step(a[: m * k].view(m, k), w[: n * k].view(n, k).t())
        x = a[: b * m * k].view(b, m, k)
        y = w[: b * k * n].view(b, k, n)
        c = out[: b * m * n].view(b, m, n)
        if b == 1:
            x2, y2, c2 = x[0], y[0], c[0]
            return lambda: torch.mm(x2, y2, out=c2)
        return lambda: torch.bmm(x, y, out=c)


def _device_info(device: torch.device) -> dict[str, object]:
    info: dict[str, object] = {
        "torch": torch.__version__,
        "python": sys.version.split()[0],
        "host": platform.node(),
        "device": str(device),
    }
    if device.type == "cuda":
        props = torch.cuda.get_device_properties(device)
        info |= {
            "gpu": props.name,
            "capability": list(torch.cuda.get_device_capability(device)),
            "sms": props.multi_processor_count,
            "memory_GiB": round(props.total_memory / 1024**3, 1),
            "cuda": torch.version.cuda,
        }
    else:
        info |= {"cpu": platform.processor() or platform.machine(), "threads": torch.get_num_threads()}
    return info


def run_grid(spec: GridSpec, out_dir: Path, resume: bool, device: torch.device | None = None) -> Path:
    """Measure every point of `spec` not already in DIR/gemm_grid.csv; returns that file. Rows are appended and
    flushed one by one, so a killed run keeps what it measured (`resume` measures the rest)."""
    check_spec(spec)
    if out_dir.exists() and not out_dir.is_dir():
        raise ConfigError("out", str(out_dir), "exists and is not a directory")
    csv_path = out_dir / GRID.filename
    held = [p.name for p in (csv_path, out_dir / RUN_FILE) if p.exists() or p.is_symlink()]
    if held and not resume:
        raise ConfigError(
            "out", str(out_dir), f"already holds {', '.join(held)}; pass --resume or choose an empty directory"
        )
    if device is None:
        device = torch.device("cuda", torch.cuda.current_device()) if torch.cuda.is_available() else torch.device("cpu")
    usable = supported_dtypes(device)
    for d in spec.dtypes:
        if usable.get(d, f"unsupported: {d} on {device.type}"):
            raise ConfigError("dtypes", d, f"cannot run here ({usable.get(d) or 'not a ' + device.type + ' dtype'})")
    out_dir.mkdir(parents=True, exist_ok=True)
    done = done_keys(read_table(out_dir, GRID), GRID) if resume else set()
    runs = read_runs(out_dir, RUN_FILE, RUN_FORMAT) if resume else []
    run = {"spec": {"dtypes": list(spec.dtypes), "dims": list(spec.dims), "batches": list(spec.batches)}}
    run |= _device_info(device)
    runs.append(run)
    write_runs(out_dir, runs, RUN_FILE, RUN_FORMAT)
    log = CsvLog(out_dir, GRID)
    operands = _Operands(spec, device)
    failed = 0
    try:
        for b, m, n, k, dtype in spec.points():
            if (b, m, n, k, dtype) in done:
                continue
            if device.type == "cuda":
                torch.backends.cuda.matmul.allow_tf32 = dtype == "tf32"
            try:
                times, reps, method = time_kernels(operands.step(b, m, n, k, dtype), device, spec.replays)
                seconds = statistics.median(times)
            except RuntimeError as exc:  # out of memory, an unsupported shape: said, the grid goes on
                failed += 1
                print(f"calibrate grid: {b}x{m}x{n}x{k} {dtype}: {failure_status('error', exc)}", file=sys.stderr)
                continue
            log.write(
                b=b,
                m=m,
                n=n,
                k=k,
                dtype=dtype,
                time_us=seconds * 1e6,
                tflops=2.0 * b * m * n * k / seconds / 1e12,
                reps=reps,
                method=method,
                status="ok",
            )
    finally:
        log.close()
        if device.type == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = False
    if failed:
        raise ConfigError(
            "grid", f"{failed} point(s)", f"failed (above); the grid in {csv_path} is incomplete: rerun with --resume"
        )
    return csv_path
