"""A link's utilization as average and busiest-instant pieces, and its averages over windows of any range.

Built like `series.link_utilization` (the transfer log's phases as rates, passed through the link's fluid
queue) but kept exact up to FINE_PIECES pieces, and past that as FINE_PIECES equal bins that remember both
their average and their busiest instant; `windows` then averages any time range into equal windows. The
timeline's link panel draws these windows (`linkpanel.py`) and its script recomputes them on zoom.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcluster.network.utilization import link_rows
from simcluster.report.series import _drain, _rebin, _rebin_max, link_name
from simcluster.simulate import SimResult

FINE_PIECES = 8192  # per link; zoomed in further, the page shows these bins' average and busiest instant


@dataclass(frozen=True)
class LinkLoad:
    """On [start_s[i], start_s[i + 1]) (the last piece up to end_s) the link's average utilization is
    mean[i] and its busiest instant peak[i] (0..1; equal where the pieces are exact)."""

    name: str
    link_class: str
    start_s: np.ndarray
    end_s: float
    mean: np.ndarray
    peak: np.ndarray

    def average(self) -> float:
        """Average utilization over [0, end_s]: the bytes carried over capacity x time."""
        width = np.diff(np.append(self.start_s, self.end_s))
        return float(np.sum(self.mean * width) / self.end_s) if self.end_s > 0 else 0.0


def drained(
    t0: np.ndarray, t1: np.ndarray, nbytes: np.ndarray, cap_Bps: float, t_end: float
) -> tuple[np.ndarray, np.ndarray]:
    """One link's exact utilization step function (knots, values) from its phases (start, end, bytes),
    through the fluid queue (as `series.link_utilization` computes it before binning)."""
    dur = t1 - t0
    pos = dur > 0
    edges = np.unique(np.concatenate([[0.0], t0, t1]))
    delta = np.zeros(len(edges))
    r = np.where(pos, nbytes / np.where(pos, dur, 1.0) / cap_Bps, 0.0)
    np.add.at(delta, np.searchsorted(edges, t0[pos]), r[pos])
    np.add.at(delta, np.searchsorted(edges, t1[pos]), -r[pos])
    rate = np.cumsum(delta)[:-1]
    for t, b in zip(t0[~pos], nbytes[~pos]):  # phases of no duration queue their bytes at their start
        if len(rate):
            k = min(max(int(np.searchsorted(edges, t, side="right")) - 1, 0), len(rate) - 1)
            rate[k] += b / cap_Bps / max(edges[k + 1] - edges[k], 1e-30)
    if len(edges) < 2:
        edges, rate = np.array([0.0, t_end]), np.array([0.0])
    return _drain(edges, np.maximum(rate, 0.0))


def link_loads(res: SimResult, links: list[int], pieces: int | None = None) -> list[LinkLoad]:
    """The pieces of each link in `links` over the iteration (at most `pieces`, default FINE_PIECES)."""
    pieces = FINE_PIECES if pieces is None else pieces
    it = res.engine.iteration_time_s
    cap = res.topology.capacity_Bps
    ix = res.log_index()
    out = []
    done: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}  # links that carried the same phases alike
    for lk in links:
        rows = link_rows(ix, lk)
        key = (*(a.tobytes() for a in rows), float(cap[lk]))
        if key not in done:
            done[key] = drained(*rows, float(cap[lk]), it)
        t, v = (a.copy() for a in done[key])
        end = max(it, float(t[-1]))  # the last knot starts the idle tail (value 0) up to the end
        v = np.minimum(v, 1.0)
        if len(t) > pieces:
            s0, mean = _rebin(t, v, end, pieces)
            _, peak = _rebin_max(t, v, end, pieces)
        else:
            s0, mean, peak = t, v, v
        cls = res.topology.link_class[lk]
        out.append(LinkLoad(link_name(res, lk), cls, s0, end, np.minimum(mean, 1.0), np.minimum(peak, 1.0)))
    return out


def windows(load: LinkLoad, t0: float, t1: float, count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Average and busiest-instant utilization of a link over `count` equal windows of [t0, t1]: window
    starts, averages, peaks (the page's script computes the same when the view is zoomed)."""
    edges = np.linspace(t0, t1, count + 1)
    knots = np.append(load.start_s, load.end_s)
    area = np.concatenate([[0.0], np.cumsum(load.mean * np.diff(knots))])
    cum = np.interp(edges, knots, area, left=0.0, right=float(area[-1]))
    width = np.diff(edges)
    avg = np.divide(np.diff(cum), width, out=np.zeros(count), where=width > 0)
    # pieces overlapping each window: from the one holding at its start to the last starting before its end
    first = np.clip(np.searchsorted(load.start_s, edges[:-1], side="right") - 1, 0, len(load.peak) - 1)
    last = np.clip(np.searchsorted(load.start_s, edges[1:], side="left") - 1, 0, len(load.peak) - 1)
    last = np.maximum(last, first)
    peak = np.array([load.peak[a : b + 1].max() for a, b in zip(first, last)])
    peak[(edges[1:] <= 0.0) | (edges[:-1] >= load.end_s)] = 0.0
    return edges[:-1], np.minimum(avg, 1.0), peak
