"""Static segments: runs of a rank's program whose timing depends on nothing outside the rank.

A run of compute ops, collectives that no other simulated rank joins and no other traffic can contend
(private groups), non-blocking ones of those that are waited for inside the run, and those waits, takes a
fixed time from whenever the rank reaches it. The planner computes each op's start and end relative to the
run's start once; the engine then advances the whole run with one timeout. This is exact, not an
approximation: the same ops through the general path give the same times (tests compare both).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

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


PlanItem = Segment | int


def plan_rank(steps: list, static_cost: Callable[[OpSpec], StaticCost | None]) -> list[PlanItem]:
    """Split a program into static segments and the indices of ops the engine must run dynamically."""
    n = len(steps)
    # per distinct op: 0 compute, 1 wait, 2 send/recv, 3 blocking collective, 4 non-blocking collective
    codes: dict[int, int] = {}
    cost: dict[int, StaticCost | None] = {}
    code = []
    static = []
    for st in steps:
        op = st[0]
        c = codes.get(id(op))
        if c is None:
            if op.is_compute:
                c = 0
            elif op.kind == "wait":
                c = 1
            elif op.kind in ("send", "recv"):
                c = 2
            else:
                c = 3 if op.blocking else 4
                cost[id(op)] = static_cost(op)
            codes[id(op)] = c
        code.append(c)
        static.append(c == 0 or (c >= 3 and cost[id(op)] is not None))
    # A non-blocking static collective stays static only if it is waited for before any dynamic op; a wait
    # is static only if every non-blocking op it waits for is static.
    for _ in range(2):  # the second pass catches waits whose ops were demoted after the wait was seen
        pending: dict[str, list[int]] = {}
        for i in range(n):
            c = code[i]
            if c == 0:
                continue
            if c == 1:
                waited = pending.pop(steps[i][0].family, [])
                ok = all(static[j] for j in waited)
                static[i] = ok
                if not ok:
                    for j in waited:
                        static[j] = False
            elif c == 4:
                pending.setdefault(steps[i][0].family, []).append(i)
            elif not static[i]:
                for waited in pending.values():  # a dynamic op inside an open async window
                    for j in waited:
                        static[j] = False
        for waited in pending.values():  # never waited for: leave to the engine
            for j in waited:
                static[j] = False

    plan: list[PlanItem] = []
    i = 0
    while i < n:
        if not static[i]:
            plan.append(i)
            i += 1
            continue
        j = i
        while j < n and static[j]:
            j += 1
        plan.append(_segment(steps, i, j, cost))
        i = j
    return plan


def _segment(steps: list, i0: int, i1: int, cost: dict[int, StaticCost | None]) -> Segment:
    t = 0.0
    tail: dict[str, float] = {}
    starts = np.empty(i1 - i0)
    ends = np.empty(i1 - i0)
    traffic: list[tuple[float, float, np.ndarray, np.ndarray]] = []
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
    return Segment(i0, i1, t, starts, ends, tuple(traffic))
