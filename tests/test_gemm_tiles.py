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
    # 256 x 128 tiles: 16 x 32 = 512 tiles -> ceil(512 / 108) = 5 waves of 108 SMs, each a main loop over
    # k = 4096 and an epilogue storing its 108 fp16 tiles through the (here unlimited) HBM
    main = 2 * 256 * 128 * 4096 / (312e12 * g.efficiency_max / 108)
    epilogue = 108 * 256 * 128 * 2 / (1e7 * 1e9)
    assert secs == pytest.approx(g.launch_us * 1e-6 + 5 * (main + epilogue), rel=1e-12)
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
    best_tile = max(h(tm, d0) * h(tn, d0) for tm, tn in g.tiles)
    candidates = []
    for tm, tn in g.tiles:
        tiles = math.ceil(1024 / tm) * math.ceil(1024 / tn)  # no split: k = 128 is no deeper than a tile
        main = 2 * tm * tn * 128 / (312e12 * g.efficiency_max / 108 * h(tm, d0) * h(tn, d0) / best_tile)
        epilogue = min(tiles, 108) * tm * tn * 2 / 1e16  # the wave's tiles stored together
        candidates.append(math.ceil(tiles / 108) * (main + epilogue))
    assert secs == pytest.approx(g.launch_us * 1e-6 + min(candidates), rel=1e-12)
    achieved = flops / (secs - g.launch_us * 1e-6) / 312e12
    assert achieved < 0.6 * g.efficiency_max  # at best 64 tiles of 128 x 128 keep 64 of 108 SMs busy


def test_batched_attention_gemms_count_every_head_in_the_waves():
    hw = _with_gemm(tiles=[(128, 128)], sm_count=108, launch_us=0.0)
    cost = CostModel(hw, "fp16")
    main = 2 * 128 * 128 * 64 / (312e12 * hw.gpu.gemm.efficiency_max / 108)
    one, _ = cost.gemm(1024, 1024, 64, batch=1)  # 64 tiles: one wave
    assert one == pytest.approx(main + 64 * 128 * 128 * 2 / 1e16, rel=1e-12)
    many, _ = cost.gemm(1024, 1024, 64, batch=27)  # 27 x 64 = 1728 tiles = 16 full waves
    assert many == pytest.approx(16 * (main + 108 * 128 * 128 * 2 / 1e16), rel=1e-12)


def test_no_gemm_runs_faster_than_its_memory_traffic():
    """A GEMM with a short reduction writes far more than it computes: [8192, 16] x [16, 8192] moves
    (m k + k n + m n) x 2 bytes = 134 MB for 2.1 GFLOP. Its floor is its own traffic at the HBM bandwidth
    (a GEMM streams its operands and output; the element-wise efficiency is not its rate)."""
    smooth = _with_gemm(
        memory_bandwidth_GBps=A100.gpu.memory_bandwidth_GBps, tiles=[], sm_count=None, half_efficiency_dim=48.0
    )
    cost = CostModel(smooth, "fp16")
    secs, _ = cost.gemm(8192, 8192, 16)
    traffic = (8192 * 16 + 16 * 8192 + 8192 * 8192) * 2
    assert secs == pytest.approx(smooth.gpu.gemm.launch_us * 1e-6 + traffic / 2039e9, rel=1e-12)
    compute_only = CostModel(_with_gemm(tiles=[], sm_count=None, half_efficiency_dim=48.0), "fp16")
    fast, _ = compute_only.gemm(8192, 8192, 16)
    assert fast < 0.8 * secs  # the compute curve alone would run it faster than memory allows
    # batched and narrow: 16 x [64, 4096] x [4096, 64] reads 16.8 MB and writes 0.1 MB, 8.3 us at 2,039 GB/s
    # (at the element-wise rate it would be 10.4 us), against 3.9 us of compute
    secs, _ = cost.gemm(64, 64, 4096, batch=16)
    traffic = 16 * (64 * 4096 * 2 + 64 * 64) * 2
    assert secs == pytest.approx(smooth.gpu.gemm.launch_us * 1e-6 + traffic / 2039e9, rel=1e-12)
    # A square 4096 GEMM moves 100 MB for 137 GFLOP: compute-bound, the memory floor changes nothing.
    big, _ = cost.gemm(4096, 4096, 4096)
    assert big == pytest.approx(compute_only.gemm(4096, 4096, 4096)[0])


def test_the_tiled_floor_is_the_compulsory_traffic_at_hbm_bandwidth():
    """One 128 x 128 tile on 108 SMs with k = 128: the wave is one main loop and one epilogue, far
    shorter than reading [128, 128] x [128, 128] and writing the output through a 1 GB/s memory."""
    hw = _with_gemm(memory_bandwidth_GBps=1.0, tiles=[(128, 128)], sm_count=108, launch_us=0.0)
    secs, _ = CostModel(hw, "fp16").gemm(128, 128, 128)
    assert secs == pytest.approx(3 * 128 * 128 * 2 / 1e9, rel=1e-12)


def test_each_wave_stores_its_tiles_after_its_main_loop():
    """The epilogue: a wave's tiles leave the SMs after their main loop, together through HBM.
    256 x 128 tiles of fp16 over k = 256 on 108 SMs at 2,039 GB/s: 4,096 x 4,096 is 512 tiles, 5 waves."""
    g = A100.gpu.gemm
    hw = _with_gemm(memory_bandwidth_GBps=2039.0, tiles=[(256, 128)], sm_count=108, launch_us=0.0)
    secs, _ = CostModel(hw, "fp16").gemm(4096, 4096, 256)
    main = 2 * 256 * 128 * 256 / (312e12 * g.efficiency_max / 108)
    epilogue = 108 * 256 * 128 * 2 / 2039e9
    assert secs == pytest.approx(5 * (main + epilogue), rel=1e-12)
    # the store is worth 2 bytes x peak x efficiency / (2 x HBM) = 124 steps of the reduction: at k = 256
    # it adds 48% to each wave
    assert epilogue / main == pytest.approx(2 * 312e12 * g.efficiency_max / (2 * 256 * 2039e9), rel=1e-12)
    assert 0.4 < epilogue / main < 0.6
    # a deep reduction hides it: the same output over k = 4,096 is within 4% of its main loops alone
    deep, _ = CostModel(hw, "fp16").gemm(4096, 4096, 4096)
    assert deep == pytest.approx(5 * 16 * main, rel=0.04) and deep > 5 * 16 * main


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
    """CUTLASS's parallel split-K: s slices store fp32 partial sums, and a second kernel (the profile's
    element-wise kernel: kernel_launch_us + bytes / (HBM x memory_efficiency)) reads all s of them and
    writes the fp16 output. 256 x 256 x 8192 on 128 x 128 tiles: 4 tiles, s in 1..27, one wave of 4 s."""
    gpu = A100.gpu
    hw = _with_gemm(
        memory_bandwidth_GBps=gpu.memory_bandwidth_GBps, tiles=[(128, 128)], sm_count=108, launch_us=0.0
    )
    secs, _ = CostModel(hw, "fp16").gemm(256, 256, 8192)
    per_sm = 312e12 * gpu.gemm.efficiency_max / 108
    hbm, elementwise = 2039e9, 2039e9 * gpu.memory_efficiency

    def at(s: int) -> float:
        stored = 2 if s == 1 else 4
        wave = 2 * 128 * 128 * math.ceil(8192 / s) / per_sm + 4 * s * 128 * 128 * stored / hbm
        floor = ((256 * 8192 * 2) * 2 + 256 * 256 * s * stored) / hbm
        reduction = gpu.kernel_launch_us * 1e-6 + 256 * 256 * (4 * s + 2) / elementwise if s > 1 else 0.0
        return max(wave, floor) + reduction

    assert secs == pytest.approx(min(at(s) for s in range(1, 28)), rel=1e-12)
    best = min(range(1, 28), key=at)
    assert 8 <= best <= 20  # deeper splits save less main loop than their partial sums and reduction cost
    assert secs < at(1) / 5 and secs < at(27)  # far faster than one slice, and than the most slices
    # a full wave of tiles leaves no SM idle: no split, no reduction
    full, _ = CostModel(hw, "fp16").gemm(128 * 108, 128, 8192)
    main = 2 * 128 * 128 * 8192 / per_sm
    assert full == pytest.approx(main + 108 * 128 * 128 * 2 / hbm, rel=1e-12)


def test_split_k_reduction_costs_an_extra_kernel_and_its_partial_sums():
    """The same GEMM with a free reduction kernel and unlimited memory is the slices' main loops alone:
    the reduction's fixed cost and traffic are what make split-K slower than its compute."""
    free = _with_gemm(tiles=[(128, 128)], sm_count=108, launch_us=0.0)
    free = free.model_copy(update={"gpu": free.gpu.model_copy(update={"kernel_launch_us": 0.0})})
    secs, _ = CostModel(free, "fp16").gemm(256, 256, 8192)
    per_sm = 312e12 * free.gpu.gemm.efficiency_max / 108
    assert secs == pytest.approx(2 * 128 * 128 * math.ceil(8192 / 27) / per_sm, rel=1e-3)  # 27 slices
    paid_hw = _with_gemm(tiles=[(128, 128)], sm_count=108, launch_us=0.0)
    paid, _ = CostModel(paid_hw, "fp16").gemm(256, 256, 8192)
    assert paid > secs + 0.99 * A100.gpu.kernel_launch_us * 1e-6
