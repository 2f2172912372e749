"""Compute cost model: GEMM and element-wise kernel times from a hardware profile.

GEMMs: a measured point of the same shape and dtype if the profile has one, else
    t = launch + flops / (peak * efficiency_max * prod_{d in m,n,k} d / (d + half_efficiency_dim))
so small and skinny GEMMs run far below peak. Batched GEMMs (attention) count the batch into m for the
efficiency. Element-wise kernels are memory-bound: t = launch + bytes / (bandwidth * memory_efficiency).
No op is shorter than the host's time to issue it (`framework_overhead_us`): past that the GPU starves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from simcluster.hardware.profile import HardwareProfile

BYTES_PER_ELEMENT = {"fp32": 4, "fp16": 2, "bf16": 2}


@dataclass
class CostModel:
    hw: HardwareProfile
    dtype: str
    _measured: dict[tuple[int, int, int], float] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for p in self.hw.gpu.gemm.measured:
            if p.dtype == self.dtype:
                self._measured[(p.m, p.n, p.k)] = p.tflops * 1e12

    @property
    def peak_flops(self) -> float:
        return self.hw.peak_flops(self.dtype)

    def gemm(self, m: int, n: int, k: int, batch: int = 1) -> tuple[float, float]:
        """(seconds, flops) of `batch` GEMMs [m,k] x [k,n]."""
        flops = 2.0 * m * n * k * batch
        g = self.hw.gpu.gemm
        host = self.hw.gpu.framework_overhead_us * 1e-6
        measured = self._measured.get((m * batch, n, k)) if batch == 1 else None
        if measured is not None:
            return max(host, g.launch_us * 1e-6 + flops / measured), flops
        d0 = g.half_efficiency_dim
        shape = 1.0
        for d in (m * batch, n, k):
            shape *= d / (d + d0)
        return max(host, g.launch_us * 1e-6 + flops / (self.peak_flops * g.efficiency_max * shape)), flops

    def elementwise(self, nbytes: float) -> float:
        gpu = self.hw.gpu
        t = gpu.kernel_launch_us * 1e-6 + nbytes / (gpu.memory_bandwidth_GBps * 1e9 * gpu.memory_efficiency)
        return max(gpu.framework_overhead_us * 1e-6, t)
