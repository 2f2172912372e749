"""Host-side costs: the CPU time to issue GPU work from Python, appended to host.csv.

The simulator runs each rank's host thread ahead of its GPU (simcluster/engine/plan.py); these rows give
its numbers (`host.*` in the profile) on the machine calibrate runs on:
- op_dispatch, backward_dispatch: a small GPT layer's forward and backward in eager PyTorch, on tensors so
  small that each kernel ends before the next is issued, timed apart: the forward's host time over the
  simulator's compute ops for one layer's forward (the unit `host.op_dispatch_us` is charged in), and the
  backward's (issued by autograd's engine thread, from C++) over its backward ops
  (`host.backward_dispatch_us`);
- collective_dispatch: host time per all_reduce call of one element over all ranks (NCCL returns before the
  collective runs; gloo runs it, so on CPU this is the whole small all-reduce);
- sync: one torch.cuda.synchronize() (CPU: nothing to wait for) on an idle device;
- optimizer: one mixed-precision optimizer step as Megatron runs it (16-bit gradients to fp32 main
  gradients, unscale, norm read on the host, Adam on fp32 main weights, weights back to the 16-bit model,
  zero the gradients) over OPT_PARAMS parameters in OPT_TENSORS tensors, seconds per parameter with the
  device drained (the profile turns it into `host.optimizer_bytes_per_param` at the measured memory rate);
- multi_tensor: one torch.optim.AdamW(foreach=True) step on fp32 parameters, gradients and state, the same
  size, seconds per parameter with the device drained: its eight torch._foreach_* passes, which the profile
  turns into `gpu.multi_tensor_efficiency` (the bytes the simulator counts for them over that time, against
  the memory bandwidth).
Times are host wall clock (time.perf_counter) up to the last issue, then the device is drained (the
optimizer's time includes the drain: it is device work).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import torch
import torch.distributed as dist
from torch import nn

from calibrate.results import CsvLog, failure_status

# The rows a finished run has.
HOST_ROWS = ("collective_dispatch", "op_dispatch", "backward_dispatch", "sync", "optimizer", "multi_tensor")

# The layer timed for op_dispatch: small enough that the host, not the device, sets the pace.
HIDDEN, HEADS, SEQ, BATCH = 64, 4, 32, 1


class TinyGptLayer(nn.Module):
    """Megatron's GPT layer in eager PyTorch: pre-norm attention and MLP with dropout and residuals."""

    def __init__(self, h: int = HIDDEN, a: int = HEADS) -> None:
        super().__init__()
        self.a = a
        self.ln1, self.ln2 = nn.LayerNorm(h), nn.LayerNorm(h)
        self.qkv, self.proj = nn.Linear(h, 3 * h), nn.Linear(h, h)
        self.fc1, self.fc2 = nn.Linear(h, 4 * h), nn.Linear(4 * h, h)
        self.drop = nn.Dropout(0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        s, b, h = x.shape
        q, k, v = self.qkv(self.ln1(x)).view(s, b * self.a, 3 * h // self.a).transpose(0, 1).chunk(3, dim=-1)
        scores = torch.baddbmm(
            torch.empty(b * self.a, s, s, dtype=x.dtype, device=x.device),
            q,
            k.transpose(1, 2),
            beta=0.0,
            alpha=(h // self.a) ** -0.5,
        )
        probs = self.drop(torch.softmax(scores, dim=-1))
        ctx = torch.bmm(probs, v).transpose(0, 1).reshape(s, b, h)
        x = x + self.drop(self.proj(ctx))
        return x + self.drop(self.fc2(nn.functional.gelu(self.fc1(self.ln2(x)))))


def simulated_ops_per_layer() -> tuple[int, int]:
    """Compute ops the simulator issues for one layer's forward and for its backward (one GPU, no
    recompute)."""
    from simcluster.hardware.profile import load_profile
    from simcluster.model.costs import CostModel
    from simcluster.parallel.base import Dims, OpFactory
    from simcluster.parallel.groups import RankLayout
    from simcluster.parallel.megatron import MegatronScheme

    dims = Dims(b=BATCH, s=SEQ, h=HIDDEN, a=HEADS, f=4 * HIDDEN, V=0, t=1, e=2, dtype="fp16")
    ops = OpFactory(CostModel(load_profile("dgx-a100"), "fp16"))
    layer = MegatronScheme(dims, ops, RankLayout(1, 1, 1), sp=False).layer(0)
    return len(layer.forward), len(layer.backward)


def _host_seconds(
    step: Callable[[], object], iterations: int, device: torch.device, drained: bool = False
) -> float:
    """Host wall seconds per call of `step`: issue only (the device is drained after the clock stops), or
    with `drained` up to the end of the device's work."""
    if device.type == "cuda":
        torch.cuda.synchronize(device)
    t0 = time.perf_counter()
    for _ in range(iterations):
        step()
    if drained and device.type == "cuda":
        torch.cuda.synchronize(device)
    seconds = (time.perf_counter() - t0) / iterations
    if device.type == "cuda":
        torch.cuda.synchronize(device)
    return seconds


# The optimizer step timed for `host.optimizer_bytes_per_param`: enough parameters that its sweeps run at
# the memory rate (GPU: 2^24, 256 MiB of fp32 state per copy; CPU: 2^18), in as many tensors as a few layers.
OPT_PARAMS = {"cuda": 1 << 24, "cpu": 1 << 18}
OPT_TENSORS = 16


def optimizer_params(device: torch.device) -> int:
    return OPT_PARAMS["cuda" if device.type == "cuda" else "cpu"]


def _optimizer_step(device: torch.device) -> Callable[[], object]:
    """Megatron's Float16OptimizerWithFloat16Params step in plain PyTorch: the passes simcluster's default
    optimizer model counts (54 bytes per parameter in fp16), run the way this machine runs them."""
    half = torch.float16 if device.type == "cuda" else torch.bfloat16
    size = optimizer_params(device) // OPT_TENSORS
    model = [torch.randn(size, device=device).to(half) for _ in range(OPT_TENSORS)]
    grads = [torch.randn(size, device=device).to(half) for _ in range(OPT_TENSORS)]
    main = [p.float().requires_grad_() for p in model]
    main_grads = [torch.zeros(size, device=device) for _ in range(OPT_TENSORS)]
    for p, g in zip(main, main_grads):
        p.grad = g
    adam = torch.optim.Adam(main, lr=1e-6, foreach=True)
    inv_scale = 1.0 / 65536.0

    def step() -> None:
        for g32, g16 in zip(main_grads, grads):
            g32.copy_(g16)
        torch._foreach_mul_(main_grads, inv_scale)
        norm = torch.linalg.vector_norm(torch.stack(torch._foreach_norm(main_grads)))
        if not torch.isfinite(norm).item():  # the loss scaler's check, read on the host
            return
        adam.step()
        for p16, p32 in zip(model, main):
            p16.copy_(p32.detach())
        torch._foreach_zero_(grads)

    return step


def _foreach_adamw_step(device: torch.device) -> Callable[[], object]:
    """torch.optim.AdamW(foreach=True), as torchtitan builds it, on fp32 parameters with their gradients set:
    each step launches the eight multi-tensor passes `training.optimizer: foreach` counts (its steps counters
    stay on the host)."""
    size = optimizer_params(device) // OPT_TENSORS
    params = [torch.randn(size, device=device).requires_grad_() for _ in range(OPT_TENSORS)]
    for p in params:
        p.grad = torch.randn(size, device=device) * 1e-3
    adamw = torch.optim.AdamW(params, lr=1e-6, weight_decay=0.01, foreach=True)
    return adamw.step


def _layer_seconds(device: torch.device, iterations: int, warmup: int) -> tuple[float, float]:
    """Host wall seconds of the tiny layer's forward and of its backward, per call: each clock stops when
    the call returns (backward() returns once autograd's thread has issued every kernel), and the device is
    drained outside the clocks."""
    dtype = torch.float16 if device.type == "cuda" else torch.float32
    layer = TinyGptLayer().to(device=device, dtype=dtype)
    x = torch.randn(SEQ, BATCH, HIDDEN, device=device, dtype=dtype, requires_grad=True)
    fwd = bwd = 0.0
    for i in range(warmup + iterations):
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        t0 = time.perf_counter()
        y = layer(x).sum()
        t1 = time.perf_counter()
        y.backward()
        t2 = time.perf_counter()
        if i >= warmup:
            fwd, bwd = fwd + t1 - t0, bwd + t2 - t1
    if device.type == "cuda":
        torch.cuda.synchronize(device)
    return fwd / iterations, bwd / iterations


def _sync_step(device: torch.device) -> Callable[[], object]:
    if device.type == "cuda":
        return lambda: torch.cuda.synchronize(device)
    return lambda: None


def run_host(
    iterations: int,
    warmup: int,
    done: set[tuple],
    log: CsvLog | None,
    device: torch.device,
    run_id: int,
) -> int:
    """Every host row not in `done`. Call on every rank (collective_dispatch needs them all); rank 0
    passes the log and writes the rows."""
    measured = 0
    if log is not None and not {("op_dispatch",), ("backward_dispatch",)} <= done:
        measured += _run_layer(iterations, warmup, done, log, device, run_id)
    benches: list[tuple[str, int, Callable[[torch.device], Callable[[], object]], bool]] = [
        ("collective_dispatch", 1, _collective_step, True),
        ("sync", 1, _sync_step, False),
        ("optimizer", optimizer_params(device), _optimizer_step, False),
        ("multi_tensor", optimizer_params(device), _foreach_adamw_step, False),
    ]
    for name, units, make, every_rank in benches:
        if (name,) in done or (log is None and not every_rank):
            continue
        row = {"name": name, "units": units, "iterations": iterations, "run_id": run_id}
        try:
            step = make(device)
            for _ in range(warmup):
                step()
            drained = name in ("optimizer", "multi_tensor")  # device work
            seconds = _host_seconds(step, iterations, device, drained=drained) / units
        except RuntimeError as exc:
            if log is not None:
                log.write(**row, status=failure_status("error", exc))
            continue
        if log is not None:
            log.write(**row, time_s=seconds, status="ok")
        done.add((name,))
        measured += 1
    return measured


def _run_layer(
    iterations: int, warmup: int, done: set[tuple], log: CsvLog, device: torch.device, run_id: int
) -> int:
    """The op_dispatch and backward_dispatch rows, from one timed loop of the tiny layer."""
    units = dict(zip(("op_dispatch", "backward_dispatch"), simulated_ops_per_layer()))
    try:
        seconds = dict(zip(units, _layer_seconds(device, iterations, warmup)))
    except RuntimeError as exc:
        for name, n in units.items():
            log.write(
                name=name, units=n, iterations=iterations, run_id=run_id, status=failure_status("error", exc)
            )
        return 0
    for name, n in units.items():
        log.write(
            name=name, units=n, iterations=iterations, run_id=run_id, time_s=seconds[name] / n, status="ok"
        )
        done.add((name,))
    return len(units)


def _collective_step(device: torch.device) -> Callable[[], object]:
    t = torch.ones(1, device=device)
    return lambda: dist.all_reduce(t)
