"""Op bars for the timeline and the trace: which ranks to show, idle gaps, and merging to stay within budget.

Levels of detail (each one only when the previous does not fit the budget):
  0: every op;
  1: consecutive compute ops of the same layer, phase and micro-batch that touch end to start become one bar;
  2: one bar per (micro-batch, forward | backward pass) on the compute and comm streams: a span from the first
     op to the last, whose hover says how much of the span was busy (pipeline sends and receives stay apart).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from simcluster.report.events import events_frame
from simcluster.simulate import SimResult

LEVEL_NOTES = {
    0: "",
    1: "consecutive compute ops of one layer, phase and micro-batch are merged into one bar",
    2: "ops are merged into one bar per micro-batch and pass (forward, backward) on each stream; "
    "a bar spans its first to last op and its hover gives the busy time",
}


@dataclass(frozen=True)
class Selection:
    ranks: list[int]
    note: str  # empty when every rank is shown


@dataclass(frozen=True)
class Plan:
    """What to draw: ranks, op rows (possibly merged), idle gaps, notes on what was reduced, detail level."""

    ranks: list[int]
    ops: pd.DataFrame
    gaps: pd.DataFrame
    notes: list[str]
    level: int


def choose_ranks(res: SimResult, max_ranks: int) -> Selection:
    """All ranks when few; otherwise the simulated representatives (ranks that behave differently), evenly
    thinned to `max_ranks`, always keeping the slowest."""
    n = res.world_size
    if n <= max_ranks:
        return Selection(list(range(n)), "")
    reps = list(res.program.reps)
    slowest = max(reps, key=lambda r: (res.engine.traces[r].finish_s, -r))
    if len(reps) > max_ranks:
        step = len(reps) / max_ranks
        keep = {reps[int(i * step)] for i in range(max_ranks - 1)} | {slowest}
        reps = sorted(keep)
    why = (
        "representative ranks (every other rank behaves like one of these)"
        if len(reps) == len(res.program.reps)
        else "representative ranks, evenly spaced, and the slowest"
    )
    return Selection(reps, f"showing {len(reps)} of {n} ranks: {why}")


def op_table(res: SimResult, ranks: list[int]) -> pd.DataFrame:
    """events.csv rows of `ranks` plus `blocking`, `ops` (ops per row) and `busy_s` columns."""
    df = events_frame(res, ranks)
    blocking: list[bool] = []
    for rank in ranks:
        rep = res.program.rep_of[rank]
        blocking.extend(st.op.blocking for st in res.program.steps[rep] if st.op.kind != "wait")
    df["blocking"] = np.asarray(blocking, dtype=bool) if len(df) else np.zeros(0, dtype=bool)
    df["ops"] = 1
    df["busy_s"] = df["end_s"] - df["start_s"]
    return df


def _pass(phase: pd.Series) -> pd.Series:
    return phase.replace({"recompute": "backward"})


def merge(df: pd.DataFrame, level: int) -> pd.DataFrame:
    """Merge op rows for detail `level` (see the module docstring); level 0 returns `df` unchanged."""
    if level == 0 or df.empty:
        return df
    df = df.sort_values(["rank", "stream", "blocking", "start_s", "end_s"], kind="stable").reset_index(
        drop=True
    )
    same_lane = (df["rank"] == df["rank"].shift()) & (df["stream"] == df["stream"].shift())
    same_lane &= df["blocking"] == df["blocking"].shift()
    if level == 1:
        compute = df["stream"] == "compute"
        touching = np.isclose(df["start_s"], df["end_s"].shift(), rtol=1e-12, atol=1e-12)
        same = (
            same_lane
            & compute
            & touching
            & (df["layer"] == df["layer"].shift())
            & (df["phase"] == df["phase"].shift())
            & (df["microbatch"] == df["microbatch"].shift())
        )
    else:
        ps = _pass(df["phase"])
        same = (
            same_lane
            & (df["stream"] != "p2p")  # a receive and a send of one micro-batch are not one span
            & (df["microbatch"] == df["microbatch"].shift())
            & (ps == ps.shift())
            & (df["microbatch"] >= 0)
        )
    if not same.any():
        return df
    gid = (~same).cumsum().rename("_gid")
    g = df.groupby(gid, sort=False)
    out = g.agg(
        rank=("rank", "first"),
        stream=("stream", "first"),
        name=("name", "first"),
        last_name=("name", "last"),
        layer=("layer", "first"),
        layer_last=("layer", "last"),
        microbatch=("microbatch", "first"),
        phase=("phase", "first"),
        phase_last=("phase", "last"),
        start_s=("start_s", "min"),
        end_s=("end_s", "max"),
        bytes=("bytes", "sum"),
        flops=("flops", "sum"),
        group=("group", "first"),
        blocking=("blocking", "first"),
        ops=("ops", "sum"),
        busy_s=("busy_s", "sum"),
    )
    # the bar's kind is the kind that took the most time inside it
    by_kind = df.groupby([gid, "kind"], sort=True)["busy_s"].sum().reset_index()
    by_kind = by_kind.sort_values(["busy_s"], ascending=False, kind="stable").drop_duplicates("_gid")
    kind = dict(zip(by_kind["_gid"], by_kind["kind"]))
    out["kind"] = [kind[i] for i in out.index]
    many = out["ops"] > 1
    out.loc[many, "name"] = [
        f"{a} .. {b} ({n} ops)"
        for a, b, n in zip(out.loc[many, "name"], out.loc[many, "last_name"], out.loc[many, "ops"])
    ]
    out.loc[out["layer"] != out["layer_last"], "layer"] = -1
    mixed = out["phase"] != out["phase_last"]
    out.loc[mixed, "phase"] = out.loc[mixed, "phase"] + "+" + out.loc[mixed, "phase_last"]
    return out.drop(columns=["last_name", "layer_last", "phase_last"]).reset_index(drop=True)


def idle_gaps(df: pd.DataFrame, t_end: float, pipelined: bool, min_s: float) -> pd.DataFrame:
    """Intervals in [0, t_end] when a rank's compute lane is neither computing nor held by a blocking
    collective. A gap is a pipeline `bubble` when the rank waits on a pipeline receive at that time (or, with
    a pipeline, before its first or after its last op); otherwise it is `idle`. Gaps shorter than `min_s` are
    left out."""
    rows: list[tuple[int, float, float, str]] = []
    for rank, d in df.groupby("rank", sort=True):
        busy = d[(d["stream"] == "compute") | ((d["stream"] == "comm") & d["blocking"])]
        recv = d[(d["stream"] == "p2p") & (d["kind"] == "recv")]
        iv = busy[["start_s", "end_s"]].to_numpy().reshape(-1, 2)
        iv = iv[np.argsort(iv[:, 0], kind="stable")]
        cover_end = np.maximum.accumulate(iv[:, 1]) if len(iv) else np.zeros(0)
        starts = np.concatenate([[0.0], cover_end])
        ends = np.concatenate([iv[:, 0], [t_end]])
        rs, re_ = recv["start_s"].to_numpy(), recv["end_s"].to_numpy()
        for k, (a, b) in enumerate(zip(starts, ends)):
            if b - a < min_s:
                continue
            edge = k == 0 or k == len(ends) - 1
            waits = bool(np.any((rs < b) & (re_ > a)))
            rows.append(
                (int(rank), float(a), float(b), "bubble" if waits or (edge and pipelined) else "idle")
            )
    return pd.DataFrame(rows, columns=["rank", "start_s", "end_s", "kind"])


def plan(
    res: SimResult, budget: int, max_ranks: int, min_gap_frac: float = 2e-4, prefer_detail: bool = False
) -> Plan:
    """Pick ranks and the level of detail so that bars (ops and idle gaps) fit `budget`; gaps shorter than
    `min_gap_frac` of the iteration are left out. With `prefer_detail`, when every rank does not fit
    unmerged, only the simulated ranks are kept (the others are relabelled copies) before merging ops."""
    it = res.engine.iteration_time_s
    sel = choose_ranks(res, max_ranks)
    # estimate first, so that a huge run never builds a huge table: thin the ranks to 40x the budget of rows
    rows = {r: len(res.program.steps[res.program.rep_of[r]]) for r in sel.ranks}
    if prefer_detail and sum(rows.values()) > budget:
        reps = set(res.program.reps)
        only = [r for r in sel.ranks if r in reps]
        if len(only) < len(sel.ranks):
            sel = Selection(
                only,
                f"showing {len(only)} of {res.world_size} ranks: the simulated ones (the others are copies)",
            )
    notes = [sel.note] if sel.note else []
    ranks = list(sel.ranks)
    while len(ranks) > 1 and sum(rows[r] for r in ranks) > 40 * budget:
        ranks = ranks[::2]
    ops = op_table(res, ranks)
    min_gap = it * min_gap_frac
    pipelined = res.scenario.parallelism.pipeline > 1
    # level 1 only joins ops that touch, so its gaps are level 0's
    df, level = ops, 0
    gaps = idle_gaps(ops, it, pipelined, min_gap)
    if len(df) + len(gaps) > budget:
        df, level = merge(ops, 1), 1
    if len(df) + len(gaps) > budget:
        df, level = merge(ops, 2), 2
        gaps = idle_gaps(df, it, pipelined, min_gap)
    if len(df) + len(gaps) > budget:  # still too many: fewer ranks
        per = df.groupby("rank").size().add(gaps.groupby("rank").size(), fill_value=0)
        keep: list[int] = []
        total = 0
        step = max(1, int(np.ceil(per.sum() / budget)))
        for r in list(per.index)[::step]:
            if total + per[r] <= budget or not keep:
                keep.append(int(r))
                total += int(per[r])
        ranks = keep
        df = df[df["rank"].isin(keep)]
        gaps = gaps[gaps["rank"].isin(keep)]
    if len(ranks) < len(sel.ranks):
        notes = [f"showing {len(ranks)} of {res.world_size} ranks (representative ranks, evenly spaced)"]
    if level:
        notes.append(LEVEL_NOTES[level])
    notes.append(f"idle gaps shorter than {min_gap * 1e6:.1f} µs are left out")
    return Plan(ranks, df.reset_index(drop=True), gaps.reset_index(drop=True), notes, level)
