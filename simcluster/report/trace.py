"""Chrome trace-event JSON (trace.json.gz: gzip'd, reproducibly), for Perfetto (ui.perfetto.dev) or
chrome://tracing.

Ranks are processes (`pid` = rank, named "rank N"), streams are threads (compute, comm, p2p; a stream whose
ops overlap, such as queued non-blocking collectives beside blocking ones, spills onto "comm #2" and so on,
because slices on one thread must nest). Ops are complete ('X') events with `ts`/`dur` in microseconds;
idle gaps and pipeline bubbles are X events on the compute thread. Counters ('C'): memory in use per rank and
utilization of the busiest links (process "network links", pid = world size).

Hundreds of thousands of events are built column-wise: the text that depends only on an op's name, kind,
stream, phase, group, rank and thread is formatted once per distinct combination, and numbers are turned into
text and joined per column with pyarrow's compute functions (shortest round-trip form: `0`, not `0.0`), a block
of ROWS_PER_BLOCK events at a time, each block streamed to the gzip writer as it is made.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from simcluster.report.lanes import Plan, plan
from simcluster.report.series import busiest_links, link_utilization, memory_series
from simcluster.simulate import SimResult

EVENT_BUDGET = 300_000  # X events at most; past it ranks are thinned and ops merged (noted in otherData)
MAX_RANKS = 256
TOP_LINKS = 16
STREAM_TID = {"compute": 0, "comm": 10, "p2p": 20, "host": 30}
GiB = 1024**3
ROWS_PER_BLOCK = 16_384  # X events turned into text at a time
GZIP_LEVEL = 1  # ISA-L's levels are 0 to 3; 1 is its fastest with full compression


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


def _lanes(ts: np.ndarray, te: np.ndarray) -> np.ndarray:
    """`_assign_threads`, with a fast path when no slice starts before an earlier one ends (one lane)."""
    order = np.lexsort((-te, ts))
    s, e = ts[order], te[order]
    if len(s) < 2 or bool(np.all(s[1:] >= np.maximum.accumulate(e)[:-1])):
        return np.zeros(len(ts), dtype=np.int64)
    return _assign_threads(ts, te)


def _join(*parts: object):  # noqa: ANN202 - pyarrow array
    """Element-wise concatenation of string arrays and constant strings (a null counts as empty)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    args = [pa.scalar(p, type=pa.string()) if isinstance(p, str) else p for p in parts]
    options = pc.JoinOptions(null_handling="replace", null_replacement="")
    return pc.binary_join_element_wise(*args, pa.scalar("", type=pa.string()), options=options)


def _num(a: np.ndarray):  # noqa: ANN202 - pyarrow array
    """Numbers as JSON text (shortest round-trip form)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    return pc.cast(pa.array(np.asarray(a)), pa.string())


def _pick(vocab: list[str], codes: np.ndarray):  # noqa: ANN202 - pyarrow array
    """JSON strings of `vocab` entries by code."""
    import pyarrow as pa

    return pa.array([json.dumps(v) for v in vocab], type=pa.string()).take(pa.array(codes, type=pa.int64()))


def _opt(mask: np.ndarray, *parts: object):  # noqa: ANN202 - pyarrow array
    """The concatenation of `parts` (constant strings, numbers as numpy arrays) where `mask`, else null
    (empty to `_join`): numbers are turned into text on those rows only."""
    import pyarrow as pa

    mask = np.asarray(mask, dtype=bool)
    k = int(mask.sum())
    if k == 0:
        return pa.nulls(len(mask), type=pa.string())
    joined = _join(*(p if isinstance(p, str) else _num(np.asarray(p)[mask]) for p in parts))
    if k == len(mask):
        return joined
    return joined.take(pa.array(np.cumsum(mask) - 1, mask=~mask))


def _codes_of(col) -> tuple[np.ndarray, list[str]]:  # noqa: ANN001 - pandas Series
    from simcluster.report.lanes import _codes

    return _codes(col)


def _slices(res: SimResult, ops, gaps) -> tuple[Iterator, list[tuple[int, int, str]]]:  # noqa: ANN001
    """The X events in (rank, thread, start) order, as pyarrow string arrays of ROWS_PER_BLOCK events each
    (each event ending in a comma; made as they are read), and the threads used (rank, tid, name)."""
    import pyarrow as pa

    n_ops, n_gaps = len(ops), len(gaps)
    sc, sv = _codes_of(ops["stream"])
    names = sorted(set(sv) | {"compute"})  # stream codes in name order; gaps are on the compute lane
    remap = np.array([names.index(x) for x in sv], dtype=np.int64)
    rank = np.concatenate([ops["rank"].to_numpy(np.int64), gaps["rank"].to_numpy(np.int64)])
    stream = np.concatenate([remap[sc] if n_ops else sc, np.full(n_gaps, names.index("compute"))])
    ts = _us(np.concatenate([ops["start_s"].to_numpy(float), gaps["start_s"].to_numpy(float)]))
    te = _us(np.concatenate([ops["end_s"].to_numpy(float), gaps["end_s"].to_numpy(float)]))
    tid = np.zeros(len(rank), dtype=np.int64)
    threads: set[tuple[int, int, str]] = set()
    # groups of (rank, stream name); inside a group, ops before gaps (stable sort)
    key = np.argsort(rank * len(names) + stream, kind="stable")
    gk = (rank * len(names) + stream)[key]
    bounds = np.flatnonzero(gk[1:] != gk[:-1]) + 1
    for idx in np.split(key, bounds) if len(key) else []:
        lanes = _lanes(ts[idx], te[idx])
        name = names[int(stream[idx[0]])]
        tid[idx] = STREAM_TID[name] + lanes
        for lane in np.unique(lanes).tolist() if lanes.any() else [0]:
            threads.add(
                (int(rank[idx[0]]), STREAM_TID[name] + lane, name if lane == 0 else f"{name} #{lane + 1}")
            )
    dur = np.round(te - ts, 3)
    n = n_ops + n_gaps
    # per row, everything but the numbers is a combination of a few codes: format each distinct one once
    kc, kv = _codes_of(ops["kind"])
    nc, nv = _codes_of(ops["name"])
    pc_, pv = _codes_of(ops["phase"])
    gc_, gv = _codes_of(ops["group"])
    gk, gkv = _codes_of(gaps["kind"].astype(object))

    def pad(x: np.ndarray, fill: int | float | bool, gap_values: np.ndarray | None = None) -> np.ndarray:
        tail = np.full(n_gaps, fill) if gap_values is None else gap_values
        return np.concatenate([np.asarray(x), tail]) if n else np.zeros(0)

    is_gap = np.concatenate([np.zeros(n_ops, dtype=bool), np.ones(n_gaps, dtype=bool)])
    fields = [
        pad(nc, 0, gk),
        pad(kc, 0, gk),
        pad(sc, 0),
        pad(pc_, 0),
        pad(gc_, 0),
        pad(ops["blocking"].to_numpy(bool).astype(np.int64), 0),
        rank,
        tid,
        is_gap.astype(np.int64),
    ]
    fields = [np.asarray(f, dtype=np.int64) for f in fields]
    key = np.zeros(n, dtype=np.int64)
    radix = 1
    for f in fields:
        m = int(f.max(initial=0)) + 1
        key += f * radix
        radix *= m
    if radix >= 2**62:  # pragma: no cover - astronomically many distinct names and groups
        _, key = np.unique(np.stack(fields, axis=1), axis=0, return_inverse=True)
        key = key.reshape(-1)
    uniq, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    pre, mid, post = [], [], []
    compute = sv.index("compute") if "compute" in sv else -1
    for i in first.tolist():
        r, t = int(rank[i]), int(tid[i])
        if is_gap[i]:
            k = json.dumps(gkv[gk[i - n_ops]])
            pre.append(f'{{"name":{k},"cat":{k},"ph":"X","ts":')
            mid.append(f',"pid":{r},"tid":{t},"args":{{"stream":"compute"')
            post.append("")
            continue
        pre.append(f'{{"name":{json.dumps(nv[nc[i]])},"cat":{json.dumps(kv[kc[i]])},"ph":"X","ts":')
        mid.append(
            f',"pid":{r},"tid":{t},"args":{{"stream":{json.dumps(sv[sc[i]])},"phase":{json.dumps(pv[pc_[i]])}'
        )
        g = gv[gc_[i]]
        tail = f',"group":{json.dumps(g)}' if g else ""
        if sc[i] != compute:
            tail += ',"blocking":' + ("true" if ops["blocking"].iat[i] else "false")
        post.append(tail)
    # rows in (rank, thread, start) order: sort the columns, then build the strings a block of rows at a time
    # (small buffers, reused block after block: a whole-trace buffer would be page-faulted in anew)
    order = np.lexsort((ts, tid, rank))
    inv = inverse[order]
    ts, dur = ts[order], dur[order]
    layer = pad(ops["layer"].to_numpy(np.int64), -1)[order]
    mb = pad(ops["microbatch"].to_numpy(np.int64), -1)[order]
    nbytes = pad(ops["bytes"].to_numpy(float), 0.0)[order]
    flops = pad(ops["flops"].to_numpy(float), 0.0)[order]
    n_merged = pad(ops["ops"].to_numpy(np.int64), 1)[order]
    busy = np.round(pad(ops["busy_s"].to_numpy(float), 0.0) * 1e6, 3)[order]
    pre_a, mid_a, post_a = (pa.array(x, type=pa.string()) for x in (pre, mid, post))

    def blocks() -> Iterator:
        for a in range(0, n, ROWS_PER_BLOCK):
            b = slice(a, a + ROWS_PER_BLOCK)
            at = pa.array(inv[b], type=pa.int64())
            yield _join(
                pre_a.take(at),
                _num(ts[b]),
                ',"dur":',
                _num(dur[b]),
                mid_a.take(at),
                _opt(layer[b] >= 0, ',"layer":', layer[b]),
                _opt(mb[b] >= 0, ',"microbatch":', mb[b]),
                _opt(nbytes[b] != 0, ',"bytes":', nbytes[b]),
                _opt(flops[b] != 0, ',"flops":', flops[b]),
                post_a.take(at),
                _opt(n_merged[b] > 1, ',"ops":', n_merged[b], ',"busy_us":', busy[b]),
                "}},",
            )

    return blocks(), sorted(threads)


def _counters(name_vocab: list[str], name_code: np.ndarray, ts: np.ndarray, pid: np.ndarray, arg: str, v):  # noqa: ANN001, ANN202
    return _join(
        '{"name":',
        _pick(name_vocab, name_code),
        ',"ph":"C","ts":',
        _num(ts),
        ',"pid":',
        _num(pid),
        f',"tid":0,"args":{{"{arg}":',
        _num(v),
        "}},",
    )


def _text(arr) -> bytes:  # noqa: ANN001 - pyarrow string array
    """The concatenation of every element, as bytes."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if len(arr) == 0:
        return b""
    lst = pa.ListArray.from_arrays(pa.array([0, len(arr)], type=pa.int32()), arr)
    return pc.binary_join(lst, "")[0].as_buffer().to_pybytes()


def _meta(ev: list[dict]) -> bytes:
    return "".join(json.dumps(e, separators=(",", ":")) + "," for e in ev).encode()


PLAN_RANKS = (EVENT_BUDGET, MAX_RANKS, True)  # plan's (budget, max_ranks, prefer_detail) for the trace


def trace_plan(res: SimResult, budget: int = EVENT_BUDGET, max_ranks: int = MAX_RANKS) -> Plan:
    """The ranks, bars and gaps the trace shows."""
    return plan(res, budget, max_ranks, min_gap_frac=1e-6, prefer_detail=True)


def trace_chunks(
    res: SimResult, budget: int = EVENT_BUDGET, max_ranks: int = MAX_RANKS
) -> tuple[list[bytes], list[str]]:
    """The trace document as byte strings to write one after the other (built column-wise with pyarrow), and
    the notes on what was merged or left out."""
    parts, notes = trace_parts(res, budget, max_ranks)
    return list(parts), notes


def trace_parts(
    res: SimResult, budget: int = EVENT_BUDGET, max_ranks: int = MAX_RANKS
) -> tuple[Iterator[bytes], list[str]]:
    """`trace_chunks`, the byte strings made one at a time as they are read (writing holds one block of
    events at a time, not the whole document)."""
    pl = trace_plan(res, budget, max_ranks)
    other = {
        "scenario": res.scenario.name,
        "iteration_time_s": res.engine.iteration_time_s,
        "ranks": "all" if len(pl.ranks) == res.world_size else pl.ranks,
        "notes": pl.notes,
    }
    tail = b'],"displayTimeUnit":"ms","otherData":' + json.dumps(other, separators=(",", ":")).encode() + b"}\n"
    return _last_comma_dropped(_events(res, pl), tail), pl.notes


def _last_comma_dropped(parts: Iterator[bytes], tail: bytes) -> Iterator[bytes]:
    """`parts` (each event ends with a comma) without the last comma, then `tail`."""
    held = b""
    for part in parts:
        if part:
            if held:
                yield held
            held = part
    yield held[:-1]
    yield tail


def _events(res: SimResult, pl: Plan) -> Iterator[bytes]:
    head: list[dict] = []
    for rank in pl.ranks:
        head.append(
            {"name": "process_name", "ph": "M", "pid": rank, "tid": 0, "args": {"name": f"rank {rank}"}}
        )
        head.append(
            {"name": "process_sort_index", "ph": "M", "pid": rank, "tid": 0, "args": {"sort_index": rank}}
        )
    rows, threads = _slices(res, pl.ops, pl.gaps)
    for rank, tid, name in threads:
        head.append({"name": "thread_name", "ph": "M", "pid": rank, "tid": tid, "args": {"name": name}})
        head.append(
            {"name": "thread_sort_index", "ph": "M", "pid": rank, "tid": tid, "args": {"sort_index": tid}}
        )
    yield b'{"traceEvents":['
    yield _meta(head)
    for block in rows:
        yield _text(block)
    ts, pid, val = [], [], []
    for rank in pl.ranks:
        s = memory_series(res, res.program.rep_of[rank])
        ts.append(_us(s.time_s))
        pid.append(np.full(len(s.time_s), rank, dtype=np.int64))
        val.append(np.round(s.value / GiB, 6))
    if ts:
        t = np.concatenate(ts)
        yield _text(
            _counters(
                ["memory"],
                np.zeros(len(t), dtype=np.int64),
                t,
                np.concatenate(pid),
                "GiB",
                np.concatenate(val),
            )
        )
    links_pid = res.world_size
    links = link_utilization(res, busiest_links(res, TOP_LINKS))
    if links:
        yield _meta(
            [
                {
                    "name": "process_name",
                    "ph": "M",
                    "pid": links_pid,
                    "tid": 0,
                    "args": {"name": "network links"},
                },
                {
                    "name": "process_sort_index",
                    "ph": "M",
                    "pid": links_pid,
                    "tid": 0,
                    "args": {"sort_index": links_pid},
                },
            ]
        )
        t = np.concatenate([_us(s.time_s) for s in links])
        code = np.concatenate([np.full(len(s.time_s), k, dtype=np.int64) for k, s in enumerate(links)])
        v = np.concatenate([np.round(s.value * 100, 4) for s in links])
        yield _text(
            _counters(
                [s.name for s in links],
                code,
                t,
                np.full(len(t), links_pid, dtype=np.int64),
                "utilization_pct",
                v,
            )
        )


def trace_events(res: SimResult, budget: int = EVENT_BUDGET, max_ranks: int = MAX_RANKS) -> dict:
    """The whole trace document, parsed (for tests and tools; writing uses `trace_chunks`)."""
    return json.loads(b"".join(trace_chunks(res, budget, max_ranks)[0]))


def write_trace(res: SimResult, path: Path) -> list[str]:
    """Write the trace to `path`: gzip-compressed (reproducibly: no name, no time in the header) when it ends
    in `.gz`, with ISA-L's deflate (`isal`: several times zlib's speed for a file of about zlib's level-3
    size; any gzip reader reads it)."""
    chunks, notes = trace_parts(res)
    with open(path, "wb") as raw:
        if path.suffix == ".gz":
            from isal import igzip

            with igzip.IGzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=GZIP_LEVEL) as f:
                for c in chunks:
                    f.write(c)
        else:
            for c in chunks:
                raw.write(c)
    return notes
