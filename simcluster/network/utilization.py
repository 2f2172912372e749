"""Link utilization from the engine's transfer log: per link, bytes over capacity and time, and the busiest
instant; per link class (nvlink, pcie, nic, fabric), the figures summary.json reports.

A transfer phase puts a known number of bytes on each of its links between its start and end; inside the
phase the rate is taken as constant (bytes / duration). Where phases overlap their rates add; the busiest
instant of a link is the largest such sum, capped at 1 (the timeline's fluid queue carries any excess into
the link's next idle moment, so the drawn curve never exceeds 100% and its maximum is this same number).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

Log = Sequence[tuple[float, float, np.ndarray, np.ndarray]]  # (start_s, end_s, link ids, bytes per link)


def flatten(log: Log) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One row per (phase, link): link id, bytes, start and end (s)."""
    if not log:
        z = np.zeros(0)
        return np.zeros(0, dtype=np.int64), z, z, z
    counts = np.fromiter((len(row[2]) for row in log), dtype=np.int64, count=len(log))
    ids = np.concatenate([row[2] for row in log]).astype(np.int64)
    nbytes = np.concatenate([np.asarray(row[3], dtype=float) for row in log])
    t0 = np.repeat(np.fromiter((row[0] for row in log), dtype=float, count=len(log)), counts)
    t1 = np.repeat(np.fromiter((row[1] for row in log), dtype=float, count=len(log)), counts)
    return ids, nbytes, t0, t1


def link_peaks(log: Log, capacity_Bps: Sequence[float]) -> np.ndarray:
    """Per link, the highest utilization at any instant (0..1): the largest sum of the rates of the phases
    on it at one time (a phase ending when another starts does not overlap it), capped at 1. A phase of no
    duration that moves bytes counts as 1.

    A link that one phase alone fills (its bottleneck: most links that carry anything) is at 1 already; the
    overlaps are summed, in time order per link, only on the others."""
    return _peaks(*flatten(log), np.asarray(capacity_Bps, dtype=float))


def _peaks(
    ids: np.ndarray, nbytes: np.ndarray, t0: np.ndarray, t1: np.ndarray, cap: np.ndarray
) -> np.ndarray:
    out = np.zeros(len(cap))
    if not len(ids):
        return out
    dur = t1 - t0
    pos = dur > 0
    rate = np.where(pos, nbytes / np.where(pos, dur, 1.0) / cap[ids], np.where(nbytes > 0, np.inf, 0.0))
    np.maximum.at(out, ids, rate)
    rest = pos & (out[ids] < 1.0)
    ids, t0, t1, rate = ids[rest], t0[rest], t1[rest], rate[rest]
    if len(ids):
        link = np.concatenate([ids, ids])
        time = np.concatenate([t0, t1])
        start = np.concatenate([np.ones(len(ids), dtype=np.int8), np.zeros(len(ids), dtype=np.int8)])
        delta = np.concatenate([rate, -rate])
        order = np.lexsort((start, time, link))  # per link in time; at one instant, ends before starts
        link, delta = link[order], delta[order]
        first = np.flatnonzero(np.r_[True, link[1:] != link[:-1]])
        cum = np.cumsum(delta)
        before = np.r_[0.0, cum][first]  # what earlier links left in the running sum (rounding only)
        level = cum - np.repeat(before, np.diff(np.r_[first, len(link)]))
        np.maximum.at(out, link[first], np.maximum.reduceat(level, first))
    return np.minimum(out, 1.0)


def link_carried(log: Log, n_links: int) -> np.ndarray:
    """Bytes each link carried over the log."""
    ids, nbytes, _, _ = flatten(log)
    return np.bincount(ids, weights=nbytes, minlength=n_links).astype(float)


def class_utilization(
    log: Log, capacity_Bps: Sequence[float], link_class: Sequence[str], t_end_s: float
) -> dict[str, dict[str, float | int]]:
    """Per link class: `links` (directed links of the class), `average` (bytes the class carried over its
    links' capacity times the iteration: the mean utilization of its links), `busiest_average` (the highest
    one link of the class reaches over the iteration) and `peak` (the busiest instant of any of its links)."""
    cap = np.asarray(capacity_Bps, dtype=float)
    cls = np.asarray(link_class)
    flat = flatten(log)
    carried = np.bincount(flat[0], weights=flat[1], minlength=len(cap)).astype(float)
    peaks = _peaks(*flat, cap)
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
