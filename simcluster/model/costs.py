"""Compute cost model: GEMM and element-wise kernel times from a hardware profile.

GEMMs: a measured point of the same shape and dtype if the profile has one; else, where the profile lists
tile shapes and the SM count, tile and wave quantization:
    t = launch + min over tiles (tm, tn) of waves * 2 tm tn k / (peak / sms * efficiency_max * e(tm, tn) * h(k))
    waves = ceil(batch * ceil(m / tm) * ceil(n / tn) / sms),  h(d) = d / (d + half_efficiency_dim),
    e(tm, tn) = h(tm) h(tn) / max over tiles of h h     (a small tile re-reads its operands more often)
with split-K where tiles leave SMs idle: the reduction cut into s slices of ceil(k / s) (s tiles each,
s <= sms / tiles, a slice at least as deep as the tile is wide), h(k) then taken on the slice;
and else the smooth curve t = launch + flops / (peak * efficiency_max * prod_{d in m,n,k} h(d)).
Backward GEMMs (dgrad/wgrad, transposed operand layouts) run at `backward_efficiency` of that throughput.
No GEMM runs faster than its compulsory memory traffic (read A and B once, write C once, at the
element-wise rate): skinny GEMMs (a short side of 64-128, as attention's per-head products and high
tensor-parallel shards of small models have) are memory-bound.
Element-wise kernels are memory-bound: t = launch + bytes / (bandwidth * memory_efficiency).
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
        if self._tiles and g.sm_count:
            work = _padded_flops(m, n, k, batch, self._tiles, g.sm_count, d0)
            compute = work / (self.peak_flops * g.efficiency_max * scale)
        else:
            shape = 1.0
            for d in (m * batch, n, k):
                shape *= d / (d + d0)
            compute = flops / (self.peak_flops * g.efficiency_max * shape * scale)
        traffic = float(batch * (m * k + k * n + m * n) * BYTES_PER_ELEMENT[self.dtype])
        return g.launch_us * 1e-6 + max(compute, traffic / self.memory_rate), flops

    @property
    def memory_rate(self) -> float:
        """Bytes per second an element-wise (memory-bound) kernel moves."""
        gpu = self.hw.gpu
        return gpu.memory_bandwidth_GBps * 1e9 * gpu.memory_efficiency

    def elementwise(self, nbytes: float) -> float:
        return self.hw.gpu.kernel_launch_us * 1e-6 + nbytes / self.memory_rate


@lru_cache(maxsize=65536)
def _padded_flops(
    m: int, n: int, k: int, batch: int, tiles: tuple[tuple[int, int], ...], sms: int, d0: float
) -> float:
    """Work of the fastest tile shape in flops at the large-GEMM rate: every wave is full, every tile
    is whole, and small tiles or a short reduction count for more."""

    def h(d: float) -> float:
        return d / (d + d0)

    best_tile = max(h(tm) * h(tn) for tm, tn in tiles)
    best = math.inf
    for tm, tn in tiles:
        count = batch * math.ceil(m / tm) * math.ceil(n / tn)
        # split-K: with fewer tiles than SMs, the reduction is cut into `split` slices run side by side
        # (each a shorter, less efficient reduction), as cuBLAS does for small outputs with deep k; a slice
        # stays at least as deep as the tile is wide
        for split in range(1, max(1, min(sms // count, k // max(tm, tn))) + 1):
            ks = math.ceil(k / split)
            waves = math.ceil(count * split / sms)
            work = waves * sms * 2.0 * tm * tn * ks / (h(tm) * h(tn) / best_tile * h(ks))
            best = min(best, work)
    return best
