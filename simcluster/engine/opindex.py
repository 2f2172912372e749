"""The distinct ops of a rank's program and which one each step runs, so per-op work is done once per op
rather than once per step (a deep pipeline's program has ~10^5 steps but a few hundred distinct ops)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter

import numpy as np

from simcluster.model.ops import OpSpec

# Op classes: compute, wait, send/recv, blocking collective, non-blocking collective, host-only work,
# host-device synchronization.
COMPUTE, WAIT, P2P, BLOCKING, NONBLOCKING, HOST, SYNC = 0, 1, 2, 3, 4, 5, 6


def op_class(op: OpSpec) -> int:
    if op.is_compute:
        return COMPUTE
    if op.kind == "wait":
        return WAIT
    if op.kind == "host":
        return HOST
    if op.kind == "sync":
        return SYNC
    if op.kind in ("send", "recv"):
        return P2P
    return BLOCKING if op.blocking else NONBLOCKING


@dataclass(frozen=True)
class OpIndex:
    ops: list[OpSpec]  # distinct ops (ordered by id)
    classes: np.ndarray  # op_class of each distinct op
    of_step: np.ndarray  # per step: index into `ops`
    ids: np.ndarray  # per step: id() of its op (int64), a key for runs of steps

    @property
    def step_classes(self) -> np.ndarray:
        return self.classes[self.of_step]


def op_index(steps: list) -> OpIndex:
    ops = list(map(itemgetter(0), steps))
    ids = np.fromiter(map(id, ops), dtype=np.int64, count=len(ops))
    _, first, inverse = np.unique(ids, return_index=True, return_inverse=True)
    distinct = [ops[i] for i in first.tolist()]
    classes = np.fromiter(map(op_class, distinct), dtype=np.int8, count=len(distinct))
    return OpIndex(distinct, classes, inverse, ids)
