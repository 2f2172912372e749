"""`simcluster calibrate` hands off to the calibration package and passes its exit code through."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from simcluster.cli import main

pytest.importorskip("torch")


def test_bad_process_count_is_a_one_line_error(tmp_path):
    import subprocess
    import sys

    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "simcluster.cli",
            "calibrate",
            "--local",
            "0",
            "--quick",
            "--out",
            str(tmp_path / "c"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 2
    assert out.stderr.strip().count("\n") == 0 and "nproc" in out.stderr


def test_unknown_backend_rejected_by_click(tmp_path):
    res = CliRunner().invoke(main, ["calibrate", "--local", "2", "--backend", "mpi", "--out", str(tmp_path)])
    assert res.exit_code == 2 and "mpi" in res.output
