"""NCCL wire protocols (LL, LL128, Simple) chosen per call by size, and per-flow caps on links, against
closed forms written from the profile's numbers."""

from __future__ import annotations

import numpy as np
import pytest

from simcluster.engine.executor import Engine
from simcluster.hardware.profile import load_profile
from simcluster.model.ops import OpSpec, Step
from simcluster.network.flows import FlowModel
from simcluster.network.protocols import protocols_of
from simcluster.topology.graph import build_topology, per_flow_caps_Bps

HW = load_profile("vtrain-a100")
KiB, MiB = 1024, 1024**2


def ring_allreduce(n: int, size: float, proto) -> float:
    """Closed form on one NVSwitch node: launch + base + 2(n-1) steps x (2 hops x link latency + step
    latency) + 2(n-1)/n x size / (bandwidth x efficiency)."""
    p = HW.collectives.protocols[proto]
    steps = 2 * (n - 1)
    alpha = 2 * HW.links.nvlink.latency_us * 1e-6 + p.step_latency_us * 1e-6
    bw = HW.links.nvlink.bandwidth_GBps * 1e9 * p.bandwidth_efficiency
    fixed = (HW.collectives.launch_us + p.base_latency_us) * 1e-6
    return fixed + steps * alpha + steps / n * size / bw


def engine_allreduce(n: int, size: float, protocols=None) -> float:
    topo = build_topology(HW, 1)
    group = tuple(range(n))
    op = OpSpec(kind="allreduce", name="ar", phase="forward", bytes=float(size), group=group)
    eng = Engine(
        {r: [Step(op, -1, -1)] for r in group},
        [group],
        list(group),
        topo,
        HW.collectives.launch_us * 1e-6,
        "ring",
        protocols=protocols if protocols is not None else protocols_of(HW.collectives),
    )
    return eng.run().iteration_time_s


@pytest.mark.parametrize("n", [2, 4, 8])
@pytest.mark.parametrize("size", [4 * KiB, 256 * KiB, 4 * MiB, 256 * MiB])
def test_each_call_takes_the_fastest_protocol(n, size):
    best = min(ring_allreduce(n, size, p) for p in ("LL", "LL128", "Simple"))
    assert engine_allreduce(n, size) == pytest.approx(best, rel=1e-9)


def test_small_messages_use_ll_and_large_ones_simple():
    names = ("LL", "LL128", "Simple")
    small = min(names, key=lambda p: ring_allreduce(8, 4 * KiB, p))
    large = min(names, key=lambda p: ring_allreduce(8, 1024 * MiB, p))
    assert small == "LL" and large in ("LL128", "Simple")
    # the bus bandwidth curve of nccl-tests: far below the link at 4 KiB, near it at 1 GiB
    for size, lo, hi in ((4 * KiB, 0.0, 0.05), (1024 * MiB, 0.85, 1.0)):
        busbw = 2 * 7 / 8 * size / engine_allreduce(8, size)
        assert lo < busbw / (HW.links.nvlink.bandwidth_GBps * 1e9) < hi


def test_no_protocols_in_the_profile_means_the_plain_alpha_beta_model():
    plain = HW.model_copy(update={"collectives": HW.collectives.model_copy(update={"protocols": {}})})
    (ideal,) = protocols_of(plain.collectives)
    size, n = 8 * MiB, 4
    expected = HW.collectives.launch_us * 1e-6 + 2 * (n - 1) * 2 * HW.links.nvlink.latency_us * 1e-6
    expected += 2 * (n - 1) / n * size / (HW.links.nvlink.bandwidth_GBps * 1e9)
    assert engine_allreduce(n, size, (ideal,)) == pytest.approx(expected, rel=1e-9)


def test_per_flow_cap_bounds_a_lone_transfer_and_enters_fair_sharing():
    cap = np.array([100.0, 100.0])
    per_flow = np.array([30.0, np.inf])
    fm = FlowModel(cap, per_flow)
    links, one = np.array([0]), np.array([1.0])
    fm.add(1, links, one, 300.0, 0.0)
    assert fm.active[1].rate_Bps == pytest.approx(30.0)  # one connection cannot fill the link
    fm.add(2, links, np.array([2.0]), 300.0, 0.0)  # two whole flows, each its own connection
    # transfer 1 stops at its cap (30); transfer 2 gets the rest shared by its 2 flows, capped at 30 each
    assert fm.active[1].rate_Bps == pytest.approx(30.0)
    assert fm.active[2].rate_Bps == pytest.approx(30.0)
    fm.add(3, np.array([1]), np.array([0.5]), 300.0, 0.0)  # a half flow on an uncapped link
    assert fm.active[3].rate_Bps == pytest.approx(200.0)
    split = FlowModel(cap, np.array([30.0, 30.0]))
    split.add(1, np.array([0, 1]), np.array([0.5, 0.5]), 1.0, 0.0)  # one flow split over two NICs
    assert split.active[1].rate_Bps == pytest.approx(60.0)


def test_per_flow_caps_come_from_the_link_classes():
    nic = HW.links.nic.model_copy(update={"per_flow_bandwidth_GBps": 12.0})
    hw = HW.model_copy(update={"links": HW.links.model_copy(update={"nic": nic})})
    topo = build_topology(hw, 2)
    caps = per_flow_caps_Bps(topo, hw.links)
    for cls, c in zip(topo.link_class, caps):
        assert c == (12e9 if cls == "nic" else float("inf"))


def test_protocol_switch_points_follow_the_closed_form():
    """LL -> LL128 and LL128 -> Simple switch where their closed forms cross: for a ring of n ranks the
    time is fixed + steps x alpha + 2(n-1)/n x S / (bw x eff), linear in S, so each crossover has a closed
    form; just below it the engine's time is the cheaper protocol's, just above the other's."""
    n = 8
    names = ("LL", "LL128", "Simple")
    pairs = [(a, b) for a, b in zip(names, names[1:])]
    for a, b in pairs:
        t0a, t0b = ring_allreduce(n, 0.0, a), ring_allreduce(n, 0.0, b)
        slope_a = (ring_allreduce(n, 1e9, a) - t0a) / 1e9
        slope_b = (ring_allreduce(n, 1e9, b) - t0b) / 1e9
        cross = (t0b - t0a) / (slope_a - slope_b)
        if cross <= 0:
            continue
        for size, expect in ((cross * 0.9, a), (cross * 1.1, b)):
            best = min(names, key=lambda p, s=size: ring_allreduce(n, s, p))
            if best in (a, b):  # a third protocol may win outright there
                assert best == expect
                assert engine_allreduce(n, size) == pytest.approx(ring_allreduce(n, size, expect), rel=1e-9)


def test_bad_protocol_entries_get_one_line_naming_the_field():
    from simcluster.errors import ConfigError
    from simcluster.hardware.profile import profile_from_dict

    data = HW.model_dump(mode="json", exclude_none=True)
    data["collectives"]["protocols"]["LL64"] = {"base_latency_us": 1.0}
    with pytest.raises(ConfigError) as exc:
        profile_from_dict(data)
    assert str(exc.value) == (
        "hardware.collectives.protocols.LL64='LL64': input should be 'LL', 'LL128' or 'Simple'"
    )
    data = HW.model_dump(mode="json", exclude_none=True)
    data["collectives"]["protocols"]["LL"]["bandwidth_efficiency"] = 2.0
    with pytest.raises(
        ConfigError, match=r"protocols\.LL\.bandwidth_efficiency=2.0: must be a finite number in \[1e-09, 1\]"
    ):
        profile_from_dict(data)
