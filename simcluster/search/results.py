"""Result files: each finished point is written at once (one small Parquet part per point, renamed into
place, so a crash or Ctrl-C loses nothing done), and at the end every row goes to `results.parquet` and
`results.csv`, sorted by point, so the same points give byte-identical files whatever ran them.

While a sweep runs, `results.parquet` is also rewritten from every finished row at most every
`FLUSH_EVERY_S` seconds, so it can be read (or plotted) before the end. `--resume` reads the rows already there (the final file and any parts) and skips points whose scenario
content hash is among them.
"""

from __future__ import annotations

import contextlib
import csv
import io
import math
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from simcluster.errors import ConfigError
from simcluster.report.outdir import own_subfolder, write_file_atomic

PARTS = ".parts"
RESULTS = "results.parquet"
FLUSH_EVERY_S = 2.0


def _cell(v: Any) -> Any:
    """A Parquet-friendly cell: Python scalars as they are (numpy's as the Python scalar they hold, so a
    column keeps one type and the CSV reads `0.5`, not `np.float64(0.5)`), anything else as its text."""
    if isinstance(v, np.generic):
        v = v.item()
    if v is None or isinstance(v, bool | int | float | str):
        return v
    return str(v)


def _table(rows: list[dict[str, Any]], columns: list[str]) -> pa.Table:
    data = {c: [_cell(r.get(c)) for r in rows] for c in columns}
    arrays = {}
    for c, vals in data.items():
        kinds = {type(v) for v in vals if v is not None}
        if len(kinds) > 1 and kinds <= {int, float}:
            vals = [None if v is None else float(v) for v in vals]
        elif len(kinds) > 1:
            vals = [None if v is None else str(v) for v in vals]
        arrays[c] = pa.array(vals) if kinds else pa.nulls(len(vals), pa.string())
    return pa.table(arrays)


def _finite_or_flag(v: Any) -> bool:
    return isinstance(v, bool) or (isinstance(v, int | float) and math.isfinite(v))


def _clear_parts(parts: Path) -> None:
    """Remove the part files a sweep wrote (`<hash>.parquet`) and the folder if that empties it; anything
    else a user put there stays."""
    for f in parts.glob("*.parquet"):
        if f.is_file() and not f.is_symlink():
            f.unlink()
    with contextlib.suppress(OSError):
        parts.rmdir()


class ResultStore:
    """Rows of one output folder, keyed by scenario hash (`scenario_hash` column)."""

    def __init__(
        self,
        out: Path,
        resume: bool = False,
        columns: list[str] | None = None,
        required: tuple[str, ...] = (),
    ) -> None:
        self.out = out
        self.columns = columns or []
        self.required = required  # numeric columns a resumed row must hold (finite), unless it failed
        self._flushed = time.monotonic()
        self.parts = own_subfolder(out / PARTS)
        self.rows: dict[str, dict[str, Any]] = {}
        if resume:
            self._load()
        else:
            _clear_parts(self.parts)
            own_subfolder(self.parts)

    def _load(self) -> None:
        final = self.out / RESULTS
        if final.is_symlink() or (final.exists() and not final.is_file()):
            raise ConfigError("--resume", str(final), "is not a results file simcluster wrote; move it away")
        files = [final] if final.exists() else []
        files += sorted(f for f in self.parts.glob("*.parquet") if f.is_file() and not f.is_symlink())
        for f in files:
            try:
                rows = pq.read_table(f).to_pylist()
            except (OSError, pa.ArrowException):
                continue  # a part cut short by a crash: that point runs again
            for r in rows:
                if isinstance(r.get("scenario_hash"), str) and self._usable(r):
                    self.rows[r["scenario_hash"]] = r

    def _usable(self, row: dict[str, Any]) -> bool:
        """A resumed row counts as done if it failed (its error kept) or holds every required number;
        a row cut short or edited runs again."""
        if isinstance(row.get("error"), str) and row["error"]:
            return True
        return all(_finite_or_flag(row.get(c)) for c in self.required)

    def done(self, key: str) -> bool:
        return key in self.rows

    def add(self, row: dict[str, Any]) -> None:
        """Keep a finished row and write it to its own part file now."""
        key = row["scenario_hash"]
        self.rows[key] = row
        table = _table([row], list(row))
        write_file_atomic(self.parts / f"{key}.parquet", lambda p: pq.write_table(table, p))
        if time.monotonic() - self._flushed >= FLUSH_EVERY_S:
            self._flushed = time.monotonic()
            rows = self.sorted_rows()
            table = _table(rows, self._columns(rows))
            write_file_atomic(self.out / RESULTS, lambda p: pq.write_table(table, p))

    def sorted_rows(self, sort_key: str = "point") -> list[dict[str, Any]]:
        return sorted(self.rows.values(), key=lambda r: (r.get(sort_key) is None, r.get(sort_key) or 0))

    def _columns(self, rows: list[dict[str, Any]]) -> list[str]:
        return self.columns + sorted({c for r in rows for c in r} - set(self.columns))

    def finish(self, columns: list[str], sort_key: str = "point") -> list[dict[str, Any]]:
        """Write results.parquet and results.csv (rows sorted by `sort_key`), then drop the parts."""
        self.columns = columns
        rows = self.sorted_rows(sort_key)
        write_tables(self.out, rows, self._columns(rows))
        _clear_parts(self.parts)
        return rows


def write_tables(out: Path, rows: list[dict[str, Any]], columns: list[str], stem: str = "results") -> None:
    table = _table(rows, columns)
    write_file_atomic(out / f"{stem}.parquet", lambda p: pq.write_table(table, p))
    write_file_atomic(out / f"{stem}.csv", lambda p: p.write_text(csv_text(rows, columns)))


def csv_text(rows: list[dict[str, Any]], columns: list[str]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(columns)
    for r in rows:
        w.writerow([_csv_cell(r.get(c)) for c in columns])
    return buf.getvalue()


def _csv_cell(v: Any) -> str:
    v = _cell(v)
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return ""
    if isinstance(v, float):
        return repr(v)
    return str(v)
