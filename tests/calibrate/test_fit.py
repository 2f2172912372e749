"""The fits recover known parameters from synthetic measurements (noise and an outlier included)."""

from __future__ import annotations

import numpy as np
import pytest

from calibrate.fit.backward import fit_backward
from calibrate.fit.gemm import GemmFit, fit_gemm, predict_time_s
from calibrate.fit.line import fit_line
from calibrate.ops import busbw_factor

ALPHA_S = 12e-6
BANDWIDTH_Bps = 95e9


def _sweep(noise: float, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    size = 8.0 * 2.0 ** np.arange(28)  # 8 B .. 1 GiB, nccl-tests' -b 8 -e 1G -f 2
    bus = size * busbw_factor("all_reduce", 8)
    time_s = (ALPHA_S + bus / BANDWIDTH_Bps) * (1 + noise * rng.standard_normal(size.size))
    return bus, time_s


def test_alpha_beta_recovered_within_2_percent_despite_noise_and_an_outlier() -> None:
    bus, time_s = _sweep(noise=0.01)
    time_s[5] *= 4.0  # a latency-regime outlier
    time_s[22] *= 0.3  # and one in the bandwidth regime
    fit = fit_line(bus, time_s)
    assert fit.alpha_s == pytest.approx(ALPHA_S, rel=0.02)
    assert 1 / fit.beta_s_per_unit == pytest.approx(BANDWIDTH_Bps, rel=0.02)
    assert fit.n_outliers >= 2
    assert fit.n_points == 28
    assert fit.r2 > 0.99
    assert fit.holdout_mape is not None and fit.holdout_mape < 0.10  # the mean counts the outliers too


def test_holdout_error_of_a_clean_sweep_is_at_the_noise_level() -> None:
    bus, time_s = _sweep(noise=0.01)
    fit = fit_line(bus, time_s)
    assert fit.holdout_mape is not None and 0.002 < fit.holdout_mape < 0.02
    assert 0.002 < fit.mape < 0.015
    assert fit.n_outliers <= 2


def test_plain_least_squares_would_miss_alpha_so_the_robust_weighting_matters() -> None:
    bus, time_s = _sweep(noise=0.01)
    time_s[5] *= 4.0
    plain = np.polyfit(bus, time_s, 1)
    assert abs(plain[1] / ALPHA_S - 1) > 0.2  # unweighted LSQ: intercept swamped by the large sizes
    assert fit_line(bus, time_s).alpha_s == pytest.approx(ALPHA_S, rel=0.02)


def test_exact_data_gives_perfect_quality_numbers() -> None:
    bus, time_s = _sweep(noise=0.0)
    fit = fit_line(bus, time_s)
    assert fit.mape == pytest.approx(0.0, abs=1e-9)
    assert fit.holdout_mape == pytest.approx(0.0, abs=1e-9)
    assert fit.r2 == pytest.approx(1.0, abs=1e-12)


def test_holdout_needs_four_points() -> None:
    fit = fit_line(np.array([1e3, 1e6, 1e9]), np.array([1e-5, 2e-5, 1e-2]))
    assert fit.holdout_mape is None
    assert fit.n_points == 3


@pytest.mark.parametrize(
    ("x", "y", "message"),
    [
        ([1.0], [1.0], "n_points=1 must be >= 2"),
        ([1.0, 2.0], [1.0, 0.0], "must be finite and > 0"),
        ([1.0, 2.0], [1.0, float("nan")], "must be finite and > 0"),
    ],
)
def test_bad_fit_input_is_named(x: list[float], y: list[float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        fit_line(np.array(x), np.array(y), what="all_reduce/intra_pair")


TRUE_GEMM = GemmFit(
    launch_us=5.0,
    half_efficiency_dim=48.0,
    asymptote_tflops={"bf16": 268.0, "fp32": 16.5},
    r2=1.0,
    mape=0.0,
    holdout_mape=0.0,
    n_points=0,
)


def _gemm_data(noise: float) -> tuple[list[int], list[int], list[int], list[str], np.ndarray]:
    m, n, k, dt = [], [], [], []
    for d in (64, 128, 256, 512, 1024, 2048, 4096, 8192):
        for dtype in ("bf16", "fp32"):
            m.append(d), n.append(d), k.append(d), dt.append(dtype)
    for shape in (
        (4096, 6144, 2048),
        (4096, 2048, 2048),
        (4096, 8192, 2048),
        (4096, 2048, 8192),
        (512, 96, 512),
    ):
        m.append(shape[0]), n.append(shape[1]), k.append(shape[2]), dt.append("bf16")
    rng = np.random.default_rng(3)
    t = predict_time_s(np.array(m, float), np.array(n, float), np.array(k, float), dt, TRUE_GEMM)
    return m, n, k, dt, t * (1 + noise * rng.standard_normal(len(m)))


def test_gemm_fit_recovers_known_parameters() -> None:
    m, n, k, dt, t = _gemm_data(noise=0.01)
    t[3] *= 2.5  # one outlier
    fit = fit_gemm(m, n, k, dt, t)
    assert fit.launch_us == pytest.approx(5.0, rel=0.05)
    assert fit.half_efficiency_dim == pytest.approx(48.0, rel=0.05)
    assert fit.asymptote_tflops["bf16"] == pytest.approx(268.0, rel=0.02)
    assert fit.asymptote_tflops["fp32"] == pytest.approx(16.5, rel=0.02)
    assert fit.holdout_mape is not None and fit.holdout_mape < 0.10


def test_gemm_fit_on_exact_data_is_exact() -> None:
    m, n, k, dt, t = _gemm_data(noise=0.0)
    fit = fit_gemm(m, n, k, dt, t)
    assert fit.half_efficiency_dim == pytest.approx(48.0, rel=0.01)
    assert fit.mape < 1e-3
    assert fit.holdout_mape is not None and fit.holdout_mape < 1e-3


def test_gemm_holdout_keeps_every_dtype_in_the_training_half() -> None:
    dims = [64, 128, 256, 512, 1024, 2048]
    m = [d for d in dims for _ in (0, 1)]
    dt = ["fp32", "bf16"] * len(dims)  # same flops per pair: a split by size alone would train on fp32 only
    t = predict_time_s(np.array(m, float), np.array(m, float), np.array(m, float), dt, TRUE_GEMM)
    fit = fit_gemm(m, m, m, dt, t)
    assert fit.holdout_mape is not None and fit.holdout_mape < 1e-3


def test_gemm_fit_needs_enough_points() -> None:
    with pytest.raises(ValueError, match="n_points=3 must be >= 4"):
        fit_gemm([64, 128, 256], [64, 128, 256], [64, 128, 256], ["fp32"] * 3, [1e-5, 2e-5, 1e-4])
    with pytest.raises(ValueError, match="every m, n, k and time_s must be > 0"):
        fit_gemm([64, 128, 256, 512], [64, 128, 256, 512], [64, 128, 0, 512], ["fp32"] * 4, [1e-5] * 4)


TRUE_BACKWARD_RATIO = 0.85


def _backward_pairs(noise: float, seed: int = 5) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Two backward layouts x two dtypes of 8 forward shapes; backward = forward / 0.85 with noise."""
    rng = np.random.default_rng(seed)
    shapes = [f"gemm{i}" for i in range(8) for _ in range(4)]
    forward = np.repeat(np.geomspace(20e-6, 5e-3, 8), 4) * (1 + noise * rng.standard_normal(32))
    backward = forward / TRUE_BACKWARD_RATIO * (1 + noise * rng.standard_normal(32))
    return shapes, forward, backward


def test_backward_ratio_recovered_within_2_percent_despite_noise_and_an_outlier() -> None:
    shapes, forward, backward = _backward_pairs(noise=0.03)
    backward[7] *= 20.0  # a preempted backward timing
    forward[12] *= 6.0  # and a preempted forward one
    fit = fit_backward(shapes, forward, backward)
    assert fit.backward_efficiency == pytest.approx(TRUE_BACKWARD_RATIO, rel=0.02)
    assert fit.median_ratio == fit.backward_efficiency  # below 1: nothing clamped
    assert (fit.n_points, fit.n_shapes) == (32, 8)
    assert fit.n_outliers >= 2
    assert fit.holdout_mape is not None and fit.holdout_mape < 0.8  # the mean counts the 20x outlier
    plain = float(np.mean(forward / backward))
    assert abs(plain / TRUE_BACKWARD_RATIO - 1) > 0.05  # a mean ratio would be dragged by the outlier


def test_backward_fit_on_exact_data_is_exact_and_clamps_a_faster_backward_to_1() -> None:
    shapes, forward, backward = _backward_pairs(noise=0.0)
    fit = fit_backward(shapes, forward, backward)
    assert fit.backward_efficiency == pytest.approx(TRUE_BACKWARD_RATIO, rel=1e-12)
    assert fit.mape < 1e-12 and fit.holdout_mape is not None and fit.holdout_mape < 1e-12
    faster = fit_backward(shapes, forward, forward / 1.1)
    assert faster.backward_efficiency == 1.0
    assert faster.median_ratio == pytest.approx(1.1)
    assert faster.mape == pytest.approx(0.1)  # predicted with the clamped ratio, as the simulator does


def test_backward_fit_input_errors_and_a_single_shape_has_no_holdout() -> None:
    one = fit_backward(["a", "a"], [1e-3, 1e-3], [1.2e-3, 1.1e-3])
    assert one.holdout_mape is None and one.n_shapes == 1
    with pytest.raises(ValueError, match="n_points=1 must be >= 2"):
        fit_backward(["a"], [1e-3], [1e-3])
    with pytest.raises(ValueError, match="every backward_s must be finite and > 0"):
        fit_backward(["a", "b"], [1e-3, 1e-3], [1e-3, 0.0])


def test_fit_lines_name_the_report_and_say_poor_fits_plainly(tmp_path) -> None:
    from calibrate.analyze import fit_lines

    fits = {
        "collectives": [
            {"op": "all_reduce", "group": "intra", "n_ranks": 8, "r2": 0.999, "mape": 0.02, "verdict": "good"},
            {"op": "all_gather", "group": "intra", "n_ranks": 8, "r2": 0.85, "mape": 0.03, "verdict": "good"},
        ],
        "gemm": {"r2": 0.99, "mape": 0.2, "verdict": "poor"},
        "memory": {"r2": 0.995, "mape": 0.01, "verdict": "good"},
        "host": {"op_dispatch_us": {"us": 50.0, "units": 17}},
    }
    lines = fit_lines(fits, tmp_path)
    assert lines[0] == f"calibrate: report {tmp_path / 'report.html'} (fit plots and every measured point)"
    assert lines[1:5] == [
        "  good fit: collective all_reduce intra (8 ranks): r2 0.999, MAPE 2.0%",
        "  POOR FIT: collective all_gather intra (8 ranks): r2 0.850, MAPE 3.0% (r2 below 0.9)",
        "  POOR FIT: GEMM curve: r2 0.990, MAPE 20.0%",
        "  good fit: memory rate: r2 0.995, MAPE 1.0%",
    ]
    assert lines[5].startswith("calibrate: 2 of 4 fits are poor")
