"""Progress: the engine's callback, the bar on a terminal and in logs, and --quiet."""

from __future__ import annotations

import gzip
import io
import json

from click.testing import CliRunner

from simcluster.cli import main
from simcluster.report.progress import Progress

from .conftest import SCENARIOS, SMALL_PIPE, sim


class FakeClock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_engine_reports_monotonic_progress_and_same_result() -> None:
    seen: list[float] = []
    from simcluster.config.loader import load_scenario
    from simcluster.simulate import simulate

    loaded = load_scenario(SCENARIOS / "gpt3_175b_1024gpu.yaml", SMALL_PIPE + ["training.global_batch=64"])
    with_cb = simulate(loaded, progress=seen.append)
    plain = sim("gpt3_175b_1024gpu", SMALL_PIPE + ["training.global_batch=64"])
    assert len(seen) >= 2
    assert seen == sorted(seen) and seen[0] >= 0.0 and seen[-1] == 1.0
    assert with_cb.engine.iteration_time_s == plain.engine.iteration_time_s
    for r in plain.program.reps:
        assert list(with_cb.engine.traces[r].end_s) == list(plain.engine.traces[r].end_s)


def test_bar_on_a_terminal_with_eta() -> None:
    clock, out = FakeClock(), Tty()
    with Progress("simulating", stream=out, clock=clock) as bar:
        bar(0.0)  # too early: nothing drawn (no flicker for instant runs)
        assert out.getvalue() == ""
        clock.t = 2.0
        bar(0.25)
        clock.t = 4.0
        bar(0.5)
    text = out.getvalue()
    assert text.startswith("\r")
    assert "\rsimulating [########--" in text and "25.0%" in text
    assert "2.0 s elapsed, ETA 6.0 s" in text  # 2 s for 25%: 6 s to go
    assert "4.0 s elapsed, ETA 4.0 s" in text
    assert text.endswith("\n")


def test_logs_only_after_two_seconds_and_quiet_is_silent() -> None:
    clock, out = FakeClock(), io.StringIO()
    bar = Progress("run", stream=out, clock=clock)
    clock.t = 1.0
    bar(0.9)
    bar(1.0)
    bar.close()
    assert out.getvalue() == ""  # a short run prints nothing in a log
    clock2, out2 = FakeClock(), io.StringIO()
    bar2 = Progress("run", stream=out2, clock=clock2)
    for k in range(1, 11):
        clock2.t = k * 0.5
        bar2(k / 10)
    lines = out2.getvalue().splitlines()
    assert [ln.split("]")[1].split("%")[0].strip() for ln in lines] == ["40.0", "50.0", "80.0", "100.0"]
    quiet_out = Tty()
    quiet = Progress("run", enabled=False, stream=quiet_out, clock=clock2)
    quiet(0.5)
    quiet.close()
    assert quiet_out.getvalue() == ""


def test_run_writes_trace_and_names_it(tmp_path) -> None:
    out = tmp_path / "o"
    args = ["run", str(SCENARIOS / "megatron_tp_16gpu.yaml"), "--set", "model.layers=4", "--out", str(out)]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    for name in ("summary.json", "events.csv", "trace.json.gz", "timeline.html"):
        assert f"    {name}  " in r.output  # what is written, and why, once
    # each note on what a file merged or left out has its own line under the file's
    lines = r.output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("    timeline.html  "))
    notes = []
    for line in lines[at + 1 :]:
        if not (line.startswith(" " * 8) and line.lstrip().startswith("- ")):
            break
        notes.append(line.strip())
    assert any(n.startswith("- bottleneck: ") and "Link utilization over the iteration per link class" in n for n in notes)
    assert all(";" not in n for n in notes if not n.startswith("- bottleneck: "))
    assert sorted(p.name for p in out.iterdir()) == [
        ".simcluster-outputs",
        "events.csv",
        "summary.json",
        "timeline.html",
        "trace.json.gz",
    ]
    doc = json.loads(gzip.decompress((out / "trace.json.gz").read_bytes()))
    assert doc["otherData"]["scenario"] == "megatron_tp_16gpu"
    q = CliRunner().invoke(
        main, ["run", str(SCENARIOS / "megatron_tp_16gpu.yaml"), "--out", str(out), "--quiet"]
    )
    assert q.exit_code == 0 and q.output == ""
