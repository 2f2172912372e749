"""Causal attention kernels on one device (rank 0), forward and backward, appended to attention.csv.

Each of PyTorch's scaled_dot_product_attention kernels (FlashAttention, cuDNN, memory-efficient on a GPU;
FlashAttention's CPU kernel and the math reference on a CPU) runs every configured shape in bf16 and fp16 on
a GPU (fp32 on a CPU), causal, as training calls it. The FLOPs recorded are those the simulator charges a
fused causal kernel (`simcluster.parallel.base.flash_attention`): the blocks above the diagonal are skipped,
so the forward executes 2 b h s^2 d and the backward 2.5 times that (it recomputes the scores). The fit turns
them into `gpu.flash_attention_efficiency` and `gpu.flash_attention_backward_efficiency`.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F

from calibrate.config import AttentionShape, BenchConfig
from calibrate.results import ATTENTION, CsvLog, failure_status, row_key
from calibrate.runtime import warm_and_time

BACKWARD_FLOPS_RATIO = 2.5  # the backward recomputes the scores: simcluster's FLASH_BACKWARD_FLOPS_RATIO
DTYPES = {"cuda": ("bf16", "fp16"), "cpu": ("fp32",)}
TORCH_DTYPES = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}


def attention_flops(shape: AttentionShape, direction: str) -> float:
    """FLOPs a fused causal kernel executes: half of 4 b h s^2 d forward, 2.5 x that backward."""
    forward = 2.0 * shape.batch * shape.heads * shape.seq * shape.seq * shape.head_dim
    return forward * (BACKWARD_FLOPS_RATIO if direction == "backward" else 1.0)


SDPA_MISSING = "unsupported: this torch has no torch.nn.attention.sdpa_kernel (torch >= 2.3 chooses the kernel)"


def backends(device: torch.device) -> dict[str, object]:
    """name -> SDPBackend of the kernels worth timing on this device type (those this torch has); empty
    when this torch cannot choose the kernel (before 2.3)."""
    try:
        from torch.nn.attention import SDPBackend, sdpa_kernel  # noqa: F401
    except ImportError:
        return {}
    names = ("flash", "cudnn", "efficient") if device.type == "cuda" else ("flash", "math")
    members = {
        "flash": "FLASH_ATTENTION",
        "cudnn": "CUDNN_ATTENTION",
        "efficient": "EFFICIENT_ATTENTION",
        "math": "MATH",
    }
    return {n: getattr(SDPBackend, members[n]) for n in names if hasattr(SDPBackend, members[n])}


def planned(cfg: BenchConfig, device: torch.device) -> int:
    """Rows a full run writes: every backend, dtype, shape and direction (one unsupported FlashAttention
    row per shape and direction where this torch cannot choose a kernel)."""
    per_shape = len(backends(device)) * len(DTYPES[device.type]) or 1
    return per_shape * len(cfg.attention_shapes) * 2


def _steps(shape: AttentionShape, dtype: str, device: torch.device, backend: object):
    """(forward step, backward step) of one causal call under `backend`; the backward reruns the input
    gradients of one recorded forward (autograd keeps its saved tensors with retain_graph)."""
    from torch.nn.attention import sdpa_kernel

    gen = torch.Generator(device="cpu").manual_seed(0)
    dims = (shape.batch, shape.heads, shape.seq, shape.head_dim)
    kind = TORCH_DTYPES[dtype]
    q, k, v = (torch.randn(*dims, generator=gen).to(device=device, dtype=kind) for _ in range(3))
    with sdpa_kernel(backend):
        F.scaled_dot_product_attention(q, k, v, is_causal=True)  # refuses an unsupported kernel here

    def forward() -> torch.Tensor:
        with torch.no_grad(), sdpa_kernel(backend):
            return F.scaled_dot_product_attention(q, k, v, is_causal=True)

    leaves = [t.detach().requires_grad_(True) for t in (q, k, v)]
    with sdpa_kernel(backend):
        out = F.scaled_dot_product_attention(*leaves, is_causal=True)
    grad = torch.randn(*dims, generator=gen).to(device=device, dtype=kind)

    def backward() -> tuple[torch.Tensor, ...]:
        with sdpa_kernel(backend):
            return torch.autograd.grad(out, leaves, grad, retain_graph=True)

    return forward, backward


def _point(
    name: str, dtype: str, shape: AttentionShape, cfg: BenchConfig, run_id: int
) -> tuple[dict[str, object], dict[str, tuple]]:
    """(the row fields one kernel, dtype and shape share, the attention.csv key of each direction)."""
    base: dict[str, object] = {
        "backend": name,
        "dtype": dtype,
        "batch": shape.batch,
        "heads": shape.heads,
        "seq": shape.seq,
        "head_dim": shape.head_dim,
        "iterations": cfg.attention_iterations,
        "run_id": run_id,
    }
    return base, {d: row_key(ATTENTION, {**base, "direction": d}) for d in ("forward", "backward")}


def run_attention(cfg: BenchConfig, done: set[tuple], log: CsvLog, device: torch.device, run_id: int) -> int:
    """Every backend, dtype, shape and direction not in `done`; returns how many were measured."""
    measured = 0
    kernels = backends(device)
    if not kernels:  # recorded once, so the run's plan is complete and --resume does not retry
        for shape in cfg.attention_shapes:
            base, keys = _point("flash", DTYPES[device.type][0], shape, cfg, run_id)
            for direction, key in keys.items():
                if key not in done:
                    log.write(**base, direction=direction, status=SDPA_MISSING)
                    done.add(key)
        return 0
    for name, backend in kernels.items():
        for dtype in DTYPES[device.type]:
            for shape in cfg.attention_shapes:
                base, keys = _point(name, dtype, shape, cfg, run_id)
                if all(key in done for key in keys.values()):
                    continue
                try:
                    steps = _steps(shape, dtype, device, backend)
                except RuntimeError as exc:  # this kernel does not take this shape, dtype or device
                    oom = isinstance(exc, torch.cuda.OutOfMemoryError)  # not the kernel's limit: --resume retries
                    for direction, key in keys.items():
                        if key not in done:
                            status = failure_status("error" if oom else "unsupported", exc)
                            log.write(**base, direction=direction, status=status)
                            if not oom:
                                done.add(key)
                    continue
                for (direction, key), step in zip(keys.items(), steps, strict=True):
                    if key in done:
                        continue
                    row = {**base, "direction": direction, "flops": attention_flops(shape, direction)}
                    try:
                        seconds, cv = warm_and_time(step, cfg.attention_warmup, cfg.attention_iterations, device)
                    except RuntimeError as exc:  # e.g. out of memory: recorded, next point
                        log.write(**row, status=failure_status("error", exc))
                        continue
                    log.write(
                        **row, time_s=seconds, time_cv=cv, tflops=row["flops"] / seconds / 1e12, status="ok"
                    )
                    done.add(key)
                    measured += 1
                del steps
    return measured
