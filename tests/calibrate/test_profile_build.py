"""From fits to a profile: closed-form recovery of link numbers, and the result validates against the schema."""

from __future__ import annotations

import math

import pytest

from calibrate.fit.gemm import GemmFit
from calibrate.profile import auto_base, build_profile, device_matches
from simcluster.hardware.profile import load_profile, profile_from_dict

LAUNCH_US, NVLINK_HOP_US, PCIE_HOP_US, NIC_HOP_US = 6.0, 1.0, 1.0, 2.5


def _ar(group: str, link: str, n: int, per_step_us: float, busbw: float, concurrent: int = 1) -> dict:
    return {
        "op": "all_reduce",
        "group": group,
        "link_class": link,
        "n_ranks": n,
        "n_concurrent_groups": concurrent,
        "alpha_us": LAUNCH_US + 2 * (n - 1) * per_step_us,
        "busbw_GBps": busbw,
        "r2": 1.0,
        "mape": 0.0,
        "holdout_mape": 0.0,
    }


FITS = {
    "collectives": [
        _ar("intra_pair", "nvlink", 2, 2 * NVLINK_HOP_US, 180.0),
        _ar("intra_node", "nvlink", 8, 2 * NVLINK_HOP_US, 231.0),
        _ar("mesh_row", "nvlink", 4, 50.0, 10.0, concurrent=4),  # concurrent groups never set link numbers
        _ar("inter_pair", "nic", 2, 4 * PCIE_HOP_US + 2 * NIC_HOP_US, 23.5),
    ],
    "memory": {"launch_us": 3.5, "bandwidth_GBps": 1650.0},
}
GEMM = GemmFit(
    launch_us=4.0,
    half_efficiency_dim=40.0,
    asymptote_tflops={"bf16": 260.0, "fp32": 19.0},
    r2=1.0,
    mape=0.0,
    holdout_mape=0.0,
    n_points=10,
)
POINTS = [{"m": 4096, "n": 4096, "k": 4096, "dtype": "bf16", "tflops": 251.0}]
RUN = {
    "device_name": "NVIDIA A100-SXM4-80GB",
    "world_size": 16,
    "nodes": 2,
    "gpus_per_node": 8,
    "backend": "nccl",
    "hostnames": ["gpu001", "gpu002"],
    "torch_version": "2.13.0",
    "finished_at": "2026-01-01T00:00:00+00:00",
}


def test_link_numbers_recovered_from_all_reduce_fits_on_a_dgx() -> None:
    data, why = build_profile("dgx-a100", load_profile("dgx-a100"), FITS, GEMM, POINTS, RUN)
    p = profile_from_dict(data)
    assert p.collectives.launch_us == pytest.approx(LAUNCH_US)
    assert p.links.nvlink is not None
    assert p.links.nvlink.latency_us == pytest.approx(NVLINK_HOP_US)
    assert p.links.nvlink.bandwidth_GBps == 231.0  # the widest intra-node group
    assert p.links.nic.bandwidth_GBps == 23.5
    assert p.links.nic.latency_us == pytest.approx(NIC_HOP_US)
    assert p.gpu.gemm.efficiency_max == pytest.approx(260.0 / 312.0, rel=1e-3)  # spec peak of the base kept
    assert p.gpu.peak_tflops["bf16"] == 312.0
    assert p.gpu.memory_efficiency == pytest.approx(1650.0 / 2039.0, rel=1e-3)
    assert p.gpu.kernel_launch_us == 3.5
    assert p.gpu.gemm.measured[0].tflops == 251.0
    assert p.links.fabric == load_profile("dgx-a100").links.fabric  # not measured: from the base
    assert "links.fabric.bandwidth_GBps" not in why
    assert why["links.nvlink.bandwidth_GBps"].startswith("busbw of the all_reduce fit on intra_node")
    assert p.sources[0].startswith("calibrate 0.1.0: measured on gpu001 (NVIDIA A100-SXM4-80GB, 16 ranks")


def test_a_device_other_than_the_base_gets_its_fitted_peaks() -> None:
    run = {**RUN, "device_name": "cpu", "host_memory_GiB": 31.3, "gpus_per_node": 2}
    cpu = GemmFit(
        launch_us=-1.0,
        half_efficiency_dim=20.0,
        asymptote_tflops={"fp32": 0.12, "bf16": 0.2},
        r2=1.0,
        mape=0.0,
        holdout_mape=0.0,
        n_points=10,
    )
    data, _ = build_profile(
        "frontera-rtx",
        load_profile("frontera-rtx"),
        {"collectives": [], "memory": {"launch_us": 2.0, "bandwidth_GBps": 40.0}},
        cpu,
        [],
        run,
    )
    p = profile_from_dict(data)
    assert p.gpu.model == "cpu"
    assert dict(p.gpu.peak_tflops) == {"bf16": 0.2, "fp32": 0.12}
    assert p.gpu.gemm.efficiency_max == 1.0
    assert p.gpu.gemm.launch_us == 0.0  # negative fitted launch clamped
    assert (p.gpu.memory_bandwidth_GBps, p.gpu.memory_efficiency, p.gpu.memory_GiB) == (40.0, 1.0, 31.3)
    assert p.node.gpus_per_node == 2
    assert p.links == load_profile("frontera-rtx").links


def test_device_matching_and_auto_base() -> None:
    assert device_matches("NVIDIA A100-SXM4-80GB", "A100 SXM 80GB")
    assert device_matches("Quadro RTX 5000", "Quadro RTX 5000")
    assert not device_matches("NVIDIA H100 80GB HBM3", "A100 SXM 80GB")
    assert not device_matches("cpu", "Quadro RTX 5000")
    assert (auto_base("NVIDIA H100 80GB HBM3"), auto_base("NVIDIA A100-SXM4-40GB"), auto_base("cpu")) == (
        "dgx-h100",
        "dgx-a100",
        "frontera-rtx",
    )


def test_backward_efficiency_is_written_with_its_provenance_only_when_fitted() -> None:
    fits = {
        **FITS,
        "gemm_backward": {
            "backward_efficiency": 0.8712,
            "median_ratio": 0.8712,
            "n_points": 24,
            "n_shapes": 6,
        },
    }
    data, why = build_profile("dgx-a100", load_profile("dgx-a100"), fits, GEMM, POINTS, RUN)
    p = profile_from_dict(data)
    assert p.gpu.gemm.backward_efficiency == 0.8712
    assert why["gpu.gemm.backward_efficiency"].startswith("median throughput ratio of dgrad/wgrad (nt/tn)")
    assert "gpu.gemm.backward_efficiency" in p.sources[0]
    clamped = {
        **fits,
        "gemm_backward": {**fits["gemm_backward"], "backward_efficiency": 1.0, "median_ratio": 1.3},
    }
    data, why = build_profile("dgx-a100", load_profile("dgx-a100"), clamped, GEMM, POINTS, RUN)
    assert data["gpu"]["gemm"]["backward_efficiency"] == 1.0
    assert why["gpu.gemm.backward_efficiency"].endswith("(clamped to 1)")
    data, why = build_profile("dgx-a100", load_profile("dgx-a100"), FITS, GEMM, POINTS, RUN)
    assert "gpu.gemm.backward_efficiency" not in why  # not measured: the base's value stays
    assert (
        profile_from_dict(data).gpu.gemm.backward_efficiency
        == load_profile("dgx-a100").gpu.gemm.backward_efficiency
    )
    h100 = {**RUN, "device_name": "NVIDIA H100 80GB HBM3"}  # another GPU, and no fp32 to describe it with
    no_fp32 = GemmFit(**{**GEMM.__dict__, "asymptote_tflops": {"bf16": 700.0}})
    _, why = build_profile("dgx-a100", load_profile("dgx-a100"), fits, no_fp32, POINTS, h100)
    assert "gpu.gemm.backward_efficiency" not in why  # the profile still describes the A100


def test_measured_runtime_memory_becomes_the_reserved_field() -> None:
    base = load_profile("dgx-a100")
    data, why = build_profile("dgx-a100", base, FITS, GEMM, POINTS, {**RUN, "runtime_reserved_GiB": 0.61234})
    assert profile_from_dict(data).gpu.memory_reserved_GiB == 0.6123
    assert "outside the caching allocator" in why["gpu.memory_reserved_GiB"]
    data, why = build_profile("dgx-a100", base, FITS, GEMM, POINTS, {**RUN, "runtime_reserved_GiB": None})
    assert (
        profile_from_dict(data).gpu.memory_reserved_GiB == base.gpu.memory_reserved_GiB
    )  # CPU run: the base's
    assert "gpu.memory_reserved_GiB" not in why


def test_an_optimizer_sweep_beyond_the_profile_range_is_not_written() -> None:
    """On a busy CPU the timed optimizer step ran 1,478 B/param at the measured rate (the profile allows 1024):
    the field keeps the base value and the provenance says why, instead of a profile that fails to load."""
    rate = 1650.0e9  # the FITS memory rate, bytes/s
    ok = {**FITS, "host": {"optimizer_bytes_per_param": {"us": 30.0 / rate * 1e6, "units": 262144}}}
    data, why = build_profile("dgx-a100", load_profile("dgx-a100"), ok, GEMM, POINTS, RUN)
    assert data["host"]["optimizer_bytes_per_param"] == pytest.approx(30.0, rel=1e-3)
    slow = {**FITS, "host": {"optimizer_bytes_per_param": {"us": 1478.0 / rate * 1e6, "units": 262144}}}
    data, why = build_profile("dgx-a100", load_profile("dgx-a100"), slow, GEMM, POINTS, RUN)
    assert "optimizer_bytes_per_param" not in data.get("host", {})
    assert why["host.optimizer_bytes_per_param"].startswith("not set: measured 1478.0 B/param, beyond")


def test_the_foreach_adamw_row_becomes_the_multi_tensor_efficiency() -> None:
    """The multi_tensor row (seconds per parameter of torch's foreach AdamW step) over the 84 bytes a parameter
    the simulator counts for it, against the A100's 2,039 GB/s spec (the run measured this device's copy
    rate): 1,000 GB/s of those bytes is 0.4904. Faster than the bandwidth allows, or without a measured memory
    rate, the field keeps the base's (none) and the provenance says why."""
    base = load_profile("dgx-a100")
    row = {"multi_tensor_efficiency": {"us": 84.0 / 1000e9 * 1e6, "units": 1 << 24}}
    data, why = build_profile("dgx-a100", base, {**FITS, "host": row}, GEMM, POINTS, RUN)
    assert profile_from_dict(data).gpu.multi_tensor_efficiency == pytest.approx(1000 / 2039, abs=1e-4)
    assert why["gpu.multi_tensor_efficiency"].startswith("host.csv multi_tensor: torch.optim.AdamW(foreach=True)")
    fast = {"multi_tensor_efficiency": {"us": 84.0 / 3000e9 * 1e6, "units": 1 << 24}}
    data, why = build_profile("dgx-a100", base, {**FITS, "host": fast}, GEMM, POINTS, RUN)
    assert profile_from_dict(data).gpu.multi_tensor_efficiency is None
    assert why["gpu.multi_tensor_efficiency"].startswith("not set: measured 1.471 of the bandwidth, outside")
    for us in (0.0, -1.0, math.nan, math.inf, 1e300):  # no time, or a step that took ages: not a rate
        bad = {"multi_tensor_efficiency": {"us": us, "units": 1 << 24}}
        data, why = build_profile("dgx-a100", base, {**FITS, "host": bad}, GEMM, POINTS, RUN)
        assert profile_from_dict(data).gpu.multi_tensor_efficiency is None
        assert why["gpu.multi_tensor_efficiency"].startswith("not set: measured"), us
    no_rate = {**FITS, "memory": None, "host": row}
    data, why = build_profile("dgx-a100", base, no_rate, GEMM, POINTS, RUN)
    assert profile_from_dict(data).gpu.multi_tensor_efficiency is None and "gpu.multi_tensor_efficiency" not in why


@pytest.mark.parametrize(("ranks", "gpus", "nics"), [(1, 8, 8), (4, 4, 4), (8, 8, 8)])
def test_node_from_the_run_keeps_a_valid_nic_count(ranks: int, gpus: int, nics: int) -> None:
    """One rank per node measured one GPU (the base's node stays); fewer ranks than the base's NICs cut them
    to one per GPU (a 1-GPU run on a DGX H100 base once wrote nics_per_node 8 over gpus_per_node 1)."""
    base = load_profile("dgx-a100")
    assert (base.node.gpus_per_node, base.node.nics_per_node) == (8, 8)
    run = {**RUN, "world_size": ranks, "nodes": 1, "gpus_per_node": ranks}
    data, provenance = build_profile("dgx-a100", base, FITS, None, [], run)
    hw = profile_from_dict(data)
    assert (hw.node.gpus_per_node, hw.node.nics_per_node) == (gpus, nics)
    assert ("node.gpus_per_node" in provenance) == (ranks > 1)
