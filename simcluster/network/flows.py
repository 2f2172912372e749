"""Fluid flow model: transfers share directed links by max-min fairness, recomputed when one starts or ends.

A *transfer* is a set of flows that advance in lock-step, like the n flows of one ring step (a ring is as
fast as its slowest hop). It is described by `links` and `weights`: how many of its flows cross each link.
Every flow of a transfer gets the same rate r, so it loads link l with weights[l] * r. Progressive filling
gives each transfer its max-min fair rate. Only transfers connected to the one that changed (through shared
links) are recomputed, and a transfer alone on its links takes its bottleneck rate at once. Pure numpy, no
SimPy: the engine calls it and schedules the completions.

A link may also cap each single flow crossing it (`per_flow_Bps`: one connection on a NIC does not fill the
NIC): a transfer with weight w on such a link runs at most cap / min(w, 1) (w >= 1: whole flows, each its own
connection; w < 1: a flow split over several NICs puts w of it on this one). Caps enter the progressive
filling as a private bound per transfer.

Simulations start the same few link patterns (one per collective phase) over and over, so each distinct
(links, weights) pair is interned once as a *pattern*: whether two patterns share a link and the fair rates
of a component (a function of its patterns, in order, alone) are computed once and reused.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

# Cached component rates are dropped wholesale past this many entries (bounds memory on huge contended runs).
_MAX_CACHED_COMPONENTS = 1 << 16
# Arrays recognized by identity (they are kept alive while remembered, so their ids stay theirs).
_MAX_SEEN_ARRAYS = 1 << 12


@dataclass
class Flowing:
    links: np.ndarray
    weights: np.ndarray
    remaining_bytes: float
    rate_Bps: float = 0.0
    since_s: float = 0.0
    version: int = 0
    pattern: int = 0


@dataclass
class FlowModel:
    capacity_Bps: np.ndarray
    per_flow_Bps: np.ndarray | None = None  # per link: the most one flow gets (inf: no cap)
    active: dict[int, Flowing] = field(default_factory=dict)
    link_bytes: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.capacity_Bps = np.asarray(self.capacity_Bps, dtype=float)
        if self.per_flow_Bps is not None:
            caps = np.asarray(self.per_flow_Bps, dtype=float)
            self.per_flow_Bps = caps if np.isfinite(caps).any() else None
        self.link_bytes = np.zeros(len(self.capacity_Bps))
        self._pattern_of: dict[tuple, int] = {}
        self._seen: dict[tuple[int, int], tuple[int, np.ndarray, np.ndarray]] = {}
        self._patterns: list[tuple[np.ndarray, np.ndarray]] = []
        self._alone: list[float] = []  # rate of each pattern alone on its links
        self._caps: list[float] = []  # per-flow cap of each pattern (inf: none)
        self._neighbours: list[set[int]] = []  # per pattern: the patterns it shares a link with
        self._link_patterns: dict[int, list[int]] = {}
        self._rates: dict[tuple[int, ...], list[float]] = {}

    def bottleneck(self, links: np.ndarray, weights: np.ndarray) -> float:
        """Rate of a transfer alone on its links (links' capacity only)."""
        return float(np.min(self.capacity_Bps[links] / weights))

    def flow_cap(self, links: np.ndarray, weights: np.ndarray) -> float:
        """The most a transfer's flows may run at under the links' per-flow caps (inf: none)."""
        if self.per_flow_Bps is None or not len(links):
            return float("inf")
        return float(np.min(self.per_flow_Bps[links] / np.minimum(weights, 1.0)))

    def alone_rate(self, links: np.ndarray, weights: np.ndarray) -> float:
        """Rate of a transfer alone on its links, per-flow caps included."""
        return min(self.bottleneck(links, weights), self.flow_cap(links, weights))

    def add(self, tid: int, links: np.ndarray, weights: np.ndarray, nbytes: float, now: float) -> list[int]:
        """Start a transfer; returns the ids whose rate changed (their completion must be rescheduled)."""
        p = self._pattern(links, weights)
        near = self._neighbours[p]
        shared = any(g.pattern in near for g in self.active.values())
        f = Flowing(links=links, weights=weights, remaining_bytes=nbytes, since_s=now, pattern=p)
        self.active[tid] = f
        if not shared:
            f.rate_Bps = self._alone[p]
            f.version += 1
            return [tid]
        return self._fill(self._component([tid]), now)

    def remove(self, tid: int, now: float) -> list[int]:
        f = self.active.pop(tid)
        self._account(f, now)
        near = self._neighbours[f.pattern]
        seeds = [t for t, g in self.active.items() if g.pattern in near]
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

    # -- patterns -----------------------------------------------------------------------------------------
    def _pattern(self, links: np.ndarray, weights: np.ndarray) -> int:
        """The interned id of a (links, weights) pair, by content (callers usually pass the same arrays
        again, which are recognized by identity first)."""
        seen = self._seen.get((id(links), id(weights)))
        if seen is not None and seen[1] is links and seen[2] is weights:
            return seen[0]
        key = (links.dtype.str, links.tobytes(), weights.dtype.str, weights.tobytes())
        p = self._pattern_of.get(key)
        if len(self._seen) >= _MAX_SEEN_ARRAYS:
            self._seen.clear()
        self._seen[(id(links), id(weights))] = (p if p is not None else len(self._patterns), links, weights)
        if p is None:
            p = self._pattern_of[key] = len(self._patterns)
            self._patterns.append((links, weights))
            self._alone.append(self.alone_rate(links, weights))
            self._caps.append(self.flow_cap(links, weights))
            near: set[int] = set()
            for link in links.tolist():
                users = self._link_patterns.setdefault(link, [])
                near.update(users)
                users.append(p)
            for q in near:
                self._neighbours[q].add(p)
            if len(links):
                near.add(p)
            self._neighbours.append(near)
        return p

    def _component(self, seeds: list[int]) -> list[int]:
        """Every active transfer connected to the seeds through shared links."""
        act = self.active
        comp = set(seeds)
        others = [t for t in act if t not in comp]
        stack = list(seeds)
        while stack and others:
            near = self._neighbours[act[stack.pop()].pattern]
            rest = []
            for t in others:
                if act[t].pattern in near:
                    comp.add(t)
                    stack.append(t)
                else:
                    rest.append(t)
            others = rest
        return sorted(comp)

    # -- progressive filling --------------------------------------------------------------------------------
    def _fill(self, comp: list[int], now: float) -> list[int]:
        """Max-min fair rates for the transfers in `comp`; returns those whose rate changed."""
        act = self.active
        flows = [act[t] for t in comp]
        key = tuple(g.pattern for g in flows)
        rates = self._rates.get(key)
        if rates is None:
            if len(self._rates) >= _MAX_CACHED_COMPONENTS:
                self._rates.clear()
            rates = self._rates[key] = self._progressive(key)
        changed = []
        for t, g, r in zip(comp, flows, rates):
            if g.rate_Bps != r:
                self._account(g, now)
                g.rate_Bps = r
                g.version += 1
                changed.append(t)
        return changed

    def _progressive(self, patterns: tuple[int, ...]) -> list[float]:
        """Progressive filling over transfers with these patterns (in order); returns their rates."""
        pats = [self._patterns[p] for p in patterns]
        links = np.concatenate([lk for lk, _w in pats])
        union, cols = np.unique(links, return_inverse=True)
        rows = np.repeat(np.arange(len(pats)), [len(lk) for lk, _w in pats])
        w = np.zeros((len(pats), len(union)))
        w[rows, cols] = np.concatenate([wt for _lk, wt in pats])
        residual = self.capacity_Bps[union].copy()
        caps = np.array([self._caps[p] for p in patterns])
        unfrozen = np.ones(len(pats), dtype=bool)
        rates = np.zeros(len(pats))
        while unfrozen.any():
            load = w[unfrozen].sum(axis=0)
            used = load > 1e-12
            share = np.full(len(union), np.inf)
            share[used] = residual[used] / load[used]
            j = int(np.argmin(share))
            best = share[j]
            capped = float(caps[unfrozen].min())
            if capped < best:  # a transfer reaches its per-flow cap before any link fills
                best = capped
                hit = unfrozen & (caps <= capped)
            else:
                hit = unfrozen & (w[:, j] > 0)
            rates[hit] = best
            residual -= best * w[hit].sum(axis=0)
            np.maximum(residual, 0.0, out=residual)
            unfrozen &= ~hit
        return [float(r) for r in rates]
