"""Static segments: runs of a rank's program whose timing depends on nothing outside the rank.

A run of compute ops, collectives that no other simulated rank joins and no other traffic can contend
(private groups), non-blocking ones of those that are waited for inside the run, and those waits, takes a
fixed time from whenever the rank reaches it. The planner computes each op's start and end relative to the
run's start once; the engine then advances the whole run with one timeout. This is exact, not an
approximation: the same ops through the general path give the same times (tests compare both).

A deep pipeline repeats the same runs of ops (one per layer chunk and micro-batch), so runs are keyed by
their sequence of ops and each distinct run is timed once (optionally across ranks, through `cache`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from simcluster.engine.opindex import BLOCKING, NONBLOCKING, WAIT, OpIndex, op_index
from simcluster.model.ops import OpSpec

# A static collective's cost: its duration and its link traffic as (start, end, links, bytes per link)
# relative to its own start.
StaticCost = tuple[float, tuple[tuple[float, float, np.ndarray, np.ndarray], ...]]


@dataclass(frozen=True)
class Segment:
    i0: int
    i1: int  # exclusive
    total_s: float
    start_off: np.ndarray
    end_off: np.ndarray
    traffic: tuple[tuple[float, float, np.ndarray, np.ndarray], ...]  # relative to the segment start
    collectives: tuple[tuple[int, int], ...] = ()  # (id of a static collective op, how many times it runs)


PlanItem = Segment | int


def plan_rank(
    steps: list,
    static_cost: Callable[[OpSpec], StaticCost | None],
    index: OpIndex | None = None,
    cache: dict[bytes, Segment] | None = None,
) -> list[PlanItem]:
    """Split a program into static segments and the indices of ops the engine must run dynamically.
    `index` is the program's op index (built when not given); `cache` shares timed runs between calls."""
    idx = index if index is not None else op_index(steps)
    cache = {} if cache is None else cache
    classes = idx.classes.tolist()
    cost: dict[int, StaticCost | None] = {}
    ok = []
    for op, c in zip(idx.ops, classes):
        if c >= BLOCKING:
            cost[id(op)] = static_cost(op)
        ok.append(c == 0 or (c >= BLOCKING and cost[id(op)] is not None))
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
    for _ in range(2):  # the second pass catches waits whose ops were demoted after the wait was seen
        pending: dict[str, list[int]] = {}
        for i, c, family in zip(busy, busy_class, busy_family):
            if c == WAIT:
                waited = pending.pop(family, [])
                good = all(static[j] for j in waited)
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

    flags = np.asarray(static, dtype=bool)
    edges = np.diff(np.concatenate(([False], flags, [False])).astype(np.int8))
    runs = zip(np.flatnonzero(edges == 1).tolist(), np.flatnonzero(edges == -1).tolist())
    plan: list[PlanItem] = []
    run = next(runs, None)
    for i in np.flatnonzero(~flags).tolist():
        while run is not None and run[0] < i:
            plan.append(_cached_segment(steps, idx, run[0], run[1], cost, cache))
            run = next(runs, None)
        plan.append(i)
    while run is not None:
        plan.append(_cached_segment(steps, idx, run[0], run[1], cost, cache))
        run = next(runs, None)
    return plan


def _cached_segment(
    steps: list,
    idx: OpIndex,
    i0: int,
    i1: int,
    cost: dict[int, StaticCost | None],
    cache: dict[bytes, Segment],
) -> Segment:
    key = idx.ids[i0:i1].tobytes()
    seg = cache.get(key)
    if seg is None:
        seg = cache[key] = _segment(steps, i0, i1, cost)
    elif seg.i0 != i0:
        seg = Segment(i0, i1, seg.total_s, seg.start_off, seg.end_off, seg.traffic, seg.collectives)
    return seg


def _segment(steps: list, i0: int, i1: int, cost: dict[int, StaticCost | None]) -> Segment:
    t = 0.0
    tail: dict[str, float] = {}
    starts = np.empty(i1 - i0)
    ends = np.empty(i1 - i0)
    traffic: list[tuple[float, float, np.ndarray, np.ndarray]] = []
    collectives: Counter[int] = Counter()
    for k in range(i0, i1):
        op = steps[k][0]
        if op.is_compute:
            s = t
            t += op.duration_s
            e = t
        elif op.kind == "wait":
            s = t
            t = max(t, tail.pop(op.family, 0.0))
            e = t
        else:
            c = cost[id(op)]
            assert c is not None
            collectives[id(op)] += 1
            d, rows = c
            if op.blocking:
                s = t
                t += d
                e = t
            else:
                s = max(t, tail.get(op.family, 0.0))
                e = s + d
                tail[op.family] = e
            traffic.extend((s + a, s + b, links, carried) for a, b, links, carried in rows)
        starts[k - i0] = s
        ends[k - i0] = e
    return Segment(i0, i1, t, starts, ends, tuple(traffic), tuple(collectives.items()))
