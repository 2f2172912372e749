"""Cluster topology: a graph of GPUs, NVSwitches, PCIe switches, NICs and InfiniBand switches, kept as its
directed links (`Topology.graph` builds it as a networkx graph on first use).

Every physical cable is two directed links (full duplex), each with a capacity and a per-hop latency taken
from the hardware profile's link classes. Routes are computed structurally (the graph is a tree of known
shape) and cached, which is what makes clusters of thousands of GPUs cheap; tests check every route is a
real path in the graph.

Inside a node:
  nvswitch nodes   GPU -nvlink- NVSwitch, and GPU -pcie- PCIe switch k -nic- NIC k
  pcie nodes       GPU -pcie- PCIe switch k -nic- NIC k; PCIe switches joined through the host
                   (root complex / CPU), so GPU traffic between switches crosses the host bridge.
GPU i sits next to NIC `i * nics // gpus` (one PCIe switch per NIC).

Fabric (an idealized ECMP fat tree; a "spine" or "core" vertex stands for a whole switch layer):
  NIC -fabric- leaf -uplink- spine [-uplink- core]
  - a leaf has `nodes_per_leaf * nics` down-ports. Default: all NICs of a node on one leaf (node n on leaf
    n // nodes_per_leaf). Rail-optimized: NIC k of every node on leaf k of its rail group (rail k), a rail
    group being the `nodes_per_leaf * nics` nodes that fill the leaves' ports; cross-rail traffic goes up
    through the spine.
  - a leaf's uplink carries its down-port bandwidth divided by the oversubscription ratio.
  - one spine layer aggregates `leaves_per_spine` leaves; clusters with more leaves get one spine vertex
    per group of leaves and a core vertex above them (spine->core links are non-blocking: the sum of the
    group's leaf uplinks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import TYPE_CHECKING

import numpy as np

from simcluster.hardware.profile import HardwareProfile, LinkClass, Links

if TYPE_CHECKING:
    import networkx as nx

# ("gpu", g) | ("nvswitch", n) | ("pcisw", n, k) | ("host", n) | ("nic", n, k) | ("leaf", i) | ("spine", s)
# | ("core", 0)
Vertex = tuple


@dataclass
class Topology:
    nodes: int
    gpus_per_node: int
    nics_per_node: int
    nvswitch: bool
    link_index: dict[tuple[Vertex, Vertex], int]
    capacity_Bps: list[float]
    latency_s: list[float]
    link_class: list[str]
    link_ends: list[tuple[Vertex, Vertex]]
    nodes_per_leaf: int
    rail_optimized: bool = False
    leaves_per_spine: int = 1 << 30
    leaves: int = 1
    spines: int = 1
    _routes: dict = field(default_factory=dict, repr=False)

    @cached_property
    def graph(self) -> nx.DiGraph:
        """The cluster as a networkx graph, each edge with its link's class, capacity, latency and id (built
        on first use: routing never walks it)."""
        import networkx as nx

        g = nx.DiGraph()
        for i, (u, v) in enumerate(self.link_ends):
            g.add_edge(
                u,
                v,
                link_class=self.link_class[i],
                capacity_Bps=self.capacity_Bps[i],
                latency_s=self.latency_s[i],
                link_id=i,
            )
        return g

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

    def leaf_of(self, node: int, nic: int = 0) -> int:
        """The leaf switch NIC `nic` of `node` plugs into."""
        if self.rail_optimized:
            return (node // (self.nodes_per_leaf * self.nics_per_node)) * self.nics_per_node + nic
        return node // self.nodes_per_leaf

    def spine_of(self, leaf: int) -> int:
        return leaf // self.leaves_per_spine

    def nic_link(self, node: int, nic: int, outbound: bool = True) -> int:
        """Link id of a NIC's port towards the node (outbound: PCIe switch -> NIC, the traffic a node sends)."""
        ends = (("pcisw", node, nic), ("nic", node, nic))
        return self.link_index[ends if outbound else ends[::-1]]

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

    def _to_switch(self, gpu: int, k: int) -> list[Vertex]:
        """From a GPU to PCIe switch k of its node: directly when it sits there; otherwise through the
        NVSwitch and the GPU next to switch k (PXN), or on PCIe nodes through the host bridge."""
        n, own = self.node_of(gpu), self.nic_of(gpu)
        if own == k:
            return [("gpu", gpu), ("pcisw", n, k)]
        if self.nvswitch:
            return [*self._intra(gpu, self.gpu_of_nic(n, k)), ("pcisw", n, k)]
        return [("gpu", gpu), ("pcisw", n, own), ("host", n), ("pcisw", n, k)]

    def _fabric(self, la: int, lb: int) -> list[Vertex]:
        """Switches from leaf la to leaf lb (both included)."""
        if la == lb:
            return [("leaf", la)]
        sa, sb = self.spine_of(la), self.spine_of(lb)
        if sa == sb:
            return [("leaf", la), ("spine", sa), ("leaf", lb)]
        return [("leaf", la), ("spine", sa), ("core", 0), ("spine", sb), ("leaf", lb)]

    def route(self, a: int, b: int, nic: int | None = None, dst_nic: int | None = None) -> tuple[int, ...]:
        """Directed link ids from GPU a to GPU b. Inter-node traffic leaves through `nic` (default: a's own)
        and arrives through `dst_nic` (default: the same index, i.e. the same rail, as NCCL does); using
        another GPU's NIC goes through the NVSwitch (or the host bridge) first, as NCCL's PXN does."""
        key = (a, b, nic, dst_nic)
        hit = self._routes.get(key)
        if hit is not None:
            return hit
        na, nb = self.node_of(a), self.node_of(b)
        if na == nb:
            path = self._intra(a, b)
        else:
            k = self.nic_of(a) if nic is None else nic
            kb = k if dst_nic is None else dst_nic
            mid = (
                [("nic", na, k)] + self._fabric(self.leaf_of(na, k), self.leaf_of(nb, kb)) + [("nic", nb, kb)]
            )
            path = self._to_switch(a, k) + mid + self._to_switch(b, kb)[::-1]
        links = self._links(path)
        self._routes[key] = links
        return links

    def path_latency_s(self, links: tuple[int, ...]) -> float:
        """Hop latencies added in path order (plainly, as `links_latency_s` does: Python 3.12's `sum` of
        floats compensates rounding, which would set the two apart in the last bit)."""
        lat = self.latency_s
        t = 0.0
        for i in links:
            t += lat[i]
        return t

    @cached_property
    def _tables(self) -> dict[str, np.ndarray]:
        """Link ids by kind, indexed by GPU, node x NIC, leaf or spine (-1 where there is none), for
        `route_links`; one pass over the links."""
        nics = self.nics_per_node
        size = {"gpu": self.num_gpus, "port": self.nodes * nics, "leaf": self.leaves, "spine": self.spines}
        where = {
            ("gpu", "nvswitch"): ("nv_up", "gpu"),
            ("nvswitch", "gpu"): ("nv_down", "gpu"),
            ("gpu", "pcisw"): ("pc_up", "gpu"),
            ("pcisw", "gpu"): ("pc_down", "gpu"),
            ("pcisw", "nic"): ("sw_nic", "port"),
            ("nic", "pcisw"): ("nic_sw", "port"),
            ("nic", "leaf"): ("nic_leaf", "port"),
            ("leaf", "nic"): ("leaf_nic", "port"),
            ("pcisw", "host"): ("sw_host", "port"),
            ("host", "pcisw"): ("host_sw", "port"),
            ("leaf", "spine"): ("leaf_spine", "leaf"),
            ("spine", "leaf"): ("spine_leaf", "leaf"),
            ("spine", "core"): ("spine_core", "spine"),
            ("core", "spine"): ("core_spine", "spine"),
        }
        out = {name: np.full(size[by], -1, dtype=np.int64) for name, by in where.values()}
        for i, (u, v) in enumerate(self.link_ends):
            name, by = where[(u[0], v[0])]
            if by == "port":  # a node's PCIe switch or NIC k: ("pcisw" | "nic", node, k)
                x = u if u[0] in ("pcisw", "nic") else v
                out[name][x[1] * nics + x[2]] = i
            else:  # the end that is a GPU, a leaf or a spine
                x = u if u[0] == by else v
                out[name][x[1]] = i
        out["latency"] = np.asarray(self.latency_s, dtype=float)
        out["latency_padded"] = np.append(out["latency"], 0.0)
        return out

    def route_links(self, a: np.ndarray, b: np.ndarray, nic: np.ndarray | None = None) -> np.ndarray:
        """`route(a[i], b[i], nic[i])` for every i at once: a (flows x hops) array of link ids in path order,
        -1 where a route is shorter (vectorized for collectives over many instances; tests compare the two)."""
        t = self._tables
        gpn, nics = self.gpus_per_node, self.nics_per_node
        a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
        na, nb = a // gpn, b // gpn
        own_a, own_b = (a % gpn) * nics // gpn, (b % gpn) * nics // gpn
        k = own_a if nic is None else np.asarray(nic, dtype=np.int64)
        same, cross = (na == nb) & (a != b), na != nb
        cols: list[np.ndarray] = []

        def col(mask: np.ndarray, ids: np.ndarray) -> None:
            cols.append(np.where(mask, ids, -1))

        if self.nvswitch:
            col(same, t["nv_up"][a])
            col(same, t["nv_down"][b])
        else:
            other = same & (own_a != own_b)
            col(same, t["pc_up"][a])
            col(other, t["sw_host"][na * nics + own_a])
            col(other, t["host_sw"][na * nics + own_b])
            col(same, t["pc_down"][b])
        # to switch k of a's node (through the NVSwitch and the GPU next to it, or the host bridge)
        away = cross & (own_a != k)
        if self.nvswitch:
            g1 = na * gpn + (-(-k * gpn // nics))
            col(cross, np.where(away, t["nv_up"][a], t["pc_up"][a]))
            col(away, t["nv_down"][g1])
            col(away, t["pc_up"][g1])
        else:
            col(cross, t["pc_up"][a])
            col(away, t["sw_host"][na * nics + own_a])
            col(away, t["host_sw"][na * nics + k])
        col(cross, t["sw_nic"][na * nics + k])
        col(cross, t["nic_leaf"][na * nics + k])
        if self.rail_optimized:
            per = self.nodes_per_leaf * nics
            la, lb = (na // per) * nics + k, (nb // per) * nics + k
        else:
            la, lb = na // self.nodes_per_leaf, nb // self.nodes_per_leaf
        sa, sb = la // self.leaves_per_spine, lb // self.leaves_per_spine
        up, over = cross & (la != lb), cross & (sa != sb)
        col(up, t["leaf_spine"][np.where(up, la, 0)])
        col(over, t["spine_core"][np.where(over, sa, 0)])
        col(over, t["core_spine"][np.where(over, sb, 0)])
        col(up, t["spine_leaf"][np.where(up, lb, 0)])
        col(cross, t["leaf_nic"][nb * nics + k])
        col(cross, t["nic_sw"][nb * nics + k])
        # from switch k of b's node to b, the way `_to_switch(b, k)` goes, backwards
        away = cross & (own_b != k)
        if self.nvswitch:
            g2 = nb * gpn + (-(-k * gpn // nics))
            col(away, t["pc_down"][g2])
            col(away, t["nv_up"][g2])
            col(cross, np.where(away, t["nv_down"][b], t["pc_down"][b]))
        else:
            col(away, t["sw_host"][nb * nics + k])
            col(away, t["host_sw"][nb * nics + own_b])
            col(cross, t["pc_down"][b])
        # one row per hop, written contiguously, seen as (flows x hops): the same values as stacking the
        # columns, in column-major memory (what `links_latency_s` walks), at a fraction of the copying
        return np.array(cols).T if cols else np.zeros((len(a), 0), dtype=np.int64)

    def links_latency_s(self, links: np.ndarray) -> np.ndarray:
        """Per row of `route_links`' array, the route's latency summed hop by hop in path order (the same
        sums as `path_latency_s`)."""
        lat = self._tables["latency_padded"]  # a 0 at the end, where -1 (no hop) points
        out = np.zeros(len(links))
        for c in links.T:
            out += lat[c]
        return out


def _add(g: dict, u: Vertex, v: Vertex, cls: str, lc: LinkClass, scale: float = 1.0) -> None:
    """A cable: two directed links u->v and v->u of class `cls` (`g`: (u, v) -> (class, capacity, latency))."""
    for x, y in ((u, v), (v, u)):
        g[(x, y)] = (cls, lc.bandwidth_GBps * 1e9 * scale, lc.latency_us * 1e-6)


def build_topology(
    hw: HardwareProfile,
    nodes: int,
    gpus_per_node: int | None = None,
    oversubscription: float | None = None,
    nics_per_node: int | None = None,
    rail_optimized: bool = False,
) -> Topology:
    """The cluster graph for `nodes` nodes of profile `hw`; None arguments take the profile's values."""
    gpn = gpus_per_node or hw.node.gpus_per_node
    nics = min(nics_per_node or hw.node.nics_per_node, gpn)
    nvswitch = hw.node.interconnect == "nvswitch"
    links = hw.links
    per_leaf = hw.fabric.nodes_per_leaf
    per_spine = hw.fabric.leaves_per_spine
    oversub = oversubscription if oversubscription is not None else hw.fabric.oversubscription
    topo = Topology(
        nodes=nodes,
        gpus_per_node=gpn,
        nics_per_node=nics,
        nvswitch=nvswitch,
        link_index={},
        capacity_Bps=[],
        latency_s=[],
        link_class=[],
        link_ends=[],
        nodes_per_leaf=per_leaf,
        rail_optimized=rail_optimized,
        leaves_per_spine=per_spine,
    )
    g: dict[tuple[Vertex, Vertex], tuple[str, float, float]] = {}
    leaves: set[int] = set()
    for n in range(nodes):
        if nvswitch:
            assert links.nvlink is not None
            for i in range(gpn):
                _add(g, ("gpu", n * gpn + i), ("nvswitch", n), "nvlink", links.nvlink)
        for k in range(nics):
            leaf = topo.leaf_of(n, k)
            leaves.add(leaf)
            _add(g, ("pcisw", n, k), ("nic", n, k), "nic", links.nic)
            _add(g, ("nic", n, k), ("leaf", leaf), "fabric", links.fabric)
            if nics > 1 and not nvswitch:
                _add(g, ("pcisw", n, k), ("host", n), "pcie", links.pcie)
        for i in range(gpn):
            _add(g, ("gpu", n * gpn + i), ("pcisw", n, i * nics // gpn), "pcie", links.pcie)
    topo.leaves = max(leaves) + 1
    spines = sorted({topo.spine_of(leaf) for leaf in leaves})
    topo.spines = len(spines)
    if len(leaves) > 1:
        # A leaf's down-ports: nodes_per_leaf nodes x nics (or, rail-optimized, as many single-NIC ports).
        up = per_leaf * nics / oversub
        for leaf in sorted(leaves):
            _add(g, ("leaf", leaf), ("spine", topo.spine_of(leaf)), "fabric", links.fabric, scale=up)
        if len(spines) > 1:
            for s in spines:
                _add(g, ("spine", s), ("core", 0), "fabric", links.fabric, scale=up * per_spine)
    # link ids in the order of the ends' text (as the ids were when a networkx graph was sorted)
    for i, ((u, v), (cls, cap, lat)) in enumerate(sorted(g.items(), key=lambda e: (repr(e[0][0]), repr(e[0][1])))):
        topo.link_index[(u, v)] = i
        topo.capacity_Bps.append(cap)
        topo.latency_s.append(lat)
        topo.link_class.append(cls)
        topo.link_ends.append((u, v))
    return topo


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


def per_flow_caps_Bps(topo: Topology, links: Links) -> list[float]:
    """Per link: the most one flow reaches on it (its class's `per_flow_bandwidth_GBps`), inf where none."""
    of: dict[str, float] = {}
    for cls in set(topo.link_class):
        lc = getattr(links, cls, None)
        cap = lc.per_flow_bandwidth_GBps if lc is not None else None
        of[cls] = cap * 1e9 if cap is not None else float("inf")
    return [of[cls] for cls in topo.link_class]
