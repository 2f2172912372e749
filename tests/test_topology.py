"""Topology: every route is a real path in the graph; fat-tree levels, rails, NICs, PCIe nodes, config."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcluster.config.loader import load_scenario
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile
from simcluster.topology.graph import Topology, build_topology

A100 = load_profile("dgx-a100")
RTX = load_profile("frontera-rtx")
SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "megatron_tp_16gpu.yaml"


def with_fabric(hw, **fabric):
    return hw.model_copy(update={"fabric": hw.fabric.model_copy(update=fabric)})


def check_route(topo: Topology, a: int, b: int, links: tuple[int, ...]) -> list:
    """The vertices of a route, after checking it is a simple path from GPU a to GPU b along graph edges."""
    ends = [topo.link_ends[i] for i in links]
    assert ends[0][0] == ("gpu", a) and ends[-1][1] == ("gpu", b)
    for (_u, v), (x, _y) in itertools.pairwise(ends):
        assert v == x, f"route {a}->{b} is broken between {v} and {x}"
    path = [ends[0][0]] + [v for _u, v in ends]
    assert len(set(path)) == len(path), f"route {a}->{b} revisits a vertex"
    for link, (u, v) in zip(links, ends):
        assert topo.graph.has_edge(u, v) and topo.graph.edges[u, v]["link_id"] == link
    return path


TOPOLOGIES = {
    "a100-1node": lambda: build_topology(A100, 1),
    "a100-8nodes-2leaves": lambda: build_topology(A100, 8),
    "a100-rails": lambda: build_topology(A100, 6, rail_optimized=True),
    "a100-3level": lambda: build_topology(with_fabric(A100, nodes_per_leaf=1, leaves_per_spine=2), 5),
    "a100-2nics": lambda: build_topology(A100, 3, nics_per_node=2),
    "rtx-4nodes": lambda: build_topology(RTX, 4),
    "rtx-2nics-3level-rails": lambda: build_topology(
        with_fabric(RTX, nodes_per_leaf=1, leaves_per_spine=2), 4, nics_per_node=2, rail_optimized=True
    ),
}


@pytest.mark.parametrize("name", sorted(TOPOLOGIES))
def test_every_route_is_a_real_path(name: str) -> None:
    topo = TOPOLOGIES[name]()
    for a, b in itertools.permutations(range(topo.num_gpus), 2):
        check_route(topo, a, b, topo.route(a, b))
        if topo.node_of(a) != topo.node_of(b):
            for k in range(topo.nics_per_node):
                check_route(topo, a, b, topo.route(a, b, nic=k))
                check_route(topo, a, b, topo.route(a, b, nic=k, dst_nic=(k + 1) % topo.nics_per_node))


def test_routes_are_cached_and_fast_on_1024_gpus() -> None:
    topo = build_topology(A100, 128)
    t0 = time.perf_counter()
    ring = [topo.route(g, (g + 1) % 1024) for g in range(1024)]
    assert time.perf_counter() - t0 < 1.0
    assert topo.route(0, 1) is ring[0]
    check_route(topo, 1023, 0, ring[-1])


def test_fat_tree_levels() -> None:
    topo = build_topology(with_fabric(A100, nodes_per_leaf=1, leaves_per_spine=2), 5)
    assert (topo.leaves, topo.spines) == (5, 3)
    same_leaf = check_route(topo, 0, 1, topo.route(0, 1))
    same_spine = check_route(topo, 0, 8, topo.route(0, 8))  # leaves 0 and 1 under spine 0
    cross = check_route(topo, 0, 16, topo.route(0, 16))  # leaf 2 is under spine 1
    assert not any(v[0] in ("leaf", "spine") for v in same_leaf)
    assert ("spine", 0) in same_spine and ("core", 0) not in same_spine
    assert [v for v in cross if v[0] in ("spine", "core")] == [("spine", 0), ("core", 0), ("spine", 1)]
    # Two leaves in one spine group: no core layer.
    assert ("core", 0) not in build_topology(with_fabric(A100, nodes_per_leaf=1, leaves_per_spine=2), 2).graph


def test_leaf_uplink_carries_down_ports_over_oversubscription() -> None:
    topo = build_topology(A100, 8, oversubscription=2.0)
    up = topo.link_index[(("leaf", 0), ("spine", 0))]
    ports = A100.fabric.nodes_per_leaf * A100.node.nics_per_node
    assert topo.capacity_Bps[up] == pytest.approx(ports * A100.links.fabric.bandwidth_GBps * 1e9 / 2.0)


def test_rail_optimized_keeps_same_rail_traffic_on_its_leaf() -> None:
    flat = build_topology(A100, 8)
    rails = build_topology(A100, 8, rail_optimized=True)
    # Nodes 0 and 5 sit under different leaves in the flat fabric, on the same rail leaf with rails.
    assert ("spine", 0) in check_route(flat, 3, 43, flat.route(3, 43))
    path = check_route(rails, 3, 43, rails.route(3, 43))
    assert [v for v in path if v[0] in ("leaf", "spine")] == [("leaf", 3)]
    # Cross-rail: NIC 3 of node 0 to NIC 4 of node 5 goes through the spine.
    cross = check_route(rails, 3, 44, rails.route(3, 44, nic=3, dst_nic=4))
    assert [v for v in cross if v[0] in ("leaf", "spine")] == [("leaf", 3), ("spine", 0), ("leaf", 4)]


def test_nics_per_node_override_and_pcie_host_bridge() -> None:
    topo = build_topology(RTX, 2, nics_per_node=2)
    assert [topo.nic_of(g) for g in range(4)] == [0, 0, 1, 1]
    near = check_route(topo, 0, 1, topo.route(0, 1))
    far = check_route(topo, 0, 3, topo.route(0, 3))
    assert near == [("gpu", 0), ("pcisw", 0, 0), ("gpu", 1)]
    assert far == [("gpu", 0), ("pcisw", 0, 0), ("host", 0), ("pcisw", 0, 1), ("gpu", 3)]
    assert {topo.link_class[i] for i in topo.route(0, 3)} == {"pcie"}
    # Default frontera-rtx: one NIC, all GPUs on one PCIe switch, no NVLink.
    rtx = build_topology(RTX, 1)
    assert rtx.nics_per_node == 1 and "nvlink" not in rtx.link_class
    # NVSwitch node: GPU -> NVSwitch -> GPU.
    a100 = build_topology(A100, 1)
    assert check_route(a100, 0, 7, a100.route(0, 7)) == [("gpu", 0), ("nvswitch", 0), ("gpu", 7)]


def test_cluster_and_network_config() -> None:
    loaded = load_scenario(
        SCENARIO,
        ["cluster.nics_per_node=2", "cluster.rail_optimized=true", "network.algorithm=tree",
         "network.allgather=ring", "network.reduce=ring"],
    )  # fmt: skip
    sc = loaded.scenario
    assert (sc.cluster.nics_per_node, sc.cluster.rail_optimized) == (2, True)
    assert sc.network.per_kind() == {
        "allreduce": "tree",
        "allgather": "ring",
        "reducescatter": "auto",  # reduce-scatter has no tree
        "broadcast": "tree",
        "reduce": "ring",
    }
    with pytest.raises(ConfigError, match="cluster.nics_per_node"):
        load_scenario(SCENARIO, ["cluster.nics_per_node=8"])
    with pytest.raises(ConfigError, match="network.allgather"):
        load_scenario(SCENARIO, ["network.allgather=tree"])


def test_simulation_uses_cluster_and_network_settings() -> None:
    from simcluster.simulate import simulate

    sets = ["model.layers=1", "cluster.nics_per_node=2", "cluster.rail_optimized=true"]
    res = simulate(load_scenario(SCENARIO, [*sets, "network.allreduce=hierarchical"]))
    assert res.topology.nics_per_node == 2 and res.topology.rail_optimized
    assert set(res.engine.algorithms) == {"allreduce:hierarchical"}
    ring = simulate(load_scenario(SCENARIO, [*sets, "network.algorithm=ring"]))
    assert set(ring.engine.algorithms) == {"allreduce:ring"}
    assert ring.engine.iteration_time_s != res.engine.iteration_time_s


@settings(max_examples=60, deadline=None)
@given(
    hw=st.sampled_from([A100, RTX]),
    nodes=st.integers(1, 6),
    nics=st.integers(1, 8),
    rails=st.booleans(),
    per_leaf=st.integers(1, 3),
    per_spine=st.integers(1, 3),
    data=st.data(),
)
def test_random_topologies_route_on_real_paths(hw, nodes, nics, rails, per_leaf, per_spine, data) -> None:
    topo = build_topology(
        with_fabric(hw, nodes_per_leaf=per_leaf, leaves_per_spine=per_spine),
        nodes,
        nics_per_node=nics,
        rail_optimized=rails,
    )
    a = data.draw(st.integers(0, topo.num_gpus - 1))
    b = data.draw(st.integers(0, topo.num_gpus - 1).filter(lambda x: x != a))
    k = data.draw(st.integers(0, topo.nics_per_node - 1))
    kb = data.draw(st.integers(0, topo.nics_per_node - 1))
    check_route(topo, a, b, topo.route(a, b))
    if topo.node_of(a) != topo.node_of(b):
        path = check_route(topo, a, b, topo.route(a, b, nic=k, dst_nic=kb))
        assert ("nic", topo.node_of(a), k) in path and ("nic", topo.node_of(b), kb) in path


@pytest.mark.parametrize("name", sorted(TOPOLOGIES))
def test_vectorized_routes_equal_the_scalar_ones(name: str) -> None:
    """`route_links` (every pair at once, issue 28) gives `route`'s links in order, and `links_latency_s`
    the same latency sums, with and without a chosen NIC."""
    topo = TOPOLOGIES[name]()
    pairs = list(itertools.product(range(topo.num_gpus), repeat=2))
    a = np.array([p[0] for p in pairs])
    b = np.array([p[1] for p in pairs])
    for nic in [None, *range(topo.nics_per_node)]:
        k = None if nic is None else np.full(len(pairs), nic)
        got = topo.route_links(a, b, k)
        lat = topo.links_latency_s(got)
        for i, (x, y) in enumerate(pairs):
            want = topo.route(x, y) if nic is None or topo.node_of(x) == topo.node_of(y) else topo.route(x, y, nic=nic)
            row = tuple(int(v) for v in got[i] if v >= 0)
            assert row == want, (x, y, nic)
            assert lat[i] == topo.path_latency_s(want)
