"""Compute cost model: GEMM and element-wise kernel times from a hardware profile.

GEMMs: a measured point of the same shape and dtype if the profile has one; else, where the profile lists
tile shapes and the SM count, tile and wave quantization, each wave a main loop then an epilogue:
    t = launch + min over tiles (tm, tn) and splits s of
        max(waves * (main + epilogue), compulsory traffic / HBM bandwidth) + reduction
    main = 2 tm tn ceil(k / s) / (peak / sms * efficiency_max * e(tm, tn))
    epilogue = min(count, sms) tm tn * bytes stored per element / HBM bandwidth   (the wave's output store)
    count = s * batch * ceil(m / tm) * ceil(n / tn),  waves = ceil(count / sms),
    h(d) = d / (d + half_efficiency_dim),
    e(tm, tn) = h(tm) h(tn) / max over tiles of h h     (a small tile re-reads its operands more often)
Split-K (s > 1, only where the tiles leave SMs idle, a slice at least as deep as the tile is wide) is
CUTLASS's parallel split-K: each slice stores its partial sums in fp32 (s m n 4 bytes per batch), and a
second, element-wise kernel reads them back and writes the output (reduction = `gpu.kernel_launch_us` +
m n (4 s + bytes) / element-wise rate). Without tiles, the smooth curve
    t = launch + max(flops / (peak * efficiency_max * prod_{d in m,n,k} h(d)), compulsory traffic / HBM).
The compulsory traffic of a GEMM is its own: read A and B once, write C once, (m k + k n + m n) elements per
batch, at the HBM bandwidth: skinny GEMMs (a short side of 64-128, as attention's per-head products and high
tensor-parallel shards of small models have) are memory-bound.
Backward GEMMs (dgrad/wgrad, transposed operand layouts) run their main loop at `backward_efficiency`.
Element-wise kernels are memory-bound: t = launch + bytes / (bandwidth * memory_efficiency); PyTorch's
multi-tensor (torch._foreach_*) kernels at `multi_tensor_efficiency` instead.
The host's time to issue each kernel is not part of these durations: the engine runs it on the rank's host
thread (`host.op_dispatch_us`; backward kernels `host.backward_dispatch_us`, issued by autograd's engine
thread), which stalls the GPU only where kernels are shorter than their issue cost.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from simcluster.hardware.profile import HardwareProfile

BYTES_PER_ELEMENT = {"fp32": 4, "fp16": 2, "bf16": 2, "fp8": 1}
FP32_BYTES = 4  # split-K partial sums accumulate in fp32


@dataclass
class CostModel:
    hw: HardwareProfile
    dtype: str
    _measured: dict[tuple[int, int, int], float] = field(default_factory=dict, repr=False)
    _tiles: tuple[tuple[int, ...], ...] = field(default=(), repr=False)  # hashable, for the cached work

    def __post_init__(self) -> None:
        self._tiles = tuple(map(tuple, self.hw.gpu.gemm.tiles))
        for p in self.hw.gpu.gemm.measured:
            if p.dtype == self.dtype:
                self._measured[(p.m, p.n, p.k)] = p.tflops * 1e12

    @property
    def peak_flops(self) -> float:
        return self.hw.peak_flops(self.dtype)

    def gemm(self, m: int, n: int, k: int, batch: int = 1, backward: bool = False) -> tuple[float, float]:
        """(seconds, flops) of `batch` GEMMs [m,k] x [k,n]; `backward` GEMMs (dgrad/wgrad, transposed
        operands) run at `gemm.backward_efficiency` of the forward throughput."""
        flops = 2.0 * m * n * k * batch
        g = self.hw.gpu.gemm
        scale = g.backward_efficiency if backward else 1.0
        measured = self._measured.get((m * batch, n, k)) if batch == 1 else None
        if measured is not None:
            return g.launch_us * 1e-6 + flops / (measured * scale), flops
        d0 = g.half_efficiency_dim
        rate = self.peak_flops * g.efficiency_max * scale
        out_bytes = BYTES_PER_ELEMENT[self.dtype]
        if self._tiles and g.sm_count:
            seconds = _tiled_seconds(
                m, n, k, batch, self._tiles, g.sm_count, d0, rate, out_bytes, self.hbm_rate,
                self.memory_rate, self.hw.gpu.kernel_launch_us * 1e-6,
            )
            return g.launch_us * 1e-6 + seconds, flops
        shape = 1.0
        for d in (m * batch, n, k):
            shape *= d / (d + d0)
        traffic = float(batch * (m * k + k * n + m * n) * out_bytes)
        return g.launch_us * 1e-6 + max(flops / (rate * shape), traffic / self.hbm_rate), flops

    @property
    def hbm_rate(self) -> float:
        """Bytes per second of the GPU's memory (a GEMM's compulsory traffic floor)."""
        return self.hw.gpu.memory_bandwidth_GBps * 1e9

    @property
    def memory_rate(self) -> float:
        """Bytes per second an element-wise (memory-bound) kernel moves."""
        gpu = self.hw.gpu
        return gpu.memory_bandwidth_GBps * 1e9 * gpu.memory_efficiency

    def elementwise(self, nbytes: float) -> float:
        return self.hw.gpu.kernel_launch_us * 1e-6 + nbytes / self.memory_rate

    @property
    def multi_tensor_rate(self) -> float:
        """Bytes per second PyTorch's multi-tensor kernels (torch._foreach_*) move: their chunked tensor lists
        reach less of the bandwidth than one large element-wise kernel (`gpu.multi_tensor_efficiency`; unset:
        the element-wise rate)."""
        eff = self.hw.gpu.multi_tensor_efficiency
        return self.memory_rate if eff is None else self.hbm_rate * eff

    def multi_tensor(self, nbytes: float) -> float:
        return self.hw.gpu.kernel_launch_us * 1e-6 + nbytes / self.multi_tensor_rate


@lru_cache(maxsize=65536)
def _tiled_seconds(
    m: int, n: int, k: int, batch: int, tiles: tuple[tuple[int, ...], ...], sms: int, d0: float,
    rate: float, out_bytes: int, hbm_rate: float, reduce_rate: float, reduce_fixed_s: float,
) -> float:
    """Seconds of the fastest (tile shape, split) after the GEMM kernel's launch.

    Each wave of up to `sms` tiles runs its main loop (2 tm tn k flops at the SM's share of `rate`, times the
    tile's re-read factor) and then its epilogue (the wave's tiles stored through HBM together); a partial
    tile or wave costs a whole one's main loop. Split-K (CUTLASS's parallel split-K, cuBLAS's
    reduction in the compute type): s slices of ceil(k / s) run side by side and store fp32 partial
    sums, which a second, element-wise kernel reads back and reduces into the output."""

    def h(d: float) -> float:
        return d / (d + d0)

    best_tile = max(h(tm) * h(tn) for tm, tn in tiles)
    per_sm_flops = rate / sms
    operands = float(batch * (m * k + k * n) * out_bytes)
    outputs = float(batch * m * n)
    best = math.inf
    for tm, tn in tiles:
        count = batch * math.ceil(m / tm) * math.ceil(n / tn)
        shape = h(tm) * h(tn) / best_tile
        for split in range(1, max(1, min(sms // count, k // max(tm, tn))) + 1):
            waves = math.ceil(count * split / sms)
            stored = out_bytes if split == 1 else FP32_BYTES
            main = 2.0 * tm * tn * math.ceil(k / split) / (per_sm_flops * shape)
            epilogue = min(count * split, sms) * tm * tn * stored / hbm_rate  # a wave's tiles share HBM
            t = max(waves * (main + epilogue), (operands + outputs * split * stored) / hbm_rate)
            if split > 1:
                t += reduce_fixed_s + outputs * (split * FP32_BYTES + out_bytes) / reduce_rate
            best = min(best, t)
    return best
