"""Typed ops that schedules emit and the engine executes.

A rank's program is a list of `Step`s: an immutable `OpSpec` (shared by every layer and micro-batch that
runs the same op, so a 1,024-GPU program costs little memory) plus the layer and micro-batch it belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

Phase = Literal["forward", "backward", "recompute", "optimizer"]
COMPUTE_KINDS = ("gemm", "attention", "elementwise", "optimizer")
COLLECTIVE_KINDS = ("allreduce", "allgather", "reducescatter", "broadcast", "reduce", "alltoall", "sendrecv")
P2P_KINDS = ("send", "recv")
HOST_KINDS = ("host", "sync")



class RankGroup(tuple):
    """A tuple of ranks that hashes once: the engine looks groups up in dicts at every rank's every
    collective, and hashing a plain tuple of 10^4-10^5 ranks each time makes a large group O(n^2).
    Equal to (and hashing like) the plain tuple of the same ranks."""

    def __hash__(self) -> int:
        h = self.__dict__.get("_hash")
        if h is None:
            h = self.__dict__["_hash"] = tuple.__hash__(self)
        return h


# OpSpec.algorithm of a sendrecv the GPUs' copy engines carry (async TP's shard copies over symmetric memory):
# the links' model, never NCCL's measured tables, whose launch and latency floors are NCCL's, not a copy's
COPY_ENGINE = "copy"


@dataclass(frozen=True, slots=True)
class OpSpec:
    """One op. Compute ops carry their duration; communication ops carry a group and a size.

    kind: gemm | attention | elementwise | optimizer | allreduce | allgather | reducescatter | broadcast |
          reduce | send | recv | wait | host (work on the rank's host thread only: duration_s of CPU time) |
          sync (the host waits until the rank's GPU work and sends are done, then spends duration_s)
    bytes: compute: bytes moved to/from memory; collectives: the size in nccl-tests' convention.
    group: global ranks taking part (collectives: all members, in ring order, root first; send/recv:
           (source, destination)).
    family: which process-group family the group belongs to (tp, dp, pp, row, col, ...), for reports.
    blocking: a blocking collective holds the compute stream until it ends; a non-blocking one runs on the
              rank's communication stream (in order with its other non-blocking collectives) until a `wait`.
    measured: a compute op whose duration came from the profile's measured tables (not the model alone).
    registered: a collective on NCCL-registered user buffers (`training.nccl_ub`): its kernel holds the
                profile's `collectives.registered_sm_share` of the SMs instead of `kernel_sm_share`.
    """

    kind: str
    name: str
    phase: Phase
    duration_s: float = 0.0
    flops: float = 0.0
    bytes: float = 0.0
    group: tuple[int, ...] = ()
    family: str = ""
    blocking: bool = True
    algorithm: str = "auto"
    measured: bool = False
    registered: bool = False

    @property
    def is_compute(self) -> bool:
        return self.kind in COMPUTE_KINDS

    @property
    def stream(self) -> str:
        if self.is_compute:
            return "compute"
        if self.kind in P2P_KINDS:
            return "p2p"
        if self.kind in HOST_KINDS:
            return "host"
        return "comm"


class Step(NamedTuple):
    op: OpSpec
    layer: int  # -1 when the op belongs to no transformer layer (embedding, head, optimizer)
    microbatch: int  # -1 when it belongs to no micro-batch


WAIT_COMM = OpSpec(kind="wait", name="wait.dp", phase="optimizer", family="dp")


def wait_for(family: str, phase: Phase) -> OpSpec:
    """Wait until the rank's non-blocking collectives of one process-group family have finished (each
    family has its own communication stream, as each NCCL communicator does)."""
    return OpSpec(kind="wait", name=f"wait.{family}", phase=phase, family=family)
