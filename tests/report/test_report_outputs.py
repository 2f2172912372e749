"""`simcluster run` outputs: --outputs, formats (Parquet, gzip'd trace), where they go (names, --out checked
before simulating) and atomic writing."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

import simcluster.simulate
from simcluster.cli import main
from simcluster.report import outputs as outputs_mod

from .conftest import SCENARIOS

SMALL = ["--set", "model.layers=4", "--set", "training.global_batch=8", "--set", "training.micro_batch=8"]
SCEN = str(SCENARIOS / "megatron_tp_16gpu.yaml")


def run(*args: str) -> object:
    return CliRunner().invoke(main, ["run", SCEN, *SMALL, *args])


def files(d: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(d.iterdir())}


def one_error_line(r) -> str:  # noqa: ANN001
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output
    return lines[0]


@pytest.fixture
def no_simulation(monkeypatch):
    """Fail the test if the run gets as far as simulating."""

    def boom(*a, **k):  # noqa: ANN002, ANN003, ANN202
        raise AssertionError("simulated before checking --out")

    monkeypatch.setattr(simcluster.simulate, "simulate", boom)


def test_outputs_choose_files_and_formats(tmp_path) -> None:
    r = run("--out", str(tmp_path / "a"), "--outputs", "summary,events.parquet,trace")
    assert r.exit_code == 0, r.output
    assert sorted(files(tmp_path / "a")) == [".simcluster-outputs", "events.parquet", "summary.json", "trace.json.gz"]
    assert (tmp_path / "a/.simcluster-outputs").read_text() == "events.parquet\nsummary.json\ntrace.json.gz\n"
    assert "events.parquet" in r.output and "chosen with --outputs" in r.output
    r = run("--out", str(tmp_path / "b"), "--outputs", "events", "--quiet")
    assert r.exit_code == 0 and r.output == ""
    assert sorted(files(tmp_path / "b")) == [".simcluster-outputs", "events.csv"]  # small: CSV
    # the Parquet file reads back, with one pandas call, as the CSV does
    a = pd.read_parquet(tmp_path / "a" / "events.parquet")
    b = pd.read_csv(tmp_path / "b" / "events.csv", keep_default_na=False)
    assert list(a.columns) == list(b.columns)
    assert len(a) == len(b) > 0
    for c in a.columns:
        if a[c].dtype.kind in "fi":
            assert (a[c].to_numpy() == b[c].to_numpy()).all(), c
        else:
            assert a[c].astype(str).tolist() == b[c].astype(str).tolist(), c
    # the trace is gzip'd JSON with a reproducible header (no time, no name)
    raw = (tmp_path / "a" / "trace.json.gz").read_bytes()
    assert raw[:2] == b"\x1f\x8b" and raw[4:8] == b"\0\0\0\0" and raw[3] & 0x08 == 0
    doc = json.loads(gzip.decompress(raw))
    assert doc["otherData"]["scenario"] == "megatron_tp_16gpu"


def test_outputs_are_byte_identical_across_reruns(tmp_path) -> None:
    for d in ("x", "y"):
        r = run("--out", str(tmp_path / d), "--outputs", "summary,events.parquet,trace,timeline", "--quiet")
        assert r.exit_code == 0, r.output
    assert files(tmp_path / "x") == files(tmp_path / "y")


@pytest.mark.parametrize("bad", ["bogus", "", "events.csv,events.parquet"])
def test_bad_outputs_list(bad, no_simulation, tmp_path) -> None:
    line = one_error_line(run("--out", str(tmp_path / "o"), "--outputs", bad))
    assert "--outputs" in line
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("name", ["../escape", "/abs/path", "a/b", ".hidden", "-dash", "a\0b"])
def test_unsafe_scenario_names_are_refused(name, no_simulation, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    text = (
        (SCENARIOS / "megatron_tp_16gpu.yaml")
        .read_text()
        .replace("name: megatron_tp_16gpu", f"name: {json.dumps(name)}")
    )
    (tmp_path / "s.yaml").write_text(text)
    r = CliRunner().invoke(main, ["run", str(tmp_path / "s.yaml")])
    line = one_error_line(r)
    assert line.startswith("error: name=") and "plain file name" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yaml"]  # nothing written anywhere


def test_bad_out_is_refused_before_simulating(no_simulation, tmp_path) -> None:
    afile = tmp_path / "file.txt"
    afile.write_text("keep")
    assert "empty path" in one_error_line(run("--out", ""))
    assert "not a folder" in one_error_line(run("--out", str(afile)))
    line = one_error_line(run("--out", str(afile / "sub" / "out")))
    assert "is a file" in line
    line = one_error_line(run("--out", "/proc/simcluster-no-such/out"))  # cannot be created, even by root
    assert "cannot write there" in line
    assert afile.read_text() == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


def test_unwritable_out_is_refused(no_simulation, tmp_path) -> None:
    import os

    if os.geteuid() == 0:
        pytest.skip("root can write anywhere; the /proc case covers it")
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        assert "cannot write there" in one_error_line(run("--out", str(ro / "out")))
    finally:
        ro.chmod(0o700)


@pytest.mark.parametrize(
    "fault, where",
    [
        (RuntimeError("disk full"), "timeline"),
        (KeyboardInterrupt(), "timeline"),
        (OSError(28, "No space left on device"), "trace"),  # the writer in the second thread
    ],
)
def test_failed_run_leaves_existing_out_as_it_was(fault, where, tmp_path, monkeypatch) -> None:
    out = tmp_path / "o"
    assert run("--out", str(out), "--quiet").exit_code == 0
    (out / "notes.txt").write_text("mine")
    before = files(out)

    def fail(*a, **k):  # noqa: ANN002, ANN003, ANN202
        raise fault

    import simcluster.report.timeline as timeline
    import simcluster.report.trace as trace

    if where == "timeline":  # the last file: everything else is written
        monkeypatch.setattr(timeline, "write_timeline", fail)
    else:
        monkeypatch.setattr(trace, "write_trace", fail)
    r = run("--out", str(out), "--set", "training.global_batch=16", "--quiet")
    assert r.exit_code != 0
    assert files(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o"]  # no temporary folder left beside it


def test_rerun_replaces_outputs_and_keeps_other_files(tmp_path) -> None:
    out = tmp_path / "o"
    assert run("--out", str(out), "--quiet").exit_code == 0
    assert (out / "events.csv").exists()
    # only simcluster outputs in it: swapped as a whole
    assert run("--out", str(out), "--outputs", "summary,events.parquet", "--quiet").exit_code == 0
    assert sorted(files(out)) == [".simcluster-outputs", "events.parquet", "summary.json"]
    # a file of the user's in it: kept; outputs this run did not write are removed
    (out / "notes.txt").write_text("mine")
    assert run("--out", str(out), "--outputs", "summary", "--quiet").exit_code == 0
    assert files(out) == {
        ".simcluster-outputs": b"summary.json\n",
        "notes.txt": b"mine",
        "summary.json": (out / "summary.json").read_bytes(),
    }
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o"]


def test_a_users_file_with_an_output_name_is_never_replaced_or_removed(tmp_path) -> None:
    """Only the files a folder's manifest (`.simcluster-outputs`) names are simcluster's: a user's `trace.json`
    alone in --out is neither swapped away with the folder nor removed as a stale output, and a user's
    `summary.json` where the run writes one is refused (one line, exit 2), the folder left byte for byte."""
    out = tmp_path / "o"
    out.mkdir()
    (out / "trace.json").write_text("my profiler trace")
    assert run("--out", str(out), "--quiet").exit_code == 0
    assert (out / "trace.json").read_text() == "my profiler trace"
    assert run("--out", str(out), "--outputs", "summary", "--quiet").exit_code == 0
    assert sorted(files(out)) == [".simcluster-outputs", "summary.json", "trace.json"]
    assert (out / "trace.json").read_text() == "my profiler trace"
    mine = tmp_path / "m"
    mine.mkdir()
    (mine / "summary.json").write_text("my notes")
    before = files(mine)
    line = one_error_line(run("--out", str(mine)))
    assert "summary.json" in line and "simcluster did not write" in line
    assert files(mine) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m", "o"]  # no temporary folder left


@pytest.mark.parametrize("manifest", ["link", "folder", "huge", "binary", "escapes"])
def test_a_manifest_simcluster_could_not_have_written_claims_nothing(tmp_path, manifest) -> None:
    """A `.simcluster-outputs` that is a link, a folder, longer than any manifest, not text, or naming paths
    outside the folder makes no file simcluster's: the user's files beside it stay."""
    out = tmp_path / "o"
    out.mkdir()
    (out / "trace.json").write_text("mine")
    (tmp_path / "outside").write_text("outside")
    m = out / ".simcluster-outputs"
    if manifest == "link":
        (tmp_path / "list").write_text("trace.json\n")
        m.symlink_to(tmp_path / "list")
    elif manifest == "folder":
        m.mkdir()
    elif manifest == "huge":
        m.write_text("trace.json\n" * 10_000)
    elif manifest == "binary":
        m.write_bytes(b"\xff\xfe" + b"trace.json\n")
    else:
        m.write_text("../outside\n/etc/passwd\n..\n")
    r = run("--out", str(out), "--outputs", "summary", "--quiet")
    if manifest in ("link", "folder"):  # standing where the new manifest goes: refused, nothing moved
        assert "is not a plain file simcluster wrote" in one_error_line(r)
    else:
        assert r.exit_code == 0, r.output
    assert (out / "trace.json").read_text() == "mine" and (tmp_path / "outside").read_text() == "outside"


def test_parse_outputs() -> None:
    assert outputs_mod.parse_outputs("timeline,summary") == ["summary", "timeline"]
    assert outputs_mod.parse_outputs("all") == ["summary", "events", "trace", "timeline"]
    assert outputs_mod.parse_outputs("events.csv, trace") == ["events.csv", "trace"]


def test_out_that_is_the_working_folder_is_written_file_by_file(tmp_path, monkeypatch) -> None:
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    assert run("--out", ".", "--outputs", "summary", "--quiet").exit_code == 0
    assert run("--out", ".", "--outputs", "summary,events", "--quiet").exit_code == 0
    assert Path.cwd() == here and here.is_dir()  # not swapped away from under the shell
    assert sorted(p.name for p in here.iterdir()) == [".simcluster-outputs", "events.csv", "summary.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["here"]
