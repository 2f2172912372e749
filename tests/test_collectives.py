"""Collective algorithms against their alpha-beta closed forms, the flow model, algorithm choice, placement
and calibration against published NCCL numbers.

Closed forms are written here from the profile's numbers (link bandwidth, per-hop latency x hops, launch),
never from the code under test.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from simcluster.engine.executor import Engine
from simcluster.hardware.profile import load_profile
from simcluster.model.ops import OpSpec, Step
from simcluster.network.collectives import bus_factor, choose_algorithm, collective_shape
from simcluster.network.flows import FlowModel
from simcluster.parallel.groups import RankLayout
from simcluster.topology.graph import build_topology
from simcluster.topology.placement import place

A100 = load_profile("dgx-a100")
RTX = load_profile("frontera-rtx")
KiB, MiB, GiB = 1024, 1024**2, 1024**3
SIZES = [KiB, MiB, 64 * MiB, GiB]


def engine_time(hw, nodes: int, kind: str, algorithm: str, gpus: list[int], size: float, **kw) -> float:
    """One collective through the engine (one op per rank, rank r on GPU gpus[r])."""
    topo = build_topology(hw, nodes, **kw)
    group = tuple(range(len(gpus)))
    if kind == "send":  # a matched send/recv pair
        pair = dict(phase="forward", bytes=float(size), group=group)
        send = OpSpec(kind="send", name="send.t", **pair)  # type: ignore[arg-type]
        steps = {0: [Step(send, -1, 0)], 1: [Step(OpSpec(kind="recv", name="recv.t", **pair), -1, 0)]}  # type: ignore[arg-type]
    else:
        op = OpSpec(kind=kind, name=kind, phase="forward", bytes=float(size), group=group)
        steps = {r: [Step(op, -1, -1)] for r in group}
    eng = Engine(steps, [group], list(gpus), topo, hw.collectives.launch_us * 1e-6, {kind: algorithm})
    return eng.run().iteration_time_s


def us(x: float) -> float:
    return x * 1e-6


# -- profile numbers -----------------------------------------------------------------------------------------
L_A100 = us(A100.collectives.launch_us)
NV_BW = A100.links.nvlink.bandwidth_GBps * 1e9
NV_A = 2 * us(A100.links.nvlink.latency_us)  # GPU -> NVSwitch -> GPU
_lk = A100.links
IB_BW = min(_lk.pcie.bandwidth_GBps, _lk.nic.bandwidth_GBps, _lk.fabric.bandwidth_GBps) * 1e9
# GPU -pcie- switch -nic- NIC -fabric- leaf -fabric- NIC -nic- switch -pcie- GPU
IB_A = 2 * us(_lk.pcie.latency_us + _lk.nic.latency_us + _lk.fabric.latency_us)
SPINE_A = 2 * us(_lk.fabric.latency_us)  # leaf -> spine -> leaf


def ib_alpha(nodes: int) -> float:
    """Slowest route among 1-GPU-per-node groups on nodes 0..nodes-1 (they cross leaves beyond one leaf)."""
    return IB_A + (SPINE_A if nodes > A100.fabric.nodes_per_leaf else 0.0)


def hop(i: int, j: int) -> float:
    """Route latency between the first GPUs of nodes i and j (through the spine across leaves)."""
    per = A100.fabric.nodes_per_leaf
    return IB_A + (SPINE_A if i // per != j // per else 0.0)


def ring_alpha(nodes: int) -> float:
    """A pipelined ring's per-step latency: the mean over its edges (a chunk crosses each in turn)."""
    return sum(hop(i, (i + 1) % nodes) for i in range(nodes)) / nodes


def chain_latency(nodes: int) -> float:
    """A pipelined chain's latency: the sum of its edges' route latencies."""
    return sum(hop(i, i + 1) for i in range(nodes - 1))


def ring_ar(n, S, a, bw, launch):
    return launch + 2 * (n - 1) * a + 2 * (n - 1) / n * S / bw


def ring_ag(n, S, a, bw, launch):
    return launch + (n - 1) * a + (n - 1) / n * S / bw


def dtree_ar(S, a_chain, chain, a_tree, nodes, w, bw, launch):
    """Double binary tree: a chain of `chain` GPUs per node, trees of depth ceil(log2 nodes), and `w` flows
    of S/2 on the busiest link, each way."""
    depth = math.ceil(math.log2(nodes)) if nodes > 1 else 0
    return launch + 2 * ((chain - 1) * a_chain + depth * a_tree) + 2 * (S / 2) * w / bw


def chain_bcast(n, S, a, bw, launch):
    return launch + (n - 1) * a + S / bw


def binomial_bcast(n, S, a, bw, launch):
    return launch + math.ceil(math.log2(n)) * (a + S / bw)


def close(sim: float, ref: float, tol: float = 0.01) -> None:
    assert sim == pytest.approx(ref, rel=tol), f"simulated {sim:.6e} s vs closed form {ref:.6e} s"


# -- closed forms ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("S", SIZES)
@pytest.mark.parametrize("n", [2, 3, 5, 8])
def test_intra_node_nvswitch_closed_forms(n: int, S: int) -> None:
    g = list(range(n))
    close(engine_time(A100, 1, "allreduce", "ring", g, S), ring_ar(n, S, NV_A, NV_BW, L_A100))
    close(engine_time(A100, 1, "allgather", "ring", g, S), ring_ag(n, S, NV_A, NV_BW, L_A100))
    close(engine_time(A100, 1, "reducescatter", "ring", g, S), ring_ag(n, S, NV_A, NV_BW, L_A100))
    # One channel per GPU, each GPU heading one: 2(n-1)/n flows per NVLink.
    w = 2 * (n - 1) / n
    close(engine_time(A100, 1, "allreduce", "tree", g, S), dtree_ar(S, NV_A, n, 0, 1, w, NV_BW, L_A100))
    close(engine_time(A100, 1, "broadcast", "ring", g, S), chain_bcast(n, S, NV_A, NV_BW, L_A100))
    close(engine_time(A100, 1, "reduce", "ring", g, S), chain_bcast(n, S, NV_A, NV_BW, L_A100))
    close(engine_time(A100, 1, "broadcast", "tree", g, S), binomial_bcast(n, S, NV_A, NV_BW, L_A100))
    close(engine_time(A100, 1, "reduce", "tree", g, S), binomial_bcast(n, S, NV_A, NV_BW, L_A100))
    close(engine_time(A100, 1, "send", "p2p", g[:2], S), L_A100 + NV_A + S / NV_BW)
    close(engine_time(A100, 1, "sendrecv", "auto", g, S), L_A100 + NV_A + S / NV_BW)


@pytest.mark.parametrize("S", SIZES)
@pytest.mark.parametrize("nodes", [2, 3, 4, 8, 16])
def test_inter_node_one_gpu_per_node_closed_forms(nodes: int, S: int) -> None:
    g = [8 * i for i in range(nodes)]
    a = ring_alpha(nodes)
    close(engine_time(A100, nodes, "allreduce", "ring", g, S), ring_ar(nodes, S, a, IB_BW, L_A100))
    close(engine_time(A100, nodes, "allgather", "ring", g, S), ring_ag(nodes, S, a, IB_BW, L_A100))
    close(engine_time(A100, nodes, "reducescatter", "ring", g, S), ring_ag(nodes, S, a, IB_BW, L_A100))
    a = ib_alpha(nodes)  # the tree pays its slowest inter-node route per level
    w = 1 if nodes == 2 else 2  # a node sends to its parent in each tree (mirrored trees: one each way)
    tree = dtree_ar(S, 0, 1, a, nodes, w, IB_BW, L_A100)
    close(engine_time(A100, nodes, "allreduce", "tree", g, S), tree)
    chain = L_A100 + chain_latency(nodes) + S / IB_BW
    close(engine_time(A100, nodes, "broadcast", "ring", g, S), chain)
    # Binomial rounds pay their own slowest route: round r pairs node i with i + 2^r.
    per = A100.fabric.nodes_per_leaf
    rounds = [
        IB_A + (SPINE_A if any(i // per != (i + 2**r) // per for i in range(2**r) if i + 2**r < nodes) else 0)
        for r in range(math.ceil(math.log2(nodes)))
    ]
    binomial = L_A100 + sum(a_r + S / IB_BW for a_r in rounds)
    close(engine_time(A100, nodes, "broadcast", "tree", g, S), binomial)
    close(engine_time(A100, nodes, "send", "p2p", g[-2:], S), L_A100 + IB_A + S / IB_BW)  # same leaf


@pytest.mark.parametrize("S", SIZES)
@pytest.mark.parametrize("nodes", [2, 4])
def test_double_tree_full_nodes_closed_form(nodes: int, S: int) -> None:
    """8 GPUs per node: 8 channels (one per NIC), each 1/8 of the data. Per phase a GPU sends on NVLink in
    the 7 channels it does not head, in both trees (2 x 7/8 flows); NIC k carries its channel's flow to
    the parent node in each tree (2 x 1/8; 1 x 1/8 with 2 nodes, the trees being mirrored)."""
    g = 8
    nic_w = (1 if nodes == 2 else 2) / g
    nv_w = 2 * (g - 1) / g
    rate = min(NV_BW / nv_w, IB_BW / nic_w)
    depth = math.ceil(math.log2(nodes))
    ref = L_A100 + 2 * ((g - 1) * NV_A + depth * IB_A) + 2 * (S / 2) / rate
    close(engine_time(A100, nodes, "allreduce", "tree", list(range(8 * nodes)), S), ref)


@pytest.mark.parametrize("S", SIZES)
def test_double_tree_one_nic_nodes_closed_form(S: int) -> None:
    """4 frontera-rtx nodes x 4 GPUs, one NIC each: 4 channels with rotating heads. Per phase every node
    sends one flow per tree to its parent through its NIC (2 flows), and every GPU's PCIe link carries
    2 x 3/4 chain flows + 2 x 1/4 tree flows = 2."""
    launch = us(RTX.collectives.launch_us)
    lk = RTX.links
    a_intra = 2 * us(lk.pcie.latency_us)
    a_inter = 2 * us(lk.pcie.latency_us + lk.nic.latency_us + lk.fabric.latency_us)
    bw = min(lk.pcie.bandwidth_GBps, lk.nic.bandwidth_GBps) * 1e9
    ref = dtree_ar(S, a_intra, 4, a_inter, 4, 2, bw, launch)
    close(engine_time(RTX, 4, "allreduce", "tree", list(range(16)), S), ref)


@pytest.mark.parametrize("S", SIZES)
@pytest.mark.parametrize(("nodes", "g"), [(2, 8), (4, 4), (2, 2), (16, 1)])
def test_hierarchical_closed_form(nodes: int, g: int, S: int) -> None:
    """Intra RS (g GPUs) + inter ring AR of S/g among same-local-index GPUs (each on its own NIC) + intra AG."""
    gpus = [8 * n + i for n in range(nodes) for i in range(g)]
    a = ring_alpha(nodes)
    intra = (g - 1) * (NV_A + S / (g * NV_BW)) if g > 1 else 0.0
    inter = 2 * (nodes - 1) * (a + S / (g * nodes * IB_BW))
    close(engine_time(A100, nodes, "allreduce", "hierarchical", gpus, S), L_A100 + 2 * intra + inter)


@pytest.mark.parametrize("S", SIZES)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_pcie_node_closed_forms(n: int, S: int) -> None:
    """frontera-rtx: GPUs on one PCIe switch; GPU -pcie- switch -pcie- GPU."""
    bw = RTX.links.pcie.bandwidth_GBps * 1e9
    a = 2 * us(RTX.links.pcie.latency_us)
    launch = us(RTX.collectives.launch_us)
    g = list(range(n))
    close(engine_time(RTX, 1, "allreduce", "ring", g, S), ring_ar(n, S, a, bw, launch))
    close(engine_time(RTX, 1, "broadcast", "ring", g, S), chain_bcast(n, S, a, bw, launch))
    # One channel per GPU (heads rotate over the GPUs sharing the NIC): 2(n-1)/n flows per PCIe link.
    w = 2 * (n - 1) / n
    close(engine_time(RTX, 1, "allreduce", "tree", g, S), dtree_ar(S, a, n, 0, 1, w, bw, launch))


# -- shapes of the model -------------------------------------------------------------------------------------
def busbw(hw, nodes, kind, algo, gpus, S) -> float:
    return S / engine_time(hw, nodes, kind, algo, gpus, S) * bus_factor(kind, len(gpus)) / 1e9


def test_ring_busbw_flat_in_n_for_large_messages() -> None:
    intra = [busbw(A100, 1, "allreduce", "ring", list(range(n)), GiB) for n in range(2, 9)]
    assert max(intra) / min(intra) < 1.01
    assert min(intra) == pytest.approx(A100.links.nvlink.bandwidth_GBps, rel=0.01)
    inter = [busbw(A100, n, "allreduce", "ring", [8 * i for i in range(n)], GiB) for n in (2, 4, 8, 16)]
    assert max(inter) / min(inter) < 1.01
    assert min(inter) == pytest.approx(IB_BW / 1e9, rel=0.01)


def test_full_node_ring_latency_sums_its_hops_and_busbw_stays_flat() -> None:
    """2 x 8 GPUs: 14 NVSwitch edges and 2 node-crossing edges (PXN: NVSwitch hop, then the NIC of another
    GPU, at both ends); a pipelined ring pays each edge's latency in turn, 2(n-1)/n times round."""
    edges = 14 * NV_A + 2 * (IB_A + 2 * NV_A)
    close(engine_time(A100, 2, "allreduce", "ring", list(range(16)), 8), L_A100 + 2 * 15 / 16 * edges)
    # Large enough that 2(n-1) per-step latencies stay small against the data (1 GiB on 16 nodes: -6%).
    full = [busbw(A100, n, "allreduce", "ring", list(range(8 * n)), 4 * GiB) for n in (2, 4, 8, 16)]
    assert max(full) / min(full) < 1.03
    assert max(full) < 8 * IB_BW / 1e9  # 8 NICs bound it


def test_tree_beats_ring_for_small_messages_on_many_nodes() -> None:
    gpus = list(range(32 * 8))
    ring = engine_time(A100, 32, "allreduce", "ring", gpus, 8 * KiB)
    tree = engine_time(A100, 32, "allreduce", "tree", gpus, 8 * KiB)
    assert tree < ring / 10
    assert choose_algorithm("allreduce", "auto", 8 * KiB, 256, 32) == "tree"
    assert choose_algorithm("allreduce", "auto", GiB, 256, 32) == "ring"
    assert choose_algorithm("allreduce", "auto", 8 * KiB, 8, 1) == "ring"  # trees are inter-node


def test_inter_node_slower_than_intra_by_nic_over_nvlink() -> None:
    one_node = busbw(A100, 1, "allreduce", "ring", [0, 1], GiB)
    two_nodes = busbw(A100, 2, "allreduce", "ring", [0, 8], GiB)
    ratio = A100.links.nic.bandwidth_GBps / A100.links.nvlink.bandwidth_GBps
    assert two_nodes / one_node == pytest.approx(ratio, rel=0.02)


@pytest.mark.parametrize("over", [1.0, 2.0, 4.0])
def test_oversubscription_slows_cross_leaf_traffic_by_its_ratio(over: float) -> None:
    """8 dgx-a100 nodes = 2 leaves; every GPU of leaf 0 sends to its twin in leaf 1 at once (32 transfers).
    The leaf uplink carries nodes_per_leaf x 8 NIC ports x fabric bandwidth / oversubscription."""
    topo = build_topology(A100, 8, oversubscription=over)
    fm = FlowModel(topo.capacity_Bps)
    for g in range(32):
        ph = collective_shape(topo, "send", "p2p", [(g, g + 32)]).phases(1.0, 0.0)[0]
        fm.add(g, ph.links, ph.weights, 1e9, 0.0)
    uplink = A100.fabric.nodes_per_leaf * 8 * A100.links.fabric.bandwidth_GBps * 1e9 / over
    expected = min(IB_BW, uplink / 32)
    rates = [fm.active[t].rate_Bps for t in range(32)]
    assert rates == pytest.approx([expected] * 32, rel=1e-9)
    # Same-leaf traffic is not slowed.
    ph = collective_shape(topo, "send", "p2p", [(0, 8)]).phases(1.0, 0.0)[0]
    assert fm.bottleneck(ph.links, ph.weights) == pytest.approx(IB_BW)


def test_oversubscription_ratio_between_two_settings() -> None:
    def rate(over: float) -> float:
        topo = build_topology(A100, 8, oversubscription=over)
        fm = FlowModel(topo.capacity_Bps)
        for g in range(32):
            ph = collective_shape(topo, "send", "p2p", [(g, g + 32)]).phases(1.0, 0.0)[0]
            fm.add(g, ph.links, ph.weights, 1e9, 0.0)
        return fm.active[0].rate_Bps

    assert rate(2.0) / rate(4.0) == pytest.approx(2.0, rel=1e-9)


# -- flow model ----------------------------------------------------------------------------------------------
def test_two_flows_sharing_a_link_each_get_half() -> None:
    fm = FlowModel(np.array([10e9, 20e9]))
    one = np.array([0])
    w = np.array([1.0])
    assert fm.add(1, one, w, 10e9, 0.0) == [1]
    assert fm.active[1].rate_Bps == pytest.approx(10e9)
    fm.add(2, one, w, 5e9, 0.0)
    assert fm.active[1].rate_Bps == pytest.approx(5e9)
    assert fm.active[2].rate_Bps == pytest.approx(5e9)
    assert fm.finish_time(2) == pytest.approx(1.0)
    fm.remove(2, 1.0)  # transfer 1 has 5e9 bytes left and the whole link again
    assert fm.active[1].rate_Bps == pytest.approx(10e9)
    assert fm.finish_time(1) == pytest.approx(1.5)
    assert fm.link_bytes[0] == pytest.approx(10e9)


def test_max_min_fairness_gives_leftover_to_the_unconstrained_transfer() -> None:
    fm = FlowModel(np.array([4.0, 10.0]))
    fm.add(1, np.array([0, 1]), np.array([1.0, 1.0]), 100.0, 0.0)
    fm.add(2, np.array([1]), np.array([1.0]), 100.0, 0.0)
    assert fm.active[1].rate_Bps == pytest.approx(4.0)
    assert fm.active[2].rate_Bps == pytest.approx(6.0)
    fm.add(3, np.array([1]), np.array([2.0]), 100.0, 0.0)  # a transfer of two lock-step flows
    assert fm.active[1].rate_Bps == pytest.approx(2.5)
    assert fm.active[2].rate_Bps == pytest.approx(2.5)
    assert fm.active[3].rate_Bps == pytest.approx(2.5)


def test_a_shared_nic_slows_every_flow_on_it() -> None:
    """Two concurrent cross-node rings on frontera-rtx share each node's single NIC."""
    topo = build_topology(RTX, 2)
    one = collective_shape(topo, "allreduce", "ring", [(0, 4)])
    two = collective_shape(topo, "allreduce", "ring", [(0, 4), (1, 5)])
    cap = np.asarray(topo.capacity_Bps)
    t1 = one.uncontended_time_s(GiB, 0.0, cap)
    t2 = two.uncontended_time_s(GiB, 0.0, cap)
    assert t2 / t1 == pytest.approx(2.0, rel=1e-3)


# -- placement: Optimus column broadcasts on 16 frontera-rtx GPUs ----------------------------------------------
def _columns(gpus: list[int], q: int = 4) -> list[list[int]]:
    return [[gpus[i * q + j] for i in range(q)] for j in range(q)]


def _nic_weights(topo, shape) -> list[float]:
    return [shape.weights[0].get(topo.nic_link(n, 0), 0.0) for n in range(topo.nodes)]


def test_bunched_beats_naive_for_optimus_column_broadcasts() -> None:
    topo = build_topology(RTX, 4)
    naive = list(range(16))
    bunched = place("bunched", RankLayout(tp=16, dp=1, pp=1), 4, "optimus")
    assert sorted(bunched) == naive and bunched != naive
    shapes = {}
    for name, gpus in (("naive", naive), ("bunched", bunched)):
        shapes[name] = collective_shape(topo, "broadcast", "ring", _columns(gpus))
    assert max(_nic_weights(topo, shapes["naive"])) == 4.0
    assert max(_nic_weights(topo, shapes["bunched"])) == 2.0

    # The four columns as separate concurrent transfers on the flow model, 64 MiB each.
    S = 64 * MiB
    times = {}
    for name, gpus in (("naive", naive), ("bunched", bunched)):
        fm = FlowModel(topo.capacity_Bps)
        for j, col in enumerate(_columns(gpus)):
            ph = collective_shape(topo, "broadcast", "ring", [col]).phases(S, 0.0)[0]
            fm.add(j, ph.links, ph.weights, ph.bytes_per_flow, 0.0)
        times[name] = max(fm.finish_time(j) for j in range(4))
    nic = RTX.links.nic.bandwidth_GBps * 1e9
    assert times["naive"] == pytest.approx(S / (nic / 4), rel=1e-9)
    assert times["bunched"] == pytest.approx(S / (nic / 2), rel=1e-9)
    assert times["naive"] / times["bunched"] == pytest.approx(2.0, rel=1e-9)


# -- calibration against published NCCL numbers (published.yaml nccl_measurements) --------------------------
def test_dgx_a100_one_node_busbw_matches_published() -> None:
    """nccl-tests maintainers: DGX A100 1-node all-reduce busbw 232.5 GB/s."""
    assert busbw(A100, 1, "allreduce", "auto", list(range(8)), GiB) == pytest.approx(232.5, rel=0.03)


@pytest.mark.parametrize(
    ("n", "latency_us"), [(2, 10.0), (3, 13.76), (4, 16.88), (5, 20.8), (6, 25.2), (7, 29.5), (8, 33.7)]
)
def test_dgx_a100_tiny_allreduce_latency_matches_published(n: int, latency_us: float) -> None:
    """nccl-tests: tiny (8 B) ring all-reduce latency on DGX A100."""
    t = engine_time(A100, 1, "allreduce", "ring", list(range(n)), 8)
    assert t * 1e6 == pytest.approx(latency_us, rel=0.10)


def test_dgx_a100_multi_node_busbw_near_published() -> None:
    """Published: 192 GB/s for multi-node DGX A100 (8 x HDR200). The model gives ~190 GB/s on 2 nodes x 8
    GPUs at 1 GiB: the 8 NICs (8 x 24 GB/s) bound it, the ring's latency costs ~1%."""
    got = busbw(A100, 2, "allreduce", "ring", list(range(16)), GiB)
    assert got == pytest.approx(192.0, rel=0.03)
    assert got < 192.0


# -- algorithm choice ----------------------------------------------------------------------------------------
def test_choose_algorithm_requests_and_fallbacks() -> None:
    per_kind = {"allreduce": "hierarchical", "broadcast": "tree", "reduce": "ring"}
    assert choose_algorithm("allreduce", per_kind, GiB, 16, 2) == "hierarchical"
    assert choose_algorithm("broadcast", per_kind, GiB, 4, 4) == "tree"
    assert choose_algorithm("reduce", per_kind, GiB, 4, 4) == "chain"  # ring broadcast/reduce = chain
    assert choose_algorithm("allgather", per_kind, GiB, 4, 4) == "ring"  # missing kind: auto
    assert choose_algorithm("allgather", "tree", GiB, 4, 4) == "ring"  # no tree all-gather: auto
    assert choose_algorithm("broadcast", "hierarchical", GiB, 4, 4) == "chain"
    assert choose_algorithm("send", "tree", GiB, 2, 2) == "p2p"
    # auto: the tree threshold grows with the nodes spanned (512 KiB per node).
    assert choose_algorithm("allreduce", "auto", 1 * MiB, 16, 2) == "tree"
    assert choose_algorithm("allreduce", "auto", 1 * MiB + 1, 16, 2) == "ring"
    assert choose_algorithm("allreduce", "auto", 16 * MiB, 256, 32) == "tree"


def test_engine_uses_the_per_kind_mapping() -> None:
    topo = build_topology(A100, 2)
    group = tuple(range(16))
    ar = OpSpec(kind="allreduce", name="ar", phase="forward", bytes=float(GiB), group=group)
    ag = OpSpec(kind="allgather", name="ag", phase="forward", bytes=float(GiB), group=group)
    steps = {r: [Step(ar, -1, -1), Step(ag, -1, -1)] for r in group}
    mapping = {"allreduce": "hierarchical", "allgather": "auto"}
    res = Engine(steps, [group], list(group), topo, L_A100, mapping).run()
    assert res.algorithms == {"allgather:ring": 1, "allreduce:hierarchical": 1}  # one call each


def test_hierarchical_falls_back_to_ring_on_uneven_groups() -> None:
    topo = build_topology(A100, 2)
    gpus = [0, 1, 2, 8]
    cap = np.asarray(topo.capacity_Bps)
    hier = collective_shape(topo, "allreduce", "hierarchical", [gpus]).uncontended_time_s(GiB, 0.0, cap)
    ring = collective_shape(topo, "allreduce", "ring", [gpus]).uncontended_time_s(GiB, 0.0, cap)
    assert hier == ring


# -- issue 28: shapes over many instances at once equal the edge-by-edge sums -------------------------------
def _three_tier():
    """8 DGX A100 nodes, 2 per leaf and 2 leaves per spine: leaves, spines and a core."""
    fabric = A100.fabric.model_copy(update={"nodes_per_leaf": 2, "leaves_per_spine": 2})
    return build_topology(A100.model_copy(update={"fabric": fabric}), 8)


def _assert_same_shape(fast, slow) -> None:
    """Two shapes equal to the last bit (latencies, steps, every phase's links and flows), and not empty."""
    assert fast.latency_s == slow.latency_s and fast.steps == slow.steps
    for (la, wa), (lb, wb) in zip(fast.arrays, slow.arrays):
        assert la.tolist() == lb.tolist() and wa.tolist() == wb.tolist()
    assert len(fast.arrays) and len(fast.arrays[0][0]) > 0


@pytest.mark.parametrize(
    ("kind", "algorithm", "stride"),
    [
        ("allreduce", "ring", 8),  # one member per node: the vectorized path
        ("allgather", "ring", 8),
        ("send", "p2p", 8),
        ("alltoall", "p2p", 8),
        ("broadcast", "tree", 8),
        ("allreduce", "ring", 4),  # two members per node: the general path, for reference
        ("allreduce", "tree", 4),
        ("allreduce", "tree", 8),
        ("allreduce", "tree", 1),
    ],
)
def test_shapes_at_once_equal_edge_by_edge(kind, algorithm, stride, monkeypatch) -> None:
    from simcluster.network import collectives as C

    topo = _three_tier()
    instances = [tuple(range(o, 64, stride))[:4] for o in range(0, 8)][: stride if stride < 8 else 8]
    fast = collective_shape(topo, kind, algorithm, instances)
    monkeypatch.setattr(C, "_flows_one_per_node", lambda *a: None)
    monkeypatch.setattr(C, "_tree_edges_at_once", lambda *a: None)  # no shared template: group by group
    monkeypatch.setattr(C, "_flows_by_template", lambda *a: None)
    _assert_same_shape(fast, collective_shape(topo, kind, algorithm, instances))


@pytest.mark.parametrize(
    ("kind", "algorithm"),
    [("alltoall", "p2p"), ("allreduce", "ring"), ("allgather", "ring"), ("alltoall", "internode"),
     ("alltoall", "intranode"), ("sendrecv", "p2p")],
)
def test_copies_on_other_nodes_equal_edge_by_edge(kind, algorithm, monkeypatch) -> None:
    """Groups that are copies of one another on other nodes (an expert group of 2 nodes x 4 GPUs, once per
    pair of nodes): the template path equals the group-by-group sums to the last bit."""
    from simcluster.network import collectives as C

    topo = _three_tier()
    instances = [tuple(g for node in (2 * k, 2 * k + 1) for g in range(8 * node + 2, 8 * node + 6)) for k in range(4)]
    fast = collective_shape(topo, kind, algorithm, instances)
    monkeypatch.setattr(C, "_flows_by_template", lambda *a: None)
    _assert_same_shape(fast, collective_shape(topo, kind, algorithm, instances))
