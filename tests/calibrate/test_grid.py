"""`python -m calibrate grid`: a full GEMM grid timed kernel by kernel, written as the GEMM table a profile imports."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from calibrate.__main__ import main  # noqa: E402
from calibrate.bench.grid import GRID, GridSpec, check_spec, run_grid  # noqa: E402
from calibrate.runtime import MAX_REPS, time_kernels  # noqa: E402
from simcluster.errors import ConfigError  # noqa: E402
from simcluster.hardware.profile import load_profile  # noqa: E402
from simcluster.hardware.tables import lookup_of  # noqa: E402

CPU = torch.device("cpu")


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open() as fh:
        return list(csv.DictReader(fh))


def test_points_cover_the_grid_with_fp8_unbatched() -> None:
    spec = GridSpec(dtypes=("bf16", "fp8"), dims=(16, 32, 64), batches=(1, 2, 4))
    points = spec.points()
    assert len(points) == 3 * 27 + 27  # bf16 at every b, fp8 at b = 1 only
    assert {p[0] for p in points if p[4] == "fp8"} == {1}
    assert len(set(points)) == len(points)


@pytest.mark.parametrize(
    ("spec", "field"),
    [
        (GridSpec(dtypes=("int4",), dims=(16,), batches=(1,)), "dtypes"),
        (GridSpec(dtypes=("fp8",), dims=(16, 24), batches=(1,)), "dims"),
        (GridSpec(dtypes=("fp8",), dims=(16,), batches=(2,)), "batches"),
        (GridSpec(dtypes=("fp32",), dims=(0, 16), batches=(1,)), "dims"),
        (GridSpec(dtypes=("fp32",), dims=(16, 16), batches=(1,)), "dims"),
        (GridSpec(dtypes=("fp32",), dims=(16,), batches=()), "batches"),
        (GridSpec(dtypes=("fp32",), dims=(16,), batches=(1,), replays=0), "replays"),
    ],
)
def test_bad_specs_name_the_option(spec: GridSpec, field: str) -> None:
    with pytest.raises(ConfigError) as err:
        check_spec(spec)
    assert str(err.value).startswith(field) and "\n" not in str(err.value)


def test_cpu_timing_is_positive_and_bounded() -> None:
    a = torch.ones(32, 32)
    times, reps, method = time_kernels(lambda: a @ a, CPU, replays=3)
    assert len(times) == 3 and all(0 < t < 0.1 for t in times) and 1 <= reps <= MAX_REPS and method == "eager"


def test_grid_imports_as_a_profile_table_and_answers_inside_it(tmp_path: Path) -> None:
    spec = GridSpec(dtypes=("fp32",), dims=(16, 32, 64), batches=(1, 2))
    path = run_grid(spec, tmp_path / "g", resume=False, device=CPU)
    rows = _rows(path)
    assert len(rows) == 2 * 27 and {r["status"] for r in rows} == {"ok"}
    for r in rows:  # the rate column is the time column restated
        flops = 2 * int(r["b"]) * int(r["m"]) * int(r["n"]) * int(r["k"])
        assert float(r["tflops"]) == pytest.approx(flops / (float(r["time_us"]) * 1e-6) / 1e12, rel=1e-6)
    assert main(["import", "--gemm", str(path), "--base", "dgx-a100", "--out", str(tmp_path / "p")]) == 0
    profile = load_profile(str(tmp_path / "p" / "profile.yaml"))
    row = next(r for r in rows if (r["b"], r["m"], r["n"], r["k"]) == ("2", "32", "64", "16"))
    got = lookup_of(profile.tables).gemm_s(2, 32, 64, 16, "fp32", lambda *q: 1.0)
    assert got == pytest.approx(float(row["time_us"]) * 1e-6, rel=1e-4)


def test_an_existing_grid_needs_resume_and_resume_measures_only_the_rest(tmp_path: Path) -> None:
    spec = GridSpec(dtypes=("fp32",), dims=(16, 32), batches=(1,))
    out = tmp_path / "g"
    path = run_grid(spec, out, resume=False, device=CPU)
    with pytest.raises(ConfigError, match="--resume"):
        run_grid(spec, out, resume=False, device=CPU)
    lines = path.read_text().splitlines()
    kept = lines[:4]  # header and three points; the other five are measured again
    path.write_text("\n".join(kept) + "\n")
    run_grid(spec, out, resume=True, device=CPU)
    rows = _rows(path)
    assert len(rows) == 8 and len({(r["m"], r["n"], r["k"]) for r in rows}) == 8
    assert [",".join(r.values()) for r in rows[:3]] == kept[1:]


def test_fp8_on_a_cpu_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grid", "--out", str(tmp_path / "g"), "--dtypes", "fp8", "--dims", "16,32"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: dtypes") and "fp8" in err and "\n" not in err
    assert not (tmp_path / "g").exists()


def test_bad_dims_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["grid", "--out", str(tmp_path / "g"), "--dims", "16,x"])
    assert exit_.value.code == 2 and "--dims" in capsys.readouterr().err


def test_grid_keys_are_the_table_shape() -> None:
    assert GRID.key == ("b", "m", "n", "k", "dtype")


def test_a_rank_of_calibrate_needs_no_plotting_library(tmp_path: Path) -> None:
    """The benchmarks run where only torch is installed (a GPU image): plotly is for the analysis."""
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('plotly', 'simpy'):\n"
        "            raise ImportError('blocked ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import calibrate.__main__, calibrate.worker, calibrate.bench.grid\n"
        "from calibrate.config import BACKENDS\n"
        "print(sorted(m for m in ('plotly', 'simpy') if m in sys.modules), BACKENDS)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[] ('gloo', 'nccl')"


def test_a_run_file_not_written_by_grid_is_never_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "g"
    out.mkdir()
    (out / "grid_run.json").write_text("{mine")
    spec = GridSpec(dtypes=("fp32",), dims=(16,), batches=(1,))
    with pytest.raises(ConfigError, match="already holds grid_run.json"):
        run_grid(spec, out, resume=False, device=CPU)
    with pytest.raises(ConfigError, match="not readable JSON"):
        run_grid(spec, out, resume=True, device=CPU)
    assert (out / "grid_run.json").read_text() == "{mine" and not (out / "gemm_grid.csv").exists()


H200 = Path(__file__).resolve().parents[1] / "data" / "h200"
H200_GRID = Path(__file__).resolve().parents[2] / "simcluster" / "hardware" / "presets" / "hgx-h200" / "gemm_grid.csv"


def test_analyze_of_the_h200_run_takes_a_grid_beside_it(tmp_path: Path) -> None:
    """One rank of calibrate on the lent H200 (tests/data/h200/calibrate) and `calibrate grid` into the same
    DIR: the profile keeps the base's node (one rank measured one GPU), takes the grid as its GEMM tables and
    FlashAttention-2's measured rates; a grid cut short is left out and said why."""
    import shutil

    from calibrate.analyze import analyze

    out = tmp_path / "run"
    shutil.copytree(H200 / "calibrate", out)
    shutil.copy(H200_GRID, out / "gemm_grid.csv")
    fits = analyze(out, "dgx-h100")
    assert fits["gemm_grid"] == {"bf16": "table: 1029 points", "fp8": "table: 343 points"}
    hw = load_profile(str(out / "profile.yaml"))
    assert (hw.node.gpus_per_node, hw.node.nics_per_node) == (8, 8)
    grid = {(r[0], r[1], r[2], r[3], r[4]): r[5] for r in read_gemm_csv_rows(H200_GRID)}
    look = lookup_of(hw.tables)
    for dtype in ("bf16", "fp8"):
        q = (1, 8192, 8192, 8192)
        assert look.gemm_s(*q, dtype, lambda *a: 1.0) == pytest.approx(grid[(*q, dtype)] * 1e-6, rel=1e-5)
    assert hw.gpu.flash_attention_efficiency == pytest.approx(351.7 / hw.gpu.peak_tflops["bf16"], rel=0.01)
    lines = (out / "gemm_grid.csv").read_text().splitlines()
    (out / "gemm_grid.csv").write_text("\n".join(lines[:-5]) + "\n")  # the last five (bf16, b 4) never ran
    fits = analyze(out, "dgx-h100")
    assert fits["gemm_grid"]["bf16"].startswith("left out: 1024 of 1029 grid points")
    hw = load_profile(str(out / "profile.yaml"))
    assert [g.dtype for g in hw.tables.gemm] == ["fp8"]
    # the H200 is not the base's GPU: its peaks are the fitted asymptotes, FP8's the bf16 one x the FP8 gain
    # measured at the largest shape (8192^3 in calibrate's own GEMMs)
    assert 1.7 < hw.gpu.peak_tflops["fp8"] / hw.gpu.peak_tflops["bf16"] < 2.1


def read_gemm_csv_rows(path: Path) -> list[tuple]:
    from simcluster.hardware.tables import read_gemm_csv

    return [(*r[:4], d, r[4]) for d, rows in read_gemm_csv(path).items() for r in rows]
