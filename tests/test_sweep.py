"""`simcluster sweep`: sweep-file expansion, one-line errors, failing points, resume, determinism."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import yaml
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.config.loader import load_scenario
from simcluster.search.point import run_point
from simcluster.search.sweeper import run_sweep
from simcluster.search.sweepfile import load_sweep
from simcluster.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent


def _write(tmp_path: Path, body: dict, name: str = "sweep.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(body, sort_keys=False))
    return path


def _base(tmp_path: Path) -> str:
    return str(ROOT / "scenarios" / "megatron_tp_16gpu.yaml")


def _sweep(tmp_path: Path, **parts) -> Path:
    body = {"base": _base(tmp_path), "set": {"model.layers": 2}, **parts}
    return _write(tmp_path, body)


def test_relative_base_grid_zip_random_expansion(tmp_path):
    (tmp_path / "sweeps").mkdir()
    scen = tmp_path / "scenarios"
    scen.mkdir()
    (scen / "base.yaml").write_text((ROOT / "scenarios" / "megatron_tp_16gpu.yaml").read_text())
    path = _write(
        tmp_path / "sweeps",
        {
            "base": "../scenarios/base.yaml",
            "set": {"model.layers": 2},
            "grid": {"parallelism.tensor": [4, 8, 16], "training.micro_batch": [1, 2]},
            "zip": {"training.recompute": ["none", "full"], "training.precision": ["fp32", "fp16"]},
            "random": {"samples": 3, "seed": 7, "axes": {"training.grad_bucket_MB": [10, 20, 40, 80]}},
        },
    )
    sw = load_sweep(path)
    assert sw.base == tmp_path / "sweeps" / "../scenarios/base.yaml"
    assert len(sw.points) == 3 * 2 * 2 * 3
    assert sw.axes == [
        "parallelism.tensor",
        "training.micro_batch",
        "training.recompute",
        "training.precision",
        "training.grad_bucket_MB",
    ]
    assert sw.points[0]["parallelism.tensor"] == 4 and sw.points[0]["training.micro_batch"] == 1
    assert {(p["training.recompute"], p["training.precision"]) for p in sw.points} == {
        ("none", "fp32"),
        ("full", "fp16"),
    }
    draws = [p["training.grad_bucket_MB"] for p in sw.points[:3]]
    assert draws == [p["training.grad_bucket_MB"] for p in load_sweep(path).points[:3]]  # seeded


def _cli(args: list[str]):
    return CliRunner().invoke(main, ["sweep", *args], catch_exceptions=False)


@pytest.mark.parametrize(
    "body, start",
    [
        (
            {"grid": {"parallelism.tensor": 4}},
            "error: sweep.grid.parallelism.tensor=4: must be a non-empty list",
        ),
        ({"grid": {"parallelism.tensor": [0]}}, "error: sweep.grid.parallelism.tensor=0: parallelism.tensor"),
        ({"zip": {"parallelism.tensor": [4, 8], "training.micro_batch": [1]}}, "error: sweep.zip="),
        ({"gird": {"parallelism.tensor": [4]}}, "error: sweep.gird="),
        ({"random": {"samples": 0, "axes": {"parallelism.tensor": [4]}}}, "error: sweep.random.samples=0"),
        ({"random": {"samples": 2, "seed": -1, "axes": {"parallelism.tensor": [4]}}},
         "error: sweep.random.seed=-1: must be an integer from 0"),
        ({"random": {"samples": 2, "seed": 2**63, "axes": {"parallelism.tensor": [4]}}},
         "error: sweep.random.seed=9223372036854775808: must be an integer from 0"),
        ({"set": {"model.layerz": 2}}, "error: sweep.set.model.layerz=2"),
        ({"base": "nope.yaml"}, "error: sweep.base='nope.yaml': no such file"),
        (
            {"grid": {"training.recompute": ["none"]}, "set": {"training.recompute": "full"}},
            "error: sweep.set.",
        ),
    ],
)
def test_bad_sweep_file_is_one_line_error(tmp_path, body, start):
    full = {"base": _base(tmp_path), "set": {"model.layers": 2}, **body}
    r = _cli([str(_write(tmp_path, full)), "--out", str(tmp_path / "o"), "--jobs", "1"])
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(start), r.output
    assert not (tmp_path / "o" / "results.parquet").exists()


def test_failing_point_is_recorded_and_rows_match_run(tmp_path):
    path = _sweep(tmp_path, grid={"parallelism.tensor": [16, 3, 8]})
    r = _cli([str(path), "--out", str(tmp_path / "o"), "--jobs", "1", "--quiet"])
    assert r.exit_code == 0, r.output
    rows = pq.read_table(tmp_path / "o" / "results.parquet").to_pylist()
    assert [x["point"] for x in rows] == [0, 1, 2]
    assert rows[1]["error"] == "parallelism.tensor=3: does not divide model.heads=64"
    assert rows[1]["iteration_time_s"] is None
    assert rows[0]["error"] == "" and rows[2]["error"] == ""
    one = simulate(
        load_scenario(
            ROOT / "scenarios" / "megatron_tp_16gpu.yaml", ["model.layers=2", "parallelism.tensor=8"]
        )
    ).summary()
    assert rows[2]["iteration_time_s"] == pytest.approx(one["iteration_time_s"], rel=1e-12)
    assert rows[2]["parallelism.tensor"] == 8
    assert (
        (tmp_path / "o" / "results.csv")
        .read_text()
        .startswith("point,parallelism.tensor,scenario_hash,error,")
    )
    assert (tmp_path / "o" / "sweep.html").exists()
    assert not (tmp_path / "o" / ".parts").exists()


def test_jobs_one_and_two_give_identical_files(tmp_path):
    path = _sweep(tmp_path, grid={"parallelism.tensor": [4, 8, 16], "training.micro_batch": [1, 2]})
    for jobs in (1, 2):
        r = _cli([str(path), "--out", str(tmp_path / f"o{jobs}"), "--jobs", str(jobs), "--quiet"])
        assert r.exit_code == 0, r.output
    for name in ("results.parquet", "results.csv", "sweep.html"):
        assert (tmp_path / "o1" / name).read_bytes() == (tmp_path / "o2" / name).read_bytes(), name


class _Killed(Exception):
    pass


class _Counting:
    """run_point that records what it ran and stops the sweep (as Ctrl-C would) after `stop_after`."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.ran: list[int] = []
        self.stop_after = stop_after

    def __call__(self, point):
        if self.stop_after is not None and len(self.ran) == self.stop_after:
            raise KeyboardInterrupt
        self.ran.append(point.index)
        return run_point(point)


def test_resume_after_kill_runs_only_the_rest(tmp_path):
    path = _sweep(tmp_path, grid={"parallelism.tensor": [4, 8, 16], "training.micro_batch": [1, 2]})
    sw = load_sweep(path)
    out = tmp_path / "o"
    first = _Counting(stop_after=3)
    with pytest.raises(KeyboardInterrupt):
        run_sweep(sw, out, jobs=1, fn=first)
    assert first.ran == [0, 1, 2]
    assert len(list((out / ".parts").glob("*.parquet"))) == 3  # nothing done was lost
    second = _Counting()
    rows, skipped = run_sweep(sw, out, jobs=1, resume=True, fn=second)
    assert skipped == 3 and second.ran == [3, 4, 5]
    fresh, _ = run_sweep(sw, tmp_path / "fresh", jobs=1)
    assert (out / "results.parquet").read_bytes() == (tmp_path / "fresh" / "results.parquet").read_bytes()
    assert [r["point"] for r in rows] == list(range(6))
    # Resuming a finished sweep runs nothing.
    third = _Counting()
    _, skipped = run_sweep(sw, out, jobs=1, resume=True, fn=third)
    assert skipped == 6 and third.ran == []


def test_local_and_ray_identical(tmp_path):
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'simcluster[ray]')")
    path = _sweep(
        tmp_path, grid={"parallelism.tensor": [4, 8, 16, 2], "training.micro_batch": [1, 2, 3, 4]}
    )  # 16 points
    r = _cli([str(path), "--out", str(tmp_path / "local"), "--jobs", "2", "--quiet"])
    assert r.exit_code == 0, r.output
    ray.init(num_cpus=2, include_dashboard=False, ignore_reinit_error=True)
    try:
        r = _cli([str(path), "--out", str(tmp_path / "ray"), "--executor", "ray", "--quiet"])
    finally:
        ray.shutdown()
    assert r.exit_code == 0, r.output
    for name in ("results.parquet", "results.csv"):
        assert (tmp_path / "local" / name).read_bytes() == (tmp_path / "ray" / name).read_bytes(), name


def test_ray_missing_is_one_line_error(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as where it is not installed
    r = _cli(
        [
            str(_sweep(tmp_path, grid={"parallelism.tensor": [4]})),
            "--executor",
            "ray",
            "--out",
            str(tmp_path / "o"),
        ]
    )
    assert r.exit_code == 2
    assert "simcluster[ray]" in r.output and len(r.output.strip().splitlines()) == 1


def test_results_parquet_grows_while_the_sweep_runs(tmp_path, monkeypatch):
    import simcluster.search.results as results

    monkeypatch.setattr(results, "FLUSH_EVERY_S", 0.0)
    path = _sweep(tmp_path, grid={"parallelism.tensor": [4, 8, 16]})
    out = tmp_path / "o"
    seen = []

    def fn(point):
        f = out / "results.parquet"
        seen.append(pq.read_table(f).num_rows if f.exists() else 0)
        return run_point(point)

    run_sweep(load_sweep(path), out, jobs=1, fn=fn)
    assert seen == [0, 1, 2]


def test_timelines_write_each_points_run_outputs(tmp_path):
    path = _sweep(tmp_path, grid={"parallelism.tensor": [16]}, timelines=True)
    r = _cli([str(path), "--out", str(tmp_path / "o"), "--jobs", "1", "--quiet"])
    assert r.exit_code == 0, r.output
    point = tmp_path / "o" / "points" / "0"
    assert {"summary.json", "timeline.html"} <= {p.name for p in point.iterdir()}  # as `simcluster run`
    rows = pq.read_table(tmp_path / "o" / "results.parquet").to_pylist()
    assert json.loads((point / "summary.json").read_text())["iteration_time_s"] == rows[0]["iteration_time_s"]


def _die_on_two(point):  # module level: picklable for the process pool
    import os

    from simcluster.search.point import run_point

    if point.index == 2:
        os._exit(137)  # what the kernel's out-of-memory killer leaves behind
    return run_point(point)


def test_a_worker_killed_by_the_system_fails_only_its_point(tmp_path):
    from simcluster.search.point import Point
    from simcluster.search.runner import WORKER_DIED, run_points

    rows = {}
    pts = [Point(index=i, scenario={"name": "broken"}, base_dir=str(tmp_path)) for i in range(4)]
    run_points(pts, lambda p, row: rows.__setitem__(p.index, row), 2, "local", None, _die_on_two)
    assert sorted(rows) == [0, 1, 2, 3]
    assert rows[2]["error"] == WORKER_DIED
    assert all(rows[i]["error"] != WORKER_DIED for i in (0, 1, 3))


def test_numpy_scalars_are_written_as_plain_numbers(tmp_path):
    """Rows may carry numpy scalars (a summary's values): the CSV reads as numbers, not `np.float64(...)`
    reprs, and each Parquet column keeps one type."""
    import numpy as np

    from simcluster.search.results import write_tables

    rows = [
        {"t": np.float64(0.25), "n": np.int64(3), "ok": np.bool_(True)},
        {"t": 0.5, "n": 4, "ok": False},
    ]
    write_tables(tmp_path, rows, ["t", "n", "ok"])
    assert (tmp_path / "results.csv").read_text() == "t,n,ok\n0.25,3,True\n0.5,4,False\n"
    table = pq.read_table(tmp_path / "results.parquet")
    assert [str(table.schema.field(c).type) for c in ("t", "n", "ok")] == ["double", "int64", "bool"]
    assert table.column("t").to_pylist() == [0.25, 0.5]
