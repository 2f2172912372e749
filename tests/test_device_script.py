"""benchmarks/device_next.sh's BUDGET: a step that would not fit in what is left of the call (less 30 s to pack
up) is skipped and says so, so a device call never outruns its limit and loses every file it wrote."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_step_that_would_not_fit_the_budget_is_skipped(tmp_path):
    env = {**os.environ, "OUT": str(tmp_path), "STEPS": "calibrate", "BUDGET": "35", "PYTHON": sys.executable}
    done = subprocess.run(
        ["bash", str(ROOT / "benchmarks" / "device_next.sh")], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    steps = (tmp_path / "steps.txt").read_text().splitlines()
    assert len(steps) == 1 and steps[0].startswith("calibrate skipped: ") and "s of BUDGET left" in steps[0]
    assert not (tmp_path / "calibrate").exists() and (tmp_path / "machine.txt").is_file()
