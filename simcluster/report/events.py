"""Per-rank op events as a table (events.csv / events.parquet): one row per op per rank.

Folded ranks are written as relabelled copies of their representative (same times; groups translated),
up to a row budget; past it only the simulated representatives are written (summary.json names them).

Everything is built from numpy arrays per representative rank (`rep_ops`): a rank's program shares one
`OpSpec` per distinct op, so attributes are read once per distinct op and gathered by index. Small tables
are written as CSV, large ones as Parquet (columnar, compressed; `pandas.read_parquet` reads it back).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from simcluster.errors import ConfigError
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
ALL_MAX_ROWS = 100_000_000  # `--events all` past this many rows is refused (tens of GB; 131,072 GPUs: 1.8 billion)
CSV_MAX_ROWS = 100_000  # `events` in auto format: CSV up to this many rows, Parquet past it
STREAMS = ("compute", "comm", "p2p", "host")
_STREAM_SORTED = np.array([sorted(STREAMS).index(x) for x in STREAMS], dtype=np.int32)


@dataclass(frozen=True)
class RepOps:
    """The ops of one representative rank (wait markers left out), in program order, as arrays.

    `op` indexes the distinct ops (`ops`); per-distinct-op attributes are the `op_*` arrays, per-row ones are
    gathered with `op_x[op]`. String attributes are codes into sorted vocabularies (`*_vocab`)."""

    ops: list  # distinct OpSpec objects
    op: np.ndarray  # int64, per row: index into ops
    layer: np.ndarray
    microbatch: np.ndarray
    start_s: np.ndarray
    end_s: np.ndarray
    op_stream: np.ndarray  # int8 codes into STREAMS
    op_kind: np.ndarray  # codes into kind_vocab
    op_name: np.ndarray  # codes into name_vocab
    op_phase: np.ndarray  # codes into phase_vocab
    op_bytes: np.ndarray
    op_flops: np.ndarray
    op_blocking: np.ndarray
    kind_vocab: list[str]
    name_vocab: list[str]
    phase_vocab: list[str]

    def __len__(self) -> int:
        return len(self.op)

    def col(self, what: str) -> np.ndarray:
        """A per-row array: stream/kind/name/phase codes, bytes, flops or blocking."""
        return getattr(self, "op_" + what)[self.op]


def _codes(values: list[str]) -> tuple[np.ndarray, list[str]]:
    vocab = sorted(set(values))
    index = {v: i for i, v in enumerate(vocab)}
    return np.fromiter((index[v] for v in values), dtype=np.int32, count=len(values)), vocab


def rep_ops(res: SimResult, rep: int) -> RepOps:
    """The op arrays of representative `rep`, computed once per result (events, the timeline, the trace and
    the memory series all read them)."""
    cache = res.cache.setdefault("rep_ops", {})
    if rep not in cache:
        cache[rep] = _build_rep_ops(res, rep)
    return cache[rep]


def _build_rep_ops(res: SimResult, rep: int) -> RepOps:
    sa = res.step_arrays(rep)
    ops, inverse = sa.ops, sa.inverse
    keep_op = np.array([op.kind != "wait" for op in ops], dtype=bool)
    keep = keep_op[inverse]
    tr = res.engine.traces[rep]
    start = np.frombuffer(tr.start_s, dtype=np.float64)[keep]
    end = np.frombuffer(tr.end_s, dtype=np.float64)[keep]
    end = np.where(np.isnan(end), start, end)
    layer = sa.layer[keep]
    mb = sa.microbatch[keep]
    kind, kind_vocab = _codes([op.kind for op in ops])
    name, name_vocab = _codes([op.name for op in ops])
    phase, phase_vocab = _codes([op.phase for op in ops])
    return RepOps(
        ops=ops,
        op=inverse[keep],
        layer=layer,
        microbatch=mb,
        start_s=start,
        end_s=end,
        op_stream=np.array([STREAMS.index(op.stream) for op in ops], dtype=np.int8),
        op_kind=kind,
        op_name=name,
        op_phase=phase,
        op_bytes=np.array([op.bytes for op in ops], dtype=float),
        op_flops=np.array([op.flops for op in ops], dtype=float),
        op_blocking=np.array([op.blocking for op in ops], dtype=bool),
        kind_vocab=kind_vocab,
        name_vocab=name_vocab,
        phase_vocab=phase_vocab,
    )


def events_ranks(res: SimResult, mode: str) -> list[int]:
    """Which ranks' events to write for `--events auto|all|none`."""
    if mode == "none":
        return []
    if mode == "all":
        rows = events_rows(res, list(range(res.world_size)))
        if rows > ALL_MAX_ROWS:
            raise ConfigError(
                "--events",
                "all",
                f"would write {rows:,} rows, more than {ALL_MAX_ROWS:,}; --events auto writes the "
                f"{len(res.program.reps)} simulated ranks",
            )
        return list(range(res.world_size))
    if events_rows(res, list(range(res.world_size))) <= ROW_BUDGET:
        return list(range(res.world_size))
    return list(res.program.reps)


def events_rows(res: SimResult, ranks: list[int]) -> int:
    """How many rows the events of `ranks` have."""
    per_rep: dict[int, int] = {}
    total = 0
    for r in ranks:
        rep = res.program.rep_of[r]
        if rep not in per_rep:
            per_rep[rep] = len(rep_ops(res, rep))
        total += per_rep[rep]
    return total


def _translation_to(res: SimResult, rep: int, rank: int) -> Sequence[int] | None:
    if rep == rank:
        return None
    perm = res.program.translations.between(rep, rank)
    if perm is None:  # pragma: no cover
        raise AssertionError(f"no translation maps rank {rep} to {rank}")
    return perm


def group_names(res: SimResult, rank: int) -> np.ndarray:
    """Per distinct op of `rank`'s representative: its group as space-separated global ranks of `rank`."""
    rep = res.program.rep_of[rank]
    ro = rep_ops(res, rep)
    perm = _translation_to(res, rep, rank)
    names: dict[tuple[int, ...], str] = {}
    out = []
    for op in ro.ops:
        g = op.group
        s = names.get(g)
        if s is None:
            s = names[g] = " ".join(str(perm[x] if perm else x) for x in g)
        out.append(s)
    return np.array(out, dtype=object)


STRINGS = ("stream", "kind", "name", "phase", "group")


def _global_codes(res: SimResult, reps: list[int], what: str) -> tuple[dict[int, np.ndarray], list[str]]:
    """Per representative: a map from its `what` codes to codes into one sorted vocabulary of all of them."""
    vocab = sorted(set().union(*(getattr(rep_ops(res, r), what + "_vocab") for r in reps)))
    index = {v: i for i, v in enumerate(vocab)}
    local = {
        r: np.array([index[v] for v in getattr(rep_ops(res, r), what + "_vocab")], dtype=np.int32)
        for r in reps
    }
    return local, vocab


def event_columns(res: SimResult, ranks: list[int]) -> tuple[dict[str, np.ndarray], dict[str, list[str]]]:
    """The events of `ranks` as numpy columns: numbers as they are, strings (STRINGS) as int32 codes into the
    sorted vocabularies returned alongside. Also `blocking` (bool), for the timeline and the trace. Those
    `share_event_columns` kept are returned as they are (callers do not change them)."""
    hit = res.cache.get("event_columns", {}).get(tuple(ranks))
    return hit if hit is not None else _event_columns(res, ranks)


def share_event_columns(res: SimResult, ranks: list[int]) -> None:
    """Keep `event_columns(res, ranks)` in the result's cache: computed once before the writers split, the
    events writer and the trace's and timeline's op tables read the same columns."""
    res.cache.setdefault("event_columns", {})[tuple(ranks)] = _event_columns(res, ranks)


def _event_columns(
    res: SimResult, ranks: list[int]
) -> tuple[dict[str, np.ndarray], dict[str, list[str]]]:
    reps = sorted({res.program.rep_of[r] for r in ranks})
    maps = {w: _global_codes(res, reps, w) for w in ("kind", "name", "phase")}
    cols: dict[str, list[np.ndarray]] = {c: [] for c in [*COLUMNS, "blocking"]}
    group_index: dict[str, int] = {}
    for rank in ranks:
        rep = res.program.rep_of[rank]
        ro = rep_ops(res, rep)
        cols["rank"].append(np.full(len(ro), rank, dtype=np.int64))
        cols["stream"].append(_STREAM_SORTED[ro.col("stream")])
        for w, (m, _v) in maps.items():
            cols[w].append(m[rep][ro.col(w)])
        names = group_names(res, rank)
        g = np.array([group_index.setdefault(x, len(group_index)) for x in names], dtype=np.int32)
        cols["group"].append(g[ro.op])
        for c in ("layer", "microbatch", "start_s", "end_s"):
            cols[c].append(getattr(ro, c))
        for c in ("bytes", "flops", "blocking"):
            cols[c].append(ro.col(c))
    out = {c: np.concatenate(v) if v else np.zeros(0) for c, v in cols.items()}
    # groups: codes in first-seen order -> sorted vocabulary
    gv = sorted(group_index)
    pos = {x: i for i, x in enumerate(gv)}
    remap = np.array([pos[x] for x in group_index], dtype=np.int32)
    out["group"] = remap[out["group"].astype(np.int64)] if len(out["group"]) else out["group"]
    vocab = {"stream": sorted(STREAMS), "group": gv, **{w: v for w, (_m, v) in maps.items()}}
    for c in STRINGS:
        out[c] = out[c].astype(np.int32, copy=False)
    return out, vocab


def events_frame(res: SimResult, ranks: list[int], categorical: bool = False) -> pd.DataFrame:
    """One row per op (wait markers left out) of each rank in `ranks`, in program order. With `categorical`,
    string columns are pandas Categoricals (cheap to build and group) and a `blocking` column is added;
    otherwise plain strings, as in events.csv."""
    cols, vocab = event_columns(res, ranks)
    data = {}
    for c in [*COLUMNS, "blocking"] if categorical else COLUMNS:
        if c in STRINGS:
            cat = pd.Categorical.from_codes(cols[c], categories=pd.Index(vocab[c], dtype=object))
            data[c] = cat if categorical else np.asarray(vocab[c] or [""], dtype=object)[cols[c]]
        else:
            data[c] = cols[c]
    if not ranks:
        data = {c: [] for c in data}
    return pd.DataFrame(data, columns=list(data))


ROWS_PER_BATCH = 1_000_000  # events.parquet's record batches: ranks are added while fewer rows than this


def batch_ranks(res: SimResult, ranks: list[int], rows_per_batch: int = ROWS_PER_BATCH) -> list[list[int]]:
    """`ranks` in the batches events.parquet is written in (each grows by whole ranks while it holds fewer
    than `rows_per_batch` rows)."""
    out: list[list[int]] = []
    start = 0
    while start < len(ranks):
        batch, count = [], 0
        while start < len(ranks) and (not batch or count < rows_per_batch):
            batch.append(ranks[start])
            count += len(rep_ops(res, res.program.rep_of[ranks[start]]))
            start += 1
        out.append(batch)
    return out


def _arrow_batches(res: SimResult, ranks: list[int], rows_per_batch: int = ROWS_PER_BATCH) -> Iterator:
    """Record batches of the events of `ranks` (strings dictionary-encoded), about `rows_per_batch` rows each."""
    import pyarrow as pa

    for batch in batch_ranks(res, ranks, rows_per_batch):
        cols, vocab = event_columns(res, batch)
        arrays = []
        for c in COLUMNS:
            if c in STRINGS:
                arrays.append(pa.DictionaryArray.from_arrays(cols[c], pa.array(vocab[c], type=pa.string())))
            else:
                arrays.append(pa.array(cols[c]))
        yield pa.RecordBatch.from_arrays(arrays, names=COLUMNS)


def events_format(res: SimResult, ranks: list[int], fmt: str = "auto") -> str:
    """`csv` or `parquet`: `auto` gives CSV up to CSV_MAX_ROWS rows and Parquet past it."""
    if fmt != "auto":
        return fmt
    return "csv" if events_rows(res, ranks) <= CSV_MAX_ROWS else "parquet"


def write_events(res: SimResult, ranks: list[int], path: Path) -> None:
    """Write the events of `ranks` to `path` (`.csv` or `.parquet`), a rank at a time for Parquet."""
    if path.suffix == ".csv":
        events_frame(res, ranks).to_csv(path, index=False)
        return
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pa.schema(
        [
            (
                c,
                pa.dictionary(pa.int32(), pa.string())
                if c in ("stream", "kind", "name", "phase", "group")
                else t,
            )
            for c, t in zip(
                COLUMNS,
                [
                    pa.int64(),
                    None,
                    None,
                    None,
                    pa.int64(),
                    pa.int64(),
                    None,
                    pa.float64(),
                    pa.float64(),
                    pa.float64(),
                    pa.float64(),
                    None,
                ],
            )
        ]
    )
    # no Arrow schema in the file: readers get plain string columns, as from events.csv
    with pq.ParquetWriter(
        path, schema, compression="snappy", store_schema=False, write_statistics=False
    ) as w:
        wrote = False
        for batch in _arrow_batches(res, ranks):
            w.write_batch(batch)
            wrote = True
        if not wrote:
            w.write_table(schema.empty_table())
