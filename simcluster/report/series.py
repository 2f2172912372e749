"""Time series behind the timeline panels and trace counters: link utilization and memory per rank.

Link utilization comes from the engine's transfer log: each row says how many bytes a transfer phase put on
each link between its start and end. Averaging a contended phase's rate over the phase can momentarily sum
to more than a link's capacity where phases overlap, so the series is passed through a fluid queue of the
link's capacity (work above 100% is carried into the next idle moment): bytes are conserved and the curve
never exceeds 100%.

Memory follows the memory model (`simcluster.memory.model`): parameters, gradients and optimizer state are
constant; each forward of a micro-batch adds its chunk's stored activations when it starts, its backward
removes them when it ends, and a backward also holds one layer's re-materialized working set when
activations are recomputed and one layer's gradient workspace; reserved runtime memory and pipeline receive buffers are constant. The
peak is therefore the model's per-rank total.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from simcluster.memory.model import chunk_activation_bytes
from simcluster.parallel.program import stage_layers
from simcluster.report.events import STREAMS, rep_ops
from simcluster.simulate import SimResult
from simcluster.topology.graph import vertex_label

MAX_POINTS = 2000  # per series; longer series are averaged into this many equal time bins
WARM_MEMORY_MAX = 64  # simulated ranks whose memory series are computed before the writers split


@dataclass(frozen=True)
class Series:
    """A step function: value[i] holds from time_s[i] to time_s[i + 1] (the last value to the end)."""

    name: str
    time_s: np.ndarray
    value: np.ndarray


def link_name(res: SimResult, link: int) -> str:
    a, b = res.topology.link_ends[link]
    return f"{vertex_label(a)}->{vertex_label(b)}"


def _log_index(res: SimResult) -> tuple[np.ndarray, np.ndarray, np.ndarray, list]:
    """The transfer log by distinct (links, bytes) pair: the engine shares both arrays between every transfer
    of one collective shape, so a 1,024-GPU log of millions of (link, bytes) entries has a few dozen pairs.
    Returns per row its start, end and pair, and the pairs; computed once per result."""
    hit = res.cache.get("link_log")
    if hit is None:
        ix = res.log_index()
        hit = res.cache["link_log"] = (ix.t0, ix.t1, ix.pair, list(zip(ix.links, ix.nbytes)))
    return hit


def warm_caches(res: SimResult) -> None:
    """Compute the tables the writers share (op arrays of every simulated rank, the transfer log's index and,
    for up to WARM_MEMORY_MAX simulated ranks, their memory series) once, before the writers split into
    processes or threads that only read them."""
    few = len(res.program.reps) <= WARM_MEMORY_MAX  # else only the shown ranks' series are ever drawn
    for rep in res.program.reps:
        rep_ops(res, rep)
        if few:
            memory_series(res, rep)
    _log_index(res)


def link_bytes(res: SimResult) -> np.ndarray:
    """Bytes each link carried in the iteration (indexed by link id)."""
    _t0, _t1, pair, pairs = _log_index(res)
    total = np.zeros(len(res.topology.capacity_Bps))
    counts = np.bincount(pair, minlength=len(pairs))
    for (links, moved), c in zip(pairs, counts):
        np.add.at(total, links, moved * float(c))
    return total


def busiest_links(res: SimResult, top: int) -> list[int]:
    """Link ids with the highest average utilization over the iteration (bytes carried over capacity x time:
    a NIC at 67% outranks a PCIe link that carried more bytes at 34%), busiest first (ties, to 1e-9: lower
    id first)."""
    if not res.engine.transfer_log:
        return []
    total = link_bytes(res) / np.asarray(res.topology.capacity_Bps, dtype=float)
    key = np.round(
        total / max(float(total.max()), 1e-300), 9
    )  # ranks equal loads alike, whatever the sum order
    order = np.lexsort((np.arange(len(total)), -key))
    return [int(x) for x in order[:top] if total[x] > 0]


def _link_rows(res: SimResult, lk: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(start, end, bytes) of every transfer phase that put bytes on link `lk`, in log order."""
    t0, t1, pair, pairs = _log_index(res)
    at = np.zeros(len(pairs))
    has = np.zeros(len(pairs), dtype=bool)
    for j, (links, moved) in enumerate(pairs):
        pos = np.flatnonzero(links == lk)
        if len(pos):
            has[j] = True
            at[j] = moved[pos].sum()
    sel = has[pair]
    return t0[sel], t1[sel], at[pair[sel]]


SKIP_PIECES = 64  # an empty queue with at least this many pieces to the next one at or over 1: copied


def _drain(edges: np.ndarray, rate: np.ndarray, skip: int = SKIP_PIECES) -> tuple[np.ndarray, np.ndarray]:
    """Pass a piecewise-constant utilization (rate[i] on [edges[i], edges[i+1])) through a queue served at
    1.0: returns new (edges, rate) with rate <= 1 and the same integral. Runs of at least `skip` pieces met
    with an empty queue and rates under 1 pass through as they are (copied as arrays); the rest is followed
    piece by piece (`_drain_reference` follows every piece; the results are equal bit for bit)."""
    edges = np.asarray(edges, dtype=float)
    rate = np.asarray(rate, dtype=float)
    n = len(rate)
    valid = edges[1 : n + 1] - edges[:n] > 0
    over = valid & (rate >= 1.0)
    # the next piece at or over 1 from each position (n: none)
    nxt = np.where(over, np.arange(n), n)
    nxt = np.minimum.accumulate(nxt[::-1])[::-1].tolist() + [n]
    el, rl = edges.tolist(), rate.tolist()
    t_parts: list[np.ndarray] = []
    r_parts: list[np.ndarray] = []
    t_out: list[float] = []
    r_out: list[float] = []
    backlog = 0.0
    i = 0
    while i < n:
        if backlog == 0.0 and nxt[i] - i >= skip:
            j = nxt[i]
            keep = valid[i:j]
            t_parts += [np.asarray(t_out, dtype=float), edges[i:j][keep]]
            r_parts += [np.asarray(r_out, dtype=float), rate[i:j][keep]]
            t_out, r_out = [], []
            i = j
            continue
        a, b, r = el[i], el[i + 1], rl[i]
        i += 1
        d = b - a
        if d <= 0:
            continue
        if r >= 1.0:
            backlog += (r - 1.0) * d
            t_out.append(a)
            r_out.append(1.0)
            continue
        spare = (1.0 - r) * d
        if backlog >= spare:
            backlog -= spare
            t_out.append(a)
            r_out.append(1.0)
        elif backlog > 0:
            clear = a + backlog / (1.0 - r)
            t_out += [a, clear]
            r_out += [1.0, r]
            backlog = 0.0
        else:
            t_out.append(a)
            r_out.append(r)
    end = float(edges[-1])
    if backlog > 0:
        t_out.append(end)
        r_out.append(1.0)
        end += backlog
    t_out.append(end)
    r_out.append(0.0)
    t_parts.append(np.asarray(t_out, dtype=float))
    r_parts.append(np.asarray(r_out, dtype=float))
    return np.concatenate(t_parts), np.concatenate(r_parts)


def _drain_reference(edges: np.ndarray, rate: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`_drain` piece by piece, no run copied (the definition the tests compare the copying with)."""
    return _drain(edges, rate, skip=len(rate) + 1)


def _rebin(time_s: np.ndarray, value: np.ndarray, t_end: float, bins: int) -> tuple[np.ndarray, np.ndarray]:
    """Average a step function over `bins` equal bins of [0, t_end] (keeps the integral)."""
    seg = np.diff(np.append(time_s, max(t_end, time_s[-1])))
    area = np.concatenate([[0.0], np.cumsum(value * seg)])
    knots = np.append(time_s, time_s[-1] + seg[-1])
    edges = np.linspace(0.0, t_end, bins + 1)
    cum = np.interp(edges, knots, area, left=0.0, right=area[-1])
    return edges[:-1], np.diff(cum) / np.diff(edges)


def _rebin_max(
    time_s: np.ndarray, value: np.ndarray, t_end: float, bins: int
) -> tuple[np.ndarray, np.ndarray]:
    """The maximum of a step function over each of `bins` equal bins of [0, t_end]."""
    edges = np.linspace(0.0, t_end, bins + 1)
    # the value holding at each bin's start, then every change inside the bin
    at_start = value[np.clip(np.searchsorted(time_s, edges[:-1], side="right") - 1, 0, len(value) - 1)]
    idx = np.clip(np.searchsorted(edges, time_s, side="right") - 1, 0, bins - 1)
    out = at_start.copy()
    np.maximum.at(out, idx, value)
    return edges[:-1], out


def link_utilization(res: SimResult, links: list[int], t_end: float | None = None) -> list[Series]:
    """Utilization (0..1) over time of each link in `links`."""
    t_end = res.engine.iteration_time_s if t_end is None else t_end
    cap = np.asarray(res.topology.capacity_Bps, dtype=float)
    out = []
    done: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}  # links that carried the same phases alike
    for lk in links:
        t0, t1, nb = _link_rows(res, lk)
        key = (t0.tobytes(), t1.tobytes(), nb.tobytes(), float(cap[lk]))
        if key in done:
            t, v = done[key]
            out.append(Series(link_name(res, lk), t.copy(), v.copy()))
            continue
        dur = t1 - t0
        pos = dur > 0
        edges = np.unique(np.concatenate([[0.0], t0, t1]))
        delta = np.zeros(len(edges))
        r = np.where(pos, nb / np.where(pos, dur, 1.0) / cap[lk], 0.0)
        np.add.at(delta, np.searchsorted(edges, t0[pos]), r[pos])
        np.add.at(delta, np.searchsorted(edges, t1[pos]), -r[pos])
        rate = np.cumsum(delta)[:-1]
        # instantaneous phases (no duration) queue their bytes at their start
        for t, b in zip(t0[~pos], nb[~pos]):
            k = int(np.searchsorted(edges, t, side="right")) - 1
            k = min(max(k, 0), len(rate) - 1) if len(rate) else 0
            if len(rate):
                rate[k] += b / cap[lk] / max(edges[k + 1] - edges[k], 1e-30)
        if len(edges) < 2:
            edges, rate = np.array([0.0, t_end]), np.array([0.0])
        t, v = _drain(edges, np.maximum(rate, 0.0))
        if len(t) > MAX_POINTS:
            t, v = _rebin(t, v, max(t_end, float(t[-1])), MAX_POINTS)
        done[key] = (t, np.minimum(v, 1.0))
        out.append(Series(link_name(res, lk), t.copy(), done[key][1].copy()))
    return out


def memory_series(res: SimResult, rep: int) -> Series:
    """Bytes in use on representative rank `rep` over the iteration (see the module docstring); computed once
    per result and shared by the timeline and the trace (read-only arrays)."""
    cache = res.cache.setdefault("memory_series", {})
    if rep not in cache:
        cache[rep] = _memory_series(res, rep)
        cache[rep].time_s.flags.writeable = False
        cache[rep].value.flags.writeable = False
    return cache[rep]


def _spans(
    mb: np.ndarray, chunk: np.ndarray, phase: np.ndarray, start: np.ndarray, end: np.ndarray
) -> tuple[dict[tuple[int, int], float], dict[tuple[int, int], tuple[float, float]]]:
    """Per (micro-batch, chunk): the first forward start, and the backward's first start and last end."""
    if np.isnan(start).any() or np.isnan(end).any():  # pandas' min and max skip missing times
        return _spans_pandas(mb, chunk, phase, start, end)

    def groups(sel: np.ndarray, with_end: bool) -> dict:
        m, c, t0, t1 = mb[sel], chunk[sel], start[sel], end[sel]
        if not len(m):
            return {}
        order = np.lexsort((c, m))
        m, c, t0, t1 = m[order], c[order], t0[order], t1[order]
        first = np.flatnonzero(np.r_[True, (m[1:] != m[:-1]) | (c[1:] != c[:-1])])
        keys = zip(m[first].tolist(), c[first].tolist())
        lo = np.minimum.reduceat(t0, first).tolist()
        if not with_end:
            return dict(zip(keys, lo))
        return dict(zip(keys, zip(lo, np.maximum.reduceat(t1, first).tolist())))

    return groups(phase == 1, False), groups(phase == 2, True)


def _spans_pandas(
    mb: np.ndarray, chunk: np.ndarray, phase: np.ndarray, start: np.ndarray, end: np.ndarray
) -> tuple[dict[tuple[int, int], float], dict[tuple[int, int], tuple[float, float]]]:
    frame = pd.DataFrame({"mb": mb, "chunk": chunk, "phase": phase, "start": start, "end": end})
    fwd = frame[frame["phase"] == 1].groupby(["mb", "chunk"], sort=True)["start"].min()
    bwd = (
        frame[frame["phase"] == 2]
        .groupby(["mb", "chunk"], sort=True)
        .agg(t0=("start", "min"), t1=("end", "max"))
    )
    f_start = {key: float(t) for key, t in fwd.items()}
    b_span = {key: (float(a), float(b)) for key, a, b in zip(bwd.index, bwd["t0"], bwd["t1"])}
    return f_start, b_span


def _memory_series(res: SimResult, rep: int) -> Series:
    mem = res.memory[rep]
    static = mem.parameters + mem.gradients + mem.optimizer + mem.reserved + mem.buffers
    sc = res.scenario
    ro = rep_ops(res, rep)
    end_t = res.engine.iteration_time_s
    compute = ro.col("stream") == STREAMS.index("compute")
    if sc.training.mode != "train":
        first = float(ro.start_s[compute].min()) if compute.any() else 0.0
        return Series(f"rank {rep}", np.array([0.0, first]), np.array([static, static + mem.activations]))
    stage = res.program.layout.coord(rep, "pp")
    weights, extra = chunk_activation_bytes(sc, res.program.scheme, stage)
    extra += mem.workspace
    chunk_of = {ly: c for c in range(len(weights)) for ly in stage_layers(sc, stage, c)}
    layer, mb, start, end = ro.layer, ro.microbatch, ro.start_s, ro.end_s
    phase_num = np.array([{"forward": 1, "backward": 2, "recompute": 2}.get(p, 0) for p in ro.phase_vocab])
    phase = np.where(compute, phase_num[ro.col("phase")], 0).astype(np.int8)
    use = (layer >= 0) & (mb >= 0) & (phase > 0)
    chunk_arr = np.full(max(int(layer.max(initial=0)) + 1, 1), -1, dtype=np.int64)
    for ly, c in chunk_of.items():
        chunk_arr[ly] = c
    f_start, b_span = _spans(mb[use], chunk_arr[layer[use]], phase[use], start[use], end[use])
    # (time, order, delta): at equal times, releases (order 0) come before allocations (order 1)
    deltas: list[tuple[float, int, float]] = []
    for key, t in f_start.items():
        deltas.append((t, 1, weights[key[1]]))
    for key, (t0, t1) in b_span.items():
        deltas.append((t1, 0, -weights[key[1]]))
        if extra:
            deltas.append((t0, 1, extra))
            deltas.append((t1, 0, -extra))
    deltas.sort()
    times = [0.0]
    values = [static]
    level = static
    for t, _o, d in deltas:
        level += d
        if times[-1] == t:
            values[-1] = level
        else:
            times.append(t)
            values.append(level)
    t_arr, v_arr = np.asarray(times), np.asarray(values)
    if len(t_arr) > MAX_POINTS:  # the envelope: each bin shows the most memory in use during it
        t_arr, v_arr = _rebin_max(t_arr, v_arr, max(end_t, float(t_arr[-1])), MAX_POINTS)
    return Series(f"rank {rep}", t_arr, v_arr)
