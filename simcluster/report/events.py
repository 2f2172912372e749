"""Per-rank op events as a table (events.csv): one row per op per rank.

Folded ranks are written as relabelled copies of their representative (same times; groups translated),
up to a row budget; past it only the simulated representatives are written (summary.json names them).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from simcluster.simulate import SimResult

COLUMNS = [
    "rank",
    "stream",
    "kind",
    "name",
    "layer",
    "microbatch",
    "phase",
    "start_s",
    "end_s",
    "bytes",
    "flops",
    "group",
]
ROW_BUDGET = 1_000_000


def events_ranks(res: SimResult, mode: str) -> list[int]:
    """Which ranks' events to write for `--events auto|all|none`."""
    if mode == "none":
        return []
    rows_per_rep = {r: len(s) for r, s in res.program.steps.items()}
    if mode == "all":
        return list(range(res.world_size))
    total = sum(rows_per_rep[res.program.rep_of[r]] for r in range(res.world_size))
    if total <= ROW_BUDGET:
        return list(range(res.world_size))
    return list(res.program.reps)


def _translation_to(res: SimResult, rep: int, rank: int) -> tuple[int, ...] | None:
    if rep == rank:
        return None
    for perm in res.program.translations:
        if perm[rep] == rank:
            return perm
    raise AssertionError(f"no translation maps rank {rep} to {rank}")  # pragma: no cover


def _rep_columns(res: SimResult, rep: int) -> tuple[dict[str, list], list[tuple[int, ...]]]:
    """Every column but `rank` and `group` for representative `rep` (wait ops left out), and the op groups.
    Computed once per result: events.csv, the timeline and the trace all read them."""
    cache = res.cache.setdefault("rep_columns", {})
    if rep not in cache:
        cache[rep] = _build_rep_columns(res, rep)
    return cache[rep]


def _build_rep_columns(res: SimResult, rep: int) -> tuple[dict[str, list], list[tuple[int, ...]]]:
    steps = res.program.steps[rep]
    keep = [i for i, st in enumerate(steps) if st.op.kind != "wait"]
    tr = res.engine.traces[rep]
    start = np.frombuffer(tr.start_s, dtype=np.float64)[keep] if keep else np.zeros(0)
    end = np.frombuffer(tr.end_s, dtype=np.float64)[keep] if keep else np.zeros(0)
    end = np.where(np.isnan(end), start, end)
    ops = [steps[i].op for i in keep]
    cols = {
        "stream": [op.stream for op in ops],
        "kind": [op.kind for op in ops],
        "name": [op.name for op in ops],
        "layer": [steps[i].layer for i in keep],
        "microbatch": [steps[i].microbatch for i in keep],
        "phase": [op.phase for op in ops],
        "start_s": start.tolist(),
        "end_s": end.tolist(),
        "bytes": [op.bytes for op in ops],
        "flops": [op.flops for op in ops],
    }
    return cols, [op.group for op in ops]


def events_frame(res: SimResult, ranks: list[int]) -> pd.DataFrame:
    """One row per op (wait markers left out) of each rank in `ranks`, in program order."""
    cols: dict[str, list] = {c: [] for c in COLUMNS}
    reps: dict[int, tuple[dict[str, list], list[tuple[int, ...]]]] = {}
    for rank in ranks:
        rep = res.program.rep_of[rank]
        if rep not in reps:
            reps[rep] = _rep_columns(res, rep)
        base, groups = reps[rep]
        perm = _translation_to(res, rep, rank)
        names: dict[tuple[int, ...], str] = {}
        for g in set(groups):
            names[g] = " ".join(str(perm[x] if perm else x) for x in g)
        cols["rank"].extend([rank] * len(groups))
        for c, v in base.items():
            cols[c].extend(v)
        cols["group"].extend([names[g] for g in groups])
    return pd.DataFrame(cols, columns=COLUMNS)
