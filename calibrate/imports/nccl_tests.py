"""nccl-tests output -> collective tables (size_bytes -> time_us).

Two forms are read: the text table that all_reduce_perf, all_gather_perf, reduce_scatter_perf, alltoall_perf
and sendrecv_perf print (`size count type redop root time algbw busbw #wrong`, out of place then in place,
units on the line below the names), and its CSV form (`size(B),count,type,time(ns),busbw(GB/s),...`, as in
vTrain's measurement tables). The in-place time is taken where both are given (Megatron's all-reduces run in
place), else the out-of-place one. Checks: units stated (B; us or ns), sizes rising, times positive and finite.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from calibrate.imports.checked import csv_rows
from calibrate.imports.checked import fail as _fail
from simcluster.errors import ConfigError

OPS = {
    "all_reduce": "allreduce",
    "allreduce": "allreduce",
    "all_gather": "allgather",
    "allgather": "allgather",
    "reduce_scatter": "reducescatter",
    "reducescatter": "reducescatter",
    "alltoall": "alltoall",
    "sendrecv": "sendrecv",
}
TIME_UNITS = {"us": 1.0, "ns": 1e-3}


@dataclass(frozen=True)
class Measured:
    """One imported collective table."""

    source: Path
    op: str
    ranks: int
    nodes: int
    size_bytes: list[float]
    time_us: list[float]

    @property
    def busbw_GBps(self) -> list[float]:
        """nccl-tests' bus bandwidth at each measured size."""
        f = bus_factor(self.op, self.ranks)
        return [s / (t * 1e-6) / 1e9 * f for s, t in zip(self.size_bytes, self.time_us)]


def op_from_name(path: Path) -> str | None:
    name = path.name.lower()
    for key in sorted(OPS, key=len, reverse=True):
        if key in name:
            return OPS[key]
    return None


def _ranks_from_name(path: Path) -> int | None:
    m = re.search(r"(\d+)\s*gpus?", path.name.lower())
    return int(m.group(1)) if m else None


def _value(path: Path, line: int, col: str, text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise _fail(path, line, f"{col}={text!r} is not a number") from None
    if not math.isfinite(v) or v <= 0:
        raise _fail(path, line, f"{col}={text} must be positive and finite")
    return v


def _append(path: Path, line: int, sizes: list[float], times: list[float], s: float, t: float) -> None:
    if sizes and s <= sizes[-1]:
        raise _fail(
            path, line, f"size={s:g} B must rise (previous row {sizes[-1]:g} B): sizes must be sorted"
        )
    sizes.append(s)
    times.append(t)


def read_text(path: Path) -> tuple[list[float], list[float], int | None, int | None]:
    """(sizes B, times us, ranks, nodes) of nccl-tests' printed output; ranks and nodes from its device list."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(str(path), None, f"cannot be read ({type(exc).__name__})") from None
    names: list[str] | None = None
    hosts: list[str] = []
    sizes: list[float] = []
    times: list[float] = []
    i_size = i_time = -1
    for no, raw in enumerate(lines, start=1):
        text = raw.strip()
        dev = re.match(r"#\s*Rank\s+\d+\s+.*\bon\s+(\S+)\s+device", text)
        if dev:
            hosts.append(dev.group(1))
            continue
        if text.startswith("#"):
            toks = text.lstrip("#").split()
            if "size" in toks and "time" in toks and names is None:
                names = toks
            elif names is not None and i_size < 0 and toks and toks[0].startswith("("):
                units = toks  # one unit per column that has one: size (B), count, time, algbw, busbw...
                if units[0] != "(B)":
                    raise _fail(path, no, f"size unit {units[0]} must be (B)")
                tu = [u for u in units if u in ("(us)", "(ns)", "(ms)", "(s)")]
                if not tu or tu[0].strip("()") not in TIME_UNITS:
                    raise _fail(path, no, f"time unit {tu[0] if tu else 'missing'} must be (us) or (ns)")
                i_size = names.index("size")
                t_idx = [j for j, c in enumerate(names) if c == "time"]
                i_time = t_idx[-1]  # in place where both are printed
                scale = TIME_UNITS[tu[0].strip("()")]
            continue
        if not text:
            continue
        if names is None or i_size < 0:
            raise _fail(path, no, "data before the column names and units (size ... time ...; (B) ... (us))")
        toks = text.split()
        if len(toks) < len(names):
            raise _fail(path, no, f"has {len(toks)} columns, the header {len(names)}")
        s = _value(path, no, "size", toks[i_size])
        t = _value(path, no, "time", toks[i_time]) * scale
        _append(path, no, sizes, times, s, t)
    if names is None:
        raise _fail(path, 1, "no nccl-tests table (a '# size count type ... time algbw busbw' header)")
    if not sizes:
        raise _fail(path, len(lines), "the table has no rows")
    return sizes, times, (len(hosts) or None), (len(set(hosts)) or None)


def read_csv(path: Path) -> tuple[list[float], list[float]]:
    """(sizes B, times us) of the CSV form: `size(B),count,type,time(ns),busbw(GB/s)[,time(ns),busbw(GB/s)]`."""
    rows = csv_rows(path)
    head = [c.strip().replace(" ", "") for c in rows[0]]
    size_cols = [j for j, c in enumerate(head) if c.startswith("size")]
    time_cols = [j for j, c in enumerate(head) if c.startswith("time")]
    if not size_cols or not time_cols:
        raise _fail(path, 1, "missing column size(B) or time(us|ns)")
    if head[size_cols[0]] not in ("size(B)", "size_bytes"):
        raise _fail(
            path, 1, f"column {head[size_cols[0]]!r} has the wrong unit: sizes must be in bytes, size(B)"
        )
    unit = re.fullmatch(r"time(?:\((\w+)\)|_(\w+))", head[time_cols[-1]])
    u = (unit.group(1) or unit.group(2)) if unit else None
    if u not in TIME_UNITS:
        raise _fail(path, 1, f"column {head[time_cols[-1]]!r} has the wrong unit: times must be in us or ns")
    if len(rows) < 2:
        raise _fail(path, 2, "the table has a header but no rows")
    sizes: list[float] = []
    times: list[float] = []
    for no, row in enumerate(rows[1:], start=2):
        if len(row) < len(head):
            raise _fail(path, no, f"has {len(row)} columns, the header {len(head)}")
        s = _value(path, no, "size", row[size_cols[0]])
        t = _value(path, no, "time", row[time_cols[-1]]) * TIME_UNITS[u]
        _append(path, no, sizes, times, s, t)
    return sizes, times


def bus_factor(op: str, n: int) -> float:
    """nccl-tests' busbw / algbw."""
    if op == "allreduce":
        return 2 * (n - 1) / n
    if op in ("allgather", "reducescatter", "alltoall"):
        return (n - 1) / n
    return 1.0


def import_table(path: Path, op: str | None, ranks: int | None, nodes: int | None) -> Measured:
    """One nccl-tests file (text or CSV form) as a collective table; op, ranks and nodes from the options,
    else from the output's device list or the file name (`all_reduce_perf_8gpu.txt`, `allreduce_8gpu.csv`)."""
    if path.suffix.lower() == ".csv":
        sizes, times = read_csv(path)
        seen_ranks = seen_nodes = None
    else:
        sizes, times, seen_ranks, seen_nodes = read_text(path)
    op = op or op_from_name(path)
    if op is None:
        raise ConfigError(f"{path}", None, "cannot tell the collective from the file name: pass --op")
    ranks = ranks or seen_ranks or _ranks_from_name(path)
    if ranks is None or ranks < 2:
        raise ConfigError(f"{path}", ranks, "cannot tell the GPU count (>= 2): pass --ranks")
    nodes = nodes or seen_nodes or 1
    if ranks % nodes:
        raise ConfigError(f"{path}", nodes, f"ranks={ranks} must be a multiple of the node count")
    return Measured(path, op, ranks, nodes, sizes, times)
