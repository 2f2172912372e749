"""The GEMM benchmark in process (no ranks): backward layouts, their keys, and resume over an old gemm.csv."""

from __future__ import annotations

from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from calibrate.bench.compute import _gemm_step, run_gemms  # noqa: E402
from calibrate.config import BenchConfig, ModelShape  # noqa: E402
from calibrate.results import GEMM, CsvLog, done_keys, read_table  # noqa: E402
from calibrate.shapes import GemmShape, layer_gemms  # noqa: E402

CPU = torch.device("cpu")
TINY = BenchConfig(
    collective_min_bytes=8,
    collective_max_bytes=8,
    gemm_square_dims=(16,),
    gemm_models=(ModelShape(hidden=32, heads=2, seq=8, micro_batch=1),),
    gemm_warmup=0,
    gemm_iterations=1,
)


@pytest.mark.parametrize(("layout", "out_shape"), [("nn", (2, 3, 5)), ("nt", (2, 3, 7)), ("tn", (2, 7, 5))])
@pytest.mark.parametrize("batch", [1, 2])
def test_each_layout_computes_the_product_of_its_name(layout: str, out_shape: tuple, batch: int) -> None:
    shape = GemmShape(name="g", m=3, n=5, k=7, batch=batch)
    out = _gemm_step(shape, layout, "fp32", CPU)()  # dgrad dA[m,k], wgrad dB[k,n], forward C[m,n]
    assert tuple(out.shape) == (out_shape if batch > 1 else out_shape[1:])


def test_layer_gemms_are_timed_in_three_layouts_and_squares_forward_only(tmp_path: Path) -> None:
    log = CsvLog(tmp_path, GEMM)
    n = run_gemms(TINY, set(), log, CPU, run_id=1)
    log.close()
    rows = read_table(tmp_path, GEMM)
    dtypes = {r["dtype"] for r in rows}
    assert n == len(rows) == len(dtypes) * (1 + 3 * len(layer_gemms(TINY.gemm_models[0])))
    assert {r["layout"] for r in rows if r["name"].startswith("square")} == {"nn"}
    fc1 = {(r["layout"], r["dtype"]): r for r in rows if r["name"].startswith("fc1")}
    assert set(fc1) == {(lay, d) for lay in ("nn", "nt", "tn") for d in dtypes}
    assert {(r["m"], r["n"], r["k"]) for r in fc1.values()} == {(8, 128, 32)}  # the forward GEMM's dims
    assert {r["timing"] for r in rows} == {"eager"}  # CUDA graphs on a GPU only


def _tiny_gemm_csv(tmp_path: Path) -> list[str]:
    """The lines of DIR/gemm.csv after one tiny GEMM run."""
    log = CsvLog(tmp_path, GEMM)
    run_gemms(TINY, set(), log, CPU, run_id=1)
    log.close()
    return (tmp_path / "gemm.csv").read_text().splitlines()


def _write_without(path: Path, lines: list[str], column: str, keep=lambda cells: True) -> None:
    """Write `lines` (header first) to `path` without `column`, keeping the rows whose cells `keep` takes: a
    file as an older calibrate wrote it."""
    col = lines[0].split(",").index(column)
    rows = [lines[0], *(x for x in lines[1:] if keep(x.split(",")[col]))]
    path.write_text("\n".join(",".join(c for j, c in enumerate(x.split(",")) if j != col) for x in rows) + "\n")


def test_a_gemm_csv_from_before_graph_timing_reads_as_eager(tmp_path: Path) -> None:
    _write_without(tmp_path / "gemm.csv", _tiny_gemm_csv(tmp_path), "timing")
    assert {r["timing"] for r in read_table(tmp_path, GEMM)} == {"eager"}


def test_resume_over_an_old_gemm_csv_measures_only_the_backward_layouts(tmp_path: Path) -> None:
    lines = _tiny_gemm_csv(tmp_path)
    layout_col = lines[0].split(",").index("layout")
    forward = [line for line in lines[1:] if line.split(",")[layout_col] == "nn"]
    # as written before backward layouts were timed
    _write_without(tmp_path / "gemm.csv", lines, "layout", keep=lambda layout: layout == "nn")
    old = read_table(tmp_path, GEMM)
    log = CsvLog(tmp_path, GEMM)
    n = run_gemms(TINY, done_keys(old, GEMM), log, CPU, run_id=2)
    log.close()
    rows = read_table(tmp_path, GEMM)
    assert all(r["time_cv"] != r["time_cv"] for r in rows)  # one iteration each: no spread (NaN)

    def same(r: dict) -> dict:
        return {k: v for k, v in r.items() if k != "time_cv"}  # NaN != NaN

    assert [same(r) for r in rows[: len(old)]] == [same(r) for r in old]  # upgraded in place, kept as forward
    new = rows[len(old) :]
    assert n == len(new) == len(lines) - 1 - len(forward)  # every nt and tn point, once
    assert {r["layout"] for r in new} == {"nt", "tn"} and {r["run_id"] for r in new} == {2}
    assert len(done_keys(rows, GEMM)) == len(rows)


def test_each_point_records_the_spread_of_its_iterations(tmp_path: Path) -> None:
    """time_s is the mean of the iterations' times and time_cv their sample stdev / mean; fit_variability
    takes each class's median cv into the profile's `variability` (gemm from GEMMs, elementwise from copies)."""
    import dataclasses
    import statistics

    from calibrate.fit.tables import fit_variability
    from calibrate.runtime import spread, time_each

    times = time_each(lambda: sum(range(2000)), 50, CPU)
    assert len(times) == 50 and all(t > 0 for t in times)
    mean, cv = spread([1.0, 2.0, 3.0])
    assert mean == 2.0 and cv == statistics.stdev([1.0, 2.0, 3.0]) / 2.0
    assert spread([4.0]) == (4.0, "")
    log = CsvLog(tmp_path, GEMM)
    run_gemms(dataclasses.replace(TINY, gemm_iterations=8), set(), log, CPU, run_id=1)
    log.close()
    rows = read_table(tmp_path, GEMM)
    assert all(r["time_cv"] >= 0 for r in rows)
    fit = fit_variability(rows, [])
    cvs = sorted(r["time_cv"] for r in rows)
    assert set(fit) == {"gemm"} and fit["gemm"]["points"] == len(rows)
    assert fit["gemm"]["cv_median"] == statistics.median(cvs)


def test_fp8_gemms_are_timed_forward_single_and_aligned_only() -> None:
    """torch._scaled_mm runs one unbatched TN GEMM with sides that are multiples of 16: the other layouts,
    batched GEMMs and unaligned shapes are recorded with the reason, and a CPU measures no FP8 at all."""
    from calibrate.bench.compute import _fp8_supported, fp8_why_not, supported_dtypes

    single = GemmShape(name="g", m=4096, n=1024, k=512)
    assert fp8_why_not(single, "nn") == ""
    assert "forward layout" in fp8_why_not(single, "nt") and "forward layout" in fp8_why_not(single, "tn")
    assert "batched" in fp8_why_not(GemmShape(name="g", m=64, n=64, k=64, batch=2), "nn")
    assert "multiples of 16" in fp8_why_not(GemmShape(name="g", m=4096, n=1000, k=512), "nn")
    assert "fp8" not in supported_dtypes(CPU)
    assert _fp8_supported(CPU) == "unsupported: fp8 GEMMs need a CUDA GPU"


def test_fp8_rows_reach_the_profile_as_measured_points_not_the_curve() -> None:
    """A run's FP8 forward GEMMs join `gpu.gemm.measured` (the simulator takes them for those shapes); the
    GEMM curve is fitted on the other dtypes only."""
    from calibrate.fit.tables import gemm_fit_points, gemm_measured_points
    from simcluster.hardware.profile import load_profile, profile_from_dict
    from simcluster.model.costs import CostModel

    row = {"name": "square", "m": 4096, "n": 4096, "k": 4096, "batch": 1, "layout": "nn", "status": "ok"}
    rows = [
        {**row, "dtype": "bf16", "time_s": 2 * 4096**3 / 700e12, "tflops": 700.0},
        {**row, "dtype": "fp8", "time_s": 2 * 4096**3 / 1300e12, "tflops": 1300.0},
        {**row, "layout": "nt", "dtype": "fp8", "status": "unsupported: fp8 is timed in the forward layout"},
    ]
    assert [r["dtype"] for r in gemm_fit_points(rows)] == ["bf16"]
    assert [r["dtype"] for r in gemm_measured_points(rows)] == ["bf16", "fp8"]
    data = load_profile("dgx-h100").model_dump(mode="json", exclude_none=True)
    data.pop("tables")
    data["gpu"]["gemm"]["measured"] = [
        {k: r[k] for k in ("m", "n", "k", "dtype", "tflops")} for r in gemm_measured_points(rows)
    ]
    hw = profile_from_dict(data)
    t8, _ = CostModel(hw, "fp8").gemm(4096, 4096, 4096)
    launch = hw.gpu.gemm.launch_us * 1e-6  # a measured point's rate after the launch, as for every dtype
    assert t8 == pytest.approx(launch + 2 * 4096**3 / 1300e12, rel=1e-9)  # the measured rate, not 0.8 of 1,979
