"""Link utilization from the engine's transfer log: per link, bytes over capacity and time, and the busiest
instant; per link class (nvlink, pcie, nic, fabric), the figures summary.json reports.

A transfer phase puts a known number of bytes on each of its links between its start and end; inside the
phase the rate is taken as constant (bytes / duration). Where phases overlap their rates add; the busiest
instant of a link is the largest such sum, capped at 1 (the timeline's fluid queue carries any excess into
the link's next idle moment, so the drawn curve never exceeds 100% and its maximum is this same number).

The engine shares one (links, bytes) pair of arrays between every phase of one collective shape, so a
1,024-GPU log of millions of (phase, link) entries holds a few dozen distinct pairs: everything here works
per pair (`LogIndex`) and never lays out one row per (phase, link) for all links at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter

import numpy as np

# Summing overlapping phases per link costs one entry per (phase, link): past this many, a class's peak is
# taken over its PEAK_LINKS_PER_CLASS most loaded links only (memory stays bounded on huge contended runs).
PEAK_BUDGET = 20_000_000
PEAK_LINKS_PER_CLASS = 32

Log = Sequence[tuple[float, float, np.ndarray, np.ndarray]]  # (start_s, end_s, link ids, bytes per link)


@dataclass(frozen=True)
class LogIndex:
    """The log by distinct (links, bytes) pair: per phase its start, end and pair; per pair its arrays."""

    t0: np.ndarray
    t1: np.ndarray
    pair: np.ndarray
    links: list[np.ndarray]
    nbytes: list[np.ndarray]


def log_index(log: Log) -> LogIndex:
    """The log's phases by distinct (links, bytes) pair, pairs numbered in order of first appearance. Pairs
    are told apart by the identity of their arrays (the engine shares them, and they live as long as the
    log), found with sorts over the phases rather than a dictionary lookup per phase."""
    n = len(log)

    def column(i: int, f: Callable = float, dtype: type = float) -> np.ndarray:
        return np.fromiter(map(f, map(itemgetter(i), log)), dtype=dtype, count=n)

    _, a = np.unique(column(2, id, np.int64), return_inverse=True)
    _, b = np.unique(column(3, id, np.int64), return_inverse=True)
    _, first, inverse = np.unique(a * (int(b.max(initial=0)) + 1) + b, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")  # distinct pairs by first appearance
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order))
    firsts = first[order].tolist()
    links = [np.asarray(log[i][2], dtype=np.int64) for i in firsts]
    nbytes = [np.asarray(log[i][3], dtype=float) for i in firsts]
    return LogIndex(column(0), column(1), rank[inverse.reshape(-1)], links, nbytes)


def link_rows(ix: LogIndex, link: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(start, end, bytes) of every phase that put bytes on `link`, in log order."""
    on = np.zeros(len(ix.links))
    has = np.zeros(len(ix.links), dtype=bool)
    for j, (lk, nb) in enumerate(zip(ix.links, ix.nbytes)):
        pos = np.flatnonzero(lk == link)
        if len(pos):
            has[j] = True
            on[j] = nb[pos].sum()
    sel = has[ix.pair]
    return ix.t0[sel], ix.t1[sel], on[ix.pair[sel]]


def link_carried(ix: LogIndex, n_links: int) -> np.ndarray:
    """Bytes each link carried over the log."""
    total = np.zeros(n_links)
    for lk, nb, c in zip(ix.links, ix.nbytes, np.bincount(ix.pair, minlength=len(ix.links))):
        np.add.at(total, lk, nb * float(c))
    return total


def link_peaks(ix: LogIndex, capacity_Bps: Sequence[float], wanted: np.ndarray | None = None) -> np.ndarray:
    """Per link, the highest utilization at any instant (0..1): the largest sum of the rates of the phases
    on it at one time (a phase ending when another starts does not overlap it), capped at 1. A phase of no
    duration that moves bytes counts as 1.

    A link that one phase alone fills (its bottleneck: most links that carry anything) is at 1 already; the
    overlaps are summed, in time order per link, only on the others, and only where `wanted` (a mask over
    links; default all) is set: elsewhere a link keeps its single-phase figure (a lower bound)."""
    return overlap_peaks(ix, capacity_Bps, single_phase_peaks(ix, capacity_Bps), wanted)


def _rows_by_pair(ix: LogIndex) -> list[np.ndarray]:
    """The log's phase indices grouped by (links, bytes) pair, in log order within each."""
    by_pair = np.argsort(ix.pair, kind="stable")
    return np.split(by_pair, np.cumsum(np.bincount(ix.pair, minlength=len(ix.links)))[:-1])


def single_phase_peaks(ix: LogIndex, capacity_Bps: Sequence[float]) -> np.ndarray:
    """Per link, the highest utilization one phase alone gives it (uncapped; inf for a phase of no
    duration that moves bytes)."""
    cap = np.asarray(capacity_Bps, dtype=float)
    out = np.zeros(len(cap))
    dur = ix.t1 - ix.t0
    rows_of = _rows_by_pair(ix)
    for lk, nb, rows in zip(ix.links, ix.nbytes, rows_of):  # the shortest phase of a pair is its fastest
        d = dur[rows]
        shortest = float(d.min()) if len(d) else 1.0
        single = np.where(nb > 0, np.inf, 0.0) if shortest <= 0 else nb / shortest / cap[lk]
        np.maximum.at(out, lk, single)
    return out


def overlap_peaks(
    ix: LogIndex, capacity_Bps: Sequence[float], single: np.ndarray, wanted: np.ndarray | None = None
) -> np.ndarray:
    """`single` raised by the sums of overlapping phases on the links not already at 1 (and in `wanted`),
    capped at 1.

    Each (phase, link) entry adds its rate at the phase's start and takes it off at its end; the running sum
    per link, in time order (at one instant, ends before starts), peaks at the busiest instant. The entries
    are laid out already in time order, phase by phase (the phases' starts and ends sorted once, ties in
    the order of their pair and of the log), then grouped by link with one stable pass over the links'
    positions (a radix sort where there are fewer than 32,768): the order `np.lexsort((start, time, link))`
    gives over entries made pair by pair, so the sums are the same to the last bit."""
    cap = np.asarray(capacity_Bps, dtype=float)
    out = single.copy()
    dur = ix.t1 - ix.t0
    rest = out < 1.0
    if wanted is not None:
        rest &= wanted
    ids_of, per_of = [], []
    for lk, nb in zip(ix.links, ix.nbytes):
        sub = rest[lk] & (nb > 0)
        ids_of.append(lk[sub])
        per_of.append(nb[sub] / cap[lk[sub]])
    count = np.array([len(x) for x in ids_of], dtype=np.int64)
    phase = np.flatnonzero((dur > 0) & (count[ix.pair] > 0)) if len(count) else np.zeros(0, dtype=np.int64)
    if not len(phase):
        return np.minimum(out, 1.0)
    # the phases' ends (flag 0) and starts (flag 1) by (time, flag, pair, place in the log)
    ev_phase = np.concatenate([phase, phase])
    ev_start = np.concatenate([np.ones(len(phase), dtype=np.int8), np.zeros(len(phase), dtype=np.int8)])
    ev_time = np.concatenate([ix.t0[phase], ix.t1[phase]])
    ev = np.lexsort((ev_phase, ix.pair[ev_phase], ev_start, ev_time))
    ev_phase, ev_start = ev_phase[ev], ev_start[ev]
    ev_pair = ix.pair[ev_phase]
    # each event's entries: its pair's open links, in the pair's order
    n = count[ev_pair]
    first_of_pair = np.concatenate([[0], np.cumsum(count)[:-1]])
    at = np.repeat(first_of_pair[ev_pair] - np.concatenate([[0], np.cumsum(n)[:-1]]), n)
    at += np.arange(len(at))
    link = np.concatenate(ids_of)[at]
    delta = np.concatenate(per_of)[at]
    del at  # (entries can number tens of millions: temporaries are let go as soon as they are used)
    delta /= np.repeat(dur[ev_phase], n)  # the rate
    np.negative(delta, out=delta, where=np.repeat(ev_start == 0, n))  # taken off at the end
    opened = np.flatnonzero(rest)
    place = np.zeros(len(cap), dtype=np.int16 if len(opened) < 2**15 else np.int64)
    place[opened] = np.arange(len(opened))
    order = np.argsort(place[link], kind="stable")  # 16-bit keys: a radix sort
    link, delta = link[order], delta[order]  # per link in time; at one instant, ends before starts
    del order
    _raise_to_running_peaks(out, link, delta)
    return np.minimum(out, 1.0)


def _raise_to_running_peaks(out: np.ndarray, link: np.ndarray, delta: np.ndarray) -> None:
    """Raise `out[l]` to the highest running sum of `delta` over each link's entries (`link` grouped by link,
    each group in time order)."""
    first = np.flatnonzero(np.r_[True, link[1:] != link[:-1]])
    cum = np.cumsum(delta)
    before = np.r_[0.0, cum][first]  # what earlier links left in the running sum (rounding only)
    level = cum - np.repeat(before, np.diff(np.r_[first, len(link)]))
    np.maximum.at(out, link[first], np.maximum.reduceat(level, first))


def _overlap_peaks_lexsort(
    ix: LogIndex, capacity_Bps: Sequence[float], single: np.ndarray, wanted: np.ndarray | None = None
) -> np.ndarray:
    """`overlap_peaks` with its entries made pair by pair and sorted with one lexsort (the tests' reference)."""
    cap = np.asarray(capacity_Bps, dtype=float)
    out = single.copy()
    dur = ix.t1 - ix.t0
    rows_of = _rows_by_pair(ix)
    rest = out < 1.0
    if wanted is not None:
        rest &= wanted
    link_parts, time_parts, delta_parts, start_parts = [], [], [], []
    for lk, nb, rows in zip(ix.links, ix.nbytes, rows_of):
        sub = rest[lk] & (nb > 0)
        rows = rows[dur[rows] > 0]
        if not sub.any() or not len(rows):
            continue
        ids, per = lk[sub], nb[sub] / cap[lk[sub]]
        rate = (per[None, :] / dur[rows][:, None]).ravel()  # phase-major: (rows, links)
        link = np.tile(ids, len(rows))
        for t, s, sign in ((ix.t0, 1, 1.0), (ix.t1, 0, -1.0)):
            link_parts.append(link)
            time_parts.append(np.repeat(t[rows], len(ids)))
            delta_parts.append(sign * rate)
            start_parts.append(np.full(len(link), s, dtype=np.int8))
    if link_parts:
        link = np.concatenate(link_parts)
        delta = np.concatenate(delta_parts)
        order = np.lexsort((np.concatenate(start_parts), np.concatenate(time_parts), link))
        link, delta = link[order], delta[order]  # per link in time; at one instant, ends before starts
        _raise_to_running_peaks(out, link, delta)
    return np.minimum(out, 1.0)


def class_utilization(
    log: Log,
    capacity_Bps: Sequence[float],
    link_class: Sequence[str],
    t_end_s: float,
    ix: LogIndex | None = None,
) -> dict[str, dict[str, float | int]]:
    """Per link class: `links` (directed links of the class), `average` (bytes the class carried over its
    links' capacity times the iteration: the mean utilization of its links), `busiest_average` (the highest
    one link of the class reaches over the iteration) and `peak` (the busiest instant of any of its links:
    1 where one phase alone fills a link; else the overlaps on every link of the class, or, past
    PEAK_BUDGET entries, on its PEAK_LINKS_PER_CLASS most loaded links). `ix`: the log's index, when the
    caller has it."""
    cap = np.asarray(capacity_Bps, dtype=float)
    cls = np.asarray(link_class)
    ix = log_index(log) if ix is None else ix
    carried = link_carried(ix, len(cap))
    # a class's peak is its busiest link's: where one phase alone already fills a link of the class, the
    # others need no overlap sums (which, on large contended runs, would pair every phase with every link)
    single = single_phase_peaks(ix, cap)
    open_links = np.isin(cls, sorted(c for c in set(link_class) if single[cls == c].max(initial=0.0) < 1.0))
    rows = np.bincount(ix.pair, minlength=len(ix.links))
    work = sum(int(n) * int(open_links[lk].sum()) for lk, n in zip(ix.links, rows))
    wanted = open_links
    if work > PEAK_BUDGET:  # too many (phase, link) overlaps: the most loaded links of each open class
        wanted = np.zeros(len(cap), dtype=bool)
        for name in set(cls[open_links]):
            members = np.flatnonzero(cls == name)
            wanted[members[np.argsort(-carried[members], kind="stable")[:PEAK_LINKS_PER_CLASS]]] = True
    peaks = overlap_peaks(ix, cap, single, wanted)
    out: dict[str, dict[str, float | int]] = {}
    for name in sorted(set(link_class)):
        sel = cls == name
        span = cap[sel] * t_end_s
        per_link = np.divide(carried[sel], span, out=np.zeros(int(sel.sum())), where=span > 0)
        total = float(span.sum())
        out[name] = {
            "links": int(sel.sum()),
            "average": float(carried[sel].sum() / total) if total > 0 else 0.0,
            "busiest_average": float(per_link.max(initial=0.0)),
            "peak": float(peaks[sel].max(initial=0.0)),
        }
    return out
