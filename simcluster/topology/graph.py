"""Cluster topology: a networkx graph of GPUs, NVSwitches, PCIe switches, NICs and InfiniBand switches.

Every physical cable is two directed links (full duplex), each with a capacity and a per-hop latency taken
from the hardware profile's link classes. Routes are computed structurally (the graph is a tree of known
shape) and cached, which is what makes clusters of thousands of GPUs cheap; tests check every route is a
real path in the graph.

Shape:  GPU -nvlink- NVSwitch          (nvswitch nodes)
        GPU -pcie- PCIe switch -nic- NIC -fabric- leaf -fabric- spine
A leaf holds `nodes_per_leaf` nodes; its uplink to the spine carries its total NIC bandwidth divided by the
oversubscription ratio (an idealized ECMP fat tree).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import networkx as nx

from simcluster.hardware.profile import HardwareProfile, LinkClass

Vertex = tuple  # ("gpu", g) | ("nvswitch", n) | ("pcisw", n, k) | ("nic", n, k) | ("leaf", i) | ("spine", 0)


@dataclass
class Topology:
    nodes: int
    gpus_per_node: int
    nics_per_node: int
    nvswitch: bool
    graph: nx.DiGraph
    link_index: dict[tuple[Vertex, Vertex], int]
    capacity_Bps: list[float]
    latency_s: list[float]
    link_class: list[str]
    link_ends: list[tuple[Vertex, Vertex]]
    nodes_per_leaf: int
    _routes: dict = field(default_factory=dict, repr=False)

    @property
    def num_gpus(self) -> int:
        return self.nodes * self.gpus_per_node

    def node_of(self, gpu: int) -> int:
        return gpu // self.gpus_per_node

    def local_of(self, gpu: int) -> int:
        return gpu % self.gpus_per_node

    def nic_of(self, gpu: int) -> int:
        """The NIC (and PCIe switch) a GPU sits next to."""
        return self.local_of(gpu) * self.nics_per_node // self.gpus_per_node

    def gpu_of_nic(self, node: int, nic: int) -> int:
        """The first GPU attached to a NIC's PCIe switch."""
        local = -(-nic * self.gpus_per_node // self.nics_per_node)
        return node * self.gpus_per_node + local

    def _links(self, path: list[Vertex]) -> tuple[int, ...]:
        idx = self.link_index
        return tuple(idx[(path[i], path[i + 1])] for i in range(len(path) - 1))

    def _intra(self, a: int, b: int) -> list[Vertex]:
        if a == b:
            return [("gpu", a)]
        n = self.node_of(a)
        if self.nvswitch:
            return [("gpu", a), ("nvswitch", n), ("gpu", b)]
        ka, kb = self.nic_of(a), self.nic_of(b)
        if ka == kb:
            return [("gpu", a), ("pcisw", n, ka), ("gpu", b)]
        return [("gpu", a), ("pcisw", n, ka), ("host", n), ("pcisw", n, kb), ("gpu", b)]

    def route(self, a: int, b: int, nic: int | None = None) -> tuple[int, ...]:
        """Directed link ids from GPU a to GPU b. Inter-node traffic leaves through `nic` (default: a's own);
        using another GPU's NIC goes through the NVSwitch (or the host bridge) first, as NCCL's PXN does."""
        key = (a, b, nic)
        hit = self._routes.get(key)
        if hit is not None:
            return hit
        na, nb = self.node_of(a), self.node_of(b)
        if na == nb:
            path = self._intra(a, b)
        else:
            k = self.nic_of(a) if nic is None else nic
            via_a = self.gpu_of_nic(na, k) if self.nic_of(a) != k else a
            via_b = self.gpu_of_nic(nb, k) if self.nic_of(b) != k else b
            head = self._intra(a, via_a)
            tail = self._intra(via_b, b)
            la, lb = self.leaf_of(na), self.leaf_of(nb)
            mid: list[Vertex] = [("pcisw", na, k), ("nic", na, k), ("leaf", la)]
            if la != lb:
                mid += [("spine", 0), ("leaf", lb)]
            mid += [("nic", nb, k), ("pcisw", nb, k)]
            path = head + mid + tail
        links = self._links(path)
        self._routes[key] = links
        return links

    def leaf_of(self, node: int) -> int:
        return node // self.nodes_per_leaf

    def path_latency_s(self, links: tuple[int, ...]) -> float:
        lat = self.latency_s
        return sum(lat[i] for i in links)


def _add(g: nx.DiGraph, u: Vertex, v: Vertex, cls: str, lc: LinkClass, scale: float = 1.0) -> None:
    for x, y in ((u, v), (v, u)):
        g.add_edge(
            x, y, link_class=cls, capacity_Bps=lc.bandwidth_GBps * 1e9 * scale, latency_s=lc.latency_us * 1e-6
        )


def build_topology(
    hw: HardwareProfile, nodes: int, gpus_per_node: int | None = None, oversubscription: float | None = None
) -> Topology:
    gpn = gpus_per_node or hw.node.gpus_per_node
    nics = min(hw.node.nics_per_node, gpn)
    nvswitch = hw.node.interconnect == "nvswitch"
    links = hw.links
    per_leaf = hw.fabric.nodes_per_leaf
    oversub = oversubscription if oversubscription is not None else hw.fabric.oversubscription
    g = nx.DiGraph()
    for n in range(nodes):
        if nvswitch:
            assert links.nvlink is not None
            for i in range(gpn):
                _add(g, ("gpu", n * gpn + i), ("nvswitch", n), "nvlink", links.nvlink)
        for k in range(nics):
            _add(g, ("pcisw", n, k), ("nic", n, k), "nic", links.nic)
            _add(g, ("nic", n, k), ("leaf", n // per_leaf), "fabric", links.fabric)
            if nics > 1 and not nvswitch:
                _add(g, ("pcisw", n, k), ("host", n), "pcie", links.pcie)
        for i in range(gpn):
            k = i * nics // gpn
            _add(g, ("gpu", n * gpn + i), ("pcisw", n, k), "pcie", links.pcie)
    leaves = -(-nodes // per_leaf)
    if leaves > 1:
        up = per_leaf * nics * links.fabric.bandwidth_GBps / oversub / links.fabric.bandwidth_GBps
        for i in range(leaves):
            _add(g, ("leaf", i), ("spine", 0), "fabric", links.fabric, scale=up)
    index: dict[tuple[Vertex, Vertex], int] = {}
    cap: list[float] = []
    lat: list[float] = []
    cls: list[str] = []
    ends: list[tuple[Vertex, Vertex]] = []
    for u, v, d in sorted(g.edges(data=True), key=lambda e: (repr(e[0]), repr(e[1]))):
        index[(u, v)] = len(cap)
        d["link_id"] = len(cap)
        cap.append(d["capacity_Bps"])
        lat.append(d["latency_s"])
        cls.append(d["link_class"])
        ends.append((u, v))
    return Topology(
        nodes=nodes,
        gpus_per_node=gpn,
        nics_per_node=nics,
        nvswitch=nvswitch,
        graph=g,
        link_index=index,
        capacity_Bps=cap,
        latency_s=lat,
        link_class=cls,
        link_ends=ends,
        nodes_per_leaf=per_leaf,
    )


@cache
def vertex_label(v: Vertex) -> str:
    """A short readable name for a graph vertex, e.g. 'gpu3', 'node1.nic0', 'leaf0'."""
    kind = v[0]
    if kind == "gpu":
        return f"gpu{v[1]}"
    if kind in ("nvswitch", "host"):
        return f"node{v[1]}.{kind}"
    if kind in ("pcisw", "nic"):
        return f"node{v[1]}.{kind}{v[2]}"
    return f"{kind}{v[1]}"
