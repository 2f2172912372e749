"""SM sharing between communication kernels and compute kernels on one GPU.

An NCCL collective runs as a kernel that holds one thread block per channel on the GPU's SMs from its launch
to its end (waiting for its peers included); DeepEP's dispatch and combine hold a fixed number of SMs, and a
collective on NCCL-registered user buffers (`training.nccl_ub`) the few its zero-copy kernels need. A
compute-bound kernel (a GEMM, fused attention) running beside them gets the other SMs, so while a held share
H of the SMs is taken it progresses at 1 - H of its rate: a fluid rate, re-evaluated whenever a collective
starts or ends. Memory-bound kernels (element-wise, the optimizer) keep their rate: the SMs left still saturate
the memory. Copy-engine transfers (async TP's shard copies) and point-to-point sends hold no SMs here.

The static planner applies it exactly inside a segment (its non-blocking collectives' times are known);
the engine applies it to a segment that starts while a dynamic collective of its rank is in flight, to the
segment's compute-bound share, until the collective ends (docs/network.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from simcluster.model.ops import COPY_ENGINE, OpSpec

if TYPE_CHECKING:
    from simcluster.hardware.profile import CollectiveCosts

SLOWED_KINDS = frozenset({"gemm", "attention"})  # compute-bound: their time follows the SMs they get
SM_HOLDING_KINDS = frozenset({"allreduce", "allgather", "reducescatter", "broadcast", "reduce", "alltoall"})
DEEPEP_ALGORITHMS = frozenset({"internode", "intranode"})
MAX_HELD = 0.99  # never all of the GPU: a compute kernel always keeps some SMs


@dataclass(frozen=True)
class Contention:
    """The SM shares a profile's collectives hold (`collectives.kernel_sm_share`, `deepep_sm_share`)."""

    kernel_share: float
    deepep_share: float = 0.0
    registered_share: float | None = None  # a collective on registered user buffers; None: kernel_share

    @classmethod
    def of(cls, collectives: CollectiveCosts) -> Contention | None:
        """From a profile's `collectives` section; None where no share is set (the model without sharing)."""
        k, d, r = collectives.kernel_sm_share, collectives.deepep_sm_share, collectives.registered_sm_share
        return cls(k, d, r) if k > 0 or d > 0 or (r or 0) > 0 else None

    def held_by(self, op: OpSpec) -> float:
        """Share of the SMs `op` holds while it is in flight."""
        if op.kind not in SM_HOLDING_KINDS or op.algorithm == COPY_ENGINE:
            return 0.0
        if op.algorithm in DEEPEP_ALGORITHMS:
            return self.deepep_share
        if op.registered and self.registered_share is not None:
            return self.registered_share
        return self.kernel_share

    @staticmethod
    def stretch(held: float) -> float:
        """How much longer a compute-bound kernel takes while `held` of the SMs are taken."""
        return 1.0 / (1.0 - min(held, MAX_HELD))

    def finish(self, start: float, work_s: float, inflight: Sequence[tuple[float, float, float]]) -> float:
        """When a compute-bound kernel of `work_s` seconds (alone) started at `start` ends, while the
        collectives `inflight` ((start, end, held share) each) come and go beside it."""
        points = sorted({x for a, b, _ in inflight for x in (a, b) if x > start})
        t, left = start, work_s
        for p in (*points, float("inf")):
            held = sum(h for a, b, h in inflight if a <= t < b)
            rate = 1.0 / self.stretch(held)
            if t + left / rate <= p:
                return t + left / rate
            left -= (p - t) * rate
            t = p
        return t  # unreachable: the last point is infinite
