"""Measurement tables: CSV files with units in column names, appended and flushed row by row.

A run that dies keeps every row written so far; `--resume` reads the finished keys back and measures only
the rest. Reading validates every row and fails with one line naming the file, line, column and value.
"""

from __future__ import annotations

import csv
import errno
import io
import math
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simcluster.errors import ConfigError, SimclusterError

DONE_PREFIXES = ("ok", "skipped", "unsupported")  # statuses that --resume does not measure again


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[tuple[str, type], ...]
    key: tuple[str, ...]
    defaults: tuple[tuple[str, str], ...] = ()  # columns older files lack, and the value they imply there

    @property
    def filename(self) -> str:
        return f"{self.name}.csv"

    @property
    def column_names(self) -> list[str]:
        return [c for c, _ in self.columns]


COLLECTIVES = Table(
    "collectives",
    (
        ("op", str),
        ("group", str),
        ("n_ranks", int),
        ("size_bytes", int),
        ("time_s", float),
        ("algbw_GBps", float),
        ("busbw_GBps", float),
        ("link_class", str),
        ("status", str),
        ("n_concurrent_groups", int),
        ("iterations", int),
        ("backend", str),
        ("run_id", int),
    ),
    ("op", "group", "size_bytes"),
)
GEMM = Table(
    "gemm",
    (
        ("name", str),
        ("m", int),
        ("n", int),
        ("k", int),
        ("batch", int),
        ("layout", str),
        ("dtype", str),
        ("time_s", float),
        ("tflops", float),
        ("status", str),
        ("iterations", int),
        ("run_id", int),
        ("time_cv", float),  # sample stdev / mean of the iterations' times (empty: not recorded)
        ("timing", str),  # graph: kernels back to back in a CUDA graph; eager: each call launched by the host
    ),
    ("name", "m", "n", "k", "batch", "layout", "dtype"),
    # files written before backward layouts were timed hold forward GEMMs only; before spreads, none; before
    # graph timing, every call was launched by the host
    (("layout", "nn"), ("time_cv", ""), ("timing", "eager")),
)
MEMORY = Table(
    "memory",
    (
        ("size_bytes", int),
        ("time_s", float),
        ("copy_bandwidth_GBps", float),
        ("status", str),
        ("iterations", int),
        ("run_id", int),
        ("time_cv", float),  # sample stdev / mean of the iterations' times (empty: not recorded)
    ),
    ("size_bytes",),
    (("time_cv", ""),),
)
HOST = Table(
    "host",
    (
        ("name", str),
        ("time_s", float),
        ("units", int),
        ("status", str),
        ("iterations", int),
        ("run_id", int),
    ),
    ("name",),
)
ATTENTION = Table(
    "attention",
    (
        ("backend", str),  # PyTorch's scaled_dot_product_attention kernel: flash, cudnn, efficient, math
        ("dtype", str),
        ("batch", int),
        ("heads", int),
        ("seq", int),
        ("head_dim", int),
        ("direction", str),  # forward, or backward (the input gradients of one forward)
        ("flops", float),  # what the kernel executes of causal attention: the simulator's count
        ("time_s", float),
        ("tflops", float),
        ("status", str),
        ("iterations", int),
        ("run_id", int),
        ("time_cv", float),  # sample stdev / mean of the iterations' times (empty: not recorded)
    ),
    ("backend", "dtype", "batch", "heads", "seq", "head_dim", "direction"),
)
TABLES = (COLLECTIVES, GEMM, MEMORY, HOST, ATTENTION)
# `calibrate grid`: a full GEMM grid, a table of its own (not one of a run's TABLES); its CSV is a GEMM table
GRID = Table(
    "gemm_grid",
    (
        ("b", int),
        ("m", int),
        ("n", int),
        ("k", int),
        ("dtype", str),
        ("time_us", float),
        ("tflops", float),
        ("reps", int),
        ("method", str),
        ("status", str),
    ),
    ("b", "m", "n", "k", "dtype"),
)


def is_done(status: str) -> bool:
    return status.split(":", 1)[0].strip() in DONE_PREFIXES


def row_key(table: Table, row: dict[str, Any]) -> tuple:
    return tuple(row[c] for c in table.key)


def _parse(
    table: Table, path: Path, line: int, raw: dict[str, str | None], implied: dict[str, str]
) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for col, kind in table.columns:
        text = implied[col] if col in implied else raw.get(col)
        where = f"{path.name} line {line} column {col}"
        if text is None:
            raise ConfigError(
                where, None, f"is missing (the row has fewer fields than the {len(table.columns)} columns)"
            )
        if kind is str:
            row[col] = text
        elif text == "" and kind is float:
            row[col] = float("nan")
        else:
            try:
                row[col] = kind(text)
            except ValueError:
                raise ConfigError(
                    where, text, f"must be {'an integer' if kind is int else 'a number'}"
                ) from None
            if kind is float and not math.isfinite(row[col]):
                raise ConfigError(where, text, "must be a finite number (or empty when the point failed)")
    if row["status"] == "ok" and "time_s" in row and not row["time_s"] > 0:
        raise ConfigError(
            f"{path.name} line {line} column time_s", row["time_s"], "must be > 0 when status is ok"
        )
    return row


def read_table(out_dir: Path, table: Table, required: bool = False) -> list[dict[str, Any]]:
    """Every row of DIR/<table>.csv, typed; [] when the file is absent and not required."""
    path = out_dir / table.filename
    if not path.exists():
        if required:
            raise ConfigError(table.filename, str(path), "does not exist (run the benchmarks first)")
        return []
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(table.filename, str(path), f"cannot be read: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ConfigError(
            f"{table.filename} line {line}", None, "is not UTF-8 text (a corrupted file?)"
        ) from None
    if "\0" in text:
        line = text[: text.index("\0")].count("\n") + 1
        raise ConfigError(f"{table.filename} line {line}", None, "holds a NUL byte (a corrupted file?)")
    reader = csv.DictReader(io.StringIO(text))
    try:
        header = reader.fieldnames or []
    except csv.Error as exc:
        raise ConfigError(f"{table.filename} line 1", None, f"is not valid CSV ({exc})") from None
    implied = {c: v for c, v in table.defaults if c not in header}
    missing = [c for c in table.column_names if c not in header and c not in implied]
    if missing:
        raise ConfigError(
            f"{table.filename} header",
            ",".join(header),
            f"lacks column(s) {', '.join(missing)}; expected {','.join(table.column_names)}",
        )
    rows = []
    try:
        for i, fields in enumerate(reader):
            if None in fields:  # more fields than columns
                raise ConfigError(
                    f"{path.name} line {i + 2}", None, f"has more fields than the {len(header)} columns"
                )
            rows.append(_parse(table, path, i + 2, fields, implied))
    except csv.Error as exc:
        raise ConfigError(
            f"{table.filename} line {reader.line_num}", None, f"is not valid CSV ({exc})"
        ) from None
    return rows


def ok_rows(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows measured successfully (reading guarantees their time_s > 0)."""
    return [r for r in rows if r["status"] == "ok"]


def done_keys(rows: Iterable[dict[str, Any]], table: Table) -> set[tuple]:
    return {row_key(table, r) for r in rows if is_done(r["status"])}


def _upgrade(path: Path, table: Table) -> None:
    """Rewrite an older file in the current column order, filling the columns it lacks with their defaults."""
    reader = csv.DictReader(io.StringIO(path.read_text()))
    header = list(reader.fieldnames or [])
    if header == table.column_names:
        return
    defaults = dict(table.defaults)
    unknown = [c for c in header if c not in table.column_names]
    lacking = [c for c in table.column_names if c not in header and c not in defaults]
    if unknown or lacking:
        raise ConfigError(
            f"{table.filename} header",
            ",".join(header),
            f"cannot be appended to; expected {','.join(table.column_names)}",
        )
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=table.column_names, lineterminator="\r\n")
    writer.writeheader()
    for raw in reader:
        writer.writerow({c: raw[c] if c in header else defaults[c] for c in table.column_names})
    path.write_text(out.getvalue())


class CsvLog:
    """Appends rows to DIR/<table>.csv, flushing each one; drops a torn last line left by a killed run and
    upgrades a file written with older columns."""

    def __init__(self, out_dir: Path, table: Table) -> None:
        self.table = table
        self.path = out_dir / table.filename
        if self.path.exists():
            data = self.path.read_bytes()
            if not data.endswith(b"\n"):
                self.path.write_bytes(data[: data.rfind(b"\n") + 1])
        fresh = not self.path.exists() or self.path.stat().st_size == 0
        if not fresh:
            _upgrade(self.path, table)
        self.rows_written = 0
        self._file = self.path.open("a", newline="")
        self._writer = csv.DictWriter(self._file, fieldnames=table.column_names)
        if fresh:
            self._writer.writeheader()
            self._file.flush()

    def write(self, **row: Any) -> None:
        unknown = set(row) - set(self.table.column_names)
        if unknown:
            raise ValueError(f"{self.table.filename}: unknown column(s) {sorted(unknown)}")
        try:
            _maybe_disk_full(self.table, self.rows_written)
            self._writer.writerow({c: _fmt(row.get(c, "")) for c in self.table.column_names})
            self._file.flush()
        except OSError as exc:
            raise WriteFailure(
                f"{self.table.filename}: cannot write ({exc.strerror or exc}); the {self.rows_written} row(s) "
                "written before are kept: free space, then rerun with --resume"
            ) from None
        self.rows_written += 1

    def close(self) -> None:
        self._file.close()


class WriteFailure(SimclusterError):
    """A measurement could not be written (disk full, file system gone): the run stops, rows kept."""


FAULT_ENV = "CALIBRATE_FAULT"  # "enospc:<table>:<rows>": writing fails after <rows> rows (tests)


def _maybe_disk_full(table: Table, written: int) -> None:
    if os.environ.get(FAULT_ENV) == f"enospc:{table.name}:{written}":
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _fmt(value: Any) -> Any:
    if isinstance(value, float):
        return "" if value != value else f"{value:.9g}"
    return value


def failure_status(kind: str, exc: BaseException) -> str:
    """A one-line status such as 'error: RuntimeError: Connection closed by peer' (at most 300 chars)."""
    return " ".join(f"{kind}: {type(exc).__name__}: {exc}".split())[:300]
