"""Compute cost model: GEMM and element-wise kernel times from a hardware profile.

GEMMs: a measured point of the same shape and dtype if the profile has one, else
    t = launch + flops / (peak * efficiency_max * prod_{d in m,n,k} d / (d + half_efficiency_dim))
(times 1 / backward_efficiency for backward GEMMs, whose transposed operand layouts run slower)
so small and skinny GEMMs run far below peak. Batched GEMMs (attention) count the batch into m for the
efficiency. Element-wise kernels are memory-bound: t = launch + bytes / (bandwidth * memory_efficiency).
The host's time to issue each kernel is not part of these durations: the engine runs it on the rank's host
thread (`host.op_dispatch_us`), which stalls the GPU only where kernels are shorter than their issue cost.
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
        shape = 1.0
        for d in (m * batch, n, k):
            shape *= d / (d + d0)
        rate = self.peak_flops * g.efficiency_max * shape * scale
        return g.launch_us * 1e-6 + flops / rate, flops

    def elementwise(self, nbytes: float) -> float:
        gpu = self.hw.gpu
        return gpu.kernel_launch_us * 1e-6 + nbytes / (gpu.memory_bandwidth_GBps * 1e9 * gpu.memory_efficiency)
