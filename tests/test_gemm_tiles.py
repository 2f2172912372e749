"""GEMM tile and wave quantization (simcluster/model/costs.py) against its closed form."""

from __future__ import annotations

import math

import pytest

from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile, profile_from_dict
from simcluster.model.costs import CostModel

A100 = load_profile("vtrain-a100")


def _with_gemm(memory_bandwidth_GBps: float = 1e7, **update):
    """The A100 with these GEMM fields; HBM fast enough by default that no GEMM here is memory-bound."""
    gemm = A100.gpu.gemm.model_copy(update=update)
    gpu = A100.gpu.model_copy(update={"gemm": gemm, "memory_bandwidth_GBps": memory_bandwidth_GBps})
    return A100.model_copy(update={"gpu": gpu})


def h(d: float, d0: float) -> float:
    return d / (d + d0)


def test_large_gemm_uses_the_biggest_tile_and_pays_its_last_partial_wave():
    g = A100.gpu.gemm
    assert g.sm_count == 108 and [256, 128] in [list(t) for t in g.tiles]
    secs, flops = CostModel(_with_gemm(), "fp16").gemm(4096, 4096, 4096)
    # 256 x 128 tiles: 16 x 32 = 512 tiles -> ceil(512 / 108) = 5 waves of 108 SMs
    work = 5 * 108 * 2 * 256 * 128 * 4096 / h(4096, g.half_efficiency_dim)
    assert secs == pytest.approx(g.launch_us * 1e-6 + work / (312e12 * g.efficiency_max), rel=1e-12)
    assert flops == 2 * 4096**3


def test_wave_quantization_steps_at_one_more_tile_than_sms():
    hw = _with_gemm(tiles=[(128, 128)], sm_count=108, launch_us=0.0)
    cost = CostModel(hw, "fp16")
    full, _ = cost.gemm(128 * 108, 128, 1024)
    over, _ = cost.gemm(128 * 109, 128, 1024)
    assert over == pytest.approx(2 * full, rel=1e-12)  # one tile more: a second wave, as long as the first
    padded, _ = cost.gemm(128 * 108 - 5, 128 - 3, 1024)
    assert padded == pytest.approx(full, rel=1e-12)  # a partial tile costs a whole one


def test_skinny_gemms_pick_smaller_tiles_and_run_far_below_peak():
    g = A100.gpu.gemm
    cost = CostModel(_with_gemm(), "fp16")
    # hidden 1024 at tensor parallel 8: [1024 tokens, 128] x [128, 1024]
    secs, flops = cost.gemm(1024, 1024, 128)
    d0 = g.half_efficiency_dim
    best_tile = h(256, d0) * h(128, d0)
    candidates = []
    for tm, tn in g.tiles:
        waves = math.ceil(math.ceil(1024 / tm) * math.ceil(1024 / tn) / 108)
        candidates.append(waves * 108 * 2 * tm * tn * 128 / (h(tm, d0) * h(tn, d0) / best_tile * h(128, d0)))
    assert secs == pytest.approx(
        g.launch_us * 1e-6 + min(candidates) / (312e12 * g.efficiency_max), rel=1e-12
    )
    achieved = flops / (secs - g.launch_us * 1e-6) / 312e12
    assert achieved < 0.4 * g.efficiency_max


def test_batched_attention_gemms_count_every_head_in_the_waves():
    hw = _with_gemm(tiles=[(128, 128)], sm_count=108, launch_us=0.0)
    cost = CostModel(hw, "fp16")
    one, _ = cost.gemm(1024, 1024, 64, batch=1)  # 64 tiles: one wave
    many, _ = cost.gemm(1024, 1024, 64, batch=27)  # 27 x 64 = 1728 tiles = 16 waves
    assert many == pytest.approx(16 * one, rel=1e-12)


def test_no_gemm_runs_faster_than_its_memory_traffic():
    """A GEMM with a short reduction writes far more than it computes: [8192, 16] x [16, 8192] moves
    (m k + k n + m n) x 2 bytes = 134 MB for 2.1 GFLOP, so t = launch + bytes / (bandwidth x efficiency)."""
    hw = _with_gemm(memory_bandwidth_GBps=A100.gpu.memory_bandwidth_GBps, half_efficiency_dim=48.0)
    cost = CostModel(hw, "fp16")
    secs, _ = cost.gemm(8192, 8192, 16)
    traffic = (8192 * 16 + 16 * 8192 + 8192 * 8192) * 2
    rate = A100.gpu.memory_bandwidth_GBps * 1e9 * A100.gpu.memory_efficiency
    assert secs == pytest.approx(hw.gpu.gemm.launch_us * 1e-6 + traffic / rate, rel=1e-12)
    fast, _ = CostModel(_with_gemm(half_efficiency_dim=48.0), "fp16").gemm(8192, 8192, 16)
    assert fast < 0.8 * secs  # the tile model alone would run it faster than memory allows
    # A square 4096 GEMM moves 100 MB for 137 GFLOP: compute-bound, the memory floor changes nothing.
    big, _ = cost.gemm(4096, 4096, 4096)
    assert big == pytest.approx(
        CostModel(_with_gemm(half_efficiency_dim=48.0), "fp16").gemm(4096, 4096, 4096)[0]
    )


def test_tiles_and_sm_count_go_together():
    data = A100.model_dump()
    data["gpu"]["gemm"]["sm_count"] = None
    with pytest.raises(ConfigError, match="tiles and gemm.sm_count go together"):
        profile_from_dict(data)
    data["gpu"]["gemm"]["sm_count"] = 108
    data["gpu"]["gemm"]["tiles"] = [[0, 128]]
    with pytest.raises(ConfigError, match=r"must be \[rows, cols\] with sides in 1..1024"):
        profile_from_dict(data)


def test_the_two_a100_presets_share_one_gemm_curve():
    """dgx-a100 and vtrain-a100 are the same GPU: one GEMM curve (efficiency_max and backward_efficiency
    fitted on Korthikanti Table 4's baseline, the shape factor on the vTrain rows; benchmarks/fit_profiles.py
    writes each into both), so the 22B layer and the 1,024-wide model run on the same kernels' numbers."""
    dgx = load_profile("dgx-a100").gpu.gemm
    vtrain = A100.gpu.gemm
    for field in ("efficiency_max", "backward_efficiency", "half_efficiency_dim", "sm_count", "tiles"):
        assert getattr(dgx, field) == getattr(vtrain, field), field
    model = CostModel(load_profile("dgx-a100"), "fp16")
    assert model.gemm(4096, 1024, 4096) == CostModel(A100, "fp16").gemm(4096, 1024, 4096)


def test_split_k_cuts_a_deep_reduction_of_a_few_tiles_across_idle_sms():
    d0 = 32.0
    hw = _with_gemm(tiles=[(128, 128)], sm_count=108, launch_us=0.0, half_efficiency_dim=d0)
    secs, _ = CostModel(hw, "fp16").gemm(256, 256, 8192)
    # 4 tiles on 108 SMs: split s in 1..27, one wave of 4 s tiles, each a reduction of ceil(8192 / s)
    work = min(108 * 2 * 128 * 128 * math.ceil(8192 / s) / h(math.ceil(8192 / s), d0) for s in range(1, 28))
    assert secs == pytest.approx(work / (312e12 * hw.gpu.gemm.efficiency_max), rel=1e-12)
    unsplit = 108 * 2 * 128 * 128 * 8192 / h(8192, d0) / (312e12 * hw.gpu.gemm.efficiency_max)
    assert secs < unsplit / 20  # 27 slices of 304: close to 27x faster than one slice of 8192
    # a full wave of tiles leaves no SM idle: no split
    full, _ = CostModel(hw, "fp16").gemm(128 * 108, 128, 8192)
    assert full == pytest.approx(unsplit, rel=1e-12)
