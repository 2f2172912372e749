"""What every importer shares: a one-line error naming file and line, and a CSV file's non-blank rows."""

from __future__ import annotations

import csv
from pathlib import Path

from simcluster.errors import ConfigError


def fail(path: Path, line: int, rule: str) -> ConfigError:
    """The error for a broken rule at `path`, line `line` (1-based)."""
    return ConfigError(f"{path}:{line}", None, rule)


def csv_rows(path: Path) -> list[list[str]]:
    """The rows of a UTF-8 CSV file, blank rows dropped; an empty table or an unreadable file is an error."""
    try:
        with path.open(newline="", encoding="utf-8") as f:
            rows = [r for r in csv.reader(f) if r and any(c.strip() for c in r)]
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise ConfigError(str(path), None, f"cannot be read as CSV ({type(exc).__name__})") from None
    if not rows:
        raise fail(path, 1, "the table is empty")
    return rows
