"""run.json: what each run (and each --resume of it) ran on, and the checks before writing into DIR."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from calibrate.results import TABLES
from simcluster.errors import ConfigError

RUN_FILE = "run.json"
FORMAT = "calibrate-run/1"
MUST_MATCH_ON_RESUME = ("world_size", "backend", "quick")


def read_runs(out_dir: Path, name: str = RUN_FILE, fmt: str = FORMAT) -> list[dict[str, Any]]:
    """The runs listed in DIR/`name` ([] without the file); `name` and `fmt` name another tool's run file
    (`calibrate grid`'s grid_run.json)."""
    path = out_dir / name
    if not path.exists():
        return []
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError, RecursionError) as exc:  # ValueError: bad JSON or not UTF-8
        raise ConfigError(name, str(path), f"is not readable JSON ({str(exc)[:120]})") from None
    if not isinstance(data, dict) or data.get("format") != fmt or not isinstance(data.get("runs"), list):
        raise ConfigError(name, str(path), f"must be a mapping with format={fmt!r} and a list 'runs'")
    return data["runs"]


def write_runs(out_dir: Path, runs: list[dict[str, Any]], name: str = RUN_FILE, fmt: str = FORMAT) -> None:
    # a uniquely named temporary file (created exclusively: a link planted at a fixed name is never followed)
    fd, tmp = tempfile.mkstemp(prefix=f".{name}-", dir=out_dir)
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(json.dumps({"format": fmt, "runs": runs}, indent=2) + "\n")
        os.replace(tmp, out_dir / name)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def check_out_dir(out_dir: Path, resume: bool, settings: dict[str, Any]) -> int:
    """Validate DIR for a new run (or a resume with matching settings); returns the next run_id."""
    if out_dir.exists() and not out_dir.is_dir():
        raise ConfigError("out", str(out_dir), "exists and is not a directory")
    runs = read_runs(out_dir) if out_dir.exists() else []
    held = [t.filename for t in TABLES if (out_dir / t.filename).exists()]
    if not resume:
        if held or runs:
            raise ConfigError(
                "out",
                str(out_dir),
                f"already holds measurements ({', '.join(held) or RUN_FILE}); "
                "pass --resume to continue them or choose an empty directory",
            )
        return 1
    if runs:
        last = runs[-1]
        for key in MUST_MATCH_ON_RESUME:
            if key in settings and key in last and settings[key] != last[key]:
                raise ConfigError(
                    f"resume {key}", settings[key], f"must equal the resumed run's {key}={last[key]!r}"
                )
    return max((int(r.get("run_id", 0)) for r in runs), default=0) + 1
