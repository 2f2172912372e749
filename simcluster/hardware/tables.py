"""Measured tables of a hardware profile and the one lookup that answers "how long does this take here".

A profile may hold collective tables (what nccl-tests measures: per op, ranks and nodes spanned, message
size -> time), GEMM tables (b, m, n, k, dtype -> time) and attention tables (the fused causal attention
kernel's rate per sequence, head dim and direction), each in a CSV file next to the profile YAML (`tables:` in
the profile; the format is in docs/calibration.md). The lookup is table first, model outside:
  collectives  T(S) linear in (log S, log T) between measured sizes; outside the measured sizes the model
               times the table/model ratio at the nearest edge, so the hand-over is continuous.
  GEMMs        multilinear in (log b, log m, log n, log k) -> log T inside the measured grid; outside it the
               model times the table/model ratio at the query clamped onto the grid (continuous at its faces).
  attention    rate bilinear in (log seq, log head_dim) -> log rate inside the grid; outside it the rate at the
               query clamped onto the grid (the model's rate is one constant, so this is its edge ratio too).
Callers turn a table time into a ratio to their own model time (`ratio`), so what only the model knows
(contention on shared links, protocols, backward operand layouts) still scales it.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal, get_args

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator

from simcluster.errors import ConfigError, excerpt

TableOp = Literal["allreduce", "allgather", "reducescatter", "alltoall", "sendrecv", "broadcast", "reduce"]
GemmDtype = Literal["fp32", "tf32", "fp16", "bf16", "fp8"]  # fp8: e4m3 operands, FP8 linears' GEMMs
GEMM_DTYPES: tuple[str, ...] = get_args(GemmDtype)
COLLECTIVE_COLUMNS = ("size_bytes", "time_us")
GEMM_COLUMNS = ("b", "m", "n", "k", "dtype", "time_us")
ATTENTION_COLUMNS = ("dtype", "seq", "head_dim", "direction", "tflops")
AttentionDirection = Literal["forward", "backward"]
ATTENTION_DIRECTIONS: tuple[str, ...] = get_args(AttentionDirection)
AttentionKernel = Literal["flash", "cudnn", "efficient", "math"]
MAX_TFLOPS_RATE = 1e5  # a rate beyond this is a typo, not a measurement (the profile holds it to the peak too)
MIN_TFLOPS_RATE = 1e-9  # as every rate of a profile
MAX_TIME_US = 1e9


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)


class CollectiveTable(_Strict):
    """One measured collective: `op` on `ranks` GPUs spanning `nodes` nodes (equal GPUs per node)."""

    op: TableOp
    ranks: int = Field(ge=2, le=1 << 20)
    nodes: int = Field(ge=1, le=1 << 20)
    file: str = Field("", description="CSV (size_bytes,time_us) relative to the profile's folder")
    size_bytes: list[float] = Field(default_factory=list, description="filled from `file` on loading")
    time_us: list[float] = Field(default_factory=list, description="filled from `file` on loading")

    @model_validator(mode="after")
    def _points(self) -> CollectiveTable:
        if self.ranks % self.nodes:
            raise ValueError(f"ranks={self.ranks} must be a multiple of nodes={self.nodes}")
        check_series(self.size_bytes, self.time_us, self.file or "tables.collectives")
        return self


def rate_scale_field(what: str, effect: str) -> Any:
    """A table's `rate_scale`: this GPU's rate over the measured one, for a table measured on the same
    processor at another power cap or clock (1: the table is this GPU's), within [0.1, 2]."""
    return Field(
        1.0,
        ge=0.1,
        le=2.0,
        description=f"this GPU's {what} rate over the measured one, for a table measured on the same processor at "
        f"another power cap or clock: {effect} (1: the table is this GPU's)",
    )


def _tuples(rows: object) -> object:
    """Inline rows as YAML and JSON give them (lists) taken as the tuples they are; anything else as it is."""
    return [tuple(r) if isinstance(r, list) else r for r in rows] if isinstance(rows, list) else rows


class GemmTable(_Strict):
    """Measured GEMMs of one dtype on a full grid of (b, m, n, k) (every combination of the listed values)."""

    dtype: GemmDtype
    file: str = Field("", description="CSV (b,m,n,k,dtype,time_us) relative to the profile's folder")
    rows: list[tuple[int, int, int, int, float]] = Field(
        default_factory=list, description="(b, m, n, k, time_us), filled from `file` on loading"
    )
    rate_scale: float = rate_scale_field("GEMM", "every time is divided by it")

    _rows_as_tuples = field_validator("rows", mode="before")(_tuples)

    @model_validator(mode="after")
    def _grid(self) -> GemmTable:
        if not self.rows:
            raise ValueError(f"{self.file or 'tables.gemm'}: no {self.dtype} rows")
        if grid_points(self.rows) != (len(self.rows), len(self.rows)):
            raise ValueError(
                f"{self.file or 'tables.gemm'}: {self.dtype} rows must form a full grid of b, m, n, k with "
                "one row per shape"
            )
        return self

    def times(self) -> list[tuple[int, int, int, int, float]]:
        """(b, m, n, k, time_us) on this GPU: the measured rows over `rate_scale`."""
        if self.rate_scale == 1.0:
            return list(self.rows)
        return [(b, m, n, k, t / self.rate_scale) for b, m, n, k, t in self.rows]


class AttentionTable(_Strict):
    """Measured rates of one fused causal attention kernel in one dtype: TFLOP/s, FLOPs counted as the
    simulator does (`simcluster.parallel.base.flash_attention`), per sequence (keys per query), head dim and
    direction, on a full grid of sequence x head dim in each direction measured (the forward at least)."""

    dtype: GemmDtype
    kernel: AttentionKernel = Field(
        "flash", description="the kernel measured (SDPA's backend): what the profile's fused attention runs"
    )
    file: str = Field("", description="CSV (dtype,seq,head_dim,direction,tflops) relative to the profile's folder")
    rows: list[tuple[int, int, AttentionDirection, float]] = Field(
        default_factory=list, description="(seq, head_dim, direction, tflops), filled from `file` on loading"
    )
    rate_scale: float = rate_scale_field("attention", "every rate is multiplied by it")

    _rows_as_tuples = field_validator("rows", mode="before")(_tuples)

    @model_validator(mode="after")
    def _grid(self) -> AttentionTable:
        where = self.file or "tables.attention"
        if not self.rows:
            raise ValueError(f"{where}: no {self.dtype} rows")
        for i, (seq, hd, _d, rate) in enumerate(self.rows):
            if seq < 1 or hd < 1 or not (math.isfinite(rate) and MIN_TFLOPS_RATE <= rate <= MAX_TFLOPS_RATE):
                raise ValueError(
                    f"{where}: row {i + 1} ({seq}, {hd}, {rate}) must have seq >= 1, head_dim >= 1 and "
                    f"{MIN_TFLOPS_RATE:g} <= tflops <= {MAX_TFLOPS_RATE:g}"
                )
        directions = {r[2] for r in self.rows}
        if "forward" not in directions:
            raise ValueError(f"{where}: {self.dtype} has no forward rows (the forward rate is the table's base)")
        for d in sorted(directions):
            pts = [(r[0], r[1]) for r in self.rows if r[2] == d]
            full = len({p[0] for p in pts}) * len({p[1] for p in pts})
            if len(set(pts)) != len(pts) or full != len(pts):
                raise ValueError(
                    f"{where}: {self.dtype} {d} rows must form a full grid of seq x head_dim with one row per pair"
                )
        return self

    def rates(self) -> list[tuple[int, int, str, float]]:
        """(seq, head_dim, direction, TFLOP/s) on this GPU: the measured rates times `rate_scale`."""
        return [(s, h, d, r * self.rate_scale) for s, h, d, r in self.rows]


def grid_points(rows: Sequence[tuple]) -> tuple[int, int]:
    """(distinct (b, m, n, k) shapes among `rows`, shapes of the full grid their values span): the rows form a
    full grid with one row per shape when both equal len(rows)."""
    shapes = {r[:4] for r in rows}
    return len(shapes), math.prod(len({r[i] for r in rows}) for i in range(4))


# A measured GEMM may outrun the datasheet's peak by what the boost clock adds over the clock the peak is quoted
# at (H100 SXM: 1,980 against 1,830 MHz, +8%); a rate beyond this is not a measurement of that GPU.
PEAK_HEADROOM = 1.10


def gemm_over_peak(dtype: str, rows: Sequence[tuple[int, int, int, int, float]], peak_flops: float) -> str | None:
    """Why `rows` (b, m, n, k, time_us) of one dtype cannot be this GPU's GEMMs: the fastest row's rate above
    PEAK_HEADROOM x `peak_flops`; None when they can."""
    b, m, n, k, t_us = max(rows, key=lambda r: r[0] * r[1] * r[2] * r[3] / r[4])
    rate = 2.0 * b * m * n * k / (t_us * 1e-6)
    if rate <= PEAK_HEADROOM * peak_flops:
        return None
    return (
        f"the {dtype} GEMM {b} x {m} x {n} x {k} runs at {rate / 1e12:,.0f} TFLOP/s, over {PEAK_HEADROOM:g} x the "
        f"GPU's {dtype} peak ({peak_flops / 1e12:,.0f}): not a measurement of this GPU"
    )


def attention_over_peak(dtype: str, rates: Sequence[tuple[int, int, str, float]], peak_flops: float) -> str | None:
    """Why attention rates (seq, head_dim, direction, TFLOP/s) of one dtype cannot be this GPU's: the fastest
    above PEAK_HEADROOM x `peak_flops`; None when they can (`gemm_over_peak`'s rule)."""
    seq, hd, direction, tflops = max(rates, key=lambda r: r[3])
    peak = peak_flops / 1e12
    if tflops <= PEAK_HEADROOM * peak:
        return None
    return (
        f"the {dtype} {direction} at seq {seq}, head_dim {hd} runs at {tflops:,.0f} TFLOP/s, over "
        f"{PEAK_HEADROOM:g} x the GPU's {dtype} peak ({peak:,.0f}): not a measurement of this GPU"
    )


class MeasuredTables(_Strict):
    collectives: list[CollectiveTable] = Field(default_factory=list)
    gemm: list[GemmTable] = Field(default_factory=list)
    attention: list[AttentionTable] = Field(default_factory=list)
    _lookup: Lookup | None = PrivateAttr(default=None)  # built once per loaded profile (see lookup_of)


def lookup_of(tables: MeasuredTables | None) -> Lookup:
    """The lookup of a profile's tables, built once per loaded profile (a search builds many cost models)."""
    if tables is None:
        return Lookup(None)
    if tables._lookup is None:
        tables._lookup = Lookup(tables)
    return tables._lookup


def check_series(sizes: list[float], times: list[float], where: str) -> None:
    """Sizes rise strictly, times are positive and finite, as many of each (a ValueError names the rule)."""
    if len(sizes) != len(times):
        raise ValueError(f"{where}: {len(sizes)} sizes but {len(times)} times")
    if not sizes:
        raise ValueError(f"{where}: the table has no rows")
    for i, (s, t) in enumerate(zip(sizes, times)):
        if not (math.isfinite(s) and s > 0) or not (math.isfinite(t) and 0 < t <= MAX_TIME_US):
            raise ValueError(f"{where}: point {i + 1} ({s}, {t}) must have size > 0 and 0 < time_us <= 1e9")
        if i and s <= sizes[i - 1]:
            raise ValueError(f"{where}: sizes must rise (point {i + 1}: {s} after {sizes[i - 1]})")


# -- CSV files: the shared table format ------------------------------------------------------------------


def _fail(path: Path, line: int, rule: str) -> ConfigError:
    return ConfigError(f"{path}:{line}", None, rule)


def _header(path: Path, rows: list[list[str]], want: tuple[str, ...]) -> list[int]:
    if not rows:
        raise _fail(path, 1, "the table is empty (no header, no rows)")
    head = [c.strip() for c in rows[0]]
    where = []
    for col in want:
        if col not in head:
            stem = col.split("_")[0]
            other = [h for h in head if h.split("_")[0] == stem or h.split("(")[0] == stem]
            if other:
                raise _fail(
                    path, 1, f"column {other[0]!r} has the wrong unit: the table format wants {col!r}"
                )
            raise _fail(path, 1, f"missing column {col!r} (columns: {', '.join(want)})")
        where.append(head.index(col))
    if len(rows) < 2:
        raise _fail(path, 2, "the table has a header but no rows")
    return where


def _number(path: Path, line: int, col: str, text: str, integer: bool = False) -> float:
    try:
        value = int(text) if integer else float(text)
    except ValueError:
        raise _fail(
            path, line, f"{col}={excerpt(text.strip())} is not {'an integer' if integer else 'a number'}"
        ) from None
    if not math.isfinite(value) or value <= 0:
        raise _fail(path, line, f"{col}={excerpt(text.strip())[1:-1]} must be positive and finite")
    if col == "time_us" and value > MAX_TIME_US:
        raise _fail(path, line, f"time_us={value:g} exceeds 1e9 us")
    return value


def _rows(path: Path) -> list[list[str]]:
    try:
        with path.open(newline="", encoding="utf-8") as f:
            return [r for r in csv.reader(f) if r and any(c.strip() for c in r)]
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise ConfigError(str(path), None, f"cannot be read as a CSV table ({type(exc).__name__})") from None


def read_collective_csv(path: Path) -> tuple[list[float], list[float]]:
    """(size_bytes, time_us) of a collective table CSV; a broken rule is one line naming file and line."""
    rows = _rows(path)
    i_size, i_time = _header(path, rows, COLLECTIVE_COLUMNS)
    sizes: list[float] = []
    times: list[float] = []
    for line, row in enumerate(rows[1:], start=2):
        if len(row) <= max(i_size, i_time):
            raise _fail(path, line, f"has {len(row)} columns, the header {len(rows[0])}")
        s = _number(path, line, "size_bytes", row[i_size])
        t = _number(path, line, "time_us", row[i_time])
        if sizes and s <= sizes[-1]:
            raise _fail(
                path, line, f"size_bytes={s:g} must rise (previous row {sizes[-1]:g}): sort the table"
            )
        sizes.append(s)
        times.append(t)
    return sizes, times


def read_gemm_csv(path: Path) -> dict[str, list[tuple[int, int, int, int, float]]]:
    """Rows per dtype of a GEMM table CSV (b,m,n,k,dtype,time_us)."""
    rows = _rows(path)
    cols = _header(path, rows, GEMM_COLUMNS)
    out: dict[str, list[tuple[int, int, int, int, float]]] = {}
    for line, row in enumerate(rows[1:], start=2):
        if len(row) <= max(cols):
            raise _fail(path, line, f"has {len(row)} columns, the header {len(rows[0])}")
        b, m, n, k = (int(_number(path, line, c, row[i], integer=True)) for c, i in zip("bmnk", cols[:4]))
        dtype = row[cols[4]].strip()
        if dtype not in GEMM_DTYPES:
            raise _fail(path, line, f"dtype={dtype!r} must be one of {', '.join(GEMM_DTYPES)}")
        out.setdefault(dtype, []).append((b, m, n, k, _number(path, line, "time_us", row[cols[5]])))
    return out


def read_attention_csv(path: Path) -> dict[str, list[tuple[int, int, str, float]]]:
    """Rows per dtype of an attention table CSV (dtype,seq,head_dim,direction,tflops)."""
    rows = _rows(path)
    cols = _header(path, rows, ATTENTION_COLUMNS)
    out: dict[str, list[tuple[int, int, str, float]]] = {}
    for line, row in enumerate(rows[1:], start=2):
        if len(row) <= max(cols):
            raise _fail(path, line, f"has {len(row)} columns, the header {len(rows[0])}")
        dtype, direction = row[cols[0]].strip(), row[cols[3]].strip()
        if dtype not in GEMM_DTYPES:
            raise _fail(path, line, f"dtype={dtype!r} must be one of {', '.join(GEMM_DTYPES)}")
        if direction not in ATTENTION_DIRECTIONS:
            raise _fail(path, line, f"direction={direction!r} must be one of {', '.join(ATTENTION_DIRECTIONS)}")
        seq, hd = (int(_number(path, line, c, row[i], integer=True)) for c, i in zip(("seq", "head_dim"), cols[1:3]))
        rate = _number(path, line, "tflops", row[cols[4]])
        if not MIN_TFLOPS_RATE <= rate <= MAX_TFLOPS_RATE:
            raise _fail(path, line, f"tflops={rate:g} must lie in [{MIN_TFLOPS_RATE:g}, {MAX_TFLOPS_RATE:g}]")
        out.setdefault(dtype, []).append((seq, hd, direction, rate))
    return out


def write_attention_csv(path: Path, rows: list[tuple[str, int, int, str, float]]) -> None:
    """(dtype, seq, head_dim, direction, tflops) rows in the attention table format."""
    lines = [",".join(ATTENTION_COLUMNS)] + [f"{d},{s},{h},{di},{r:.6g}" for d, s, h, di, r in rows]
    path.write_text("\n".join(lines) + "\n")


def write_collective_csv(path: Path, sizes: list[float], times_us: list[float]) -> None:
    lines = ["size_bytes,time_us"] + [f"{int(s)},{t:.6g}" for s, t in zip(sizes, times_us)]
    path.write_text("\n".join(lines) + "\n")


def write_gemm_csv(path: Path, rows: list[tuple[int, int, int, int, str, float]]) -> None:
    lines = [",".join(GEMM_COLUMNS)] + [f"{b},{m},{n},{k},{d},{t:.6g}" for b, m, n, k, d, t in rows]
    path.write_text("\n".join(lines) + "\n")


def expand_files(data: dict, base_dir: Path | None) -> dict:
    """A profile mapping with each table's `file` read into its points (relative to `base_dir`)."""
    tables = data.get("tables")
    if not isinstance(tables, dict):
        return data
    tables = dict(tables)
    for key in ("collectives", "gemm", "attention"):
        entries = tables.get(key)
        if not isinstance(entries, list):
            continue
        done = []
        for e in entries:
            if isinstance(e, dict) and isinstance(e.get("file"), str) and e["file"]:
                path = Path(e["file"])
                if not path.is_absolute():
                    if base_dir is None:
                        raise ConfigError(
                            f"tables.{key}.file", e["file"], "a relative path needs a profile file"
                        )
                    path = base_dir / path
                if not path.is_file():
                    raise ConfigError(f"tables.{key}.file", e["file"], f"no such file ({path})")
                e = dict(e)
                if key == "collectives":
                    e["size_bytes"], e["time_us"] = read_collective_csv(path)
                elif key == "attention":
                    e["rows"] = [tuple(r) for r in read_attention_csv(path).get(str(e.get("dtype")), [])]
                else:
                    e["rows"] = [tuple(r) for r in read_gemm_csv(path).get(str(e.get("dtype")), [])]
            done.append(e)
        tables[key] = done
    return {**data, "tables": tables}


# -- the lookup -------------------------------------------------------------------------------------------


class _Series:
    def __init__(self, t: CollectiveTable) -> None:
        self.log_s = np.log(np.asarray(t.size_bytes, dtype=float))
        self.log_t = np.log(np.asarray(t.time_us, dtype=float) * 1e-6)
        self.lo, self.hi = float(t.size_bytes[0]), float(t.size_bytes[-1])

    def at(self, size: float) -> float:
        if len(self.log_s) == 1:
            return float(math.exp(self.log_t[0]))
        return float(math.exp(np.interp(math.log(size), self.log_s, self.log_t)))


def _bracket(log_axis: np.ndarray, v: float) -> tuple[int, int, float]:
    """The two points of a sorted log-scale axis around `v` and the weight of the upper one, `v` clamped onto
    the axis (one point: itself twice, weight 0)."""
    if len(log_axis) == 1:
        return 0, 0, 0.0
    x = min(max(math.log(v), float(log_axis[0])), float(log_axis[-1]))
    j = int(np.clip(np.searchsorted(log_axis, x, side="right") - 1, 0, len(log_axis) - 2))
    return j, j + 1, (x - log_axis[j]) / (log_axis[j + 1] - log_axis[j])


class _Grid:
    def __init__(self, t: GemmTable) -> None:
        rows = t.times()
        self.axes = [np.asarray(sorted({r[i] for r in rows}), dtype=float) for i in range(4)]
        self.log_axes = [np.log(a) for a in self.axes]
        index = [{v: j for j, v in enumerate(a)} for a in self.axes]
        self.log_t = np.zeros(tuple(len(a) for a in self.axes))
        for b, m, n, k, us in rows:
            self.log_t[index[0][b], index[1][m], index[2][n], index[3][k]] = math.log(us * 1e-6)

    def clamp(self, q: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        return tuple(int(min(max(v, a[0]), a[-1])) for v, a in zip(q, self.axes))  # type: ignore[return-value]

    def inside(self, q: tuple[int, int, int, int]) -> bool:
        return all(a[0] <= v <= a[-1] for v, a in zip(q, self.axes))

    def at(self, q: tuple[int, int, int, int]) -> float:
        """Multilinear interpolation of log time in log coordinates (q inside the grid)."""
        lo_idx, weights = [], []
        for v, la in zip(q, self.log_axes):
            j0, j1, w = _bracket(la, v)
            lo_idx.append((j0, j1))
            weights.append(w)
        total = 0.0
        for corner in range(16):
            idx, w = [], 1.0
            for d in range(4):
                hi = (corner >> d) & 1
                idx.append(lo_idx[d][hi])
                w *= weights[d] if hi else 1.0 - weights[d]
            if w:
                total += w * self.log_t[tuple(idx)]
        return math.exp(total)


class _RateGrid:
    """One direction of an attention table: log rate bilinear in (log seq, log head_dim), clamped onto the grid."""

    def __init__(self, rows: list[tuple[int, int, str, float]]) -> None:
        seqs, hds = sorted({r[0] for r in rows}), sorted({r[1] for r in rows})
        self.seq_range, self.hd_range = (seqs[0], seqs[-1]), (hds[0], hds[-1])
        self.seqs = np.log(np.asarray(seqs, dtype=float))
        self.hds = np.log(np.asarray(hds, dtype=float))
        self.log_rate = np.zeros((len(seqs), len(hds)))
        si, hi = {v: j for j, v in enumerate(seqs)}, {v: j for j, v in enumerate(hds)}
        for seq, hd, _d, tflops in rows:
            self.log_rate[si[seq], hi[hd]] = math.log(tflops * 1e12)

    def inside(self, seq: int, head_dim: int) -> bool:
        """The grid holds (seq, head_dim) at or between measured points."""
        return self.seq_range[0] <= seq <= self.seq_range[1] and self.hd_range[0] <= head_dim <= self.hd_range[1]

    def at(self, seq: int, head_dim: int) -> float:
        s0, s1, ws = _bracket(self.seqs, seq)
        h0, h1, wh = _bracket(self.hds, head_dim)
        r = self.log_rate
        low = (1 - wh) * r[s0, h0] + wh * r[s0, h1]
        high = (1 - wh) * r[s1, h0] + wh * r[s1, h1]
        return math.exp((1 - ws) * low + ws * high)


# fp16 and bf16 run at the same tensor-core rate (as HardwareProfile.peak_flops falls back between them)
_SAME_RATE = {"fp16": "bf16", "bf16": "fp16"}
# A point-to-point send of S bytes between two GPUs (pipeline stages, ring attention) is what nccl-tests'
# sendrecv measures on 2 GPUs: each sends S to the other at once, over full-duplex links.
_TABLE_OP = {"send": "sendrecv"}


class Lookup:
    """Table first, model outside: the profile's measured tables, ready to answer per op."""

    def __init__(self, tables: MeasuredTables | None) -> None:
        self._coll: dict[tuple[str, int, int], _Series] = {}
        self._gemm: dict[str, _Grid] = {}
        self._attention: dict[tuple[str, str, str], _RateGrid] = {}  # (kernel, dtype, direction)
        if tables is not None:
            for t in tables.collectives:
                self._coll[(t.op, t.ranks, t.nodes)] = _Series(t)
            for g in tables.gemm:
                self._gemm[g.dtype] = _Grid(g)
            for a in tables.attention:
                rates = a.rates()
                for d in sorted({r[2] for r in rates}):
                    self._attention[(a.kernel, a.dtype, d)] = _RateGrid([r for r in rates if r[2] == d])

    def __bool__(self) -> bool:
        return bool(self._coll or self._gemm or self._attention)

    def _series(self, op: str, ranks: int, nodes: int) -> _Series | None:
        return self._coll.get((_TABLE_OP.get(op, op), ranks, nodes))

    def has_collective(self, op: str, ranks: int, nodes: int) -> bool:
        return self._series(op, ranks, nodes) is not None

    def covers_collective(self, op: str, ranks: int, nodes: int, size_bytes: float) -> bool:
        """A table holds this call's size (at or between measured sizes), not only its edge ratio."""
        series = self._series(op, ranks, nodes)
        return series is not None and series.lo <= size_bytes <= series.hi

    def covers_gemm(self, b: int, m: int, n: int, k: int, dtype: str) -> bool:
        """The GEMM grid of this dtype holds the shape (at or between measured points)."""
        grid = self._gemm.get(dtype) or self._gemm.get(_SAME_RATE.get(dtype, ""))
        return grid is not None and grid.inside((b, m, n, k))

    def collective_s(
        self, op: str, ranks: int, nodes: int, size_bytes: float, model_s: Callable[[float], float]
    ) -> float | None:
        """Seconds of one `op` of `size_bytes` on `ranks` GPUs over `nodes` nodes, or None without a table.
        Outside the measured sizes: `model_s(size)` x the table/model ratio at the nearest measured size.
        A `send` between two GPUs takes the 2-GPU `sendrecv` table."""
        series = self._series(op, ranks, nodes)
        if series is None:
            return None
        if series.lo <= size_bytes <= series.hi:
            return series.at(size_bytes)
        edge = series.lo if size_bytes < series.lo else series.hi
        return model_s(size_bytes) * series.at(edge) / model_s(edge)

    def gemm_s(
        self, b: int, m: int, n: int, k: int, dtype: str, model_s: Callable[[int, int, int, int], float]
    ) -> float | None:
        """Seconds of `b` GEMMs [m,k] x [k,n] in `dtype`, or None without a table for that dtype. Outside
        the grid: `model_s(b, m, n, k)` x the table/model ratio at the query clamped onto the grid."""
        grid = self._gemm.get(dtype) or self._gemm.get(_SAME_RATE.get(dtype, ""))
        if grid is None:
            return None
        q = (b, m, n, k)
        if grid.inside(q):
            return grid.at(q)
        edge = grid.clamp(q)
        return model_s(*q) * grid.at(edge) / model_s(*edge)


    def covers_attention(self, dtype: str, direction: str, seq: int, head_dim: int, kernel: str = "flash") -> bool:
        """`kernel`'s attention table of this dtype and direction holds the call (at or between measured points)."""
        grid = self._attention_grid(dtype, direction, kernel)
        return grid is not None and grid.inside(seq, head_dim)

    def has_attention(self, dtype: str, direction: str, kernel: str = "flash") -> bool:
        """The profile measured `kernel` in this dtype (or the one of the same rate) and direction."""
        return self._attention_grid(dtype, direction, kernel) is not None

    def _attention_grid(self, dtype: str, direction: str, kernel: str) -> _RateGrid | None:
        return self._attention.get((kernel, dtype, direction)) or self._attention.get(
            (kernel, _SAME_RATE.get(dtype, ""), direction)
        )

    def attention_flops(
        self, dtype: str, direction: str, seq: int, head_dim: int, kernel: str = "flash"
    ) -> float | None:
        """FLOP/s of the fused causal attention `kernel` (flash: SDPA's FlashAttention-2; cudnn: cuDNN's, which
        Transformer Engine runs on Hopper) at `seq` keys per query and `head_dim`, in `direction`, or None
        without a table for that kernel, dtype and direction. Outside the grid: the rate at the query clamped
        onto it (the measured rate levels off with the sequence: the longest sequence's stands for longer)."""
        grid = self._attention_grid(dtype, direction, kernel)
        if grid is None or seq < 1 or head_dim < 1:
            return None
        return grid.at(seq, head_dim)


def ratio(table_s: float | None, model_s: float) -> float:
    """Table time over model time (1 without a table or a model time)."""
    if table_s is None or not model_s > 0:
        return 1.0
    return table_s / model_s
