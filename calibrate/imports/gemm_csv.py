"""GEMM tables in CSV -> the profile's GEMM table rows (b, m, n, k, dtype, time_us).

Reads the form of ../shared/calibration/h100-gemm/gemm_sm90.csv (columns b, m, n, k, dtype, time_us; dtype
`bf16xbf16->bf16` or `f32xf32->f32`, the latter run on TF32 tensor cores, hence tf32) and the profile's own
form. Checks: the columns and the time's unit stated, dimensions positive integers, times positive and
finite, one row per shape and dtype, and every dtype a full grid over b, m, n, k.
"""

from __future__ import annotations

import math
from pathlib import Path

from calibrate.imports.checked import csv_rows
from calibrate.imports.checked import fail as _fail

DTYPES = {
    "bf16": "bf16",
    "fp16": "fp16",
    "f16": "fp16",
    "fp32": "fp32",
    "f32": "tf32",
    "tf32": "tf32",
    "fp8": "fp8",
}
Row = tuple[int, int, int, int, str, float]


def gemm_dtype(text: str) -> str | None:
    """The table's dtype of a GEMM: its output type, except FP8 GEMMs (e4m3 operands, 16-bit output): fp8."""
    t = text.strip().lower()
    if "->" in t:
        operands, out = t.split("->", 1)
        if operands == "f8e4m3fnxf8e4m3fn":
            return "fp8"
        if operands.startswith("f8") or "xf8" in operands:
            return None  # mixed e4m3/e5m2 operands (FP8 backward): not a dtype the table holds
        return DTYPES.get(out)
    return DTYPES.get(t)


def read_gemm_table(path: Path) -> list[Row]:
    rows = csv_rows(path)
    head = [c.strip() for c in rows[0]]
    for col in ("b", "m", "n", "k", "dtype"):
        if col not in head:
            raise _fail(path, 1, f"missing column {col!r}")
    if "time_us" not in head:
        other = [h for h in head if h.startswith("time")]
        rule = (
            f"column {other[0]!r} has the wrong unit: want time_us" if other else "missing column 'time_us'"
        )
        raise _fail(path, 1, rule)
    if len(rows) < 2:
        raise _fail(path, 2, "the table has a header but no rows")
    idx = {c: head.index(c) for c in ("b", "m", "n", "k", "dtype", "time_us")}
    out: list[Row] = []
    seen: set[tuple] = set()
    for no, row in enumerate(rows[1:], start=2):
        if len(row) < len(head):
            raise _fail(path, no, f"has {len(row)} columns, the header {len(head)}")
        dims = []
        for c in "bmnk":
            try:
                v = int(row[idx[c]])
            except ValueError:
                raise _fail(path, no, f"{c}={row[idx[c]]!r} is not an integer") from None
            if v <= 0:
                raise _fail(path, no, f"{c}={v} must be positive")
            dims.append(v)
        dtype = gemm_dtype(row[idx["dtype"]])
        if dtype is None:
            raise _fail(
                path,
                no,
                f"dtype={row[idx['dtype']]!r} is not bf16, fp16, tf32/f32, fp32 or fp8 (e4m3 operands)",
            )
        try:
            t = float(row[idx["time_us"]])
        except ValueError:
            raise _fail(path, no, f"time_us={row[idx['time_us']]!r} is not a number") from None
        if not math.isfinite(t) or t <= 0:
            raise _fail(path, no, f"time_us={row[idx['time_us']]} must be positive and finite")
        key = (*dims, dtype)
        if key in seen:
            raise _fail(path, no, f"shape {key} appears twice")
        seen.add(key)
        out.append((dims[0], dims[1], dims[2], dims[3], dtype, t))
    gap = grid_gap(out)
    if gap is not None:
        raise _fail(
            path, len(rows), f"{gap[0]} rows are not a full grid over b, m, n, k ({gap[1]} of {gap[2]})"
        )
    return sorted(out, key=lambda r: (r[4], r[0], r[1], r[2], r[3]))


def grid_gap(rows: list[Row]) -> tuple[str, int, int] | None:
    """The first dtype whose rows are not a full grid over b, m, n, k: (dtype, rows, grid points), else None."""
    for dtype in sorted({r[4] for r in rows}):
        sel = [r for r in rows if r[4] == dtype]
        points = math.prod(len({r[i] for r in sel}) for i in range(4))
        if points != len(sel):
            return dtype, len(sel), points
    return None
