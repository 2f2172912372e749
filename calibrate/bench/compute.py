"""GEMM (forward and backward layouts) and device-copy benchmarks on one device (rank 0), appended to
gemm.csv and memory.csv."""

from __future__ import annotations

import torch

from calibrate.config import DTYPES_CPU, DTYPES_GPU, BenchConfig
from calibrate.results import CsvLog, failure_status
from calibrate.runtime import spread, time_kernels, warm_and_time
from calibrate.shapes import GemmShape, Layout, layer_gemms, square_gemms, validate_model

TORCH_DTYPES = {"fp32": torch.float32, "tf32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}
FP8_ALIGN = 16  # cuBLASLt's FP8 GEMMs take dimensions that are multiples of 16
FP8_MIN_CAPABILITY = (8, 9)  # Ada and Hopper and later have FP8 tensor cores


def fp8_why_not(shape: GemmShape, layout: Layout) -> str:
    """Why `shape` in `layout` is not measured in FP8, or '' when it is. torch._scaled_mm runs one unbatched
    TN GEMM (A row-major, B column-major) with per-tensor scales, as Transformer Engine and torchao's linears
    do, so only the forward layout of single GEMMs whose sides are multiples of 16 is timed: the backward
    layouts run the same kernel after their operands' transposed copies (which the FP8 casts write)."""
    if layout != "nn":
        return "unsupported: fp8 is timed in the forward layout (the same TN kernel runs every layout)"
    if shape.batch > 1:
        return "unsupported: fp8 has no batched GEMM in torch._scaled_mm"
    if any(d % FP8_ALIGN for d in (shape.m, shape.n, shape.k)):
        return f"unsupported: fp8 GEMM sides must be multiples of {FP8_ALIGN}"
    return ""


def fp8_step(a: torch.Tensor, b: torch.Tensor):
    """One FP8 GEMM A[m,k] (e4m3, row-major) x B[k,n] (e4m3, column-major) -> bf16, per-tensor scales 1."""
    one = torch.ones((), device=a.device, dtype=torch.float32)

    def step():
        out = torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
        return out[0] if isinstance(out, tuple) else out  # torch < 2.4 also returned the output's amax

    return step


def _fp8_mm(m: int, n: int, k: int, device: torch.device, gen: torch.Generator):
    """`fp8_step` over normal operands drawn from `gen`."""
    a = torch.randn(m, k, generator=gen).to(device=device, dtype=torch.float8_e4m3fn)
    b = torch.randn(n, k, generator=gen).to(device=device, dtype=torch.float8_e4m3fn).t()
    return fp8_step(a, b)


def _use_tf32(device: torch.device, on: bool) -> None:
    if device.type == "cuda":
        torch.backends.cuda.matmul.allow_tf32 = on


def supported_dtypes(device: torch.device) -> dict[str, str]:
    """dtype -> '' when a tiny matmul runs, else the reason it does not."""
    names = DTYPES_GPU if device.type == "cuda" else DTYPES_CPU
    out: dict[str, str] = {}
    for name in names:
        if name == "bf16" and device.type == "cuda" and not torch.cuda.is_bf16_supported():
            out[name] = "unsupported: bf16 on this GPU"
            continue
        if name == "fp8":
            out[name] = _fp8_supported(device)
            continue
        try:
            a = torch.ones(8, 8, dtype=TORCH_DTYPES[name], device=device)
            (a @ a).sum().item()
            out[name] = ""
        except (RuntimeError, TypeError) as exc:
            out[name] = failure_status("unsupported", exc)
    return out


def _fp8_supported(device: torch.device) -> str:
    """'' when FP8 GEMMs run on `device` (a CUDA GPU of compute capability 8.9 or later), else why not."""
    if device.type != "cuda":
        return "unsupported: fp8 GEMMs need a CUDA GPU"
    if torch.cuda.get_device_capability(device) < FP8_MIN_CAPABILITY or not hasattr(torch, "_scaled_mm"):
        return "unsupported: fp8 GEMMs need compute capability 8.9 and torch._scaled_mm"
    try:
        _fp8_mm(16, 16, 16, device, torch.Generator(device="cpu").manual_seed(0))().sum().item()
    except (RuntimeError, TypeError) as exc:
        return failure_status("unsupported", exc)
    return ""


def gemm_shapes(cfg: BenchConfig) -> list[GemmShape]:
    shapes = square_gemms(cfg.gemm_square_dims)
    for model in cfg.gemm_models:
        validate_model(model)
        shapes += layer_gemms(model)
    return shapes


def _gemm_step(shape: GemmShape, layout: Layout, dtype: str, device: torch.device):
    """One GEMM of `shape` in `layout`, into a preallocated output: nn is A @ B, nt (dgrad) is
    dC @ B.t() with B stored [k,n], tn (wgrad) is A.t() @ dC with A stored [m,k]."""
    gen = torch.Generator(device="cpu").manual_seed(0)
    if dtype == "fp8":
        return _fp8_mm(shape.m, shape.n, shape.k, device, gen)
    lead = (shape.batch,) if shape.batch > 1 else ()
    kind = TORCH_DTYPES[dtype]

    def rand(rows: int, cols: int) -> torch.Tensor:
        return torch.randn(*lead, rows, cols, generator=gen).to(device=device, dtype=kind)

    m, n, k = shape.m, shape.n, shape.k
    if layout == "nn":
        x, y, out_rows, out_cols = rand(m, k), rand(k, n), m, n
    elif layout == "nt":
        x, y, out_rows, out_cols = rand(m, n), rand(k, n).transpose(-2, -1), m, k
    else:
        x, y, out_rows, out_cols = rand(m, k).transpose(-2, -1), rand(m, n), k, n
    out = torch.empty(*lead, out_rows, out_cols, device=device, dtype=kind)
    if shape.batch > 1:
        return lambda: torch.bmm(x, y, out=out)
    return lambda: torch.mm(x, y, out=out)  # torch.matmul of 2-D operands, without allocating


def run_gemms(cfg: BenchConfig, done: set[tuple], log: CsvLog, device: torch.device, run_id: int) -> int:
    """Every shape, dtype and layout not in `done`; a shape's layouts run back to back for fair ratios."""
    measured = 0
    dtypes = supported_dtypes(device)
    points = [(s, d, lay) for s in gemm_shapes(cfg) for d in dtypes for lay in s.layouts]
    for shape, dtype, layout in points:
        why_not = dtypes[dtype]
        key = (shape.name, shape.m, shape.n, shape.k, shape.batch, layout, dtype)
        if key in done:
            continue
        row = {
            "name": shape.name,
            "m": shape.m,
            "n": shape.n,
            "k": shape.k,
            "batch": shape.batch,
            "layout": layout,
            "dtype": dtype,
            "iterations": cfg.gemm_iterations,
            "run_id": run_id,
        }
        why_not = why_not or (fp8_why_not(shape, layout) if dtype == "fp8" else "")
        if why_not:
            log.write(**row, status=why_not)
            continue
        _use_tf32(device, dtype == "tf32")
        try:
            step = _gemm_step(shape, layout, dtype, device)
            if device.type == "cuda":  # kernels back to back: a slow host's launches are not GPU time
                times, _, timing = time_kernels(step, device, cfg.gemm_iterations)
                seconds, cv = spread(times)
            else:
                seconds, cv = warm_and_time(step, cfg.gemm_warmup, cfg.gemm_iterations, device)
                timing = "eager"
        except RuntimeError as exc:  # e.g. out of memory: recorded, next shape
            log.write(**row, status=failure_status("error", exc))
            continue
        finally:
            _use_tf32(device, False)
        log.write(
            **row, time_s=seconds, time_cv=cv, tflops=shape.flops / seconds / 1e12, status="ok", timing=timing
        )
        done.add(key)
        measured += 1
    return measured


def run_memory(cfg: BenchConfig, done: set[tuple], log: CsvLog, device: torch.device, run_id: int) -> int:
    """Device-to-device copies; copy_bandwidth_GBps counts bytes read plus bytes written (2 x size)."""
    measured = 0
    for size in cfg.memory_sizes_bytes:
        if (size,) in done:
            continue
        row = {"size_bytes": size, "iterations": cfg.memory_iterations, "run_id": run_id}
        try:
            src = torch.ones(size, dtype=torch.uint8, device=device)
            dst = torch.empty_like(src)
            seconds, cv = warm_and_time(lambda d=dst, s=src: d.copy_(s), 1, cfg.memory_iterations, device)
        except RuntimeError as exc:
            log.write(**row, status=failure_status("error", exc))
            continue
        log.write(
            **row, time_s=seconds, time_cv=cv, copy_bandwidth_GBps=2 * size / seconds / 1e9, status="ok"
        )
        done.add((size,))
        measured += 1
    return measured
