"""Multi-node mechanisms on the vTrain node (8 A100, 4 NICs, two GPUs per PCIe switch and NIC), each against a
closed form written from the profile's numbers (issue 24, deliverable 5):
- concurrent data-parallel rings share the node's NICs: a ring's inter-node bandwidth is nics x nic_bw / t;
- pipeline sends across nodes go over the sender's own NIC (its PCIe switch is shared with its neighbour);
- Megatron's pipeline scatter-gather sends 1/t of the activation and all-gathers it on arrival.
"""

from __future__ import annotations

import numpy as np
import pytest

from simcluster.config.loader import load_scenario
from simcluster.hardware.profile import load_profile
from simcluster.network.collectives import collective_shape
from simcluster.simulate import simulate
from simcluster.topology.graph import build_topology
from tests.conftest import small_scenario

VT = load_profile("vtrain-a100")
NIC_Bps = VT.links.nic.bandwidth_GBps * 1e9
GiB = 1024**3


def _time(topo, kind: str, algo: str, instances: list[list[int]], size: float) -> tuple[float, float]:
    """(uncontended time of every instance at once, the first phase's latency), no launch, ideal protocol."""
    shape = collective_shape(topo, kind, algo, instances)
    cap = np.asarray(topo.capacity_Bps)
    return shape.uncontended_time_s(size, 0.0, cap), sum(shape.latency_s)


@pytest.mark.parametrize("t", [1, 2, 4, 8])
def test_concurrent_dp_rings_share_the_nodes_nics(t: int) -> None:
    """Layout tp-dp on 2 nodes: the t data-parallel rings run at once; each NIC carries t rings' flows over
    the NICs a ring's members sit next to, so one ring's inter-node bandwidth is 4 NICs x 24 GB/s / t."""
    topo = build_topology(VT, 2)
    rings = [[g for g in range(16) if g % t == j] for j in range(t)]
    n = len(rings[0])
    sim, lat = _time(topo, "allreduce", "ring", rings, GiB)
    ref = lat + 2 * (n - 1) / n * GiB / (VT.node.nics_per_node * NIC_Bps / t)
    assert sim == pytest.approx(ref, rel=1e-9)
    alone, lat1 = _time(topo, "allreduce", "ring", rings[:1], GiB)
    # alone, a ring with members next to k NICs uses k of them: min(8/t, 4) NICs
    k = min(8 // t, VT.node.nics_per_node)
    assert alone == pytest.approx(lat1 + 2 * (n - 1) / n * GiB / (k * NIC_Bps), rel=1e-9)


def _cross_node_latency_s() -> float:
    """GPU -pcie- switch -nic- NIC -fabric- leaf -fabric- NIC -nic- switch -pcie- GPU (both nodes on one leaf)."""
    lk = VT.links
    return 2 * (lk.pcie.latency_us + lk.nic.latency_us + lk.fabric.latency_us) * 1e-6


@pytest.mark.parametrize("pairs", [1, 2, 8])
def test_pipeline_sends_across_nodes_share_the_senders_nic(pairs: int) -> None:
    """A tensor-8 stage on node 0 sends to its next stage on node 1: pair i is GPU i -> GPU 8+i, over GPU i's
    own NIC; GPUs 2k and 2k+1 share NIC k, so with 2 or more pairs on one NIC each gets 24/2 GB/s."""
    topo = build_topology(VT, 2)
    sends = [[i, 8 + i] for i in range(pairs)]
    S = 64 * 1024**2
    sim, _ = _time(topo, "send", "p2p", sends, S)
    per_nic = 2 if pairs >= 2 else 1
    assert sim == pytest.approx(_cross_node_latency_s() + S / (NIC_Bps / per_nic), rel=1e-9)


def _ops(res, rank: int, kinds: tuple[str, ...]) -> list:
    return [op for op, _l, _m in res.program.steps[rank] if op.kind in kinds and op.family in ("pp", "tp")]


def test_scatter_gather_sends_a_tensor_shard_and_gathers_it(write_scenario) -> None:
    """tensor 4 x pipeline 2: with scatter-gather each send carries b s h e / 4 and each receive is followed
    by an all-gather of b s h e over the receiver's tensor group; without it, sends carry b s h e."""
    b, s, h, e = 2, 256, 1024, 2
    out = {}
    for sg in (False, True):
        data = small_scenario(
            parallelism={"tensor": 4, "pipeline": 2},
            training={"p2p_scatter_gather": sg, "global_batch": 4, "micro_batch": b},
        )
        out[sg] = simulate(load_scenario(write_scenario(data, f"sg{sg}.yaml")))
    plain, sg = out[False], out[True]
    sends = _ops(plain, 0, ("send",))
    assert sends and all(op.bytes == b * s * h * e for op in sends)
    sends = _ops(sg, 0, ("send",))
    assert sends and all(op.bytes == b * s * h * e / 4 for op in sends)
    stage1 = max(sg.program.reps)
    steps = [op for op, _l, _m in sg.program.steps[stage1]]
    recvs = [i for i, op in enumerate(steps) if op.kind == "recv"]
    assert recvs
    for i in recvs:
        after = [op for op in steps[i + 1 : i + 3] if op.kind == "allgather"]
        assert len(after) == 1 and after[0].bytes == b * s * h * e and len(after[0].group) == 4
    assert not [op for op in _ops(plain, stage1, ("allgather",))]


def test_scatter_gather_is_faster_across_nodes_and_ignored_without_tensor_parallelism(write_scenario) -> None:
    """tensor 8 x pipeline 2 on 2 vTrain nodes: eight 1/8 shards cross the NICs instead of eight full copies
    (each NIC carries two sends), so the iteration gets shorter; with tensor 1 the option changes nothing."""
    times = {}
    for t, nodes in ((8, 2), (1, 1)):
        for sg in (False, True):
            data = small_scenario(
                cluster={"nodes": nodes},
                parallelism={"tensor": t, "pipeline": 2},
                model={"layers": 4, "hidden": 4096, "heads": 32, "seq_len": 1024},
                training={"p2p_scatter_gather": sg, "global_batch": 8, "micro_batch": 1},
            )
            data["hardware"] = "vtrain-a100"
            res = simulate(load_scenario(write_scenario(data, f"x{t}{sg}.yaml")))
            times[t, sg] = res.engine.iteration_time_s
    # 8 micro-batches each way, 64 MiB activations: at least 2 x 8 x (8 MiB at 24 GB/s vs 64 MiB at 12 GB/s)
    # of pipeline traffic saved on the stage boundary, less the all-gathers over NVLink
    act = 1 * 1024 * 4096 * 2
    most = 2 * 8 * (act - act / 8) / (NIC_Bps / 2)  # every boundary transfer on the critical path
    saved = times[8, False] - times[8, True]
    assert 0.02 * times[8, False] < saved < most
    assert times[1, True] == times[1, False]


def test_search_estimate_prices_the_scatter_gather_boundary(write_scenario) -> None:
    """The search estimate sees the same boundary: 1/8 shards over the NICs plus an intra-node all-gather
    replace the full activation, so the estimate falls, by at most what the engine's closed form bounds."""
    from simcluster.search.driver import scheme_of
    from simcluster.search.estimate import Estimator

    est = {}
    for sg in (False, True):
        data = small_scenario(
            cluster={"nodes": 2},
            parallelism={"tensor": 8, "pipeline": 2},
            model={"layers": 4, "hidden": 4096, "heads": 32, "seq_len": 1024},
            training={"p2p_scatter_gather": sg, "global_batch": 8, "micro_batch": 1},
        )
        data["hardware"] = "vtrain-a100"
        loaded = load_scenario(write_scenario(data, f"e{sg}.yaml"))
        sc = loaded.scenario
        est[sg] = Estimator(loaded).estimate(sc, scheme_of(sc, loaded.hardware)).iteration_time_s
    # the estimate's 1F1B puts a forward and a backward boundary on each of its m + p - 1 = 9 pipeline steps
    act = 1 * 1024 * 4096 * 2
    most = 2 * 9 * (act - act / 8) / (NIC_Bps / 2)
    assert 0.5 * most < est[False] - est[True] < most
