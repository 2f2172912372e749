"""Fluid flow model: transfers share directed links by max-min fairness, recomputed when one starts or ends.

A *transfer* is a set of flows that advance in lock-step, like the n flows of one ring step (a ring is as
fast as its slowest hop). It is described by `links` and `weights`: how many of its flows cross each link.
Every flow of a transfer gets the same rate r, so it loads link l with weights[l] * r. Progressive filling
gives each transfer its max-min fair rate. Only transfers connected to the one that changed (through shared
links) are recomputed, and a transfer alone on its links takes its bottleneck rate at once. Pure numpy, no
SimPy: the engine calls it and schedules the completions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass
class Flowing:
    links: np.ndarray
    weights: np.ndarray
    remaining_bytes: float
    rate_Bps: float = 0.0
    since_s: float = 0.0
    version: int = 0


@dataclass
class FlowModel:
    capacity_Bps: np.ndarray
    active: dict[int, Flowing] = field(default_factory=dict)
    link_bytes: np.ndarray = field(init=False)
    users: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.capacity_Bps = np.asarray(self.capacity_Bps, dtype=float)
        self.link_bytes = np.zeros(len(self.capacity_Bps))
        self.users = np.zeros(len(self.capacity_Bps), dtype=np.int32)

    def bottleneck(self, links: np.ndarray, weights: np.ndarray) -> float:
        """Rate of a transfer alone on its links."""
        return float(np.min(self.capacity_Bps[links] / weights))

    def add(self, tid: int, links: np.ndarray, weights: np.ndarray, nbytes: float, now: float) -> list[int]:
        """Start a transfer; returns the ids whose rate changed (their completion must be rescheduled)."""
        shared = bool(self.users[links].any())
        f = Flowing(links=links, weights=weights, remaining_bytes=nbytes, since_s=now)
        self.active[tid] = f
        self.users[links] += 1
        if not shared:
            f.rate_Bps = self.bottleneck(links, weights)
            f.version += 1
            return [tid]
        return self._fill(self._component([tid]), now)

    def remove(self, tid: int, now: float) -> list[int]:
        f = self.active.pop(tid)
        self._account(f, now)
        self.users[f.links] -= 1
        if not self.users[f.links].any():
            return []
        mark = np.zeros(len(self.capacity_Bps), dtype=bool)
        mark[f.links] = True
        seeds = [t for t, g in self.active.items() if mark[g.links].any()]
        return self._fill(self._component(seeds), now) if seeds else []

    def finish_time(self, tid: int) -> float:
        f = self.active[tid]
        return f.since_s + f.remaining_bytes / f.rate_Bps if f.rate_Bps > 0 else float("inf")

    def _account(self, f: Flowing, now: float) -> None:
        moved = f.rate_Bps * (now - f.since_s)
        if moved > 0:
            f.remaining_bytes = max(0.0, f.remaining_bytes - moved)
            self.link_bytes[f.links] += f.weights * moved
        f.since_s = now

    def _component(self, seeds: list[int]) -> list[int]:
        """Every active transfer connected to the seeds through shared links."""
        mark = np.zeros(len(self.capacity_Bps), dtype=bool)
        comp = set(seeds)
        for t in seeds:
            mark[self.active[t].links] = True
        grew = True
        while grew:
            grew = False
            for t, g in self.active.items():
                if t not in comp and mark[g.links].any():
                    comp.add(t)
                    mark[g.links] = True
                    grew = True
        return sorted(comp)

    def _fill(self, comp: list[int], now: float) -> list[int]:
        """Progressive filling over the transfers in `comp`; returns those whose rate changed."""
        act = self.active
        flows = [act[t] for t in comp]
        links = np.concatenate([g.links for g in flows])
        union, cols = np.unique(links, return_inverse=True)
        rows = np.repeat(np.arange(len(comp)), [len(g.links) for g in flows])
        w = np.zeros((len(comp), len(union)))
        w[rows, cols] = np.concatenate([g.weights for g in flows])
        residual = self.capacity_Bps[union].copy()
        unfrozen = np.ones(len(comp), dtype=bool)
        rates = np.zeros(len(comp))
        while unfrozen.any():
            load = w[unfrozen].sum(axis=0)
            used = load > 1e-12
            share = np.full(len(union), np.inf)
            share[used] = residual[used] / load[used]
            j = int(np.argmin(share))
            best = share[j]
            hit = unfrozen & (w[:, j] > 0)
            rates[hit] = best
            residual -= best * w[hit].sum(axis=0)
            np.maximum(residual, 0.0, out=residual)
            unfrozen &= ~hit
        changed = []
        for row, t in enumerate(comp):
            g = act[t]
            if g.rate_Bps != rates[row]:
                self._account(g, now)
                g.rate_Bps = float(rates[row])
                g.version += 1
                changed.append(t)
        return changed
