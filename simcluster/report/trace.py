"""Chrome trace-event JSON (trace.json), for Perfetto (ui.perfetto.dev) or chrome://tracing.

Ranks are processes (`pid` = rank, named "rank N"), streams are threads (compute, comm, p2p; a stream whose
ops overlap, such as queued non-blocking collectives beside blocking ones, spills onto "comm #2" and so on,
because slices on one thread must nest). Ops are complete ('X') events with `ts`/`dur` in microseconds;
idle gaps and pipeline bubbles are X events on the compute thread. Counters ('C'): memory in use per rank and
utilization of the busiest links (process "network links", pid = world size).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

import numpy as np

from simcluster.report.lanes import plan
from simcluster.report.series import Series, busiest_links, link_utilization, memory_series
from simcluster.simulate import SimResult

EVENT_BUDGET = 300_000  # X events at most; past it ranks are thinned and ops merged (noted in otherData)
MAX_RANKS = 256
TOP_LINKS = 16
STREAM_TID = {"compute": 0, "comm": 10, "p2p": 20, "host": 30}
GiB = 1024**3


def _us(t: np.ndarray) -> np.ndarray:
    return np.round(np.asarray(t, dtype=float) * 1e6, 3)


def _assign_threads(ts: np.ndarray, te: np.ndarray) -> np.ndarray:
    """Greedy sub-lanes so that slices on one thread never overlap: 0 unless an earlier slice still runs."""
    order = np.lexsort((-te, ts))
    ends: list[float] = []
    out = np.zeros(len(ts), dtype=np.int64)
    for k in order:
        for lane, e in enumerate(ends):
            if e <= ts[k]:
                ends[lane] = te[k]
                out[k] = lane
                break
        else:
            out[k] = len(ends)
            ends.append(te[k])
    return out


class _Rec(NamedTuple):
    name: str
    kind: str
    stream: str
    phase: str
    layer: int
    microbatch: int
    bytes: float
    flops: float
    group: str
    blocking: bool
    ops: int
    busy_s: float


def _args(r: _Rec) -> dict:
    a: dict = {"stream": r.stream, "phase": r.phase}
    if r.layer >= 0:
        a["layer"] = int(r.layer)
    if r.microbatch >= 0:
        a["microbatch"] = int(r.microbatch)
    if r.bytes:
        a["bytes"] = float(r.bytes)
    if r.flops:
        a["flops"] = float(r.flops)
    if r.group:
        a["group"] = str(r.group)
    if r.stream != "compute":
        a["blocking"] = bool(r.blocking)
    if r.ops > 1:
        a["ops"] = int(r.ops)
        a["busy_us"] = round(float(r.busy_s) * 1e6, 3)
    return a


def trace_events(res: SimResult, budget: int = EVENT_BUDGET, max_ranks: int = MAX_RANKS) -> dict:
    """The whole trace document."""
    pl = plan(res, budget, max_ranks, min_gap_frac=1e-6, prefer_detail=True)
    ev: list[dict] = []
    threads: set[tuple[int, int, str]] = set()
    ops = pl.ops
    gaps = pl.gaps.assign(stream="compute")
    for rank in pl.ranks:
        ev.append(
            {"name": "process_name", "ph": "M", "pid": rank, "tid": 0, "args": {"name": f"rank {rank}"}}
        )
        ev.append(
            {"name": "process_sort_index", "ph": "M", "pid": rank, "tid": 0, "args": {"sort_index": rank}}
        )
    body: list[tuple[float, int, int, dict]] = []
    for (rank, stream), d in ops.groupby(["rank", "stream"], sort=True):
        g = gaps[(gaps["rank"] == rank)] if stream == "compute" else gaps.iloc[0:0]
        ts = np.concatenate([_us(d["start_s"]), _us(g["start_s"])])
        te = np.concatenate([_us(d["end_s"]), _us(g["end_s"])])
        lanes = _assign_threads(ts, te)
        cols = {c: d[c].tolist() for c in d.columns}
        recs = [_Rec(*row) for row in zip(*(cols[f] for f in _Rec._fields))]
        gap_kinds = g["kind"].tolist()
        for k, lane in enumerate(lanes.tolist()):
            tid = STREAM_TID[stream] + lane
            threads.add((int(rank), tid, stream if lane == 0 else f"{stream} #{lane + 1}"))
            t0 = float(ts[k])
            dur = round(float(te[k]) - t0, 3)
            if k < len(recs):
                r = recs[k]
                e = {"name": str(r.name), "cat": str(r.kind), "ph": "X", "ts": t0, "dur": dur}
                e.update({"pid": int(rank), "tid": tid, "args": _args(r)})
            else:
                kind = str(gap_kinds[k - len(recs)])
                e = {"name": kind, "cat": kind, "ph": "X", "ts": t0, "dur": dur}
                e.update({"pid": int(rank), "tid": tid, "args": {"stream": "compute"}})
            body.append((t0, int(rank), tid, e))
    for rank, tid, name in sorted(threads):
        ev.append({"name": "thread_name", "ph": "M", "pid": rank, "tid": tid, "args": {"name": name}})
        ev.append(
            {"name": "thread_sort_index", "ph": "M", "pid": rank, "tid": tid, "args": {"sort_index": tid}}
        )
    body.sort(key=lambda x: (x[1], x[2], x[0]))
    ev.extend(b[3] for b in body)
    mem_cache: dict[int, Series] = {}
    for rank in pl.ranks:
        rep = res.program.rep_of[rank]
        s = mem_cache.get(rep) or mem_cache.setdefault(rep, memory_series(res, rep))
        for t, v in zip(_us(s.time_s), s.value):
            ev.append(
                {
                    "name": "memory",
                    "ph": "C",
                    "ts": float(t),
                    "pid": rank,
                    "tid": 0,
                    "args": {"GiB": round(float(v) / GiB, 6)},
                }
            )
    links_pid = res.world_size
    links = link_utilization(res, busiest_links(res, TOP_LINKS))
    if links:
        ev.append(
            {"name": "process_name", "ph": "M", "pid": links_pid, "tid": 0, "args": {"name": "network links"}}
        )
        ev.append(
            {
                "name": "process_sort_index",
                "ph": "M",
                "pid": links_pid,
                "tid": 0,
                "args": {"sort_index": links_pid},
            }
        )
    for s in links:
        for t, v in zip(_us(s.time_s), s.value):
            ev.append(
                {
                    "name": s.name,
                    "ph": "C",
                    "ts": float(t),
                    "pid": links_pid,
                    "tid": 0,
                    "args": {"utilization_pct": round(float(v) * 100, 4)},
                }
            )
    return {
        "traceEvents": ev,
        "displayTimeUnit": "ms",
        "otherData": {
            "scenario": res.scenario.name,
            "iteration_time_s": res.engine.iteration_time_s,
            "ranks": "all" if len(pl.ranks) == res.world_size else pl.ranks,
            "notes": pl.notes,
        },
    }


def write_trace(res: SimResult, path: Path) -> None:
    doc = trace_events(res)
    # one dumps() call: the C encoder; json.dump() would stream it through Python in small chunks
    path.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
