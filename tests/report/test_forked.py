"""Writers in forked processes (report/forked.py, issue 28): the value or the error comes back, a user error
as one line and exit 2, and nothing half-written is left; forked and in-line runs write the same bytes."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.errors import ConfigError, SimclusterError
from simcluster.report import outputs as outputs_mod
from simcluster.report.forked import ChildDied, Forked, can_fork

from .conftest import SCENARIOS

pytestmark = pytest.mark.skipif(not can_fork(), reason="writers fork only on Linux")


@pytest.fixture(autouse=True)
def _forking() -> None:
    """Skip where an earlier test left a thread running (writers then stay in this process)."""
    if not can_fork():
        pytest.skip("another Python thread is alive: writers do not fork")


SMALL = ["--set", "model.layers=4", "--set", "training.global_batch=8", "--set", "training.micro_batch=8"]
SCEN = str(SCENARIOS / "megatron_tp_16gpu.yaml")


def _value(path: str) -> dict:
    Path(path).write_text("from the child")
    return {"pid": os.getpid(), "notes": ["a", "b"]}


def _raise(exc: BaseException) -> None:
    raise exc


def test_the_child_runs_the_function_and_sends_its_value(tmp_path) -> None:
    target = tmp_path / "f.txt"
    with Forked(_value, str(target)) as job:
        got = job.result()
    assert got["notes"] == ["a", "b"] and got["pid"] != os.getpid()  # it ran in another process
    assert target.read_text() == "from the child"
    with Forked(_value, str(target), inline=True) as job:
        assert job.result()["pid"] == os.getpid()


@pytest.mark.parametrize(
    "exc, kind, text",
    [
        (ConfigError("model.layers", 3, "must be even"), SimclusterError, "model.layers=3: must be even"),
        (OSError(28, "No space left on device", "/x/timeline.html"), OSError, "No space left on device"),
        (ZeroDivisionError("division by zero"), RuntimeError, "ZeroDivisionError: division by zero"),
        (KeyboardInterrupt(), RuntimeError, "KeyboardInterrupt"),
    ],
)
def test_errors_come_back_with_their_message(exc, kind, text) -> None:
    with Forked(_raise, exc) as job, pytest.raises(kind) as caught:
        job.result()
    assert text in str(caught.value)
    if isinstance(exc, OSError):
        assert caught.value.errno == 28 and caught.value.filename == "/x/timeline.html"


def test_a_child_that_dies_is_reported() -> None:
    with Forked(_die) as job, pytest.raises(ChildDied, match="signal 9"):
        job.result()
    with Forked(os._exit, 3) as job, pytest.raises(ChildDied, match="exit status 3"):
        job.result()


def _die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def test_leaving_on_an_error_stops_the_child(tmp_path) -> None:
    import time

    marker = tmp_path / "late"
    with pytest.raises(ValueError), Forked(_sleep_then_write, str(marker)):
        raise ValueError("the parent failed")
    time.sleep(0.5)
    assert not marker.exists()  # killed, waited for: it never wrote


def _sleep_then_write(path: str) -> None:
    import time

    time.sleep(0.3)
    Path(path).write_text("too late")


def _files(d: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(d.iterdir())}


def test_forked_and_inline_writers_write_the_same_bytes(tmp_path, monkeypatch) -> None:
    a, b = tmp_path / "forked", tmp_path / "inline"
    assert CliRunner().invoke(main, ["run", SCEN, *SMALL, "--out", str(a), "--quiet"]).exit_code == 0
    monkeypatch.setattr(outputs_mod, "FORK_WRITERS", False)
    assert CliRunner().invoke(main, ["run", SCEN, *SMALL, "--out", str(b), "--quiet"]).exit_code == 0
    assert _files(a) == _files(b) and sorted(_files(a)) == [
        ".simcluster-outputs",  # the manifest of what simcluster wrote there
        "events.csv",
        "summary.json",
        "timeline.html",
        "trace.json.gz",
    ]


@pytest.mark.parametrize("where", ["timeline", "trace"])
def test_a_user_error_in_a_forked_writer_is_one_line_and_nothing_is_written(
    where, tmp_path, monkeypatch
) -> None:
    """The writer fails after writing half its file: one `error:` line, exit 2, no --out folder, nothing
    beside it."""
    import simcluster.report.timeline as timeline
    import simcluster.report.trace as trace

    def half_then_fail(res, *args):  # noqa: ANN001, ANN002, ANN202
        path = next(a for a in args if isinstance(a, Path))
        path.write_text("half")
        raise ConfigError("output", str(path.name), "refused on purpose")

    if where == "timeline":
        monkeypatch.setattr(timeline, "write_timeline", lambda res, title, path: half_then_fail(res, path))
    else:
        monkeypatch.setattr(trace, "write_trace", half_then_fail)
    out = tmp_path / "o"
    r = CliRunner().invoke(main, ["run", SCEN, *SMALL, "--out", str(out), "--quiet"])
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: output=") and "refused on purpose" in lines[0]
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_no_fork_while_other_threads_run() -> None:
    """A fork copies only the calling thread (and the locks the others hold): with a second thread alive,
    writers stay in this process."""
    import threading

    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        assert not can_fork()
        with Forked(os.getpid) as job:
            assert job.result() == os.getpid()  # ran in line
    finally:
        stop.set()
        t.join()
    assert can_fork()


def test_a_child_that_sent_its_outcome_is_reaped_without_waiting_for_its_exit(tmp_path) -> None:
    import time

    from simcluster.report import forked

    with Forked(_value, str(tmp_path / "f.txt")) as job:
        pid = job.result()["pid"]
    deadline = time.monotonic() + 5
    while pid in forked._EXITING and time.monotonic() < deadline:  # still exiting: reaped by a later call
        time.sleep(0.01)
        forked._reap_exited()
    assert pid not in forked._EXITING
    with pytest.raises(ChildProcessError):  # reaped: no zombie left behind
        os.waitpid(pid, os.WNOHANG)
