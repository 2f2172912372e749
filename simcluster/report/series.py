"""Time series behind the timeline panels and trace counters: link utilization and memory per rank.

Link utilization comes from the engine's transfer log: each row says how many bytes a transfer phase put on
each link between its start and end. Averaging a contended phase's rate over the phase can momentarily sum
to more than a link's capacity where phases overlap, so the series is passed through a fluid queue of the
link's capacity (work above 100% is carried into the next idle moment): bytes are conserved and the curve
never exceeds 100%.

Memory follows the memory model (`simcluster.memory.model`): parameters, gradients and optimizer state are
constant; each forward of a micro-batch adds its chunk's stored activations when it starts, its backward
removes them when it ends, and a backward also holds one layer's re-materialized working set when
activations are recomputed and one layer's gradient workspace; reserved runtime memory is constant. The
peak is therefore the model's per-rank total.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from simcluster.memory.model import chunk_activation_bytes
from simcluster.parallel.program import stage_layers
from simcluster.simulate import SimResult
from simcluster.topology.graph import vertex_label

MAX_POINTS = 2000  # per series; longer series are averaged into this many equal time bins


@dataclass(frozen=True)
class Series:
    """A step function: value[i] holds from time_s[i] to time_s[i + 1] (the last value to the end)."""

    name: str
    time_s: np.ndarray
    value: np.ndarray


def link_name(res: SimResult, link: int) -> str:
    a, b = res.topology.link_ends[link]
    return f"{vertex_label(a)}->{vertex_label(b)}"


def busiest_links(res: SimResult, top: int) -> list[int]:
    """Link ids carrying the most bytes in the iteration, busiest first (ties: lower id first)."""
    log = res.engine.transfer_log
    if not log:
        return []
    links = np.concatenate([row[2] for row in log]).astype(np.int64)
    nbytes = np.concatenate([np.asarray(row[3], dtype=float) for row in log])
    total = np.bincount(links, weights=nbytes, minlength=len(res.topology.capacity_Bps))
    order = np.lexsort((np.arange(len(total)), -total))
    return [int(x) for x in order[:top] if total[x] > 0]


def _drain(edges: np.ndarray, rate: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pass a piecewise-constant utilization (rate[i] on [edges[i], edges[i+1])) through a queue served at
    1.0: returns new (edges, rate) with rate <= 1 and the same integral."""
    t_out: list[float] = []
    r_out: list[float] = []
    backlog = 0.0
    for i, r in enumerate(rate):
        a, b = float(edges[i]), float(edges[i + 1])
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
            r_out += [1.0, float(r)]
            backlog = 0.0
        else:
            t_out.append(a)
            r_out.append(float(r))
    end = float(edges[-1])
    if backlog > 0:
        t_out.append(end)
        r_out.append(1.0)
        end += backlog
    t_out.append(end)
    r_out.append(0.0)
    return np.asarray(t_out), np.asarray(r_out)


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
    log = res.engine.transfer_log
    if log:
        counts = np.fromiter((len(row[2]) for row in log), dtype=np.int64, count=len(log))
        ids = np.concatenate([row[2] for row in log]).astype(np.int64)
        nbytes = np.concatenate([np.asarray(row[3], dtype=float) for row in log])
        t0_all = np.repeat(np.fromiter((row[0] for row in log), dtype=float, count=len(log)), counts)
        t1_all = np.repeat(np.fromiter((row[1] for row in log), dtype=float, count=len(log)), counts)
    else:
        ids = np.zeros(0, dtype=np.int64)
        nbytes = t0_all = t1_all = np.zeros(0)
    out = []
    for lk in links:
        sel = ids == lk
        t0, t1, nb = t0_all[sel], t1_all[sel], nbytes[sel]
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
        out.append(Series(link_name(res, lk), t, np.minimum(v, 1.0)))
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


def _memory_series(res: SimResult, rep: int) -> Series:
    mem = res.memory[rep]
    static = mem.parameters + mem.gradients + mem.optimizer + mem.reserved
    sc = res.scenario
    tr = res.engine.traces[rep]
    steps = res.program.steps[rep]
    end_t = res.engine.iteration_time_s
    if sc.training.mode != "train":
        first = min((tr.start_s[i] for i, s in enumerate(steps) if s.op.is_compute), default=0.0)
        return Series(f"rank {rep}", np.array([0.0, first]), np.array([static, static + mem.activations]))
    stage = res.program.layout.coord(rep, "pp")
    weights, extra = chunk_activation_bytes(sc, res.program.scheme, stage)
    extra += mem.workspace
    chunk_of = {ly: c for c in range(len(weights)) for ly in stage_layers(sc, stage, c)}
    n = len(steps)
    layer = np.fromiter((st.layer for st in steps), dtype=np.int64, count=n)
    mb = np.fromiter((st.microbatch for st in steps), dtype=np.int64, count=n)
    phase = np.fromiter(
        (
            {"forward": 1, "backward": 2, "recompute": 2}.get(st.op.phase, 0) if st.op.is_compute else 0
            for st in steps
        ),
        dtype=np.int8,
        count=n,
    )
    start = np.frombuffer(tr.start_s, dtype=np.float64)
    end = np.frombuffer(tr.end_s, dtype=np.float64)
    use = (layer >= 0) & (mb >= 0) & (phase > 0)
    chunk_arr = np.full(max(int(layer.max(initial=0)) + 1, 1), -1, dtype=np.int64)
    for ly, c in chunk_of.items():
        chunk_arr[ly] = c
    frame = pd.DataFrame(
        {
            "mb": mb[use],
            "chunk": chunk_arr[layer[use]],
            "phase": phase[use],
            "start": start[use],
            "end": end[use],
        }
    )
    fwd = frame[frame["phase"] == 1].groupby(["mb", "chunk"], sort=True)["start"].min()
    bwd = (
        frame[frame["phase"] == 2]
        .groupby(["mb", "chunk"], sort=True)
        .agg(t0=("start", "min"), t1=("end", "max"))
    )
    f_start = {key: float(t) for key, t in fwd.items()}
    b_span = {key: (float(a), float(b)) for key, a, b in zip(bwd.index, bwd["t0"], bwd["t1"])}
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
