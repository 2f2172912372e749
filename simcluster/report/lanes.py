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

from simcluster.report.events import COLUMNS, STRINGS, event_columns, events_frame
from simcluster.simulate import SimResult

ROW_CAP = 2_000_000  # op rows read at most before merging (ranks are thinned past it)
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
    detail: pd.DataFrame | None = None  # at level 2: the same ranks' ops at level 1, to draw when zoomed in


def must_show(res: SimResult) -> set[int]:
    """Ranks every timeline shows however it is thinned: the slowest (the one summary.json names, which sets
    the iteration time) and the slowest simulated rank of each pipeline stage."""
    reps = list(res.program.reps)
    finish = {r: (res.engine.traces[r].finish_s, -r) for r in reps}
    layout = res.program.layout
    stages: dict[int, int] = {}
    for r in reps:
        s = layout.coord(r, "pp")
        if s not in stages or finish[r] > finish[stages[s]]:
            stages[s] = r
    return {max(reps, key=finish.__getitem__), *stages.values()}


def slowest_rank(res: SimResult) -> int:
    """The simulated rank that finishes last (summary.json's `slowest_rank`; ties: the lowest)."""
    return max(res.program.reps, key=lambda r: (res.engine.traces[r].finish_s, -r))


def _spread(ranks: list[int]) -> list[int]:
    """`ranks` in an order that covers them evenly at any length: the ends, the middle, the quarters..."""
    n = len(ranks)
    out: list[int] = []
    seen: set[int] = set()
    parts = 1
    while len(out) < n:
        for i in range(parts + 1):
            j = round(i * (n - 1) / parts) if n > 1 else 0
            if j not in seen:
                seen.add(j)
                out.append(ranks[j])
        parts *= 2
    return out


def detail_ranks(rows: dict[int, int], slowest: int, cap: int) -> list[int]:
    """Which shown ranks' single ops a page carries when all of them (`rows` per rank) would be more than
    `cap` rows: the slowest first, then ranks spread evenly over the shown ones, while they fit."""
    keep: list[int] = []
    total = 0
    first = [slowest] if slowest in rows else []
    for r in first + [x for x in _spread(sorted(rows)) if x not in first]:
        if not keep or total + rows[r] <= cap:
            keep.append(r)
            total += rows[r]
    return sorted(keep)


def _thin(ranks: list[int], keep: set[int]) -> list[int]:
    """Every other rank of `ranks`, plus those in `keep`."""
    return sorted(set(ranks[::2]) | (keep & set(ranks)))


def choose_ranks(res: SimResult, max_ranks: int) -> Selection:
    """All ranks when few; otherwise the simulated representatives (ranks that behave differently), evenly
    thinned to `max_ranks`, always keeping the slowest and a rank of every pipeline stage (`must_show`)."""
    n = res.world_size
    if n <= max_ranks:
        return Selection(list(range(n)), "")
    reps = list(res.program.reps)
    must = must_show(res)
    if len(reps) > max_ranks:
        step = len(reps) / max_ranks
        keep = {reps[int(i * step)] for i in range(max(0, max_ranks - len(must)))} | must
        reps = sorted(keep)
    why = (
        "representative ranks (every other rank behaves like one of these)"
        if len(reps) == len(res.program.reps)
        else "representative ranks, evenly spaced, the slowest and one of every pipeline stage"
    )
    return Selection(reps, f"showing {len(reps)} of {n} ranks: {why}")


TABLE_COLUMNS = (*COLUMNS, "blocking", "ops", "busy_s")


def op_columns(res: SimResult, ranks: list[int]) -> tuple[dict[str, np.ndarray], dict[str, list[str]]]:
    """`op_table`'s columns as numpy arrays (strings as int32 codes into the sorted vocabularies returned
    alongside): what the lanes, merges and gaps read without going through pandas."""
    cols, vocab = event_columns(res, ranks)
    cols = dict(cols)  # the events' columns may be shared (`events.share_event_columns`): added to a copy
    cols["ops"] = np.ones(len(cols["rank"]), dtype=np.int64)
    cols["busy_s"] = cols["end_s"] - cols["start_s"]
    return cols, vocab


def _frame(cols: dict[str, np.ndarray], vocab: dict[str, list[str]]) -> pd.DataFrame:
    """`op_columns` as `op_table`'s frame; the arrays are not copied (nor stacked into blocks)."""
    data = {
        c: pd.Categorical.from_codes(cols[c], categories=pd.Index(vocab[c], dtype=object))
        if c in STRINGS
        else cols[c]
        for c in TABLE_COLUMNS
    }
    return pd.DataFrame(data, columns=list(data), copy=False)


def op_table(res: SimResult, ranks: list[int]) -> pd.DataFrame:
    """events rows of `ranks` (string columns as Categoricals) plus `blocking`, `ops` (ops per row) and
    `busy_s` columns."""
    if not ranks:
        df = events_frame(res, ranks, categorical=True)
        df["ops"] = np.ones(0, dtype=np.int64)
        df["busy_s"] = np.zeros(0)
        return df
    return _frame(*op_columns(res, ranks))


def _codes(col: pd.Series) -> tuple[np.ndarray, list[str]]:
    """Integer codes of a string column and its sorted vocabulary (Categoricals: their own)."""
    if isinstance(col.dtype, pd.CategoricalDtype):
        cats = list(col.cat.categories)
        if cats == sorted(cats):
            return col.cat.codes.to_numpy().astype(np.int64), cats
        col = col.astype(object)
    codes, uniq = pd.factorize(col.astype(object), sort=True)
    return codes.astype(np.int64), [str(x) for x in uniq]


def _labels(a: np.ndarray, b: np.ndarray, n: np.ndarray, fmt) -> tuple[np.ndarray, list[str]]:  # noqa: ANN001
    """fmt(a, b, n) for each row (small non-negative a, b + 1, n), formatted once per distinct (a, b, n):
    codes and vocabulary."""
    a, b, n = (np.asarray(x, dtype=np.int64) for x in (a, b, n))
    key = (a * 1_000_003 + (b + 1)) * 1_000_000_007 + n
    uniq, first, inv = np.unique(key, return_index=True, return_inverse=True)
    texts = [fmt(int(a[i]), int(b[i]), int(n[i])) for i in first]
    vocab = sorted(set(texts))
    index = {t: i for i, t in enumerate(vocab)}
    return np.array([index[t] for t in texts], dtype=np.int64)[inv.reshape(-1)], vocab


@dataclass(frozen=True)
class _Lanes:
    """Op rows sorted into lanes (rank, stream, blocking, start, end): numeric columns, string codes and
    their vocabularies, and the order (shared by merges of one table at several levels)."""

    order: np.ndarray
    col: dict[str, np.ndarray]
    cc: dict[str, np.ndarray]
    vocab: dict[str, list[str]]


def lane_order(
    rank: np.ndarray, stream: np.ndarray, blocking: np.ndarray, start: np.ndarray, end: np.ndarray
) -> np.ndarray:
    """The rows' order by (rank, stream code, blocking, start, end), ties in row order: what
    `np.lexsort((end, start, blocking, stream, rank))` gives. A program's ops on one lane mostly run in
    program order, so the rows are sorted by lane alone (one pass over a small integer key) and the full sort
    is done only when start or end then goes backwards inside a lane."""
    n = len(rank)
    if n < 2 or int(rank.min()) < 0:
        return np.lexsort((end, start, blocking, stream, rank))
    present = np.zeros(int(rank.max()) + 1, dtype=bool)
    present[rank] = True
    rank_pos = (np.cumsum(present) - 1)[rank]  # the rank's place among the ranks present
    n_ranks, n_streams = int(present.sum()), int(stream.max(initial=0)) + 1
    lane = (rank_pos * n_streams + stream) * 2 + blocking
    if n_ranks * n_streams * 2 > 2**15 or np.isnan(start).any() or np.isnan(end).any():
        return np.lexsort((end, start, lane))
    order = np.argsort(lane.astype(np.int16), kind="stable")  # a radix sort for 16-bit keys
    s, e, ln = start[order], end[order], lane[order]
    back = (ln[1:] == ln[:-1]) & ((s[1:] < s[:-1]) | ((s[1:] == s[:-1]) & (e[1:] < e[:-1])))
    return np.lexsort((end, start, lane)) if back.any() else order


LANE_NUMBERS = ("rank", "layer", "microbatch", "start_s", "end_s", "bytes", "flops", "blocking", "ops", "busy_s")


def _lanes(df: pd.DataFrame) -> _Lanes:
    codes = {c: _codes(df[c]) for c in STRINGS}
    num = {c: df[c].to_numpy() for c in LANE_NUMBERS}
    num["blocking"] = df["blocking"].to_numpy(bool)
    return _lanes_of(num, codes)


def _lanes_of(num: dict[str, np.ndarray], codes: dict[str, tuple[np.ndarray, list[str]]]) -> _Lanes:
    """`_lanes` from numeric columns (LANE_NUMBERS) and the string columns' (codes, sorted vocabulary)."""
    order = lane_order(num["rank"], codes["stream"][0], num["blocking"], num["start_s"], num["end_s"])
    col = {c: v[order] for c, v in num.items()}
    cc = {c: v[0][order] for c, v in codes.items()}
    return _Lanes(order, col, cc, {c: v[1] for c, v in codes.items()})


def merge(df: pd.DataFrame, level: int, lanes: _Lanes | None = None) -> pd.DataFrame:
    """Merge op rows for detail `level` (see the module docstring); level 0 returns `df` unchanged.
    Vectorized: rows are sorted into lanes, runs of mergeable rows found with shifted comparisons and
    reduced with numpy's reduceat. `lanes`: `_lanes(df)`, when the caller merges `df` more than once."""
    if level == 0 or df.empty:
        return df
    lanes = _lanes(df) if lanes is None else lanes
    order, col, cc, vocab = lanes.order, lanes.col, lanes.cc, lanes.vocab
    sv = vocab["stream"]
    st = {x: cc["stream"] == (sv.index(x) if x in sv else -1) for x in ("compute", "p2p")}

    def prev_eq(x: np.ndarray) -> np.ndarray:
        out = np.zeros(len(x), dtype=bool)
        out[1:] = x[1:] == x[:-1]
        return out

    same = prev_eq(col["rank"]) & prev_eq(cc["stream"]) & prev_eq(col["blocking"])
    if level == 1:
        touching = np.zeros(len(order), dtype=bool)
        touching[1:] = np.isclose(col["start_s"][1:], col["end_s"][:-1], rtol=1e-12, atol=1e-12)
        same &= st["compute"] & touching
        same &= prev_eq(col["layer"]) & prev_eq(cc["phase"]) & prev_eq(col["microbatch"])
    else:
        pass_of = np.array([{"recompute": "backward"}.get(p, p) for p in vocab["phase"]], dtype=object)
        _, pass_code = np.unique(pass_of, return_inverse=True)
        ps = pass_code.reshape(-1)[cc["phase"]]
        same &= ~st["p2p"] & prev_eq(col["microbatch"]) & prev_eq(ps) & (col["microbatch"] >= 0)
    if not same.any():
        return df.iloc[order].reset_index(drop=True)
    starts = np.flatnonzero(~same)
    lasts = np.append(starts[1:], len(order)) - 1
    gid = np.cumsum(~same) - 1
    n_ops = np.add.reduceat(col["ops"], starts)
    # the bar's kind is the kind that took the most time inside it (ties: the first in name order)
    nk = len(vocab["kind"])
    per_kind = np.bincount(gid * nk + cc["kind"], weights=col["busy_s"], minlength=len(starts) * nk)
    present = np.bincount(gid * nk + cc["kind"], minlength=len(starts) * nk) > 0
    kind = np.where(present, per_kind, -1.0).reshape(len(starts), nk).argmax(axis=1)
    name_first, name_last = cc["name"][starts], cc["name"][lasts]
    names = vocab["name"]
    name_codes, name_vocab = _labels(
        name_first,
        np.where(n_ops > 1, name_last, -1),
        np.where(n_ops > 1, n_ops, 0),
        lambda a, b, n: names[a] if b < 0 else f"{names[a]} .. {names[b]} ({n} ops)",
    )
    phases = vocab["phase"]
    ph_first, ph_last = cc["phase"][starts], cc["phase"][lasts]
    phase_codes, phase_vocab = _labels(
        ph_first,
        ph_last,
        np.zeros(len(starts), dtype=np.int64),
        lambda a, b, _n: phases[a] if a == b else f"{phases[a]}+{phases[b]}",
    )
    layer = np.where(col["layer"][starts] == col["layer"][lasts], col["layer"][starts], -1)

    def cat(c: np.ndarray, v: list[str]) -> pd.Categorical:
        return pd.Categorical.from_codes(c, categories=v)

    return pd.DataFrame(
        {
            "rank": col["rank"][starts],
            "stream": cat(cc["stream"][starts], vocab["stream"]),
            "kind": cat(kind, vocab["kind"]),
            "name": cat(name_codes, name_vocab),
            "layer": layer,
            "microbatch": col["microbatch"][starts],
            "phase": cat(phase_codes, phase_vocab),
            "start_s": np.minimum.reduceat(col["start_s"], starts),
            "end_s": np.maximum.reduceat(col["end_s"], starts),
            "bytes": np.add.reduceat(col["bytes"], starts),
            "flops": np.add.reduceat(col["flops"], starts),
            "group": cat(cc["group"][starts], vocab["group"]),
            "blocking": col["blocking"][starts],
            "ops": n_ops,
            "busy_s": np.add.reduceat(col["busy_s"], starts),
        }
    )


def idle_gaps(df: pd.DataFrame, t_end: float, pipelined: bool, min_s: float) -> pd.DataFrame:
    """Intervals in [0, t_end] when a rank's compute lane is neither computing nor held by a blocking
    collective. A gap is a pipeline `bubble` when the rank waits on a pipeline receive at that time (or, with
    a pipeline, before its first or after its last op); otherwise it is `idle`. Gaps shorter than `min_s` are
    left out."""
    rank = df["rank"].to_numpy()
    sc, sv = _codes(df["stream"])
    kc, kv = _codes(df["kind"])
    is_stream = {x: sc == (sv.index(x) if x in sv else -1) for x in ("compute", "comm", "p2p")}
    blocking = df["blocking"].to_numpy(bool)
    t0, t1 = df["start_s"].to_numpy(float), df["end_s"].to_numpy(float)
    busy_all = is_stream["compute"] | (is_stream["comm"] & blocking)
    recv_all = is_stream["p2p"] & (kc == (kv.index("recv") if "recv" in kv else -1))
    out_r, out_a, out_b, out_k = [], [], [], []
    order = np.argsort(rank, kind="stable")
    bounds = np.flatnonzero(np.diff(rank[order])) + 1
    for idx in np.split(order, bounds) if len(order) else []:
        r = int(rank[idx[0]])
        busy, recv = idx[busy_all[idx]], idx[recv_all[idx]]
        iv_order = np.argsort(t0[busy], kind="stable")
        bs, be = t0[busy][iv_order], t1[busy][iv_order]
        cover_end = np.maximum.accumulate(be) if len(be) else np.zeros(0)
        starts = np.concatenate([[0.0], cover_end])
        ends = np.concatenate([bs, [t_end]])
        # a gap waits on a receive when some receive starts before the gap ends and ends after it starts
        ro = np.argsort(t0[recv], kind="stable")
        rs, re_max = t0[recv][ro], np.maximum.accumulate(t1[recv][ro]) if len(recv) else np.zeros(0)
        k = np.searchsorted(rs, ends, side="left")
        waits = np.zeros(len(ends), dtype=bool)
        has = k > 0
        waits[has] = re_max[k[has] - 1] > starts[has]
        edge = np.zeros(len(ends), dtype=bool)
        edge[0] = edge[-1] = True
        keep = (ends - starts) >= min_s
        bubble = waits | (edge & pipelined)
        out_r.append(np.full(int(keep.sum()), r, dtype=np.int64))
        out_a.append(starts[keep])
        out_b.append(ends[keep])
        out_k.append(np.where(bubble[keep], "bubble", "idle").astype(object))
    if not out_r:
        return pd.DataFrame({"rank": [], "start_s": [], "end_s": [], "kind": []})
    return pd.DataFrame(
        {
            "rank": np.concatenate(out_r),
            "start_s": np.concatenate(out_a),
            "end_s": np.concatenate(out_b),
            "kind": np.concatenate(out_k),
        }
    )


class _Tables:
    """The op table of some ranks and what every plan over those ranks derives from it alike (the rows sorted
    into lanes, the merges at levels 1 and 2, the level-0 idle gaps before the shortest are left out), each
    computed once when first asked for: the trace and the timeline plan the same ranks."""

    def __init__(self, res: SimResult, ranks: list[int]) -> None:
        self._cols: tuple[dict[str, np.ndarray], dict[str, list[str]]] | None = None
        if ranks:
            self._cols = op_columns(res, ranks)
            self.ops = _frame(*self._cols)
        else:
            self.ops = op_table(res, ranks)
        self._it = res.engine.iteration_time_s
        self._pipelined = res.scenario.parallelism.pipeline > 1
        self._lanes: _Lanes | None = None
        self._merged: dict[int, pd.DataFrame] = {}
        self._gaps: tuple[float, pd.DataFrame] | None = None  # (min_s, gaps at least min_s long)

    def merged(self, level: int) -> pd.DataFrame:
        if level not in self._merged:
            if self._lanes is None and self._cols is not None:  # from the arrays, not through pandas
                cols, vocab = self._cols
                self._lanes = _lanes_of(
                    {c: cols[c] for c in LANE_NUMBERS}, {c: (cols[c], vocab[c]) for c in STRINGS}
                )
            elif self._lanes is None:
                self._lanes = _lanes(self.ops)
            self._merged[level] = merge(self.ops, level, self._lanes)
        return self._merged[level]

    def gaps(self, min_s: float) -> pd.DataFrame:
        """`idle_gaps(ops, ...)`, gaps shorter than `min_s` left out: those of a shorter `min_s` asked for
        before, filtered (the same rows, in the same order)."""
        if self._gaps is None or min_s < self._gaps[0]:
            self._gaps = (min_s, idle_gaps(self.ops, self._it, self._pipelined, min_s))
        g = self._gaps[1]
        keep = (g["end_s"].to_numpy(float) - g["start_s"].to_numpy(float)) >= min_s
        return g if keep.all() else g[keep].reset_index(drop=True)


def _tables(res: SimResult, ranks: list[int]) -> _Tables:
    """`_Tables` of `ranks`, kept in the result's cache (computed before the writers split, they are shared)."""
    cache = res.cache.setdefault("plan_tables", {})
    key = tuple(ranks)
    if key not in cache:
        cache[key] = _Tables(res, ranks)
    return cache[key]


def _plan_ranks(
    res: SimResult, budget: int, max_ranks: int, prefer_detail: bool
) -> tuple[Selection, list[int], set[int]]:
    """`plan`'s choice of ranks before merging: the selection, the ranks whose op table is built, and the
    ranks among them that must stay shown."""
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
    ranks = list(sel.ranks)
    must = must_show(res) & set(ranks)
    while len(ranks) > 1 and sum(rows[r] for r in ranks) > min(40 * budget, ROW_CAP):
        thinner = _thin(ranks, must)
        if len(thinner) == len(ranks):
            break
        ranks = thinner
    return sel, ranks, must


def plan_ranks(res: SimResult, a: tuple[int, int, bool]) -> list[int]:
    """The ranks whose op table a plan with (budget, max_ranks, prefer_detail) `a` reads."""
    return _plan_ranks(res, *a)[1]


def same_tables(res: SimResult, a: tuple[int, int, bool], b: tuple[int, int, bool]) -> bool:
    """Whether plans with (budget, max_ranks, prefer_detail) `a` and `b` read the op table of the same ranks
    (so one `_Tables` serves both)."""
    return _plan_ranks(res, *a)[1] == _plan_ranks(res, *b)[1]


def plan(
    res: SimResult,
    budget: int,
    max_ranks: int,
    min_gap_frac: float = 2e-4,
    prefer_detail: bool = False,
    detail_rows: int | None = None,
) -> Plan:
    """Pick ranks and the level of detail so that bars (ops and idle gaps) fit `budget`; gaps shorter than
    `min_gap_frac` of the iteration are left out. With `prefer_detail`, when every rank does not fit
    unmerged, only the simulated ranks are kept (the others are relabelled copies) before merging ops.
    `detail_rows` caps the level-1 rows kept for drawing when zoomed in (`detail_ranks` picks whose)."""
    it = res.engine.iteration_time_s
    sel, ranks, must = _plan_ranks(res, budget, max_ranks, prefer_detail)
    notes = [sel.note] if sel.note else []
    tables = _tables(res, ranks)
    ops = tables.ops
    min_gap = it * min_gap_frac
    pipelined = res.scenario.parallelism.pipeline > 1
    # level 1 only joins ops that touch, so its gaps are level 0's
    df, level = ops, 0
    gaps = tables.gaps(min_gap)
    if len(df) + len(gaps) > budget:
        df, level = tables.merged(1), 1
    level1 = None
    if len(df) + len(gaps) > budget:
        level1 = df
        df, level = tables.merged(2), 2
        gaps = idle_gaps(df, it, pipelined, min_gap)
    if len(df) + len(gaps) > budget:  # still too many: fewer ranks
        per = df.groupby("rank").size().add(gaps.groupby("rank").size(), fill_value=0)
        keep: list[int] = []
        total = 0
        step = max(1, int(np.ceil(per.sum() / budget)))
        for r in sorted(must & set(per.index)):  # the slowest and every stage first
            keep.append(int(r))
            total += int(per[r])
        for r in list(per.index)[::step]:
            if r not in must and (total + per[r] <= budget or not keep):
                keep.append(int(r))
                total += int(per[r])
        ranks = keep = sorted(keep)
        df = df[df["rank"].isin(keep)]
        gaps = gaps[gaps["rank"].isin(keep)]
    if len(ranks) < len(sel.ranks):
        notes = [
            f"showing {len(ranks)} of {res.world_size} ranks (representative ranks, evenly spaced, the slowest "
            "and one of every pipeline stage)"
        ]
    if level:
        notes.append(LEVEL_NOTES[level])
    notes.append(f"idle gaps shorter than {min_gap * 1e6:.1f} µs are left out")
    if level1 is not None:
        level1 = level1[level1["rank"].isin(ranks)].reset_index(drop=True)
        if detail_rows is not None and len(level1) > detail_rows:
            counts = level1["rank"].value_counts()
            rows_of = {int(r): int(counts.get(r, 0)) for r in ranks}
            keep = detail_ranks(rows_of, slowest_rank(res), detail_rows)
            level1 = level1[level1["rank"].isin(keep)].reset_index(drop=True)
            shown = ", ".join(str(r) for r in keep)
            notes.append(
                f"zoomed in, the single ops of {len(keep)} of the {len(ranks)} ranks are drawn (rank {shown}; "
                f"the page carries at most {detail_rows:,} of them)"
            )
    return Plan(ranks, df.reset_index(drop=True), gaps.reset_index(drop=True), notes, level, level1)
