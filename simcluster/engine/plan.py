"""Static segments: runs of a rank's program whose timing depends on nothing outside the rank.

A run of compute ops, collectives that no other simulated rank joins and no other traffic can contend
(private groups), non-blocking ones of those that are waited for inside the run, and those waits, takes a
fixed time from whenever the rank reaches it. The planner computes each op's start and end relative to the
run's start once; the engine then advances the whole run with one timeout. This is exact, not an
approximation: the same ops through the general path give the same times (tests compare both).

A deep pipeline repeats the same runs of ops (one per layer chunk and micro-batch), so runs are keyed by
their sequence of ops and each distinct run is timed once (optionally across ranks, through `cache`).

The rank's host thread issues every op (`dispatch` seconds each; host-only ops add their duration) and no
op starts on the GPU before it is issued. A run's timing then depends on one more input, the host's lag
behind the run's start. Each segment knows the largest lag at which the host never delays it
(`free_lag_s`): below it the cached timing holds; above it the engine re-times the run with the host's
release times (`retime`), the same loop with one more constraint per op.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from simcluster.engine.contention import SLOWED_KINDS, Contention
from simcluster.engine.opindex import (
    BLOCKING,
    COMPUTE,
    HOST,
    NONBLOCKING,
    P2P,
    WAIT,
    OpIndex,
    op_index,
)
from simcluster.model.ops import OpSpec

if TYPE_CHECKING:
    from simcluster.hardware.profile import HostSpec

# A static collective's cost: its duration and its link traffic as (start, end, links, bytes per link)
# relative to its own start.
StaticCost = tuple[float, tuple[tuple[float, float, np.ndarray, np.ndarray], ...]]


@dataclass(frozen=True)
class HostCosts:
    """Host time to issue one op, by op class (host-only ops cost their own duration)."""

    op_dispatch_s: float = 0.0  # a forward or recomputed compute kernel (issued from Python)
    collective_dispatch_s: float = 0.0  # a collective or point-to-point call
    # a backward kernel (issued by autograd's engine thread); None: op_dispatch_s
    backward_dispatch_s: float | None = None

    @classmethod
    def from_spec(cls, spec: HostSpec) -> HostCosts:
        """A profile's `host` section in seconds."""
        bwd = spec.backward_dispatch_us
        return cls(
            spec.op_dispatch_us * 1e-6,
            spec.collective_dispatch_us * 1e-6,
            None if bwd is None else bwd * 1e-6,
        )

    def compute_s(self, op: OpSpec) -> float:
        """Issue cost of one compute kernel: backward kernels at the autograd thread's rate where one is set."""
        if self.backward_dispatch_s is not None and op.phase == "backward":
            return self.backward_dispatch_s
        return self.op_dispatch_s

    def of(self, op: OpSpec, c: int) -> float:
        if c == COMPUTE:
            return self.compute_s(op)
        if c in (BLOCKING, NONBLOCKING, P2P):
            return self.collective_dispatch_s
        if c == HOST:
            return op.duration_s
        return 0.0  # waits; a sync's cost is applied by the engine once the GPU is idle


@dataclass(frozen=True)
class Segment:
    i0: int
    i1: int  # exclusive
    total_s: float
    start_off: np.ndarray
    end_off: np.ndarray
    traffic: tuple[tuple[float, float, np.ndarray, np.ndarray], ...]  # relative to the segment start
    collectives: tuple[tuple[int, int], ...] = ()  # (id of a static collective op, how many times it runs)
    # Host thread: dispatch prefix (host time when each op is issued, relative to the host clock at the
    # segment's start), total host time, the largest host lag that never delays the GPU, and the
    # positions of host-only ops (timed on the host clock).
    issued: np.ndarray | None = None
    host_total_s: float = 0.0
    free_lag_s: float = float("inf")
    host_pos: np.ndarray | None = None
    # seconds of compute-bound kernels (GEMMs, attention) in the run, alone: what SM sharing slows
    bound_s: float = 0.0


PlanItem = Segment | int


def plan_rank(
    steps: list,
    static_cost: Callable[[OpSpec], StaticCost | None],
    index: OpIndex | None = None,
    cache: dict[bytes, Segment] | None = None,
    host: HostCosts | None = None,
    contention: Contention | None = None,
) -> list[PlanItem]:
    """Split a program into static segments and the indices of ops the engine must run dynamically.
    `index` is the program's op index (built when not given); `cache` shares timed runs between calls;
    `host` gives each op's issue cost; `contention`, the SMs collectives hold (none: not modelled)."""
    idx = index if index is not None else op_index(steps)
    cache = {} if cache is None else cache
    host = host if host is not None else HostCosts()
    classes = idx.classes.tolist()
    cost: dict[int, StaticCost | None] = {}
    ok = []
    for op, c in zip(idx.ops, classes):
        cost[id(op)] = static_cost(op) if c in (BLOCKING, NONBLOCKING) else None
        ok.append(c in (COMPUTE, HOST) or (c in (BLOCKING, NONBLOCKING) and cost[id(op)] is not None))
    dispatch = np.asarray([host.of(op, c) for op, c in zip(idx.ops, classes)], dtype=float)
    static = np.asarray(ok, dtype=bool)[idx.of_step].tolist()
    step_class = idx.step_classes
    # Only waits, non-blocking collectives and dynamic ops take part in the async-window rules below.
    busy = np.flatnonzero(
        (step_class == WAIT) | (step_class == NONBLOCKING) | ~np.asarray(static, dtype=bool)
    )
    busy_class = step_class[busy].tolist()
    busy_family = [idx.ops[k].family for k in idx.of_step[busy].tolist()]
    busy = busy.tolist()
    # A non-blocking static collective stays static only if it is waited for before any dynamic op; a wait
    # is static only if every non-blocking op it waits for is static.
    nonblocking = [i for i, c in zip(busy, busy_class) if c == NONBLOCKING]
    for _ in range(2):  # the second pass catches waits whose ops were demoted after the wait was seen
        before = [static[j] for j in nonblocking]
        pending: dict[str, list[int]] = {}
        for i, c, family in zip(busy, busy_class, busy_family):
            if c == WAIT:
                waited = pending.pop(family, [])
                good = all(map(static.__getitem__, waited))
                static[i] = good
                if not good:
                    for j in waited:
                        static[j] = False
            elif c == NONBLOCKING:
                pending.setdefault(family, []).append(i)
            elif not static[i]:
                for waited in pending.values():  # a dynamic op inside an open async window
                    for j in waited:
                        static[j] = False
        for waited in pending.values():  # never waited for: leave to the engine
            for j in waited:
                static[j] = False
        if [static[j] for j in nonblocking] == before:
            break  # none was demoted: a second pass would find what this one did

    flags = np.asarray(static, dtype=bool)
    edges = np.diff(np.concatenate(([False], flags, [False])).astype(np.int8))
    runs = zip(np.flatnonzero(edges == 1).tolist(), np.flatnonzero(edges == -1).tolist())
    plan: list[PlanItem] = []
    run = next(runs, None)
    for i in np.flatnonzero(~flags).tolist():
        while run is not None and run[0] < i:
            plan.append(_cached_segment(steps, idx, run[0], run[1], cost, cache, dispatch, contention))
            run = next(runs, None)
        plan.append(i)
    while run is not None:
        plan.append(_cached_segment(steps, idx, run[0], run[1], cost, cache, dispatch, contention))
        run = next(runs, None)
    return plan


def _cached_segment(
    steps: list,
    idx: OpIndex,
    i0: int,
    i1: int,
    cost: dict[int, StaticCost | None],
    cache: dict[bytes, Segment],
    dispatch: np.ndarray,
    contention: Contention | None = None,
) -> Segment:
    key = idx.ids[i0:i1].tobytes()
    seg = cache.get(key)
    if seg is None:
        seg = cache[key] = _host_timed(steps, i0, i1, cost, dispatch[idx.of_step[i0:i1]], contention)
    elif seg.i0 != i0:
        seg = _moved(seg, i0, i1)
    return seg


def _moved(seg: Segment, i0: int, i1: int) -> Segment:
    """`replace(seg, i0=i0, i1=i1)` without dataclasses' per-call field walk (thousands of runs reuse
    one timing)."""
    out = object.__new__(Segment)
    out.__dict__.update(seg.__dict__)
    out.__dict__["i0"] = i0
    out.__dict__["i1"] = i1
    return out


def _host_timed(
    steps: list,
    i0: int,
    i1: int,
    cost: dict[int, StaticCost | None],
    dispatch: np.ndarray,
    contention: Contention | None = None,
) -> Segment:
    """A segment timed with an infinitely early host, plus what the host adds: each GPU op k is issued at
    `issued[k]` (inclusive dispatch prefix) after the host clock at the segment start, so with lag L (host
    clock minus segment start) no op is delayed while L <= min_k(start_k - issued[k])."""
    seg = _segment(steps, i0, i1, cost, contention=contention)
    issued = np.cumsum(dispatch)
    is_host = np.fromiter((steps[k][0].kind == "host" for k in range(i0, i1)), dtype=bool, count=i1 - i0)
    gpu = ~is_host
    free = float(np.min(seg.start_off[gpu] - issued[gpu])) if gpu.any() else float("inf")
    host_pos = np.flatnonzero(is_host)
    return replace(
        seg,
        issued=issued,
        host_total_s=float(issued[-1]) if len(issued) else 0.0,
        free_lag_s=free,
        host_pos=host_pos if len(host_pos) else None,
    )


def retime(
    steps: list,
    seg: Segment,
    cost: dict[int, StaticCost | None],
    lag_s: float,
    contention: Contention | None = None,
) -> Segment:
    """`seg` re-timed for a host that issues its ops `lag_s + issued[k]` after the segment's start."""
    assert seg.issued is not None
    fresh = _segment(steps, seg.i0, seg.i1, cost, release=seg.issued + lag_s, contention=contention)
    return replace(
        fresh,
        issued=seg.issued,
        host_total_s=seg.host_total_s,
        free_lag_s=seg.free_lag_s,
        host_pos=seg.host_pos,
    )


def _segment(
    steps: list,
    i0: int,
    i1: int,
    cost: dict[int, StaticCost | None],
    release: np.ndarray | None = None,
    contention: Contention | None = None,
) -> Segment:
    """Op start and end offsets of a run from its start; `release[k]` (optional): no earlier start;
    `contention`: compute-bound kernels slowed while the run's non-blocking collectives hold SMs."""
    rel = release.tolist() if release is not None else None
    inflight: list[tuple[float, float, float]] = []  # (start, end, held share) of non-blocking collectives
    bound = 0.0
    t = 0.0
    tail: dict[str, float] = {}
    starts = np.empty(i1 - i0)
    ends = np.empty(i1 - i0)
    traffic: list[tuple[float, float, np.ndarray, np.ndarray]] = []
    collectives: Counter[int] = Counter()
    for k in range(i0, i1):
        op = steps[k][0]
        r = rel[k - i0] if rel is not None else 0.0
        if op.is_compute:
            s = t if t >= r else r
            if op.kind in SLOWED_KINDS:
                bound += op.duration_s
                inflight = [iv for iv in inflight if iv[1] > s]
            if op.kind in SLOWED_KINDS and inflight:
                assert contention is not None
                t = contention.finish(s, op.duration_s, inflight)
            else:
                t = s + op.duration_s
            e = t
        elif op.kind == "host":  # host-only: takes no GPU time (its host-clock times are set by the engine)
            s = e = t
        elif op.kind == "wait":
            s = t if t >= r else r
            t = max(s, tail.pop(op.family, 0.0))
            e = t
        else:
            c = cost[id(op)]
            assert c is not None
            collectives[id(op)] += 1
            d, rows = c
            if op.blocking:
                s = t if t >= r else r
                t = s + d
                e = t
            else:
                s = max(t, r, tail.get(op.family, 0.0))
                e = s + d
                tail[op.family] = e
                if contention is not None and e > s:
                    held = contention.held_by(op)
                    if held > 0:
                        inflight.append((s, e, held))
            traffic.extend((s + a, s + b, links, carried) for a, b, links, carried in rows)
        starts[k - i0] = s
        ends[k - i0] = e
    return Segment(i0, i1, t, starts, ends, tuple(traffic), tuple(collectives.items()), bound_s=bound)
