"""What a calibration run planned and what is still missing: the report after a failed or interrupted run.

Rank 0 records the number of points it plans per table in run.json (`planned_points`); the launcher and
`analyze` compare it with the finished rows (ok, skipped, unsupported) of each CSV.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from calibrate.results import TABLES, done_keys, is_done, read_table, row_key
from calibrate.runinfo import read_runs


def missing_report(out_dir: Path) -> str | None:
    """One line: finished/planned per table, the first failure, and how to finish; None when nothing is
    missing or the run recorded no plan."""
    runs = read_runs(out_dir)
    planned: dict[str, Any] = next(
        (r["planned_points"] for r in reversed(runs) if isinstance(r.get("planned_points"), dict)), {}
    )
    if not planned:
        return None
    parts, missing, first_failure = [], 0, None
    for table in TABLES:
        want = int(planned.get(table.name, 0))
        rows = read_table(out_dir, table)
        done = done_keys(rows, table)
        missing += max(0, want - len(done))
        parts.append(f"{table.name} {min(len(done), want)}/{want}")
        if first_failure is None:
            failed = [r for r in rows if not is_done(r["status"]) and row_key(table, r) not in done]
            if failed:
                key = ", ".join(f"{c}={failed[0][c]}" for c in table.key)
                first_failure = f"{table.filename} ({key}): {failed[0]['status'][:120]}"
    if missing == 0:
        return None
    why = f"; first failure: {first_failure}" if first_failure else ""
    return (
        f"calibrate: measured {', '.join(parts)}; {missing} point(s) missing{why}; "
        f"rerun with --resume (same --out) to measure only those"
    )
