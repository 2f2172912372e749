"""Tables of measured runs in a case file: one CSV row per case, expanded from a `tables:` entry.

tables:
- table: vTrain single node (iteration time, hidden 1024)
  source: vTrain (MICRO 2024), measured
  id: vtrain-h1024            # case ids: <id>-<row number>
  scenario: scenarios/vtrain_h1024.yaml
  csv: vtrain_h1024.csv       # next to the case file
  metric: iteration_time_s
  published: {column: "iteration time (ms)", scale: 0.001}
  columns: {"# layers": model.layers, ...}    # CSV column -> dotted path set on the scenario
  group_by: ["# GPUs", "global batch", "# layers"]   # runs compared for ranking
  fit_every: 4                # every 4th row (0, 4, 8, ...) is a fitting row (benchmarks/fit_profiles.py)
  notes:                      # first match wins; `match` compares CSV columns
  - {match: {"tensor parallelism": 8}, note: "miss (communication): ..."}
  note: "..."                 # every other row
"""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path
from typing import Any

from simcluster.errors import ConfigError
from simcluster.inputs.safeyaml import is_file, read_text

MAX_PUBLISHED = 1e18
MIN_PUBLISHED = 1e-12  # far below any measured time or rate in its unit; never denormal

TABLE_KEYS = (
    "table",
    "source",
    "id",
    "scenario",
    "csv",
    "metric",
    "published",
    "columns",
    "group_by",
    "fit_every",
    "notes",
    "note",
)


def expand_table(item: Any, where: str, base: Path) -> list[dict[str, Any]]:
    """Plain case dicts (as a `cases:` entry would hold) for every row of one table's CSV, with `group`
    and `fitting` added."""
    if not isinstance(item, dict):
        raise ConfigError(where, None, "must be a mapping")
    unknown = sorted(set(item) - set(TABLE_KEYS))
    if unknown:
        raise ConfigError(f"{where}.{unknown[0]}", None, f"unknown key; valid keys: {', '.join(TABLE_KEYS)}")
    for key in ("table", "id", "scenario", "csv", "metric", "published", "columns"):
        if key not in item:
            raise ConfigError(f"{where}.{key}", None, "is required")
    if not isinstance(item["table"], str) or not item["table"].strip():
        raise ConfigError(f"{where}.table", item["table"], "must be a table name (text)")
    pub = item["published"]
    if not isinstance(pub, dict) or not isinstance(pub.get("column"), str):
        raise ConfigError(f"{where}.published", None, "must be a mapping with column (a CSV column name) and scale")
    scale = pub.get("scale", 1.0)
    if (
        not isinstance(scale, int | float)
        or isinstance(scale, bool)
        or not math.isfinite(scale)
        or scale <= 0
    ):
        raise ConfigError(f"{where}.published.scale", scale, "must be a positive finite number")
    columns = item["columns"]
    if (
        not isinstance(columns, dict)
        or not columns
        or not all(isinstance(k, str) and isinstance(v, str) and v for k, v in columns.items())
    ):
        raise ConfigError(f"{where}.columns", None, "must map CSV columns to dotted scenario paths")
    group_by = item.get("group_by") or []
    if not isinstance(group_by, list) or not all(isinstance(c, str) for c in group_by):
        raise ConfigError(f"{where}.group_by", group_by, "must be a list of CSV column names")
    fit_every = item.get("fit_every", 0)
    if not isinstance(fit_every, int) or isinstance(fit_every, bool) or fit_every < 0:
        raise ConfigError(f"{where}.fit_every", fit_every, "must be a whole number >= 0")
    notes = item.get("notes") or []
    if not isinstance(notes, list) or not all(
        isinstance(n, dict)
        and isinstance(n.get("match"), dict)
        and all(isinstance(c, str) for c in n["match"])
        and "note" in n
        for n in notes
    ):
        raise ConfigError(f"{where}.notes", None, "must be a list of {match: {column: value}, note}")
    path = base / str(item["csv"])
    if not is_file(path):
        raise ConfigError(f"{where}.csv", str(item["csv"]), f"no such file next to the case file ({base})")
    try:
        rows = list(csv.DictReader(io.StringIO(read_text(path, f"{where}.csv", "CSV file"), newline="")))
    except csv.Error as exc:
        raise ConfigError(f"{where}.csv", str(item["csv"]), f"is not valid CSV: {exc}") from None
    if not rows:
        raise ConfigError(f"{where}.csv", str(item["csv"]), "has no rows")
    needed = [pub["column"], *columns, *group_by, *(c for n in notes for c in n["match"])]
    missing = [c for c in needed if c not in rows[0]]
    if missing:
        raise ConfigError(f"{where}.csv", str(item["csv"]), f"has no column {missing[0]!r}")
    out = []
    for k, row in enumerate(rows):
        short = [c for c in row if row[c] is None] + ([None] if None in row else [])
        if short:
            raise ConfigError(
                f"{item['csv']} row {k + 1}", None, f"has {'more' if None in row else 'fewer'} fields than the header"
            )
        try:
            published = float(row[pub["column"]]) * scale
            sets = {path_: _number(row[col]) for col, path_ in columns.items()}
        except (ValueError, TypeError):
            raise ConfigError(
                f"{item['csv']} row {k + 1}", None, "holds a value that is not a number"
            ) from None
        if not math.isfinite(published) or not MIN_PUBLISHED <= published <= MAX_PUBLISHED:
            raise ConfigError(
                f"{item['csv']} row {k + 1}.{pub['column']}",
                published,
                f"must be a finite number in [{MIN_PUBLISHED:g}, {MAX_PUBLISHED:g}]",
            )
        note = str(item.get("note", ""))
        for n in notes:
            if all(_label(row[c]) == v for c, v in n["match"].items()):
                note = str(n["note"])
                break
        fitting = bool(fit_every) and k % fit_every == 0
        out.append(
            {
                "id": f"{item['id']}-{k}",
                "source": str(item.get("source", "")),
                "table": str(item["table"]),
                "scenario": item["scenario"],
                "set": sets,
                "metric": item["metric"],
                "published": published,
                "note": ("fitting row; " + note) if fitting else note,
                "group": " ".join(f"{c}={_label(row[c])}" for c in group_by) if group_by else None,
                "fitting": fitting,
            }
        )
    return out


def _label(text: str) -> int | float | str:
    """A grouping or note-matching cell: its number where it is one (so `2` and `2.0` match), else its text."""
    try:
        return _number(text)
    except ValueError:
        return text.strip()


def _number(text: str) -> int | float:
    x = float(text)
    if not math.isfinite(x):
        raise ValueError(text)
    return int(x) if x.is_integer() else x
