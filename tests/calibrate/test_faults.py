"""Calibration under faults (issue 14), with the local gloo launcher: a rank that hangs past the timeout, a
rank killed mid-run, a disk that fills up, and corrupted measurement files. Measurements already taken are
kept, the launcher says what is missing, `--resume` finishes exactly that, and `analyze` refuses corrupt
rows naming file and line."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")

from calibrate.__main__ import main  # noqa: E402
from calibrate.ops import OPS  # noqa: E402
from calibrate.results import COLLECTIVES, GEMM, MEMORY, CsvLog, WriteFailure, read_table  # noqa: E402
from simcluster.errors import ConfigError  # noqa: E402
from simcluster.hardware.profile import load_profile  # noqa: E402

REPO = Path(__file__).resolve().parents[2]


def _run(out: Path, *extra: str, **env: str) -> subprocess.CompletedProcess:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("CALIBRATE_")}
    full_env |= {"PYTHONPATH": str(REPO), "CALIBRATE_GRACE_S": "2", **env}
    cmd = [sys.executable, "-m", "calibrate", "local", "--nproc", "2", "--backend", "gloo", "--quick"]
    return subprocess.run(
        [*cmd, "--out", str(out), *extra], env=full_env, cwd=REPO, capture_output=True, text=True, timeout=240
    )


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open() as f:
        return list(csv.DictReader(f))


def _ok_keys(path: Path, key: tuple[str, ...]) -> list[tuple]:
    return [tuple(r[c] for c in key) for r in _rows(path) if r["status"] == "ok"]


def test_a_hung_rank_times_out_keeps_what_was_measured_and_resume_finishes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    first = _run(out, CALIBRATE_FAULT="hang:all_gather:65536:1", CALIBRATE_TIMEOUT_S="4")
    assert first.returncode == 1, first.stderr
    rows = _rows(out / "collectives.csv")
    kept = [r for r in rows if r["status"] == "ok"]
    assert len(kept) == 11 + 4  # all_reduce at every size, all_gather up to 32 KiB
    (failed,) = [r for r in rows if r["status"] != "ok" and not r["status"].startswith("skipped")]
    assert (failed["op"], failed["size_bytes"]) == ("all_gather", "65536")
    assert failed["status"].startswith("timeout: ")
    report = [line for line in first.stderr.splitlines() if "point(s) missing" in line]
    assert len(report) == 1, first.stderr
    assert "measured collectives 15/119, gemm 0/46, memory 0/7, host 0/6, attention 0/12; 175 point(s) missing" in report[0]
    assert (
        "first failure: collectives.csv (op=all_gather, group=intra_pair, size_bytes=65536): timeout"
        in report[0]
    )
    assert "rerun with --resume" in report[0]
    assert load_profile(str(out / "profile.yaml")).name.startswith("calibrated-")  # partial run still fitted

    second = _run(out, "--resume")
    assert second.returncode == 0, second.stderr
    assert "missing" not in second.stderr
    ok = _ok_keys(out / "collectives.csv", COLLECTIVES.key)
    assert len(ok) == len(set(ok)) == len(OPS) * 11  # nothing measured twice
    assert [r for r in _rows(out / "collectives.csv") if r["status"] == "ok"][:15] == kept


def test_a_full_disk_stops_the_run_keeps_the_rows_and_resume_finishes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    first = _run(out, CALIBRATE_FAULT="enospc:gemm:5")
    assert first.returncode == 1, first.stderr
    log = (out / "logs" / "rank0.log").read_text()
    assert (
        "error: gemm.csv: cannot write (No space left on device); the 5 row(s) written before are kept" in log
    )
    assert "Traceback" not in log
    assert len(_rows(out / "gemm.csv")) == 5
    assert "gemm 5/46, memory 0/7, host 6/6, attention 0/12; 60 point(s) missing" in first.stderr
    second = _run(out, "--resume")
    assert second.returncode == 0, second.stderr
    keys = _ok_keys(out / "gemm.csv", GEMM.key)
    assert len(keys) == len(set(keys)) == 46
    assert len(_rows(out / "memory.csv")) == 7


def test_csv_log_reports_a_failed_write_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = CsvLog(tmp_path, MEMORY)
    log.write(size_bytes=4096, time_s=1e-6, copy_bandwidth_GBps=8.0, status="ok", iterations=5, run_id=1)
    monkeypatch.setenv("CALIBRATE_FAULT", "enospc:memory:1")
    with pytest.raises(
        WriteFailure, match=r"memory.csv: cannot write \(No space left on device\); the 1 row"
    ):
        log.write(size_bytes=8192, time_s=1e-6, copy_bandwidth_GBps=8.0, status="ok", iterations=5, run_id=1)
    log.close()
    assert [r["size_bytes"] for r in read_table(tmp_path, MEMORY)] == [4096]


HEADER = "size_bytes,time_s,copy_bandwidth_GBps,status,iterations,run_id\n"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"4096,1e-6,8.1,ok,5,1\n\xff\xfe,1,2\n", "memory.csv line 3: is not UTF-8 text"),
        (b"4096,1e-6,8.1,ok,5,1\n40\x0096,1e-6,8.1,ok,5,1\n", "memory.csv line 3: holds a NUL byte"),
        (b"4096,inf,8.1,ok,5,1\n", "memory.csv line 2 column time_s='inf': must be a finite number"),
        (b"4096,nan,8.1,ok,5,1\n", "memory.csv line 2 column time_s='nan': must be a finite number"),
        (b"4096,1e-6,8.1,ok,5,1,extra,fields\n", "memory.csv line 2: has more fields than the 6 columns"),
        (b"4096,1e-6,8.1,ok,5,1\n8192,1e-6\n", "memory.csv line 3 column copy_bandwidth_GBps: is missing"),
        (b'4096,1e-6,8.1,"ok,5,1\n', "memory.csv line 2"),
    ],
)
def test_analyze_refuses_corrupt_rows_with_their_line(
    tmp_path: Path, body: bytes, message: str, capsys
) -> None:
    (tmp_path / "memory.csv").write_bytes(HEADER.encode() + body)
    with pytest.raises(ConfigError) as exc:
        read_table(tmp_path, MEMORY)
    assert message in str(exc.value)
    (tmp_path / "run.json").write_text('{"format": "calibrate-run/1", "runs": [{"run_id": 1}]}')
    (tmp_path / "collectives.csv").write_text(",".join(COLLECTIVES.column_names) + "\n")
    assert main(["analyze", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and message in err[0]


@pytest.mark.parametrize("body", [b"\xff\xfe{}", b"[" * 100_000, b'{"format": "calibrate-run/1", "runs": 3}'])
def test_a_corrupt_run_json_is_one_line(tmp_path: Path, body: bytes, capsys) -> None:
    (tmp_path / "run.json").write_bytes(body)
    assert main(["analyze", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: run.json=") and len(err[0]) < 400
