"""Per-rank op events as a table (events.csv): one row per op per rank.

Folded ranks are written as relabelled copies of their representative (same times; groups translated),
up to a row budget; past it only the simulated representatives are written (summary.json names them).
"""

from __future__ import annotations

import math

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


def events_frame(res: SimResult, ranks: list[int]) -> pd.DataFrame:
    cols: dict[str, list] = {c: [] for c in COLUMNS}
    for rank in ranks:
        rep = res.program.rep_of[rank]
        perm = _translation_to(res, rep, rank)
        tr = res.engine.traces[rep]
        group_cache: dict[tuple[int, ...], str] = {}
        for i, (op, layer, mb) in enumerate(res.program.steps[rep]):
            if op.kind == "wait":
                continue
            g = op.group
            gs = group_cache.get(g)
            if gs is None:
                gs = group_cache[g] = " ".join(str(perm[x] if perm else x) for x in g)
            end = tr.end_s[i]
            cols["rank"].append(rank)
            cols["stream"].append(op.stream)
            cols["kind"].append(op.kind)
            cols["name"].append(op.name)
            cols["layer"].append(layer)
            cols["microbatch"].append(mb)
            cols["phase"].append(op.phase)
            cols["start_s"].append(tr.start_s[i])
            cols["end_s"].append(end if not math.isnan(end) else tr.start_s[i])
            cols["bytes"].append(op.bytes)
            cols["flops"].append(op.flops)
            cols["group"].append(gs)
    return pd.DataFrame(cols, columns=COLUMNS)
